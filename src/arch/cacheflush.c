// SPDX-License-Identifier: GPL-2.0-only
#include "arch/cacheflush.h"

#include "config/runtime.h"
#include "hw/access.h"
#include "mm/highmem.h"
#include "mm/rmap.h"
#include "mm/mm.h"
#include "arch/layout.h"
#include "arch/pgtable.h"

bool cache_is_vivt(void)
{
	return this_cpu()->l1d.kind == CACHE_VIVT;
}

bool cache_is_vipt_aliasing(void)
{
	return cache_virtually_indexed(&this_cpu()->l1d);
}

void __cpuc_flush_dcache_area(vaddr_t va, u32 size)
{
	CC_SCOPE(__cpuc_flush_dcache_area);
	struct cpu *c = this_cpu();

	if (platform()->arch == PLAT_X86)
		return;
	hw_dcache_op_va_range(c, va, size, CACHE_FLUSH);
	if (platform()->dcache_flush_kills_icache)
		hw_icache_inv_all(c);
	hw_barrier(c);
}

void flush_cache_all(void)
{
	CC_SCOPE(flush_cache_all);
	struct cpu *c = this_cpu();

	if (platform()->arch == PLAT_X86)
		return;
	hw_dcache_op_all(c, CACHE_FLUSH);
	hw_icache_inv_all(c);
	hw_barrier(c);
}

void flush_cache_kmaps(void)
{
	if (cache_is_vivt())
		flush_cache_all();
}

/* One user mapping of the page: flush it if its mm's lines can be here. */
static void flush_alias(pte_addr_t pa, void *arg)
{
	phys_addr_t pte_pa = settings_highpte(config) ? pa : __pa((vaddr_t)pa);
	struct page *pt = pfn_to_page((unsigned long)(pte_pa >> PAGE_SHIFT));
	struct mm_struct *mm = pt->mapping;
	vaddr_t addr = ptep_to_address(pt, (u32)(pte_pa & (PAGE_SIZE - 1)));

	/* A VIVT cache holds only the running mm's user lines. */
	if (!mm || this_cpu()->mmu.ttbr0 != mm->pgd)
		return;
	hw_dcache_op_va_range(this_cpu(), addr, PAGE_SIZE, CACHE_FLUSH);
}

/*
 * __flush_dcache_aliases: on VIVT the user mappings of a page-cache page
 * hold their own lines.  Linux walks the file's i_mmap; the model finds
 * the same mappings through the page's rmap.
 */
static void flush_dcache_aliases(struct page *page)
{
	rmap_for_each(page, flush_alias, NULL);
	hw_barrier(this_cpu());
}

void flush_dcache_page(struct page *page)
{
	CC_SCOPE(flush_dcache_page);
	vaddr_t addr;

	if (platform()->arch == PLAT_X86)
		return;
	if (page->mapping && !test_page_flag(page, PG_anon) &&
	    !page_mapped(page)) {
		/* clear_bit(PG_dcache_clean): flushed when it gets mapped. */
		clear_page_flag(page, PG_dcache_clean);
		return;
	}
	if (!PageHighMem(page)) {
		__cpuc_flush_dcache_area(page_address(page), PAGE_SIZE);
	} else if (!cache_is_vipt_aliasing()) {
		addr = kmap_atomic(page);
		__cpuc_flush_dcache_area(addr, PAGE_SIZE);
		kunmap_atomic(addr);
	} else {
		addr = kmap_high_get(page);
		if (addr) {
			__cpuc_flush_dcache_area(addr, PAGE_SIZE);
			kunmap_high(page);
		}
	}
	if (page->mapping && !test_page_flag(page, PG_anon)) {
		if (cache_is_vivt())
			flush_dcache_aliases(page);
		else
			/* It may be executed: __flush_icache_all. */
			hw_icache_inv_all(this_cpu());
	}
	set_page_flag(page, PG_dcache_clean);
}
