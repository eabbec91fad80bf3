// SPDX-License-Identifier: GPL-2.0-only
/*
 * User page tables and the fault handler (mm/memory.c, 2.6.0 shapes):
 * mapping PTE pages (the HIGHPTE kmaps), allocating them, the anonymous,
 * file and copy-on-write faults, copy_page_range for fork, zap_pte_range
 * and free_pgtables for munmap and exit, follow_page for GUP.
 *
 * Every software PTE access maps the PTE page: page_address() for lowmem
 * tables, kmap_atomic(KM_PTE0/KM_PTE1) under CONFIG_HIGHPTE (kmap_local in
 * the kmap-local flavour, as since 2023).  Locking follows 2.6.0: the
 * caller's page_table_lock -- or, in the flavours after 2.6.15 with four or
 * more CPUs, the split PTE lock of the PTE page (pte_lockptr).
 */
#include "mm/mm.h"
#include "mm/pin_cache.h"
#include "mm/pte_window.h"
#include "mm/mm_touch.h"

#include "arch/cacheflush.h"
#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "config/settings.h"
#include "kernel/sched.h"
#include "kernel/task_touch.h"
#include "mm/filemap.h"
#include "mm/highmem.h"
#include "mm/highmem_internal.h"
#include "mm/internal.h"
#include "mm/page_touch.h"
#include "mm/pgtable_hazard.h"
#include "mm/rmap.h"
#include "mm/vma_touch.h"

#include <stdlib.h>

struct page *zero_page;

bool highpte(void)
{
	return settings_highpte(config);
}

/* Map PTE page @pt for software access; @type is the 2.6 km_type. */
static vaddr_t map_pte_page(struct page *pt, enum km_type type)
{
	if (!highpte())
		return page_address(pt);
	hw_event(this_cpu(), EV_pte_page_kmap);
	if (config->flavour == FLAVOUR_KMAP_LOCAL)
		return kmap_local_page(pt);
	return kmap_atomic(pt, type);
}

static void unmap_pte_page(vaddr_t ptep, enum km_type type)
{
	if (!highpte())
		return;
	if (config->flavour == FLAVOUR_KMAP_LOCAL)
		kunmap_local(ptep & PAGE_MASK);
	else
		kunmap_atomic(ptep, type);
}

/* The PTE page behind @addr's pmd, or NULL. */
struct page *pte_page_of(struct mm_struct *mm, vaddr_t addr)
{
	vaddr_t pmdp = pgtable->pmd_offset(mm->pgd, addr, false);
	unsigned long pfn = pmdp ? pgtable->pmd_pfn(pmdp) : 0;

	return pfn ? pfn_to_page(pfn) : NULL;
}

static vaddr_t __pte_offset_map(struct mm_struct *mm, vaddr_t addr,
				enum km_type type)
{
	struct page *pt = pte_page_of(mm, addr);
	vaddr_t w;

	if (!pt)
		return 0;
	/* pte_window=y: the running mm's tables need no mapping. */
	if (highpte() && (w = pte_window_map(mm, addr, pt)))
		return w;
	return map_pte_page(pt, type) + pte_offset_in_page(addr);
}

vaddr_t pte_offset_map(struct mm_struct *mm, vaddr_t addr)
{
	return __pte_offset_map(mm, addr, KM_PTE0);
}

vaddr_t pte_offset_map_nested(struct mm_struct *mm, vaddr_t addr)
{
	return __pte_offset_map(mm, addr, KM_PTE1);
}

void pte_unmap(vaddr_t ptep)
{
	if (!pte_window_va(ptep))
		unmap_pte_page(ptep, KM_PTE0);
}

void pte_unmap_nested(vaddr_t ptep)
{
	if (!pte_window_va(ptep))
		unmap_pte_page(ptep, KM_PTE1);
}

/*
 * Split PTE locks arrived in 2.6.15 (SPLIT_PTLOCK_CPUS = 4); the 2.5/2.6
 * flavour always uses mm->page_table_lock.
 */
bool split_ptlock(void)
{
	return config->flavour != FLAVOUR_X86_26 && machine->ncpus >= 4;
}

struct spinlock *pte_lockptr(struct mm_struct *mm, vaddr_t addr)
{
	struct page *pt;

	if (!split_ptlock())
		return &mm->page_table_lock;
	pt = pte_page_of(mm, addr);
	BUG_ON(!pt || !pt->ptl);
	return pt->ptl;
}

pgprot_t vm_get_page_prot(u32 vm_flags)
{
	pgprot_t p = PAGE_USER_BASE;

	/* __P000 / __S000: PAGE_NONE, present to Linux only. */
	if (!(vm_flags & (VM_READ | VM_WRITE | VM_EXEC)))
		return (pgprot_t){ _PROT_PRESENT | _PROT_YOUNG | _PROT_NONE };
	if (vm_flags & VM_EXEC)
		p.flags |= _PROT_EXEC;
	/* PAGE_SHARED for shared writable mappings, PAGE_COPY otherwise. */
	if ((vm_flags & (VM_SHARED | VM_WRITE)) == (VM_SHARED | VM_WRITE))
		p.flags |= _PROT_WRITE;
	return p;
}

static pgprot_t vm_page_prot(const struct vm_area_struct *vma)
{
	return vm_get_page_prot(vma->vm_flags);
}

static pte_t maybe_mkwrite(pte_t pte, const struct vm_area_struct *vma)
{
	return (vma->vm_flags & VM_WRITE) ? pte_mkwrite(pte) : pte;
}

pte_t mk_pte(struct page *page, pgprot_t prot)
{
	return pfn_pte(page_to_pfn(page), prot);
}

/*
 * ARM 2-level/LPAE: make a lowmem PTE page visible to the walker.  A
 * highmem one pgalloc.h leaves as its zeroing left it: Linux's hazard,
 * which mm/pgtable_hazard.h keeps track of.
 */
void clean_pte_table(struct page *pt)
{
	if (platform()->arch != PLAT_ARM ||
	    platform()->pte_flush == PTE_FLUSH_NONE)
		return;
	if (PageHighMem(pt)) {
		pt_hazard_table_uncleaned(pt);
		return;
	}
	hw_dcache_op_va_range(this_cpu(), page_address(pt), PAGE_SIZE,
			      CACHE_CLEAN);
	if (platform()->pte_flush == PTE_FLUSH_L1_L2)
		hw_l2_op_pa_range(this_cpu(), page_to_phys(pt), PAGE_SIZE,
				  CACHE_CLEAN);
}

/*
 * pte_alloc_one: a zeroed PTE page, from highmem under CONFIG_HIGHPTE;
 * pgtable_add_rmap records the mm and base address on it.
 */
struct page *pte_alloc_one(struct mm_struct *mm, vaddr_t addr)
{
	gfp_t gfp = GFP_KERNEL | __GFP_ZERO | (highpte() ? __GFP_HIGHMEM : 0);
	struct page *pt = alloc_page(gfp);

	if (!pt)
		return NULL;
	clean_pte_table(pt);
	set_page_flag(pt, PG_pgtable);
	pt->mapping = mm;
	pt->index = addr & PMD_MASK;
	if (split_ptlock()) {
		pt->ptl = calloc(1, sizeof(*pt->ptl));
		if (!pt->ptl)
			panic("pte_alloc_one: host out of memory");
		*pt->ptl = SPINLOCK_INIT("ptl");
		/* kernel_data=mem_map: the word sits in the struct page,
		 * in the union with private (3.14's and 5.x's layouts). */
		if (page_touch_layout)
			pt->ptl->kva = page_kva(pt) +
				       page_touch_layout->off[PF_private];
	}
	mm->nr_ptes++;
	hw_event(this_cpu(), EV_pte_page_alloc);
	return pt;
}

void pte_free(struct mm_struct *mm, struct page *pt)
{
	pt_hazard_table_freed(pt);
	clear_page_flag(pt, PG_pgtable);
	pt->mapping = NULL;
	free(pt->ptl);
	pt->ptl = NULL;
	mm->nr_ptes--;
	__free_page(pt);
}

/*
 * pte_alloc_map - the mapped PTE slot for @addr, allocating the PTE page.
 * Context: mm->page_table_lock held; dropped around the allocation.
 * Return: the slot, or 0 when out of memory.
 */
vaddr_t pte_alloc_map(struct mm_struct *mm, vaddr_t addr)
{
	CC_SCOPE(pte_alloc_map);
	vaddr_t pmdp = pgtable->pmd_offset(mm->pgd, addr, true);
	struct page *pt;

	if (!pmdp)
		return 0;
	if (!pgtable->pmd_pfn(pmdp)) {
		spin_unlock(&mm->page_table_lock);
		pt = pte_alloc_one(mm, addr);
		spin_lock(&mm->page_table_lock);
		if (!pt)
			return 0;
		pgtable->pmd_populate(pmdp, page_to_pfn(pt));
		pte_window_set(mm, addr, pt);
	}
	return pte_offset_map(mm, addr);
}

int __pte_alloc(struct mm_struct *mm, vaddr_t addr)
{
	CC_SCOPE(pte_alloc_map);
	vaddr_t pmdp = pgtable->pmd_offset(mm->pgd, addr, true);
	struct page *pt;

	if (!pmdp)
		return -ENOMEM;
	if (pgtable->pmd_pfn(pmdp))
		return 0;
	spin_unlock(&mm->page_table_lock);
	pt = pte_alloc_one(mm, addr);
	spin_lock(&mm->page_table_lock);
	if (!pt)
		return -ENOMEM;
	pgtable->pmd_populate(pmdp, page_to_pfn(pt));
	pte_window_set(mm, addr, pt);
	return 0;
}

/* pte_offset_map_lock for a slot that exists. */
static vaddr_t map_lock(struct mm_struct *mm, vaddr_t addr,
			struct spinlock **ptl)
{
	*ptl = pte_lockptr(mm, addr);
	spin_lock(*ptl);
	return pte_offset_map(mm, addr);
}

static void unmap_unlock(vaddr_t ptep, struct spinlock *ptl)
{
	pte_unmap(ptep);
	spin_unlock(ptl);
}

static int do_anonymous_page(struct mm_struct *mm,
			     struct vm_area_struct *vma, vaddr_t addr,
			     bool write, vaddr_t ptep, struct spinlock *ptl)
{
	CC_SCOPE(do_anonymous_page);
	vaddr_t pc = 0;
	struct page *page;
	pte_t entry;

	hw_event(this_cpu(), EV_fault_anon);
	if (!write) {
		/* Read of untouched memory: the zero page, read-only. */
		page = zero_page;
		entry = pte_wrprotect(mk_pte(zero_page, vm_page_prot(vma)));
	} else {
		unmap_unlock(ptep, ptl);
		anon_vma_prepare(vma);
		pc = pte_chain_alloc(GFP_KERNEL);
		page = alloc_page(GFP_HIGHUSER);
		if (!page) {
			if (pc)
				pte_chain_free(pc);
			return VM_FAULT_OOM;
		}
		clear_user_highpage(page, addr);
		set_page_flag(page, PG_anon);
		page_set_anon_rmap(page, vma, addr);
		ptep = map_lock(mm, addr, &ptl);
		mm_touch_rmw(mm, MF_rss);
		mm->rss++;
		entry = maybe_mkwrite(pte_mkdirty(mk_pte(page, vm_page_prot(vma))),
				      vma);
	}
	set_pte_at(ptep, entry);
	pc = page_add_rmap(page, ptep, pc);
	/* No need to invalidate: it was non-present before. */
	update_mmu_cache(vma, addr, ptep);
	unmap_unlock(ptep, ptl);
	if (pc)
		pte_chain_free(pc);
	return VM_FAULT_MINOR;
}

/*
 * fault_around_bytes (mm/memory.c, 3.15 on): 64 KiB, the window a read
 * fault on a file maps from the page cache before it calls ->fault.
 */
#define FAULT_AROUND_PAGES 16u

/*
 * do_read_fault's do_fault_around (3.15, "mm: introduce
 * vm_ops->map_pages()"): the window of FAULT_AROUND_PAGES naturally
 * aligned around @addr, clipped to @vma and to @addr's PTE page, is mapped
 * by filemap_map_pages -- every index the page cache holds whose PTE is
 * empty, read-only unless the mapping's protection says otherwise, as
 * do_set_pte maps it.  tmpfs has ->map_pages (shmem_vm_ops) and every
 * file here is on tmpfs.  Not under rmap=pte-chain, a what-if no 3.15
 * kernel had (each PTE would want a chain block allocated ahead).
 * Context: @ptep, @addr's slot, mapped and its lock held.
 * Return: true if @addr's PTE is now mapped (VM_FAULT_NOPAGE).
 */
static bool do_fault_around(struct mm_struct *mm, struct vm_area_struct *vma,
			    vaddr_t addr, vaddr_t ptep)
{
	struct address_space *as = vma->vm_file;
	u64 span = FAULT_AROUND_PAGES * PAGE_SIZE;
	vaddr_t start = MAX(addr & ~(vaddr_t)(span - 1), vma->vm_start);
	u64 end = MIN(MIN((u64)start + span, (u64)vma->vm_end),
		      (u64)(addr & PMD_MASK) + PMD_SIZE);
	bool mapped = false;

	if (settings_kernel_version(config) < KERNEL_VERSION(3, 15, 0) ||
	    !settings_objrmap(config))
		return false;
	/* The xarray's walk to the window's first index (xas_find). */
	page_tree_lookup(as, vma->vm_pgoff + ((start - vma->vm_start) >>
					      PAGE_SHIFT));
	for (u64 a = start; a < end; a += PAGE_SIZE) {
		unsigned long pgoff = vma->vm_pgoff +
				      (unsigned long)((a - vma->vm_start) >>
						      PAGE_SHIFT);
		vaddr_t slot = ptep + (vaddr_t)(((s64)a - (s64)addr) /
						(s64)PAGE_SIZE *
						(s64)pgtable->pte_size);
		struct page *page;

		if (pgoff >= as->nr_slots || !(page = as->pages[pgoff]) ||
		    !pte_none(ptep_get(slot)))
			continue;
		charge(CODE_fault_around_page);
		get_page(page);
		mm_touch_rmw(mm, MF_rss);
		mm->rss++;
		set_pte_at(slot, mk_pte(page, vm_page_prot(vma)));
		page_add_rmap(page, slot, 0);
		update_mmu_cache(vma, (vaddr_t)a, slot);
		mapped |= a == addr;
	}
	return mapped;
}

static int do_no_page(struct mm_struct *mm, struct vm_area_struct *vma,
		      vaddr_t addr, bool write, vaddr_t ptep,
		      struct spinlock *ptl)
{
	CC_SCOPE(do_no_page);
	unsigned long pgoff;
	struct page *page;
	vaddr_t pc;
	pte_t entry;

	if (!vma->vm_file)
		return do_anonymous_page(mm, vma, addr, write, ptep, ptl);
	hw_event(this_cpu(), EV_fault_file);
	if (!write && do_fault_around(mm, vma, addr, ptep)) {
		unmap_unlock(ptep, ptl);
		return VM_FAULT_MINOR;
	}
	unmap_unlock(ptep, ptl);
	pgoff = vma->vm_pgoff + ((addr - vma->vm_start) >> PAGE_SHIFT);
	/* ->nopage: the page-cache page, with a reference. */
	page = shmem_getpage(vma->vm_file, pgoff);
	if (!page)
		return VM_FAULT_SIGSEGV;
	pc = pte_chain_alloc(GFP_KERNEL);
	/* An early copy-on-write break for a private write. */
	if (write && !(vma->vm_flags & VM_SHARED)) {
		struct page *copy;

		anon_vma_prepare(vma);
		copy = alloc_page(GFP_HIGHUSER);

		if (!copy) {
			put_page(page);
			if (pc)
				pte_chain_free(pc);
			return VM_FAULT_OOM;
		}
		copy_user_highpage(copy, page, addr);
		set_page_flag(copy, PG_anon);
		page_set_anon_rmap(copy, vma, addr);
		put_page(page);
		page = copy;
	}
	ptep = map_lock(mm, addr, &ptl);
	if (pte_none(ptep_get(ptep))) {
		mm_touch_rmw(mm, MF_rss);
		mm->rss++;
		entry = mk_pte(page, vm_page_prot(vma));
		if (write)
			entry = maybe_mkwrite(pte_mkdirty(entry), vma);
		set_pte_at(ptep, entry);
		pc = page_add_rmap(page, ptep, pc);
		update_mmu_cache(vma, addr, ptep);
	} else {
		put_page(page);
	}
	unmap_unlock(ptep, ptl);
	if (pc)
		pte_chain_free(pc);
	return VM_FAULT_MAJOR;
}

static int do_wp_page(struct mm_struct *mm, struct vm_area_struct *vma,
		      vaddr_t addr, vaddr_t ptep, struct spinlock *ptl,
		      pte_t orig)
{
	CC_SCOPE(do_wp_page);
	struct page *old = pte_page(orig), *new;
	vaddr_t pc;

	/* can_share_swap_page: an anonymous page only we hold. */
	if (!PageReserved(old) && test_page_flag(old, PG_anon) &&
	    page_count(old) == 1) {
		hw_event(this_cpu(), EV_fault_reuse);
		flush_cache_page(vma, addr);
		set_pte_at(ptep, pte_mkyoung(pte_mkdirty(pte_mkwrite(orig))));
		flush_tlb_page(vma, addr);
		update_mmu_cache(vma, addr, ptep);
		unmap_unlock(ptep, ptl);
		return VM_FAULT_MINOR;
	}
	hw_event(this_cpu(), EV_fault_cow);
	if (!PageReserved(old))
		get_page(old);
	unmap_unlock(ptep, ptl);
	/* The COW break changes what @addr maps: a pin there goes. */
	pin_cache_invalidate(mm, addr, addr + PAGE_SIZE);
	anon_vma_prepare(vma);
	pc = pte_chain_alloc(GFP_KERNEL);
	new = alloc_page(GFP_HIGHUSER);
	if (!new) {
		if (!PageReserved(old))
			put_page(old);
		if (pc)
			pte_chain_free(pc);
		return VM_FAULT_OOM;
	}
	/* copy_cow_page: the zero page is cleared, anything else copied. */
	if (old == zero_page)
		clear_user_highpage(new, addr);
	else
		copy_user_highpage(new, old, addr);
	set_page_flag(new, PG_anon);
	page_set_anon_rmap(new, vma, addr);
	ptep = map_lock(mm, addr, &ptl);
	if (ptep_get(ptep).pte == orig.pte) {
		if (PageReserved(old)) {
			mm_touch_rmw(mm, MF_rss);
			mm->rss++;
		} else
			page_remove_rmap(old, ptep);
		flush_cache_page(vma, addr);
		/* break_cow: establish the new page writable and dirty. */
		set_pte_at(ptep, pte_mkwrite(pte_mkdirty(
					 mk_pte(new, vm_page_prot(vma)))));
		flush_tlb_page(vma, addr);
		pc = page_add_rmap(new, ptep, pc);
		update_mmu_cache(vma, addr, ptep);
		/* The mapping's reference on the old page is dropped below. */
		new = old;
	}
	unmap_unlock(ptep, ptl);
	if (!PageReserved(new))
		put_page(new);
	if (!PageReserved(old))
		put_page(old);
	if (pc)
		pte_chain_free(pc);
	return VM_FAULT_MINOR;
}

static int handle_pte_fault(struct mm_struct *mm, struct vm_area_struct *vma,
			    vaddr_t addr, bool write, vaddr_t ptep,
			    struct spinlock *ptl)
{
	pte_t entry = ptep_get(ptep);

	if (!pte_present(entry))
		return do_no_page(mm, vma, addr, write, ptep, ptl);
	if (write) {
		if (!pte_write(entry))
			return do_wp_page(mm, vma, addr, ptep, ptl, entry);
		entry = pte_mkdirty(entry);
	}
	/* ptep_establish: the young (and dirty) bits ARM emulates. */
	hw_event(this_cpu(), EV_fault_young);
	set_pte_at(ptep, pte_mkyoung(entry));
	flush_tlb_page(vma, addr);
	update_mmu_cache(vma, addr, ptep);
	unmap_unlock(ptep, ptl);
	return VM_FAULT_MINOR;
}

int handle_mm_fault(struct mm_struct *mm, struct vm_area_struct *vma,
		    vaddr_t addr, bool write)
{
	CC_SCOPE(handle_mm_fault);
	struct spinlock *ptl = &mm->page_table_lock;
	vaddr_t ptep;

	charge(CODE_handle_mm_fault);
	spin_lock(&mm->page_table_lock);
	ptep = pte_alloc_map(mm, addr);
	if (!ptep) {
		spin_unlock(&mm->page_table_lock);
		return VM_FAULT_OOM;
	}
	if (split_ptlock()) {
		/* pte_offset_map_lock: the PTE page's own lock from here. */
		spin_unlock(&mm->page_table_lock);
		ptl = pte_lockptr(mm, addr);
		spin_lock(ptl);
	}
	return handle_pte_fault(mm, vma, addr & PAGE_MASK, write, ptep, ptl);
}

/* Does @vma allow the access? */
static bool access_error(const struct vm_area_struct *vma, bool write)
{
	if (write)
		return !(vma->vm_flags & VM_WRITE);
	return !(vma->vm_flags & (VM_READ | VM_EXEC));
}

int handle_page_fault(vaddr_t addr, bool write, bool user)
{
	CC_SCOPE(do_page_fault);
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	int ret;

	hw_event(this_cpu(), EV_page_fault);
	charge(CODE_do_page_fault);
	/* do_page_fault: mm = tsk->mm. */
	task_touch(current, TF_mm, false);
	if (!mm || addr >= layout.task_size)
		return VM_FAULT_SIGSEGV;
	down_read(&mm->mmap_sem);
	vma = find_vma(mm, addr);
	if (vma) {
		/* access_error and handle_mm_fault: vm_flags and
		 * vm_page_prot; a file fault its vm_pgoff and vm_file. */
		vma_touch(vma, VF_flags_prot, false);
		if (vma->vm_file)
			vma_touch(vma, VF_pgoff_file, false);
	}
	if (!vma || vma->vm_start > addr || access_error(vma, write)) {
		up_read(&mm->mmap_sem);
		return VM_FAULT_SIGSEGV;
	}
	ret = handle_mm_fault(mm, vma, addr, write);
	up_read(&mm->mmap_sem);
	return ret;
}

struct page *follow_page(struct mm_struct *mm, vaddr_t addr, bool write,
			 bool get)
{
	CC_SCOPE(follow_page);
	struct page *page = NULL;
	vaddr_t ptep;
	pte_t pte;

	charge(CODE_follow_page);
	ptep = pte_offset_map(mm, addr);
	if (!ptep)
		return NULL;
	pte = ptep_get(ptep);
	if (pte_present(pte) && (!write || pte_write(pte))) {
		page = pte_page(pte);
		if (get && !PageReserved(page))
			get_page(page);
	}
	pte_unmap(ptep);
	return page;
}
