// SPDX-License-Identifier: GPL-2.0-only
/* Frame tables (see mm/frame_table.h). */
#include "mm/frame_table.h"

#include <stdlib.h>
#include <string.h>

#include "base/panic.h"

void frame_table_exit(struct frame_table *t)
{
	for (u32 c = 0; c < t->nr_chunks; c++)
		free(t->chunk[c]);
	free(t->chunk);
	t->chunk = NULL;
	t->nr_chunks = 0;
}

u8 *frame_table_grow(struct frame_table *t, unsigned long pfn)
{
	unsigned long i = pfn - min_pfn;

	BUG_ON(!t->size);
	if (!t->chunk) {
		t->nr_chunks = (u32)DIV_ROUND_UP(max_pfn - min_pfn,
						 FRAME_TABLE_CHUNK);
		t->chunk = calloc(t->nr_chunks, sizeof(*t->chunk));
		if (!t->chunk)
			panic("frame_table: no host memory for %u chunks",
			      t->nr_chunks);
	}
	BUG_ON(pfn < min_pfn || pfn >= max_pfn ||
	       i / FRAME_TABLE_CHUNK >= t->nr_chunks);
	if (!t->chunk[i / FRAME_TABLE_CHUNK]) {
		t->chunk[i / FRAME_TABLE_CHUNK] =
			calloc(FRAME_TABLE_CHUNK, t->size);
		if (!t->chunk[i / FRAME_TABLE_CHUNK])
			panic("frame_table: no host memory for a chunk");
	}
	return t->chunk[i / FRAME_TABLE_CHUNK];
}

void frame_table_for_each(const struct frame_table *t,
			  void (*fn)(unsigned long pfn, void *value, void *arg),
			  void *arg)
{
	for (u32 c = 0; c < t->nr_chunks; c++) {
		unsigned long first = min_pfn + c * FRAME_TABLE_CHUNK;
		unsigned long end = MIN(first + FRAME_TABLE_CHUNK, max_pfn);

		if (!t->chunk[c])
			continue;
		for (unsigned long pfn = first; pfn < end; pfn++)
			fn(pfn, t->chunk[c] + (pfn - first) * t->size, arg);
	}
}
