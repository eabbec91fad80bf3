// SPDX-License-Identifier: GPL-2.0-only
/*
 * The uncleaned highmem PTE tables (pgtable_hazard.h): a frame table
 * (mm/frame_table.h) whose value is 1 while the frame is a table
 * pte_alloc_one did not clean, and the walker's hook that forgives a dirty
 * line of such a table, once reported.  Host bookkeeping: nothing here is
 * charged.
 */
#include "mm/pgtable_hazard.h"

#include <stdio.h>
#include <string.h>

#include "base/panic.h"
#include "config/runtime.h"
#include "hw/machine.h"
#include "mm/frame_table.h"
#include "mm/mm_types.h"

struct hazard_report pt_hazard_report;

/* Per frame, 1 while it is a table pte_alloc_one left uncleaned. */
static struct frame_table uncleaned = FRAME_TABLE_INIT(1);

static bool is_uncleaned(unsigned long pfn)
{
	const u8 *v = frame_table_peek(&uncleaned, pfn);

	return v && *v;
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

	pt_hazard_report = (struct hazard_report){ 0 };
	/* A kernel abandoned mid-boot may have left the last one's. */
	pt_hazard_exit();
	if (p->arch != PLAT_ARM || p->pte_flush == PTE_FLUSH_NONE ||
	    max_pfn <= max_low_pfn)
		return;
	machine->hooks.walk_dirty = pt_hazard_walk_dirty;
}

void pt_hazard_exit(void)
{
	frame_table_exit(&uncleaned);
	if (machine)
		machine->hooks.walk_dirty = NULL;
}

void pt_hazard_table_uncleaned(struct page *pt)
{
	BUG_ON(!machine->hooks.walk_dirty);
	*(u8 *)frame_table_slot(&uncleaned, page_to_pfn(pt)) = 1;
}

void pt_hazard_table_freed(struct page *pt)
{
	if (is_uncleaned(page_to_pfn(pt)))
		*(u8 *)frame_table_slot(&uncleaned, page_to_pfn(pt)) = 0;
}
