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
	/*
	 * Blocks of this order, on free_list or (MAX_ORDER - 1 only)
	 * deferred: see struct zone.
	 */
	unsigned long nr_free;
};

/*
 * Deferred max-order blocks.  memblock_free_all() would queue every whole,
 * aligned, unreserved block of MAX_ORDER - 1 at the tail of its zone's
 * top free list, in pfn order; writing their heads would cost the host one
 * page of mem_map per 4 MiB of simulated RAM.  Instead they stay
 * implicit: the top list is read as free_list followed by the nr_deferred
 * boot blocks at or above first_deferred_pfn, and deferred_grow_zone()
 * writes the next one's head when an allocation finds free_list empty.
 * Since after boot blocks only ever go to the head of a list, that is the
 * very list Linux would hold, handed out in the same order.  (The idea is
 * Linux's CONFIG_DEFERRED_STRUCT_PAGE_INIT, which also grows a zone on
 * demand; there the deferred pages still get initialised by a kthread.)
 */
/*
 * A CPU's list of free order-0 pages of a zone (pcp=y; struct
 * per_cpu_pages, Linux 2.5.45's hot list, kept since): frees push on the
 * head and allocations pop it, so a CPU gets back the page it freed last,
 * still warm in its caches.  An allocation finding count at or below
 * @low takes @batch pages from the buddy lists first; a free that leaves
 * count at @high (2.5.73: finds it there) gives the @batch at the tail
 * back.  The values follow the kernel (zone_pcp_init in mm/page_alloc.c).
 */
struct per_cpu_pages {
	u32 count, low, high, batch;
	struct list_head list;
};

#define PCP_MAX_CPUS 32		/* hw/machine.h MAX_CPUS */

struct zone {
	const char *name;
	u32 node;
	unsigned long zone_start_pfn;
	unsigned long spanned_pages;
	unsigned long present_pages;	/* not reserved at boot */
	unsigned long free_pages;
	struct free_area free_area[MAX_ORDER];
	unsigned long first_deferred_pfn;	/* where the next one is sought */
	unsigned long nr_deferred;		/* boot blocks not yet written */
	/* pcp=y: each CPU's list (its pages are free, but not in
	 * free_area: nr_free_pages counts them, as Linux's NR_FREE_PAGES
	 * does not). */
	struct per_cpu_pages pcp[PCP_MAX_CPUS];
	/* WMARK_MIN, WMARK_LOW, WMARK_HIGH (3.x __setup_per_zone_wmarks);
	 * 0 where the kernel's rule is not modelled. */
	unsigned long watermark[3];
};

/* The pages on @zone's per-CPU lists, all CPUs'. */
static inline unsigned long zone_pcp_pages(const struct zone *zone)
{
	unsigned long n = 0;

	for (u32 cpu = 0; cpu < PCP_MAX_CPUS; cpu++)
		n += zone->pcp[cpu].count;
	return n;
}

struct pglist_data {
	struct zone node_zones[MAX_NR_ZONES];
	unsigned long node_start_pfn, node_end_pfn;
};

extern struct pglist_data node_data[MAX_NUMNODES];
extern u32 nr_nodes;

#define NODE_DATA(nid) (&node_data[nid])

/*
 * page_to_nid() - the node of a frame, which Linux keeps in page->flags.
 * The nodes tile [min_pfn, max_pfn) in order (lowmem all on node 0), so it
 * is the last node starting at or below the pfn; an empty node shares its
 * start with the next one and is passed over.
 */
static inline u32 page_to_nid(const struct page *page)
{
	unsigned long pfn = page_to_pfn(page);
	u32 nid = nr_nodes ? nr_nodes - 1 : 0;

	while (nid && node_data[nid].node_start_pfn > pfn)
		nid--;
	return nid;
}

static inline struct zone *page_zone(const struct page *page)
{
	return &node_data[page_to_nid(page)].node_zones[page_zonenum(page)];
}

/*
 * deferred_block_from - the first boot block of @zone at or above @pfn: a
 * pfn aligned to MAX_ORDER_NR_PAGES whose whole block lies in the zone and
 * in a range memblock left free, the blocks memblock_free_all() defers.
 * Reads memblock only, no struct page.
 * Return: its pfn, or the end of the zone if there is none.
 */
unsigned long deferred_block_from(const struct zone *zone, unsigned long pfn);

/* Is @pfn the head of a deferred block of @zone, free but never written? */
static inline bool zone_deferred_block(const struct zone *zone,
				       unsigned long pfn)
{
	return zone->nr_deferred && pfn >= zone->first_deferred_pfn &&
	       deferred_block_from(zone, pfn) == pfn;
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
 * starts PG_reserved with _refcount 1, as after memblock in Linux.  mem_map
 * is reserved, not written: an untouched struct page is in that state.
 * Return: 0, -EINVAL for an impossible layout (zone bounds out of order,
 * 0 or more than MAX_NUMNODES nodes, frames outside the machine's RAM),
 * or -ENOMEM.
 */
int free_area_init(const struct mem_layout *l);

/*
 * memblock_free_all - hand every frame not reserved by memblock to the
 * buddy allocator (free_all_bootmem / memblock_free_all).  Whole
 * max-order blocks are deferred (struct zone); memblock must not change
 * afterwards, since deferred_grow_zone() reads it.
 */
void memblock_free_all(void);
/*
 * zone_pcp_init - after memblock_free_all: @on (pcp=y) gives every zone
 * its CPUs' page lists, sized as the running kernel sizes them;
 * zone_pcp_exit at mm_exit turns them off (the pages on them are
 * counted free and go with the zones).
 */
void zone_pcp_init(bool on);
void zone_pcp_exit(void);

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

/* Is @page a struct page of mem_map (and not a pointer into one)? */
bool in_mem_map(const struct page *page);

#endif
