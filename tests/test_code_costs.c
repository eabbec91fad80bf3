// SPDX-License-Identifier: GPL-2.0-only
/*
 * Code costs (src/platforms/kpath-*.c, src/config/runtime.c): every board's
 * kernel has an instruction count for every code path, a board's cost of a
 * path is its instructions times the kernel CPI rounded to the cycle, the
 * per-kernel adjustments apply by name, and kernel_cpi= and cost.NAME=
 * override in that order.
 */
#include "helpers.h"

static u32 expected_cost(const struct platform *p, enum code_cost cc, u32 cpi)
{
	return (u32)(((u64)kpath_insns(p->kpath, cc) * cpi + 500) / 1000);
}

/* copy_4g=tramp's FreeBSD code runs on x86's 4G/4G alone. */
static bool x86_only(int cc)
{
	return cc == CODE_copyout_fast || cc == CODE_copyin_fast ||
	       cc == CODE_fusu_fast || cc == CODE_tramp_fault ||
	       cc == CODE_cp_slow0 || cc == CODE_cp_slow0_page;
}

static bool arm_only(int cc)
{
	return cc == CODE_uaccess_enable || cc == CODE_dma_cache_maint_page ||
	       cc == CODE_dmac_map_area || cc == CODE_dmac_line ||
	       cc == CODE_feroceon_l2_range || cc == CODE_feroceon_l2_chunk ||
	       cc == CODE_do_alignment;
}

Test(code_costs, every_board_prices_every_path)
{
	for (int i = 0; platform_list()[i]; i++) {
		const struct platform *p = platform_list()[i];

		cr_assert(p->kpath, "%s has no kernel code table", p->name);
		cr_assert_gt(p->kernel_cpi_milli, 0, "%s has no CPI", p->name);
		for (int cc = 0; cc < NR_CODE_COSTS; cc++) {
			/* PAN's DACR switch and the ARM cache maintenance
			 * of DMA do not exist on x86. */
			if (p->arch == PLAT_X86 && arm_only(cc))
				continue;
			if (p->arch == PLAT_ARM && x86_only(cc))
				continue;
			cr_assert_gt(kpath_insns(p->kpath, cc), 0,
				     "%s (%s): %s has no instructions", p->name,
				     p->kpath->kernel, code_cost_names[cc]);
		}
	}
}

Test(code_costs, cost_is_instructions_times_cpi)
{
	const struct platform *p = platform_find("beaglebone-white");

	TEST_BOOT("beaglebone-white");
	for (int cc = 0; cc < NR_CODE_COSTS; cc++)
		cr_assert_eq(code_cost[cc],
			     expected_cost(p, cc, p->kernel_cpi_milli),
			     "%s: %u", code_cost_names[cc], code_cost[cc]);
	test_shutdown();
}

Test(code_costs, adjustments_apply_by_kernel)
{
	const struct platform *bbw = platform_find("beaglebone-white");
	const struct platform *a15 = platform_find("cortex-a15-2g");

	/* 6.1's kunmap_local_indexed clears the PTE and flushes; 5.7's
	 * kunmap_atomic does neither. */
	cr_assert_eq(kpath_insns(a15->kpath, CODE_kunmap_atomic), 49);
	cr_assert_eq(kpath_insns(bbw->kpath, CODE_kunmap_atomic), 24);
	/* Paths nothing adjusts are the measured sums on every kernel. */
	cr_assert_eq(kpath_insns(bbw->kpath, CODE_fdget),
		     kpath_insns(a15->kpath, CODE_fdget));
}

Test(code_costs, tcp_send_path_adjusts_to_3_14)
{
	const struct platform *kw = platform_find("kirkwood-openblocks-a7");
	const struct platform *a15 = platform_find("cortex-a15-2g");

	/* 6.1's tcp_transmit_skb writes BPF header options and rate
	 * samples and updates the skb after sending; 3.14 does none. */
	cr_assert_eq(kpath_insns(a15->kpath, CODE_tcp_transmit_skb), 828);
	cr_assert_eq(kpath_insns(kw->kpath, CODE_tcp_transmit_skb), 743);
	/* 3.14's retransmit queue is a list, not 4.15's rbtree. */
	cr_assert_eq(kpath_insns(kw->kpath, CODE_tcp_clean_rtx_queue), 110);
}

Test(code_costs, kernel_cpi_and_cost_overrides)
{
	const struct platform *p = platform_find("beaglebone-white");

	TEST_BOOT("beaglebone-white", "kernel_cpi=1.5", "cost.fdget=7");
	cr_assert_eq(settings_kernel_cpi_milli(config), 1500);
	cr_assert_eq(code_cost[CODE_vfs_read],
		     expected_cost(p, CODE_vfs_read, 1500));
	/* An explicit cycle count beats instructions x CPI. */
	cr_assert_eq(code_cost[CODE_fdget], 7);
	test_shutdown();
}

Test(code_costs, mprotect_and_mremap_adjust_by_kernel)
{
	const struct platform *a15 = platform_find("cortex-a15-2g");
	const struct platform *bbw = platform_find("beaglebone-white");
	const struct platform *kw = platform_find("kirkwood-openblocks-a7");
	const struct platform *nq = platform_find("numaq-16");

	/* 6.1 as measured (data/kpath: mprotect_*, mremap_*). */
	cr_assert_eq(kpath_insns(a15->kpath, CODE_mprotect), 1953);
	cr_assert_eq(kpath_insns(a15->kpath, CODE_change_pte), 90);
	cr_assert_eq(kpath_insns(a15->kpath, CODE_mremap), 3047);
	cr_assert_eq(kpath_insns(a15->kpath, CODE_move_vma), 327);
	cr_assert_eq(kpath_insns(a15->kpath, CODE_move_pte), 45);
	/* 5.7: no maple tree, no mmu_gather in mprotect, no userfaultfd,
	 * no KSM, no 6.0 writable test per PTE. */
	cr_assert_eq(kpath_insns(bbw->kpath, CODE_mprotect), 1125);
	cr_assert_eq(kpath_insns(bbw->kpath, CODE_change_pte), 76);
	cr_assert_eq(kpath_insns(bbw->kpath, CODE_mremap), 714);
	cr_assert_eq(kpath_insns(bbw->kpath, CODE_move_vma), 290);
	/* 3.14: and CONFIG_SECURITY=n. */
	cr_assert_eq(kpath_insns(kw->kpath, CODE_mprotect), 1090);
	cr_assert_eq(kpath_insns(kw->kpath, CODE_mremap), 699);
	cr_assert_eq(kpath_insns(kw->kpath, CODE_move_vma), 275);
	cr_assert_eq(kpath_insns(kw->kpath, CODE_move_pte), 45);
	/* 2.5.73 on i386: and i386's flush_tlb_range is flush_tlb_mm. */
	cr_assert_eq(kpath_insns(nq->kpath, CODE_mprotect), 1058);
	cr_assert_eq(kpath_insns(nq->kpath, CODE_change_pte), 130);
	cr_assert_eq(kpath_insns(nq->kpath, CODE_mremap), 88);
	cr_assert_eq(kpath_insns(nq->kpath, CODE_move_vma), 310);
	cr_assert_eq(kpath_insns(nq->kpath, CODE_move_pte), 59);
}

/*
 * kernel=6.12 on a board whose own paths are 6.1's runs 6.12's measured
 * ones (kpath-arm-6.12.c, data/kpath/armmp-6.12.tsv): the adjusted paths
 * at their 6.12 counts, every other path at 6.1's; kernel=6.1 and the
 * other boards' kernels keep their own.
 */
Test(code_costs, kernel_6_12_takes_the_measured_6_12_paths)
{
	const struct platform *a15 = platform_find("cortex-a15-2g");
	const struct kpath *k612 = &kpath_arm_6_12;
	static const struct {
		enum code_cost cc;
		u32 v61, v612;
	} want[] = {
		{ CODE_kmap_atomic, 68, 72 },
		{ CODE_kunmap_atomic, 49, 48 },
		{ CODE_kmap_local, 23, 23 },
		{ CODE_kunmap_local, 39, 42 },
		{ CODE_page_address_lowmem, 26, 26 },
		{ CODE_set_pte, 32, 34 },
		{ CODE_alloc_pages, 377, 402 },
		{ CODE_fdget, 44, 35 },
		{ CODE_vfs_read, 226, 220 },
		{ CODE_vfs_write, 765, 710 },
		{ CODE_vfs_write_chr, 306, 317 },
		{ CODE_find_get_page, 215, 164 },
		{ CODE_write_page, 720, 754 },
		{ CODE_add_to_page_cache, 1397, 1497 },
		{ CODE_read_page, 1004, 906 },
		{ CODE_do_page_fault, 187, 197 },
		{ CODE_handle_mm_fault, 1266, 1364 },
		{ CODE_pipe_read, 472, 413 },
		{ CODE_pipe_write, 684, 620 },
		{ CODE_pipe_wake, 109, 62 },
		{ CODE_pipe_buf, 149, 140 },
		{ CODE_fork, 16378, 17901 },
		{ CODE_exit, 25957, 29149 },
		{ CODE_exec, 69142, 73214 },
		{ CODE_wait, 5809, 8016 },
		{ CODE_mmap, 3812, 3035 },
		{ CODE_timer_tick, 3764, 4151 },
		/* Not adjusted: 6.1's. */
		{ CODE_kmap_high, 89, 89 },
		{ CODE_page_address_hash, 92, 92 },
		{ CODE_mprotect, 1953, 1953 },
		{ CODE_tcp_transmit_skb, 828, 828 },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		cr_assert_eq(kpath_insns(&kpath_arm_6_1, want[i].cc),
			     want[i].v61, "6.1 %s",
			     code_cost_names[want[i].cc]);
		cr_assert_eq(kpath_insns(k612, want[i].cc), want[i].v612,
			     "6.12 %s: %u", code_cost_names[want[i].cc],
			     kpath_insns(k612, want[i].cc));
	}
	/* Every other path is 6.1's: the 25 above that move are all. */
	int moved = 0;

	for (int cc = 0; cc < NR_CODE_COSTS; cc++) {
		size_t i = 0;

		if (kpath_insns(k612, cc) == kpath_insns(&kpath_arm_6_1, cc))
			continue;
		while (i < sizeof(want) / sizeof(want[0]) &&
		       (int)want[i].cc != cc)
			i++;
		cr_assert_lt(i, sizeof(want) / sizeof(want[0]), "%s moved",
			     code_cost_names[cc]);
		moved++;
	}
	cr_assert_eq(moved, 25);
	/* The board's run at kernel=6.12 prices 6.12's counts, at
	 * kernel=6.1 (as without kernel=) 6.1's. */
	for (int k = 0; k < 2; k++) {
		TEST_BOOT("cortex-a15-2g", k ? "kernel=6.12" : "kernel=6.1");
		cr_assert_eq(settings_kpath(config), k ? k612 : &kpath_arm_6_1);
		for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
			u32 n = k ? want[i].v612 : want[i].v61;

			cr_assert_eq(
				code_cost[want[i].cc],
				(u32)(((u64)n * a15->kernel_cpi_milli + 500) /
				      1000),
				"kernel %d %s", k, code_cost_names[want[i].cc]);
		}
		test_shutdown();
	}
}

/*
 * kernel= picks an ARMv7 board's table by release (6.12 measured, 6.1
 * measured from 5.11, 6.1 adjusted to before 5.11 below), whichever table
 * the board starts from; the Kirkwood's and the NUMA-Q's stay theirs.
 */
Test(code_costs, kernel_picks_the_armv7_table_and_leaves_the_others)
{
	static const struct {
		const char *board, *kernel;
		const struct kpath *want;
	} cases[] = {
		{ "cortex-a15-2g", NULL, &kpath_arm_6_1 },
		{ "am335x-evm", "kernel=6.12", &kpath_arm_6_12 },
		{ "am335x-evm", "kernel=6.12.95", &kpath_arm_6_12 },
		{ "am335x-evm", "kernel=6.11", &kpath_arm_6_1 },
		{ "am335x-evm", "kernel=5.11", &kpath_arm_6_1 },
		{ "am335x-evm", "kernel=5.7", &kpath_arm_5_7 },
		{ "beaglebone-white", NULL, &kpath_arm_5_7 },
		{ "beaglebone-white", "kernel=6.1", &kpath_arm_6_1 },
		{ "beaglebone-white", "kernel=6.12", &kpath_arm_6_12 },
		{ "cortex-a15-2g", "kernel=3.16", &kpath_arm_5_7 },
		{ "beaglebone-black", "kernel=6.12", &kpath_arm_6_12 },
		{ "numaq-16", "kernel=2.6.0", &kpath_x86_2_5 },
		{ "kirkwood-openblocks-a7", NULL, &kpath_arm_3_14 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (cases[i].kernel)
			TEST_BOOT(cases[i].board, cases[i].kernel);
		else
			TEST_BOOT(cases[i].board);
		cr_assert_eq(settings_kpath(config), cases[i].want, "%s %s: %s",
			     cases[i].board,
			     cases[i].kernel ? cases[i].kernel : "",
			     settings_kpath(config)->kernel);
		test_shutdown();
	}
}
