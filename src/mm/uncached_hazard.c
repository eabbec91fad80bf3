// SPDX-License-Identifier: GPL-2.0-only
/*
 * The outer cache's dirty lines under make_coherent's uncacheable
 * mappings (uncached_hazard.h): the checker's hook and its report.  Host
 * bookkeeping: nothing here is charged.
 */
#include "mm/uncached_hazard.h"

#include <stdio.h>

#include "arch/cacheflush.h"
#include "hw/machine.h"
#include "mm/mm_types.h"

struct hazard_report uncached_hazard_report;

static bool uncached_hazard_outer_dirty(struct cpu *c, vaddr_t va,
					phys_addr_t pa, bool write)
{
	unsigned long pfn = (unsigned long)(pa >> PAGE_SHIFT);
	struct page *page;

	if (!pfn_valid(pfn))
		return false;
	page = pfn_to_page(pfn);
	/* page_mapping_file: make_coherent's pages are page-cache pages. */
	if (!page->mapping || test_page_flag(page, PG_anon))
		return false;
	if (!uncached_hazard_report.count++)
		snprintf(uncached_hazard_report.first,
			 sizeof(uncached_hazard_report.first),
			 "hazard: CPU%u's uncached %s PA %#llx through VA %#x, a page make_coherent made uncacheable, met the line dirty in the outer cache: flush_dcache_page cleans the L1 only (arch/arm/mm/flush.c), and an uncached access does not look in the L2 -- a board would %s",
			 c->id, write ? "store to" : "load from",
			 (unsigned long long)pa, va,
			 write ? "lose the store to the line's later write-back" :
				 "read DRAM's old bytes");
	return true;
}

void uncached_hazard_init(void)
{
	uncached_hazard_report = (struct hazard_report){ 0 };
	uncached_hazard_exit();
	if (cache_is_vivt() && machine->cpu[0].l2)
		machine->hooks.uncached_outer_dirty =
			uncached_hazard_outer_dirty;
}

void uncached_hazard_exit(void)
{
	if (machine)
		machine->hooks.uncached_outer_dirty = NULL;
}
