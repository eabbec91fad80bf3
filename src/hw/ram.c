// SPDX-License-Identifier: GPL-2.0-only
#include "hw/ram.h"

#include <stdlib.h>
#include <string.h>

#include "base/errno.h"
#include "base/panic.h"

int ram_init(struct ram *ram, phys_addr_t base, u64 size, u32 nodes)
{
	memset(ram, 0, sizeof(*ram));
	if (!size || size > RAM_MAX_BYTES || !nodes ||
	    !IS_ALIGNED(size, 1ull << RAM_CHUNK_SHIFT) ||
	    !IS_ALIGNED(base, 1ull << RAM_CHUNK_SHIFT) ||
	    size % nodes || (size / nodes) % PAGE_SIZE)
		return -EINVAL;
	ram->base = base;
	ram->size = size;
	ram->nodes = nodes;
	ram->nr_chunks = (u32)(size >> RAM_CHUNK_SHIFT);
	ram->chunk = calloc(ram->nr_chunks, sizeof(*ram->chunk));
	if (!ram->chunk)
		return -ENOMEM;
	return 0;
}

void ram_exit(struct ram *ram)
{
	for (u32 i = 0; i < ram->nr_chunks; i++)
		free(ram->chunk[i]);
	free(ram->chunk);
	memset(ram, 0, sizeof(*ram));
}

u8 *__ram_chunk_alloc(struct ram *ram, u32 idx)
{
	BUG_ON(idx >= ram->nr_chunks);
	/* calloc of a whole chunk is served by mmap: zero pages, lazily. */
	ram->chunk[idx] = calloc(1, 1u << RAM_CHUNK_SHIFT);
	if (!ram->chunk[idx])
		panic("__ram_chunk_alloc: host out of memory");
	return ram->chunk[idx];
}

u32 ram_read32(struct ram *ram, phys_addr_t pa)
{
	u32 v;

	BUG_ON(!ram_contains(ram, pa, 4) || !IS_ALIGNED(pa, 4));
	memcpy(&v, ram_ptr(ram, pa), 4);
	return v;
}

u64 ram_read64(struct ram *ram, phys_addr_t pa)
{
	u64 v;

	BUG_ON(!ram_contains(ram, pa, 8) || !IS_ALIGNED(pa, 8));
	memcpy(&v, ram_ptr(ram, pa), 8);
	return v;
}

void ram_write32(struct ram *ram, phys_addr_t pa, u32 v)
{
	BUG_ON(!ram_contains(ram, pa, 4) || !IS_ALIGNED(pa, 4));
	memcpy(ram_ptr(ram, pa), &v, 4);
}

void ram_write64(struct ram *ram, phys_addr_t pa, u64 v)
{
	BUG_ON(!ram_contains(ram, pa, 8) || !IS_ALIGNED(pa, 8));
	memcpy(ram_ptr(ram, pa), &v, 8);
}
