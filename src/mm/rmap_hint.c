// SPDX-License-Identifier: GPL-2.0-only
/*
 * The chain hints (see mm/rmap_hint.h): a pointer per frame, [min_pfn,
 * max_pfn), to a growable array of the frame's blocks.  The pointers sit
 * in chunks of HINT_CHUNK frames, allocated at a chunk's first chain (the
 * NUMA-Q has four million frames, and a run gives chains to few of them),
 * under a directory of the chunks.  All of it is heap memory, which
 * LeakSanitizer scans: an array hanging off an anonymous mapping would be
 * reported as leaked wherever a test abandons a kernel at a panic.
 */
#include "mm/rmap_hint.h"

#include <stdlib.h>

#include "base/panic.h"

#define HINT_CHUNK 1024u
#define HINT_MIN_SIZE 4u

static struct chain_hint ***chunks;	/* [nr_chunks]; NULL: no chain yet */
static u32 nr_chunks;
static unsigned long nr_frames;

void chain_hint_init(void)
{
	chain_hint_exit();
}

void chain_hint_exit(void)
{
	for (u32 c = 0; chunks && c < nr_chunks; c++) {
		for (u32 i = 0; chunks[c] && i < HINT_CHUNK; i++)
			free(chunks[c][i]);
		free(chunks[c]);
	}
	free(chunks);
	chunks = NULL;
	nr_chunks = 0;
	nr_frames = 0;
}

/* @page's slot, its chunk allocated if it has none yet. */
static struct chain_hint **hint_slot(const struct page *page)
{
	unsigned long i = page_to_pfn(page) - min_pfn;
	struct chain_hint ***chunk;

	if (!chunks) {
		nr_frames = max_pfn - min_pfn;
		nr_chunks = (u32)DIV_ROUND_UP(nr_frames, HINT_CHUNK);
		chunks = calloc(nr_chunks, sizeof(*chunks));
		if (!chunks)
			panic("chain_hint: no host memory for %u chunks",
			      nr_chunks);
	}
	BUG_ON(i >= nr_frames);
	chunk = &chunks[i / HINT_CHUNK];
	if (!*chunk) {
		*chunk = calloc(HINT_CHUNK, sizeof(**chunk));
		if (!*chunk)
			panic("chain_hint: no host memory for a chunk");
	}
	return &(*chunk)[i % HINT_CHUNK];
}

void chain_hint_push(const struct page *page, vaddr_t pc)
{
	struct chain_hint **slot = hint_slot(page), *h = *slot;

	if (!h || h->nr == h->size) {
		u32 size = h ? 2 * h->size : HINT_MIN_SIZE;

		h = realloc(h, sizeof(*h) + size * sizeof(h->blk[0]));
		if (!h)
			panic("chain_hint: no host memory for %u blocks", size);
		if (!*slot)
			h->nr = 0;
		h->size = size;
		*slot = h;
	}
	h->blk[h->nr++] = pc;
}

void chain_hint_pop(const struct page *page)
{
	struct chain_hint *h = *hint_slot(page);

	BUG_ON(!h || !h->nr);
	h->nr--;
}

const struct chain_hint *chain_hint_of(const struct page *page)
{
	unsigned long i = page_to_pfn(page) - min_pfn;

	if (!chunks || !chunks[i / HINT_CHUNK])
		return NULL;
	return chunks[i / HINT_CHUNK][i % HINT_CHUNK];
}

void chain_hint_for_each(void (*fn)(struct page *page, void *arg), void *arg)
{
	for (u32 c = 0; chunks && c < nr_chunks; c++) {
		for (u32 i = 0; chunks[c] && i < HINT_CHUNK; i++)
			if (chunks[c][i])
				fn(pfn_to_page(min_pfn + c * HINT_CHUNK + i),
				   arg);
	}
}
