/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A hazard of Linux's own that the walker checker meets, reported rather
 * than stopped at (fuzz/open/README.md, "highpte-table-zeroed-without-
 * clean-on-a-up-a8").  On ARM a PTE table from highmem (CONFIG_HIGHPTE)
 * is zeroed by __GFP_ZERO through a kmap, whose unmap flushes only a VIVT
 * cache, and pte_alloc_one cleans the table only when it is lowmem
 * (arch/arm/include/asm/pgalloc.h, 5.7 and 6.1).  Where the walker does
 * not look in L1 (a UP ARMv7 core: Linux's flush_pte), a walk through a
 * slot no set_pte has written since reads the line's old bytes below the
 * dirty zeroes.  The machine holds no data in its caches, so the model
 * cannot give the walker those old bytes; it counts the walk, keeps the
 * first report for the run's end, and goes on with the zeroes.  Any other
 * dirty descriptor still stops the run: only lines of a table
 * pte_alloc_one left uncleaned are forgiven, and only until it is freed.
 */
#ifndef VMSPLIT_MM_PGTABLE_HAZARD_H
#define VMSPLIT_MM_PGTABLE_HAZARD_H

#include "mm/hazard_report.h"

struct page;

/* The walks that read such a line; the first one's report. */
extern struct hazard_report pt_hazard_report;

/* Boot: a clean report, and the walker's hook where the hazard can be
 * (an ARM board whose walker needs PTE lines cleaned, with highmem). */
void pt_hazard_init(void);
/* Shutdown, or a kernel abandoned: the tables' bits and the hook go (the
 * report stays, for the run's end); idempotent. */
void pt_hazard_exit(void);

/* pte_alloc_one left the zeroed table @pt uncleaned (it is highmem). */
void pt_hazard_table_uncleaned(struct page *pt);
/* The table @pt goes back to the allocator. */
void pt_hazard_table_freed(struct page *pt);

#endif
