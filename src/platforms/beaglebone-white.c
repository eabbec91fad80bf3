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
		/* [S] 720 MHz on DC power (U-Boot board/ti/am335x/board.c). */
		.cpu_hz = 720000000,
		.ncpus = 1,
		/* [S] 256 MiB DDR2; AM335x EMIF0 SDRAM at 0x80000000. */
		.ram_base = 0x80000000ull,
		.ram_size = 256ull << 20,
		.nodes = 1,
		/* [S] 32 KiB, 4-way, 64 B lines, "PIPT / VIPT nonaliasing"
		 * (AM335x dmesg).  [E] no write-allocate in L1. */
		.l1d = AM335X_L1D,
		.icache_line = 64,
		/* [S] 32 KiB, 4-way, 64 B lines (AM335x dmesg: "VIPT aliasing
		 * instruction cache"; the model indexes it physically). */
		.l1i = AM335X_L1I,
		.cc_text = arm_cc_text,
		/* [S] 256 KiB, 8-way, 64 B, physically addressed (Cortex-A8
		 * TRM 8.2). */
		.l2 = AM335X_L2,
		.l2_per_cpu = false,
		/* [S] 32-entry fully associative D-TLB, no L2 TLB (TRM 6.1). */
		.tlb_entries = 32,
		.tlb_ways = 32,
		/* [S] the walk is 24 cycles when descriptors hit L2. */
		.walk = WALK_L2,
		/* [E] the A8 L2 takes a second miss under the first (hit-under-miss and one more outstanding fill). */
		.mlp = 2,
		/*
		 * [C] calibrated on E3's normal-kernel row, with the kernel
		 * CPI: no BeagleBone White figure is published.  For scale, the
		 * AM335x EVM (same core at 1 GHz, DDR3-800) measures bw_mem rd
		 * 253 MB/s (TI Processor SDK performance guide, 09.00;
		 * research/platforms.md).
		 */
		.dram_read_MBps = BBW_DRAM_READ_MBPS,
		.cost = {
			.l1_hit = 0,
			/* [S] L1 D miss replay 8 cycles (TRM replay table). */
			.l2_hit = 8,
			/* [D] lat_mem_rd at 1000 KiB, 221 ns on the AM335x EVM
			 * (TI Processor SDK 09.00, research/platforms.md), at
			 * 720 MHz: 159 cycles. */
			.dram = 159,
			.dram_remote = 159,
			/* [E] victim into the L2 write buffer. */
			.l1_writeback = 4,
			/* [D] one 64 B line at bw_mem wr 996 MB/s (AM335x EVM,
			 * TI Processor SDK 09.00) at 720 MHz: 46 cycles. */
			.l2_writeback = 46,
			.write_no_alloc = 2,
			/* [D] 24-cycle walk = 8 + two descriptor reads hitting
			 * L2 at 8 cycles each. */
			.walk_base = 8,
			.walk_read_dram = 159,
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
			/* Unused: only the Feroceon's range operations
			 * (DMA maintenance) charge these. */
			.cp15_op = 0,
			.irq_mask_write = 0,
		},
		.cc_text_bytes = arm_kernel_text_bytes,
	},
	/* [S] proc-v7-2level.S: UP kernels clean the PTE line (flush_pte). */
	.pte_flush = PTE_FLUSH_L1,
	/* [M] Linux 5.7 code paths (kpath-arm.c). */
	.kpath = &kpath_arm_5_7,
	/*
	 * [C] calibrated on E3's normal-kernel row (EXPERIMENTS.md), with
	 * dram_read_MBps: the board's two fitted parameters.
	 */
	.kernel_cpi_milli = CORTEX_A8_KERNEL_CPI_MILLI,
	.kernel_cpi_how = "fitted on E3's normal-kernel row",
	/* [E] shared/research/memory-system.md, Cortex-A8 table. */
	.sourced_cpi_lo_milli = 1000,
	.sourced_cpi_hi_milli = 1200,
	.sourced_cpi_source =
		"[E] dual-issue in-order Cortex-A8, dual issue rarely "
		"sustained; [S] 2.0 DMIPS/MHz (TI AM335x)",
	/* streaming=throughput (issue 31 item 3); the Black's the same but
	 * for its DRAM. */
	.throughput = {
		/*
		 * Not the White's default: with its loops at the A8's issue
		 * rate no kernel CPI fits E3's normal-kernel row, whose cost
		 * per page is 2.5 times what that pricing gives for a 512 B
		 * call's (docs/fidelity.md, "The White's write path"); the row
		 * fits only with the loops at the scalar code's cycles per
		 * instruction (streaming=cpi).  The Black, E4's board, streams
		 * as its memory system's sources say.
		 */
		.by_default = false,
		/*
		 * [D] one fill at a time: an L1 load miss replays the
		 * in-order pipeline (8 cycles + the L2, Cortex-A8 TRM replay
		 * table, research/memory-system.md) and the integer core has
		 * no second miss under it.
		 */
		.mlp = 1,
		/* [E] no entry count found for the store buffer or the L2's
		 * write buffer (research/memory-system.md). */
		.write_buffer_lines = 4,
		/*
		 * [D] 16-bit DDR2-532, 1064 MB/s peak (U-Boot config_ddr(266)
		 * and the AM335x EMIF), less a write stream's DRAM timing
		 * (Micron MT47H128M16-25E, 2 Gb x16, JEDEC JESD79-2): a row
		 * change every 2 KiB page (tWR + tRP + tRCD, 15 ns each at 266
		 * MHz, against 1925 ns of data) and refresh (tRFC 197.5 ns
		 * every 7.8 us): 1064 x 0.977 x 0.975.
		 */
		.dram_write_MBps = 1013,
		/*
		 * [D] no store miss reads a line at either level: on the
		 * AM335x EVM bw_mem wr (every fourth word) runs as fast as fwr
		 * (every word) and bzero, 3.8-4.4 times rd (TI Processor SDK
		 * 09.00 and 09.03, research/platforms.md).  A policy, not a
		 * rate: no figure of those rows is used.
		 */
		.l2_store_no_alloc = true,
		/*
		 * [D] reads wait for the writes posted before them: on two
		 * AM335x boards (TI Processor SDK 11.02, research/
		 * platforms.md) every bw_mem loop that both reads and writes
		 * DRAM -- rdwr, cp, bcopy -- runs at 1 / (1/rd + 1/wr) of that
		 * board's own rd and wr within 7% (EVM 201, 186, 194 against
		 * 200; Green Eco 234, 217, 225 against 239), where reads
		 * served ahead of the writes would run them at about rd.  A
		 * policy read off the rows' structure, as l2_store_no_alloc
		 * is: no rate is taken from them.
		 */
		.reads_wait_writes = true,
		.issue_kib = cortex_a8_issue_kib,
	},
};
