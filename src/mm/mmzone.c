// SPDX-License-Identifier: GPL-2.0-only
/*
 * mem_map, nodes and zones (mm/mm_init.c, mm/page_alloc.c free_area_init,
 * mm/mmzone.c), and the buddy allocator's invariant checker.
 *
 * Layout: lowmem belongs to node 0 ("all my ZONE_NORMAL is on node 0", as
 * on the NUMA-Q): ZONE_DMA = [min_pfn, max_dma_pfn) and ZONE_NORMAL =
 * [max_dma_pfn, max_low_pfn).  The nodes split [min_pfn, max_pfn) into
 * equal parts (the last one takes any remainder) and each node's
 * ZONE_HIGHMEM is its part above max_low_pfn, possibly empty.  Should
 * lowmem reach past node 0's part, node 0 still owns it and the later
 * nodes start at max_low_pfn.
 *
 * mem_map is host memory: 40 bytes per frame, 160 MiB for the 16 GiB
 * NUMA-Q.  Every struct page is written once here (zone, node, reserved,
 * _refcount 1), which is the one pass over all of mem_map that boot makes;
 * memblock_free_all() then touches only the heads of the blocks it frees.
 */
#include "mm/mmzone.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "base/errno.h"
#include "base/panic.h"
#include "hw/machine.h"
#include "mm/gfp.h"

struct page *mem_map;
unsigned long min_pfn;
unsigned long max_pfn;
unsigned long max_low_pfn;

struct pglist_data node_data[MAX_NUMNODES];
u32 nr_nodes;

static const char *const zone_names[MAX_NR_ZONES] = {
	[ZONE_DMA] = "DMA",
	[ZONE_NORMAL] = "Normal",
	[ZONE_HIGHMEM] = "HighMem",
};

/*
 * Set up zone @zt of node @nid over [start, end) and give each of its
 * frames its boot state: PG_reserved, _refcount 1, _mapcount -1, as
 * memmap_init_zone() + memblock leave them until memblock_free_all().
 */
static void zone_init(u32 nid, enum zone_type zt, unsigned long start,
		      unsigned long end)
{
	struct zone *zone = &node_data[nid].node_zones[zt];
	const struct page boot_page = {
		.flags = 1u << PG_reserved,
		._refcount = 1,
		._mapcount = -1,
		.zone = (u8)zt,
		.node = (u8)nid,
	};
	struct page *page = pfn_to_page(start);
	struct page *last = page + (end - start);

	zone->name = zone_names[zt];
	zone->node = nid;
	zone->zone_start_pfn = start;
	zone->spanned_pages = end - start;
	/* Until memblock_free_all() says which frames stay reserved. */
	zone->present_pages = end - start;
	zone->free_pages = 0;
	for (unsigned int o = 0; o < MAX_ORDER; o++) {
		INIT_LIST_HEAD(&zone->free_area[o].free_list);
		zone->free_area[o].nr_free = 0;
	}
	for (; page < last; page++)
		*page = boot_page;
}

/*
 * mem_map comes zeroed from calloc(), i.e. from mmap() for this size.  Ask
 * for huge pages before the first touch so that writing 160 MiB of struct
 * page takes a hundred host faults rather than forty thousand.  Only a
 * hint: nothing depends on it.
 */
static void mem_map_hint(struct page *map, unsigned long nr)
{
#ifdef MADV_HUGEPAGE
	const uintptr_t huge = 2u << 20;
	uintptr_t start = ALIGN_UP((uintptr_t)map, huge);
	uintptr_t end = ALIGN_DOWN((uintptr_t)(map + nr), huge);

	if (end > start)
		madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
	(void)map;
	(void)nr;
#endif
}

static bool layout_valid(const struct mem_layout *l)
{
	if (l->min_pfn >= l->max_pfn || l->max_dma_pfn < l->min_pfn ||
	    l->max_low_pfn < l->max_dma_pfn || l->max_pfn < l->max_low_pfn)
		return false;
	if (!l->nodes || l->nodes > MAX_NUMNODES ||
	    l->max_pfn - l->min_pfn < l->nodes)
		return false;
	/* The frames must be RAM of the machine, when there is one. */
	if (machine && !ram_contains(&machine->ram,
				     (phys_addr_t)l->min_pfn << PAGE_SHIFT,
				     (u64)(l->max_pfn - l->min_pfn)
					     << PAGE_SHIFT))
		return false;
	return true;
}

int free_area_init(const struct mem_layout *l)
{
	unsigned long per_node;

	if (mem_map)
		panic("free_area_init: mem_map already set up");
	if (!layout_valid(l))
		return -EINVAL;
	mem_map = calloc(l->max_pfn - l->min_pfn, sizeof(struct page));
	if (!mem_map)
		return -ENOMEM;
	mem_map_hint(mem_map, l->max_pfn - l->min_pfn);
	min_pfn = l->min_pfn;
	max_pfn = l->max_pfn;
	max_low_pfn = l->max_low_pfn;
	nr_nodes = l->nodes;

	per_node = (max_pfn - min_pfn) / nr_nodes;
	for (u32 nid = 0; nid < nr_nodes; nid++) {
		struct pglist_data *pgdat = NODE_DATA(nid);
		unsigned long start = min_pfn + nid * per_node;
		unsigned long end = nid == nr_nodes - 1 ? max_pfn :
							  start + per_node;
		unsigned long high = MAX(start, max_low_pfn);

		end = MAX(end, high);
		if (nid == 0) {
			pgdat->node_start_pfn = min_pfn;
			zone_init(nid, ZONE_DMA, min_pfn, l->max_dma_pfn);
			zone_init(nid, ZONE_NORMAL, l->max_dma_pfn, max_low_pfn);
		} else {
			pgdat->node_start_pfn = high;
			zone_init(nid, ZONE_DMA, high, high);
			zone_init(nid, ZONE_NORMAL, high, high);
		}
		zone_init(nid, ZONE_HIGHMEM, high, end);
		pgdat->node_end_pfn = end;
	}
	return 0;
}

void free_area_exit(void)
{
	free(mem_map);
	mem_map = NULL;
	min_pfn = max_pfn = max_low_pfn = 0;
	memset(node_data, 0, sizeof(node_data));
	nr_nodes = 0;
	page_alloc_fail_nth = 0;
}

static unsigned long sum_free(enum zone_type first, enum zone_type last)
{
	unsigned long n = 0;

	for (u32 nid = 0; nid < nr_nodes; nid++)
		for (int zt = first; zt <= (int)last; zt++)
			n += node_data[nid].node_zones[zt].free_pages;
	return n;
}

unsigned long nr_free_pages(void)
{
	return sum_free(ZONE_DMA, ZONE_HIGHMEM);
}

unsigned long nr_free_highpages(void)
{
	return sum_free(ZONE_HIGHMEM, ZONE_HIGHMEM);
}

/* Is @page a struct page of mem_map (and not a pointer into one)? */
static bool in_mem_map(const struct page *page)
{
	uintptr_t p = (uintptr_t)page, base = (uintptr_t)mem_map;
	uintptr_t len = (max_pfn - min_pfn) * sizeof(struct page);

	return p >= base && p - base < len &&
	       (p - base) % sizeof(struct page) == 0;
}

/* Pass 1: the entries of one free list, their count. */
static unsigned long check_free_area(struct zone *zone, unsigned int order)
{
	struct free_area *area = &zone->free_area[order];
	unsigned long zone_end = zone->zone_start_pfn + zone->spanned_pages;
	unsigned long n = 0;
	struct list_head *pos;

	list_for_each(pos, &area->free_list) {
		struct page *page = list_entry(pos, struct page, lru);
		unsigned long pfn;

		if (pos->next->prev != pos)
			panic("buddy_check: %s/%u order %u: broken list link",
			      zone->name, zone->node, order);
		if (++n > zone->spanned_pages)
			panic("buddy_check: %s/%u order %u: list longer than the zone",
			      zone->name, zone->node, order);
		if (!in_mem_map(page))
			panic("buddy_check: %s/%u order %u: entry outside mem_map",
			      zone->name, zone->node, order);
		pfn = page_to_pfn(page);
		if (!PageBuddy(page) || PageReserved(page))
			panic("buddy_check: pfn %#lx on the %s/%u order %u list is not a free buddy (flags %#x)",
			      pfn, zone->name, zone->node, order, page->flags);
		if (page->private != order)
			panic("buddy_check: pfn %#lx on the order %u list has order %u",
			      pfn, order, page->private);
		if (page_zone(page) != zone)
			panic("buddy_check: pfn %#lx of %s/%u is on a %s/%u list",
			      pfn, page_zone(page)->name, page->node,
			      zone->name, zone->node);
		if (!IS_ALIGNED(pfn, 1ul << order))
			panic("buddy_check: pfn %#lx not aligned to order %u",
			      pfn, order);
		if (pfn < zone->zone_start_pfn || pfn + (1ul << order) > zone_end)
			panic("buddy_check: block pfn %#lx order %u outside %s/%u [%#lx, %#lx)",
			      pfn, order, zone->name, zone->node,
			      zone->zone_start_pfn, zone_end);
		if (page_count(page))
			panic("buddy_check: free pfn %#lx has _refcount %d",
			      pfn, page_count(page));
	}
	if (n != area->nr_free)
		panic("buddy_check: %s/%u order %u: nr_free %lu, list holds %lu",
		      zone->name, zone->node, order, area->nr_free, n);
	return n;
}

/*
 * Pass 2: aligned power-of-two blocks are either disjoint or nested, so a
 * free block overlaps another exactly when one of its aligned ancestors is
 * a free head of that larger order.  Two free buddies of the same order in
 * the same zone must have been merged by __free_one_page().
 */
static void check_overlap(struct zone *zone, unsigned int order)
{
	struct list_head *pos;

	list_for_each(pos, &zone->free_area[order].free_list) {
		struct page *page = list_entry(pos, struct page, lru);
		unsigned long pfn = page_to_pfn(page);
		unsigned long buddy = pfn ^ (1ul << order);

		for (unsigned int o = order + 1; o < MAX_ORDER; o++) {
			unsigned long anc = ALIGN_DOWN(pfn, 1ul << o);

			if (!pfn_valid(anc))
				break;
			if (page_is_buddy(pfn_to_page(anc), zone, o))
				panic("buddy_check: free block pfn %#lx order %u lies inside free block pfn %#lx order %u",
				      pfn, order, anc, o);
		}
		if (order < MAX_ORDER - 1 && pfn_valid(buddy) &&
		    page_is_buddy(pfn_to_page(buddy), zone, order))
			panic("buddy_check: free buddies pfn %#lx and %#lx of order %u not merged",
			      pfn, buddy, order);
	}
}

void buddy_check(void)
{
	for (u32 nid = 0; nid < nr_nodes; nid++) {
		for (int zt = 0; zt < MAX_NR_ZONES; zt++) {
			struct zone *zone = &node_data[nid].node_zones[zt];
			unsigned long sum = 0;

			for (unsigned int o = 0; o < MAX_ORDER; o++)
				sum += check_free_area(zone, o) << o;
			if (sum != zone->free_pages)
				panic("buddy_check: %s/%u free_pages %lu, lists hold %lu",
				      zone->name, nid, zone->free_pages, sum);
			if (sum > zone->present_pages)
				panic("buddy_check: %s/%u has %lu free of %lu present pages",
				      zone->name, nid, sum,
				      zone->present_pages);
			for (unsigned int o = 0; o < MAX_ORDER; o++)
				check_overlap(zone, o);
		}
	}
}
