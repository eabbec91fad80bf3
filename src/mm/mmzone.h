/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Nodes and zones (include/linux/mmzone.h).  ZONE_DMA exists where the
 * architecture has it (x86: below 16 MiB), ZONE_NORMAL is the rest of
 * lowmem, ZONE_HIGHMEM everything above max_low_pfn.  On NUMA boards lowmem
 * sits on node 0 (as on the NUMA-Q: "all my ZONE_NORMAL is on node 0") and
 * each node has its own ZONE_HIGHMEM.
 */
#ifndef VMSPLIT_MM_MMZONE_H
#define VMSPLIT_MM_MMZONE_H

#include "mm/mm_types.h"

#define MAX_NUMNODES 4

struct free_area {
	struct list_head free_list;
	unsigned long nr_free;		/* blocks of this order */
};

struct zone {
	const char *name;
	u32 node;
	unsigned long zone_start_pfn;
	unsigned long spanned_pages;
	unsigned long present_pages;	/* not reserved at boot */
	unsigned long free_pages;
	struct free_area free_area[MAX_ORDER];
};

struct pglist_data {
	struct zone node_zones[MAX_NR_ZONES];
	unsigned long node_start_pfn, node_end_pfn;
};

extern struct pglist_data node_data[MAX_NUMNODES];
extern u32 nr_nodes;

#define NODE_DATA(nid) (&node_data[nid])

static inline struct zone *page_zone(const struct page *page)
{
	return &node_data[page->node].node_zones[page->zone];
}

/* page_is_buddy(): is @page the free head of a block of @order in @zone? */
static inline bool page_is_buddy(const struct page *page,
				 const struct zone *zone, unsigned int order)
{
	return PageBuddy(page) && page->private == order &&
	       page_zone(page) == zone;
}

/* What boot hands the allocator (computed by the arch layout). */
struct mem_layout {
	unsigned long min_pfn, max_pfn;	/* RAM in use: [min_pfn, max_pfn) */
	unsigned long max_dma_pfn;	/* end of ZONE_DMA; == min_pfn if none */
	unsigned long max_low_pfn;	/* end of lowmem (ZONE_NORMAL) */
	u32 nodes;			/* equal-sized nodes over the RAM */
};

/**
 * free_area_init - build mem_map, the nodes and zones for @l; every frame
 * starts PG_reserved with _refcount 1, as after memblock in Linux.
 * Return: 0, -EINVAL for an impossible layout (zone bounds out of order,
 * 0 or more than MAX_NUMNODES nodes, frames outside the machine's RAM),
 * or -ENOMEM.
 */
int free_area_init(const struct mem_layout *l);

/*
 * memblock_free_all - hand every frame not reserved by memblock to the
 * buddy allocator (free_all_bootmem / memblock_free_all).
 */
void memblock_free_all(void);

/* Tear everything down (host memory only). */
void free_area_exit(void);

unsigned long nr_free_pages(void);
unsigned long nr_free_highpages(void);

/*
 * buddy_check - verify the allocator's invariants: every free list entry is
 * PageBuddy with its order, aligned, inside its zone, not overlapping any
 * other free block; nr_free and free_pages match the lists.  Panics naming
 * the broken invariant.
 */
void buddy_check(void);

#endif
