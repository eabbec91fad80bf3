// SPDX-License-Identifier: GPL-2.0-only
/*
 * A generic LPAE-capable Cortex-A15 board with 2 GiB, for the 4G/4G and
 * VMSPLIT what-ifs (no published measurement is tied to it).  Modelled on
 * the dual-core 1.7 GHz A15 boards of 2013 (Exynos 5250 class).
 * Sources: research/platforms.md section C (QEMU facts) and the estimates
 * marked below; this board is a what-if target, never a calibration one.
 */
#include "platforms/platform.h"

const struct platform cortex_a15_2g = {
	.name = "cortex-a15-2g",
	.summary = "generic Cortex-A15 2 x 1.7 GHz, LPAE-capable, PIPT L1, 1 MiB L2, 2 GiB",
	.arch = PLAT_ARM,
	.arm_arch = 7,
	.lpae_capable = true,
	.default_flavour = "kmap-local",
	/* [E] a what-if board: Linux 6.1, the measured kernel (kpath-arm.c). */
	.kernel_version = KERNEL_VERSION(6, 1, 0),
	.hw = {
		/* [S] random: the A15 TRM's L2 (research/memory-system.md), and
		 * Linux's v7_crval leaves SCTLR.RR clear. */
		.random_replacement = true,
		.mmu = MMU_ARM_SHORT,
		.armv6_plus = true,
		.has_asid = true,
		/* [E] Exynos 5250 class clock. */
		.cpu_hz = 1700000000,
		.ncpus = 2,
		/* [E] 2 GiB at 0x80000000 (the usual ARM board layout). */
		.ram_base = 0x80000000ull,
		.ram_size = 2ull << 30,
		.nodes = 1,
		/* [E] A15: 32 KiB 2-way 64 B PIPT D-cache. */
		.l1d = { .size = 32 * 1024, .ways = 2, .line = 64,
			 .kind = CACHE_PIPT, .write_allocate = true },
		.icache_line = 64,
		/* [E] A15: 32 KiB 2-way 64 B I-cache, like its D-cache. */
		.l1i = { .size = 32 * 1024, .ways = 2, .line = 64,
			 .kind = CACHE_PIPT },
		.cc_text = arm_cc_text,
		/* [E] 1 MiB 16-way shared L2. */
		.l2 = { .size = 1024 * 1024, .ways = 16, .line = 64,
			.kind = CACHE_PIPT, .write_allocate = true },
		.l2_per_cpu = false,
		/* [E] A15 512-entry 4-way unified L2 TLB (the 32-entry
		 * micro-TLBs are folded into walk_base). */
		.tlb_entries = 512,
		.tlb_ways = 4,
		/* [E] A15 walks are coherent with the data caches. */
		.walk = WALK_L1,
		/* [E] the A15 has six outstanding L1 line fills. */
		.mlp = 6,
		/*
		 * [S] bw_mem rd 16 MB, 2596 MB/s on the TI AM572x EVM
		 * (Cortex-A15 1.5 GHz, DDR3L; TI Processor SDK 11.01,
		 * research/platforms.md), a near relative of this board.
		 */
		.dram_read_MBps = 2596,
		.cost = {
			.l1_hit = 0,
			/* [E] ~21 cycles L2 hit. */
			.l2_hit = 21,
			/* [E] ~100 ns to DDR3 at 1.7 GHz. */
			.dram = 170,
			.dram_remote = 170,
			.l1_writeback = 4,
			.l2_writeback = 60,
			.write_no_alloc = 2,
			.walk_base = 6,
			.walk_read_dram = 170,
			/* [E] TLBIMVA + DSB + ISB. */
			.tlb_inv_va = 20,
			.tlb_inv_all = 30,
			/* [E] TLBIMVAIS waits for the other core's ack. */
			.tlb_inv_broadcast = 60,
			.ipi = 1000,
			.dcache_line_op = 4,
			.dcache_setway_op = 2,
			.l2_line_op = 6,
			.barrier = 10,
			.icache_inv_all = 20,
			.icache_refill_line = 21,
			.cr_write = 10,
			/* Unused: only the Feroceon's range operations
			 * (DMA maintenance) charge these. */
			.cp15_op = 0,
			.irq_mask_write = 0,
			/*
			 * coherence=snoop: the SCU between the two L1s, MESI
			 * there and MOESI towards the L2 (memory-system.md
			 * section 5, TRM 6.4.2 / 7.5 [S]).  [E] A line from
			 * the other L1 is served inside the SCU, about an L2
			 * hit plus a snoop: 25-40 cycles -> 32.  [E] An
			 * invalidation is a lookup of the SCU's duplicate
			 * tags, the L2's 12-cycle tag stage (O3_ARM_v7a.py
			 * [S]).  One cluster: nothing is remote.
			 */
			.coh_c2c = 32,
			.coh_c2c_remote = 32,
			.coh_inval = 12,
			.coh_inval_remote = 12,
		},
		.cc_text_bytes = arm_kernel_text_bytes,
	},
	/* [S] proc-v7: on SMP flush_pte is a nop (coherent walks). */
	.pte_flush = PTE_FLUSH_NONE,
	/* [M] Linux 6.1 code paths (kpath-arm.c). */
	.kpath = &kpath_arm_6_1,
	/*
	 * [E] the middle of the sourced range below: no published row
	 * calibrates this board.  It used to be the A8's fit scaled by the
	 * cores' Dhrystone rates, but that fit carries what E3's board and
	 * run cost beyond the core (docs/fidelity.md, "The distance from
	 * the sourced CPIs"), which no A15 inherits.
	 */
	.kernel_cpi_milli = 800,
	.kernel_cpi_how = "the sourced range's middle (no calibration row)",
	/* [E] shared/research/memory-system.md, Cortex-A15 table. */
	.sourced_cpi_lo_milli = 700,
	.sourced_cpi_hi_milli = 900,
	.sourced_cpi_source =
		"[E] 3-wide out-of-order Cortex-A15; [S] 3.3 DMIPS/MHz "
		"(TI AM572x)",
	/* streaming=throughput (issue 31 item 3). */
	.throughput = {
		.by_default = true,
		/* [S] up to six 64 B line requests outstanding (Cortex-A15
		 * TRM 6.4). */
		.mlp = 6,
		/* [E] no write-buffer depth found. */
		.write_buffer_lines = 4,
		/*
		 * [D] two 32-bit DDR3L-1600 channels, 12.8 GB/s peak
		 * (7-cpu.com, Exynos 5250), less a write stream's DRAM timing
		 * (JEDEC JESD79-3, 4 Gb x16 parts, a 4 KiB row per channel):
		 * tWR 15 + tRP 13.75 + tRCD 13.75 ns against 640 ns of data,
		 * and refresh (tRFC 260 ns every 7.8 us): 12800 x 0.938 x
		 * 0.967.
		 */
		.dram_write_MBps = 11603,
		/* [S] write-back read-write-allocate (TRM table 6.1). */
		.l2_store_no_alloc = false,
		.issue_kib = cortex_a15_issue_kib,
	},
};
