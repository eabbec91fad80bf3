/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kmalloc/kfree: general-purpose kernel allocations from power-of-two slab
 * caches (kmalloc-32 ... kmalloc-4096) in simulated lowmem, and larger
 * ones as compound page blocks (kmalloc_large).
 */
#ifndef VMSPLIT_MM_KMALLOC_H
#define VMSPLIT_MM_KMALLOC_H

#include "mm/gfp.h"

void kmalloc_init(void);
void kmalloc_exit(void);
/* After slab_forget: the caches are gone; drop the pointers. */
void kmalloc_forget(void);

/*
 * A kernel VA of at least @size bytes, or 0 (no memory).  Past 4096 bytes
 * a compound block from the buddy allocator (kmalloc_large).
 */
vaddr_t kmalloc(u32 size, gfp_t gfp);
/* The bytes the object at @objp really has (ksize). */
u32 ksize(vaddr_t objp);
void kfree(vaddr_t objp);

/* For tests: the order of the last kmalloc_large block handed out. */
extern unsigned int kmalloc_large_last_order;

#endif
