// SPDX-License-Identifier: GPL-2.0-only
#include "arch/cacheflush.h"

#include "config/runtime.h"
#include "hw/access.h"

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
