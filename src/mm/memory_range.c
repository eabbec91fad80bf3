// SPDX-License-Identifier: GPL-2.0-only
/*
 * Whole-range page-table work (mm/memory.c, 2.6.0): copy_page_range at
 * fork, zap_pte_range at munmap and exit with its mmu_gather, and the
 * freeing of page-table pages (clear_page_tables / free_pgtables).
 */
#include <string.h>

#include "arch/cacheflush.h"
#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/highmem.h"
#include "mm/mm_touch.h"
#include "mm/internal.h"
#include "mm/pin_cache.h"
#include "mm/pte_window.h"
#include "mm/rmap.h"
#include "mm/vma_touch.h"

void tlb_gather_mmu(struct mmu_gather *tlb, struct mm_struct *mm)
{
	tlb->mm = mm;
	tlb->nr = 0;
	tlb->nr_ptes = 0;
}

/* tlb_flush_mmu: flush the TLB, then free what was gathered. */
static void tlb_flush_mmu(struct mmu_gather *tlb)
{
	if (!tlb->nr && !tlb->nr_ptes)
		return;
	flush_tlb_mm(tlb->mm);
	for (u32 i = 0; i < tlb->nr; i++)
		put_page(tlb->pages[i]);
	for (u32 i = 0; i < tlb->nr_ptes; i++)
		pte_free(tlb->mm, tlb->ptes[i]);
	tlb->nr = 0;
	tlb->nr_ptes = 0;
}

void tlb_finish_mmu(struct mmu_gather *tlb)
{
	if (!tlb->nr && !tlb->nr_ptes)
		flush_tlb_mm(tlb->mm);
	else
		tlb_flush_mmu(tlb);
}

static void tlb_remove_page(struct mmu_gather *tlb, struct page *page)
{
	if (tlb->nr == MMU_GATHER_MAX)
		tlb_flush_mmu(tlb);
	tlb->pages[tlb->nr++] = page;
}

static void pte_free_tlb(struct mmu_gather *tlb, struct page *pt)
{
	if (tlb->nr_ptes == MMU_GATHER_MAX)
		tlb_flush_mmu(tlb);
	tlb->ptes[tlb->nr_ptes++] = pt;
}

/* zap_pte_range over [addr, end) within one PTE page. */
static void zap_pte_range(struct mmu_gather *tlb, struct mm_struct *mm,
			  vaddr_t addr, vaddr_t end)
{
	CC_SCOPE(zap_pte_range);
	vaddr_t ptep = pte_offset_map(mm, addr);
	vaddr_t slot = ptep;

	if (!ptep)
		return;
	charge(CODE_pte_range);
	for (; addr < end; addr += PAGE_SIZE, slot += pgtable->pte_size) {
		pte_t pte = ptep_get(slot);
		struct page *page;

		if (pte_none(pte))
			continue;
		/* ptep_get_and_clear */
		pte_clear(slot);
		charge(CODE_zap_pte);
		page = pte_page(pte);
		if (PageReserved(page))
			continue;
		if (pte_dirty(pte))
			set_page_flag(page, PG_dirty);
		if (page->mapping && pte_young(pte))
			set_page_flag(page, PG_referenced);
		page_remove_rmap(page, slot);
		mm_touch_rmw(mm, MF_rss);
		mm->rss--;
		tlb_remove_page(tlb, page);
	}
	pte_unmap(ptep);
}

void unmap_page_range(struct mmu_gather *tlb, struct vm_area_struct *vma,
		      vaddr_t start, vaddr_t end)
{
	u64 addr = start;

	pin_cache_invalidate(vma->vm_mm, start, end);
	while (addr < end) {
		u64 next = MIN(((addr & PMD_MASK) + PMD_SIZE), (u64)end);

		if (pte_page_of(vma->vm_mm, (vaddr_t)addr))
			zap_pte_range(tlb, vma->vm_mm, (vaddr_t)addr,
				      (vaddr_t)next);
		addr = next;
	}
}

/* Does any VMA of @mm touch the 2 MiB region at @base? */
static bool region_in_use(struct mm_struct *mm, vaddr_t base)
{
	for (struct vm_area_struct *v = mm->mmap; v; v = v->vm_next)
		if (v->vm_start < (u64)base + PMD_SIZE && v->vm_end > base)
			return true;
	return false;
}

/*
 * The pmds at @pmdp and on, at most @max (within one page of the table),
 * that point at no PTE page, up to the first that does: each loaded as
 * pmd_pfn() loads it.  They are loads of one TLB entry and its lines with
 * nothing between them, which kv_read_run charges exactly (8-byte loads
 * at 8-byte steps are as many line accesses as ARM's 4-byte loads of each
 * pair's first word); the table is looked at in RAM first, uncharged, to
 * know where the run stops.  For exit's walk of the whole user range,
 * where nearly every pmd is none.  Return: how many.
 */
static u32 pmd_none_run(vaddr_t pmdp, u32 max)
{
	const u8 *h;
	u32 n = 0;

	BUG_ON(!ram_contains(&machine->ram, __pa(pmdp), (u64)max * 8));
	h = ram_ptr(&machine->ram, __pa(pmdp));
	for (; n < max; n++) {
		u64 entry;

		memcpy(&entry, h + n * 8, 8);
		if (pgtable->pmd_table_raw(entry))
			break;
	}
	if (n)
		kv_read_run(pmdp, NULL, 8, n);
	return n;
}

/*
 * Free the PTE pages of [start, end) that no VMA needs.  Each pmd table
 * is found once -- its pgd entry loaded once, as 2.6.0's free_one_pgd
 * (pmd_offset(dir, 0), then every pmd) and 3.x's free_pmd_range do --
 * and its pmds are walked in order.
 */
void free_pgtables(struct mmu_gather *tlb, vaddr_t start, vaddr_t end)
{
	CC_SCOPE(free_pgtables);
	struct mm_struct *mm = tlb->mm;
	u64 table = 1ull << pgtable->pmd_table_shift;
	u64 base = start & PMD_MASK;

	while (base < end) {
		u64 top = MIN((base & ~(table - 1)) + table, (u64)end);
		vaddr_t pmdp = pgtable->pmd_offset(mm->pgd, (vaddr_t)base,
						   false);

		if (!pmdp) {
			base = top;	/* no pmd table: pgd_none */
			continue;
		}
		for (; base < top; base += PMD_SIZE, pmdp += 8) {
			unsigned long pfn;

			if (pgtable->pmd_table_raw) {
				/* To @top, within the table's page. */
				u32 max = (u32)MIN(DIV_ROUND_UP(top - base,
								PMD_SIZE),
						   (PAGE_SIZE -
						    (pmdp & (PAGE_SIZE - 1))) / 8);
				u32 n = pmd_none_run(pmdp, max);

				if (n) {
					base += (u64)(n - 1) * PMD_SIZE;
					pmdp += (n - 1) * 8;
					continue;
				}
			}
			if (!(pfn = pgtable->pmd_pfn(pmdp)) ||
			    region_in_use(mm, (vaddr_t)base))
				continue;
			charge(CODE_pte_range);
			pgtable->pmd_clear(pmdp);
			pte_window_clear(mm, (vaddr_t)base);
			pte_free_tlb(tlb, pfn_to_page(pfn));
		}
	}
}

/*
 * copy_pte_range: one PTE page's worth of @vma, from @src to @dst.
 * Context: dst->page_table_lock held (taken by dup_mmap).
 */
static int copy_pte_range(struct mm_struct *dst, struct mm_struct *src,
			  struct vm_area_struct *vma, vaddr_t addr,
			  vaddr_t end)
{
	bool cow = is_cow_mapping(vma->vm_flags);
	struct spinlock *sptl, *dptl = NULL;
	vaddr_t dst_ptep, src_ptep, pc;

	dst_ptep = pte_alloc_map(dst, addr);
	if (!dst_ptep)
		return -ENOMEM;
	if (split_ptlock()) {
		dptl = pte_lockptr(dst, addr);
		spin_lock(dptl);
	}
	sptl = pte_lockptr(src, addr);
	spin_lock(sptl);
	src_ptep = pte_offset_map_nested(src, addr);
	charge(CODE_pte_range);
	pc = pte_chain_alloc(GFP_ATOMIC);
	for (u32 off = 0; addr < end; addr += PAGE_SIZE,
		 off += pgtable->pte_size) {
		pte_t pte = ptep_get(src_ptep + off);
		struct page *page;

		if (pte_none(pte))
			continue;
		page = pte_page(pte);
		if (PageReserved(page)) {
			set_pte_at(dst_ptep + off, pte);
			continue;
		}
		charge(CODE_copy_pte);
		if (cow) {
			/* ptep_set_wrprotect: a store to the parent's PTE. */
			pte = pte_wrprotect(pte);
			set_pte_at(src_ptep + off, pte);
		}
		if (vma->vm_flags & VM_SHARED)
			pte = pte_modify_flags(pte, 0, _PROT_DIRTY);
		pte = pte_modify_flags(pte, 0, _PROT_YOUNG);
		get_page(page);
		mm_touch_rmw(dst, MF_rss);
		dst->rss++;
		set_pte_at(dst_ptep + off, pte);
		pc = page_add_rmap(page, dst_ptep + off, pc);
		if (!pc)
			pc = pte_chain_alloc(GFP_ATOMIC);
	}
	if (pc)
		pte_chain_free(pc);
	pte_unmap_nested(src_ptep);
	spin_unlock(sptl);
	pte_unmap(dst_ptep);
	if (dptl)
		spin_unlock(dptl);
	return 0;
}

int copy_page_range(struct mm_struct *dst, struct mm_struct *src,
		    struct vm_area_struct *vma)
{
	CC_SCOPE(copy_page_range);
	u64 addr = vma->vm_start;

	/*
	 * 2.6.14 on ("Don't copy ptes where a page fault will fill them
	 * correctly"; 5.7's test, 6.1's vma_needs_copy): a VMA without an
	 * anon_vma -- file text, a shared mapping, memory only ever read --
	 * has nothing a fault cannot rebuild, so the child gets no PTEs
	 * there.  No VMA here is hugetlb, PFN-mapped or userfaultfd-wp.
	 */
	if (settings_kernel_version(config) >= KERNEL_VERSION(2, 6, 14)) {
		vma_touch(vma, VF_anon_vma, false);
		if (!vma->anon_vma)
			return 0;
	}
	hw_event(this_cpu(), EV_fork_vma_ptes);

	while (addr < vma->vm_end) {
		u64 next = MIN((addr & PMD_MASK) + PMD_SIZE, (u64)vma->vm_end);

		if (pte_page_of(src, (vaddr_t)addr)) {
			int err = copy_pte_range(dst, src, vma, (vaddr_t)addr,
						 (vaddr_t)next);

			if (err)
				return err;
		}
		addr = next;
	}
	return 0;
}
