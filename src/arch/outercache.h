/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The outer cache: an L2 outside the CPU whose maintenance the kernel
 * drives by physical address range (arch/arm/include/asm/outercache.h).
 * A board installs its controller's operations at boot (outer_cache_init);
 * on a board without one the operations are absent and the wrappers do
 * nothing, as Linux's do when outer_cache.inv_range is NULL.
 *
 * The ranges are [@start, @end) by physical address, any alignment; the
 * controller rounds them to its lines.
 */
#ifndef VMSPLIT_ARCH_OUTERCACHE_H
#define VMSPLIT_ARCH_OUTERCACHE_H

#include "base/types.h"

struct outer_cache_fns {
	void (*inv_range)(phys_addr_t start, phys_addr_t end);
	void (*clean_range)(phys_addr_t start, phys_addr_t end);
	void (*flush_range)(phys_addr_t start, phys_addr_t end);
};

extern struct outer_cache_fns outer_cache;

/*
 * outer_cache_init - install the booted board's outer cache operations
 * (the board's l2 init: kirkwood_l2_init -> feroceon_l2_init), or none.
 * Context: boot, after the configuration is applied.  Charges nothing:
 * the controller's own enable sequence runs before measurements start.
 */
void outer_cache_init(void);

/* outer_inv_range - discard [start, end) from the outer cache; partial
 * lines at the edges are written back first. */
static inline void outer_inv_range(phys_addr_t start, phys_addr_t end)
{
	if (outer_cache.inv_range)
		outer_cache.inv_range(start, end);
}

/* outer_clean_range - write dirty lines of [start, end) back to RAM. */
static inline void outer_clean_range(phys_addr_t start, phys_addr_t end)
{
	if (outer_cache.clean_range)
		outer_cache.clean_range(start, end);
}

/* outer_flush_range - clean, then invalidate, [start, end). */
static inline void outer_flush_range(phys_addr_t start, phys_addr_t end)
{
	if (outer_cache.flush_range)
		outer_cache.flush_range(start, end);
}

#endif
