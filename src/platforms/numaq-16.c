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
		/* [E] the P6's caches replace pseudo-LRU, which the model does
		 * not have: round-robin stands in (random_replacement false). */
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
		/* [E] P6: 16 KiB 4-way 32 B I-cache, like its D-cache. */
		.l1i = { .size = 16 * 1024, .ways = 4, .line = 32,
			 .kind = CACHE_PIPT },
		.cc_text = x86_cc_text,
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
		/*
		 * [D] the P6 front-side bus, 100 MHz x 8 B = 800 MB/s peak
		 * (research/platforms.md; no NUMA-Q bandwidth figure is
		 * published), shared by a quad's four CPUs; modelled per CPU.
		 */
		.dram_read_MBps = 800,
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
			/* Unused: only the Feroceon's range operations
			 * (DMA maintenance) charge these. */
			.cp15_op = 0,
			.irq_mask_write = 0,
			/*
			 * coherence=snoop: MESI on each quad's P6 bus, the
			 * IQ-Link between quads (memory-system.md section
			 * 4).  [E] A snoop hit on a modified line asserts
			 * HITM# and the implicit write-back goes straight to
			 * the requester [S, SDM 11.2]: a full bus data
			 * phase, about a local memory read, 150-180 ns ->
			 * 115 cycles.  [D] From another quad: a remote miss,
			 * 3-4x local [S, vendor] -> dram_remote's 441.
			 */
			.coh_c2c = 115,
			.coh_c2c_remote = 441,
			/*
			 * [E] An invalidation without data is an
			 * address-only bus transaction that ends at its snoop
			 * phase, a few 100 MHz bus clocks after the request:
			 * 5 bus clocks = 35 cycles; no measurement found.
			 * [E] In another quad it is an SCI invalidation,
			 * taken as a remote miss (the contended lock cmpxchg
			 * across quads, 0.6-1 us, is at least one).
			 */
			.coh_inval = 35,
			.coh_inval_remote = 441,
		},
		.cc_text_bytes = x86_kernel_text_bytes,
	},
	/* x86 walks are cache-coherent: a PTE store is a plain store. */
	.pte_flush = PTE_FLUSH_NONE,
	/* [M] Linux 2.5.73 code paths (kpath-x86.c). */
	.kpath = &kpath_x86_2_5,
	/*
	 * [C] calibrated on E2's baseline kernbench row (2.5.73-mm3,
	 * maximal -j: system 114.91 s; `vmsplit reproduce kernbench-numaq`),
	 * the board's one fitted parameter: 2.56 cycles per kernel
	 * instruction beside the misses the machine charges, with every
	 * issue 31 mechanism at its default and kbuild's process tree
	 * (2026-12-06; 4.30 with one make and no pipes, kernel data free and
	 * no coherence).  A P6 runs kernel code near one: at 1.0 the model
	 * gives 71% of the system time (docs/fidelity.md, "The distance
	 * from the sourced CPIs").
	 */
	.kernel_cpi_milli = 2560,
	.kernel_cpi_how = "fitted on E2's baseline kernbench system time",
	/* [S]/[E] shared/research/memory-system.md, P6 table. */
	.sourced_cpi_lo_milli = 900,
	.sourced_cpi_hi_milli = 1100,
	.sourced_cpi_source =
		"[E] P6 decode of ~3 uops/cycle at 1.3-1.5 uops/instruction; "
		"[S] 1.27 with misses on a quad Pentium Pro running TPC-D "
		"(Cao et al., ICCD'99)",
	/* streaming=throughput (issue 31 item 3). */
	.throughput = {
		.by_default = true,
		/* [E] as above: four line fill buffers. */
		.mlp = 4,
		/* [E] no P6 write-back buffer count found. */
		.write_buffer_lines = 4,
		/*
		 * [D] the quad's front-side bus, 100 MHz x 8 B: a 32 B line
		 * write is four data transfers, its address and snoop phases
		 * pipelined under the transactions before it.  Coarse: the
		 * bus is shared by four CPUs, and each is given all of it.
		 */
		.dram_write_MBps = 800,
		/* [S] P6 stores allocate (Intel SDM 11.2-11.3). */
		.l2_store_no_alloc = false,
		.issue_kib = p6_issue_kib,
	},
};
