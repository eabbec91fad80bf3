/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A frame table: a value of host bookkeeping per frame, [min_pfn, max_pfn),
 * for bookkeeping only some frames need (the rmap shadow's page totals,
 * the chain hints).  The NUMA-Q has four million frames and a run touches
 * few of them, so the values sit in chunks of FRAME_TABLE_CHUNK, each
 * allocated, zeroed, when one of its values is first asked for, under a
 * directory allocated at the first.  Frames handed out together keep
 * their values together.  All of it is host heap, which LeakSanitizer
 * scans: what a value points at stays reachable, even where a test
 * abandons a kernel at a panic.  Nothing here is simulated state.
 */
#ifndef VMSPLIT_MM_FRAME_TABLE_H
#define VMSPLIT_MM_FRAME_TABLE_H

#include "mm/mm_types.h"

#define FRAME_TABLE_CHUNK 1024ul

struct frame_table {
	u32 size;		/* bytes a value */
	u32 nr_chunks;		/* 0 before the first value is asked for */
	u8 **chunk;		/* [nr_chunks]: NULL, or FRAME_TABLE_CHUNK values */
};

/* The initializer of an empty table of @bytes-byte values. */
#define FRAME_TABLE_INIT(bytes) { .size = (bytes) }

/* frame_table_exit - free its chunks (not what its values point at),
 * leaving it empty. */
void frame_table_exit(struct frame_table *t);

/* The chunk holding @pfn's value, allocated and zeroed; out of line. */
u8 *frame_table_grow(struct frame_table *t, unsigned long pfn);

/* frame_table_slot - @pfn's value, its chunk allocated if need be. */
static inline void *frame_table_slot(struct frame_table *t, unsigned long pfn)
{
	unsigned long i = pfn - min_pfn;
	u8 *chunk = i / FRAME_TABLE_CHUNK < t->nr_chunks ?
			    t->chunk[i / FRAME_TABLE_CHUNK] : NULL;

	if (!chunk)
		chunk = frame_table_grow(t, pfn);
	return chunk + (i % FRAME_TABLE_CHUNK) * t->size;
}

/*
 * frame_table_peek - @pfn's value, or NULL if its chunk was never
 * allocated (every value in it is zero then).
 */
static inline const void *frame_table_peek(const struct frame_table *t,
					   unsigned long pfn)
{
	unsigned long i = pfn - min_pfn;
	const u8 *chunk;

	if (i / FRAME_TABLE_CHUNK >= t->nr_chunks)
		return NULL;
	chunk = t->chunk[i / FRAME_TABLE_CHUNK];
	return chunk ? chunk + (i % FRAME_TABLE_CHUNK) * t->size : NULL;
}

/*
 * frame_table_for_each - call @fn with every frame of an allocated chunk
 * and its value, zero or not, in pfn order.
 */
void frame_table_for_each(const struct frame_table *t,
			  void (*fn)(unsigned long pfn, void *value, void *arg),
			  void *arg);

#endif
