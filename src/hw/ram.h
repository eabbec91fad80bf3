/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Simulated RAM: one contiguous physical bank of up to 64 GiB, split into
 * NUMA nodes of equal size.  Host memory is reserved lazily, one 1 MiB chunk
 * at a time on first touch, so a 16 GiB NUMA-Q costs the host only what the
 * run touches.  Chunks never straddle a page, so a page is always one
 * contiguous host buffer.
 */
#ifndef VMSPLIT_HW_RAM_H
#define VMSPLIT_HW_RAM_H

#include "base/types.h"

#define RAM_CHUNK_SHIFT 20
#define RAM_MAX_BYTES (64ull << 30)

struct ram {
	phys_addr_t base;	/* first physical address */
	u64 size;		/* bytes */
	u32 nodes;		/* NUMA nodes, each size / nodes bytes */
	u32 nr_chunks;
	u8 **chunk;		/* host buffers, NULL until touched */
};

/* Set up @ram; returns -EINVAL for a size above RAM_MAX_BYTES or unaligned. */
int ram_init(struct ram *ram, phys_addr_t base, u64 size, u32 nodes);
void ram_exit(struct ram *ram);

/* Is [pa, pa + len) inside the bank? */
static inline bool ram_contains(const struct ram *ram, phys_addr_t pa, u64 len)
{
	return pa >= ram->base && len <= ram->size &&
	       pa - ram->base <= ram->size - len;
}

u8 *__ram_chunk_alloc(struct ram *ram, u32 idx);

/*
 * Host pointer to the byte at @pa, which must be in the bank.  The returned
 * pointer is valid up to the end of the page that contains @pa.
 */
static inline u8 *ram_ptr(struct ram *ram, phys_addr_t pa)
{
	u64 off = pa - ram->base;
	u32 idx = (u32)(off >> RAM_CHUNK_SHIFT);
	u8 *c = ram->chunk[idx];

	if (unlikely(!c))
		c = __ram_chunk_alloc(ram, idx);
	return c + (off & ((1u << RAM_CHUNK_SHIFT) - 1));
}

/* NUMA node that holds @pa. */
static inline u32 ram_node(const struct ram *ram, phys_addr_t pa)
{
	return (u32)((pa - ram->base) / (ram->size / ram->nodes));
}

/* Uncharged physical accessors, for the table walker and boot code. */
u32 ram_read32(struct ram *ram, phys_addr_t pa);
u64 ram_read64(struct ram *ram, phys_addr_t pa);
void ram_write32(struct ram *ram, phys_addr_t pa, u32 v);
void ram_write64(struct ram *ram, phys_addr_t pa, u64 v);

#endif
