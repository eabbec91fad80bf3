/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef VMSPLIT_MM_INIT_H
#define VMSPLIT_MM_INIT_H

#include "base/types.h"

/*
 * mm_init - bring up memory management on the booted machine: memblock
 * reservations (kernel image, mem_map), kernel page tables, zones and
 * buddy allocator, pkmap and the kmap slots.  Return: 0 or -ENOMEM.
 */
int mm_init(void);
void mm_exit(void);

/*
 * The dentry hash table (kernel_data=mem_map, 3.x and 5.x): the array of
 * 4-byte hlist_bl_heads that dcache_init_early takes at boot with
 * alloc_large_system_hash("Dentry cache", ..., scale 13, HASH_EARLY),
 * from memblock before the buddy allocator owns lowmem: one bucket per
 * two lowmem pages (rounded up to a MiB), a power of two.  0 and 0 when
 * not placed.
 */
extern vaddr_t dentry_hashtable;
extern u32 d_hash_shift;

#endif
