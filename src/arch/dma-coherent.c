// SPDX-License-Identifier: GPL-2.0-only
/*
 * Coherent (uncached) DMA memory and device registers (see
 * arch/dma-coherent.h).
 */
#include "arch/dma-coherent.h"

#include <string.h>

#include "arch/cacheflush.h"
#include "arch/outercache.h"
#include "base/byteorder.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/machine.h"
#include "hw/ram.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/mm_types.h"

/*
 * __dma_clear_buffer (arch/arm/mm/dma-mapping.c): the pages zeroed, and
 * nothing of them left in the caches through the kernel's cacheable
 * direct map -- a dirty line there from the pages' last owner (a freed
 * PTE page, say) would be written back over the buffer some time later,
 * and the device would read it now.  Linux zeroes through the direct map
 * and then flushes L1 (dmac_flush_range) and L2 (outer_flush_range).
 * Here the flushes run first, for real, and the zeroing is the host's,
 * uncharged: the end state is Linux's (RAM zero, no line cached), and a
 * frame never written stays unwritten (ram_frame_unwritten).  Only the
 * Kirkwood's NIC allocates coherent memory, at its probe.
 */
static void __dma_clear_buffer(struct page *page, u32 size)
{
	phys_addr_t base = page_to_phys(page);

	if (platform()->arch == PLAT_ARM) {
		dmac_flush_range(page_address(page), size);
		outer_flush_range(base, base + size);
	}
	memset(ram_ptr(&machine->ram, base), 0, size);
}

int dma_alloc_coherent(u32 size, struct coherent_buf *buf)
{
	u32 order = 0;

	while ((PAGE_SIZE << order) < size)
		order++;
	buf->page = alloc_pages(GFP_KERNEL, order);
	if (!buf->page)
		return -ENOMEM;
	buf->order = order;
	buf->pa = page_to_phys(buf->page);
	buf->size = size;
	__dma_clear_buffer(buf->page, PAGE_SIZE << order);
	return 0;
}

void dma_free_coherent(struct coherent_buf *buf)
{
	if (buf->page)
		__free_pages(buf->page, buf->order);
	buf->page = NULL;
}

u32 coherent_read32(const struct coherent_buf *buf, u32 off)
{
	const u8 *p;

	if (off + 4 > buf->size)
		panic("coherent_read32: offset %u past %u bytes", off,
		      buf->size);
	hw_charge(this_cpu(), CAUSE_uncached, machine->cfg.cost.dram);
	p = ram_ptr(&machine->ram, buf->pa + off);
	return le32_get(p);
}

void coherent_write(const struct coherent_buf *buf, u32 off, const void *src,
		    u32 len)
{
	if (off + len > buf->size)
		panic("coherent_write: %u bytes at %u past %u bytes", len, off,
		      buf->size);
	/* One buffered store per word. */
	hw_charge(this_cpu(), CAUSE_uncached,
		  (u64)machine->cfg.cost.write_no_alloc * ((len + 3) / 4));
	memcpy(ram_ptr_write(&machine->ram, buf->pa + off, len), src, len);
}

void readl_charge(void)
{
	hw_charge(this_cpu(), CAUSE_uncached, machine->cfg.cost.dram);
}

void writel_charge(void)
{
	hw_charge(this_cpu(), CAUSE_uncached, machine->cfg.cost.write_no_alloc);
}
