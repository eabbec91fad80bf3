// SPDX-License-Identifier: GPL-2.0-only
/*
 * vm_area_struct at simulated addresses (see mm/vma_touch.h).
 */
#include "mm/vma_touch.h"

#include <stdlib.h>

#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "mm/page_touch.h"
#include "mm/slab.h"

struct vma_layout {
	const char *kernel;
	u8 size;
	u8 off[NR_VMA_FIELDS];
	u8 len[NR_VMA_FIELDS];
};

/* docs/kernel-objects.md section 5. */
static const struct vma_layout vma_2_5_73 = {
	.kernel = "2.5.73",
	.size = 64,
	.off = { [VF_start_end] = 4, [VF_next] = 12, [VF_rb] = 24,
		 [VF_flags_prot] = 16, [VF_shared] = 40, [VF_pgoff_file] = 52 },
	.len = { [VF_start_end] = 8, [VF_next] = 4, [VF_rb] = 16,
		 [VF_flags_prot] = 8, [VF_shared] = 8, [VF_pgoff_file] = 8 },
};

static const struct vma_layout vma_3_14 = {
	.kernel = "3.14",
	.size = 88,
	.off = { [VF_start_end] = 0, [VF_next] = 8, [VF_rb] = 16,
		 [VF_flags_prot] = 36, [VF_shared] = 44, [VF_pgoff_file] = 76,
		 [VF_anon_vma] = 68 },
	.len = { [VF_start_end] = 8, [VF_next] = 8, [VF_rb] = 12,
		 [VF_flags_prot] = 8, [VF_shared] = 16, [VF_pgoff_file] = 8,
		 [VF_anon_vma] = 4 },
};

/* 5.7: 3.14's offsets, and swap_readahead_info at 88 (CONFIG_SWAP). */
static const struct vma_layout vma_5_7 = {
	.kernel = "5.7",
	.size = 92,
	.off = { [VF_start_end] = 0, [VF_next] = 8, [VF_rb] = 16,
		 [VF_flags_prot] = 36, [VF_shared] = 44, [VF_pgoff_file] = 76,
		 [VF_anon_vma] = 68 },
	.len = { [VF_start_end] = 8, [VF_next] = 8, [VF_rb] = 12,
		 [VF_flags_prot] = 8, [VF_shared] = 16, [VF_pgoff_file] = 8,
		 [VF_anon_vma] = 4 },
};

static const struct vma_layout *vl;
static struct kmem_cache *vm_area_cachep;

bool vma_placed(void)
{
	return vl != NULL;
}

void vma_touch_init(void)
{
	static const struct vma_layout *const by_kernel[] = {
		[LAYOUT_2_5_73] = &vma_2_5_73,
		[LAYOUT_3_14] = &vma_3_14,
		[LAYOUT_5_7] = &vma_5_7,
	};

	if (!page_touch_layout)
		return;
	vl = by_kernel[page_touch_kernel()];
	/* 2.5.73 fork.c, 3.14 and 5.7 KMEM_CACHE(vm_area_struct): the
	 * struct's own alignment, a word. */
	vm_area_cachep = kmem_cache_create("vm_area_struct", vl->size, 4);
}

void vma_touch_exit(void)
{
	if (vm_area_cachep)
		kmem_cache_destroy(vm_area_cachep);
	vm_area_cachep = NULL;
	vl = NULL;
}

void vma_touch_forget(void)
{
	vm_area_cachep = NULL;
	vl = NULL;
}

int vma_place(struct vm_area_struct *vma)
{
	vma->kva = 0;
	if (!vl)
		return 0;
	vma->kva = kmem_cache_alloc(vm_area_cachep, GFP_KERNEL);
	return vma->kva ? 0 : -ENOMEM;
}

void vma_unplace(struct vm_area_struct *vma)
{
	if (vma->kva)
		kmem_cache_free(vm_area_cachep, vma->kva);
	vma->kva = 0;
}

void vma_touch(const struct vm_area_struct *vma, enum vma_field f,
	       bool write)
{
	if (vma->kva && vl->len[f])
		kv_touch(vma->kva + vl->off[f], vl->len[f], write);
}

void vma_touch_all(const struct vm_area_struct *vma, bool write)
{
	if (vma->kva)
		kv_touch(vma->kva, vl->size, write);
}

/*
 * The VMAs of @mm in address order, but @skip, into @v (which holds
 * @cap); return how many.  Host only.
 */
static u32 vma_array(const struct mm_struct *mm,
		     const struct vm_area_struct *skip,
		     const struct vm_area_struct **v, u32 cap)
{
	u32 n = 0;

	for (const struct vm_area_struct *p = mm->mmap; p; p = p->vm_next) {
		if (p == skip)
			continue;
		if (n == cap)
			panic("vma_touch: more than %u VMAs in one mm", cap);
		v[n++] = p;
	}
	return n;
}

#define VMA_ARRAY_MAX 4096

/*
 * The binary search for @addr over @v[0 .. @n): each node visited loads
 * vm_end, vm_start and vm_rb.  Return: the last node visited, or NULL.
 */
static const struct vm_area_struct *
touch_path(const struct vm_area_struct **v, u32 n, vaddr_t addr)
{
	const struct vm_area_struct *last = NULL;
	s32 lo = 0, hi = (s32)n - 1;

	while (lo <= hi) {
		s32 mid = lo + (hi - lo) / 2;

		last = v[mid];
		vma_touch(last, VF_rb, false);
		vma_touch(last, VF_start_end, false);
		if (last->vm_end > addr) {
			if (last->vm_start <= addr)
				break;
			hi = mid - 1;
		} else {
			lo = mid + 1;
		}
	}
	return last;
}

void vma_touch_lookup(const struct mm_struct *mm, vaddr_t addr)
{
	static const struct vm_area_struct *v[VMA_ARRAY_MAX];

	if (!vl)
		return;
	touch_path(v, vma_array(mm, NULL, v, VMA_ARRAY_MAX), addr);
}

void vma_touch_link(const struct mm_struct *mm,
		    const struct vm_area_struct *vma)
{
	static const struct vm_area_struct *v[VMA_ARRAY_MAX];
	const struct vm_area_struct *parent, *prev = NULL;

	if (!vl)
		return;
	parent = touch_path(v, vma_array(mm, vma, v, VMA_ARRAY_MAX),
			    vma->vm_start);
	/* rb_link_node: the parent's child pointer. */
	if (parent)
		vma_touch(parent, VF_rb, true);
	for (const struct vm_area_struct *p = mm->mmap; p != vma;
	     p = p->vm_next)
		prev = p;
	if (prev)
		vma_touch(prev, VF_next, true);
	/* The new node's own links and, for 3.14's vm_prev, its
	 * successor's back link. */
	vma_touch(vma, VF_next, true);
	vma_touch(vma, VF_rb, true);
	if (vma->vm_next && vl != &vma_2_5_73)
		vma_touch(vma->vm_next, VF_next, true);
}
