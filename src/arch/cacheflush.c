// SPDX-License-Identifier: GPL-2.0-only
#include "arch/cacheflush.h"

#include "arch/mmu_context.h"
#include "arch/outercache.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/access.h"
#include "kernel/sched.h"
#include "mm/filemap.h"
#include "mm/highmem.h"
#include "mm/internal.h"
#include "mm/rmap.h"
#include "mm/mm.h"
#include "arch/layout.h"
#include "arch/pgtable.h"
#include "mm/page_touch.h"

bool cache_is_vivt(void)
{
	return this_cpu()->l1d.kind == CACHE_VIVT;
}

bool cache_is_vipt_aliasing(void)
{
	return cache_virtually_indexed(&this_cpu()->l1d);
}

bool cache_is_vipt_nonaliasing(void)
{
	enum cache_kind k = this_cpu()->l1d.kind;

	return k == CACHE_VIPT_NONALIASING || k == CACHE_PIPT;
}

/*
 * cache_ops_need_broadcast (asm/smp_plat.h): an SMP ARM11MPCore, whose
 * cache maintenance is not broadcast in hardware (ID_MMFR3 field 0).  No
 * board here is one: the ARMv7 SMP boards broadcast, the rest are UP.
 */
static bool cache_ops_need_broadcast(void)
{
	return machine->ncpus > 1 && platform()->arm_arch == 6;
}

/*
 * The first release whose flush_dcache_page returns at once on a VIPT
 * non-aliasing cache ("if (!cache_ops_need_broadcast() &&
 * cache_is_vipt_nonaliasing()) { clear_bit(PG_dcache_clean); return; }").
 * The v4.0 arch/arm/mm/flush.c (read in the v4.0 copy) lacks it; v5.7 has
 * it.  The release in between is not identified here: 4.1 stands for it,
 * and no board's kernel lies in that gap (3.14, 5.7, 5.11).
 */
#define FLUSH_DCACHE_NONALIASING_LAZY KERNEL_VERSION(4, 1, 0)

void __cpuc_flush_dcache_area(vaddr_t va, u32 size)
{
	CC_SCOPE(__cpuc_flush_dcache_area);
	struct cpu *c = this_cpu();

	if (platform()->arch == PLAT_X86)
		return;
	hw_dcache_op_va_range(c, va, size, CACHE_FLUSH);
	if (platform()->dcache_flush_kills_icache)
		hw_icache_inv_all(c);
	hw_barrier(c);
}

void flush_cache_all(void)
{
	CC_SCOPE(flush_cache_all);
	struct cpu *c = this_cpu();

	if (platform()->arch == PLAT_X86)
		return;
	hw_dcache_op_all(c, CACHE_FLUSH);
	hw_icache_inv_all(c);
	hw_barrier(c);
}

void flush_cache_kmaps(void)
{
	if (cache_is_vivt())
		flush_cache_all();
}

/*
 * __flush_dcache_aliases (arch/arm/mm/flush.c, 3.14 and 5.7): on VIVT the
 * shared user mappings of a page-cache page in the running mm hold their
 * own lines.  Linux finds them in the file's i_mmap -- the VMAs whose file
 * range holds the page (vma_interval_tree_foreach) -- and flushes each
 * one's page whether or not a PTE maps it there.  VM_MAYSHARE is
 * VM_SHARED here (the model keeps no separate bit: a MAP_SHARED mapping
 * has both).
 */
static void flush_dcache_aliases(struct address_space *mapping,
				 struct page *page)
{
	struct mm_struct *mm = current->active_mm;
	struct vm_area_struct *vma;

	vma_interval_tree_foreach(vma, mapping, page->index) {
		if (vma->vm_mm != mm || !(vma->vm_flags & VM_SHARED))
			continue;
		flush_cache_page(vma, vma_address(vma, page->index));
	}
}

/*
 * __flush_dcache_page (arch/arm/mm/flush.c): write back the kernel alias
 * of @page -- lowmem through the direct map, highmem through a kmap on a
 * non-aliasing VIPT cache, or its existing pkmap alias on VIVT.  No board
 * has an aliasing VIPT cache, so flush_pfn_alias has no counterpart.
 */
static void __flush_dcache_page(struct page *page)
{
	vaddr_t addr;

	page_touch(page, PF_flags, false);	/* PageHighMem */
	if (!PageHighMem(page)) {
		__cpuc_flush_dcache_area(page_address(page), PAGE_SIZE);
	} else if (!cache_is_vipt_aliasing()) {
		addr = kmap_atomic(page);
		__cpuc_flush_dcache_area(addr, PAGE_SIZE);
		kunmap_atomic(addr);
	} else {
		addr = kmap_high_get(page);
		if (addr) {
			__cpuc_flush_dcache_area(addr, PAGE_SIZE);
			kunmap_high(page);
		}
	}
}

void flush_dcache_page(struct page *page)
{
	CC_SCOPE(flush_dcache_page);

	if (platform()->arch == PLAT_X86)
		return;
	/*
	 * Non-aliasing VIPT, 4.1+: the kernel alias cannot hold stale lines
	 * for a user mapping, so nothing is flushed; clearing PG_dcache_clean
	 * makes __sync_icache_dcache flush the page if it is later mapped
	 * executable.
	 */
	if (!cache_ops_need_broadcast() && cache_is_vipt_nonaliasing() &&
	    settings_kernel_version(config) >= FLUSH_DCACHE_NONALIASING_LAZY) {
		page_touch_rmw(page, PF_flags);	/* clear_bit */
		clear_page_flag(page, PG_dcache_clean);
		return;
	}
	/* page_mapping (mapping, flags for PageAnon/PageSwapCache) and
	 * page_mapped (_mapcount). */
	page_touch(page, PF_mapping, false);
	page_touch(page, PF_mapcount, false);
	if (page->mapping && !test_page_flag(page, PG_anon) &&
	    !page_mapped(page)) {
		/* clear_bit(PG_dcache_clean): flushed when it gets mapped. */
		page_touch(page, PF_flags, true);
		clear_page_flag(page, PG_dcache_clean);
		return;
	}
	__flush_dcache_page(page);
	if (page->mapping && !test_page_flag(page, PG_anon)) {
		if (cache_is_vivt())
			flush_dcache_aliases(page->mapping, page);
		else
			/* It may be executed: __flush_icache_all. */
			hw_icache_inv_all(this_cpu());
	}
	page_touch(page, PF_flags, true);	/* set_bit(PG_dcache_clean) */
	set_page_flag(page, PG_dcache_clean);
}

/*
 * __flush_anon_page (arch/arm/mm/flush.c; the same body in the v4.0 copy
 * read for this and in v5.7):
 *  - VIPT non-aliasing: "VIPT non-aliasing caches need do nothing".
 *  - VIVT: flush_cache_page() on the user alias, then
 *    __cpuc_flush_dcache_area(page_address(page), PAGE_SIZE) on the kernel
 *    alias.  page_address() of a highmem page without a pkmap mapping is
 *    NULL, and Linux does not test for it: it cleans and invalidates the
 *    4 KiB at virtual address 0 (a VIVT operation by MVA needs no
 *    translation), 128 line operations that touch nothing of the page.
 *    The model does the same.
 *  - aliasing VIPT (flush_pfn_alias + __flush_icache_all): no board has
 *    such a cache, so it is refused rather than guessed.
 */
void flush_anon_page(struct vm_area_struct *vma, struct page *page,
		     vaddr_t vmaddr)
{
	if (platform()->arch == PLAT_X86 || !test_page_flag(page, PG_anon))
		return;
	if (cache_is_vipt_nonaliasing())
		return;
	if (!cache_is_vivt())
		panic("flush_anon_page: aliasing VIPT D-cache is not modelled");
	flush_cache_page(vma, vmaddr);
	__cpuc_flush_dcache_area(page_address(page), PAGE_SIZE);
}

/*
 * do_adjust_pte (arch/arm/mm/fault-armv.c, 3.14 and 5.7): if @ptep, the
 * slot of @address in @vma, maps a page, that page is shared; unless the
 * PTE already has shared_pte_mask's memory type (L_PTE_MT_BUFFERABLE on
 * every core whose write buffer works, the Feroceon's included), write
 * the alias's lines back and drop them -- from the VIVT L1
 * (flush_cache_page) and from the outer cache (outer_flush_range) -- and
 * store the PTE uncacheable, then flush its TLB entry.
 * Return: whether the PTE was present.
 */
static bool do_adjust_pte(struct vm_area_struct *vma, vaddr_t address,
			  unsigned long pfn, vaddr_t ptep)
{
	pte_t entry = ptep_get(ptep);
	bool ret = pte_present(entry);

	if (ret && !(pte_pgprot(entry).flags & _PROT_UNCACHED)) {
		flush_cache_page(vma, address);
		outer_flush_range((phys_addr_t)pfn << PAGE_SHIFT,
				  ((phys_addr_t)pfn << PAGE_SHIFT) + PAGE_SIZE);
		set_pte_at(ptep, pte_modify_flags(entry, _PROT_UNCACHED, 0));
		flush_tlb_page(vma, address);
		hw_event(this_cpu(), EV_pte_adjust);
	}
	return ret;
}

/*
 * adjust_pte: do_adjust_pte on @address of @vma, another VMA of the mm
 * whose PTE page the fault has mapped already -- hence the nested map.
 * Linux takes the split PTE lock here (spin_lock_nested); without split
 * locks the fault holds mm->page_table_lock, which guards this PTE too.
 */
static bool adjust_pte(struct vm_area_struct *vma, vaddr_t address,
		       unsigned long pfn)
{
	struct spinlock *ptl = NULL;
	vaddr_t ptep;
	bool ret;

	if (!pte_page_of(vma->vm_mm, address))
		return false;		/* pmd_none_or_clear_bad */
	if (split_ptlock())
		ptl = pte_lockptr(vma->vm_mm, address);
	ptep = pte_offset_map_nested(vma->vm_mm, address);
	if (ptl)
		spin_lock(ptl);
	ret = do_adjust_pte(vma, address, pfn, ptep);
	if (ptl)
		spin_unlock(ptl);
	pte_unmap_nested(ptep);
	return ret;
}

/*
 * make_coherent (arch/arm/mm/fault-armv.c): on a VIVT cache two shared
 * mappings of one page in one mm are two cache aliases of it that no
 * flush keeps in step while user space writes through both.  Linux finds
 * the page's other VM_MAYSHARE mappings in @vma's mm through the file's
 * i_mmap, turns each present one uncacheable, and, if there was any, the
 * faulting one (@ptep) too.  The mapping that is not shared, or the first
 * of two while the second has no PTE yet, stays cacheable.  The i_mmap
 * walk is charged as its interval-tree steps; the instructions around it
 * are not measured (the path runs only on ARMv5, which kpath does not
 * boot) and are not charged.
 */
static void make_coherent(struct address_space *mapping,
			  struct vm_area_struct *vma, vaddr_t addr,
			  vaddr_t ptep, unsigned long pfn)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long pgoff = linear_page_index(vma, addr);
	struct vm_area_struct *mpnt;
	u32 aliases = 0;

	vma_interval_tree_foreach(mpnt, mapping, pgoff) {
		if (mpnt->vm_mm != mm || mpnt == vma)
			continue;
		if (!(mpnt->vm_flags & VM_SHARED))	/* VM_MAYSHARE */
			continue;
		aliases += adjust_pte(mpnt, vma_address(mpnt, pgoff), pfn);
	}
	if (aliases)
		do_adjust_pte(vma, addr, pfn, ptep);
}

/*
 * update_mmu_cache for ARMv5 (arch/arm/mm/fault-armv.c, 3.14; the same
 * test of PG_dcache_clean since 2.6.x's PG_dcache_dirty): a page whose
 * kernel alias may still hold dirty lines -- a page-cache page that
 * flush_dcache_page only marked, or any page freshly allocated, whose
 * flags the allocator cleared -- has that alias written back before user
 * space reads the page through its own virtual address.  The zero page is
 * never written.  Then, for a page-cache page on a VIVT cache,
 * make_coherent.  (The VM_EXEC I-cache flush of the other branch is for
 * VIPT caches, which no ARMv5 board here has.)
 * ARMv6+ does the dcache test in set_pte_at (__sync_icache_dcache), for
 * executable mappings only on a non-aliasing cache; that is not modelled
 * (no board's VIPT cache aliases).
 */
void update_mmu_cache(struct vm_area_struct *vma, vaddr_t addr, vaddr_t ptep)
{
	struct page *page;
	pte_t pte;

	if (platform()->arch != PLAT_ARM || platform()->arm_arch >= 6)
		return;
	pte = ptep_get(ptep);
	if (!pgtable->pte_present(pte))
		return;
	page = pte_page(pte);
	if (page == zero_page)
		return;
	/* test_and_set_bit(PG_dcache_clean) */
	if (!test_page_flag(page, PG_dcache_clean)) {
		set_page_flag(page, PG_dcache_clean);
		__flush_dcache_page(page);
	}
	/* page_mapping_file: a page-cache page, not anon or swap cache. */
	if (page->mapping && !test_page_flag(page, PG_anon) &&
	    cache_is_vivt())
		make_coherent(page->mapping, vma, addr, ptep, pte_pfn(pte));
}
