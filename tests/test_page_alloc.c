// SPDX-License-Identifier: GPL-2.0-only
/*
 * The page allocator layer: memblock, mem_map and zones, the buddy
 * allocator (src/mm/memblock.c, mmzone.c, page_alloc.c).  Each test boots a
 * layout by hand and asserts exact zone spans, free counts, the pfn each
 * allocation returns and the cycles it charges.
 */
#include <criterion/criterion.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"

#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/gfp.h"
#include "mm/memblock.h"
#include "mm/mmzone.h"

#define PFN(bytes) ((unsigned long)((bytes) >> PAGE_SHIFT))
#define MAX_BLOCK (1ul << (MAX_ORDER - 1))

/* 16 GiB NUMA-Q: ZONE_DMA below 16 MiB, 896 MiB of lowmem, 4 nodes. */
#define NQ_MAX PFN(16ull << 30)
#define NQ_DMA PFN(16ull << 20)
#define NQ_LOW PFN(896ull << 20)
#define NQ_NODE PFN(4ull << 30)

/* Kirkwood: 1 GiB at 0, lowmem ends at 760 MiB. */
#define KW_MAX PFN(1ull << 30)
#define KW_LOW PFN(760ull << 20)

/* BeagleBone: 256 MiB at 0x80000000, all lowmem. */
#define BB_MIN PFN(0x80000000ull)
#define BB_MAX (BB_MIN + PFN(256ull << 20))

static struct settings s;

static void boot_machine(const char *name)
{
	const struct platform *p = platform_find(name);

	cr_assert_not_null(p, "no platform %s", name);
	settings_default(&s, p);
	config_apply(&s);
	cr_assert_eq(machine_create(&p->hw, p->hw.ncpus, p->hw.ram_size), 0);
}

static void boot_layout(unsigned long min, unsigned long max,
			unsigned long dma, unsigned long low, u32 nodes)
{
	struct mem_layout l = {
		.min_pfn = min,
		.max_pfn = max,
		.max_dma_pfn = dma,
		.max_low_pfn = low,
		.nodes = nodes,
	};

	cr_assert_eq(free_area_init(&l), 0);
}

static void setup_numaq(void)
{
	boot_machine("numaq-16");
	boot_layout(0, NQ_MAX, NQ_DMA, NQ_LOW, 4);
	memblock_reserve(0, SZ_1M);
	memblock_free_all();
}

static void setup_kirkwood(void)
{
	boot_machine("kirkwood-openblocks-a7");
	boot_layout(0, KW_MAX, 0, KW_LOW, 1);
	memblock_reserve(0, SZ_1M);
	memblock_free_all();
}

/* The ARM kernel's page tables at +16 KiB and its image after them. */
static void setup_beaglebone(void)
{
	boot_machine("beaglebone-white");
	boot_layout(BB_MIN, BB_MAX, BB_MIN, BB_MAX, 1);
	memblock_reserve(0x80004000ull, 8u << 20);
	memblock_free_all();
}

static void assert_zone(u32 nid, enum zone_type zt, unsigned long start,
			unsigned long spanned, unsigned long present)
{
	struct zone *z = test_zone(nid, zt);

	cr_assert_eq(z->node, nid);
	cr_assert_eq(z->zone_start_pfn, start, "%s/%u start %#lx, want %#lx",
		     z->name, nid, z->zone_start_pfn, start);
	cr_assert_eq(z->spanned_pages, spanned, "%s/%u spanned %lu, want %lu",
		     z->name, nid, z->spanned_pages, spanned);
	cr_assert_eq(z->present_pages, present, "%s/%u present %lu, want %lu",
		     z->name, nid, z->present_pages, present);
	cr_assert_eq(z->free_pages, present);
}

static void assert_page_in(unsigned long pfn, u32 nid, enum zone_type zt)
{
	struct page *page = pfn_to_page(pfn);

	cr_assert_eq(page_to_nid(page), nid, "pfn %#lx node %u, want %u", pfn,
		     page_to_nid(page), nid);
	cr_assert_eq(page_zonenum(page), zt, "pfn %#lx zone %u, want %u", pfn,
		     page_zonenum(page), zt);
}

static u64 cycles(enum cost_centre cc)
{
	return this_cpu()->profile[cc];
}

static u32 code(enum code_cost cc)
{
	return code_cost[cc];
}

Test(page_alloc, numaq_zones, .init = setup_numaq, .fini = test_free_area_teardown)
{
	cr_assert_eq(nr_nodes, 4);
	assert_zone(0, ZONE_DMA, 0, NQ_DMA, NQ_DMA - PFN(SZ_1M));
	assert_zone(0, ZONE_NORMAL, NQ_DMA, NQ_LOW - NQ_DMA, NQ_LOW - NQ_DMA);
	assert_zone(0, ZONE_HIGHMEM, NQ_LOW, NQ_NODE - NQ_LOW,
		    NQ_NODE - NQ_LOW);
	for (u32 nid = 1; nid < 4; nid++) {
		assert_zone(nid, ZONE_DMA, nid * NQ_NODE, 0, 0);
		assert_zone(nid, ZONE_NORMAL, nid * NQ_NODE, 0, 0);
		assert_zone(nid, ZONE_HIGHMEM, nid * NQ_NODE, NQ_NODE, NQ_NODE);
		cr_assert_eq(NODE_DATA(nid)->node_start_pfn, nid * NQ_NODE);
		cr_assert_eq(NODE_DATA(nid)->node_end_pfn, (nid + 1) * NQ_NODE);
	}
	cr_assert_eq(NODE_DATA(0)->node_start_pfn, 0);
	cr_assert_eq(NODE_DATA(0)->node_end_pfn, NQ_NODE);
	cr_assert_str_eq(test_zone(0, ZONE_NORMAL)->name, "Normal");

	cr_assert_eq(nr_free_pages(), NQ_MAX - PFN(SZ_1M));
	cr_assert_eq(nr_free_highpages(), NQ_MAX - NQ_LOW);

	assert_page_in(0, 0, ZONE_DMA);
	assert_page_in(NQ_DMA - 1, 0, ZONE_DMA);
	assert_page_in(NQ_DMA, 0, ZONE_NORMAL);
	assert_page_in(NQ_LOW - 1, 0, ZONE_NORMAL);
	assert_page_in(NQ_LOW, 0, ZONE_HIGHMEM);
	assert_page_in(NQ_NODE - 1, 0, ZONE_HIGHMEM);
	assert_page_in(NQ_NODE, 1, ZONE_HIGHMEM);
	assert_page_in(3 * NQ_NODE + 12345, 3, ZONE_HIGHMEM);
	assert_page_in(NQ_MAX - 1, 3, ZONE_HIGHMEM);
	cr_assert(PageHighMem(pfn_to_page(NQ_LOW)));
	cr_assert_not(PageHighMem(pfn_to_page(NQ_LOW - 1)));

	/* The reserved first MiB stays out of the buddy lists. */
	for (unsigned long pfn = 0; pfn < PFN(SZ_1M); pfn++) {
		cr_assert(PageReserved(pfn_to_page(pfn)));
		cr_assert_not(PageBuddy(pfn_to_page(pfn)));
		cr_assert_eq(page_count(pfn_to_page(pfn)), 1);
		cr_assert_eq(page_mapcount(pfn_to_page(pfn)), 0);
	}
	cr_assert(PageBuddy(pfn_to_page(PFN(SZ_1M))));
	cr_assert(memblock_is_reserved(PFN(SZ_1M) - 1));
	cr_assert_not(memblock_is_reserved(PFN(SZ_1M)));

	/* DMA: 256 pages at 1 MiB, 512 at 2 MiB, then three 4 MiB blocks. */
	cr_assert_eq(test_zone(0, ZONE_DMA)->free_area[8].nr_free, 1);
	cr_assert_eq(test_zone(0, ZONE_DMA)->free_area[9].nr_free, 1);
	cr_assert_eq(test_zone(0, ZONE_DMA)->free_area[10].nr_free, 3);
	cr_assert_eq(test_zone(0, ZONE_NORMAL)->free_area[10].nr_free,
		     (NQ_LOW - NQ_DMA) / MAX_BLOCK);
	cr_assert_eq(test_zone(2, ZONE_HIGHMEM)->free_area[10].nr_free,
		     NQ_NODE / MAX_BLOCK);
	for (unsigned int o = 0; o < MAX_ORDER - 1; o++)
		cr_assert_eq(test_zone(0, ZONE_NORMAL)->free_area[o].nr_free, 0);
	buddy_check();
}

/*
 * mem=2G on the NUMA-Q: 512 MiB quads, so lowmem runs into quad 1.  Node 0
 * keeps all of it; quad 1's highmem starts at max_low_pfn.
 */
Test(page_alloc, numaq_2g_lowmem_spans_nodes, .fini = test_free_area_teardown)
{
	const unsigned long max = PFN(2ull << 30), node = max / 4;
	const struct platform *p = platform_find("numaq-16");

	settings_default(&s, p);
	config_apply(&s);
	cr_assert_eq(machine_create(&p->hw, p->hw.ncpus, 2ull << 30), 0);
	boot_layout(0, max, NQ_DMA, NQ_LOW, 4);
	memblock_free_all();

	assert_zone(0, ZONE_NORMAL, NQ_DMA, NQ_LOW - NQ_DMA, NQ_LOW - NQ_DMA);
	assert_zone(0, ZONE_HIGHMEM, NQ_LOW, 0, 0);
	assert_zone(1, ZONE_HIGHMEM, NQ_LOW, 2 * node - NQ_LOW,
		    2 * node - NQ_LOW);
	assert_zone(2, ZONE_HIGHMEM, 2 * node, node, node);
	assert_zone(3, ZONE_HIGHMEM, 3 * node, node, node);
	cr_assert_eq(NODE_DATA(0)->node_end_pfn, NQ_LOW);
	cr_assert_eq(NODE_DATA(1)->node_start_pfn, NQ_LOW);
	assert_page_in(node, 0, ZONE_NORMAL);
	assert_page_in(NQ_LOW, 1, ZONE_HIGHMEM);
	cr_assert_eq(nr_free_pages(), max);

	/* Quad 0 has no highmem of its own: quad 1 is next in line. */
	cr_assert_eq(page_to_nid(alloc_pages(GFP_HIGHUSER, 0)), 1);
	buddy_check();
}

Test(page_alloc, kirkwood_zones, .init = setup_kirkwood, .fini = test_free_area_teardown)
{
	cr_assert_eq(nr_nodes, 1);
	assert_zone(0, ZONE_DMA, 0, 0, 0);
	assert_zone(0, ZONE_NORMAL, 0, KW_LOW, KW_LOW - PFN(SZ_1M));
	assert_zone(0, ZONE_HIGHMEM, KW_LOW, KW_MAX - KW_LOW, KW_MAX - KW_LOW);
	cr_assert_eq(nr_free_pages(), KW_MAX - PFN(SZ_1M));
	cr_assert_eq(nr_free_highpages(), 67584);
	assert_page_in(0, 0, ZONE_NORMAL);
	assert_page_in(KW_LOW, 0, ZONE_HIGHMEM);
	buddy_check();
}

Test(page_alloc, beaglebone_zones, .init = setup_beaglebone, .fini = test_free_area_teardown)
{
	struct zone *normal = test_zone(0, ZONE_NORMAL);
	unsigned long free = 65536 - 2048;

	assert_zone(0, ZONE_DMA, BB_MIN, 0, 0);
	assert_zone(0, ZONE_NORMAL, BB_MIN, 65536, free);
	assert_zone(0, ZONE_HIGHMEM, BB_MAX, 0, 0);
	cr_assert_eq(nr_free_pages(), free);
	cr_assert_eq(nr_free_highpages(), 0);
	cr_assert_eq(page_to_phys(pfn_to_page(BB_MIN)), 0x80000000ull);
	cr_assert(PageReserved(pfn_to_page(BB_MIN + 4)));
	cr_assert(PageReserved(pfn_to_page(BB_MIN + 4 + 2047)));
	cr_assert(PageBuddy(pfn_to_page(BB_MIN + 4 + 2048)));

	/* 4 pages below the tables; after the image one block per order. */
	cr_assert_eq(normal->free_area[0].nr_free, 0);
	cr_assert_eq(normal->free_area[1].nr_free, 0);
	cr_assert_eq(normal->free_area[2].nr_free, 2);
	for (unsigned int o = 3; o < MAX_ORDER - 1; o++)
		cr_assert_eq(normal->free_area[o].nr_free, 1, "order %u", o);
	cr_assert_eq(normal->free_area[10].nr_free, 61);
	buddy_check();
}

Test(page_alloc, beaglebone_fallback, .init = setup_beaglebone,
     .fini = test_free_area_teardown)
{
	struct page *page;

	/* No highmem: GFP_HIGHUSER is served by NORMAL, smallest block. */
	page = alloc_pages(GFP_HIGHUSER, 0);
	cr_assert_not_null(page);
	cr_assert_eq(page_to_pfn(page), BB_MIN);
	cr_assert_eq(page_zonenum(page), ZONE_NORMAL);
	cr_assert_eq(cycles(CC___alloc_pages),
		     code(CODE_alloc_pages) + 2 * code(CODE_buddy_split));

	/* No DMA zone, and GFP_DMA never falls back. */
	cr_assert_null(alloc_pages(GFP_DMA, 0));
	cr_assert_eq(this_cpu()->events[EV_page_alloc_fail], 1);
	cr_assert_eq(this_cpu()->events[EV_page_alloc], 1);
	__free_page(page);
	cr_assert_eq(nr_free_pages(), 65536 - 2048);
	buddy_check();
}

Test(page_alloc, kernel_order0_order3, .init = setup_numaq, .fini = test_free_area_teardown)
{
	struct zone *normal = test_zone(0, ZONE_NORMAL);
	unsigned long free = normal->free_pages;
	struct page *a, *b, *c;
	u64 before;

	machine_reset_counters();
	a = alloc_pages(GFP_KERNEL, 0);
	cr_assert_not_null(a);
	cr_assert_eq(page_zone(a), normal);
	/* The lowest 4 MiB block of NORMAL, split ten times. */
	cr_assert_eq(page_to_pfn(a), NQ_DMA);
	cr_assert_eq(cycles(CC___alloc_pages),
		     code(CODE_alloc_pages) + 10 * code(CODE_buddy_split));
	cr_assert_eq(page_count(a), 1);
	cr_assert_eq(page_mapcount(a), 0);
	cr_assert_eq(page_flags(a), 0);

	/* expand() left one block of each order 0..9 behind. */
	for (unsigned int o = 0; o < MAX_ORDER - 1; o++)
		cr_assert_eq(normal->free_area[o].nr_free, 1, "order %u", o);

	before = cycles(CC___alloc_pages);
	b = alloc_pages(GFP_KERNEL, 3);
	cr_assert_eq(page_to_pfn(b), NQ_DMA + 8);
	cr_assert_eq(page_zone(b), normal);
	cr_assert_eq(cycles(CC___alloc_pages) - before, code(CODE_alloc_pages));
	for (unsigned int i = 0; i < 8; i++) {
		cr_assert_not(PageReserved(b + i));
		cr_assert_not(PageBuddy(b + i));
		cr_assert_eq(page_count(b + i), i ? 0 : 1);
	}

	c = alloc_pages(GFP_KERNEL, 0);
	cr_assert_eq(page_to_pfn(c), NQ_DMA + 1);
	cr_assert_eq(normal->free_pages, free - 10);
	cr_assert_eq(this_cpu()->events[EV_page_alloc], 3);
	cr_assert_eq(this_cpu()->calls[CC___alloc_pages], 3);
	buddy_check();

	__free_pages(b, 3);
	__free_page(c);
	__free_page(a);
	cr_assert_eq(normal->free_pages, free);
	cr_assert_eq(this_cpu()->events[EV_page_free], 3);
	buddy_check();
}

Test(page_alloc, exact_split_count, .init = setup_numaq, .fini = test_free_area_teardown)
{
	struct page *page;

	/* A fresh NORMAL zone holds only order-10 blocks: order 3 splits 7. */
	machine_reset_counters();
	page = alloc_pages(GFP_KERNEL, 3);
	cr_assert_eq(page_to_pfn(page), NQ_DMA);
	cr_assert_eq(cycles(CC___alloc_pages),
		     code(CODE_alloc_pages) + 7 * code(CODE_buddy_split));
	/* Order 10 from the same zone needs no split. */
	page = alloc_pages(GFP_KERNEL, MAX_ORDER - 1);
	cr_assert_eq(page_to_pfn(page), NQ_DMA + MAX_BLOCK);
	cr_assert_eq(cycles(CC___alloc_pages),
		     2 * code(CODE_alloc_pages) + 7 * code(CODE_buddy_split));
	/* Beyond MAX_ORDER - 1 is refused, and still charged. */
	cr_assert_null(alloc_pages(GFP_KERNEL, MAX_ORDER));
	cr_assert_eq(this_cpu()->events[EV_page_alloc_fail], 1);
}

Test(page_alloc, highuser_local_node, .init = setup_numaq, .fini = test_free_area_teardown)
{
	struct page *page;

	/* CPU 5 sits in quad 1. */
	machine->cur = &machine->cpu[5];
	cr_assert_eq(this_cpu()->node, 1);
	page = alloc_pages(GFP_HIGHUSER, 0);
	cr_assert_eq(page_to_pfn(page), NQ_NODE);
	cr_assert_eq(page_zone(page), test_zone(1, ZONE_HIGHMEM));
	cr_assert(PageHighMem(page));
	page = alloc_pages(GFP_HIGHUSER, 3);
	cr_assert_eq(page_to_pfn(page), NQ_NODE + 8);
	cr_assert_eq(page_to_nid(page), 1);
	cr_assert_eq(machine->cpu[5].events[EV_page_alloc], 2);
	cr_assert_eq(machine->cpu[0].events[EV_page_alloc], 0);

	machine->cur = &machine->cpu[15];
	page = alloc_pages(GFP_HIGHUSER, 0);
	cr_assert_eq(page_to_pfn(page), 3 * NQ_NODE);

	machine->cur = &machine->cpu[0];
	page = alloc_pages(GFP_HIGHUSER, 0);
	cr_assert_eq(page_to_pfn(page), NQ_LOW);
	cr_assert_eq(page_zone(page), test_zone(0, ZONE_HIGHMEM));

	/* GFP_KERNEL from a remote quad still gets node 0's NORMAL. */
	machine->cur = &machine->cpu[9];
	page = alloc_pages(GFP_KERNEL, 0);
	cr_assert_eq(page_zone(page), test_zone(0, ZONE_NORMAL));
	buddy_check();
}

Test(page_alloc, highmem_next_node, .init = setup_numaq, .fini = test_free_area_teardown)
{
	static struct page *blocks[2 * NQ_NODE / MAX_BLOCK];
	unsigned long free = nr_free_pages();
	unsigned int n = 0;
	struct page *page;

	/* Drain quad 1's highmem; the next page comes from quad 2. */
	machine->cur = &machine->cpu[5];
	for (unsigned int i = 0; i < NQ_NODE / MAX_BLOCK; i++) {
		blocks[n] = alloc_pages(GFP_HIGHUSER, MAX_ORDER - 1);
		cr_assert_eq(page_to_nid(blocks[n++]), 1);
	}
	cr_assert_eq(test_zone(1, ZONE_HIGHMEM)->free_pages, 0);
	page = alloc_pages(GFP_HIGHUSER, 0);
	cr_assert_eq(page_to_pfn(page), 2 * NQ_NODE);
	__free_page(page);

	/* Quad 3, drained, wraps round to quad 0. */
	machine->cur = &machine->cpu[12];
	cr_assert_eq(this_cpu()->node, 3);
	for (unsigned int i = 0; i < NQ_NODE / MAX_BLOCK; i++) {
		blocks[n] = alloc_pages(GFP_HIGHUSER, MAX_ORDER - 1);
		cr_assert_eq(page_to_nid(blocks[n++]), 3);
	}
	page = alloc_pages(GFP_HIGHUSER, 0);
	cr_assert_eq(page_to_pfn(page), NQ_LOW);
	__free_page(page);

	while (n)
		__free_pages(blocks[--n], MAX_ORDER - 1);
	cr_assert_eq(nr_free_pages(), free);
	buddy_check();
}

Test(page_alloc, highmem_then_normal_then_dma, .init = setup_numaq,
     .fini = test_free_area_teardown)
{
	static struct page *blocks[NQ_MAX / MAX_BLOCK];
	unsigned long free = nr_free_pages();
	unsigned int n = 0;
	struct page *page;

	machine->cur = &machine->cpu[7];
	while (nr_free_highpages())
		blocks[n++] = alloc_pages(GFP_HIGHUSER, MAX_ORDER - 1);
	cr_assert_eq(n, (NQ_MAX - NQ_LOW) / MAX_BLOCK);

	/* Highmem gone: NORMAL, lowest block first. */
	page = alloc_pages(GFP_HIGHUSER, 0);
	cr_assert_eq(page_zone(page), test_zone(0, ZONE_NORMAL));
	cr_assert_eq(page_to_pfn(page), NQ_DMA);
	__free_page(page);

	while (test_zone(0, ZONE_NORMAL)->free_pages)
		blocks[n++] = alloc_pages(GFP_KERNEL, MAX_ORDER - 1);

	/* NORMAL gone too: DMA, whose smallest block is order 8 at 1 MiB. */
	page = alloc_pages(GFP_HIGHUSER, 0);
	cr_assert_eq(page_zone(page), test_zone(0, ZONE_DMA));
	cr_assert_eq(page_to_pfn(page), PFN(SZ_1M));
	cr_assert_eq(page_zonenum(alloc_pages(GFP_KERNEL, 0)), ZONE_DMA);
	cr_assert_eq(this_cpu()->events[EV_page_alloc_fail], 0);

	while (n)
		__free_pages(blocks[--n], MAX_ORDER - 1);
	cr_assert_eq(nr_free_pages(), free - 2);
	buddy_check();
}

Test(page_alloc, kirkwood_highmem_exhausted, .init = setup_kirkwood,
     .fini = test_free_area_teardown)
{
	static struct page *blocks[66];
	unsigned long free = nr_free_pages();
	struct page *page;

	for (unsigned int i = 0; i < ARRAY_SIZE(blocks); i++) {
		blocks[i] = alloc_pages(GFP_HIGHUSER, MAX_ORDER - 1);
		cr_assert_not_null(blocks[i]);
		cr_assert(PageHighMem(blocks[i]));
	}
	cr_assert_eq(nr_free_highpages(), 0);

	/* Falls back to NORMAL: the 1 MiB block at order 8 is smallest. */
	page = alloc_pages(GFP_HIGHUSER, 0);
	cr_assert_not_null(page);
	cr_assert_eq(page_zonenum(page), ZONE_NORMAL);
	cr_assert_eq(page_to_pfn(page), PFN(SZ_1M));

	/* Kirkwood has no ZONE_DMA. */
	cr_assert_null(alloc_pages(GFP_DMA, 0));

	__free_page(page);
	for (unsigned int i = 0; i < ARRAY_SIZE(blocks); i++)
		__free_pages(blocks[i], MAX_ORDER - 1);
	cr_assert_eq(nr_free_pages(), free);
	cr_assert_eq(this_cpu()->events[EV_page_alloc], 67);
	cr_assert_eq(this_cpu()->events[EV_page_alloc_fail], 1);
	cr_assert_eq(this_cpu()->events[EV_page_free], 67);
	buddy_check();
}

Test(page_alloc, dma_only, .init = setup_numaq, .fini = test_free_area_teardown)
{
	static struct page *pages[NQ_DMA];
	struct zone *dma = test_zone(0, ZONE_DMA);
	unsigned long normal_free = test_zone(0, ZONE_NORMAL)->free_pages;
	unsigned int n = 0;

	machine_reset_counters();
	pages[n] = alloc_pages(GFP_DMA, 0);
	cr_assert_eq(page_to_pfn(pages[n]), PFN(SZ_1M));
	cr_assert_eq(cycles(CC___alloc_pages),
		     code(CODE_alloc_pages) + 8 * code(CODE_buddy_split));
	n++;
	while ((pages[n] = alloc_pages(GFP_DMA, 0)) != NULL) {
		cr_assert_eq(page_zone(pages[n]), dma);
		n++;
	}
	cr_assert_eq(n, NQ_DMA - PFN(SZ_1M));
	cr_assert_eq(dma->free_pages, 0);
	cr_assert_eq(test_zone(0, ZONE_NORMAL)->free_pages, normal_free);
	cr_assert_eq(this_cpu()->events[EV_page_alloc_fail], 1);

	/* GFP_KERNEL is still served, from NORMAL. */
	cr_assert_eq(page_zonenum(alloc_pages(GFP_KERNEL, 0)), ZONE_NORMAL);

	while (n)
		__free_page(pages[--n]);
	cr_assert_eq(dma->free_pages, NQ_DMA - PFN(SZ_1M));
	cr_assert_eq(dma->free_area[8].nr_free, 1);
	cr_assert_eq(dma->free_area[9].nr_free, 1);
	cr_assert_eq(dma->free_area[10].nr_free, 3);
	buddy_check();
}

Test(page_alloc, merge_back_to_max_order, .init = setup_numaq,
     .fini = test_free_area_teardown)
{
	struct zone *normal = test_zone(0, ZONE_NORMAL);
	unsigned long blocks = normal->free_area[MAX_ORDER - 1].nr_free;
	struct page *page = alloc_pages(GFP_KERNEL, 0);

	cr_assert_eq(normal->free_area[MAX_ORDER - 1].nr_free, blocks - 1);
	machine_reset_counters();
	__free_page(page);
	/* put_page_testzero's atomic, the free, ten merges. */
	cr_assert_eq(cycles(CC___free_pages),
		     code(CODE_page_ref) + code(CODE_free_pages) +
			     10 * code(CODE_buddy_merge));
	cr_assert_eq(this_cpu()->events[EV_page_free], 1);
	cr_assert_eq(this_cpu()->events[EV_page_ref], 1);
	cr_assert_eq(normal->free_area[MAX_ORDER - 1].nr_free, blocks);
	for (unsigned int o = 0; o < MAX_ORDER - 1; o++)
		cr_assert_eq(normal->free_area[o].nr_free, 0);
	cr_assert(PageBuddy(pfn_to_page(NQ_DMA)));
	cr_assert_eq(pfn_to_page(NQ_DMA)->private, MAX_ORDER - 1);
	/* Its former buddies are plain frames again. */
	cr_assert_not(PageBuddy(pfn_to_page(NQ_DMA + 1)));
	cr_assert_not(PageBuddy(pfn_to_page(NQ_DMA + 512)));
	buddy_check();

	/* A block freed last is handed out first. */
	page = alloc_pages(GFP_KERNEL, MAX_ORDER - 1);
	cr_assert_eq(page_to_pfn(page), NQ_DMA);
}

/* A zone boundary off the MAX_ORDER grid: buddies across it never merge. */
Test(page_alloc, no_merge_across_zones, .fini = test_free_area_teardown)
{
	struct zone *normal = test_zone(0, ZONE_NORMAL);
	struct zone *high = test_zone(0, ZONE_HIGHMEM);
	struct page *page;

	boot_machine("kirkwood-openblocks-a7");
	boot_layout(0, KW_MAX, 0, KW_LOW + 1, 1);
	memblock_free_all();
	/* pfn KW_LOW ends NORMAL, its buddy KW_LOW + 1 starts HIGHMEM. */
	cr_assert_eq(normal->free_area[0].nr_free, 1);
	cr_assert_eq(high->free_area[0].nr_free, 1);
	cr_assert_eq(normal->free_pages, KW_LOW + 1);
	cr_assert_eq(high->free_pages, KW_MAX - KW_LOW - 1);
	buddy_check();

	page = alloc_pages(GFP_KERNEL, 0);
	cr_assert_eq(page_to_pfn(page), KW_LOW);
	__free_page(page);
	cr_assert_eq(normal->free_area[0].nr_free, 1);
	cr_assert_eq(high->free_area[0].nr_free, 1);
	buddy_check();
}

/* A fixed-seed LCG (Knuth MMIX constants): deterministic, replayable. */
static u64 rng_state;

static u32 rng(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (u32)(rng_state >> 33);
}

Test(page_alloc, random_alloc_free_restores, .init = setup_numaq,
     .fini = test_free_area_teardown)
{
	static const gfp_t gfps[] = { GFP_KERNEL, GFP_HIGHUSER, GFP_DMA };
	static struct page *held[512];
	static unsigned int held_order[512];
	unsigned long area[MAX_NUMNODES][MAX_NR_ZONES][MAX_ORDER];
	unsigned long free = nr_free_pages();
	unsigned int n = 0;
	u64 seed = 20240601;

	printf("page_alloc random_alloc_free_restores: seed %llu\n",
	       (unsigned long long)seed);
	rng_state = seed;
	for (u32 nid = 0; nid < nr_nodes; nid++)
		for (int zt = 0; zt < MAX_NR_ZONES; zt++)
			for (unsigned int o = 0; o < MAX_ORDER; o++)
				area[nid][zt][o] =
					test_zone(nid, zt)->free_area[o].nr_free;

	for (unsigned int step = 0; step < 20000; step++) {
		if (n < ARRAY_SIZE(held) && (n == 0 || rng() % 3)) {
			unsigned int order = rng() % 5;

			machine->cur = &machine->cpu[rng() % machine->ncpus];
			held[n] = alloc_pages(gfps[rng() % 3], order);
			cr_assert_not_null(held[n]);
			held_order[n++] = order;
		} else {
			unsigned int i = rng() % n;

			__free_pages(held[i], held_order[i]);
			held[i] = held[--n];
			held_order[i] = held_order[n];
		}
		if (step % 2000 == 0)
			buddy_check();
	}
	while (n) {
		n--;
		__free_pages(held[n], held_order[n]);
	}
	cr_assert_eq(nr_free_pages(), free);
	for (u32 nid = 0; nid < nr_nodes; nid++)
		for (int zt = 0; zt < MAX_NR_ZONES; zt++)
			for (unsigned int o = 0; o < MAX_ORDER; o++)
				cr_assert_eq(test_zone(nid, zt)->free_area[o].nr_free,
					     area[nid][zt][o],
					     "node %u zone %d order %u", nid,
					     zt, o);
	cr_assert_eq(machine_event_total(EV_page_alloc),
		     machine_event_total(EV_page_free));
	buddy_check();
}

Test(page_alloc, fail_nth, .init = setup_numaq, .fini = test_free_area_teardown)
{
	struct page *a, *b, *c, *d;

	machine_reset_counters();
	page_alloc_fail_nth = 3;
	a = alloc_pages(GFP_KERNEL, 0);
	b = alloc_pages(GFP_KERNEL, 0);
	c = alloc_pages(GFP_KERNEL, 0);
	d = alloc_pages(GFP_KERNEL, 0);
	cr_assert_not_null(a);
	cr_assert_not_null(b);
	cr_assert_null(c);
	cr_assert_not_null(d);
	cr_assert_eq(page_alloc_fail_nth, 0);
	cr_assert_eq(page_to_pfn(d), NQ_DMA + 2);
	cr_assert_eq(this_cpu()->events[EV_page_alloc], 3);
	cr_assert_eq(this_cpu()->events[EV_page_alloc_fail], 1);
	/* Every call pays the fast path; a: 10 splits, d: 1. */
	cr_assert_eq(cycles(CC___alloc_pages),
		     4 * code(CODE_alloc_pages) + 11 * code(CODE_buddy_split));
	buddy_check();
}

Test(page_alloc, get_put_page, .init = setup_numaq, .fini = test_free_area_teardown)
{
	unsigned long free = nr_free_pages();
	struct page *page = alloc_page(GFP_HIGHUSER);

	get_page(page);
	cr_assert_eq(page_count(page), 2);
	put_page(page);
	cr_assert_eq(page_count(page), 1);
	cr_assert_eq(nr_free_pages(), free - 1);
	cr_assert_eq(this_cpu()->events[EV_page_free], 0);
	put_page(page);
	cr_assert_eq(nr_free_pages(), free);
	cr_assert(PageBuddy(page));
	cr_assert_eq(this_cpu()->events[EV_page_free], 1);

	/* __free_pages drops one reference too. */
	page = alloc_page(GFP_KERNEL);
	get_page(page);
	__free_page(page);
	cr_assert_eq(page_count(page), 1);
	cr_assert_eq(nr_free_pages(), free - 1);
	put_page(page);
	cr_assert_eq(nr_free_pages(), free);
	buddy_check();
}

Test(page_alloc, double_free_panics, .init = setup_numaq, .fini = test_free_area_teardown)
{
	struct page *page = alloc_page(GFP_KERNEL);

	__free_page(page);
	set_panic_hook(test_panic_hook);
	if (setjmp(test_panic_jmp) == 0) {
		__free_page(page);
		cr_assert_fail("double free did not panic");
	}
	cr_assert(strstr(test_panic_msg, "__free_pages"), "message: %s", test_panic_msg);
	cr_assert(strstr(test_panic_msg, "already free"), "message: %s", test_panic_msg);
}

Test(page_alloc, free_reserved_panics, .init = setup_numaq, .fini = test_free_area_teardown)
{
	set_panic_hook(test_panic_hook);
	if (setjmp(test_panic_jmp) == 0) {
		__free_page(pfn_to_page(0));
		cr_assert_fail("freeing a reserved page did not panic");
	}
	cr_assert(strstr(test_panic_msg, "__free_pages: pfn 0 is reserved"),
		  "message: %s", test_panic_msg);
}

Test(page_alloc, free_mapped_panics, .init = setup_numaq, .fini = test_free_area_teardown)
{
	struct page *page = alloc_page(GFP_HIGHUSER);

	page_mapcount_inc(page);	/* one PTE maps it */
	set_panic_hook(test_panic_hook);
	if (setjmp(test_panic_jmp) == 0) {
		__free_page(page);
		cr_assert_fail("freeing a mapped page did not panic");
	}
	cr_assert(strstr(test_panic_msg, "__free_pages"), "message: %s", test_panic_msg);
	cr_assert(strstr(test_panic_msg, "mapped"), "message: %s", test_panic_msg);
}

Test(page_alloc, put_page_underflow_panics, .init = setup_numaq,
     .fini = test_free_area_teardown)
{
	struct page *page = alloc_page(GFP_KERNEL);

	put_page(page);
	set_panic_hook(test_panic_hook);
	if (setjmp(test_panic_jmp) == 0) {
		put_page(page);
		cr_assert_fail("put_page on a free page did not panic");
	}
	cr_assert(strstr(test_panic_msg, "put_page"), "message: %s", test_panic_msg);
}

/* Run buddy_check() expecting a panic that mentions @what. */
static void assert_check_fails(const char *what)
{
	set_panic_hook(test_panic_hook);
	if (setjmp(test_panic_jmp) == 0) {
		buddy_check();
		cr_assert_fail("buddy_check missed: %s", what);
	}
	set_panic_hook(NULL);
	cr_assert(strstr(test_panic_msg, "buddy_check: "), "message: %s",
		  test_panic_msg);
	cr_assert(strstr(test_panic_msg, what), "message: %s", test_panic_msg);
}

Test(page_alloc, buddy_check_catches_bad_order, .init = setup_kirkwood,
     .fini = test_free_area_teardown)
{
	/*
	 * KW_LOW heads a deferred block, whose struct page boot never
	 * wrote: hand it out and back to put a written head on the list.
	 */
	__free_pages(alloc_pages(GFP_HIGHUSER, MAX_ORDER - 1), MAX_ORDER - 1);
	cr_assert(PageBuddy(pfn_to_page(KW_LOW)));
	pfn_to_page(KW_LOW)->private = 3;
	assert_check_fails("has order 3");
}

Test(page_alloc, buddy_check_catches_bad_count, .init = setup_kirkwood,
     .fini = test_free_area_teardown)
{
	test_zone(0, ZONE_HIGHMEM)->free_area[10].nr_free++;
	assert_check_fails("nr_free 67, list holds 66");
}

Test(page_alloc, buddy_check_catches_bad_total, .init = setup_kirkwood,
     .fini = test_free_area_teardown)
{
	test_zone(0, ZONE_HIGHMEM)->free_pages--;
	assert_check_fails("free_pages 67583, lists hold 67584");
}

Test(page_alloc, buddy_check_catches_overlap, .init = setup_kirkwood,
     .fini = test_free_area_teardown)
{
	struct zone *high = test_zone(0, ZONE_HIGHMEM);
	struct page *inner = pfn_to_page(KW_LOW + 8);

	/* Pretend pfn KW_LOW + 8 is also a free order-3 block. */
	set_page_flags(inner, 1u << PG_buddy);
	set_page_count(inner, 0);
	inner->private = 3;
	list_add(&inner->lru, &high->free_area[3].free_list);
	high->free_area[3].nr_free++;
	high->free_pages += 8;
	high->present_pages += 8;
	assert_check_fails("lies inside free block");
}

Test(page_alloc, buddy_check_catches_unmerged, .init = setup_kirkwood,
     .fini = test_free_area_teardown)
{
	struct zone *high = test_zone(0, ZONE_HIGHMEM);
	struct page *a = alloc_pages(GFP_HIGHUSER, 0);
	struct page *b = alloc_pages(GFP_HIGHUSER, 0);

	cr_assert_eq(page_to_pfn(b), page_to_pfn(a) + 1);
	/* Put both halves back by hand, without merging. */
	for (struct page *p = a; p <= b; p++) {
		set_page_flags(p, 1u << PG_buddy);
		set_page_count(p, 0);
		p->private = 0;
		list_add(&p->lru, &high->free_area[0].free_list);
		high->free_area[0].nr_free++;
		high->free_pages++;
	}
	assert_check_fails("not merged");
}

Test(page_alloc, memblock_alloc_top_down)
{
	phys_addr_t a, b, c;

	boot_machine("kirkwood-openblocks-a7");
	/* Before free_area_init the window is the RAM bank. */
	a = memblock_alloc(16 * SZ_1K, 16 * SZ_1K, 760ull << 20);
	cr_assert_eq(a, (760ull << 20) - 16 * SZ_1K);
	b = memblock_alloc(SZ_4K, SZ_4K, 760ull << 20);
	cr_assert_eq(b, (760ull << 20) - 20 * SZ_1K);
	cr_assert(memblock_is_reserved(PFN(a)));
	cr_assert(memblock_is_reserved(PFN(b)));
	cr_assert_not(memblock_is_reserved(PFN(b) - 1));

	/* A reservation below pushes the next one under it, aligned. */
	memblock_reserve(700ull << 20, b - (700ull << 20));
	c = memblock_alloc(SZ_1M, SZ_1M, 760ull << 20);
	cr_assert_eq(c, 699ull << 20);
	cr_assert(memblock_is_region_reserved(699ull << 20, 61ull << 20));
	cr_assert_not(memblock_is_region_reserved(698ull << 20, SZ_1M));
	cr_assert(memblock_is_region_reserved(698ull << 20, SZ_1M + 1));

	/* Touching and overlapping ranges merge into one. */
	memblock_reserve(0, SZ_4K);
	memblock_reserve(2 * SZ_4K, SZ_4K);
	cr_assert_not(memblock_is_reserved(1));
	memblock_reserve(SZ_4K, SZ_4K);
	cr_assert(memblock_is_reserved(1));
	cr_assert_not(memblock_is_reserved(3));

	/* The buddy allocator never sees any of it. */
	boot_layout(0, KW_MAX, 0, KW_LOW, 1);
	memblock_free_all();
	cr_assert_eq(test_zone(0, ZONE_NORMAL)->present_pages,
		     KW_LOW - PFN(61ull << 20) - 3);
	cr_assert_eq(nr_free_pages(), KW_MAX - PFN(61ull << 20) - 3);
	cr_assert(PageReserved(pfn_to_page(PFN(c))));
	cr_assert(PageReserved(pfn_to_page(KW_LOW - 1)));
	cr_assert(PageBuddy(pfn_to_page(3)));
	buddy_check();
	test_free_area_teardown();
}

/* Free pfn ranges: a frame any byte of which is reserved is reserved. */
Test(page_alloc, memblock_next_free_pfn_range)
{
	unsigned long start, end;

	memblock_reset();
	/* Bytes 0x1800..0x27ff touch frames 1 and 2; 0x5000..0x5fff is 5. */
	memblock_reserve(0x1800, SZ_4K);
	memblock_reserve(0x5000, SZ_4K);
	cr_assert(memblock_next_free_pfn_range(0, 100, &start, &end));
	cr_assert_eq(start, 0);
	cr_assert_eq(end, 1);
	cr_assert(memblock_next_free_pfn_range(1, 100, &start, &end));
	cr_assert_eq(start, 3);
	cr_assert_eq(end, 5);
	cr_assert(memblock_next_free_pfn_range(4, 100, &start, &end));
	cr_assert_eq(start, 4);
	cr_assert_eq(end, 5);
	cr_assert(memblock_next_free_pfn_range(5, 100, &start, &end));
	cr_assert_eq(start, 6);
	cr_assert_eq(end, 100);
	cr_assert_not(memblock_next_free_pfn_range(5, 6, &start, &end));
	cr_assert_not(memblock_next_free_pfn_range(100, 100, &start, &end));
	memblock_reset();
}

/* memblock_free_all() seals memblock: the deferred blocks are read off it. */
Test(page_alloc, memblock_sealed_after_free_all, .init = setup_kirkwood,
     .fini = test_free_area_teardown)
{
	set_panic_hook(test_panic_hook);
	if (setjmp(test_panic_jmp) == 0) {
		memblock_reserve(KW_LOW << PAGE_SHIFT, SZ_4K);
		cr_assert_fail("memblock_reserve after memblock_free_all");
	}
	cr_assert_str_eq(test_panic_msg,
			 "memblock_reserve: 0x2f800000+0x1000 after memblock_free_all");
}

Test(page_alloc, memblock_alloc_stays_in_ram)
{
	phys_addr_t pa;

	boot_machine("beaglebone-white");
	boot_layout(BB_MIN, BB_MAX, BB_MIN, BB_MAX, 1);
	/* A limit above the bank is clipped to its end. */
	pa = memblock_alloc(SZ_1M, SZ_1M, 0xc0000000ull);
	cr_assert_eq(pa, 0x8ff00000ull);

	set_panic_hook(test_panic_hook);
	if (setjmp(test_panic_jmp) == 0) {
		memblock_alloc(256u << 20, SZ_4K, 0xc0000000ull);
		cr_assert_fail("memblock_alloc beyond RAM did not panic");
	}
	cr_assert(strstr(test_panic_msg, "memblock_alloc: "), "message: %s",
		  test_panic_msg);
	test_free_area_teardown();
}

Test(page_alloc, bad_layouts_refused)
{
	struct mem_layout l = {
		.min_pfn = 0,
		.max_pfn = KW_MAX,
		.max_dma_pfn = 0,
		.max_low_pfn = KW_LOW,
		.nodes = 0,
	};

	boot_machine("kirkwood-openblocks-a7");
	cr_assert_eq(free_area_init(&l), -EINVAL);
	l.nodes = MAX_NUMNODES + 1;
	cr_assert_eq(free_area_init(&l), -EINVAL);
	l.nodes = 1;
	l.max_low_pfn = KW_MAX + 1;
	cr_assert_eq(free_area_init(&l), -EINVAL);
	l.max_low_pfn = KW_LOW;
	l.max_dma_pfn = KW_LOW + 1;
	cr_assert_eq(free_area_init(&l), -EINVAL);
	/* More RAM than the machine has. */
	l.max_dma_pfn = 0;
	l.max_pfn = 2 * KW_MAX;
	cr_assert_eq(free_area_init(&l), -EINVAL);
	cr_assert_null(mem_map);
	test_free_area_teardown();
}

/* get_page and put_page are one atomic each: CODE_page_ref cycles. */
Test(page_alloc, get_put_page_charge_one_atomic_each, .init = setup_numaq,
     .fini = test_free_area_teardown)
{
	struct page *page = alloc_pages(GFP_KERNEL, 0);
	u64 before;

	machine_reset_counters();
	before = this_cpu()->cycles;
	get_page(page);
	cr_assert_eq(this_cpu()->cycles - before, code(CODE_page_ref));
	put_page(page);
	cr_assert_eq(this_cpu()->cycles - before, 2 * code(CODE_page_ref));
	cr_assert_eq(this_cpu()->events[EV_page_ref], 2);
	cr_assert_eq(page_count(page), 1);
	__free_page(page);
}

/*
 * gfp_highuser: the page cache and the pipe buffers ask for highmem
 * until the plan's stage takes it from them -- stage 2 from the pipes,
 * stage 3 from the page cache too.
 */
Test(page_alloc, gfp_highuser_follows_the_plan_s_stages)
{
	static const struct {
		const char *word;
		gfp_t cache, pipe;
	} want[] = {
		{ "highmem_users=all", GFP_HIGHUSER, GFP_HIGHUSER },
		{ "highmem_users=plan2", GFP_HIGHUSER, GFP_USER },
		{ "highmem_users=plan3", GFP_USER, GFP_USER },
	};

	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		TEST_BOOT("am335x-evm", want[i].word);
		cr_assert_eq(gfp_highuser(HM_PAGE_CACHE), want[i].cache, "%s",
			     want[i].word);
		cr_assert_eq(gfp_highuser(HM_PIPE), want[i].pipe, "%s",
			     want[i].word);
		test_shutdown();
	}
}
