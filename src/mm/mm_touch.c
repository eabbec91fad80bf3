// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct mm_struct at its simulated address (see mm/mm_touch.h).
 */
#include "mm/mm_touch.h"

#include "arch/kv.h"
#include "base/errno.h"
#include "mm/page_touch.h"
#include "mm/slab.h"

struct mm_layout {
	u16 size, align;
	u16 off[NR_MM_FIELDS];
	u8 len[NR_MM_FIELDS];
	u16 mmap_sem;		/* its count word */
	u16 ptl;		/* page_table_lock's word; ptl_len 0: none */
	u8 ptl_len;
	bool mmap_cache;	/* find_vma caches in the mm */
};

/*
 * 2.5.73: mmap 0, mm_rb 4, mmap_cache 8, free_area_cache 12, pgd 16,
 * mm_users 20, mm_count 24, map_count 28, mmap_sem 32 (count, wait_lock,
 * wait_list: 16), page_table_lock 48, mmlist 52, the code/data/brk/arg
 * bounds 60-103, rss 104, total_vm 108, locked_vm 112, def_flags 116,
 * cpu_vm_mask 120, swap_address 124, dumpable 128, context 132 (size,
 * a semaphore of 20, ldt at 156).
 */
static const struct mm_layout mm_2_5_73 = {
	.size = 384, .align = 32,
	.off = { [MF_mmap_rb] = 0, [MF_mmap_cache] = 8, [MF_pgd] = 16,
		 [MF_users] = 20, [MF_count] = 24, [MF_map_count] = 28,
		 [MF_rss] = 104, [MF_total_vm] = 108, [MF_cpu_mask] = 120,
		 [MF_context] = 156 },
	.len = { [MF_mmap_rb] = 8, [MF_mmap_cache] = 4, [MF_pgd] = 4,
		 [MF_users] = 4, [MF_count] = 4, [MF_map_count] = 4,
		 [MF_rss] = 4, [MF_total_vm] = 4, [MF_cpu_mask] = 4,
		 [MF_context] = 4 },
	.mmap_sem = 32, .ptl = 48, .ptl_len = 4, .mmap_cache = true,
};

/*
 * 3.14 on the Kirkwood (UP): mmap 0, mm_rb 4, mmap_cache 8,
 * get_unmapped_area 12, mmap_base 16 .. highest_vm_end 28, pgd 32,
 * mm_users 36, mm_count 40, nr_ptes 44, map_count 48, page_table_lock
 * (empty) and mmap_sem 52 (activity, wait_lock empty, wait_list: 12),
 * mmlist 64, hiwater_rss 72, total_vm 80, ..., saved_auxv 152 (168),
 * rss_stat 320 (12), binfmt 332, cpu_vm_mask 336, context 340
 * (switch_pending, vmalloc_seq, sigpage).
 */
static const struct mm_layout mm_3_14 = {
	.size = 372, .align = 32,
	.off = { [MF_mmap_rb] = 0, [MF_mmap_cache] = 8, [MF_pgd] = 32,
		 [MF_users] = 36, [MF_count] = 40, [MF_map_count] = 48,
		 [MF_rss] = 320, [MF_total_vm] = 80, [MF_cpu_mask] = 336,
		 [MF_context] = 340 },
	.len = { [MF_mmap_rb] = 8, [MF_mmap_cache] = 4, [MF_pgd] = 4,
		 [MF_users] = 4, [MF_count] = 4, [MF_map_count] = 4,
		 [MF_rss] = 12, [MF_total_vm] = 4, [MF_cpu_mask] = 4,
		 [MF_context] = 8 },
	.mmap_sem = 52, .ptl_len = 0, .mmap_cache = true,
};

/*
 * 5.7 on omap2plus (SMP): mmap 0, mm_rb 4, vmacache_seqnum 8 (u64),
 * get_unmapped_area 16, mmap_base 20, mmap_legacy_base 24, task_size 28,
 * highest_vm_end 32, pgd 36, membarrier_state 40, mm_users 44, mm_count
 * 48, pgtables_bytes 52, map_count 56, page_table_lock 60, mmap_sem 64
 * (24), mmlist 88, hiwater_rss 96, hiwater_vm 100, total_vm 104, ...,
 * pinned_vm 112, saved_auxv 184 (168), rss_stat 352 (16), context 376
 * (the ASID's atomic64), cpu_bitmap 452.
 */
static const struct mm_layout mm_5_7 = {
	.size = 456, .align = 64,
	.off = { [MF_mmap_rb] = 0, [MF_mmap_cache] = 8, [MF_pgd] = 36,
		 [MF_users] = 44, [MF_count] = 48, [MF_map_count] = 56,
		 [MF_rss] = 352, [MF_total_vm] = 104, [MF_cpu_mask] = 452,
		 [MF_context] = 376 },
	.len = { [MF_mmap_rb] = 8, [MF_mmap_cache] = 8, [MF_pgd] = 4,
		 [MF_users] = 4, [MF_count] = 4, [MF_map_count] = 4,
		 [MF_rss] = 16, [MF_total_vm] = 4, [MF_cpu_mask] = 4,
		 [MF_context] = 8 },
	.mmap_sem = 64, .ptl = 60, .ptl_len = 4, .mmap_cache = false,
};

static const struct mm_layout *ml;
static struct kmem_cache *mm_cachep;

void mm_touch_init(void)
{
	static const struct mm_layout *const by_kernel[] = {
		[LAYOUT_2_5_73] = &mm_2_5_73,
		[LAYOUT_3_14] = &mm_3_14,
		[LAYOUT_5_7] = &mm_5_7,
	};

	if (!page_touch_layout)
		return;
	ml = by_kernel[page_touch_kernel()];
	mm_cachep = kmem_cache_create("mm_struct", ml->size, ml->align);
}

void mm_touch_exit(void)
{
	if (mm_cachep)
		kmem_cache_destroy(mm_cachep);
	mm_touch_forget();
}

void mm_touch_forget(void)
{
	mm_cachep = NULL;
	ml = NULL;
}

bool mm_touch_caches_vma(void)
{
	return !ml || ml->mmap_cache;
}

int mm_place(struct mm_struct *mm)
{
	mm->kva = 0;
	if (!ml)
		return 0;
	mm->kva = kmem_cache_alloc(mm_cachep, GFP_KERNEL);
	if (!mm->kva)
		return -ENOMEM;
	kv_touch(mm->kva, ml->size, true);
	mm->mmap_sem.kva = mm->kva + ml->mmap_sem;
	if (ml->ptl_len)
		mm->page_table_lock.kva = mm->kva + ml->ptl;
	return 0;
}

void mm_unplace(struct mm_struct *mm)
{
	if (mm->kva)
		kmem_cache_free(mm_cachep, mm->kva);
	mm->kva = 0;
	mm->mmap_sem.kva = 0;
	mm->page_table_lock.kva = 0;
}

void mm_touch_all(const struct mm_struct *mm, bool write)
{
	if (mm->kva)
		kv_touch(mm->kva, ml->size, write);
}

void mm_touch(const struct mm_struct *mm, enum mm_field f, bool write)
{
	if (mm->kva)
		kv_touch(mm->kva + ml->off[f], ml->len[f], write);
}
