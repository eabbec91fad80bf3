// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-CPU page lists (pcp=y; mm/mmzone.h struct per_cpu_pages,
 * mm/page_alloc.c): each CPU frees order-0 pages to the head of its own
 * list and allocates from it, refilled from and spilled back to the buddy
 * lists a batch at a time, at each kernel's marks (zone_batchsize: 2.5.73
 * free_area_init_core, 3.14.1 and 5.7.14 pageset_set_batch).
 */
#include "helpers.h"

#include "mm/gfp.h"
#include "mm/mmzone.h"

static struct zone *normal(void)
{
	return &NODE_DATA(0)->node_zones[ZONE_NORMAL];
}

static void on(u32 cpu)
{
	machine->cur = &machine->cpu[cpu];
}

/*
 * The marks from each zone's present pages: 2.5.73 batch = min(pages /
 * 1024, 64) / 4, low 2 x batch, high 6 x batch; 3.14 min(pages / 1024,
 * 128) / 4, 5.x min(pages / 1024, 256) / 4, then 2^n - 1 below batch x
 * 1.5; low 0, high 6 x batch.
 */
Test(pcp, marks_follow_the_kernel)
{
	struct zone *z;

	TEST_BOOT("numaq-16", "pcp=y");		/* 2.5.73 */
	z = normal();
	cr_assert_geq(z->present_pages / 1024, 64);
	cr_assert_eq(z->pcp[0].batch, 16);
	cr_assert_eq(z->pcp[0].low, 32);
	cr_assert_eq(z->pcp[0].high, 96);
	test_shutdown();

	TEST_BOOT("kirkwood-openblocks-a7", "pcp=y");	/* 3.16: 3.14's zone_batchsize and pcp marks */
	z = normal();
	cr_assert_geq(z->present_pages / 1024, 128);
	cr_assert_eq(z->pcp[0].batch, 31);	/* 128 / 4 = 32 -> 48 -> 32 - 1 */
	cr_assert_eq(z->pcp[0].low, 0);
	cr_assert_eq(z->pcp[0].high, 6 * 31);
	test_shutdown();

	TEST_BOOT("beaglebone-white", "pcp=y");		/* 5.7, 256 MiB */
	z = normal();
	/* 63389 pages (less mem_map of 36-byte struct pages, the dentry
	 * hash table's 128 KiB and the two PTE pages of 5.7's fixmap):
	 * 61 / 4 = 15 -> 22 -> 16 - 1. */
	cr_assert_eq(z->present_pages, 63389, "%lu",
		     (unsigned long)z->present_pages);
	cr_assert_eq(z->pcp[0].batch, 15);
	cr_assert_eq(z->pcp[0].high, 90);
	test_shutdown();

	/* A tiny zone: 2^0 - 1 = 0, so batch 1 and high 0 (every free
	 * spills at once). */
	TEST_BOOT("cortex-a15-2g", "pcp=y", "mem=24M");
	z = normal();
	cr_assert_eq(z->pcp[0].batch, 1);
	cr_assert_eq(z->pcp[0].high, 0);
	test_shutdown();
}

/* A page freed on a CPU is the next one that CPU gets. */
Test(pcp, a_cpu_gets_back_the_page_it_freed_last)
{
	struct page *a, *b;
	unsigned long free;

	TEST_BOOT("cortex-a15-2g", "pcp=y");
	on(0);
	a = alloc_pages(GFP_KERNEL, 0);
	free = nr_free_pages();
	__free_pages(a, 0);
	cr_assert_eq(nr_free_pages(), free + 1);
	cr_assert_eq(normal()->pcp[0].list.next, &a->lru);
	b = alloc_pages(GFP_KERNEL, 0);
	cr_assert_eq(b, a);
	__free_pages(b, 0);
	test_shutdown();
}

/* Another CPU's free page stays on that CPU's list. */
Test(pcp, another_cpu_refills_its_own_list)
{
	struct page *a, *b, *c;
	struct zone *z;

	TEST_BOOT("cortex-a15-2g", "pcp=y");
	z = normal();
	on(0);
	a = alloc_pages(GFP_KERNEL, 0);
	__free_pages(a, 0);
	on(1);
	cr_assert_eq(z->pcp[1].count, 0);
	b = alloc_pages(GFP_KERNEL, 0);
	cr_assert_neq(b, a);
	/* The refill took a batch from the buddy lists and handed one out. */
	cr_assert_eq(z->pcp[1].count, z->pcp[1].batch - 1);
	on(0);
	c = alloc_pages(GFP_KERNEL, 0);
	cr_assert_eq(c, a);
	__free_pages(c, 0);
	on(1);
	__free_pages(b, 0);
	test_shutdown();
}

/*
 * Allocate @n pages on CPU @cpu, free them until its list holds @until,
 * then free one more: the list then holds @then and the buddy lists have
 * @back pages more.  The rest are freed after.
 */
static void spill(u32 cpu, u32 n, u32 until, u32 then, u32 back)
{
	static struct page *p[256];
	struct zone *z = normal();
	unsigned long buddy;
	u32 next = 0;

	cr_assert_leq(n, ARRAY_SIZE(p));
	on(cpu);
	for (u32 i = 0; i < n; i++)
		p[i] = alloc_pages(GFP_KERNEL, 0);
	while (z->pcp[cpu].count < until)
		__free_pages(p[next++], 0);
	buddy = z->free_pages;
	__free_pages(p[next++], 0);
	cr_assert_eq(z->pcp[cpu].count, then);
	cr_assert_eq(z->free_pages, buddy + back);
	while (next < n)
		__free_pages(p[next++], 0);
}

/*
 * 2.5.73 refills whenever the list holds low (32) or fewer: from empty
 * the counts after each allocation are 15, 30, 45, 44 (16 a refill).  A
 * free that finds the list at high (96) first gives the 16 at its tail
 * back to the buddy lists, then adds: 81.
 */
Test(pcp, numaq_refills_at_low_and_spills_at_high)
{
	static const u32 after[] = { 15, 30, 45, 44 };
	struct page *p[ARRAY_SIZE(after)];
	struct zone *z;
	unsigned long buddy;

	TEST_BOOT("numaq-16", "pcp=y");
	z = normal();
	on(3);
	buddy = z->free_pages;
	for (u32 i = 0; i < ARRAY_SIZE(after); i++) {
		p[i] = alloc_pages(GFP_KERNEL, 0);
		cr_assert_eq(z->pcp[3].count, after[i], "allocation %u", i);
	}
	cr_assert_eq(buddy - z->free_pages, 48);
	for (u32 i = 0; i < ARRAY_SIZE(after); i++)
		__free_pages(p[i], 0);
	spill(3, 120, 96, 81, 16);
	test_shutdown();
}

/* 3.14: a free that brings the list to high (186) spills a batch (31). */
Test(pcp, kirkwood_spills_after_the_add)
{
	TEST_BOOT("kirkwood-openblocks-a7", "pcp=y");
	spill(0, 200, 185, 186 - 31, 31);
	test_shutdown();
}

/*
 * An allocation the buddy lists cannot serve drains every CPU's lists
 * first: with 40 MiB (batch 1, high 6), CPU0 gets every free page, those CPU1 holds too.
 */
Test(pcp, a_failing_allocation_drains_every_list)
{
	static struct page *p[12288];
	unsigned long free;
	u32 n = 0;

	TEST_BOOT("cortex-a15-2g", "pcp=y", "mem=40M");
	on(1);
	p[0] = alloc_pages(GFP_KERNEL, 0);
	__free_pages(p[0], 0);
	cr_assert_gt(normal()->pcp[1].count, 0);
	on(0);
	free = nr_free_pages();
	while (n < ARRAY_SIZE(p) && (p[n] = alloc_pages(GFP_KERNEL, 0)))
		n++;
	cr_assert_eq(n, free);
	cr_assert_eq(normal()->pcp[1].count, 0);
	while (n)
		__free_pages(p[--n], 0);
	test_shutdown();
}
