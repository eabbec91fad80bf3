// SPDX-License-Identifier: GPL-2.0-only
/*
 * kmalloc: the power-of-two caches up to 4 KiB, and past them
 * kmalloc_large (SLUB's kmalloc_large_node): a compound block of
 * get_order(size) lowmem pages from the buddy allocator, freed whole by
 * kfree.
 */
#include "helpers.h"

#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/kmalloc.h"
#include "mm/mm_types.h"
#include "mm/slab.h"

Test(kmalloc, small_sizes_come_from_their_cache)
{
	vaddr_t a, b;

	TEST_BOOT("kirkwood-openblocks-a7");
	a = kmalloc(33, GFP_KERNEL);
	b = kmalloc(4096, GFP_KERNEL);
	cr_assert(a && b);
	cr_assert_eq(ksize(a), 64);
	cr_assert_eq(ksize(b), 4096);
	cr_assert_eq(machine_event_total(EV_kmalloc_large), 0);
	kfree(a);
	kfree(b);
	test_shutdown();
}

Test(kmalloc, past_4_kib_a_compound_block_freed_whole)
{
	u64 allocs, frees;
	vaddr_t a, b;

	TEST_BOOT("kirkwood-openblocks-a7");
	allocs = machine_event_total(EV_page_alloc);
	a = kmalloc(4097, GFP_ATOMIC);
	b = kmalloc(64512, GFP_ATOMIC | __GFP_HIGHMEM);
	cr_assert(a && b);
	cr_assert_eq(machine_event_total(EV_kmalloc_large), 2);
	cr_assert_eq(machine_event_total(EV_page_alloc) - allocs, 2);
	/* Orders 1 and 4, at a block's first page, in lowmem whatever the
	 * GFP flags ask. */
	cr_assert_eq(ksize(a), 8192);
	cr_assert_eq(ksize(b), 65536);
	cr_assert_eq(a & (PAGE_SIZE - 1), 0);
	cr_assert_not(PageHighMem(virt_to_page(b)));
	frees = machine_event_total(EV_page_free);
	kfree(a);
	kfree(b);
	cr_assert_eq(machine_event_total(EV_page_free) - frees, 2);
	cr_assert_not(test_page_flag(virt_to_page(a), PG_head));
	test_shutdown();
}

Test(kmalloc, past_max_order_fails)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	cr_assert_eq(kmalloc(PAGE_SIZE << MAX_ORDER, GFP_KERNEL), 0);
	cr_assert_eq(machine_event_total(EV_kmalloc_large), 0);
	test_shutdown();
}

Test(kmalloc, kfree_inside_a_large_block_panics)
{
	vaddr_t a;

	TEST_BOOT("kirkwood-openblocks-a7");
	a = kmalloc(10000, GFP_KERNEL);
	cr_assert(a);
	EXPECT_PANIC("was not kmalloc'ed", kfree(a + PAGE_SIZE));
}
