// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pkmap pool and the highmem page_address() hash (mm/highmem.c, as in
 * v3.14 and the pre-5.11 trees; the algorithm is unchanged from 2.6).
 *
 * pkmap_count[] semantics:
 *   0  the slot is free and no TLB holds it
 *   1  the slot is unused but may still sit in TLBs (lazy unmap)
 *   n  n - 1 users
 * A slot at 1 is reclaimed only when the round-robin cursor wraps, by
 * flush_all_zero_pkmaps(), which pays one global TLB range flush (and, on a
 * VIVT cache, a whole-cache flush) for all the slots it frees.
 */
#include "mm/highmem.h"

#include "arch/cacheflush.h"
#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/tlbflush.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/lock.h"
#include "kernel/sched.h"
#include "mm/highmem_internal.h"
#include "mm/page_touch.h"

#define LAST_PKMAP_MAX 1024
#define PA_HASH_ORDER 7

static int pkmap_count[LAST_PKMAP_MAX];
static u32 last_pkmap_nr;
static vaddr_t pkmap_page_table;	/* VA of the PTE of PKMAP_ADDR(0) */

/* page_address_map / page_address_slot (HASHED_PAGE_VIRTUAL). */
struct page_address_map {
	struct page *page;
	vaddr_t virtual;
	struct list_head list;
};

static struct list_head page_address_htable[1 << PA_HASH_ORDER];
static struct page_address_map page_address_maps[LAST_PKMAP_MAX];

vaddr_t mem_map_kva;

u32 pkmap_last_nr(void)
{
	return last_pkmap_nr;
}

int pkmap_count_of(u32 nr)
{
	BUG_ON(nr >= layout.last_pkmap);
	return pkmap_count[nr];
}

static vaddr_t pkmap_pte(u32 nr)
{
	return pkmap_page_table + nr * pgtable->pte_size;
}

/*
 * hash_ptr(page, PA_HASH_ORDER) on a 32-bit kernel (v3.x linux/hash.h):
 * the page's kernel address times GOLDEN_RATIO_PRIME_32, top bits.  The
 * address is the simulated struct page in the simulated mem_map, so the
 * buckets (and their collisions) are the target's, not the host's.
 */
static struct list_head *page_slot(const struct page *page)
{
	u32 kva = page_kva(page);

	return &page_address_htable[(u32)(kva * 0x9e370001u) >>
				    (32 - PA_HASH_ORDER)];
}

struct page *kmap_to_page(vaddr_t vaddr)
{
	if (vaddr >= PKMAP_ADDR(0) && vaddr < PKMAP_ADDR(layout.last_pkmap))
		return pte_page(ptep_get(pkmap_pte(PKMAP_NR(vaddr))));
	BUG_ON(!virt_addr_valid(vaddr));
	return virt_to_page(vaddr);
}

vaddr_t lowmem_page_address(const struct page *page)
{
	charge(CODE_page_address_lowmem);
	return __va(page_to_phys(page));
}

/* Walk @page's hash chain, charging each entry compared; NULL if absent. */
static struct page_address_map *pam_find(const struct page *page)
{
	struct list_head *head = page_slot(page), *pos;

	list_for_each(pos, head) {
		struct page_address_map *pam =
			list_entry(pos, struct page_address_map, list);

		charge(CODE_page_address_entry);
		if (pam->page == page)
			return pam;
	}
	return NULL;
}

vaddr_t page_address(const struct page *page)
{
	CC_SCOPE(page_address);
	struct page_address_map *pam;
page_touch(page, PF_flags, false);	/* PageHighMem */

	if (!PageHighMem(page))
		return lowmem_page_address(page);
	hw_event(this_cpu(), EV_page_address_lookup);
	charge(CODE_page_address_hash);
	pam = pam_find(page);
	return pam ? pam->virtual : 0;
}

static void set_page_address(struct page *page, vaddr_t virtual)
{
	struct page_address_map *pam;

	charge(CODE_page_address_hash);
	if (virtual) {
		pam = &page_address_maps[PKMAP_NR(virtual)];
		pam->page = page;
		pam->virtual = virtual;
		list_add_tail(&pam->list, page_slot(page));
		return;
	}
	pam = pam_find(page);
	if (!pam)
		panic("set_page_address: page %#lx has no pkmap address",
		      page_to_pfn(page));
	list_del(&pam->list);
}

/*
 * kmap_lock: spin_lock_irq on ARM (ARCH_NEEDS_KMAP_HIGH_GET makes it
 * irq-safe), plain spin_lock on x86.  One global lock: CPUs that kmap at
 * the same simulated time wait for each other.
 */
static struct spinlock kmap_lock;

static void lock_kmap(void)
{
	spin_lock(&kmap_lock);
	if (platform()->arch == PLAT_ARM)
		charge(CODE_spin_lock_irq);
}

static void unlock_kmap(void)
{
	spin_unlock(&kmap_lock);
}

static void flush_all_zero_pkmaps(void)
{
	CC_SCOPE(flush_all_zero_pkmaps);
	bool need_flush = false;

	hw_event(this_cpu(), EV_pkmap_flush);
	flush_cache_kmaps();
	for (u32 i = 0; i < layout.last_pkmap; i++) {
		struct page *page;
		pte_t pte;

		charge(CODE_flush_all_zero_pkmaps_slot);
		/*
		 * Zero means we don't have anything to do, >1 means that it
		 * is still in use.  Only a count of 1 means that it is free
		 * but needs to be unmapped.
		 */
		if (pkmap_count[i] != 1)
			continue;
		pkmap_count[i] = 0;
		pte = ptep_get(pkmap_pte(i));
		BUG_ON(pte_none(pte));
		page = pte_page(pte);
		pte_clear(pkmap_pte(i));
		set_page_address(page, 0);
		need_flush = true;
	}
	if (need_flush)
		flush_tlb_kernel_range(PKMAP_ADDR(0),
				       PKMAP_ADDR(layout.last_pkmap));
}

static vaddr_t map_new_virtual(struct page *page)
{
	CC_SCOPE(map_new_virtual);
	u32 mask = layout.last_pkmap - 1;
	u32 count;
	vaddr_t vaddr;

start:
	count = layout.last_pkmap;
	/* Find an empty entry. */
	for (;;) {
		charge(CODE_map_new_virtual_probe);
		last_pkmap_nr = (last_pkmap_nr + 1) & mask;
		if (!last_pkmap_nr) {
			flush_all_zero_pkmaps();
			count = layout.last_pkmap;
		}
		if (!pkmap_count[last_pkmap_nr])
			break;	/* Found a usable entry */
		if (--count)
			continue;
		/* Sleep for somebody else to unmap their entries. */
		hw_event(this_cpu(), EV_pkmap_wait);
		unlock_kmap();
		schedule();
		lock_kmap();
		/* Somebody else might have mapped it while we slept. */
		vaddr = page_address(page);
		if (vaddr)
			return vaddr;
		goto start;
	}
	vaddr = PKMAP_ADDR(last_pkmap_nr);
	set_pte_at(pkmap_pte(last_pkmap_nr), pfn_pte(page_to_pfn(page),
						    kmap_prot));
	hw_event(this_cpu(), EV_pkmap_new);
	pkmap_count[last_pkmap_nr] = 1;
	set_page_address(page, vaddr);
	return vaddr;
}

vaddr_t kmap_high(struct page *page)
{
	CC_SCOPE(kmap_high);
	vaddr_t vaddr;

	hw_event(this_cpu(), EV_kmap_high);
	charge(CODE_kmap_high);
	lock_kmap();
	vaddr = page_address(page);
	if (!vaddr)
		vaddr = map_new_virtual(page);
	pkmap_count[PKMAP_NR(vaddr)]++;
	BUG_ON(pkmap_count[PKMAP_NR(vaddr)] < 2);
	unlock_kmap();
	return vaddr;
}

vaddr_t kmap_high_get(struct page *page)
{
	CC_SCOPE(kmap_high_get);
	vaddr_t vaddr;

	lock_kmap();
	vaddr = page_address(page);
	if (vaddr) {
		BUG_ON(pkmap_count[PKMAP_NR(vaddr)] < 1);
		pkmap_count[PKMAP_NR(vaddr)]++;
		hw_event(this_cpu(), EV_kmap_high_get_hit);
	}
	unlock_kmap();
	return vaddr;
}

void kunmap_high(struct page *page)
{
	CC_SCOPE(kunmap_high);
	vaddr_t vaddr;
	u32 nr;

	charge(CODE_kunmap_high);
	lock_kmap();
	vaddr = page_address(page);
	if (!vaddr)
		panic("kunmap_high: page %#lx is not kmapped",
		      page_to_pfn(page));
	nr = PKMAP_NR(vaddr);
	/*
	 * A count must never go down to zero without a TLB flush!
	 */
	switch (--pkmap_count[nr]) {
	case 0:
		panic("kunmap_high: pkmap entry %u dropped to 0 (unbalanced kunmap)",
		      nr);
	case 1:
		/* A waiter in map_new_virtual can now take this slot; the
		 * wake-up itself is the scheduler's business. */
		break;
	}
	unlock_kmap();
}

vaddr_t kmap(struct page *page)
{
	CC_SCOPE(kmap);

	page_touch(page, PF_flags, false);	/* PageHighMem */
	kmap_sleep_check("kmap");
	if (!PageHighMem(page))
		return page_address(page);
	return kmap_high(page);
}

void kunmap(struct page *page)
{
	CC_SCOPE(kunmap);

	page_touch(page, PF_flags, false);	/* PageHighMem */
	if (!PageHighMem(page))
		return;
	kunmap_high(page);
}

/* Is pkmap entry @nr mapped for somebody (count >= 2)? */
bool pkmap_entry_live(u32 nr)
{
	return pkmap_count[nr] >= 2;
}

void clear_highpage(struct page *page)
{
	CC_SCOPE(clear_highpage);
	vaddr_t kaddr = kmap_atomic(page, KM_USER0);

	kv_memset(kaddr, 0, PAGE_SIZE);
	kunmap_atomic(kaddr, KM_USER0);
}

void copy_highpage(struct page *to, struct page *from)
{
	vaddr_t vfrom = kmap_atomic(from, KM_USER0);
	vaddr_t vto = kmap_atomic(to, KM_USER1);

	kv_memcpy(vto, vfrom, PAGE_SIZE);
	kunmap_atomic(vto, KM_USER1);
	kunmap_atomic(vfrom, KM_USER0);
}

void kmap_init(void)
{
	BUG_ON(layout.last_pkmap > LAST_PKMAP_MAX);
	for (u32 i = 0; i < ARRAY_SIZE(page_address_htable); i++)
		INIT_LIST_HEAD(&page_address_htable[i]);
	for (u32 i = 0; i < LAST_PKMAP_MAX; i++)
		pkmap_count[i] = 0;
	last_pkmap_nr = 0;
	kmap_lock = SPINLOCK_INIT("kmap_lock");
	/* pkmap_page_table = pte_offset_kernel(pmd, PKMAP_BASE) */
	pkmap_page_table = pte_offset_kernel(layout.pkmap_base);
	kmap_atomic_init();
	kv_check_hook = highmem_kv_check;
	/* The direct map holds no fixmap slot or pkmap entry. */
	kv_check_skip_start = layout.page_offset;
	kv_check_skip_end = layout.high_memory;
	machine->hooks.tlb_stale = highmem_tlb_stale;
	machine->hooks.cache_alias = highmem_cache_alias;
}

void kmap_exit(void)
{
	kv_check_hook = NULL;
	kv_check_skip_start = 0;
	kv_check_skip_end = 0;
}
