// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Feroceon L2 as Linux 3.14 maintains it (arch/arm/mm/
 * cache-feroceon-l2.c), installed as outer_cache on the Kirkwood.
 *
 * The controller offers "clean / invalidate L2 range by MVA": two cp15
 * writes, start and inclusive end, after which it processes every line
 * whose first byte lies in the range, stalling the pipeline meanwhile.
 * The L2 is physically tagged, yet the operation takes virtual addresses
 * and translates only the start, so a range must stay inside one page and
 * needs *some* mapping of the frame.  Linux's answer under CONFIG_HIGHMEM
 * is l2_get_va = kmap_atomic_pfn: every chunk, lowmem or not, takes a
 * fixmap slot (a PTE store and a local TLB invalidate) unless the 2014
 * fast path short-circuits lowmem, and l2_put_va = kunmap_atomic, which
 * on the VIVT Kirkwood flushes the slot's 4 KiB from the L1 and the whole
 * I-cache.  Without CONFIG_HIGHMEM the direct map serves (__phys_to_virt).
 * That is the mechanism experiment E1 measures.
 *
 * Single lines can also be maintained by physical address (c15 c9/c10/
 * c11 opcode 3); the invalidate uses that for partial edge lines, with no
 * mapping at all.
 */
#include "arch/cache-feroceon-l2.h"

#include "arch/irqflags.h"
#include "arch/layout.h"
#include "arch/outercache.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/access.h"
#include "mm/highmem.h"

#define LINE_MASK ((phys_addr_t)FEROCEON_L2_LINE - 1)

/*
 * l2_get_va - a virtual address of @paddr for the range operation's one
 * TLB lookup.  The mapping is never used to touch memory, so nothing needs
 * flushing for it (though kunmap_atomic on VIVT flushes anyway).
 */
static vaddr_t l2_get_va(phys_addr_t paddr)
{
	if (config->highmem)
		return kmap_atomic_pfn((unsigned long)(paddr >> PAGE_SHIFT)) +
		       (vaddr_t)(paddr & (PAGE_SIZE - 1));
	return __va(paddr);
}

static void l2_put_va(vaddr_t vaddr)
{
	if (config->highmem)
		kunmap_atomic(vaddr);
}

/* One range operation on [start, end] (inclusive, one page). */
static void l2_op_pa_range(phys_addr_t start, phys_addr_t end, enum cache_op op)
{
	vaddr_t va_start, va_end;

	/* L2 is PIPT and the operation translates only the start. */
	BUG_ON((start ^ end) >> PAGE_SHIFT);
	charge(CODE_feroceon_l2_chunk);
	va_start = l2_get_va(start);
	va_end = va_start + (vaddr_t)(end - start);
	/* No interrupt between the two cp15 writes. */
	raw_local_irq_save();
	if (hw_l2_range_op_va(this_cpu(), va_start, va_end, op))
		panic("l2_op_pa_range: PA %#llx has no mapping at %#x",
		      (unsigned long long)start, va_start);
	raw_local_irq_restore();
	l2_put_va(va_start);
}

static void l2_clean_pa_range(phys_addr_t start, phys_addr_t end)
{
	l2_op_pa_range(start, end, CACHE_CLEAN);
}

static void l2_inv_pa_range(phys_addr_t start, phys_addr_t end)
{
	l2_op_pa_range(start, end, CACHE_INV);
}

/* Clean and invalidate the one line at @addr, by physical address. */
static void l2_clean_inv_pa(phys_addr_t addr)
{
	hw_l2_op_pa_range(this_cpu(), addr, FEROCEON_L2_LINE, CACHE_FLUSH);
}

/* dsb() on ARMv5: drain the write buffer. */
static void dsb(void)
{
	hw_barrier(this_cpu());
}

phys_addr_t calc_range_end(phys_addr_t start, phys_addr_t end)
{
	phys_addr_t range_end = end;

	BUG_ON(start & LINE_MASK);
	BUG_ON(end & LINE_MASK);
	/* Bound the pipeline stall. */
	if (range_end > start + FEROCEON_L2_MAX_RANGE)
		range_end = start + FEROCEON_L2_MAX_RANGE;
	/* Never into the next page. */
	if (range_end > (start | (PAGE_SIZE - 1)) + 1)
		range_end = (start | (PAGE_SIZE - 1)) + 1;
	return range_end;
}

/*
 * feroceon_l2_inv_range - discard [start, end).  A partial line at either
 * edge also holds bytes outside the buffer, so it is cleaned and
 * invalidated by PA instead; the full lines go in chunks by range.
 */
static void feroceon_l2_inv_range(phys_addr_t start, phys_addr_t end)
{
	CC_SCOPE(feroceon_l2_inv_range);

	charge(CODE_feroceon_l2_range);
	if (start & LINE_MASK) {
		l2_clean_inv_pa(start & ~LINE_MASK);
		start = (start | LINE_MASK) + 1;
	}
	if (start < end && (end & LINE_MASK)) {
		l2_clean_inv_pa(end & ~LINE_MASK);
		end &= ~LINE_MASK;
	}
	while (start < end) {
		phys_addr_t range_end = calc_range_end(start, end);

		l2_inv_pa_range(start, range_end - FEROCEON_L2_LINE);
		start = range_end;
	}
	dsb();
}

/*
 * The chunk loop of clean_range and flush_range over [start, end) widened
 * to lines: per chunk a clean range operation if @clean, then an
 * invalidate one if @inv, each with its own l2_get_va/l2_put_va.
 */
static void l2_chunks(phys_addr_t start, phys_addr_t end, bool clean, bool inv)
{
	charge(CODE_feroceon_l2_range);
	start &= ~LINE_MASK;
	end = (end + LINE_MASK) & ~LINE_MASK;
	while (start != end) {
		phys_addr_t range_end = calc_range_end(start, end);

		if (clean)
			l2_clean_pa_range(start, range_end - FEROCEON_L2_LINE);
		if (inv)
			l2_inv_pa_range(start, range_end - FEROCEON_L2_LINE);
		start = range_end;
	}
	dsb();
}

/* feroceon_l2_clean_range - write back [start, end), widened to lines. */
static void feroceon_l2_clean_range(phys_addr_t start, phys_addr_t end)
{
	CC_SCOPE(feroceon_l2_clean_range);

	l2_chunks(start, end, true, false);
}

/* feroceon_l2_flush_range - per chunk a clean then an invalidate. */
static void feroceon_l2_flush_range(phys_addr_t start, phys_addr_t end)
{
	CC_SCOPE(feroceon_l2_flush_range);

	l2_chunks(start, end, true, true);
}

void feroceon_l2_init(void)
{
	outer_cache.inv_range = feroceon_l2_inv_range;
	outer_cache.clean_range = feroceon_l2_clean_range;
	outer_cache.flush_range = feroceon_l2_flush_range;
}
