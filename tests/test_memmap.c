// SPDX-License-Identifier: GPL-2.0-only
/*
 * mem_map's boot state (src/mm/mm_types.h, mmzone.c, page_alloc.c): an
 * all-zero struct page is a frame in its boot state, zone and node come
 * from the pfn, memblock_free_all() writes only the heads of the blocks
 * below the max order and defers the rest, deferred_grow_zone() queues
 * them in pfn order on demand, and the host commits next to none of a
 * 16 GiB machine's mem_map at boot.  The allocation orders asserted after
 * a full boot were recorded from the implementation that wrote every
 * struct page at boot (commit ab5e06c), so they show that the buddy lists
 * hand out the same pfns in the same order.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "helpers.h"

#include "mm/gfp.h"
#include "mm/memblock.h"
#include "mm/mmzone.h"

#define PFN(bytes) ((unsigned long)((bytes) >> PAGE_SHIFT))

/* 16 GiB NUMA-Q: ZONE_DMA below 16 MiB, 896 MiB of lowmem, 4 nodes. */
#define NQ_MAX PFN(16ull << 30)
#define NQ_DMA PFN(16ull << 20)
#define NQ_LOW PFN(896ull << 20)
#define NQ_NODE PFN(4ull << 30)

static struct settings s;

/* The page-allocator-only boot of test_page_alloc.c: first MiB reserved. */
static void setup_numaq(void)
{
	const struct platform *p = platform_find("numaq-16");
	struct mem_layout l = {
		.min_pfn = 0,
		.max_pfn = NQ_MAX,
		.max_dma_pfn = NQ_DMA,
		.max_low_pfn = NQ_LOW,
		.nodes = 4,
	};

	settings_default(&s, p);
	config_apply(&s);
	cr_assert_eq(machine_create(&p->hw, p->hw.ncpus, p->hw.ram_size), 0);
	cr_assert_eq(free_area_init(&l), 0);
	memblock_reserve(0, SZ_1M);
	memblock_free_all();
}

/* Heads on the free lists of every zone: the struct pages boot wrote. */
static unsigned long listed_heads(void)
{
	unsigned long n = 0;
	struct list_head *pos;

	for (u32 nid = 0; nid < nr_nodes; nid++)
		for (int zt = 0; zt < MAX_NR_ZONES; zt++)
			for (unsigned int o = 0; o < MAX_ORDER; o++)
				list_for_each(pos,
					      &test_zone(nid, zt)->free_area[o].free_list)
					n++;
	return n;
}

/*
 * Host pages of mem_map that are resident (mincore): what the run has
 * touched.  A host property, not a model one, so the tests bound it.
 */
static unsigned long mem_map_resident(void)
{
	size_t psz = (size_t)sysconf(_SC_PAGESIZE);
	size_t bytes = (max_pfn - min_pfn) * sizeof(struct page);
	size_t n = (bytes + psz - 1) / psz;
	unsigned char *vec = malloc(n);
	unsigned long resident = 0;

	cr_assert_not_null(vec);
	cr_assert_eq(mincore(mem_map, bytes, vec), 0);
	for (size_t i = 0; i < n; i++)
		resident += vec[i] & 1;
	free(vec);
	return resident;
}

Test(memmap, zero_struct_page_is_the_boot_state)
{
	static struct page page;	/* zeroed, like an untouched mem_map */

	cr_assert_eq(page_flags(&page), 1u << PG_reserved);
	cr_assert(PageReserved(&page));
	cr_assert_not(PageBuddy(&page));
	cr_assert_eq(page_count(&page), 1);
	cr_assert_eq(page_mapcount(&page), 0);

	/* What prep_new_page() makes of it, and the stored words. */
	set_page_flags(&page, 0);
	set_page_count(&page, 1);
	cr_assert_not(PageReserved(&page));
	cr_assert_eq(page.__flags, PAGE_FLAGS_BOOT);
	cr_assert_eq(page.__refcount, 0);
	set_page_flag(&page, PG_dirty);
	cr_assert_eq(page_flags(&page), 1u << PG_dirty);
	clear_page_flag(&page, PG_dirty);
	cr_assert_eq(page_flags(&page), 0);

	page_ref_add(&page, 1024);
	cr_assert_eq(page_count(&page), 1025);
	page_ref_sub(&page, 1023);
	page_ref_inc(&page);
	cr_assert_eq(page_count(&page), 3);
	page_ref_dec(&page);
	cr_assert_eq(page_ref_dec_return(&page), 1);

	cr_assert(page_mapcount_inc(&page));
	cr_assert_not(page_mapcount_inc(&page));
	cr_assert_eq(page_mapcount(&page), 2);
	cr_assert_not(page_mapcount_dec(&page));
	cr_assert(page_mapcount_dec(&page));
	page_mapcount_inc(&page);
	page_mapcount_reset(&page);
	cr_assert_eq(page_mapcount(&page), 0);
}

Test(memmap, zone_and_node_from_the_pfn, .init = setup_numaq,
     .fini = test_free_area_teardown)
{
	static const struct {
		unsigned long pfn;
		u32 nid;
		enum zone_type zt;
	} want[] = {
		{ 0, 0, ZONE_DMA },
		{ NQ_DMA - 1, 0, ZONE_DMA },
		{ NQ_DMA, 0, ZONE_NORMAL },
		{ NQ_LOW - 1, 0, ZONE_NORMAL },
		{ NQ_LOW, 0, ZONE_HIGHMEM },
		{ NQ_NODE - 1, 0, ZONE_HIGHMEM },
		{ NQ_NODE, 1, ZONE_HIGHMEM },
		{ 2 * NQ_NODE + 7, 2, ZONE_HIGHMEM },
		{ NQ_MAX - 1, 3, ZONE_HIGHMEM },
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(want); i++) {
		struct page *page = pfn_to_page(want[i].pfn);

		cr_assert_eq(page_to_nid(page), want[i].nid, "pfn %#lx",
			     want[i].pfn);
		cr_assert_eq(page_zonenum(page), want[i].zt, "pfn %#lx",
			     want[i].pfn);
		cr_assert_eq(page_zone(page),
			     test_zone(want[i].nid, want[i].zt));
		cr_assert_eq(PageHighMem(page), want[i].zt == ZONE_HIGHMEM);
	}
}

/*
 * Boot writes two struct pages on a 16 GiB NUMA-Q: the heads of the
 * order-8 and order-9 blocks between the reserved first MiB and the first
 * 4 MiB boundary.  Every one of the 4095 max-order blocks is deferred.
 */
Test(memmap, numaq_boot_writes_two_struct_pages, .init = setup_numaq,
     .fini = test_free_area_teardown)
{
	static const struct {
		u32 nid;
		enum zone_type zt;
		unsigned long blocks;
	} want[] = {
		{ 0, ZONE_DMA, 3 },
		{ 0, ZONE_NORMAL, (NQ_LOW - NQ_DMA) / MAX_ORDER_NR_PAGES },
		{ 0, ZONE_HIGHMEM, (NQ_NODE - NQ_LOW) / MAX_ORDER_NR_PAGES },
		{ 1, ZONE_HIGHMEM, NQ_NODE / MAX_ORDER_NR_PAGES },
		{ 2, ZONE_HIGHMEM, NQ_NODE / MAX_ORDER_NR_PAGES },
		{ 3, ZONE_HIGHMEM, NQ_NODE / MAX_ORDER_NR_PAGES },
	};
	unsigned long deferred = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(want); i++) {
		struct zone *z = test_zone(want[i].nid, want[i].zt);
		struct free_area *top = &z->free_area[MAX_ORDER - 1];

		cr_assert_eq(z->nr_deferred, want[i].blocks, "%s/%u: %lu",
			     z->name, z->node, z->nr_deferred);
		cr_assert_eq(top->nr_free, want[i].blocks);
		cr_assert(list_empty(&top->free_list));
		deferred += z->nr_deferred;
	}
	cr_assert_eq(deferred, 4095);
	cr_assert_eq(listed_heads(), 2);
	cr_assert(PageBuddy(pfn_to_page(PFN(SZ_1M))));
	cr_assert_eq(pfn_to_page(PFN(SZ_1M))->private, 8);
	cr_assert(PageBuddy(pfn_to_page(PFN(2 * SZ_1M))));
	cr_assert_eq(pfn_to_page(PFN(2 * SZ_1M))->private, 9);
	/* A deferred head reads as the boot state: reserved, not free. */
	cr_assert(PageReserved(pfn_to_page(NQ_NODE)));
	cr_assert_not(PageBuddy(pfn_to_page(NQ_NODE)));
	cr_assert_eq(nr_free_pages(), NQ_MAX - PFN(SZ_1M));
	/* 256 MiB of mem_map, 65536 host pages; boot touched a handful. */
	cr_assert_leq(mem_map_resident(), 8, "%lu host pages resident",
		      mem_map_resident());
	buddy_check();
}

/* Draining quad 1 writes its heads one by one, lowest pfn first. */
Test(memmap, deferred_blocks_go_out_in_pfn_order, .init = setup_numaq,
     .fini = test_free_area_teardown)
{
	static struct page *blocks[NQ_NODE / MAX_ORDER_NR_PAGES];
	struct zone *z = test_zone(1, ZONE_HIGHMEM);
	struct page *page;

	machine->cur = &machine->cpu[5];	/* quad 1 */
	for (unsigned int i = 0; i < ARRAY_SIZE(blocks); i++) {
		blocks[i] = alloc_pages(GFP_HIGHUSER, MAX_ORDER - 1);
		cr_assert_eq(page_to_pfn(blocks[i]),
			     NQ_NODE + i * MAX_ORDER_NR_PAGES);
		cr_assert_eq(z->nr_deferred, ARRAY_SIZE(blocks) - 1 - i);
		cr_assert(list_empty(&z->free_area[MAX_ORDER - 1].free_list));
	}
	cr_assert_eq(z->free_pages, 0);
	cr_assert_eq(z->first_deferred_pfn, 2 * NQ_NODE);
	/* Freed blocks go to the head: the last one back is the first out. */
	__free_pages(blocks[7], MAX_ORDER - 1);
	__free_pages(blocks[3], MAX_ORDER - 1);
	cr_assert_eq(alloc_pages(GFP_HIGHUSER, 0), blocks[3]);
	cr_assert_eq(alloc_pages(GFP_HIGHUSER, MAX_ORDER - 1), blocks[7]);
	/* Quad 1 holds no max-order block now: quad 2's first deferred. */
	page = alloc_pages(GFP_HIGHUSER, MAX_ORDER - 1);
	cr_assert_eq(page_to_pfn(page), 2 * NQ_NODE);
	cr_assert_eq(test_zone(2, ZONE_HIGHMEM)->nr_deferred,
		     NQ_NODE / MAX_ORDER_NR_PAGES - 1);
	buddy_check();
}

/*
 * A block handed out and freed goes back to the head of the top list,
 * ahead of the deferred ones; a split block is used up before the next
 * deferred block is written.
 */
Test(memmap, freed_block_ahead_of_deferred, .init = setup_numaq,
     .fini = test_free_area_teardown)
{
	struct zone *z = test_zone(3, ZONE_HIGHMEM);
	struct page *a, *b;

	machine->cur = &machine->cpu[12];	/* quad 3 */
	a = alloc_pages(GFP_HIGHUSER, MAX_ORDER - 1);
	cr_assert_eq(page_to_pfn(a), 3 * NQ_NODE);
	__free_pages(a, MAX_ORDER - 1);
	cr_assert_eq(z->free_area[MAX_ORDER - 1].nr_free,
		     NQ_NODE / MAX_ORDER_NR_PAGES);
	cr_assert_eq(z->nr_deferred, NQ_NODE / MAX_ORDER_NR_PAGES - 1);
	b = alloc_pages(GFP_HIGHUSER, 0);
	cr_assert_eq(b, a);
	cr_assert_eq(page_to_pfn(alloc_pages(GFP_HIGHUSER, 9)),
		     3 * NQ_NODE + 512);
	cr_assert_eq(page_to_pfn(alloc_pages(GFP_HIGHUSER, MAX_ORDER - 1)),
		     3 * NQ_NODE + MAX_ORDER_NR_PAGES);
	buddy_check();
}

Test(memmap, buddy_check_catches_bad_nr_deferred, .init = setup_numaq,
     .fini = test_free_area_teardown)
{
	test_zone(2, ZONE_HIGHMEM)->nr_deferred--;
	set_panic_hook(test_panic_hook);
	if (setjmp(test_panic_jmp) == 0) {
		buddy_check();
		cr_assert_fail("buddy_check missed a wrong nr_deferred");
	}
	cr_assert_str_eq(test_panic_msg,
			 "buddy_check: HighMem/2 nr_deferred 1023, memblock leaves 1024");
}

/*
 * The order in which a freshly booted board's allocator hands out pfns:
 * a fixed list of requests from several CPUs, then 20000 seeded random
 * allocations and frees folded into an FNV-1a hash of the pfns returned.
 * The expected values were recorded from the implementation that wrote
 * every struct page at boot.
 */
struct request {
	u32 cpu;
	gfp_t gfp;
	unsigned int order;
};

static const struct request requests[] = {
	{ 0, GFP_HIGHUSER, 0 },	 { 0, GFP_HIGHUSER, 0 },
	{ 0, GFP_HIGHUSER, 0 },	 { 0, GFP_KERNEL, 0 },
	{ 0, GFP_KERNEL, 3 },	 { 0, GFP_KERNEL, MAX_ORDER - 1 },
	{ 0, GFP_DMA, 0 },	 { 5, GFP_HIGHUSER, 0 },
	{ 5, GFP_HIGHUSER, MAX_ORDER - 1 },
	{ 15, GFP_HIGHUSER, MAX_ORDER - 1 },
	{ 15, GFP_HIGHUSER, MAX_ORDER - 1 },
};

#define NO_PAGE (~0ul)
#define HELD_MAX 512

static u64 rng_state;

/* A fixed-seed LCG (Knuth MMIX constants), as test_page_alloc.c. */
static u32 rng(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (u32)(rng_state >> 33);
}

static void check_allocation_order(const char *board, unsigned long free,
				   const unsigned long *pfns, u64 want_hash)
{
	static const gfp_t gfps[] = { GFP_KERNEL, GFP_HIGHUSER, GFP_DMA };
	static struct page *held[HELD_MAX];
	static unsigned int held_order[HELD_MAX];
	u64 seed = 20261130, hash = 1469598103934665603ull;
	unsigned int n = 0;

	TEST_BOOT(board, "kernel_data=host", "pcp=n");
	cr_assert_eq(nr_free_pages(), free, "%s: %lu free after boot", board,
		     nr_free_pages());
	for (unsigned int i = 0; i < ARRAY_SIZE(requests); i++) {
		struct page *page;

		machine->cur = &machine->cpu[requests[i].cpu % machine->ncpus];
		page = alloc_pages(requests[i].gfp, requests[i].order);
		cr_assert_eq(page ? page_to_pfn(page) : NO_PAGE, pfns[i],
			     "%s request %u: pfn %#lx, want %#lx", board, i,
			     page ? page_to_pfn(page) : NO_PAGE, pfns[i]);
		if (page) {
			held[n] = page;
			held_order[n++] = requests[i].order;
		}
	}

	printf("memmap %s: seed %llu\n", board, (unsigned long long)seed);
	rng_state = seed;
	for (unsigned int step = 0; step < 20000; step++) {
		if (n < HELD_MAX && (n == 0 || rng() % 3)) {
			unsigned int order = rng() % MAX_ORDER;

			if (order > 4)
				order = rng() % 2 ? MAX_ORDER - 1 : 0;
			machine->cur = &machine->cpu[rng() % machine->ncpus];
			held[n] = alloc_pages(gfps[rng() % 3], order);
			if (!held[n]) {
				hash = (hash ^ 0xdead) * 1099511628211ull;
				continue;
			}
			hash = (hash ^ page_to_pfn(held[n])) * 1099511628211ull;
			held_order[n++] = order;
		} else {
			unsigned int i = rng() % n;

			__free_pages(held[i], held_order[i]);
			held[i] = held[--n];
			held_order[i] = held_order[n];
		}
	}
	machine->cur = &machine->cpu[0];
	while (n) {
		n--;
		__free_pages(held[n], held_order[n]);
	}
	cr_assert_eq(hash, want_hash, "%s: hash %#llx, want %#llx", board,
		     (unsigned long long)hash, (unsigned long long)want_hash);
	cr_assert_eq(nr_free_pages(), free);
	test_shutdown();
}

Test(memmap, numaq_allocation_order)
{
	static const unsigned long pfns[] = {
		0x38000, 0x38001, 0x38002, 0x2dff1,  0x2dfe0,	0x1000,
		0x400,	 0x100000, 0x100400, 0x300000, 0x300400,
	};

	check_allocation_order("numaq-16", 4152311, pfns,
			       0x8ce5e1daf0b9cce5ull);
}

Test(memmap, kirkwood_allocation_order)
{
	static const unsigned long pfns[] = {
		0x2f800, 0x2f801, 0x2f802, 0x2eff8, 0x2eff0,  0x800,
		NO_PAGE, 0x2f803, 0x2fc00, 0x30000, 0x30400,
	};

	check_allocation_order("kirkwood-openblocks-a7", 258556, pfns,
			       0x9eaf89c00cefefebull);
}

/*
 * 5.7's generic fixmap (0xffc00000-0xfff00000) spans two PMDs, so boot
 * takes one PTE page more than 3.14's fixmap did, and every pfn after it
 * moves.
 */
Test(memmap, beaglebone_allocation_order)
{
	static const unsigned long pfns[] = {
		0x8fdf9, 0x8fdfa, 0x8fdfb, 0x8fdf0, 0x8fde0,  0x80800,
		NO_PAGE, 0x8fdf1, 0x80c00, 0x81000, 0x81400,
	};

	check_allocation_order("beaglebone-white", 63483, pfns,
			       0x6cac27fd374861adull);
}

Test(memmap, cortex_a15_allocation_order)
{
	static const unsigned long pfns[] = {
		0xb0000, 0xb0001, 0xb0002, 0xaeff9, 0xaeff0,  0x80800,
		NO_PAGE, 0xb0003, 0xb0400, 0xb0800, 0xb0c00,
	};

	check_allocation_order("cortex-a15-2g", 518651, pfns,
			       0xb3cc70f6530feb49ull);
}

/*
 * A full boot of the 16 GiB NUMA-Q commits no more of mem_map than one of
 * the 256 MiB BeagleBone: boot work does not grow with simulated RAM.
 */
Test(memmap, full_boot_touches_a_few_host_pages)
{
	unsigned long numaq, bbw;

	TEST_BOOT("numaq-16");
	numaq = mem_map_resident();
	test_shutdown();
	TEST_BOOT("beaglebone-white");
	bbw = mem_map_resident();
	test_shutdown();
	cr_assert_leq(numaq, 16, "numaq-16: %lu host pages of mem_map", numaq);
	cr_assert_leq(bbw, 16, "beaglebone-white: %lu host pages", bbw);
}
