/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dma_alloc_coherent on a non-coherent ARMv5 (arch/arm/mm/dma-mapping.c):
 * memory the CPU maps uncached (bufferable), so the device and the CPU
 * always agree on it without cache maintenance.  The model gives it
 * lowmem frames and lets the CPU reach it only through coherent_read32 /
 * coherent_write, which go straight to RAM: a store costs the write
 * buffer's write_no_alloc, a load a full DRAM access (nothing is cached).
 * Device registers are reached the same way (readl/writel).
 */
#ifndef VMSPLIT_ARCH_DMA_COHERENT_H
#define VMSPLIT_ARCH_DMA_COHERENT_H

#include "base/types.h"

struct page;

struct coherent_buf {
	struct page *page;
	u32 order;
	phys_addr_t pa;			/* also the bus address */
	u32 size;
};

/* Return: 0, or -ENOMEM. */
int dma_alloc_coherent(u32 size, struct coherent_buf *buf);
void dma_free_coherent(struct coherent_buf *buf);

/* Uncached CPU accesses at byte @off of @buf (bounds checked). */
u32 coherent_read32(const struct coherent_buf *buf, u32 off);
void coherent_write(const struct coherent_buf *buf, u32 off, const void *src,
		    u32 len);

/* An uncached load / store to a device register. */
void readl_charge(void);
void writel_charge(void);

#endif
