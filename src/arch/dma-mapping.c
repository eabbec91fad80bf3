// SPDX-License-Identifier: GPL-2.0-only
/*
 * Streaming DMA mapping (see dma-mapping.h): the generic wrappers of
 * include/asm-generic/dma-mapping-common.h, ARM's arm_dma_ops and
 * arm_coherent_dma_ops (arch/arm/mm/dma-mapping.c, 3.14 and 3.16), and x86's
 * coherent mapping (2.5.73's inline pci_map_page: the physical address).
 */
#include "arch/dma-mapping.h"

#include "arch/cacheflush.h"
#include "arch/layout.h"
#include "arch/outercache.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/highmem.h"
#include "mm/page_touch.h"

/* An L1 maintenance routine (dmac_map_area, dmac_unmap_area). */
typedef void (*dmac_op_t)(vaddr_t start, u32 size, enum dma_data_direction dir);

struct dma_map_ops {
	dma_addr_t (*map_page)(struct device *dev, struct page *page,
			       u32 offset, u32 size,
			       enum dma_data_direction dir);
	void (*unmap_page)(struct device *dev, dma_addr_t handle, u32 size,
			   enum dma_data_direction dir);
};

/*
 * dma_cache_maint_page - apply @op to the kernel's mapping of the buffer.
 * A lowmem buffer is one call over its whole length, across pages: the
 * direct map is contiguous.  A highmem page has no permanent mapping, so
 * each is done alone: through a kmap_atomic slot on a non-aliasing cache;
 * on a VIVT cache only if it is kmapped already (kmap_high_get), since a
 * new alias would hold none of its lines -- a page no one has mapped has
 * nothing of it in the L1 (kunmap_atomic flushed it).
 */
static void dma_cache_maint_page(struct page *page, u32 offset, u32 size,
				 enum dma_data_direction dir, dmac_op_t op)
{
	CC_SCOPE(dma_cache_maint_page);
	unsigned long pfn = page_to_pfn(page) + offset / PAGE_SIZE;
	u32 left = size;

	offset %= PAGE_SIZE;
	do {
		u32 len = left;
		vaddr_t vaddr;

		charge(CODE_dma_cache_maint_page);
		page = pfn_to_page(pfn);
		page_touch(page, PF_flags, false);	/* PageHighMem */
		if (PageHighMem(page)) {
			if (len + offset > PAGE_SIZE)
				len = PAGE_SIZE - offset;
			if (cache_is_vipt_nonaliasing()) {
				vaddr = kmap_atomic(page);
				op(vaddr + offset, len, dir);
				kunmap_atomic(vaddr);
			} else {
				vaddr = kmap_high_get(page);
				if (vaddr) {
					op(vaddr + offset, len, dir);
					kunmap_high(page);
				}
			}
		} else {
			op(page_address(page) + offset, len, dir);
		}
		offset = 0;
		pfn++;
		left -= len;
	} while (left);
}

/*
 * __dma_page_cpu_to_dev - L1 first, then the outer cache: the other order
 * could let a dirty L1 line be written back into an L2 already cleaned.
 * DMA_BIDIRECTIONAL only cleans the outer cache, as 3.14 does (its
 * comment there asks whether it should flush).
 */
static void __dma_page_cpu_to_dev(struct page *page, u32 off, u32 size,
				  enum dma_data_direction dir)
{
	phys_addr_t paddr;

	dma_cache_maint_page(page, off, size, dir, dmac_map_area);
	paddr = page_to_phys(page) + off;
	if (dir == DMA_FROM_DEVICE)
		outer_inv_range(paddr, paddr + size);
	else
		outer_clean_range(paddr, paddr + size);
}

/*
 * Which releases skip the L1 walk too when the device only read: 3.16.0's
 * __dma_page_dev_to_cpu puts dma_cache_maint_page inside "if (dir !=
 * DMA_TO_DEVICE)" ("in any case, don't bother invalidating if DMA to
 * device"), 3.14.1's calls it for every direction -- a dmac_unmap_area
 * that returns at once on Feroceon and v7, but the walk, and on a VIVT
 * cache kmap_high_get for each highmem page.  3.15 not read: 3.16 is the
 * first release known to skip it.
 */
#define UNMAP_SKIPS_TO_DEVICE KERNEL_VERSION(3, 16, 0)

/*
 * __dma_page_dev_to_cpu - outer cache first, then L1 (the reverse of the
 * map), so that an L1 refill cannot pick up stale L2 lines.  Whole pages
 * the device wrote hold nothing dirty for the kernel: PG_dcache_clean.
 */
static void __dma_page_dev_to_cpu(struct page *page, u32 off, u32 size,
				  enum dma_data_direction dir)
{
	phys_addr_t paddr = page_to_phys(page) + off;

	if (dir != DMA_TO_DEVICE)
		outer_inv_range(paddr, paddr + size);
	if (dir != DMA_TO_DEVICE ||
	    settings_kernel_version(config) < UNMAP_SKIPS_TO_DEVICE)
		dma_cache_maint_page(page, off, size, dir, dmac_unmap_area);
	if (dir != DMA_TO_DEVICE && size >= PAGE_SIZE) {
		unsigned long pfn = page_to_pfn(page) + off / PAGE_SIZE;
		u32 left = size;

		off %= PAGE_SIZE;
		if (off) {
			pfn++;
			left -= PAGE_SIZE - off;
		}
		while (left >= PAGE_SIZE) {
			set_page_flag(pfn_to_page(pfn++), PG_dcache_clean);
			left -= PAGE_SIZE;
		}
	}
}

static dma_addr_t arm_dma_map_page(struct device *dev, struct page *page,
				   u32 offset, u32 size,
				   enum dma_data_direction dir)
{
	CC_SCOPE(arm_dma_map_page);

	charge(CODE_dma_map_page);
	__dma_page_cpu_to_dev(page, offset, size, dir);
	return page_to_phys(page) + offset;
}

static void arm_dma_unmap_page(struct device *dev, dma_addr_t handle, u32 size,
			       enum dma_data_direction dir)
{
	CC_SCOPE(arm_dma_unmap_page);
	struct page *page = pfn_to_page((unsigned long)(handle >> PAGE_SHIFT));

	charge(CODE_dma_unmap_page);
	__dma_page_dev_to_cpu(page, (u32)(handle & (PAGE_SIZE - 1)), size, dir);
}

static const struct dma_map_ops arm_dma_ops = {
	.map_page = arm_dma_map_page,
	.unmap_page = arm_dma_unmap_page,
};

/*
 * Coherent mappings: the bus address and nothing else.  arm_coherent_*
 * on ARM, 2.5.73's inline pci_map_page/pci_unmap_page on x86; being
 * inline in the driver there, their few instructions are booked to the
 * caller's centre.
 */
static dma_addr_t coherent_map_page(struct device *dev, struct page *page,
				    u32 offset, u32 size,
				    enum dma_data_direction dir)
{
	charge(CODE_dma_map_page);
	return page_to_phys(page) + offset;
}

static void coherent_unmap_page(struct device *dev, dma_addr_t handle, u32 size,
				enum dma_data_direction dir)
{
	charge(CODE_dma_unmap_page);
}

static const struct dma_map_ops coherent_dma_ops = {
	.map_page = coherent_map_page,
	.unmap_page = coherent_unmap_page,
};

static const struct dma_map_ops *get_dma_ops(struct device *dev)
{
	if (platform()->arch == PLAT_X86 || (dev && dev->dma_coherent))
		return &coherent_dma_ops;
	return &arm_dma_ops;
}

dma_addr_t dma_map_page(struct device *dev, struct page *page, u32 offset,
			u32 size, enum dma_data_direction dir)
{
	BUG_ON(!valid_dma_direction(dir));
	BUG_ON(!pfn_valid(page_to_pfn(page) +
			  (offset + (size ? size - 1 : 0)) / PAGE_SIZE));
	hw_event(this_cpu(), EV_dma_map);
	return get_dma_ops(dev)->map_page(dev, page, offset, size, dir);
}

void dma_unmap_page(struct device *dev, dma_addr_t handle, u32 size,
		    enum dma_data_direction dir)
{
	BUG_ON(!valid_dma_direction(dir));
	if (!pfn_valid((unsigned long)(handle >> PAGE_SHIFT)))
		panic("dma_unmap_page: bus address %#llx is not in RAM",
		      (unsigned long long)handle);
	hw_event(this_cpu(), EV_dma_unmap);
	get_dma_ops(dev)->unmap_page(dev, handle, size, dir);
}

dma_addr_t dma_map_single(struct device *dev, vaddr_t ptr, u32 size,
			  enum dma_data_direction dir)
{
	vaddr_t last = ptr + (size ? size - 1 : 0);
	struct page *page;

	if (!virt_addr_valid(ptr) || !virt_addr_valid(last) || last < ptr)
		panic("dma_map_single: %#x+%u is not direct-mapped (lowmem) memory",
		      ptr, size);
	page = virt_to_page(ptr);
	return dma_map_page(dev, page, ptr & ~PAGE_MASK, size, dir);
}

void dma_unmap_single(struct device *dev, dma_addr_t handle, u32 size,
		      enum dma_data_direction dir)
{
	dma_unmap_page(dev, handle, size, dir);
}
