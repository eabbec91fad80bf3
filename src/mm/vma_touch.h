/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vm_area_struct at simulated addresses (kernel_data=mem_map): each VMA the
 * model makes gets an object of the board's kernel's vm_area_cachep, of
 * that kernel's size, and the model's VMA code charges the fields Linux's
 * reads and writes through the TLB and caches there.  The host keeps the
 * values (struct vm_area_struct in mm/mm.h); with kernel_data=host every
 * call below does nothing.
 *
 * Layouts: docs/kernel-objects.md section 5 (2.5.73 include/linux/mm.h,
 * 3.14 and 5.7 include/linux/mm_types.h, read by hand); 5.11 and 6.1 are
 * taken as 5.7's (6.1's maple-tree VMA was not derived: coarse).
 *
 * The tree: 2.5.73, 3.14 and 5.7 find a VMA by walking mm->mm_rb, a
 * red-black tree of the VMAs by address.  The model keeps a sorted list;
 * a lookup touches the nodes a perfectly balanced tree over that list
 * would visit (its binary search), an insertion the same path and its
 * parent's link; rebalancing rotations are not touched (coarse,
 * docs/fidelity.md).  mm_struct is not placed yet: mm->mmap_cache and
 * the tree's root pointer are free.
 */
#ifndef VMSPLIT_MM_VMA_TOUCH_H
#define VMSPLIT_MM_VMA_TOUCH_H

#include "mm/mm.h"

enum vma_field {
	VF_start_end,	/* vm_start, vm_end */
	VF_next,	/* vm_next (3.14, 5.7: and vm_prev) */
	VF_rb,		/* vm_rb */
	VF_flags_prot,	/* vm_page_prot, vm_flags */
	VF_shared,	/* the i_mmap links (shared.vm_set / shared.rb) */
	VF_pgoff_file,	/* vm_pgoff, vm_file */
	VF_anon_vma,	/* anon_vma (3.14, 5.7; 2.5.73 has none: no access) */
	NR_VMA_FIELDS
};

/* Is the placement on (kernel_data=mem_map, between init and exit)? */
bool vma_placed(void);

/*
 * mm_subsys_init: vm_area_cachep at the kernel's size; shutdown_kernel,
 * every VMA gone: the cache destroyed, before the leak audit;
 * abandon_kernel: forgotten (slab_forget frees it).
 */
void vma_touch_init(void);
void vma_touch_exit(void);
void vma_touch_forget(void);

/*
 * vma_place - an object for @vma (vm_area_alloc); vma_unplace gives it
 * back (vm_area_free).  The measured mmap and fork paths leave their slab
 * calls out ("charged apart", platforms/kpath-*.c): these charge them,
 * which kernel_data=host, with no object to allocate, does not.
 * Return: 0, or -ENOMEM (no page for a new slab).
 */
int vma_place(struct vm_area_struct *vma);
void vma_unplace(struct vm_area_struct *vma);

/* A load or store of @f of @vma. */
void vma_touch(const struct vm_area_struct *vma, enum vma_field f,
	       bool write);
/* The whole object: a store of every byte (initialisation), or a load
 * (vm_area_dup's copy source). */
void vma_touch_all(const struct vm_area_struct *vma, bool write);

/*
 * vma_touch_lookup - what the rbtree walk of find_vma(@mm, @addr) loads:
 * vm_end, vm_start and vm_rb of each node on the path.
 */
void vma_touch_lookup(const struct mm_struct *mm, vaddr_t addr);

/*
 * vma_touch_link - @vma, already on @mm's list, is inserted: the path to
 * its place (as vma_touch_lookup), its parent's child link and its
 * list predecessor's vm_next written (__vma_link_rb, __vma_link_list).
 */
void vma_touch_link(const struct mm_struct *mm,
		    const struct vm_area_struct *vma);

#endif
