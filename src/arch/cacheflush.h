/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CPU cache maintenance the kernel requests (arch/arm/include/asm/
 * cacheflush.h and the proc-*.S cache functions).  x86 caches are coherent:
 * these are no-ops there.
 */
#ifndef VMSPLIT_ARCH_CACHEFLUSH_H
#define VMSPLIT_ARCH_CACHEFLUSH_H

#include "arch/dma-direction.h"
#include "base/types.h"

/* Is the L1 D-cache virtually indexed and tagged (ARMv5)? */
bool cache_is_vivt(void);
/* Virtually indexed with page-colour aliases (VIVT or VIPT aliasing)? */
bool cache_is_vipt_aliasing(void);
/*
 * Linux's cache_is_vipt_nonaliasing(): a VIPT non-aliasing or PIPT L1 D
 * (ARMv7 CTR format: cacheid_init sets CACHEID_VIPT_NONALIASING for both).
 */
bool cache_is_vipt_nonaliasing(void);

/*
 * __cpuc_flush_dcache_area - clean and invalidate [va, va + size) from the
 * L1 D-cache (flush_kern_dcache_area).  On the Feroceon the range operation
 * also invalidates the whole I-cache and drains the write buffer.
 */
void __cpuc_flush_dcache_area(vaddr_t va, u32 size);

/*
 * dmac_map_area - hand [@start, @start + @size) of the kernel's own mapping
 * to a device, as far as the CPU's L1 is concerned (cpu_cache.dma_map_area,
 * cache-dma.c): clean for DMA_TO_DEVICE, invalidate for DMA_FROM_DEVICE
 * (write back the partial lines at the edges first), and for
 * DMA_BIDIRECTIONAL flush on the Feroceon, clean on ARMv7.  One range
 * operation on the Feroceon however long the area; a loop of line
 * operations on ARMv7.
 * dmac_unmap_area - take it back: nothing on the Feroceon (it does not
 * speculate), invalidate unless DMA_TO_DEVICE on ARMv7.
 * Context: ARM only (x86 DMA is coherent and never calls them).
 */
void dmac_map_area(vaddr_t start, u32 size, enum dma_data_direction dir);
void dmac_unmap_area(vaddr_t start, u32 size, enum dma_data_direction dir);
/*
 * dmac_flush_range - clean and invalidate [start, start + size) of the
 * kernel's mapping from L1 (feroceon_dma_flush_range; a clean then an
 * invalidate of the lines on ARMv7).  Priced as dmac_map_area's routine,
 * the same loop.  Context: ARM only.
 */
void dmac_flush_range(vaddr_t start, u32 size);

/* flush_cache_all - whole L1 by set/way, I-cache invalidate, drain. */
void flush_cache_all(void);

/* flush_cache_kmaps - before pkmap entries are reused: VIVT only. */
void flush_cache_kmaps(void);

struct page;
struct vm_area_struct;

/*
 * flush_dcache_page - the kernel wrote @page through its own mapping
 * (arch/arm/mm/flush.c).  From 4.1 to v5.7 (see cacheflush.c) a VIPT
 * non-aliasing cache only clears PG_dcache_clean.  Otherwise a page-cache
 * page no user maps is only marked (the flush is deferred to when it is
 * mapped), and any other page's kernel alias is written back: lowmem
 * through the direct map, highmem through a kmap on a non-aliasing VIPT
 * cache, or its existing pkmap alias on VIVT.  Nothing on x86.
 */
void flush_dcache_page(struct page *page);

/*
 * flush_anon_page - before the kernel reads an anonymous page that
 * get_user_pages handed out (asm/cacheflush.h flush_anon_page ->
 * __flush_anon_page): the user alias at @vmaddr, then the kernel alias,
 * on VIVT; nothing on a VIPT non-aliasing cache or on x86.
 */
void flush_anon_page(struct vm_area_struct *vma, struct page *page,
		     vaddr_t vmaddr);

/*
 * update_mmu_cache - the PTE at @ptep now maps @addr of @vma (the fault
 * paths call it after set_pte_at): on ARMv5, write back the kernel alias
 * of the page it maps unless PG_dcache_clean says there is nothing dirty
 * there (arch/arm/mm/fault-armv.c).  Nothing elsewhere.
 * Context: the PTE lock held, @ptep mapped.
 */
void update_mmu_cache(struct vm_area_struct *vma, vaddr_t addr, vaddr_t ptep);

#endif
