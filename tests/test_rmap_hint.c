// SPDX-License-Identifier: GPL-2.0-only
/*
 * The chain hints (mm/rmap_hint.c): a page's blocks pushed and popped in
 * chain order, growth past the first array, the walk of the pages that
 * ever had one (in pfn order, at both ends of RAM), the reset at boot.
 * That page_add_rmap, page_remove_rmap and page_referenced keep them on
 * a chain's blocks is tested with the chains, in tests/test_rmap.c.
 *
 * Every test leaves each page's hints empty or on its chain, as the
 * end-of-run audit in test_shutdown() requires.
 */
#include "helpers.h"

#include "arch/layout.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/rmap.h"
#include "mm/rmap_hint.h"

/* A block address of the kind the pte_chain slab hands out. */
static vaddr_t blk_at(u32 i)
{
	return 0xc1000000u + i * 32;
}

struct hint_walk {
	u32 n;
	unsigned long pfn[4];
};

static void visit(struct page *page, void *arg)
{
	struct hint_walk *w = arg;

	if (w->n < 4)
		w->pfn[w->n] = page_to_pfn(page);
	w->n++;
}

static struct hint_walk pages_with_hints(void)
{
	struct hint_walk w = { 0 };

	chain_hint_for_each(visit, &w);
	return w;
}

Test(rmap_hint, push_and_pop_keep_chain_order_past_the_first_array)
{
	TEST_BOOT("numaq-16");
	struct page *p = pfn_to_page(min_pfn + 100);
	const struct chain_hint *h;

	cr_assert_null(chain_hint_of(p));
	for (u32 i = 0; i < 100; i++)
		chain_hint_push(p, blk_at(i));
	h = chain_hint_of(p);
	cr_assert_not_null(h);
	cr_assert_eq(h->nr, 100);
	cr_assert_geq(h->size, 100);
	/* Tail first: the first block pushed is the chain's last. */
	for (u32 i = 0; i < 100; i++)
		cr_assert_eq(h->blk[i], blk_at(i), "blk[%u] = %#x", i,
			     h->blk[i]);
	for (u32 i = 0; i < 60; i++)
		chain_hint_pop(p);
	h = chain_hint_of(p);
	cr_assert_eq(h->nr, 40);
	cr_assert_eq(h->blk[39], blk_at(39));
	chain_hint_push(p, blk_at(1000));
	cr_assert_eq(chain_hint_of(p)->blk[40], blk_at(1000));
	for (u32 i = 0; i < 41; i++)
		chain_hint_pop(p);
	cr_assert_eq(chain_hint_of(p)->nr, 0);
	cr_assert_eq(pages_with_hints().n, 1);
	test_shutdown();
}

Test(rmap_hint, pages_are_walked_once_in_pfn_order_and_dropped_at_boot)
{
	TEST_BOOT("numaq-16");
	struct page *p = pfn_to_page(min_pfn + 7);
	struct page *q = pfn_to_page(max_pfn - 1);
	struct hint_walk w;

	/* The last frame first: the walk goes by pfn, not by first push. */
	chain_hint_push(q, blk_at(1));
	chain_hint_push(q, blk_at(2));
	chain_hint_push(p, blk_at(0));
	chain_hint_pop(q);
	chain_hint_pop(q);
	chain_hint_push(q, blk_at(3));
	w = pages_with_hints();
	cr_assert_eq(w.n, 2);
	cr_assert_eq(w.pfn[0], min_pfn + 7);
	cr_assert_eq(w.pfn[1], max_pfn - 1);
	chain_hint_pop(p);
	chain_hint_pop(q);
	test_shutdown();

	TEST_BOOT("numaq-16");
	cr_assert_eq(pages_with_hints().n, 0);
	cr_assert_null(chain_hint_of(pfn_to_page(min_pfn + 7)));
	test_shutdown();
}

Test(rmap_hint, popping_a_page_without_blocks_stops)
{
	TEST_BOOT("numaq-16");
	struct page *p = pfn_to_page(min_pfn + 5);

	EXPECT_PANIC("chain_hint_pop: BUG_ON", { chain_hint_pop(p); });
}
