/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kmalloc/kfree: general-purpose kernel allocations from power-of-two slab
 * caches (kmalloc-32 ... kmalloc-4096) in simulated lowmem.
 */
#ifndef VMSPLIT_MM_KMALLOC_H
#define VMSPLIT_MM_KMALLOC_H

#include "mm/gfp.h"

void kmalloc_init(void);
void kmalloc_exit(void);
/* After slab_forget: the caches are gone; drop the pointers. */
void kmalloc_forget(void);

/* A kernel VA of at least @size bytes, or 0 (too big, or no memory). */
vaddr_t kmalloc(u32 size, gfp_t gfp);
void kfree(vaddr_t objp);

#endif
