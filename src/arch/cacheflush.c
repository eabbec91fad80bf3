// SPDX-License-Identifier: GPL-2.0-only
#include "arch/cacheflush.h"

#include "config/runtime.h"
#include "hw/access.h"
#include "mm/highmem.h"
#include "mm/rmap.h"

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
	/* A mapped page-cache page may be executed: __flush_icache_all. */
	if (page->mapping && !test_page_flag(page, PG_anon) && !cache_is_vivt())
		hw_icache_inv_all(this_cpu());
	set_page_flag(page, PG_dcache_clean);
}
