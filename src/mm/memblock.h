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

void memblock_reset(void);

#endif
