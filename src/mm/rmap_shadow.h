/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The rmap shadow: a host-side copy of what the pte_chains record, kept by
 * page_add_rmap and page_remove_rmap while checks are on, so that the exit
 * audit can ask "is this PTE on this page's rmap, and how often?" in O(1)
 * instead of walking a chain as long as the number of processes sharing
 * the page.  The end-of-run audit walks every chain and compares it with
 * the shadow, so a chain the rmap code corrupts is still caught.
 *
 * It is a multiset of (pfn, pte_addr_t) pairs, in an open-addressing hash
 * table sized to the pairs present, plus a per-page entry count, in a
 * frame table (mm/frame_table.h) whose chunks exist only where a page was
 * mapped (NUMA-Q has four million frames).  It is host bookkeeping only:
 * nothing here is charged or touches simulated RAM, caches or TLBs, so
 * results are the same with or without it.
 */
#ifndef VMSPLIT_MM_RMAP_SHADOW_H
#define VMSPLIT_MM_RMAP_SHADOW_H

#include "mm/mm_types.h"
#include "mm/rmap.h"

/* rmap_shadow_init - start empty (a previous run's shadow is dropped). */
void rmap_shadow_init(void);
/* rmap_shadow_exit - free the table. */
void rmap_shadow_exit(void);

/*
 * rmap_shadow_add - record one more mapping of @page by the PTE @pa.
 * Duplicates are counted, not refused: judging them is the audit's job.
 */
void rmap_shadow_add(const struct page *page, pte_addr_t pa);

/*
 * rmap_shadow_remove - forget one mapping of @page by @pa.  Panics if the
 * shadow holds none: the chain had an entry that was never added.
 */
void rmap_shadow_remove(const struct page *page, pte_addr_t pa);

/*
 * rmap_shadow_prefetch - ask the host for the slots a coming
 * rmap_shadow_remove(@page, @pa) will probe first, so that a chain walk
 * in between hides their host cache misses.  Changes nothing.
 */
void rmap_shadow_prefetch(const struct page *page, pte_addr_t pa);

/* How many times the pair (@page, @pa) is recorded. */
u32 rmap_shadow_lookup(const struct page *page, pte_addr_t pa);

/* How many entries @page has in all (the sum over its pairs). */
u32 rmap_shadow_page_count(const struct page *page);

/*
 * rmap_shadow_for_each_page - call @fn for every page with entries, with
 * its pfn and entry count, in pfn order (for the end-of-run audit).
 */
void rmap_shadow_for_each_page(void (*fn)(unsigned long pfn, u32 count,
					  void *arg),
			       void *arg);

/*
 * rmap_shadow_for_each_pair - call @fn for every (page, PTE) pair with how
 * many times it is recorded, in table order.  Under objrmap the shadow is
 * the only record of which PTEs map a page, and the end-of-run audit
 * holds each pair to its PTE.
 */
void rmap_shadow_for_each_pair(void (*fn)(unsigned long pfn, pte_addr_t pa,
					  u32 times, void *arg),
			       void *arg);

#endif
