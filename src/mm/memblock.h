/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Boot-time memory: reservations made before the buddy allocator runs
 * (kernel image, mem_map, boot page tables), as memblock does.  Allocation
 * is top-down inside lowmem, like Linux's default memblock policy.
 */
#ifndef VMSPLIT_MM_MEMBLOCK_H
#define VMSPLIT_MM_MEMBLOCK_H

#include "base/types.h"

/* Reserve [base, base + size): those frames never reach the buddy lists. */
void memblock_reserve(phys_addr_t base, u64 size);

/*
 * memblock_alloc - reserve @size bytes aligned to @align below
 * @limit (exclusive), top-down.  Panics when lowmem is exhausted at boot.
 * Return: the physical address.
 */
phys_addr_t memblock_alloc(u64 size, u64 align, phys_addr_t limit);

/* Is the frame @pfn reserved? */
bool memblock_is_reserved(unsigned long pfn);

/* Does any byte of [base, base + size) lie in a reserved range? */
bool memblock_is_region_reserved(phys_addr_t base, u64 size);

/*
 * memblock_next_free_pfn_range - the first run of frames at or above @pfn
 * and below @limit that no reservation touches, as [*@start, *@end)
 * (for_each_free_mem_pfn_range: a partly reserved frame is reserved).
 * Return: false if there is none.
 */
bool memblock_next_free_pfn_range(unsigned long pfn, unsigned long limit,
				  unsigned long *start, unsigned long *end);

/*
 * memblock_seal - memblock_free_all() has run: from now on the buddy
 * allocator owns RAM, and its deferred blocks (mm/mmzone.h) are read off
 * memblock, so a later reservation panics instead of changing them.
 */
void memblock_seal(void);

/* Forget every reservation and unseal (a new boot). */
void memblock_reset(void);

#endif
