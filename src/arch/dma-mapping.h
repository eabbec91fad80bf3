/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Streaming DMA mappings (include/asm-generic/dma-mapping-common.h and
 * arch/arm/mm/dma-mapping.c, Linux 3.14): hand a buffer the CPU wrote to
 * a device, or a buffer a device will write to the CPU, with the cache
 * maintenance that makes both sides see the same bytes.
 *
 * On a non-coherent ARM board (arm_dma_ops) mapping does the L1 part
 * (dmac_map_area: once over a lowmem buffer, per page of a highmem one,
 * through kmap_high_get on a VIVT cache or kmap_atomic on a non-aliasing
 * one) and then the outer part once
 * over the whole buffer (outer_clean_range, or outer_inv_range for
 * DMA_FROM_DEVICE); unmapping invalidates the outer cache unless the
 * device only read, then does the L1 part (dmac_unmap_area).  A device
 * marked dma_coherent (arm_coherent_dma_ops) and every x86 board (whose
 * caches snoop DMA) get the bus address and no maintenance.
 *
 * A bus address is the physical address on every board here (no IOMMU,
 * no DMA offset), and mapping never fails.
 */
#ifndef VMSPLIT_ARCH_DMA_MAPPING_H
#define VMSPLIT_ARCH_DMA_MAPPING_H

#include "arch/dma-direction.h"
#include "base/types.h"

/* A bus address as a device sees it: 64-bit, like an LPAE or PAE one. */
typedef u64 dma_addr_t;

struct page;

/*
 * The little of struct device that DMA mapping reads: its name, for
 * messages, its masks, and whether the hardware keeps its DMA coherent with the
 * CPU caches (dev->archdata.dma_coherent: arm_coherent_dma_ops).  NULL
 * means an ordinary non-coherent device.
 */
struct device {
	const char *init_name;
	bool dma_coherent;
	/* dev->dma_mask (NULL: none set) and the coherent_dma_mask it
	 * points to when set; only illegal_highdma reads them. */
	const u64 *dma_mask;
	u64 coherent_dma_mask;
};

/**
 * dma_map_page - map @size bytes at @offset into @page (and the pages
 * after it, physically contiguous) for a transfer in direction @dir
 * @dev: the device, or NULL
 *
 * The device owns the buffer until dma_unmap_page; the CPU must not touch
 * it meanwhile.  Context: any (no sleeping).  Return: the bus address.
 */
dma_addr_t dma_map_page(struct device *dev, struct page *page, u32 offset,
			u32 size, enum dma_data_direction dir);

/**
 * dma_unmap_page - give a dma_map_page buffer back to the CPU
 * @handle, @size, @dir: as mapped.  After it the CPU sees what the device
 * wrote.  Context: any.
 */
void dma_unmap_page(struct device *dev, dma_addr_t handle, u32 size,
		    enum dma_data_direction dir);

/**
 * dma_map_single - dma_map_page for a buffer at kernel address @ptr
 *
 * @ptr must be a direct-mapped (lowmem) address, as in Linux, where
 * virt_to_page() of anything else is garbage; here the model stops.
 * Return: the bus address.
 */
dma_addr_t dma_map_single(struct device *dev, vaddr_t ptr, u32 size,
			  enum dma_data_direction dir);
void dma_unmap_single(struct device *dev, dma_addr_t handle, u32 size,
		      enum dma_data_direction dir);

#endif
