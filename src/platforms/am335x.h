/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the three AM335x boards (beaglebone-white.c, beaglebone-black.c,
 * am335x-evm.c) share: one Cortex-A8 and its caches on one die.  They
 * differ in the core's clock, the DRAM behind the EMIF and the clock U-Boot
 * gives it (board/ti/am335x/board.c, config_ddr()), so the costs that
 * depend on those are arguments here and sourced in each board's file.
 */
#ifndef VMSPLIT_PLATFORMS_AM335X_H
#define VMSPLIT_PLATFORMS_AM335X_H

#include "platforms/platform.h"

/*
 * [S] The White's DRAM bus data rate, MT/s: DDR2 at EMIF 266 MHz (U-Boot
 * board/ti/am335x/board.c, config_ddr(266, ...)).  Every AM335x EMIF bus is
 * 16 bits wide (SPRS717).
 */
#define BBW_DDR_MTS 532

/*
 * [E] A board without a calibration row of its own reads DRAM at the
 * White's calibrated bandwidth (BBW_DRAM_READ_MBPS) scaled by its bus's
 * data rate: the same EMIF and interconnect, a faster or slower clock.
 */
#define AM335X_DRAM_READ_MBPS(mts) (BBW_DRAM_READ_MBPS * (mts) / BBW_DDR_MTS)

/*
 * The die's fields of struct platform: the core, the MMU, the caches and
 * TLB, how a miss overlaps, and the kernel CPI, which the White's E3 row
 * calibrates for every board of this core.  A board adds its name, kernel,
 * clock, memory and DRAM costs (.hw = { AM335X_HW, ... }).
 */
#define AM335X_PLATFORM                                                   \
	.arch = PLAT_ARM, .arm_arch = 7,                                  \
	/* The A8 has no LPAE (that came with the A7/A15). */             \
	.lpae_capable = false,                                            \
	/* [S] proc-v7-2level.S: UP kernels clean the PTE line            \
	 * (flush_pte). */                                                \
	.pte_flush = PTE_FLUSH_L1,                                        \
	.kernel_cpi_milli = CORTEX_A8_KERNEL_CPI_MILLI,                   \
	/* [E] shared/research/memory-system.md, Cortex-A8 table. */      \
	.sourced_cpi_lo_milli = 1000, .sourced_cpi_hi_milli = 1200,       \
	.sourced_cpi_source =                                             \
		"[E] dual-issue in-order Cortex-A8, dual issue rarely "   \
		"sustained; [S] 2.0 DMIPS/MHz (TI AM335x)"

#define AM335X_HW                                                         \
	/*                                                                \
	 * [S] random replacement: Linux's v7_crval (arch/arm/mm/         \
	 * proc-v7-2level.S) clears SCTLR.RR (bit 14) and sets nothing to \
	 * bring it back; the L2 is taken to replace as the L1 does [E]   \
	 * (the A15 TRM's L2 is random, research/memory-system.md).       \
	 */                                                               \
	.random_replacement = true, .mmu = MMU_ARM_SHORT,                 \
	.armv6_plus = true, .has_asid = true, .ncpus = 1,                 \
	/* [S] EMIF0 SDRAM at 0x80000000 (SPRS717 memory map). */         \
	.ram_base = 0x80000000ull, .nodes = 1,                            \
	/* [S] the caches above (AM335x dmesg, Cortex-A8 TRM 8.2). */     \
	.l1d = AM335X_L1D, .icache_line = 64, .l1i = AM335X_L1I,          \
	.cc_text = arm_cc_text, .cc_text_bytes = arm_kernel_text_bytes,   \
	.l2 = AM335X_L2, .l2_per_cpu = false,                             \
	/* [S] 32-entry fully associative D-TLB, no L2 TLB (TRM 6.1);     \
	 * the walk is 24 cycles when descriptors hit L2. */              \
	.tlb_entries = 32, .tlb_ways = 32, .walk = WALK_L2,               \
	/* [E] the A8 L2 takes a second miss under the first (hit-under-  \
	 * miss and one more outstanding fill). */                        \
	.mlp = 2

/*
 * The A8's cycle costs, given the board's DRAM latency and the cycles one
 * dirty 64 B line takes to leave for DRAM, both in core cycles.
 */
#define AM335X_COST(dram_cycles, l2_writeback_cycles)                     \
	{                                                                 \
		.l1_hit = 0,                                              \
		/* [S] L1 D miss replay 8 cycles (TRM replay table). */    \
		.l2_hit = 8,                                              \
		.dram = (dram_cycles),                                    \
		.dram_remote = (dram_cycles),                             \
		/* [E] victim into the L2 write buffer. */                \
		.l1_writeback = 4,                                        \
		.l2_writeback = (l2_writeback_cycles),                    \
		.write_no_alloc = 2,                                      \
		/* [D] 24-cycle walk = 8 + two descriptor reads hitting   \
		 * L2 at 8 cycles each. */                                \
		.walk_base = 8,                                           \
		.walk_read_dram = (dram_cycles),                          \
		/* [E] TLBIMVA + DSB + ISB on a 13-stage pipeline: 20-40  \
		 * cycles. */                                             \
		.tlb_inv_va = 30,                                         \
		.tlb_inv_all = 40,                                        \
		.tlb_inv_broadcast = 30, /* uniprocessor */               \
		.ipi = 0,                                                 \
		/* [E] DCCMVAC of one line. */                            \
		.dcache_line_op = 6,                                      \
		.dcache_setway_op = 3,                                    \
		.l2_line_op = 10,                                         \
		/* [E] DSB. */                                            \
		.barrier = 8,                                             \
		.icache_inv_all = 20,                                     \
		.icache_refill_line = 8,                                  \
		.cr_write = 20,                                           \
		/* Unused: only the Feroceon's range operations (DMA      \
		 * maintenance) charge these. */                          \
		.cp15_op = 0,                                             \
		.irq_mask_write = 0,                                      \
	}

/*
 * streaming=throughput on the A8 (issue 31 item 3), given whether it is the
 * board's default and the DRAM's sustained write bandwidth, MB/s, which
 * each board derives from its DRAM's timing.  The policies:
 *
 * mlp 1 [D]: one fill at a time: an L1 load miss replays the in-order
 * pipeline (8 cycles + the L2, Cortex-A8 TRM replay table,
 * research/memory-system.md) and the integer core has no second miss
 * under it.
 *
 * write_buffer_lines 4 [E]: no entry count found for the store buffer or
 * the L2's write buffer (research/memory-system.md).
 *
 * l2_store_no_alloc [D]: no store miss reads a line at either level: on
 * the AM335x EVM bw_mem wr (every fourth word) runs as fast as fwr (every
 * word) and bzero, 3.8-4.4 times rd (TI Processor SDK 09.00 and 09.03,
 * research/platforms.md).  A policy, not a rate: no figure of those rows
 * is used.
 *
 * reads_wait_writes [D]: reads wait for the writes posted before them: on
 * two AM335x boards (TI Processor SDK 11.02, research/platforms.md) every
 * bw_mem loop that both reads and writes DRAM -- rdwr, cp, bcopy -- runs
 * at 1 / (1/rd + 1/wr) of that board's own rd and wr within 7% (EVM 201,
 * 186, 194 against 200; Green Eco 234, 217, 225 against 239), where reads
 * served ahead of the writes would run them at about rd.  A policy read
 * off the rows' structure, as l2_store_no_alloc is: no rate is taken from
 * them.
 */
#define AM335X_THROUGHPUT(default_on, write_MBps)                         \
	{                                                                 \
		.by_default = (default_on),                               \
		.mlp = 1,                                                 \
		.write_buffer_lines = 4,                                  \
		.dram_write_MBps = (write_MBps),                          \
		.l2_store_no_alloc = true,                                \
		.reads_wait_writes = true,                                \
		.issue_kib = cortex_a8_issue_kib,                         \
	}

#endif /* VMSPLIT_PLATFORMS_AM335X_H */
