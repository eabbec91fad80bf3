/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The mm checkers of process workloads (on with checks=y): page tables
 * against rmap, reference and map counts, leaks.  Each failure panics
 * naming the page, the PTE and what disagrees.
 */
#ifndef VMSPLIT_MM_AUDIT_H
#define VMSPLIT_MM_AUDIT_H

#include "mm/mm.h"

/*
 * mm_audit_before_exit - before @mm is torn down: every present PTE of its
 * page tables lies in a VMA and is recorded exactly once in the rmap of
 * the page it maps, the page's _mapcount and references agree with its
 * rmap, and rss and nr_ptes match the page tables.  The rmap is read from
 * its shadow (mm/rmap_shadow.h), O(1) per PTE.
 */
void mm_audit_before_exit(struct mm_struct *mm);

/*
 * mm_audit_pages - every mapped page: each rmap entry points at a present
 * PTE that maps this page, _mapcount is the number of entries less one,
 * the reference count covers the mappings (plus the page cache), and the
 * chain holds exactly the entries of the rmap shadow -- nor does the
 * shadow record any page without a chain.
 */
void mm_audit_pages(void);

/*
 * Leak check at the end of a run, after every process is gone and the
 * page caches are dropped: the free page count is back at @baseline and
 * no pte_chain is allocated.
 */
void mm_audit_end_of_run(unsigned long baseline);

#endif
