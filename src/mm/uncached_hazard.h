/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A hazard of Linux's own that the uncached-access checker meets (the
 * campaign of 2026-12-06, -seed=53; fuzz/open/README.md), reported rather
 * than stopped at.  On the Kirkwood, make_coherent turns a page-cache
 * page's shared user mappings uncacheable, flushing the page from the
 * VIVT L1 and -- outer_flush_range -- from the Feroceon L2 first: a
 * non-cacheable access does not look in the L2, which is what that flush
 * is for.  Later kernel writes to the page (write(), truncate's partial
 * zeroing) go through its kernel alias and end with flush_dcache_page,
 * which cleans the L1 only (arch/arm/mm/flush.c, 3.14 to 6.1): the lines
 * move into the write-back L2 and stay dirty there, and a load through
 * the uncacheable mapping reads DRAM's old bytes (a store there is later
 * overwritten by the L2's write-back).  The machine holds no data in its
 * caches, so the model cannot give the load those old bytes; it counts
 * the access, keeps the first report for the run's end, and goes on.
 * Only a line dirty in the outer cache, of a page-cache page, is
 * forgiven; one dirty in an L1 still stops the run (a write without its
 * flush_dcache_page).
 */
#ifndef VMSPLIT_MM_UNCACHED_HAZARD_H
#define VMSPLIT_MM_UNCACHED_HAZARD_H

#include "mm/hazard_report.h"

/* The accesses that met such a line; the first one's report. */
extern struct hazard_report uncached_hazard_report;

/* Boot: a clean report, and the checker's hook on a board where the
 * hazard can be (a VIVT L1 with an outer cache). */
void uncached_hazard_init(void);
/* Shutdown, or a kernel abandoned: the hook goes (the report stays, for
 * the run's end); idempotent. */
void uncached_hazard_exit(void);

#endif
