// SPDX-License-Identifier: GPL-2.0-only
/*
 * The chain hints (see mm/rmap_hint.h): a frame table (mm/frame_table.h)
 * of pointers, each to a growable array of its frame's blocks, NULL until
 * the frame's first chain.
 */
#include "mm/rmap_hint.h"

#include <stdlib.h>

#include "base/panic.h"
#include "mm/frame_table.h"

#define HINT_MIN_SIZE 4u

/* Of struct chain_hint *. */
static struct frame_table hints = FRAME_TABLE_INIT(sizeof(struct chain_hint *));

static void free_hint(unsigned long pfn, void *value, void *arg)
{
	free(*(struct chain_hint **)value);
}

void chain_hint_init(void)
{
	chain_hint_exit();
}

void chain_hint_exit(void)
{
	frame_table_for_each(&hints, free_hint, NULL);
	frame_table_exit(&hints);
}

void chain_hint_push(const struct page *page, vaddr_t pc)
{
	struct chain_hint **slot = frame_table_slot(&hints, page_to_pfn(page));
	struct chain_hint *h = *slot;

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
	struct chain_hint *const *slot =
		frame_table_peek(&hints, page_to_pfn(page));

	BUG_ON(!slot || !*slot || !(*slot)->nr);
	(*slot)->nr--;
}

const struct chain_hint *chain_hint_of(const struct page *page)
{
	struct chain_hint *const *slot =
		frame_table_peek(&hints, page_to_pfn(page));

	return slot ? *slot : NULL;
}

struct hint_visit {
	void (*fn)(struct page *page, void *arg);
	void *arg;
};

static void visit_hint(unsigned long pfn, void *value, void *arg)
{
	const struct hint_visit *v = arg;

	if (*(struct chain_hint **)value)
		v->fn(pfn_to_page(pfn), v->arg);
}

void chain_hint_for_each(void (*fn)(struct page *page, void *arg), void *arg)
{
	struct hint_visit v = { fn, arg };

	frame_table_for_each(&hints, visit_hint, &v);
}
