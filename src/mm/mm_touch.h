/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct mm_struct at its simulated address (kernel_data=mem_map): each mm
 * the model makes gets an object of the board's kernel's mm_cachep, of
 * that kernel's size and cache-line alignment (SLAB_HWCACHE_ALIGN), and
 * the fields Linux's paths read and write are charged there: find_vma's
 * cache and tree root, the user and reference counts, the VMA count and
 * total_vm, the rss counters a fault or an unmap changes, switch_mm's pgd,
 * CPU mask and context, and -- through their lock words (kernel/lock.h)
 * -- mmap_sem and, where it is the PTE lock, page_table_lock.  fork copies
 * the parent's whole object (dup_mm's memcpy), exec clears a new one.
 *
 * Layouts, read by hand: 2.5.73 include/linux/sched.h (i386, SMP); 3.14.1
 * include/linux/mm_types.h on the Kirkwood (UP: spinlock_t is empty, so
 * page_table_lock has no word); 5.7.14 on omap2plus (SMP); 5.11 and 6.1
 * taken as 5.7 (coarse).  2.5.73's size is [E]: its tail embeds a struct
 * kioctx not summed here, and 384 bytes (a multiple of its 32-byte
 * alignment) is taken; every field touched lies in its first 160 bytes.
 * 3.14's 372 and 5.7's 456 are docs/kernel-objects.md section 6's.
 * With kernel_data=host every call does nothing.
 */
#ifndef VMSPLIT_MM_MM_TOUCH_H
#define VMSPLIT_MM_MM_TOUCH_H

#include "mm/mm.h"

enum mm_field {
	MF_mmap_rb,	/* mmap, mm_rb: the list head and tree root */
	MF_mmap_cache,	/* mmap_cache (5.7: vmacache_seqnum) */
	MF_pgd,
	MF_users,	/* mm_users */
	MF_count,	/* mm_count */
	MF_map_count,
	MF_rss,		/* rss (2.5.73), rss_stat */
	MF_total_vm,
	MF_cpu_mask,	/* cpu_vm_mask */
	MF_context,	/* mm_context_t: the ldt (i386), ASID or vmalloc_seq */
	NR_MM_FIELDS
};

/* mm_subsys_init: mm_cachep; shutdown_kernel: away before the leak
 * audit; abandon_kernel: forgotten. */
void mm_touch_init(void);
void mm_touch_exit(void);
void mm_touch_forget(void);

/*
 * mm_place - an object for @mm (allocate_mm), written whole (mm_alloc's
 * memset), and its lock words; mm_unplace: free_mm.
 * Return: 0, or -ENOMEM.
 */
int mm_place(struct mm_struct *mm);
void mm_unplace(struct mm_struct *mm);

/* The whole object: fork's dup_mm reads the parent's (its memcpy). */
void mm_touch_all(const struct mm_struct *mm, bool write);

void mm_touch(const struct mm_struct *mm, enum mm_field f, bool write);

/* An atomic or a counter update: the load, then the store. */
static inline void mm_touch_rmw(const struct mm_struct *mm, enum mm_field f)
{
	mm_touch(mm, f, false);
	mm_touch(mm, f, true);
}

/* Does the kernel cache find_vma's result in the mm (2.5.73, 3.14), or
 * per task (5.x's vmacache, task_struct: not placed)? */
bool mm_touch_caches_vma(void);

#endif
