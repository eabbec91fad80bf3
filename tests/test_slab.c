// SPDX-License-Identifier: GPL-2.0-only
/*
 * The minimal slab allocator: object addresses and alignment in simulated
 * lowmem, the deterministic allocation order, reuse after free, __GFP_ZERO,
 * the one spare empty slab, allocation failure, exact code-cost charges,
 * and the checkers (destroy with live objects, bad and double frees).
 */
#include "helpers.h"

#include "arch/kv.h"
#include "arch/layout.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/slab.h"

/* Caches of panicking tests stay reachable (the kernel is abandoned). */
static struct kmem_cache *volatile panic_cache, *volatile panic_cache2;

Test(slab, objects_are_aligned_lowmem)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct kmem_cache *c = kmem_cache_create("test32", 32, 32);
	vaddr_t a, b, d;

	cr_assert_eq(kmem_cache_objs_per_slab(c), PAGE_SIZE / 32);
	cr_assert_eq(kmem_cache_nr_slabs(c), 0);
	a = kmem_cache_alloc(c, GFP_KERNEL);
	b = kmem_cache_alloc(c, GFP_KERNEL);
	d = kmem_cache_alloc(c, GFP_KERNEL);
	/* The first object opens a slab page; the next follow at the stride. */
	cr_assert(IS_ALIGNED(a, PAGE_SIZE), "first object %#x", a);
	cr_assert_eq(b, a + 32);
	cr_assert_eq(d, a + 64);
	cr_assert(virt_addr_valid(a));
	cr_assert(!PageHighMem(virt_to_page(a)));
	cr_assert_eq(page_address(virt_to_page(a)), a);
	cr_assert_eq(kmem_cache_inuse(c), 3);
	cr_assert_eq(kmem_cache_nr_slabs(c), 1);

	/* Objects are simulated RAM, reachable through the direct map. */
	kv_write32(b, 0xdeadbeef);
	cr_assert_eq(kv_read32(b), 0xdeadbeef);
	cr_assert_eq(ram_read32(&machine->ram, __pa(b)), 0xdeadbeef);

	kmem_cache_free(c, a);
	kmem_cache_free(c, b);
	kmem_cache_free(c, d);
	cr_assert_eq(kmem_cache_inuse(c), 0);
	/* The empty slab stays as the spare until destroy. */
	cr_assert_eq(kmem_cache_nr_slabs(c), 1);
	kmem_cache_destroy(c);
	test_shutdown();
}

Test(slab, stride_rounds_size_up_to_align)
{
	TEST_BOOT("numaq-16");
	struct kmem_cache *c = kmem_cache_create("odd", 20, 8);
	struct kmem_cache *w = kmem_cache_create("word", 6, 0);
	vaddr_t a = kmem_cache_alloc(c, GFP_KERNEL);
	vaddr_t b = kmem_cache_alloc(c, GFP_KERNEL);
	vaddr_t x = kmem_cache_alloc(w, GFP_KERNEL);
	vaddr_t y = kmem_cache_alloc(w, GFP_KERNEL);

	cr_assert_eq(b - a, 24);
	cr_assert_eq(kmem_cache_objs_per_slab(c), PAGE_SIZE / 24);
	/* Default alignment: the 32-bit target's word. */
	cr_assert_eq(y - x, 8);
	kmem_cache_free(c, a);
	kmem_cache_free(c, b);
	kmem_cache_free(w, x);
	kmem_cache_free(w, y);
	kmem_cache_destroy(c);
	kmem_cache_destroy(w);
	test_shutdown();
}

Test(slab, lowest_free_object_is_reused)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct kmem_cache *c = kmem_cache_create("test64", 64, 64);
	vaddr_t o[6];

	for (int i = 0; i < 6; i++)
		o[i] = kmem_cache_alloc(c, GFP_KERNEL);
	kmem_cache_free(c, o[4]);
	kmem_cache_free(c, o[1]);
	/* Lowest free first, regardless of the order of the frees. */
	cr_assert_eq(kmem_cache_alloc(c, GFP_KERNEL), o[1]);
	cr_assert_eq(kmem_cache_alloc(c, GFP_KERNEL), o[4]);
	cr_assert_eq(kmem_cache_alloc(c, GFP_KERNEL), o[5] + 64);
	kmem_cache_free(c, o[5] + 64);
	for (int i = 0; i < 6; i++)
		kmem_cache_free(c, o[i]);
	kmem_cache_destroy(c);
	test_shutdown();
}

Test(slab, gfp_zero_clears_the_object)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct kmem_cache *c = kmem_cache_create("zero", 32, 32);
	struct probe p;
	vaddr_t a = kmem_cache_alloc(c, GFP_KERNEL);

	for (u32 off = 0; off < 32; off += 4)
		kv_write32(a + off, 0xa5a5a5a5);
	kmem_cache_free(c, a);
	/* No constructor: without __GFP_ZERO the old contents remain. */
	cr_assert_eq(kmem_cache_alloc(c, GFP_KERNEL), a);
	cr_assert_eq(kv_read32(a + 28), 0xa5a5a5a5);
	kmem_cache_free(c, a);
	probe_take(&p);
	cr_assert_eq(kmem_cache_alloc(c, GFP_KERNEL | __GFP_ZERO), a);
	for (u32 off = 0; off < 32; off += 4)
		cr_assert_eq(kv_read32(a + off), 0, "word at +%u", off);
	/* The clear is a kernel memset, charged as one. */
	cr_assert_gt(probe_cc(&p, CC_memset), 0);
	kmem_cache_free(c, a);
	kmem_cache_destroy(c);
	test_shutdown();
}

Test(slab, grows_and_keeps_one_spare_slab)
{
	/* Slab pages alone: no placed metadata's own pages. */
	TEST_BOOT("kirkwood-openblocks-a7", "kernel_data=host");
	struct kmem_cache *c = kmem_cache_create("big", 1024, 1024);
	struct probe p;
	vaddr_t o[12];

	cr_assert_eq(kmem_cache_objs_per_slab(c), 4);
	probe_take(&p);
	for (int i = 0; i < 12; i++)
		o[i] = kmem_cache_alloc(c, GFP_KERNEL);
	cr_assert_eq(probe_ev(&p, EV_page_alloc), 3);
	cr_assert_eq(kmem_cache_nr_slabs(c), 3);
	for (int i = 0; i < 12; i++)
		cr_assert_eq(o[i], o[i / 4 * 4] + (u32)(i % 4) * 1024);

	probe_take(&p);
	for (int i = 0; i < 12; i++)
		kmem_cache_free(c, o[i]);
	/* The first slab to empty is kept; the other two go back. */
	cr_assert_eq(probe_ev(&p, EV_page_free), 2);
	cr_assert_eq(kmem_cache_nr_slabs(c), 1);
	/* The spare serves the next allocation without the page allocator. */
	probe_take(&p);
	cr_assert_eq(kmem_cache_alloc(c, GFP_KERNEL), o[0]);
	cr_assert_eq(probe_ev(&p, EV_page_alloc), 0);
	kmem_cache_free(c, o[0]);

	probe_take(&p);
	kmem_cache_destroy(c);
	cr_assert_eq(probe_ev(&p, EV_page_free), 1);
	test_shutdown();
}

Test(slab, lowest_addressed_partial_slab_first)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct kmem_cache *c = kmem_cache_create("half", 2048, 2048);
	vaddr_t o[4], lo, hi;

	for (int i = 0; i < 4; i++)
		o[i] = kmem_cache_alloc(c, GFP_KERNEL);
	cr_assert_eq(kmem_cache_nr_slabs(c), 2);
	/* Make both slabs partial; the one at the lower address wins. */
	kmem_cache_free(c, o[1]);
	kmem_cache_free(c, o[3]);
	lo = MIN(o[1], o[3]);
	hi = MAX(o[1], o[3]);
	cr_assert_eq(kmem_cache_alloc(c, GFP_KERNEL), lo);
	cr_assert_eq(kmem_cache_alloc(c, GFP_KERNEL), hi);
	for (int i = 0; i < 4; i++)
		kmem_cache_free(c, o[i]);
	kmem_cache_destroy(c);
	test_shutdown();
}

Test(slab, charges_exact_code_costs)
{
	/* The centres hold the code costs alone: no I-cache fills, no
	 * placed metadata. */
	TEST_BOOT("numaq-16", "icache_model=n", "kernel_data=host");
	struct kmem_cache *c = kmem_cache_create("cost", 32, 32);
	vaddr_t a = kmem_cache_alloc(c, GFP_KERNEL);
	struct probe p;
	vaddr_t b;

	/* From an existing slab the host bookkeeping touches no RAM. */
	probe_take(&p);
	b = kmem_cache_alloc(c, GFP_KERNEL);
	cr_assert_eq(probe_cc(&p, CC_kmem_cache_alloc),
		     code_cost[CODE_kmem_cache_alloc]);
	cr_assert_eq(probe_cc(&p, CC___alloc_pages), 0);
	probe_take(&p);
	kmem_cache_free(c, b);
	cr_assert_eq(probe_cc(&p, CC_kmem_cache_free),
		     code_cost[CODE_kmem_cache_free]);
	/* Growing calls the page allocator, charged to its own centre. */
	kmem_cache_free(c, a);
	kmem_cache_destroy(c);
	c = kmem_cache_create("cost", 32, 32);
	probe_take(&p);
	a = kmem_cache_alloc(c, GFP_KERNEL);
	cr_assert_eq(probe_cc(&p, CC_kmem_cache_alloc),
		     code_cost[CODE_kmem_cache_alloc]);
	cr_assert_gt(probe_cc(&p, CC___alloc_pages), 0);
	cr_assert_eq(probe_ev(&p, EV_page_alloc), 1);
	kmem_cache_free(c, a);
	kmem_cache_destroy(c);
	test_shutdown();
}

Test(slab, alloc_fails_when_no_page)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct kmem_cache *c = kmem_cache_create("fail", 32, 32);
	vaddr_t a;

	page_alloc_fail_nth = 1;
	cr_assert_eq(kmem_cache_alloc(c, GFP_KERNEL), 0);
	cr_assert_eq(kmem_cache_inuse(c), 0);
	cr_assert_eq(kmem_cache_nr_slabs(c), 0);
	a = kmem_cache_alloc(c, GFP_KERNEL);
	cr_assert_neq(a, 0);
	kmem_cache_free(c, a);
	kmem_cache_destroy(c);
	test_shutdown();
}

Test(slab, highmem_gfp_still_gives_lowmem)
{
	TEST_BOOT("numaq-16");
	struct kmem_cache *c = kmem_cache_create("hm", 64, 64);
	vaddr_t a = kmem_cache_alloc(c, GFP_HIGHUSER);

	cr_assert(virt_addr_valid(a));
	cr_assert(!PageHighMem(virt_to_page(a)));
	kmem_cache_free(c, a);
	kmem_cache_destroy(c);
	test_shutdown();
}

Test(slab, destroy_with_live_objects_panics)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	panic_cache = kmem_cache_create("leaky", 32, 32);
	kmem_cache_alloc(panic_cache, GFP_KERNEL);
	kmem_cache_alloc(panic_cache, GFP_KERNEL);
	EXPECT_PANIC("kmem_cache_destroy: leaky: 2 objects still allocated",
		     { kmem_cache_destroy(panic_cache); });
}

Test(slab, double_free_panics)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	vaddr_t a, b;

	panic_cache = kmem_cache_create("twice", 32, 32);
	a = kmem_cache_alloc(panic_cache, GFP_KERNEL);
	b = kmem_cache_alloc(panic_cache, GFP_KERNEL);
	kmem_cache_free(panic_cache, a);
	(void)b;
	EXPECT_PANIC("kmem_cache_free: twice: double free",
		     { kmem_cache_free(panic_cache, a); });
}

Test(slab, free_to_the_wrong_cache_panics)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	vaddr_t a;

	panic_cache = kmem_cache_create("mine", 32, 32);
	panic_cache2 = kmem_cache_create("other", 32, 32);
	a = kmem_cache_alloc(panic_cache2, GFP_KERNEL);
	EXPECT_PANIC("kmem_cache_free: mine: 0x",
		     { kmem_cache_free(panic_cache, a); });
}

Test(slab, free_of_a_non_slab_address_panics)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *page = alloc_page(GFP_KERNEL);

	panic_cache = kmem_cache_create("mine", 32, 32);
	EXPECT_PANIC("is not in a slab of this cache",
		     { kmem_cache_free(panic_cache, page_address(page)); });
}

Test(slab, misaligned_free_panics)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	vaddr_t a;

	panic_cache = kmem_cache_create("mis", 32, 32);
	a = kmem_cache_alloc(panic_cache, GFP_KERNEL);
	EXPECT_PANIC("is not the start of an object",
		     { kmem_cache_free(panic_cache, a + 4); });
}
