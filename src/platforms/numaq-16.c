// SPDX-License-Identifier: GPL-2.0-only
/*
 * IBM NUMA-Q: 16 Pentium III Xeon 700 MHz with 2 MB L2 each, 4 quads of 4
 * CPUs, 16 GB, i386 PAE.  The E2 (kernbench/SDET) machine.
 * Sources: research/platforms.md section D.
 *
 * Coarse: the physical map is one bank split evenly across the four quads;
 * the real machine's PCI hole below 4 GiB and per-quad memory layout are not
 * modelled.
 */
#include "platforms/platform.h"

const struct platform numaq_16 = {
	.name = "numaq-16",
	.summary = "IBM NUMA-Q, 16 x Pentium III Xeon 700 MHz (2 MB L2), 4 quads, 16 GB, PAE",
	.arch = PLAT_X86,
	.arm_arch = 0,
	.lpae_capable = true,
	.pae_required = true,
	.has_zone_dma = true,
	.default_flavour = "x86-2.6",
	/* [S] E2's kernel: 2.5.73-mm3 (EXPERIMENTS.md). */
	.kernel_version = KERNEL_VERSION(2, 5, 73),
	.hw = {
		.mmu = MMU_X86_PAE,
		.has_asid = false,
		/* [S] Bligh, LKML 2003-01-27. */
		.cpu_hz = 700000000,
		.ncpus = 16,
		/* [S] 16 GB (wli, "16x/16GB NUMA-Q"); identity [E]. */
		.ram_base = 0,
		.ram_size = 16ull << 30,
		/* [S] 4 quads. */
		.nodes = 4,
		/* [E] P6: 16 KiB D, 4-way, 32 B lines; 4 KiB per way, so
		 * virtually indexed within the page: non-aliasing. */
		.l1d = { .size = 16 * 1024, .ways = 4, .line = 32,
			 .kind = CACHE_VIPT_NONALIASING,
			 .write_allocate = true },
		.icache_line = 32,
		/* [S] 2 MB L2 per CPU; [E] 8-way, 32 B lines. */
		.l2 = { .size = 2 * 1024 * 1024, .ways = 8, .line = 32,
			.kind = CACHE_PIPT, .write_allocate = true },
		.l2_per_cpu = true,
		/* [E] P6 D-TLB 64 x 4 KiB, 4-way; its separate 8-entry
		 * large-page TLB is folded into the same array. */
		.tlb_entries = 64,
		.tlb_ways = 4,
		/* x86 walks go through the data caches. */
		.walk = WALK_L1,
		/* [E] the P6 keeps four L1 line fill buffers in flight. */
		.mlp = 4,
		.cost = {
			.l1_hit = 0,
			/* [E] full-speed on-package L2: ~8 cycles. */
			.l2_hit = 8,
			/* [D] local 180 ns at 700 MHz = 126 cycles [S]. */
			.dram = 126,
			/* [D] remote 3-4x local [S]: 3.5 x 126. */
			.dram_remote = 441,
			.l1_writeback = 4,
			/* [E] buffered write of one line. */
			.l2_writeback = 40,
			.write_no_alloc = 2,
			/* [E] P6 page-miss handler start-up. */
			.walk_base = 10,
			.walk_read_dram = 126,
			/* [S] INVLPG 25 clocks (Pentium table; P6 [E]). */
			.tlb_inv_va = 25,
			/* [E] CR3 reload. */
			.tlb_inv_all = 30,
			.tlb_inv_broadcast = 0,		/* x86 uses IPIs */
			/* [E] APIC IPI across the IQ-Link, both sides:
			 * ~2 us. */
			.ipi = 1400,
			.dcache_line_op = 4,
			/* [E] WBINVD per line. */
			.dcache_setway_op = 1,
			.l2_line_op = 4,
			.barrier = 4,
			.icache_inv_all = 0,
			.icache_refill_line = 8,
			.cr_write = 30,
		},
		.cc_text_bytes = x86_kernel_text_bytes,
	},
	/* x86 walks are cache-coherent: a PTE store is a plain store. */
	.pte_flush = PTE_FLUSH_NONE,
	/* [E] Instruction counts on the out-of-order P6 at ~1 IPC. */
	.code = {
		[CODE_pagefault_disable] = 4,
		[CODE_page_address_lowmem] = 4,
		[CODE_page_address_hash] = 40,
		[CODE_page_address_entry] = 5,
		[CODE_kmap_atomic] = 25,
		[CODE_kunmap_atomic] = 12,
		[CODE_kmap_local] = 30,
		[CODE_kunmap_local] = 24,
		[CODE_set_pte] = 6,
		[CODE_spin_lock_irq] = 30,
		[CODE_kmap_high] = 30,
		[CODE_map_new_virtual_probe] = 6,
		[CODE_flush_all_zero_pkmaps_slot] = 6,
		[CODE_kunmap_high] = 20,
		[CODE_alloc_pages] = 250,
		[CODE_buddy_split] = 30,
		[CODE_free_pages] = 180,
		[CODE_buddy_merge] = 30,
		/* [E] rep movsl ~0.5-1 c/B in cache. */
		[CODE_memcpy_kib] = 640,
		[CODE_memset_kib] = 384,
		/*
		 * Issue 3 paths, [E]: instruction counts of the 2.6/3.x code at
		 * ~1 IPC (ARM/P6) or ~1.5 IPC (A15); syscall entry/exit and the
		 * tick include the exception and register save/restore.
		 */
		[CODE_syscall_entry] = 250,
		[CODE_syscall_exit] = 150,
		[CODE_context_switch] = 700,
		[CODE_timer_tick] = 2000,
		[CODE_spin_lock] = 30,
		[CODE_rwsem] = 60,
		[CODE_do_page_fault] = 300,
		[CODE_handle_mm_fault] = 150,
		[CODE_find_vma_step] = 8,
		[CODE_kmem_cache_alloc] = 60,
		[CODE_kmem_cache_free] = 50,
		[CODE_page_add_rmap] = 40,
		[CODE_page_remove_rmap] = 40,
		[CODE_pte_chain_entry] = 5,
		[CODE_bit_spin_lock] = 40,
		[CODE_copy_pte] = 25,
		[CODE_zap_pte] = 25,
		[CODE_pte_range] = 40,
		[CODE_fork] = 8000,
		[CODE_exit] = 5000,
		[CODE_exec] = 15000,
		[CODE_wait] = 1500,
		[CODE_mmap] = 800,
		[CODE_find_get_page] = 80,
		[CODE_follow_page] = 50,
		[CODE_gup] = 200,
		/*
		 * File paths, [E] instruction counts (the BeagleBone's are
		 * calibrated on E3's normal row once dd exists).
		 */
		[CODE_fdget] = 60,
		[CODE_vfs_read] = 300,
		[CODE_vfs_write] = 600,
		[CODE_write_page] = 400,
		[CODE_read_page] = 300,
		[CODE_read_zero_chunk] = 80,
		[CODE_user_loop] = 200,
		/*
		 * Issue 7 costs, [E]; to be replaced by measured instructions
		 * x CPI.
		 *
		 * page_ref: 2.5.73 SMP: get_page = lock incl, put_page =
		 * lock decl + sete (put_page_testzero) with the PageReserved
		 * test.  A locked read-modify-write serialises the P6 pipeline
		 * for roughly 20 cycles (on a line it owns); + 2-3 plain
		 * instructions: ~22.
		 */
		[CODE_page_ref] = 22,
		/*
		 * uaccess_enable: 0.  CONFIG_CPU_SW_DOMAIN_PAN is ARM's; the
		 * x86 analogue (SMAP's stac/clac) needs a Broadwell or later
		 * CPU, and neither the P6 nor a 2.5/2.6 kernel has it.
		 */
		[CODE_uaccess_enable] = 0,
	},
};
