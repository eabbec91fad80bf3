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

static void coherent_bounds(const struct coherent_buf *buf, u32 off,
			    u32 len, const char *fn)
{
	if (off + len > buf->size || off + len < off)
		panic("%s: %u bytes at %u past %u bytes", fn, len, off,
		      buf->size);
}

u32 coherent_load(const struct coherent_buf *buf, u32 off, u32 size)
{
	const u8 *p;
	u32 v = 0;

	coherent_bounds(buf, off, size, "coherent_load");
	hw_event(this_cpu(), EV_uncached_load);
	hw_charge(this_cpu(), CAUSE_uncached, machine->cfg.cost.dram);
	p = ram_ptr(&machine->ram, buf->pa + off);
	for (u32 i = 0; i < size; i++)
		v |= (u32)p[i] << (8 * i);
	return v;
}

/* One store instruction's cost: strongly ordered on ARMv5, posted to the
 * write buffer on v6/v7 (pgprot_dmacoherent). */
static void coherent_store_charge(void)
{
	if (machine->cfg.armv6_plus) {
		hw_charge(this_cpu(), CAUSE_uncached,
			  machine->cfg.cost.write_no_alloc);
		return;
	}
	hw_event(this_cpu(), EV_so_store);
	hw_charge(this_cpu(), CAUSE_uncached, machine->cfg.cost.so_store);
}

void coherent_store(const struct coherent_buf *buf, u32 off, u32 val,
		    u32 size)
{
	u8 *p;

	coherent_bounds(buf, off, size, "coherent_store");
	if ((size != 1 && size != 2 && size != 4) || (off & (size - 1)))
		panic("coherent_store: a %u-byte store at %u (an alignment fault)",
		      size, off);
	coherent_store_charge();
	p = ram_ptr_write(&machine->ram, buf->pa + off, size);
	for (u32 i = 0; i < size; i++)
		p[i] = (u8)(val >> (8 * i));
}

u32 arm_memcpy_stores(u32 dst_align, u32 src_align, u32 len)
{
	u32 lead, n;

	/* The shifting loop stores as the aligned one does. */
	(void)src_align;
	if (len < 4)
		return len;	/* a STRB each */
	lead = (4 - (dst_align & 3)) & 3; /* STRBs to a word boundary */
	n = lead;
	len -= lead;
	if (len < 4)
		return n + len;
	n += len / 32;		/* one 8-register STM per 32 bytes */
	n += (len & 28) / 4;	/* a STR per word left */
	n += len & 3;		/* a STRB per byte left */
	return n;
}

void coherent_memcpy(const struct coherent_buf *buf, u32 off, const void *src,
		     u32 src_align, u32 len)
{
	u32 n = arm_memcpy_stores(buf->pa + off, src_align, len);

	coherent_bounds(buf, off, len, "coherent_memcpy");
	for (u32 i = 0; i < n; i++)
		coherent_store_charge();
	memcpy(ram_ptr_write(&machine->ram, buf->pa + off, len), src, len);
}

void arm_alignment_fixup_store(const struct coherent_buf *buf, u32 off,
			       u32 val)
{
	CC_SCOPE(do_alignment);

	coherent_bounds(buf, off, 4, "arm_alignment_fixup_store");
	hw_event(this_cpu(), EV_alignment_fixup);
	/* The abort's entry and return, do_DataAbort, do_alignment's
	 * decode and do_alignment_ldrstr. */
	charge(CODE_do_alignment);
	for (u32 i = 0; i < 4; i++)
		coherent_store(buf, off + i, (val >> (8 * i)) & 0xff, 1);
}

void readl_charge(void)
{
	hw_charge(this_cpu(), CAUSE_uncached, machine->cfg.cost.dram);
}

void writel_charge(void)
{
	hw_charge(this_cpu(), CAUSE_uncached, machine->cfg.cost.write_no_alloc);
}
