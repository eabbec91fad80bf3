// SPDX-License-Identifier: GPL-2.0-only
/*
 * VMAs and the mm lifecycle (mm/mmap.c, kernel/fork.c dup_mmap, 2.6.0):
 * a sorted VMA list, find_vma with its one-entry cache, mmap/munmap/brk,
 * exit_mmap and the page-table copy of fork.  VMAs are host memory; their
 * list walks are charged as code (find_vma_step), not modelled in the
 * caches.  mmap and brk do no VMA merging: each mmap is its own VMA (2.6.0
 * merges an anonymous mmap into the one before it); mprotect and mremap
 * do 2.6.0's merges (mm/mprotect.c, mm/mremap.c).
 */
#include "mm/mm.h"

#include <stdlib.h>
#include <string.h>

#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "kernel/task_touch.h"
#include "mm/internal.h"
#include "mm/rmap.h"
#include "mm/page_tree.h"
#include "mm/pgtable_hazard.h"
#include "mm/pin_cache.h"
#include "mm/pte_window.h"
#include "mm/uncached_hazard.h"
#include "mm/mm_touch.h"
#include "mm/vma_touch.h"

bool mm_leak_one_page;

struct mm_struct *mm_alloc(void)
{
	CC_SCOPE(pgd_alloc);
	struct mm_struct *mm = calloc(1, sizeof(*mm));

	if (!mm)
		return NULL;
	mm->pgd = pgtable->pgd_alloc();
	if (!mm->pgd) {
		free(mm);
		return NULL;
	}
	mm->mm_users = 1;
	mm->mm_count = 1;
	mm->mmap_sem = RWSEM_INIT("mmap_sem");
	mm->page_table_lock = SPINLOCK_INIT("page_table_lock");
	/* TASK_UNMAPPED_BASE = PAGE_ALIGN(TASK_SIZE / 3) */
	mm->mmap_base = ALIGN_UP(layout.task_size / 3, PAGE_SIZE);
	if (pte_window_mm_init(mm) || mm_place(mm)) {
		pte_window_mm_exit(mm);
		pgtable->pgd_free(mm->pgd);
		free(mm);
		return NULL;
	}
	return mm;
}

void mmdrop(struct mm_struct *mm)
{
	mm_touch_rmw(mm, MF_count);
	if (--mm->mm_count > 0)
		return;
	BUG_ON(mm->mm_count < 0);
	BUG_ON(mm->mmap || mm->rss || mm->nr_ptes);
	{
		CC_SCOPE(pgd_free);

		pte_window_mm_exit(mm);
		pgtable->pgd_free(mm->pgd);
	}
	destroy_context(mm);
	mm_unplace(mm);
	free(mm);
}

void mmput(struct mm_struct *mm)
{
	mm_touch_rmw(mm, MF_users);
	if (--mm->mm_users > 0)
		return;
	BUG_ON(mm->mm_users < 0);
	exit_mmap(mm);
	mmdrop(mm);
}

struct vm_area_struct *find_vma(struct mm_struct *mm, vaddr_t addr)
{
	CC_SCOPE(find_vma);
	struct vm_area_struct *v = mm->mmap_cache;

	/* mm->mmap_cache, or 3.15+'s per-task vmacache (vmacache_find:
	 * the mm's seqnum, the task's seqnum and slots). */
	mm_touch(mm, MF_mmap_cache, false);
	task_touch_vmacache(mm, false);
	if (v)
		vma_touch(v, VF_start_end, false);
	if (v && v->vm_start <= addr && addr < v->vm_end)
		return v;
	mm_touch(mm, MF_mmap_rb, false);
	vma_touch_lookup(mm, addr);
	for (v = mm->mmap; v; v = v->vm_next) {
		charge(CODE_find_vma_step);
		if (addr < v->vm_end) {
			if (mm_touch_caches_vma())
				mm_touch(mm, MF_mmap_cache, true);
			else
				task_touch_vmacache(mm, true);
			mm->mmap_cache = v;
			return v;
		}
	}
	return NULL;
}

struct vm_area_struct *find_vma_prev(struct mm_struct *mm, vaddr_t addr,
				     struct vm_area_struct **pprev)
{
	CC_SCOPE(find_vma);
	struct vm_area_struct *v, *prev = NULL;

	mm_touch(mm, MF_mmap_rb, false);
	vma_touch_lookup(mm, addr);
	for (v = mm->mmap; v; prev = v, v = v->vm_next) {
		charge(CODE_find_vma_step);
		if (addr < v->vm_end)
			break;
	}
	*pprev = prev;
	return v;
}

static void vma_link(struct mm_struct *mm, struct vm_area_struct *vma)
{
	struct vm_area_struct **pp = &mm->mmap;

	while (*pp && (*pp)->vm_start < vma->vm_start)
		pp = &(*pp)->vm_next;
	vma->vm_next = *pp;
	*pp = vma;
}

/*
 * vma_link_file - put a file VMA on its object's i_mmap, with a reference
 * to the object (__vma_link_file); vma_unlink_file undoes both.  Host
 * bookkeeping: what linking costs is in CODE_mmap and CODE_fork.
 */
static void vma_link_file(struct vm_area_struct *vma)
{
	struct address_space *as = vma->vm_file;

	if (!as)
		return;
	address_space_get(as);
	vma->i_mmap_next = as->i_mmap;
	if (as->i_mmap)
		as->i_mmap->i_mmap_pprev = &vma->i_mmap_next;
	vma->i_mmap_pprev = &as->i_mmap;
	as->i_mmap = vma;
}

static void vma_unlink_file(struct vm_area_struct *vma)
{
	if (!vma->vm_file)
		return;
	*vma->i_mmap_pprev = vma->i_mmap_next;
	if (vma->i_mmap_next)
		vma->i_mmap_next->i_mmap_pprev = vma->i_mmap_pprev;
	address_space_put(vma->vm_file);
}

struct vm_area_struct *i_mmap_next_holding(struct vm_area_struct *vma,
					   unsigned long pgoff)
{
	for (; vma; vma = vma->i_mmap_next) {
		unsigned long pages = (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;

		/* The i_mmap walk: each VMA's links, offset and range. */
		vma_touch(vma, VF_shared, false);
		vma_touch(vma, VF_pgoff_file, false);
		vma_touch(vma, VF_start_end, false);
		if (pgoff >= vma->vm_pgoff && pgoff - vma->vm_pgoff < pages) {
			charge(CODE_find_vma_step);
			return vma;
		}
	}
	return NULL;
}

void insert_vm_struct(struct mm_struct *mm, struct vm_area_struct *vma)
{
	vma_link_file(vma);
	vma_link(mm, vma);
	vma_touch_link(mm, vma);
	mm_touch_rmw(mm, MF_map_count);
}

void __vma_unlink(struct mm_struct *mm, struct vm_area_struct *vma,
		  struct vm_area_struct *prev)
{
	BUG_ON(prev->vm_next != vma);
	/* rb_erase, and the predecessor's vm_next. */
	vma_touch(vma, VF_rb, false);
	vma_touch(vma, VF_next, false);
	vma_touch(prev, VF_next, true);
	prev->vm_next = vma->vm_next;
	if (mm->mmap_cache == vma) {
		mm_touch(mm, MF_mmap_cache, true);
		mm->mmap_cache = prev;
	}
	mm_touch_rmw(mm, MF_map_count);
}

/*
 * vm_area_alloc: a zeroed VMA and, under kernel_data=mem_map, its object
 * (mm/vma_touch.h), every byte written.  Return: it, or NULL.
 */
static struct vm_area_struct *vm_area_alloc(void)
{
	struct vm_area_struct *vma = calloc(1, sizeof(*vma));

	if (!vma)
		return NULL;
	if (vma_place(vma)) {
		free(vma);
		return NULL;
	}
	vma_touch_all(vma, true);
	return vma;
}

/* vm_area_dup: *new = *orig, the old object read whole and the new one
 * written.  Return: the copy, or NULL. */
struct vm_area_struct *vm_area_dup(const struct vm_area_struct *orig)
{
	struct vm_area_struct *vma = malloc(sizeof(*vma));

	if (!vma)
		return NULL;
	*vma = *orig;
	if (vma_place(vma)) {
		free(vma);
		return NULL;
	}
	vma_touch_all(orig, false);
	vma_touch_all(vma, true);
	return vma;
}

void vm_area_free(struct vm_area_struct *vma)
{
	vma_unplace(vma);
	free(vma);
}

/* Free a chain of vmas already unlinked from their mm, with their files. */
static void remove_vma_list(struct vm_area_struct *vma)
{
	while (vma) {
		struct vm_area_struct *next = vma->vm_next;

		/* remove_vma: vm_ops, vm_file (fput), vm_area_free. */
		vma_touch(vma, VF_pgoff_file, false);
		vma_unlink_file(vma);
		vm_area_free(vma);
		vma = next;
	}
}

/* First gap of @len bytes at or above mmap_base (the 2.6 legacy layout). */
vaddr_t get_unmapped_area(struct mm_struct *mm, u32 len)
{
	u64 addr = mm->mmap_base;

	for (struct vm_area_struct *v = mm->mmap; v; v = v->vm_next) {
		vma_touch(v, VF_start_end, false);
		if (v->vm_end <= addr)
			continue;
		if (addr + len <= v->vm_start)
			break;
		addr = v->vm_end;
	}
	if (addr + len > layout.task_size - STACK_TOP_GAP)
		return 0;
	return (vaddr_t)addr;
}

long do_mmap(struct mm_struct *mm, vaddr_t addr, u32 len, u32 flags,
	     struct address_space *file, unsigned long pgoff)
{
	CC_SCOPE(do_mmap);
	struct vm_area_struct *vma;

	charge(CODE_mmap);
	len = ALIGN_UP(len, PAGE_SIZE);
	if (!len || (addr & ~PAGE_MASK))
		return -EINVAL;
	if (!addr) {
		addr = get_unmapped_area(mm, len);
		if (!addr)
			return -ENOMEM;
	} else {
		if ((u64)addr + len > layout.task_size)
			return -ENOMEM;
		/* MAP_FIXED replaces what was there; mmap_region fails
		 * with -ENOMEM when that unmap cannot split a VMA. */
		if (do_munmap(mm, addr, len))
			return -ENOMEM;
	}
	vma = vm_area_alloc();
	if (!vma)
		return -ENOMEM;
	vma->vm_mm = mm;
	vma->vm_start = addr;
	vma->vm_end = addr + len;
	vma->vm_flags = flags | VM_MAYREAD | VM_MAYEXEC |
			((flags & VM_SHARED) && !(flags & VM_WRITE) ? 0 :
								  VM_MAYWRITE);
	vma->vm_file = file;
	/*
	 * An anonymous VMA's offset is its address in pages (3.14
	 * do_mmap_pgoff: "pgoff = addr >> PAGE_SHIFT"), from which objrmap
	 * finds an anonymous page (linear_page_index, vma_address).
	 */
	vma->vm_pgoff = file ? pgoff : addr >> PAGE_SHIFT;
	vma_link_file(vma);
	vma_link(mm, vma);
	vma_touch_link(mm, vma);
	/* The tree's root and list head; map_count++, total_vm. */
	mm_touch(mm, MF_mmap_rb, false);
	mm_touch_rmw(mm, MF_map_count);
	mm_touch_rmw(mm, MF_total_vm);
	return addr;
}

int split_vma(struct vm_area_struct *vma, vaddr_t addr)
{
	struct vm_area_struct *n = vm_area_dup(vma);

	if (!n)
		return -ENOMEM;
	n->vm_start = addr;
	n->vm_pgoff += (addr - vma->vm_start) >> PAGE_SHIFT;
	vma_link_file(n);
	vma_touch(vma, VF_start_end, true);
	vma->vm_end = addr;
	vma->vm_next = n;
	vma_touch_link(vma->vm_mm, n);
	return 0;
}

int do_munmap(struct mm_struct *mm, vaddr_t start, u32 len)
{
	CC_SCOPE(do_munmap);
	vaddr_t end = start + ALIGN_UP(len, PAGE_SIZE);
	struct vm_area_struct **pp, *detached = NULL, **tail = &detached;
	struct mmu_gather tlb;

	charge(CODE_mmap);
	if ((start & ~PAGE_MASK) || !len || end <= start)
		return -EINVAL;
	/* Detach the VMAs inside [start, end), splitting at the edges. */
	for (pp = &mm->mmap; *pp;) {
		struct vm_area_struct *v = *pp;

		vma_touch(v, VF_start_end, false);
		if (v->vm_end <= start) {
			pp = &v->vm_next;
			continue;
		}
		if (v->vm_start >= end)
			break;
		if (v->vm_start < start) {
			if (split_vma(v, start))
				return -ENOMEM;
			pp = &v->vm_next;
			continue;
		}
		if (v->vm_end > end && split_vma(v, end))
			return -ENOMEM;
		/* detach_vmas_to_be_unmapped: rb_erase, and the list
		 * predecessor's vm_next. */
		vma_touch(v, VF_rb, false);
		vma_touch(v, VF_next, false);
		if (pp != &mm->mmap)
			vma_touch(container_of(pp, struct vm_area_struct,
					       vm_next),
				  VF_next, true);
		*pp = v->vm_next;
		v->vm_next = NULL;
		*tail = v;
		tail = &v->vm_next;
		mm_touch_rmw(mm, MF_map_count);
		mm_touch_rmw(mm, MF_total_vm);
	}
	if (!detached)
		return 0;
	/* The VMA cache dropped (5.x: vmacache_invalidate's seqnum++). */
	mm_touch_rmw(mm, MF_mmap_cache);
	mm->mmap_cache = NULL;
	spin_lock(&mm->page_table_lock);
	tlb_gather_mmu(&tlb, mm);
	for (struct vm_area_struct *v = detached; v; v = v->vm_next) {
		flush_cache_range(v, v->vm_start, v->vm_end);
		unmap_page_range(&tlb, v, v->vm_start, v->vm_end);
	}
	free_pgtables(&tlb, start, end);
	tlb_finish_mmu(&tlb);
	spin_unlock(&mm->page_table_lock);
	remove_vma_list(detached);
	return 0;
}

vaddr_t do_brk(struct mm_struct *mm, vaddr_t brk)
{
	CC_SCOPE(do_brk);
	vaddr_t old = ALIGN_UP(mm->brk, PAGE_SIZE);
	vaddr_t new = ALIGN_UP(brk, PAGE_SIZE);

	charge(CODE_mmap);
	if (brk < mm->start_brk)
		return mm->brk;
	if (new < old) {
		/* A shrink that cannot split the heap's VMA leaves brk. */
		if (do_munmap(mm, new, old - new))
			return mm->brk;
	} else if (new > old) {
		struct vm_area_struct *v = find_vma(mm, old);

		if (v && v->vm_start < new)
			return mm->brk;
		/* Extend the heap VMA ending at old, or start one. */
		for (v = mm->mmap; v; v = v->vm_next)
			if (v->vm_end == old && !v->vm_file &&
			    (v->vm_flags & VM_WRITE) &&
			    !(v->vm_flags & VM_GROWSDOWN))
				break;
		if (v) {
			vma_touch(v, VF_start_end, true);
			v->vm_end = new;
		}
		else if (IS_ERR_VALUE(do_mmap(mm, old, new - old,
					      VM_READ | VM_WRITE, NULL, 0)))
			return mm->brk;
	}
	mm->brk = brk;
	return brk;
}

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *v;

	spin_lock(&mm->page_table_lock);
	tlb_gather_mmu(&tlb, mm);
	flush_cache_mm(mm);
	for (v = mm->mmap; v; v = v->vm_next) {
		/* unmap_vmas: each VMA's range and flags. */
		vma_touch(v, VF_start_end, false);
		vma_touch(v, VF_flags_prot, false);
		unmap_page_range(&tlb, v, v->vm_start, v->vm_end);
	}
	v = mm->mmap;
	mm->mmap = NULL;
	mm->mmap_cache = NULL;
	/* clear_page_tables: every user PTE page. */
	free_pgtables(&tlb, 0, layout.task_size);
	/* Fault injection: keep one reference that exit should drop. */
	if (mm_leak_one_page && tlb.nr) {
		mm_leak_one_page = false;
		get_page(tlb.pages[0]);
	}
	tlb_finish_mmu(&tlb);
	spin_unlock(&mm->page_table_lock);
	remove_vma_list(v);
	pin_cache_flush(mm, true);
}

int dup_mmap(struct mm_struct *mm, struct mm_struct *oldmm)
{
	int err = 0;

	down_write(&oldmm->mmap_sem);
	/* The parent's PTEs turn read-only under the copy: its pins go. */
	pin_cache_flush(oldmm, false);
	flush_cache_mm(oldmm);
	mm->brk = oldmm->brk;
	mm->start_brk = oldmm->start_brk;
	mm->start_stack = oldmm->start_stack;
	mm->mmap_base = oldmm->mmap_base;
	for (struct vm_area_struct *v = oldmm->mmap; v; v = v->vm_next) {
		struct vm_area_struct *n = vm_area_dup(v);

		hw_event(this_cpu(), EV_fork_vma);
		if (!n) {
			err = -ENOMEM;
			break;
		}
		n->vm_mm = mm;
		n->vm_next = NULL;
		vma_link_file(n);
		vma_link(mm, n);
		vma_touch_link(mm, n);
		mm_touch_rmw(mm, MF_map_count);
		spin_lock(&mm->page_table_lock);
		err = copy_page_range(mm, oldmm, n);
		spin_unlock(&mm->page_table_lock);
		if (err)
			break;
	}
	/* The parent's PTEs were write-protected: flush its TLB. */
	flush_tlb_mm(oldmm);
	up_write(&oldmm->mmap_sem);
	return err;
}

void mm_subsys_init(void)
{
	zero_page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!zero_page)
		panic("mm_subsys_init: no zero page");
	set_page_flag(zero_page, PG_reserved);
	page_tree_init();
	vma_touch_init();
	mm_touch_init();
	pt_hazard_init();
	uncached_hazard_init();
}

void mm_subsys_exit(void)
{
	pt_hazard_exit();
	uncached_hazard_exit();
	if (!zero_page)
		return;
	clear_page_flag(zero_page, PG_reserved);
	__free_page(zero_page);
	zero_page = NULL;
}
