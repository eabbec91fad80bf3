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
 * mem_map is host memory: 64 bytes per frame, 256 MiB for the 16 GiB
 * NUMA-Q.  Boot writes none of it.  An all-zero struct page is a frame in
 * its boot state (mm/mm_types.h), zone and node follow from the pfn, so
 * free_area_init() only reserves address space for mem_map, and the host
 * kernel supplies a zeroed page the first time the run touches one.
 * memblock_free_all() then writes only the heads of the few free blocks
 * below the max order and defers the whole max-order ones (struct zone),
 * so boot costs the same host time and memory on 256 MiB as on 16 GiB.
 */
#include "mm/mmzone.h"

#include <stdint.h>
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
unsigned long max_dma_pfn;

struct pglist_data node_data[MAX_NUMNODES];
u32 nr_nodes;

static const char *const zone_names[MAX_NR_ZONES] = {
	[ZONE_DMA] = "DMA",
	[ZONE_NORMAL] = "Normal",
	[ZONE_HIGHMEM] = "HighMem",
};

/*
 * Set up zone @zt of node @nid over [start, end).  Its frames are already
 * in their boot state, PG_reserved, _refcount 1, _mapcount -1, as
 * memmap_init_zone() + memblock leave them until memblock_free_all(): that
 * is what the zeroed mem_map reads as.
 */
static void zone_init(u32 nid, enum zone_type zt, unsigned long start,
		      unsigned long end)
{
	struct zone *zone = &node_data[nid].node_zones[zt];

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
	zone->first_deferred_pfn = start;
	zone->nr_deferred = 0;
}

static size_t mem_map_bytes(void)
{
	return (size_t)(max_pfn - min_pfn) * sizeof(struct page);
}

/*
 * alloc_mem_map - reserve, not commit, host memory for @nr struct pages.
 * An anonymous private mapping reads as zeroes until written, and
 * MAP_NORESERVE keeps a 256 MiB mem_map from counting against the host's
 * overcommit limit.  No huge pages: the run touches struct pages sparsely
 * (a free block's head, an allocation's frames) and a 2 MiB host page per
 * touch would commit most of mem_map again.
 * Return: the zeroed array, or NULL.
 */
static struct page *alloc_mem_map(unsigned long nr)
{
	size_t bytes = (size_t)nr * sizeof(struct page);
	void *map = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (map == MAP_FAILED)
		return NULL;
#ifdef MADV_NOHUGEPAGE
	madvise(map, bytes, MADV_NOHUGEPAGE);	/* a hint: nothing relies on it */
#endif
	return map;
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
	mem_map = alloc_mem_map(l->max_pfn - l->min_pfn);
	if (!mem_map)
		return -ENOMEM;
	min_pfn = l->min_pfn;
	max_pfn = l->max_pfn;
	max_low_pfn = l->max_low_pfn;
	max_dma_pfn = l->max_dma_pfn;
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
	if (mem_map)
		munmap(mem_map, mem_map_bytes());
	mem_map = NULL;
	min_pfn = max_pfn = max_low_pfn = max_dma_pfn = 0;
	memset(node_data, 0, sizeof(node_data));
	nr_nodes = 0;
	page_alloc_fail_nth = 0;
}

static unsigned long sum_free(enum zone_type first, enum zone_type last)
{
	unsigned long n = 0;

	for (u32 nid = 0; nid < nr_nodes; nid++)
		for (int zt = first; zt <= (int)last; zt++)
			n += node_data[nid].node_zones[zt].free_pages +
			     zone_pcp_pages(&node_data[nid].node_zones[zt]);
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
bool in_mem_map(const struct page *page)
{
	uintptr_t p = (uintptr_t)page, base = (uintptr_t)mem_map;
	uintptr_t len = mem_map_bytes();

	return p >= base && p - base < len &&
	       (p - base) % sizeof(struct page) == 0;
}

/*
 * Pass 1: the entries of one free list; their count, with the deferred
 * blocks for the top order.
 */
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
			      pfn, zone->name, zone->node, order,
			      page_flags(page));
		if (page->private != order)
			panic("buddy_check: pfn %#lx on the order %u list has order %u",
			      pfn, order, page->private);
		if (page_zone(page) != zone)
			panic("buddy_check: pfn %#lx of %s/%u is on a %s/%u list",
			      pfn, page_zone(page)->name, page_to_nid(page),
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
	if (order == MAX_ORDER - 1)
		n += zone->nr_deferred;
	if (n != area->nr_free)
		panic("buddy_check: %s/%u order %u: nr_free %lu, list holds %lu",
		      zone->name, zone->node, order, area->nr_free, n);
	return n;
}

/*
 * Pass 2: aligned power-of-two blocks are either disjoint or nested, so a
 * free block overlaps another exactly when one of its aligned ancestors is
 * a free head of that larger order, or its max-order ancestor is a deferred
 * block.  Two free buddies of the same order in the same zone must have
 * been merged by __free_one_page().
 */
static void check_overlap(struct zone *zone, unsigned int order)
{
	struct list_head *pos;

	list_for_each(pos, &zone->free_area[order].free_list) {
		struct page *page = list_entry(pos, struct page, lru);
		unsigned long pfn = page_to_pfn(page);
		unsigned long buddy = pfn ^ (1ul << order);
		unsigned long top = ALIGN_DOWN(pfn, MAX_ORDER_NR_PAGES);

		for (unsigned int o = order + 1; o < MAX_ORDER; o++) {
			unsigned long anc = ALIGN_DOWN(pfn, 1ul << o);

			if (!pfn_valid(anc))
				break;
			if (page_is_buddy(pfn_to_page(anc), zone, o))
				panic("buddy_check: free block pfn %#lx order %u lies inside free block pfn %#lx order %u",
				      pfn, order, anc, o);
		}
		if (zone_deferred_block(zone, top))
			panic("buddy_check: free block pfn %#lx order %u lies inside free block pfn %#lx order %u (deferred)",
			      pfn, order, top, MAX_ORDER - 1);
		if (order < MAX_ORDER - 1 && pfn_valid(buddy) &&
		    page_is_buddy(pfn_to_page(buddy), zone, order))
			panic("buddy_check: free buddies pfn %#lx and %#lx of order %u not merged",
			      pfn, buddy, order);
	}
}

/*
 * Pass 0: nr_deferred is the number of boot blocks the walk from
 * first_deferred_pfn finds.  Pure arithmetic on memblock: no struct page
 * is read, so checking a 16 GiB machine touches no more host memory than
 * booting it.
 */
static void check_deferred(struct zone *zone)
{
	unsigned long end = zone->zone_start_pfn + zone->spanned_pages;
	unsigned long pfn = zone->first_deferred_pfn, n = 0;

	if (pfn < zone->zone_start_pfn || pfn > end)
		panic("buddy_check: %s/%u first_deferred_pfn %#lx outside [%#lx, %#lx]",
		      zone->name, zone->node, pfn, zone->zone_start_pfn, end);
	while ((pfn = deferred_block_from(zone, pfn)) < end) {
		n++;
		pfn += MAX_ORDER_NR_PAGES;
	}
	if (n != zone->nr_deferred)
		panic("buddy_check: %s/%u nr_deferred %lu, memblock leaves %lu",
		      zone->name, zone->node, zone->nr_deferred, n);
}

void buddy_check(void)
{
	for (u32 nid = 0; nid < nr_nodes; nid++) {
		for (int zt = 0; zt < MAX_NR_ZONES; zt++) {
			struct zone *zone = &node_data[nid].node_zones[zt];
			unsigned long sum = 0;

			check_deferred(zone);

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
