// SPDX-License-Identifier: GPL-2.0-only
/*
 * The L1 half of streaming DMA maintenance: the CPU's dma_map_area and
 * dma_unmap_area (struct cpu_cache_fns, called through dmac_map_area and
 * dmac_unmap_area by dma_cache_maint_page), as Linux 3.14 has them for
 * the boards' ARM cores.
 *
 *   Feroceon 88FR131 (feroceon_range_cache_fns, proc-feroceon.S): the
 *   map is one range operation over the whole area, however many pages
 *   -- clean (TO_DEVICE), invalidate (FROM_DEVICE, after single-line
 *   cleans of partial edge lines) or clean+invalidate (BIDIRECTIONAL) --
 *   programmed by two cp15 writes with IRQs masked, followed by a write
 *   buffer drain except for the invalidate.  The unmap returns at once.
 *
 *   ARMv7 (v7_cache_fns, cache-v7.S), kept minimal: a loop of by-MVA line
 *   operations -- invalidate for FROM_DEVICE (partial edge lines cleaned
 *   and invalidated), clean otherwise -- then dsb; the unmap invalidates
 *   unless TO_DEVICE.  Those operations reach the point of coherency, so
 *   on the Cortex-A8 and A15 they also clean the integrated L2; the model
 *   maintains the L1 only (docs/fidelity.md).
 */
#include "arch/cacheflush.h"

#include "arch/irqflags.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/access.h"

static u32 l1_line(void)
{
	return 1u << this_cpu()->l1d.line_shift;
}

/* One Feroceon range operation on [start, top] with IRQs masked. */
static void feroceon_range_op(vaddr_t start, vaddr_t top, enum cache_op op)
{
	raw_local_irq_save();
	hw_dcache_range_op_va(this_cpu(), start, top, op);
	raw_local_irq_restore();
}

/*
 * feroceon_range_dma_map_area.  The end is exclusive on entry; the range
 * registers take the inclusive top, except that an empty area still names
 * its start ("cmp r1, r0; subne r1, r1, #1").
 */
static void feroceon_dma_map_area(vaddr_t start, u32 size,
				  enum dma_data_direction dir)
{
	struct cpu *c = this_cpu();
	u32 mask = l1_line() - 1;
	vaddr_t end = start + size;
	vaddr_t top = size ? end - 1 : end;

	switch (dir) {
	case DMA_TO_DEVICE:
		feroceon_range_op(start, top, CACHE_CLEAN);
		hw_barrier(c);
		return;
	case DMA_FROM_DEVICE:
		/* The partial lines hold bytes the CPU still owns. */
		if (start & mask)
			hw_dcache_op_va_range(c, start & ~mask, 1, CACHE_CLEAN);
		if (end & mask)
			hw_dcache_op_va_range(c, end & ~mask, 1, CACHE_CLEAN);
		feroceon_range_op(start, top, CACHE_INV);
		return;
	case DMA_BIDIRECTIONAL:
		feroceon_range_op(start, top, CACHE_FLUSH);
		hw_barrier(c);
		return;
	case DMA_NONE:
		break;
	}
	panic("feroceon_dma_map_area: bad direction %d", (int)dir);
}

/*
 * A cache-v7.S line loop from the line of @start while below @end (a
 * do-while: at least one line).
 */
static void v7_dma_lines(vaddr_t start, vaddr_t end, enum cache_op op)
{
	u32 line = l1_line();
	vaddr_t first = start & ~(line - 1);
	u32 n = end > first ? (end - first + line - 1) / line : 1;

	charge_n(CODE_dmac_line, n);
	hw_dcache_op_va_range(this_cpu(), first, n * line, op);
}

static void v7_dma_inv_range(vaddr_t start, vaddr_t end)
{
	struct cpu *c = this_cpu();
	u32 mask = l1_line() - 1;

	if (start & mask)
		hw_dcache_op_va_range(c, start & ~mask, 1, CACHE_FLUSH);
	if (end & mask)
		hw_dcache_op_va_range(c, end & ~mask, 1, CACHE_FLUSH);
	v7_dma_lines(start & ~mask, end & ~mask, CACHE_INV);
	hw_barrier(c);
}

static void v7_dma_clean_range(vaddr_t start, vaddr_t end)
{
	v7_dma_lines(start, end, CACHE_CLEAN);
	hw_barrier(this_cpu());
}

/* The boards' ARM cores: ARMv5 is the Feroceon, ARMv7 the Cortex-As. */
static u32 cache_fns_arch(const char *who)
{
	if (platform()->arch != PLAT_ARM)
		panic("%s: x86 DMA is cache-coherent", who);
	if (platform()->arm_arch != 5 && platform()->arm_arch != 7)
		panic("%s: no cache functions for ARMv%u", who,
		      platform()->arm_arch);
	return platform()->arm_arch;
}

void dmac_map_area(vaddr_t start, u32 size, enum dma_data_direction dir)
{
	CC_SCOPE(dmac_map_area);

	charge(CODE_dmac_map_area);
	if (cache_fns_arch("dmac_map_area") == 5) {
		feroceon_dma_map_area(start, size, dir);
		return;
	}
	if (dir == DMA_FROM_DEVICE)
		v7_dma_inv_range(start, start + size);
	else
		v7_dma_clean_range(start, start + size);
}

void dmac_flush_range(vaddr_t start, u32 size)
{
	CC_SCOPE(dmac_map_area);

	charge(CODE_dmac_map_area);
	if (cache_fns_arch("dmac_flush_range") == 5) {
		feroceon_dma_map_area(start, size, DMA_BIDIRECTIONAL);
		return;
	}
	v7_dma_clean_range(start, start + size);
	v7_dma_inv_range(start, start + size);
}

void dmac_unmap_area(vaddr_t start, u32 size, enum dma_data_direction dir)
{
	CC_SCOPE(dmac_unmap_area);

	/* feroceon_dma_unmap_area: "mov pc, lr" (its cost is the call's,
	 * in dma_cache_maint_page). */
	if (cache_fns_arch("dmac_unmap_area") == 5)
		return;
	charge(CODE_dmac_map_area);
	if (dir != DMA_TO_DEVICE)
		v7_dma_inv_range(start, start + size);
}
