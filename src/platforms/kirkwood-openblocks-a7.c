// SPDX-License-Identifier: GPL-2.0-only
/*
 * Plat'Home OpenBlocks A7: Marvell Kirkwood 88F6283, one Feroceon 88FR131
 * (ARMv5TE) core, VIVT L1, Feroceon L2, 1 GiB.  The E1 (iperf) board.
 * Sources: research/platforms.md section A.  Latencies there are quoted at
 * 1.2 GHz (7-cpu.com, 88F6281, same core); ns-based values are converted at
 * this board's 1.6 GHz.
 */
#include "platforms/platform.h"

const struct platform kirkwood_openblocks_a7 = {
	.name = "kirkwood-openblocks-a7",
	.summary = "Marvell Kirkwood 88F6283, Feroceon ARMv5TE 1.6 GHz, VIVT L1, 256 KiB L2, 1 GiB",
	.arch = PLAT_ARM,
	.arm_arch = 5,
	.lpae_capable = false,
	.default_flavour = "arm-3x",
	/*
	 * E1's kernel: 3.16.  The brief said 3.14, but the thread's TSO-on
	 * column needs mv643xx_eth's software TSO (3ae8f4e0b98b, "Implement
	 * software TSO"), first released in 3.16 (3.15's driver has none);
	 * the kmap_atomic_pfn fast path it measured is not in 3.16.0 nor
	 * 3.17.0 and is in 3.18 (settings.c), so the patch was tested on top
	 * of 3.16 or 3.17.  Of the two, 3.16: its mv643xx_eth.c is the same
	 * file as 3.17.0's (diffed), both dequeue an skb on every
	 * TX_LAST_DESC (3.16.0, 3.16.7 and 3.17.0 read; 3.18.3 has the fix),
	 * both turn TSO on by default, both build with CONFIG_PREEMPT=y and
	 * CONFIG_HIGHMEM=y (3.16's kirkwood_defconfig; 3.17 moved Kirkwood
	 * to mach-mvebu and mvebu_v5_defconfig, which keeps both); and 3.16
	 * is the first release that has everything the thread ran.  Every
	 * version-dependent behaviour follows from this field (or kernel=):
	 * TSO's default, the TX reclaim, TCP's microsecond RTT (3.15) and
	 * 3.16's cwnd-limited test, the watermark rule of GFP_ATOMIC.  The
	 * measured code costs stay 3.14's (kpath_arm_3_14 below): 3.16's TCP
	 * send path differs from 3.14's by the skb_mstamp clock read, charged
	 * apart (net/tcp_output.c).
	 */
	.kernel_version = KERNEL_VERSION(3, 16, 0),
	.hw = {
		/*
		 * [S] random replacement in L1: Linux's feroceon_crval
		 * (arch/arm/mm/proc-feroceon.S) clears SCTLR.RR (bit 14), the
		 * ARMv5 choice between random and round-robin; the Feroceon
		 * L2's policy is not published, taken as the L1's [E].
		 */
		.random_replacement = true,
		.mmu = MMU_ARM_SHORT,
		.armv6_plus = false,
		.has_asid = false,
		/* [B] board clock; strap options in drivers/clk/mvebu/kirkwood.c [S]. */
		.cpu_hz = 1600000000,
		.ncpus = 1,
		/* [S] kirkwood-openblocks_a7.dts: 1 GiB at 0. */
		.ram_base = 0,
		.ram_size = 1ull << 30,
		.nodes = 1,
		/*
		 * [S] 16 KiB, 4-way, 32 B lines, VIVT (7-cpu; proc-feroceon.S
		 * CACHE_DLINESIZE 32).  [S] read-allocate only: the CPU Extra
		 * Features register's write-allocate bit (28, FC_WR_ALLOC_EN
		 * in NetBSD's armreg.h) is clear as the boot loader leaves it
		 * ("Write allocate disabled", Kirkwood U-Boot boot logs,
		 * research/memory-system.md 1c), and 3.16 never sets it: the
		 * register is written only by cache-feroceon-l2.c, which sets
		 * bits 22 (L2 on) and 24 (L2 prefetch off) and keeps the rest.
		 */
		.l1d = { .size = 16 * 1024, .ways = 4, .line = 32,
			 .kind = CACHE_VIVT, .write_allocate = false },
		.icache_line = 32,
		/* [S] 16 KiB, 4-way, 32 B lines (7-cpu.com, 88FR131). */
		.l1i = { .size = 16 * 1024, .ways = 4, .line = 32,
			 .kind = CACHE_PIPT },
		.cc_text = arm_cc_text,
		/*
		 * [S] 256 KiB unified, 4-way, 32 B, PIPT, write-back
		 * (cache-feroceon-l2.c: feroceon_of_init clears the Kirkwood
		 * L2 configuration register's write-through bit 4 unless
		 * CONFIG_CACHE_FEROCEON_L2_WRITETHROUGH, which
		 * kirkwood_defconfig leaves unset; 7-cpu).  [E] read-allocate
		 * only, like the L1: no Feroceon or Kirkwood document found
		 * states the L2's policy, and the write-allocate enable that
		 * 3.16 leaves clear lives in the same core register that turns
		 * the L2 on and its prefetch off (bits 22 and 24), so it is
		 * taken as the core's policy for both levels; and Linux zeroes
		 * highmem page-table pages without cleaning L2 (pte_alloc_one
		 * cleans lowmem ones only), which is safe only if stores that
		 * miss do not allocate.
		 */
		.l2 = { .size = 256 * 1024, .ways = 4, .line = 32,
			.kind = CACHE_PIPT, .write_allocate = false },
		.l2_per_cpu = false,
		/* [S] 64-entry main TLB (7-cpu); [E] fully associative.  The
		 * 8-entry micro-TLB is not modelled (its +7 cycle refill is
		 * folded into walk_base). */
		.tlb_entries = 64,
		.tlb_ways = 64,
		/* [S] the walker reads tables from DRAM, not L2 (Plan 9 notes;
		 * cpu_feroceon_set_pte_ext cleans L1 and L2 for that reason). */
		.walk = WALK_DRAM,
		/* [E] the in-order 88FR131 blocks on a line fill: no overlap. */
		.mlp = 1,
		/*
		 * [D] no bandwidth figure is published for any Kirkwood: the
		 * 88F6281's 16-bit DDR2-800 peak, 1600 MB/s (7-cpu.com,
		 * research/platforms.md).  A single outstanding 32 B fill
		 * (latency-bound, mlp 1) stays well below it.
		 */
		.dram_read_MBps = 1600,
		.cost = {
			/* [S] L1 hit 3 cycles, pipelined into the instruction
			 * cost of memcpy and friends: no extra charge. */
			.l1_hit = 0,
			/* [D] 24 cycles at 1.2 GHz = 20 ns = 32 cycles. */
			.l2_hit = 32,
			/* [D] L2 miss -> DRAM +60 ns = 96 cycles, plus the L2
			 * lookup. */
			.dram = 128,
			.dram_remote = 128,
			/* [E] victim into the write buffer / L2. */
			.l1_writeback = 8,
			/* [D] one line written to DRAM, 60 ns. */
			.l2_writeback = 96,
			/* [E] buffered store, a few cycles of WB occupancy. */
			.write_no_alloc = 4,
			/*
			 * [E] one store to strongly-ordered memory: 80 ns =
			 * 128 cycles.  3.16's pgprot_dmacoherent is
			 * L_PTE_MT_UNCACHED on ARMv5 (ARM_DMA_MEM_BUFFERABLE is
			 * v6/v7 only: arch/arm/mm/Kconfig), so the coherent
			 * rings and TSO headers are uncached and unbuffered:
			 * the store is not posted to the write buffer, and the
			 * 88FR131 holds until the Mbus-L write completes at the
			 * DDR controller.  No Feroceon or Kirkwood document
			 * found gives that time (research/memory-system.md
			 * 1c: 60-100 ns, from the 60 ns an L2 miss adds to a
			 * load, 7-cpu.com); the middle of that range.  An STM
			 * is taken as one such store (its registers leave as
			 * one burst, the round trip dominating); were each
			 * word its own, tso_build_hdr's header copy would be
			 * 18 stores instead of 4.
			 */
			.so_store = 128,
			/* [D] micro-TLB miss -> main TLB +7 cycles at 1.2 GHz. */
			.walk_base = 9,
			/* [D] main-TLB miss +120 ns for a two-level walk from
			 * DRAM = 96 cycles per descriptor read. */
			.walk_read_dram = 96,
			/* [E] 5-20: MCR + drain WB (tlb-v4wbi.S). */
			.tlb_inv_va = 12,
			/* [E] one MCR invalidating the whole TLB + drain. */
			.tlb_inv_all = 16,
			.tlb_inv_broadcast = 16,	/* uniprocessor: unused */
			.ipi = 0,			/* uniprocessor */
			/* [E] the 88FR131 range op walks lines in hardware;
			 * ~3-4 cycles per clean line ("stalls the pipeline
			 * until completion"). */
			.dcache_line_op = 4,
			/* [E] ~3 per set/way op; 512 ops ~1.5 k cycles. */
			.dcache_setway_op = 3,
			/* [E] one L2 line op by PA or MVA. */
			.l2_line_op = 8,
			/* [E] drain write buffer with nothing outstanding. */
			.barrier = 16,
			/* [E] one MCR. */
			.icache_inv_all = 8,
			/* [D] each refetched I-line comes from L2: l2_hit. */
			.icache_refill_line = 32,
			/* [E] MCR to TTBR + pipeline flush. */
			.cr_write = 16,
			/*
			 * [E] each MCR programming a range operation (start,
			 * top): an ARM9E-class core issues an MCR in one
			 * cycle plus the coprocessor handshake (ARM9E-S TRM,
			 * "1 + busy-wait"), about 2 cycles beyond the
			 * instruction; the range work itself is per line.
			 */
			.cp15_op = 2,
			/*
			 * [E] msr cpsr_c (raw_local_irq_save/restore around
			 * every range operation, proc-feroceon.S and
			 * cache-feroceon-l2.c): ARM9E-S takes 3 cycles for an
			 * MSR that writes the control field, 2 beyond the
			 * instruction's issue.
			 */
			.irq_mask_write = 2,
		},
		.cc_text_bytes = arm_kernel_text_bytes,
	},
	/* [S] cpu_feroceon_set_pte_ext: clean D entry, clean L2 entry,
	 * drain WB (proc-feroceon.S). */
	.pte_flush = PTE_FLUSH_L1_L2,
	/* [S] feroceon_range_flush_kern_dcache_area invalidates the
	 * entire I-cache and drains the write buffer after the range op. */
	.dcache_flush_kills_icache = true,
	/*
	 * [S] 3.16 mach-kirkwood/board-dt.c -> feroceon_of_init() (3.14:
	 * kirkwood_l2_init) -> feroceon_l2_init(0): write-back, since
	 * kirkwood_defconfig leaves CONFIG_CACHE_FEROCEON_L2_WRITETHROUGH
	 * unset.
	 */
	.outer_cache = OUTER_CACHE_FEROCEON_L2,
	/* [S] kirkwood.dtsi: the 88F6283's ethernet-controller@72000
	 * (marvell,kirkwood-eth), a gigabit port on the OpenBlocks A7. */
	.nic = NIC_MV643XX,
	.nic_mbps = 1000,
	/* [M] Linux 3.14 code paths (kpath-arm.c), standing for 3.16's. */
	.kpath = &kpath_arm_3_14,
	/*
	 * [C] calibrated on E1's CONFIG_HIGHMEM=n, TSO off cell (544 Mbit/s;
	 * `vmsplit reproduce net-kirkwood`), the board's one fitted
	 * parameter: 3.91 cycles per kernel instruction beside what the
	 * machine charges (caches, TLB, I-cache, every placed kernel
	 * object, the strongly-ordered rings, streaming by issue and drain),
	 * fitted 2026-12-06 with every issue 31 mechanism at its default
	 * (4.60 before: kernel data free, loops at instructions x CPI, 3.14's
	 * TCP).  The cell is steep there and flat above: 3.90 gives 546.8,
	 * 3.91 543.9, 4.00 525.1, and 4.05 to 5.0 all about 524.2, a plateau
	 * where what a faster CPU saves goes to more ACKs and the send's rate
	 * stays.  High for a single-issue core whose pipeline alone would
	 * give about 1.5: docs/fidelity.md, "The distance from the sourced
	 * CPIs".  The TSO-on cell (942, line rate) is met with the CPU partly
	 * idle; the CONFIG_HIGHMEM=y cells are not fitted.
	 */
	.kernel_cpi_milli = 3910,
	.kernel_cpi_how = "fitted on E1's CONFIG_HIGHMEM=n TSO-off cell",
	/* [E] shared/research/memory-system.md, Feroceon table. */
	.sourced_cpi_lo_milli = 1300,
	.sourced_cpi_hi_milli = 1500,
	.sourced_cpi_source =
		"[E] single-issue 88FR131, 3-cycle load-use, no published "
		"DMIPS/MHz (research/memory-system.md)",
	/* streaming=throughput (issue 31 item 3). */
	.throughput = {
		.by_default = true,
		/* [S] "L2 does not overlap reads" (7-cpu.com, Kirkwood). */
		.mlp = 1,
		/* [E] 4-8 coalescing 32 B entries (research/memory-system.md:
		 * no Feroceon figure found). */
		.write_buffer_lines = 8,
		/*
		 * [D] 16-bit DDR2-800, 1600 MB/s peak (7-cpu.com), less what
		 * a write stream loses to DRAM timing (JEDEC JESD79-2, a 2 Gb
		 * x16 part): a row change every 2 KiB page (tWR 15 + tRP 12.5
		 * + tRCD 12.5 ns against 1280 ns of data) and refresh (tRFC
		 * 197.5 ns every tREFI 7.8 us): 1600 x 0.970 x 0.975.
		 */
		.dram_write_MBps = 1512,
		/* Already so: the L2 does not allocate on a write (above). */
		.l2_store_no_alloc = false,
		.issue_kib = feroceon_issue_kib,
	},
};
