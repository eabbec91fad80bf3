// SPDX-License-Identifier: GPL-2.0-only
/*
 * Coherent (uncached) DMA memory and device registers (see
 * arch/dma-coherent.h).
 */
#include "arch/dma-coherent.h"

#include <string.h>

#include "base/byteorder.h"
#include "base/errno.h"
#include "base/panic.h"
#include "hw/machine.h"
#include "hw/ram.h"
#include "mm/gfp.h"
#include "mm/mm_types.h"

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
	/* Zeros: a frame never written stays so (ram_frame_unwritten). */
	memset(ram_ptr(&machine->ram, buf->pa), 0, PAGE_SIZE << order);
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
