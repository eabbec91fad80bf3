/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Simulated RAM: one contiguous physical bank of up to 64 GiB, split into
 * NUMA nodes of equal size.  The host reserves the whole bank as one
 * address range that its demand paging fills on first touch, so a 16 GiB
 * NUMA-Q costs the host only what the run touches, and a physical address
 * is one addition away from its host byte.
 */
#ifndef VMSPLIT_HW_RAM_H
#define VMSPLIT_HW_RAM_H

#include "base/types.h"

#define RAM_ALIGN_SHIFT 20
#define RAM_MAX_BYTES (64ull << 30)

struct ram {
	phys_addr_t base;	/* first physical address */
	u64 size;		/* bytes */
	u64 map_size;		/* host bytes mapped, at least size */
	u32 nodes;		/* NUMA nodes, each size / nodes bytes */
	u32 node_shift;		/* log2 of a node's size (sizes are powers of two), or 0 */
	u64 node_size;		/* size / nodes */
	u8 *host;		/* the bank's host bytes, zero until written */
	/*
	 * writes[frame]: stores to each frame since boot.  The TLB
	 * coherence checker keeps a verified entry while the frames its walk
	 * read are unwritten; a frame never written holds zeros, so a store
	 * of zeros to it can be skipped (hw/access.c).
	 */
	u64 *writes;
	/*
	 * With ram_set_reuse() on: the frames whose writes[] left zero, in
	 * the order they did, so that ram_exit() can put the bank back to
	 * zeros by clearing those alone; NULL otherwise.
	 */
	u32 *dirty;
	u32 nr_dirty;
	/* With reuse, a bit per frame: has a store ever reached it (and so
	 * the host committed its page)?  nr_seen counts them. */
	u8 *seen;
	u32 nr_seen;
};

/*
 * Set up @ram; -EINVAL for a size above RAM_MAX_BYTES, or base or size not
 * 1 MiB aligned, or nodes that do not split it into whole pages; -ENOMEM
 * when the host cannot reserve the range.
 */
int ram_init(struct ram *ram, phys_addr_t base, u64 size, u32 nodes);
void ram_exit(struct ram *ram);

/*
 * ram_set_reuse - keep a released bank for the next ram_init() of at most
 * its size (@on), or stop and return the kept one to the host.  For a
 * process that boots one machine after another (the fuzzer boots one per
 * input): a fresh bank's host bytes cost a page fault and the host's
 * zeroing of a 2 MiB page wherever boot first writes, a kept one only the
 * clearing of the frames the last run wrote.  A kept bank reads exactly
 * as a fresh one, all zeros with every writes[] count at zero; this rests
 * on every store counting itself (ram_note_write), which is the bank's
 * contract anyway.  A bank mapped while reuse is on gets no huge pages
 * (ram.c says why); banks that were mapped while it was off are unmapped
 * as before.
 */
void ram_set_reuse(bool on);
/* Is a released bank kept for reuse?  (For tests.) */
bool ram_bank_kept(void);

/* Is [pa, pa + len) inside the bank? */
static inline bool ram_contains(const struct ram *ram, phys_addr_t pa, u64 len)
{
	return pa >= ram->base && len <= ram->size &&
	       pa - ram->base <= ram->size - len;
}

/*
 * Host pointer to the byte at @pa, which must be in the bank.  The returned
 * pointer is valid up to the end of the bank.
 */
static inline u8 *ram_ptr(struct ram *ram, phys_addr_t pa)
{
	return ram->host + (pa - ram->base);
}

/* Frame number of @pa within the bank. */
static inline u32 ram_frame(const struct ram *ram, phys_addr_t pa)
{
	return (u32)((pa - ram->base) >> PAGE_SHIFT);
}

/*
 * Has no store reached @pa's frame since boot?  Then it still holds the
 * host's zeros: every host store to the bank counts itself first
 * (ram_note_write), so a count of zero means all-zero bytes.
 */
static inline bool ram_frame_unwritten(const struct ram *ram, phys_addr_t pa)
{
	return !ram->writes[ram_frame(ram, pa)];
}

/* A store to @pa's frame. */
static inline void ram_note_write(struct ram *ram, phys_addr_t pa)
{
	u32 f = ram_frame(ram, pa);

	if (unlikely(!ram->writes[f]++) && ram->dirty)
		ram->dirty[ram->nr_dirty++] = f;
}

/*
 * Host pointer for @len bytes stored at @pa from outside the simulated CPUs
 * (a device, a test setting memory up): every frame of the range is
 * counted as written first, which keeps ram_frame_unwritten true only of
 * frames that still hold zeros.
 */
static inline u8 *ram_ptr_write(struct ram *ram, phys_addr_t pa, u64 len)
{
	phys_addr_t f = pa & ~(phys_addr_t)(PAGE_SIZE - 1);

	for (; f < pa + len; f += PAGE_SIZE)
		ram_note_write(ram, f);
	return ram_ptr(ram, pa);
}

/* NUMA node that holds @pa. */
static inline u32 ram_node(const struct ram *ram, phys_addr_t pa)
{
	if (likely(ram->node_shift))
		return (u32)((pa - ram->base) >> ram->node_shift);
	return (u32)((pa - ram->base) / ram->node_size);
}

/* Uncharged physical accessors, for the table walker and boot code. */
u32 ram_read32(struct ram *ram, phys_addr_t pa);
u64 ram_read64(struct ram *ram, phys_addr_t pa);
void ram_write32(struct ram *ram, phys_addr_t pa, u32 v);
void ram_write64(struct ram *ram, phys_addr_t pa, u64 v);

#endif
