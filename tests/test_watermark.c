// SPDX-License-Identifier: GPL-2.0-only
/*
 * The zone watermarks of a 3.x kernel (src/mm/page_alloc.c, issue 32):
 * 3.16's __setup_per_zone_wmarks on the Kirkwood's lowmem, and
 * __zone_watermark_ok as an allocation that cannot sleep meets it -- the
 * low mark first, then the min mark less half (__GFP_HIGH, ALLOC_HIGH)
 * and less a quarter of the rest (ALLOC_HARDER, not with
 * __GFP_NOMEMALLOC), and for an order the free memory in larger blocks.
 * An allocation that may sleep is not checked, and a 5.7 kernel not at
 * all (its rule is not modelled).
 */
#include "helpers.h"

#include <stdlib.h>

#include "hw/machine.h"
#include "mm/gfp.h"
#include "mm/mm_types.h"
#include "mm/mmzone.h"

#define KW "kirkwood-openblocks-a7"

static unsigned long isqrt(unsigned long x)
{
	unsigned long r = 0;

	while ((r + 1) * (r + 1) <= x)
		r++;
	return r;
}

/*
 * The Kirkwood's 1 GiB under VMSPLIT_3G: ZONE_NORMAL holds lowmem,
 * ZONE_HIGHMEM the rest.  min_free_kbytes = int_sqrt(lowmem KiB * 16);
 * Normal takes all of it as its min (the only lowmem zone), low and high
 * a quarter and a half more; HighMem's min is its pages / 1024 within
 * 32 .. 128.
 */
Test(watermark, kirkwood_3_16_marks)
{
	struct zone *n, *h;
	unsigned long kb, min;

	TEST_BOOT(KW, "pcp=n");
	n = test_zone(0, ZONE_NORMAL);
	h = test_zone(0, ZONE_HIGHMEM);
	kb = isqrt(n->present_pages * 4 * 16);
	min = kb / 4;
	cr_assert_eq(n->watermark[0], min);
	cr_assert_eq(n->watermark[1], min + min / 4);
	cr_assert_eq(n->watermark[2], min + min / 2);
	/* About 3.5 MiB of the ~760 MiB: 880-odd pages. */
	cr_assert(min > 850 && min < 900, "%lu", min);
	cr_assert_eq(h->watermark[0],
		     MIN(MAX(h->present_pages / 1024, 32ul), 128ul));
	test_shutdown();
}

static struct page **held;
static u32 nheld;

static void hold(struct page *pg, unsigned int order)
{
	pg->private = order;
	held[nheld++] = pg;
}

/* Leave exactly @left order-0 pages free in ZONE_NORMAL: take @left
 * pages first, then everything else, then give the @left back. */
static void leave_free(unsigned long left)
{
	struct page *pg, **mine = calloc(left, sizeof(*mine));
	struct zone *n = test_zone(0, ZONE_NORMAL);

	held = calloc(1u << 18, sizeof(*held));
	cr_assert(held && mine);
	for (unsigned long i = 0; i < left; i++) {
		mine[i] = alloc_page(GFP_KERNEL);
		cr_assert(mine[i]);
	}
	for (int order = MAX_ORDER - 1; order >= 0; order--)
		while ((pg = alloc_pages(GFP_KERNEL, (unsigned)order)))
			hold(pg, (unsigned)order);
	for (unsigned long i = 0; i < left; i++)
		__free_page(mine[i]);
	free(mine);
	cr_assert_eq(n->free_pages, left);
}

static void give_back(void)
{
	for (u32 i = 0; i < nheld; i++) {
		unsigned int order = (unsigned int)held[i]->private;

		held[i]->private = 0;
		__free_pages(held[i], order);
	}
	free(held);
	held = NULL;
	nheld = 0;
}

/* Can an order-0 allocation with @gfp be had now?  (It goes back.) */
static bool can_alloc(gfp_t gfp)
{
	struct page *pg = alloc_page(gfp);

	if (pg)
		__free_page(pg);
	return pg != NULL;
}

/*
 * GFP_ATOMIC (__GFP_HIGH, no __GFP_NOMEMALLOC) passes while more than
 * min - min/2 - (min - min/2)/4 pages are free, 1 taken; with
 * __GFP_NOMEMALLOC (kmalloc_reserve's) while more than min - min/2; an
 * allocation that may sleep takes the very last page.
 */
Test(watermark, atomic_allowances_at_the_boundary)
{
	unsigned long min, high, harder;
	struct zone *n;

	TEST_BOOT(KW, "pcp=n");
	n = test_zone(0, ZONE_NORMAL);
	min = n->watermark[0];
	high = min - min / 2;
	harder = high - high / 4;
	leave_free(harder + 1);
	cr_assert(can_alloc(GFP_ATOMIC));
	cr_assert_not(can_alloc(GFP_ATOMIC | __GFP_NOMEMALLOC));
	give_back();
	leave_free(harder);
	cr_assert_not(can_alloc(GFP_ATOMIC));
	cr_assert(can_alloc(GFP_KERNEL));
	give_back();
	leave_free(high + 1);
	cr_assert(can_alloc(GFP_ATOMIC | __GFP_NOMEMALLOC));
	give_back();
	leave_free(1);
	cr_assert(can_alloc(GFP_KERNEL));
	cr_assert_not(can_alloc(GFP_ATOMIC));
	cr_assert_gt(machine_event_total(EV_page_alloc_atomic_fail), 0);
	give_back();
	test_shutdown();
}

/*
 * Fragmented lowmem: plenty free, but only in order-3 blocks.  An
 * atomic order-3 allocation passes, an order-5 one fails the per-order
 * test (nothing free in blocks of 32 pages or more) -- as a 64 KiB TSO
 * skb's linearized head does (kmalloc_large, order 5).
 */
Test(watermark, fragmented_lowmem_refuses_an_order_5_atomic_block)
{
	struct page *pg;
	u32 freed = 0;

	TEST_BOOT(KW, "pcp=n");
	held = calloc(1u << 18, sizeof(*held));
	cr_assert(held);
	for (int order = 3; order >= 0; order--)
		while ((pg = alloc_pages(GFP_KERNEL, (unsigned)order)))
			hold(pg, (unsigned)order);
	for (u32 i = 0; i < nheld && freed < 400; i++)
		if (held[i]->private == 3 &&
		    !((page_to_pfn(held[i]) >> 3) & 1)) {
			held[i]->private = 0;
			__free_pages(held[i], 3);
			held[i] = held[--nheld];
			i--;
			freed++;
		}
	cr_assert_eq(test_zone(0, ZONE_NORMAL)->free_pages, 400 * 8);
	pg = alloc_pages(GFP_ATOMIC | __GFP_NOMEMALLOC, 3);
	cr_assert(pg);
	__free_pages(pg, 3);
	cr_assert_null(alloc_pages(GFP_ATOMIC | __GFP_NOMEMALLOC, 5));
	give_back();
	test_shutdown();
}

/* 5.7's rule is not modelled: an atomic allocation takes the last page. */
Test(watermark, not_checked_on_5_7)
{
	TEST_BOOT("beaglebone-white", "pcp=n");
	cr_assert_eq(test_zone(0, ZONE_NORMAL)->watermark[0], 0);
	leave_free(1);
	cr_assert(can_alloc(GFP_ATOMIC));
	give_back();
	test_shutdown();
}
