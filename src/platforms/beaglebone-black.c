// SPDX-License-Identifier: GPL-2.0-only
/*
 * BeagleBone Black: TI AM3358, one Cortex-A8 at 1 GHz, 512 MiB DDR3L at
 * 0x80000000; the White's core and caches (am335x.h) with a
 * faster clock and DDR3L in place of DDR2.  Run on Linux 6.1 (the measured
 * code paths).  No published measurement of this board is a calibration
 * row: its two fitted-elsewhere values (kernel CPI, DRAM bandwidth) come
 * from the White, as said below.
 * Sources: research/platforms.md section B and the "Published memory
 * bandwidth and latency" table; TI AM335x datasheet SPRS717; BeagleBone
 * Black System Reference Manual (SRM).
 */
#include "platforms/am335x.h"

/* [S] DDR3L at 400 MHz ("DDR3L 800MHz", BBB SRM section 6.2; U-Boot
 * config_ddr(400, ...) for board_is_bone_lt()). */
#define BBB_DDR_MTS 800

const struct platform beaglebone_black = {
	.name = "beaglebone-black",
	.summary = "TI AM3358, Cortex-A8 1 GHz, VIPT non-aliasing L1, 256 KiB L2, 512 MiB DDR3L",
	AM335X_PLATFORM,
	/* 6.1 has kmap_local (5.11+): the kmap-local flavour covers it. */
	.default_flavour = "kmap-local",
	/* [E] a what-if board on the measured kernel (kpath-arm.c); TI's
	 * AM335x SDK 09.00 ships 6.1 too. */
	.kernel_version = KERNEL_VERSION(6, 1, 0),
	/* [M] Linux 6.1 code paths (kpath-arm.c). */
	.kpath = &kpath_arm_6_1,
	/* [C] the White's calibrated Cortex-A8 CPI: the same core. */
	.kernel_cpi_how = "the White's fit (the same core)",
	.hw = {
		AM335X_HW,
		/* [S] AM3358 at 1 GHz (BBB SRM section 6.1; SPRS717 OPP
		 * Nitro, 1 GHz, on the ZCZ package). */
		.cpu_hz = 1000000000,
		/* [S] 512 MiB DDR3L (BBB SRM 6.2). */
		.ram_size = 512ull << 20,
		/*
		 * [E] No calibration row exists for this board, and the
		 * project fits DRAM bandwidth only on one: the White's
		 * calibrated 440 MB/s scaled by the bus data rate
		 * (800 / 532 MT/s, both 16 bits wide) = 661 MB/s.  Not an
		 * AM335x bw_mem rd: that is an lmbench result, which
		 * `run lmbench` should be compared with, not fitted to.
		 */
		.dram_read_MBps = AM335X_DRAM_READ_MBPS(BBB_DDR_MTS),
		/*
		 * [D] lat_mem_rd at 1000 KiB, 204 ns, on the BeagleBone Green
		 * Eco (TI Processor SDK 11.02, research/platforms.md): 204
		 * cycles.  That board runs this one's DRAM setup: U-Boot
		 * (board/ti/am335x/board.c) takes both for "A335BNLT" boards
		 * (board_is_bone_lt(); the Green Eco is its revision "BBGE")
		 * and gives both config_ddr(400, ..., ddr3_beagleblack_data,
		 * ..., ddr3_beagleblack_emif_reg_data): DDR3L at 400 MHz with
		 * the same EMIF timings.  Not the AM335x EVM's 221 ns: U-Boot
		 * clocks that board's DDR3 at 303 MHz (am335x-evm.c).  The
		 * part's own share (tRCD 6 + CL 6 clocks = 30 ns) is small
		 * beside the L3 interconnect and the EMIF's queue.
		 * [D] one dirty 64 B line at the write bandwidth below: 43
		 * cycles.
		 */
		.cost = AM335X_COST(204, 43),
	},
	/*
	 * streaming=throughput (am335x.h).  [D] DRAM writes: 16-bit DDR3L-800,
	 * 1600 MB/s peak, less a write stream's DRAM timing as U-Boot programs
	 * it (arch/arm/include/asm/arch-am33xx/ddr_defs.h, MT41K256M16HA125E:
	 * SDRAM_TIM_1 0x0AAAD4DB gives tRP, tRCD and tWR 6 clocks each;
	 * SDRAM_TIM_3 0x501F867F tRFC 104 clocks; SDRAM_REF_CTRL 0xC30 one
	 * refresh every 3120 clocks): a row change every 2 KiB page, 45 ns
	 * against 1280 ns of data, and refresh, 260 ns every 7.8 us:
	 * 1600 x 0.966 x 0.967 = 1494 MB/s.
	 */
	.throughput = AM335X_THROUGHPUT(true, 1494),
};
