// SPDX-License-Identifier: GPL-2.0-only
/*
 * The chain hints (see mm/rmap_hint.h): a pointer per frame, [min_pfn,
 * max_pfn), to a growable array of the frame's blocks.  The pointers sit
 * in an anonymous mapping, whose host pages are committed only where a
 * frame got a chain (the NUMA-Q has four million frames), and the frames
 * that ever had an array are listed, so that chain_hint_exit frees them
 * without reading the whole table.
 */
#include "mm/rmap_hint.h"

#include <stdlib.h>
#include <sys/mman.h>

#include "base/panic.h"

#define HINT_MIN_SIZE 4u

static struct chain_hint **hints;	/* by pfn - min_pfn; NULL: none yet */
static unsigned long nr_hints;
static u32 *owners;			/* the pfns with an array */
static u32 nr_owners, owners_size;

void chain_hint_init(void)
{
	chain_hint_exit();
}

void chain_hint_exit(void)
{
	if (hints) {
		for (u32 i = 0; i < nr_owners; i++)
			free(hints[owners[i] - min_pfn]);
		if (munmap(hints, nr_hints * sizeof(*hints)))
			panic("chain_hint: munmap of the table failed");
	}
	free(owners);
	hints = NULL;
	nr_hints = 0;
	owners = NULL;
	nr_owners = owners_size = 0;
}

/* @page's slot in the table, which is mapped at the first use. */
static struct chain_hint **hint_slot(const struct page *page)
{
	unsigned long pfn = page_to_pfn(page);

	if (!hints) {
		void *map;

		nr_hints = max_pfn - min_pfn;
		map = mmap(NULL, nr_hints * sizeof(*hints),
			   PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (map == MAP_FAILED)
			panic("chain_hint: no host memory for %lu frames",
			      nr_hints);
		hints = map;
	}
	BUG_ON(pfn - min_pfn >= nr_hints);
	return &hints[pfn - min_pfn];
}

static void add_owner(unsigned long pfn)
{
	if (nr_owners == owners_size) {
		owners_size = owners_size ? 2 * owners_size : 256;
		owners = realloc(owners, owners_size * sizeof(*owners));
		if (!owners)
			panic("chain_hint: no host memory for the owner list");
	}
	owners[nr_owners++] = (u32)pfn;
}

void chain_hint_push(const struct page *page, vaddr_t pc)
{
	struct chain_hint **slot = hint_slot(page), *h = *slot;

	if (!h || h->nr == h->size) {
		u32 size = h ? 2 * h->size : HINT_MIN_SIZE;

		if (!h)
			add_owner(page_to_pfn(page));
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
	return hints ? hints[page_to_pfn(page) - min_pfn] : NULL;
}

void chain_hint_for_each(void (*fn)(struct page *page, void *arg), void *arg)
{
	for (u32 i = 0; i < nr_owners; i++)
		fn(pfn_to_page(owners[i]), arg);
}
