// SPDX-License-Identifier: GPL-2.0-only
/*
 * BeagleBone White: TI AM3359, one Cortex-A8 r3p2 at 720 MHz, 256 MiB DDR2
 * at 0x80000000, non-aliasing VIPT L1, 256 KiB L2.  The E3 (dd) board.
 * Sources: research/platforms.md section B.
 */
#include "platforms/platform.h"

const struct platform beaglebone_white = {
	.name = "beaglebone-white",
	.summary = "TI AM3359, Cortex-A8 720 MHz, VIPT non-aliasing L1, 256 KiB L2, 256 MiB",
	.arch = PLAT_ARM,
	.arm_arch = 7,
	/* The A8 has no LPAE (that came with the A7/A15). */
	.lpae_capable = false,
	.default_flavour = "arm-3x",
	/* [B] E3's kernel: the June 2020 RFC series is against v5.7. */
	.kernel_version = KERNEL_VERSION(5, 7, 0),
	.hw = {
		.mmu = MMU_ARM_SHORT,
		.armv6_plus = true,
		.has_asid = true,
		/* [S] 720 MHz on DC power (U-Boot board/ti/am335x/board.c). */
		.cpu_hz = 720000000,
		.ncpus = 1,
		/* [S] 256 MiB DDR2; AM335x EMIF0 SDRAM at 0x80000000. */
		.ram_base = 0x80000000ull,
		.ram_size = 256ull << 20,
		.nodes = 1,
		/* [S] 32 KiB, 4-way, 64 B lines, "PIPT / VIPT nonaliasing"
		 * (AM335x dmesg).  [E] no write-allocate in L1. */
		.l1d = { .size = 32 * 1024, .ways = 4, .line = 64,
			 .kind = CACHE_VIPT_NONALIASING,
			 .write_allocate = false },
		.icache_line = 64,
		/* [S] 256 KiB, 8-way, 64 B, physically addressed (Cortex-A8
		 * TRM 8.2). */
		.l2 = { .size = 256 * 1024, .ways = 8, .line = 64,
			.kind = CACHE_PIPT, .write_allocate = true },
		.l2_per_cpu = false,
		/* [S] 32-entry fully associative D-TLB, no L2 TLB (TRM 6.1). */
		.tlb_entries = 32,
		.tlb_ways = 32,
		/* [S] the walk is 24 cycles when descriptors hit L2. */
		.walk = WALK_L2,
		/* [E] the A8 L2 takes a second miss under the first (hit-under-miss and one more outstanding fill). */
		.mlp = 2,
		.cost = {
			.l1_hit = 0,
			/* [S] L1 D miss replay 8 cycles (TRM replay table). */
			.l2_hit = 8,
			/* [E] >= 25 cycles to the critical word past L2 plus
			 * DDR2-532 latency (~100 ns): ~100 cycles. */
			.dram = 100,
			.dram_remote = 100,
			/* [E] victim into the L2 write buffer. */
			.l1_writeback = 4,
			/* [E] one 64 B line to DDR2 at ~1 GB/s peak: ~60 ns. */
			.l2_writeback = 45,
			.write_no_alloc = 2,
			/* [D] 24-cycle walk = 8 + two descriptor reads hitting
			 * L2 at 8 cycles each. */
			.walk_base = 8,
			.walk_read_dram = 100,
			/* [E] TLBIMVA + DSB + ISB on a 13-stage pipeline:
			 * 20-40 cycles. */
			.tlb_inv_va = 30,
			.tlb_inv_all = 40,
			.tlb_inv_broadcast = 30,	/* uniprocessor */
			.ipi = 0,
			/* [E] DCCMVAC of one line. */
			.dcache_line_op = 6,
			.dcache_setway_op = 3,
			.l2_line_op = 10,
			/* [E] DSB. */
			.barrier = 8,
			.icache_inv_all = 20,
			.icache_refill_line = 8,
			.cr_write = 20,
		},
		.cc_text_bytes = arm_kernel_text_bytes,
	},
	/* [S] proc-v7-2level.S: UP kernels clean the PTE line (flush_pte). */
	.pte_flush = PTE_FLUSH_L1,
	/*
	 * [E] Instruction counts at ~1 IPC (dual-issue A8 offsets its
	 * branch-heavy kernel paths); the same paths as on Kirkwood.
	 */
	.code = {
		[CODE_pagefault_disable] = 6,
		[CODE_page_address_lowmem] = 6,
		[CODE_page_address_hash] = 40,
		[CODE_page_address_entry] = 6,
		[CODE_kmap_atomic] = 30,
		[CODE_kunmap_atomic] = 20,
		[CODE_kmap_local] = 36,
		[CODE_kunmap_local] = 28,
		[CODE_set_pte] = 20,
		[CODE_spin_lock_irq] = 12,
		[CODE_kmap_high] = 30,
		[CODE_map_new_virtual_probe] = 8,
		[CODE_flush_all_zero_pkmaps_slot] = 8,
		[CODE_kunmap_high] = 20,
		[CODE_alloc_pages] = 200,
		[CODE_buddy_split] = 30,
		[CODE_free_pages] = 150,
		[CODE_buddy_merge] = 30,
		/* [E] NEON/ldm copy 0.3-0.6 c/B in cache. */
		/* [C] calibrated on E3 normal-kernel row; with memset_kib it absorbs the DDR2 bandwidth the per-line latency model leaves out (platforms.md: memcpy ~150-250 MB/s) */
		[CODE_memcpy_kib] = 3000,
		/* [C] calibrated on E3 normal-kernel row */
		[CODE_memset_kib] = 2500,
		/*
		 * Issue 3 paths, [E]: instruction counts of the 2.6/3.x code at
		 * ~1 IPC (ARM/P6) or ~1.5 IPC (A15); syscall entry/exit and the
		 * tick include the exception and register save/restore.
		 */
		/* [C] calibrated on E3 normal-kernel row */
		[CODE_syscall_entry] = 375,
		/* [C] calibrated on E3 normal-kernel row */
		[CODE_syscall_exit] = 250,
		[CODE_context_switch] = 600,
		[CODE_timer_tick] = 1500,
		[CODE_spin_lock] = 10,
		[CODE_rwsem] = 30,
		[CODE_do_page_fault] = 250,
		[CODE_handle_mm_fault] = 150,
		[CODE_find_vma_step] = 10,
		[CODE_kmem_cache_alloc] = 60,
		[CODE_kmem_cache_free] = 50,
		[CODE_page_add_rmap] = 40,
		[CODE_page_remove_rmap] = 40,
		[CODE_pte_chain_entry] = 6,
		[CODE_bit_spin_lock] = 12,
		[CODE_copy_pte] = 30,
		[CODE_zap_pte] = 30,
		[CODE_pte_range] = 40,
		[CODE_fork] = 8000,
		[CODE_exit] = 5000,
		[CODE_exec] = 15000,
		[CODE_wait] = 1500,
		[CODE_mmap] = 800,
		[CODE_find_get_page] = 80,
		[CODE_follow_page] = 60,
		[CODE_gup] = 200,
		/*
		 * File paths.  [C]: the generic costs of the dd path (system
		 * call entry and exit, fdget, vfs_read/vfs_write, read_zero,
		 * write_begin/write_end per page, dd's own loop, the copy and
		 * clear loops) are fitted, as one scale on the fixed costs and
		 * one value each for the per-page and per-byte costs, to the
		 * normal-kernel row of E3 (EXPERIMENTS.md: 30/46/89/95/90/85/65
		 * MB/s at bs 512..1M); max error after the fit 8.1%.  Nothing
		 * that only the other uaccess strategies use was fitted.
		 */
		/* [C] calibrated on E3 normal-kernel row */
		[CODE_fdget] = 150,
		/* [C] calibrated on E3 normal-kernel row */
		[CODE_vfs_read] = 750,
		/* [C] calibrated on E3 normal-kernel row */
		[CODE_vfs_write] = 1500,
		/* [C] calibrated on E3 normal-kernel row */
		[CODE_write_page] = 3000,
		[CODE_read_page] = 300,
		/* [C] calibrated on E3 normal-kernel row */
		[CODE_read_zero_chunk] = 200,
		/* [C] calibrated on E3 normal-kernel row */
		[CODE_user_loop] = 500,
		/*
		 * Issue 7 costs, [E] from instruction counts at ~1 IPC; to be
		 * replaced by measured instructions x CPI.
		 *
		 * page_ref: v5.7 (an SMP-capable ARMv7 kernel, so smp_mb() is
		 * a dmb): get_page = compound_head (3) + atomic_inc's
		 * ldrex/add/strex/teq/bne (5, ~4 cycles of exclusive-access
		 * stall) ~ 12 cycles; put_page = put_page_testzero =
		 * atomic_dec_and_test: dmb + the same loop + dmb + test (10)
		 * with two dmb at ~8 (.barrier) ~ 26.  Every reference taken
		 * is dropped once, so one charge per update at the mean, 19.
		 */
		[CODE_page_ref] = 19,
		/*
		 * uaccess_enable: CONFIG_CPU_SW_DOMAIN_PAN (on in the 5.7
		 * kernel: non-LPAE ARMv7): get_domain (mrc DACR, ~5), bic/orr
		 * (2), set_domain twice (mcr DACR ~10 each, like the other
		 * cp15 writes, and an isb draining the 13-stage pipeline,
		 * ~15 each): ~57, say 60 per save/restore pair.
		 */
		[CODE_uaccess_enable] = 60,
	},
};
