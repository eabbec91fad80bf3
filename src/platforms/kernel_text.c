// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel text per cost centre, in bytes: what has to be refetched when the
 * I-cache was invalidated since the function last ran.  Only the Feroceon's
 * D-cache range operations invalidate the whole I-cache as a side effect
 * (research/platforms.md A, proc-feroceon.S), so this matters most there.
 *
 * [E] Order-of-magnitude sizes of the hot path of each function in a 3.x
 * ARM (resp. 2.6 i386) build: small helpers 64-128 B, the pkmap and
 * allocator paths 256-512 B.  Not measured; a refill costs lines x the
 * platform's icache_refill_line.
 */
#include "platforms/platform.h"

const u16 arm_kernel_text_bytes[NR_CC] = {
	[CC_page_address] = 128,
	[CC_kmap_atomic] = 192,
	[CC_kunmap_atomic] = 160,
	[CC_kmap_atomic_pfn] = 160,
	[CC_kmap_atomic_to_page] = 64,
	[CC_kmap] = 64,
	[CC_kunmap] = 64,
	[CC_kmap_high] = 256,
	[CC_kunmap_high] = 160,
	[CC_kmap_high_get] = 128,
	[CC_map_new_virtual] = 384,
	[CC_flush_all_zero_pkmaps] = 256,
	[CC_kmap_local_page] = 256,
	[CC_kunmap_local] = 224,
	[CC___kmap_local_sched_out] = 160,
	[CC___kmap_local_sched_in] = 160,
	[CC_cpu_set_pte_ext] = 128,
	[CC___cpuc_flush_dcache_area] = 64,
	[CC_flush_cache_all] = 64,
	[CC_flush_tlb_kernel_range] = 96,
	[CC_flush_tlb_all] = 64,
	[CC___alloc_pages] = 512,
	[CC___free_pages] = 384,
	[CC_clear_highpage] = 128,
	[CC_memcpy] = 384,
	[CC_memset] = 192,
};

const u16 x86_kernel_text_bytes[NR_CC] = {
	[CC_page_address] = 96,
	[CC_kmap_atomic] = 160,
	[CC_kunmap_atomic] = 128,
	[CC_kmap_atomic_pfn] = 128,
	[CC_kmap_atomic_to_page] = 64,
	[CC_kmap] = 64,
	[CC_kunmap] = 64,
	[CC_kmap_high] = 224,
	[CC_kunmap_high] = 128,
	[CC_kmap_high_get] = 96,
	[CC_map_new_virtual] = 320,
	[CC_flush_all_zero_pkmaps] = 224,
	[CC_kmap_local_page] = 224,
	[CC_kunmap_local] = 192,
	[CC___kmap_local_sched_out] = 128,
	[CC___kmap_local_sched_in] = 128,
	[CC_flush_tlb_kernel_range] = 96,
	[CC_flush_tlb_all] = 64,
	[CC___alloc_pages] = 448,
	[CC___free_pages] = 320,
	[CC_clear_highpage] = 96,
	[CC_memcpy] = 128,
	[CC_memset] = 96,
};
