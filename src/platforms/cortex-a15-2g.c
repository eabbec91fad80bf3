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
	/* [E] a what-if board: the first kmap_local release. */
	.kernel_version = KERNEL_VERSION(5, 11, 0),
	.hw = {
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
		},
		.cc_text_bytes = arm_kernel_text_bytes,
	},
	/* [S] proc-v7: on SMP flush_pte is a nop (coherent walks). */
	.pte_flush = PTE_FLUSH_NONE,
	/* [E] Instruction counts at ~1.5 IPC on the out-of-order A15. */
	.code = {
		[CODE_pagefault_disable] = 4,
		[CODE_page_address_lowmem] = 4,
		[CODE_page_address_hash] = 30,
		[CODE_page_address_entry] = 4,
		[CODE_kmap_atomic] = 20,
		[CODE_kunmap_atomic] = 14,
		[CODE_kmap_local] = 24,
		[CODE_kunmap_local] = 20,
		[CODE_set_pte] = 14,
		[CODE_spin_lock_irq] = 20,
		[CODE_kmap_high] = 20,
		[CODE_map_new_virtual_probe] = 6,
		[CODE_flush_all_zero_pkmaps_slot] = 6,
		[CODE_kunmap_high] = 14,
		[CODE_alloc_pages] = 150,
		[CODE_buddy_split] = 20,
		[CODE_free_pages] = 110,
		[CODE_buddy_merge] = 20,
		[CODE_memcpy_kib] = 256,
		[CODE_memset_kib] = 160,
		/*
		 * Issue 3 paths, [E]: instruction counts of the 2.6/3.x code at
		 * ~1 IPC (ARM/P6) or ~1.5 IPC (A15); syscall entry/exit and the
		 * tick include the exception and register save/restore.
		 */
		[CODE_syscall_entry] = 100,
		[CODE_syscall_exit] = 70,
		[CODE_context_switch] = 400,
		[CODE_timer_tick] = 1000,
		[CODE_spin_lock] = 20,
		[CODE_rwsem] = 40,
		[CODE_do_page_fault] = 170,
		[CODE_handle_mm_fault] = 100,
		[CODE_find_vma_step] = 6,
		[CODE_kmem_cache_alloc] = 40,
		[CODE_kmem_cache_free] = 35,
		[CODE_page_add_rmap] = 30,
		[CODE_page_remove_rmap] = 30,
		[CODE_pte_chain_entry] = 4,
		[CODE_bit_spin_lock] = 20,
		[CODE_copy_pte] = 20,
		[CODE_zap_pte] = 20,
		[CODE_pte_range] = 30,
		[CODE_fork] = 5500,
		[CODE_exit] = 3500,
		[CODE_exec] = 10000,
		[CODE_wait] = 1000,
		[CODE_mmap] = 550,
		[CODE_find_get_page] = 55,
		[CODE_follow_page] = 40,
		[CODE_gup] = 140,
		/*
		 * File paths, [E] instruction counts (the BeagleBone's are
		 * calibrated on E3's normal row once dd exists).
		 */
		[CODE_fdget] = 40,
		[CODE_vfs_read] = 200,
		[CODE_vfs_write] = 400,
		[CODE_write_page] = 270,
		[CODE_read_page] = 200,
		[CODE_read_zero_chunk] = 55,
		[CODE_user_loop] = 140,
		/*
		 * Issue 7 costs, [E] from instruction counts; to be replaced by
		 * measured instructions x CPI.
		 *
		 * page_ref: 5.11 SMP ARMv7: get_page = compound_head +
		 * atomic_inc's ldrex/strex loop (~8 instructions, ~10 cycles
		 * with the exclusive monitor); put_page = atomic_dec_and_test
		 * between two dmb ish (~10 + 2 x 10, .barrier) ~ 30.  One
		 * charge per update at the mean of the pair, 20.
		 */
		[CODE_page_ref] = 20,
		/*
		 * uaccess_enable: CONFIG_CPU_SW_DOMAIN_PAN (on for a 5.11
		 * non-LPAE kernel, off with CONFIG_ARM_LPAE=y): mrc DACR
		 * (~5), bic/orr, two mcr DACR (~10 each, .cr_write) and two
		 * isb refilling a 15+-stage pipeline (~20 each): ~65 per
		 * save/restore pair.
		 */
		[CODE_uaccess_enable] = 65,
	},
};
