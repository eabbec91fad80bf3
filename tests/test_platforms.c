// SPDX-License-Identifier: GPL-2.0-only
/*
 * The board table (src/platforms/): the BeagleBone Black's and the AM335x
 * EVM's parameters and where they come from -- the White's core, caches
 * and calibrated CPI, their own clocks, memory and DRAM timing -- and the
 * PIPT outer cache every board has and the machine requires.
 */
#include "helpers.h"

#include "base/errno.h"
#include "config/settings.h"

Test(platforms, beaglebone_black_is_registered)
{
	const struct platform *p = platform_find("beaglebone-black");

	cr_assert(p);
	cr_assert_str_eq(p->name, "beaglebone-black");
	cr_assert_eq(p->arch, PLAT_ARM);
	cr_assert_not(p->lpae_capable);
	cr_assert_str_eq(p->default_flavour, "kmap-local");
	cr_assert_eq(p->kernel_version, KERNEL_VERSION(6, 1, 0));
	cr_assert_eq(p->kpath, &kpath_arm_6_1);
}

Test(platforms, beaglebone_black_parameters)
{
	const struct platform *b = platform_find("beaglebone-black");
	const struct platform *w = platform_find("beaglebone-white");

	cr_assert(b && w);
	cr_assert_eq(b->hw.cpu_hz, 1000000000u);
	cr_assert_eq(b->hw.ncpus, 1);
	cr_assert_eq(b->hw.ram_base, 0x80000000ull);
	cr_assert_eq(b->hw.ram_size, 512ull << 20);
	/* 440 MB/s x 800 / 532 MT/s, truncated. */
	cr_assert_eq(b->hw.dram_read_MBps, 661);
	/* The Green Eco's 204 ns at 1 GHz (the same DRAM setup in U-Boot);
	 * 64 B at the 1494 MB/s of its DDR3L timing. */
	cr_assert_eq(b->hw.cost.dram, 204);
	cr_assert_eq(b->hw.cost.walk_read_dram, 204);
	cr_assert_eq(b->hw.cost.l2_writeback, 43);
	cr_assert_eq(b->throughput.dram_write_MBps, 1494);
	/* The same core: the White's CPI and its caches, TLB and walk. */
	cr_assert_eq(b->kernel_cpi_milli, w->kernel_cpi_milli);
	cr_assert_eq(b->kernel_cpi_milli, 3500);
	cr_assert_eq(memcmp(&b->hw.l1d, &w->hw.l1d, sizeof(b->hw.l1d)), 0);
	cr_assert_eq(memcmp(&b->hw.l1i, &w->hw.l1i, sizeof(b->hw.l1i)), 0);
	cr_assert_eq(memcmp(&b->hw.l2, &w->hw.l2, sizeof(b->hw.l2)), 0);
	cr_assert_eq(b->hw.tlb_entries, w->hw.tlb_entries);
	cr_assert_eq(b->hw.walk, w->hw.walk);
	cr_assert_eq(b->hw.cost.l2_hit, w->hw.cost.l2_hit);
	cr_assert_eq(b->pte_flush, PTE_FLUSH_L1);
}

/*
 * TI's lmbench board: the BeagleBones' core at 1 GHz with 1 GiB of DDR3
 * that U-Boot clocks at 303 MHz, so reads scale by 606 / 532 MT/s from the
 * White's and writes by the timing of its own parts.
 */
Test(platforms, am335x_evm_parameters)
{
	const struct platform *e = platform_find("am335x-evm");
	const struct platform *b = platform_find("beaglebone-black");

	cr_assert(e && b);
	cr_assert_eq(e->kernel_version, KERNEL_VERSION(6, 1, 0));
	cr_assert_eq(e->hw.cpu_hz, 1000000000u);
	cr_assert_eq(e->hw.ram_size, 1ull << 30);
	/* 440 MB/s x 606 / 532 MT/s, truncated. */
	cr_assert_eq(e->hw.dram_read_MBps, 501);
	/* Its own lat_mem_rd, 221 ns; 64 B at 1138 MB/s. */
	cr_assert_eq(e->hw.cost.dram, 221);
	cr_assert_eq(e->hw.cost.l2_writeback, 56);
	cr_assert_eq(e->throughput.dram_write_MBps, 1138);
	cr_assert(e->throughput.by_default);
	cr_assert_eq(e->kernel_cpi_milli, b->kernel_cpi_milli);
	cr_assert_eq(memcmp(&e->hw.l2, &b->hw.l2, sizeof(e->hw.l2)), 0);
	cr_assert_eq(e->hw.cost.l2_hit, b->hw.cost.l2_hit);
	cr_assert_eq(e->hw.cost.tlb_inv_va, b->hw.cost.tlb_inv_va);
}

/* It boots with its defaults, at its own clock. */
Test(platforms, beaglebone_black_boots)
{
	TEST_BOOT("beaglebone-black");
	cr_assert_eq(machine->cfg.cpu_hz, 1000000000u);
	cr_assert_eq(machine->ncpus, 1);
	test_shutdown();
}

/*
 * Every board's outer cache is PIPT, and the machine is built on that:
 * the outer cache is looked up by PA alone (cache_access_pa_shaped), so a
 * board whose L2 were indexed or tagged by VA is refused, not run wrong.
 */
Test(platforms, outer_cache_must_be_pipt)
{
	const struct platform *p = platform_find("kirkwood-openblocks-a7");
	struct hw_config cfg;

	for (u32 i = 0; platform_list()[i]; i++)
		cr_assert_eq(platform_list()[i]->hw.l2.kind, CACHE_PIPT, "%s",
			     platform_list()[i]->name);
	cr_assert(p);
	cfg = p->hw;
	cfg.l2.kind = CACHE_VIPT_NONALIASING;
	cr_assert_eq(machine_create(&cfg, cfg.ncpus, cfg.ram_size), -EINVAL);
	cr_assert_null(machine);
	cfg.l2.kind = CACHE_PIPT;
	cr_assert_eq(machine_create(&cfg, cfg.ncpus, cfg.ram_size), 0);
	machine_destroy();
}

/*
 * A DRAM burst is a bus width times a burst length, both powers of two
 * (hw_config.dram_burst_bytes, which boot sets from the board's
 * throughput.dram_burst_bytes; dram_store shifts by it): 24 bytes and 1
 * are refused, the Black's 16 taken.
 */
Test(platforms, dram_burst_must_be_a_power_of_two)
{
	const struct platform *p = platform_find("beaglebone-black");
	struct hw_config cfg;

	cr_assert(p);
	cfg = p->hw;
	cfg.dram_burst_bytes = 24;
	cr_assert_eq(machine_create(&cfg, 1, cfg.ram_size), -EINVAL);
	cr_assert_null(machine);
	cfg.dram_burst_bytes = 1;
	cr_assert_eq(machine_create(&cfg, 1, cfg.ram_size), -EINVAL);
	cr_assert_null(machine);
	cfg.dram_burst_bytes = 16;
	cr_assert_eq(machine_create(&cfg, 1, cfg.ram_size), 0);
	machine_destroy();
}

/*
 * A cache tag names 2^CACHE_LINE_BITS lines (hw/cache.h): RAM whose top
 * a board's 32-byte line tags cannot name is refused, RAM up to it is
 * taken.  Every board is well inside.
 */
Test(platforms, ram_within_the_cache_tags_reach)
{
	const struct platform *p = platform_find("numaq-16");
	struct hw_config cfg;

	for (u32 i = 0; platform_list()[i]; i++)
		cr_assert_leq(platform_list()[i]->hw.ram_base + platform_list()[i]->hw.ram_size,
			      16ull << 30, "%s", platform_list()[i]->name);
	cr_assert(p);
	cfg = p->hw;
	cfg.ram_base = (16ull << 30) + (4ull << 20);
	cr_assert_eq(machine_create(&cfg, 1, cfg.ram_size), -EINVAL);
	cr_assert_null(machine);
	cfg.ram_base = 16ull << 30;
	cr_assert_eq(machine_create(&cfg, 1, cfg.ram_size), 0);
	machine_destroy();
}

/* Every board says where its CPI comes from and what the sources give. */
Test(platforms, every_board_cites_its_cpi)
{
	for (int i = 0; platform_list()[i]; i++) {
		const struct platform *p = platform_list()[i];

		cr_assert(p->kernel_cpi_how && *p->kernel_cpi_how, "%s",
			  p->name);
		cr_assert(p->sourced_cpi_source &&
				  strstr(p->sourced_cpi_source, "["),
			  "%s: no tagged source", p->name);
		cr_assert(p->sourced_cpi_lo_milli > 0 &&
				  p->sourced_cpi_lo_milli <=
					  p->sourced_cpi_hi_milli,
			  "%s", p->name);
	}
	cr_assert_eq(platform_find("numaq-16")->sourced_cpi_hi_milli, 1100);
	cr_assert_eq(platform_find("beaglebone-white")->sourced_cpi_lo_milli,
		     1000);
}

/*
 * The EVM's uncleaned-table bookkeeping (mm/pgtable_hazard.h) goes with a
 * kernel abandoned as with one shut down: the next boot starts clean, and
 * nothing is left for LeakSanitizer.
 */
Test(platforms, am335x_evm_boots_again_after_an_abandoned_kernel)
{
	TEST_BOOT("am335x-evm");
	cr_assert(machine->hooks.walk_dirty);
	abandon_kernel();
	TEST_BOOT("am335x-evm");
	cr_assert(machine->hooks.walk_dirty);
	test_shutdown();
	TEST_BOOT("beaglebone-black");
	cr_assert_null(machine->hooks.walk_dirty, "no highmem: no hook");
	test_shutdown();
}
