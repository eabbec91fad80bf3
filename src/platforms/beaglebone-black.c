// SPDX-License-Identifier: GPL-2.0-only
/*
 * BeagleBone Black: TI AM3358, one Cortex-A8 at 1 GHz, 512 MiB DDR3L at
 * 0x80000000; the White's core and caches (beaglebone-white.c) with a
 * faster clock and DDR3L in place of DDR2.  Run on Linux 6.1 (the measured
 * code paths).  No published measurement of this board is a calibration
 * row: its two fitted-elsewhere values (kernel CPI, DRAM bandwidth) come
 * from the White, as said below.
 * Sources: research/platforms.md section B and the "Published memory
 * bandwidth and latency" table; TI AM335x datasheet SPRS717; BeagleBone
 * Black System Reference Manual (SRM).
 */
#include "platforms/platform.h"

/*
 * [S] Data rates of the two boards' DRAM buses, MT/s: the White's DDR2 at
 * EMIF 266 MHz (U-Boot config_ddr(266, ...)), the Black's DDR3L at 400 MHz
 * ("DDR3L 800MHz", BBB SRM section 6.2).  Both buses are 16 bits wide
 * (AM335x EMIF, SPRS717).
 */
#define BBW_DDR_MTS 532
#define BBB_DDR_MTS 800

const struct platform beaglebone_black = {
	.name = "beaglebone-black",
	.summary = "TI AM3358, Cortex-A8 1 GHz, VIPT non-aliasing L1, 256 KiB L2, 512 MiB DDR3L",
	.arch = PLAT_ARM,
	.arm_arch = 7,
	/* The A8 has no LPAE (that came with the A7/A15). */
	.lpae_capable = false,
	/* 6.1 has kmap_local (5.11+): the kmap-local flavour covers it. */
	.default_flavour = "kmap-local",
	/* [E] a what-if board on the measured kernel (kpath-arm.c); TI's
	 * AM335x SDK 09.00 ships 6.1 too. */
	.kernel_version = KERNEL_VERSION(6, 1, 0),
	.hw = {
		/*
		 * [S] random replacement: Linux's v7_crval (arch/arm/mm/
		 * proc-v7-2level.S) clears SCTLR.RR (bit 14) and sets nothing
		 * to bring it back; the L2 is taken to replace as the L1 does
		 * [E] (the A15 TRM's L2 is random, research/memory-system.md).
		 */
		.random_replacement = true,
		.mmu = MMU_ARM_SHORT,
		.armv6_plus = true,
		.has_asid = true,
		/* [S] AM3358 at 1 GHz (BBB SRM section 6.1; SPRS717 OPP
		 * Nitro, 1 GHz, on the ZCZ package). */
		.cpu_hz = 1000000000,
		.ncpus = 1,
		/* [S] 512 MiB DDR3L (BBB SRM 6.2); EMIF0 SDRAM at
		 * 0x80000000 (SPRS717 memory map). */
		.ram_base = 0x80000000ull,
		.ram_size = 512ull << 20,
		.nodes = 1,
		/* [S] the White's caches: same AM335x die (BBB dmesg
		 * "PIPT / VIPT nonaliasing data cache").  [E] no
		 * write-allocate in L1. */
		.l1d = AM335X_L1D,
		.icache_line = 64,
		.l1i = AM335X_L1I,
		.cc_text = arm_cc_text,
		/* [S] 256 KiB, 8-way, 64 B (Cortex-A8 TRM 8.2; SPRS717). */
		.l2 = AM335X_L2,
		.l2_per_cpu = false,
		/* [S] 32-entry fully associative D-TLB (TRM 6.1). */
		.tlb_entries = 32,
		.tlb_ways = 32,
		.walk = WALK_L2,
		/* [E] as the White: one more fill under the first miss. */
		.mlp = 2,
		/*
		 * [E] No calibration row exists for this board, and the
		 * project fits DRAM bandwidth only on one: the White's
		 * calibrated 425 MB/s scaled by the bus data rate
		 * (800 / 532 MT/s, both 16 bits wide) = 639 MB/s.  Not the
		 * AM335x EVM's bw_mem rd 253 MB/s: that is an lmbench result,
		 * which `run lmbench` should be compared with, not fitted to.
		 */
		.dram_read_MBps = BBW_DRAM_READ_MBPS * BBB_DDR_MTS / BBW_DDR_MTS,
		.cost = {
			.l1_hit = 0,
			/* [S] L1 D miss replay 8 cycles (TRM replay table). */
			.l2_hit = 8,
			/*
			 * [D] lat_mem_rd at 1000 KiB, 221 ns, on the AM335x
			 * EVM: the same SoC at 1 GHz with DDR3-800 x16
			 * (TI Processor SDK 09.00, research/platforms.md):
			 * 221 cycles.  The part's own share (MT41K256M16
			 * -125 at 400 MHz: tRCD 6 + CL 6 clocks = 30 ns) is
			 * small beside the L3 interconnect and EMIF queue.
			 */
			.dram = 221,
			.dram_remote = 221,
			/* [E] victim into the L2 write buffer. */
			.l1_writeback = 4,
			/* [D] one 64 B line at bw_mem wr 996 MB/s (AM335x
			 * EVM, SDK 09.00) at 1 GHz: 64 cycles. */
			.l2_writeback = 64,
			.write_no_alloc = 2,
			/* [D] 24-cycle walk = 8 + two descriptor reads
			 * hitting L2 at 8 cycles each. */
			.walk_base = 8,
			.walk_read_dram = 221,
			/* [E] the White's estimates: same pipeline. */
			.tlb_inv_va = 30,
			.tlb_inv_all = 40,
			.tlb_inv_broadcast = 30,	/* uniprocessor */
			.ipi = 0,
			.dcache_line_op = 6,
			.dcache_setway_op = 3,
			.l2_line_op = 10,
			.barrier = 8,
			.icache_inv_all = 20,
			.icache_refill_line = 8,
			.cr_write = 20,
			/* Unused: only the Feroceon's range operations
			 * (DMA maintenance) charge these. */
			.cp15_op = 0,
			.irq_mask_write = 0,
		},
		.cc_text_bytes = arm_kernel_text_bytes,
	},
	/* [S] proc-v7-2level.S: UP kernels clean the PTE line (flush_pte). */
	.pte_flush = PTE_FLUSH_L1,
	/* [M] Linux 6.1 code paths (kpath-arm.c). */
	.kpath = &kpath_arm_6_1,
	/* [C] the White's calibrated Cortex-A8 CPI: the same core. */
	.kernel_cpi_milli = CORTEX_A8_KERNEL_CPI_MILLI,
	.kernel_cpi_how = "the White's fit (the same core)",
	/* [E] shared/research/memory-system.md, Cortex-A8 table. */
	.sourced_cpi_lo_milli = 1000,
	.sourced_cpi_hi_milli = 1200,
	.sourced_cpi_source =
		"[E] dual-issue in-order Cortex-A8, dual issue rarely "
		"sustained; [S] 2.0 DMIPS/MHz (TI AM335x)",
	/* streaming=throughput: the White's (beaglebone-white.c) but for the
	 * DRAM. */
	.throughput = {
		.by_default = true,
		.mlp = 1,
		.write_buffer_lines = 4,
		/*
		 * [D] 16-bit DDR3L-800, 1600 MB/s peak, less a write stream's
		 * DRAM timing (Micron MT41K256M16-125, 4 Gb x16, JEDEC
		 * JESD79-3): a row change every 2 KiB page (tWR + tRP + tRCD,
		 * 15 ns each at 400 MHz, against 1280 ns of data) and refresh
		 * (tRFC 260 ns every 7.8 us): 1600 x 0.966 x 0.967.
		 */
		.dram_write_MBps = 1494,
		.l2_store_no_alloc = true,
		.reads_wait_writes = true,
		.issue_kib = cortex_a8_issue_kib,
	},
};
