// SPDX-License-Identifier: GPL-2.0-only
/*
 * BeagleBone White: TI AM3359, one Cortex-A8 r3p2 at 720 MHz, 256 MiB DDR2
 * at 0x80000000, non-aliasing VIPT L1, 256 KiB L2.  The E3 (dd) board.
 * Sources: research/platforms.md section B; the die's in am335x.h.
 */
#include "platforms/am335x.h"

const struct platform beaglebone_white = {
	.name = "beaglebone-white",
	.summary = "TI AM3359, Cortex-A8 720 MHz, VIPT non-aliasing L1, 256 KiB L2, 256 MiB",
	AM335X_PLATFORM,
	.default_flavour = "arm-3x",
	/* [B] E3's kernel: the June 2020 RFC series is against v5.7. */
	.kernel_version = KERNEL_VERSION(5, 7, 0),
	/* [M] Linux 5.7 code paths (kpath-arm.c). */
	.kpath = &kpath_arm_5_7,
	/*
	 * [C] calibrated on E3's normal-kernel row (EXPERIMENTS.md), with
	 * dram_read_MBps: the board's two fitted parameters.
	 */
	.kernel_cpi_how = "fitted on E3's normal-kernel row",
	.hw = {
		AM335X_HW,
		/* [S] 720 MHz on DC power (U-Boot board/ti/am335x/board.c). */
		.cpu_hz = 720000000,
		/* [S] 256 MiB DDR2. */
		.ram_size = 256ull << 20,
		/*
		 * [C] calibrated on E3's normal-kernel row, with the kernel
		 * CPI: no BeagleBone White figure is published.  For scale, the
		 * AM335x EVM (same core at 1 GHz, DDR3 at 303 MHz) measures
		 * bw_mem rd 253 MB/s (TI Processor SDK performance guide,
		 * 09.00; research/platforms.md).
		 */
		.dram_read_MBps = BBW_DRAM_READ_MBPS,
		/*
		 * [D] lat_mem_rd at 1000 KiB, 221 ns on the AM335x EVM (TI
		 * Processor SDK 09.00, research/platforms.md), at 720 MHz: 159
		 * cycles.  [D] one 64 B line at bw_mem wr 996 MB/s (the same
		 * EVM) at 720 MHz: 46 cycles.
		 */
		.cost = AM335X_COST(159, 46),
	},
	/*
	 * streaming=throughput (issue 31 item 3; am335x.h), not the White's
	 * default: with its loops at the A8's issue rate no kernel CPI fits
	 * E3's normal-kernel row, whose cost per page is 2.5 times what that
	 * pricing gives for a 512 B call's (docs/fidelity.md, "The White's
	 * write path"); the row fits only with the loops at the scalar code's
	 * cycles per instruction (streaming=cpi).  The Black, E4's board,
	 * streams as its memory system's sources say.
	 *
	 * [D] DRAM writes: 16-bit DDR2-532, 1064 MB/s peak (U-Boot
	 * config_ddr(266) and the AM335x EMIF), less a write stream's DRAM
	 * timing (Micron MT47H128M16-25E, 2 Gb x16, JEDEC JESD79-2): a row
	 * change every 2 KiB page (tWR + tRP + tRCD, 15 ns each at 266 MHz,
	 * against 1925 ns of data) and refresh (tRFC 197.5 ns every 7.8 us):
	 * 1064 x 0.977 x 0.975 = 1013 MB/s.
	 */
	.throughput = AM335X_THROUGHPUT(false, 1013),
};
