// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel text per cost centre, in bytes: what has to be refetched when the
 * I-cache was invalidated since the function last ran.  Only the Feroceon's
 * D-cache range operations invalidate the whole I-cache as a side effect
 * (research/platforms.md A, proc-feroceon.S), so this matters most there.
 *
 * [M] Where measured: the distinct 64-byte text lines the Linux functions
 * behind a centre execute per operation (data/kpath/armmp.tsv and
 * 686-pae.tsv, highmem, text_lines_per_op; the largest over the
 * operations), times 64.  A centre's Linux functions are those its code
 * cost names (kpath-arm.c, kpath-x86.c): kmap_atomic is
 * __kmap_local_page_prot + __kmap_local_pfn_prot + set_pte_at, and so on.
 * [E] Where no measured operation executes the functions (the VIVT cache
 * maintenance and the context-switch hooks, which the Cortex-A15 and P6
 * kernels under QEMU never run; the inline kmap/kunmap wrappers):
 * order-of-magnitude sizes of their hot paths, 64-256 B.  A refill costs
 * lines x the platform's icache_refill_line.
 */
#include "platforms/platform.h"

const u16 arm_kernel_text_bytes[NR_CC] = {
	[CC_page_address] = 272,
	[CC_kmap_atomic] = 704,
	[CC_kunmap_atomic] = 320,
	[CC_kmap_atomic_pfn] = 512,
	[CC_kmap_atomic_to_page] = 64,
	[CC_kmap] = 64,
	[CC_kunmap] = 64,
	[CC_kmap_high] = 874,
	[CC_kunmap_high] = 256,
	[CC_kmap_high_get] = 128,
	[CC_map_new_virtual] = 384,
	[CC_flush_all_zero_pkmaps] = 192,
	[CC_kmap_local_page] = 896,
	[CC_kunmap_local] = 576,
	[CC___kmap_local_sched_out] = 160,
	[CC___kmap_local_sched_in] = 160,
	[CC_cpu_set_pte_ext] = 128,
	[CC___cpuc_flush_dcache_area] = 64,
	[CC_flush_cache_all] = 64,
	[CC_flush_tlb_kernel_range] = 96,
	[CC_flush_tlb_all] = 64,
	[CC___alloc_pages] = 2197,
	[CC___free_pages] = 1216,
	[CC_clear_highpage] = 128,
	[CC_memcpy] = 512,
	[CC_memset] = 192,
	/* [E] streaming DMA (issue 9): the instructions counted for their
	 * code costs (kpath-arm.c) x 4 bytes, rounded to 32-byte lines. */
	[CC_arm_dma_map_page] = 128,
	[CC_arm_dma_unmap_page] = 128,
	[CC_dma_cache_maint_page] = 128,
	[CC_dmac_map_area] = 64,
	[CC_dmac_unmap_area] = 32,
	[CC_feroceon_l2_clean_range] = 192,
	[CC_feroceon_l2_inv_range] = 256,
	[CC_feroceon_l2_flush_range] = 256,
};

const u16 x86_kernel_text_bytes[NR_CC] = {
	[CC_page_address] = 320,
	[CC_kmap_atomic] = 576,
	[CC_kunmap_atomic] = 448,
	[CC_kmap_atomic_pfn] = 384,
	[CC_kmap_atomic_to_page] = 64,
	[CC_kmap] = 64,
	[CC_kunmap] = 64,
	[CC_kmap_high] = 960,
	[CC_kunmap_high] = 192,
	[CC_kmap_high_get] = 96,
	[CC_map_new_virtual] = 320,
	[CC_flush_all_zero_pkmaps] = 154,
	[CC_kmap_local_page] = 704,
	[CC_kunmap_local] = 704,
	[CC___kmap_local_sched_out] = 128,
	[CC___kmap_local_sched_in] = 128,
	[CC_flush_tlb_kernel_range] = 96,
	[CC_flush_tlb_all] = 64,
	[CC___alloc_pages] = 1769,
	[CC___free_pages] = 1255,
	[CC_clear_highpage] = 96,
	[CC_memcpy] = 64,
	[CC_memset] = 64,
};
