// SPDX-License-Identifier: GPL-2.0-only
/*
 * The uncleaned highmem PTE tables (pgtable_hazard.h): a bit per highmem
 * frame, set while the frame is a table pte_alloc_one did not clean, and
 * the walker's hook that forgives a dirty line of such a table, once
 * reported.  Host bookkeeping: nothing here is charged.
 */
#include "mm/pgtable_hazard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/panic.h"
#include "config/runtime.h"
#include "hw/machine.h"
#include "mm/mm_types.h"

struct pt_hazard_report pt_hazard_report;

static u8 *uncleaned;		/* bit (pfn - max_low_pfn) */
static unsigned long first_pfn, nr_pfns;

static bool is_uncleaned(unsigned long pfn)
{
	unsigned long i = pfn - first_pfn;

	return uncleaned && pfn >= first_pfn && i < nr_pfns &&
	       (uncleaned[i / 8] >> (i % 8) & 1);
}

static bool pt_hazard_walk_dirty(struct cpu *c, phys_addr_t pa)
{
	if (!is_uncleaned((unsigned long)(pa >> PAGE_SHIFT)))
		return false;
	if (!pt_hazard_report.count++)
		snprintf(pt_hazard_report.first, sizeof(pt_hazard_report.first),
			 "hazard: CPU%u's table walk read PA %#llx of a highmem PTE table that pte_alloc_one never cleaned (arch/arm/include/asm/pgalloc.h); its zeroing is still dirty in L1, where this walker does not look: a board would walk the page's old bytes",
			 c->id, (unsigned long long)pa);
	return true;
}

void pt_hazard_init(void)
{
	const struct platform *p = platform();

	pt_hazard_report = (struct pt_hazard_report){ 0 };
	/* A kernel abandoned mid-boot may have left the last one's. */
	pt_hazard_exit();
	if (p->arch != PLAT_ARM || p->pte_flush == PTE_FLUSH_NONE ||
	    max_pfn <= max_low_pfn)
		return;
	first_pfn = max_low_pfn;
	nr_pfns = max_pfn - max_low_pfn;
	uncleaned = calloc((nr_pfns + 7) / 8, 1);
	if (!uncleaned)
		panic("pt_hazard_init: host out of memory");
	machine->hooks.walk_dirty = pt_hazard_walk_dirty;
}

void pt_hazard_exit(void)
{
	free(uncleaned);
	uncleaned = NULL;
	if (machine)
		machine->hooks.walk_dirty = NULL;
}

void pt_hazard_table_uncleaned(struct page *pt)
{
	unsigned long i = page_to_pfn(pt) - first_pfn;

	BUG_ON(!uncleaned || page_to_pfn(pt) < first_pfn || i >= nr_pfns);
	uncleaned[i / 8] |= (u8)(1u << (i % 8));
}

void pt_hazard_table_freed(struct page *pt)
{
	unsigned long pfn = page_to_pfn(pt), i = pfn - first_pfn;

	if (is_uncleaned(pfn))
		uncleaned[i / 8] &= (u8)~(1u << (i % 8));
}
