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
