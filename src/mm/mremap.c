// SPDX-License-Identifier: GPL-2.0-only
/*
 * mremap (2.6.0 mm/mremap.c): do_mremap shrinks a mapping by unmapping its
 * tail, grows it in place when the gap after it allows, or with
 * MREMAP_MAYMOVE moves it (move_vma): the VMA at the new place is the
 * previous or next VMA extended (2.6.0's merges, anonymous private VMAs
 * only) or a new copy of the old one with its vm_pgoff moved on, the page
 * tables are moved (move_page_tables), and the old range is unmapped.
 *
 * The page tables move as the kernel version moves them:
 *
 *   before 2.6.14 (2.5.73, 2.6.0: the NUMA-Q)  move_one_page per page:
 *	under page_table_lock the old PTE page mapped with
 *	pte_offset_map_nested (KM_PTE1) and the new one with pte_alloc_map
 *	(KM_PTE0), copy_one_pte, both unmapped, flush_tlb_page of the old
 *	address -- two kmap_atomics and a TLB flush per page under HIGHPTE;
 *	with pte_chains a pte_chain preallocated per page, and copy_one_pte
 *	does page_remove_rmap and page_add_rmap (2.6.0); from 2.6.7 (objrmap)
 *	no rmap call (2.6.11 copy_one_pte).
 *   2.6.14 on (3.14: the ARM boards)  move_page_tables by extents (at most
 *	a PTE page, LATENCY_LIMIT 64 pages): move_ptes maps the old PTE page
 *	(pte_offset_map_lock) and the new one (pte_offset_map) once per
 *	extent, moves every PTE without an rmap call, and one flush_tlb_range
 *	of the old range follows.  With rmap=pte-chain on such a kernel (a
 *	what-if: no kernel had both) each moved PTE also does 2.6.0's
 *	page_remove_rmap and page_add_rmap, a pte_chain taken with GFP_ATOMIC
 *	inside the extent and, when that fails, with GFP_KERNEL outside it.
 *
 * Under objrmap a moved page is found through the new VMA's vm_pgoff
 * (vma_address); a merge at the new place needs the offsets to run on, as
 * in 3.14's copy_vma (vma_merge).  Failures as 2.6.0's and 3.14's: if the
 * new page tables cannot be had, the PTEs moved so far go back and any
 * that cannot (no pte_chain) are zapped, and mremap returns -ENOMEM.
 *
 * Not modelled: VM_ACCOUNT, VM_LOCKED (make_pages_present), VM_DONTEXPAND,
 * RLIMIT_AS and RLIMIT_MEMLOCK, hugetlb VMAs; the i_mmap and anon_vma
 * locks of 3.14's move_ptes.
 */
#include "mm/mm.h"
#include "mm/pin_cache.h"

#include "arch/cacheflush.h"
#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/highmem.h"
#include "mm/internal.h"
#include "mm/mm_touch.h"
#include "mm/rmap.h"
#include "mm/vma_touch.h"

/* move_ptes' extent limit (3.14 mm/mremap.c). */
#define LATENCY_LIMIT (64 * PAGE_SIZE)

/* move_page_tables by extents arrived in 2.6.14; 2.6.0 moved page by page. */
static bool move_by_extents(void)
{
	return settings_kernel_version(config) >= KERNEL_VERSION(2, 6, 14);
}

/*
 * The PTE of @page moved from @src to @dst: 2.6.0's rmap calls under
 * pte_chains (page_add_rmap may take *@pcp, the caller's preallocated
 * block), the checkers' shadow under objrmap.
 */
static void rmap_remove_moved(struct page *page, vaddr_t src)
{
	if (page && !rmap_objrmap())
		page_remove_rmap(page, src);
}

static void rmap_add_moved(struct page *page, vaddr_t src, vaddr_t dst,
			   vaddr_t *pcp)
{
	if (!page)
		return;
	if (rmap_objrmap())
		page_move_rmap(page, src, dst);
	else
		*pcp = page_add_rmap(page, dst, *pcp);
}

/* The page a present PTE maps, for rmap (NULL for a reserved one). */
static struct page *moved_page(pte_t pte)
{
	struct page *page;

	if (!pte_present(pte))
		return NULL;
	page = pte_page(pte);
	return PageReserved(page) ? NULL : page;
}

/*
 * get_one_pte_map_nested - the old PTE at @addr, mapped (KM_PTE1), or 0
 * when its PTE page is missing or the PTE is none.
 */
static vaddr_t get_one_pte_map_nested(struct mm_struct *mm, vaddr_t addr)
{
	vaddr_t ptep;

	if (!pte_page_of(mm, addr))
		return 0;
	ptep = pte_offset_map_nested(mm, addr);
	if (pte_none(ptep_get(ptep))) {
		pte_unmap_nested(ptep);
		return 0;
	}
	return ptep;
}

/*
 * copy_one_pte (2.6.0) - move the PTE at @src to @dst; with no @dst (no
 * memory for its PTE page) put it back and fail.  Return: 0 or 1.
 */
static int copy_one_pte(vaddr_t src, vaddr_t dst, vaddr_t *pcp)
{
	pte_t pte = ptep_get(src);
	struct page *page;
	int error = 0;

	if (pte_none(pte))
		return 0;
	charge(CODE_move_pte);
	page = moved_page(pte);
	rmap_remove_moved(page, src);
	pte_clear(src); /* ptep_get_and_clear */
	if (!dst) {
		/* No dest?  We must put it back. */
		dst = src;
		error++;
	}
	set_pte_at(dst, pte);
	if (dst == src) {
		if (page && !rmap_objrmap())
			*pcp = page_add_rmap(page, dst, *pcp);
	} else {
		rmap_add_moved(page, src, dst, pcp);
	}
	return error;
}

/*
 * move_one_page (2.6.0) - move the PTE at @old_addr to @new_addr.
 * Return: 0, or nonzero when no pte_chain or no PTE page could be had.
 */
static int move_one_page(struct vm_area_struct *vma, vaddr_t old_addr,
			 vaddr_t new_addr)
{
	struct mm_struct *mm = vma->vm_mm;
	vaddr_t src, dst, pc = 0;
	int error = 0;

	/* 2.6.0 preallocates a block; 2.6.7's objrmap has none to take. */
	if (!rmap_objrmap()) {
		pc = pte_chain_alloc(GFP_KERNEL);
		if (!pc)
			return -ENOMEM;
	}
	spin_lock(&mm->page_table_lock);
	src = get_one_pte_map_nested(mm, old_addr);
	if (src) {
		/*
		 * Will alloc_one_pte_map allocate?  Then the atomic kmap
		 * must go first.
		 */
		if (!pte_page_of(mm, new_addr)) {
			pte_unmap_nested(src);
			src = 0;
		}
		dst = pte_alloc_map(mm, new_addr);
		if (!src)
			src = get_one_pte_map_nested(mm, old_addr);
		error = copy_one_pte(src, dst, &pc);
		pte_unmap_nested(src);
		if (dst)
			pte_unmap(dst);
	}
	flush_tlb_page(vma, old_addr);
	spin_unlock(&mm->page_table_lock);
	pte_chain_free(pc);
	return error;
}

/*
 * move_ptes (3.14) - move the PTEs of [old_addr, old_end), inside one PTE
 * page, to @new_addr on, inside one too; both PTE pages exist.  Under
 * pte_chains it stops where no pte_chain block can be had atomically.
 * Return: the bytes moved.
 */
static u32 move_ptes(struct vm_area_struct *vma, vaddr_t old_addr,
		     vaddr_t old_end, vaddr_t new_addr, vaddr_t *pcp)
{
	struct mm_struct *mm = vma->vm_mm;
	struct spinlock *old_ptl = pte_lockptr(mm, old_addr), *new_ptl;
	vaddr_t old_pte, new_pte, start = old_addr;
	u32 off = 0;

	spin_lock(old_ptl);
	old_pte = pte_offset_map(mm, old_addr);
	new_pte = pte_offset_map_nested(mm, new_addr);
	new_ptl = pte_lockptr(mm, new_addr);
	if (new_ptl != old_ptl)
		spin_lock(new_ptl);
	for (; old_addr < old_end;
	     old_addr += PAGE_SIZE, off += pgtable->pte_size) {
		pte_t pte = ptep_get(old_pte + off);
		struct page *page;

		if (pte_none(pte))
			continue;
		page = moved_page(pte);
		if (page && !rmap_objrmap() && !*pcp) {
			*pcp = pte_chain_alloc(GFP_ATOMIC);
			if (!*pcp)
				break; /* the caller waits for one */
		}
		charge(CODE_move_pte);
		rmap_remove_moved(page, old_pte + off);
		pte_clear(old_pte + off); /* ptep_get_and_clear */
		set_pte_at(new_pte + off, pte);
		rmap_add_moved(page, old_pte + off, new_pte + off, pcp);
	}
	if (new_ptl != old_ptl)
		spin_unlock(new_ptl);
	pte_unmap_nested(new_pte);
	pte_unmap(old_pte);
	spin_unlock(old_ptl);
	return old_addr - start;
}

/* 3.14's move_page_tables: by extents, one flush_tlb_range at the end. */
static u32 move_page_tables_extents(struct vm_area_struct *vma,
				    vaddr_t old_addr, vaddr_t new_addr, u32 len)
{
	struct mm_struct *mm = vma->vm_mm;
	u64 old = old_addr, new = new_addr, old_end = (u64)old_addr + len;
	bool need_flush = false;
	vaddr_t pc = 0;

	while (old < old_end) {
		u64 extent =
			MIN(((old & PMD_MASK) + PMD_SIZE) - old, old_end - old);
		u32 done;
		int err;

		if (!pte_page_of(mm, (vaddr_t)old)) { /* get_old_pmd */
			old += extent;
			new += extent;
			continue;
		}
		spin_lock(&mm->page_table_lock);
		err = __pte_alloc(mm, (vaddr_t) new);
		spin_unlock(&mm->page_table_lock);
		if (err)
			break;
		extent = MIN(extent, ((new &PMD_MASK) + PMD_SIZE) - new);
		extent = MIN(extent, (u64)LATENCY_LIMIT);
		if (!rmap_objrmap() && !pc) {
			pc = pte_chain_alloc(GFP_KERNEL);
			if (!pc)
				break;
		}
		done = move_ptes(vma, (vaddr_t)old, (vaddr_t)(old + extent),
				 (vaddr_t) new, &pc);
		need_flush = true;
		old += done;
		new += done;
	}
	pte_chain_free(pc);
	if (need_flush)
		flush_tlb_range(vma, old_addr, (vaddr_t)old);
	return (u32)(old - old_addr);
}

/* 2.6.0's move_page_tables: one page at a time, from the top down. */
static u32 move_page_tables_pages(struct vm_area_struct *vma, vaddr_t old_addr,
				  vaddr_t new_addr, u32 len)
{
	u32 offset = len;

	while (offset) {
		offset -= PAGE_SIZE;
		if (move_one_page(vma, old_addr + offset, new_addr + offset))
			return len - offset - PAGE_SIZE;
	}
	return len;
}

/*
 * move_page_tables - move the PTEs of [old_addr, old_addr + len) to
 * @new_addr, the VIVT cache flushed first.  2.6.0 moves from the top
 * down: what it moved is then the top of the range.  Return: the bytes
 * moved (from the bottom, 3.14; from the top, 2.6.0), less than @len when
 * memory ran out.
 */
static u32 move_page_tables(struct vm_area_struct *vma, vaddr_t old_addr,
			    vaddr_t new_addr, u32 len)
{
	CC_SCOPE(move_page_tables);

	if (!len)
		return 0;
	pin_cache_invalidate(vma->vm_mm, old_addr, old_addr + len);
	flush_cache_range(vma, old_addr, old_addr + len);
	if (move_by_extents())
		return move_page_tables_extents(vma, old_addr, new_addr, len);
	return move_page_tables_pages(vma, old_addr, new_addr, len);
}

/* zap_page_range: the PTEs of [start, end) dropped, the TLB flushed. */
static void zap_page_range(struct vm_area_struct *vma, vaddr_t start,
			   vaddr_t end)
{
	struct mm_struct *mm = vma->vm_mm;
	struct mmu_gather tlb;

	if (start >= end)
		return;
	flush_cache_range(vma, start, end);
	spin_lock(&mm->page_table_lock);
	tlb_gather_mmu(&tlb, mm);
	unmap_page_range(&tlb, vma, start, end);
	tlb_finish_mmu(&tlb);
	spin_unlock(&mm->page_table_lock);
}

/*
 * A move that ran out of memory: the @moved bytes go back to the old
 * range (from its bottom, 3.14, or its top, 2.6.0), and what cannot go
 * back (no pte_chain) is zapped from the new one.
 */
static void move_back(struct vm_area_struct *vma, vaddr_t old_addr,
		      vaddr_t new_addr, u32 len, u32 moved)
{
	u32 from = move_by_extents() ? 0 : len - moved, back;

	back = move_page_tables(vma, new_addr + from, old_addr + from, moved);
	if (move_by_extents())
		zap_page_range(vma, new_addr + back, new_addr + moved);
	else
		zap_page_range(vma, new_addr + from, new_addr + len - back);
}

/* 2.6.0 can_vma_merge, and objrmap's offsets (see mm/mprotect.c). */
static bool mergeable(const struct vm_area_struct *v, u32 vm_flags)
{
	vma_touch(v, VF_flags_prot, false);
	return !v->vm_file && v->vm_flags == vm_flags;
}

static bool offsets_run_on(const struct vm_area_struct *lo, unsigned long pgoff)
{
	if (!rmap_objrmap())
		return true;
	vma_touch(lo, VF_pgoff_file, false);
	return lo->vm_pgoff + ((lo->vm_end - lo->vm_start) >> PAGE_SHIFT) ==
	       pgoff;
}

/*
 * The VMA that will hold [new_addr, new_addr + new_len) at the new place
 * (2.6.0 move_vma's merges): the previous VMA extended over it, perhaps
 * with the next one joined on, or the next one extended down; NULL when
 * none can.  *@pvma follows @vma if it is the one joined on.
 */
static struct vm_area_struct *merge_at(struct vm_area_struct **pvma,
				       vaddr_t new_addr, u32 new_len,
				       unsigned long new_pgoff)
{
	struct vm_area_struct *vma = *pvma, *next, *prev;
	struct mm_struct *mm = vma->vm_mm;
	u32 flags = vma->vm_flags;

	if (vma->vm_file || (flags & VM_SHARED))
		return NULL;
	next = find_vma_prev(mm, new_addr, &prev);
	if (prev && prev->vm_end == new_addr && mergeable(prev, flags) &&
	    offsets_run_on(prev, new_pgoff)) {
		spin_lock(&mm->page_table_lock);
		vma_touch(prev, VF_start_end, true);
		prev->vm_end = new_addr + new_len;
		prev->anon_vma |= vma->anon_vma;	/* the pages move in */
		spin_unlock(&mm->page_table_lock);
		if (next && prev->vm_end == next->vm_start &&
		    mergeable(next, prev->vm_flags) &&
		    offsets_run_on(prev, next->vm_pgoff)) {
			spin_lock(&mm->page_table_lock);
			prev->vm_end = next->vm_end;
			prev->anon_vma |= next->anon_vma;
			__vma_unlink(mm, next, prev);
			spin_unlock(&mm->page_table_lock);
			if (vma == next)
				*pvma = prev;
			vm_area_free(next);
		}
		return prev;
	}
	if (next && next->vm_start == new_addr + new_len &&
	    mergeable(next, flags) &&
	    (!rmap_objrmap() ||
	     new_pgoff + (new_len >> PAGE_SHIFT) == next->vm_pgoff)) {
		spin_lock(&mm->page_table_lock);
		vma_touch(next, VF_start_end, true);
		vma_touch(next, VF_pgoff_file, true);
		next->vm_start = new_addr;
		next->vm_pgoff -= new_len >> PAGE_SHIFT;
		next->anon_vma |= vma->anon_vma;
		spin_unlock(&mm->page_table_lock);
		return next;
	}
	return NULL;
}

/*
 * do_munmap as mremap calls it.  The model's do_munmap charges its whole
 * code cost on entry, where Linux's returns at once when @len is 0 or
 * nothing in the range is mapped -- work that the measured mremap cost
 * holds already: such a call is skipped.
 */
static int mremap_munmap(struct mm_struct *mm, vaddr_t start, u32 len)
{
	struct vm_area_struct *v;

	if (!len)
		return 0;
	v = find_vma(mm, start);
	if (v && v->vm_start < (u64)start + len)
		return do_munmap(mm, start, len);
	return 0;
}

/*
 * move_vma - move [addr, addr + old_len), inside @vma, to
 * [new_addr, new_addr + new_len), which is unmapped.
 * Return: @new_addr, or -ENOMEM.
 */
static long move_vma(struct vm_area_struct *vma, vaddr_t addr, u32 old_len,
		     u32 new_len, vaddr_t new_addr)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long new_pgoff = linear_page_index(vma, addr);
	struct vm_area_struct *new_vma, *copy = NULL;
	u32 moved;

	charge(CODE_move_vma);
	vma_touch(vma, VF_pgoff_file, false);
	new_vma = merge_at(&vma, new_addr, new_len, new_pgoff);
	if (!new_vma) {
		/* *new_vma = *vma, placed after the move (insert_vm_struct). */
		copy = vm_area_dup(vma);
		if (!copy)
			return -ENOMEM;
	}
	moved = move_page_tables(vma, addr, new_addr, old_len);
	if (moved < old_len) {
		move_back(vma, addr, new_addr, old_len, moved);
		if (copy)
			vm_area_free(copy);
		return -ENOMEM;
	}
	if (copy) {
		copy->vm_start = new_addr;
		copy->vm_end = new_addr + new_len;
		copy->vm_pgoff = new_pgoff;
		copy->vm_next = NULL;
		copy->i_mmap_next = NULL;
		copy->i_mmap_pprev = NULL;
		insert_vm_struct(mm, copy);
	}
	/* Linux goes on if this fails ("OOM: unable to split vma, just get
	 * accounts right"): the old range stays mapped. */
	mremap_munmap(mm, addr, old_len);
	mm_touch_rmw(mm, MF_total_vm);
	return new_addr;
}

long do_mremap(struct mm_struct *mm, vaddr_t addr, u32 old_len, u32 new_len,
	       u32 flags, vaddr_t new_addr)
{
	CC_SCOPE(do_mremap);
	struct vm_area_struct *vma;
	u64 task_size = layout.task_size;
	int ret;

	if (flags & ~(MREMAP_FIXED | MREMAP_MAYMOVE))
		return -EINVAL;
	if (addr & ~PAGE_MASK)
		return -EINVAL;
	old_len = ALIGN_UP(old_len, PAGE_SIZE);
	new_len = ALIGN_UP(new_len, PAGE_SIZE);
	/* A zero new length is nonsensical (3.14; 2.6.0 unmapped it all). */
	if (!new_len)
		return -EINVAL;
	charge(CODE_mremap);
	/* new_addr is only valid with MREMAP_FIXED. */
	if (flags & MREMAP_FIXED) {
		if (new_addr & ~PAGE_MASK)
			return -EINVAL;
		if (!(flags & MREMAP_MAYMOVE))
			return -EINVAL;
		if (new_len > task_size || new_addr > task_size - new_len)
			return -EINVAL;
		/* The new place must not overlap the old one. */
		if (new_addr <= addr && (u64)new_addr + new_len > addr)
			return -EINVAL;
		if (addr <= new_addr && (u64)addr + old_len > new_addr)
			return -EINVAL;
		ret = mremap_munmap(mm, new_addr, new_len);
		if (ret)
			return ret;
	}

	/* Always allow a shrinking remap: it just unmaps the tail. */
	if (old_len >= new_len) {
		ret = mremap_munmap(mm, addr + new_len, old_len - new_len);
		if (ret && old_len != new_len)
			return ret;
		if (!(flags & MREMAP_FIXED) || new_addr == addr)
			return addr;
		old_len = new_len;
	}

	/* Grow, or move. */
	vma = find_vma(mm, addr);
	if (!vma || vma->vm_start > addr)
		return -EFAULT;
	vma_touch(vma, VF_start_end, false);
	vma_touch(vma, VF_flags_prot, false);
	/* No remap across VMA boundaries. */
	if ((u64)old_len > vma->vm_end - addr)
		return -EFAULT;

	/* The old range runs to the VMA's end and is not moved away. */
	if (old_len == vma->vm_end - addr &&
	    !((flags & MREMAP_FIXED) && addr != new_addr) &&
	    (old_len != new_len || !(flags & MREMAP_MAYMOVE))) {
		u64 max_addr = task_size;

		if (vma->vm_next) {
			vma_touch(vma->vm_next, VF_start_end, false);
			max_addr = vma->vm_next->vm_start;
		}
		/* Can the mapping just grow? */
		if (max_addr - addr >= new_len) {
			spin_lock(&mm->page_table_lock);
			vma_touch(vma, VF_start_end, true);
			vma->vm_end = addr + new_len;
			spin_unlock(&mm->page_table_lock);
			mm_touch_rmw(mm, MF_total_vm);
			return addr;
		}
	}

	/* It cannot grow where it is: make a new one and move. */
	if (!(flags & MREMAP_MAYMOVE))
		return -ENOMEM;
	if (!(flags & MREMAP_FIXED)) {
		new_addr = get_unmapped_area(mm, new_len);
		if (!new_addr)
			return -ENOMEM;
	}
	return move_vma(vma, addr, old_len, new_len, new_addr);
}
