/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Feroceon L2 cache controller (arch/arm/mm/cache-feroceon-l2.c,
 * Linux 3.14): a physically tagged 256 KiB L2 whose fast maintenance is a
 * range operation programmed by *virtual* address.
 */
#ifndef VMSPLIT_ARCH_CACHE_FEROCEON_L2_H
#define VMSPLIT_ARCH_CACHE_FEROCEON_L2_H

#include "base/types.h"

/* The controller's line, and the most a range operation may cover:
 * range operations stall the pipeline until they complete. */
#define FEROCEON_L2_LINE 32u
#define FEROCEON_L2_MAX_RANGE 1024u

/*
 * feroceon_l2_init - install the Feroceon L2 range operations as
 * outer_cache (feroceon_l2_init(0): write-back; the write-through override
 * that makes clean a no-op is not modelled).
 */
void feroceon_l2_init(void);

/*
 * calc_range_end - end (exclusive) of the chunk that starts at @start on
 * the way to @end: at most FEROCEON_L2_MAX_RANGE bytes and never past the
 * end of @start's page.  Both must be line-aligned (BUG otherwise).
 * Exposed for the tests, which derive chunk counts from it by hand.
 */
phys_addr_t calc_range_end(phys_addr_t start, phys_addr_t end);

#endif
