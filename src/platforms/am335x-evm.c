// SPDX-License-Identifier: GPL-2.0-only
/*
 * TI AM335x EVM rev 1.5B (TMDXEVM3358): an AM3359, one Cortex-A8 at 1 GHz,
 * 1 GiB DDR3 at 0x80000000; the BeagleBones' core and caches with
 * U-Boot's DDR3 setup for this board.  It is the board of TI's Processor
 * SDK performance guides, whose lmbench rows (research/platforms.md) E4
 * compares `run lmbench` with; no figure of them is fitted.  Linux 6.1
 * (SDK 09.00).  With 1 GiB it is also the AM335x with highmem: lowmem
 * ends at 768 MiB under VMSPLIT_3G (`vmsplit layout`).
 * Sources: TI Processor SDK AM335x "Release Specific Performance Guide"
 * (TexasInstruments/processor-sdk-doc); U-Boot board/ti/am335x/board.c
 * and arch/arm/include/asm/arch-am33xx/ddr_defs.h; SPRS717.
 */
#include "platforms/am335x.h"

/*
 * [S] DDR3 at 303 MHz: U-Boot's get_dpll_ddr_params() and
 * sdram_init() give board_is_evm_15_or_later() dpll_ddr3_303MHz and
 * config_ddr(303, ..., ddr3_evm_data, ..., ddr3_evm_emif_reg_data).  TI's
 * guide says "DDR3-400 (400MHz/800 MT/S)"; the boot loader is what sets
 * the clock, and its timings below are counted at 303 MHz.
 */
#define EVM_DDR_MTS 606

const struct platform am335x_evm = {
	.name = "am335x-evm",
	.summary = "TI AM3359 EVM, Cortex-A8 1 GHz, VIPT non-aliasing L1, 256 KiB L2, 1 GiB DDR3 at 303 MHz",
	AM335X_PLATFORM,
	/* 6.1 has kmap_local (5.11+): the kmap-local flavour covers it. */
	.default_flavour = "kmap-local",
	/* [S] TI's Processor SDK 09.00, whose guide the lmbench rows of
	 * research/platforms.md come from first, ships 6.1; the measured
	 * code paths (kpath-arm.c) are 6.1's. */
	.kernel_version = KERNEL_VERSION(6, 1, 0),
	.kpath = &kpath_arm_6_1,
	/* [C] the White's calibrated Cortex-A8 CPI: the same core. */
	.kernel_cpi_how = "the White's fit (the same core)",
	.hw = {
		AM335X_HW,
		/* [S] "ARM running at 1000MHz" (TI's guide, Evaluation
		 * Modules table). */
		.cpu_hz = 1000000000,
		/* [D] 1 GiB: U-Boot names the parts MT41J512M8RH125, 4 Gb
		 * x8, two on the EMIF's 16-bit bus. */
		.ram_size = 1ull << 30,
		/*
		 * [E] No calibration row exists for this board: the White's
		 * calibrated 440 MB/s scaled by the bus data rate (606 / 532
		 * MT/s) = 501 MB/s.  Not this board's bw_mem rd 253 MB/s:
		 * that is an lmbench result, which `run lmbench` is compared
		 * with, not fitted to.
		 */
		.dram_read_MBps = AM335X_DRAM_READ_MBPS(EVM_DDR_MTS),
		/*
		 * [D] lat_mem_rd at 1000 KiB, 221 ns, on this board (TI
		 * Processor SDK 09.00, research/platforms.md): 221 cycles.
		 * [D] one dirty 64 B line at the write bandwidth below: 56
		 * cycles.
		 */
		.cost = AM335X_COST(221, 56),
	},
	/*
	 * streaming=throughput (am335x.h).  [D] DRAM writes: 16-bit DDR3-606,
	 * 1212 MB/s peak, less a write stream's DRAM timing as U-Boot programs
	 * it (ddr_defs.h, MT41J512M8RH125: SDRAM_TIM_1 0x0888A39B gives tRP,
	 * tRCD and tWR 5 clocks each; SDRAM_TIM_3 0x501F84EF tRFC 79 clocks;
	 * SDRAM_REF_CTRL 0x93B one refresh every 2363 clocks): a row change
	 * every 2 KiB page, 49.5 ns against 1690 ns of data, and refresh,
	 * 260.7 ns every 7.8 us: 1212 x 0.972 x 0.967 = 1138 MB/s.
	 */
	.throughput = AM335X_THROUGHPUT(true, 1138),
};
