// SPDX-License-Identifier: GPL-2.0-only
/*
 * The simulated clock (issue 30): CLOCK_MONOTONIC in nanoseconds is exact
 * for any cycle count a run can reach, and a rate is the bytes over the
 * time its own clock read.  The product cycles x 10^9 used to be formed
 * in 64 bits, which wraps after 1.845e10 cycles (11.5 s on the
 * Kirkwood): `run dd --bs 512 --total 256M` read 2754.92 MB/s.
 */
#include "helpers.h"

#include <math.h>

#include "experiments/dd.h"
#include "kernel/user.h"
#include "platforms/platform.h"

/* Where the 64-bit product cycles * 10^9 wrapped. */
#define OLD_WRAP_CYCLES (UINT64_MAX / 1000000000ull)

Test(clock, cycles_to_ns_is_exact_past_the_old_wrap)
{
	/* 10^10 cycles of 1.6 GHz: 6.25 s, under the old wrap too. */
	cr_assert_eq(cycles_to_ns(10000000000ull, 1600000000u),
		     6250000000ull);
	/* One past the old wrap, on the Kirkwood's clock: floor of
	 * 18446744074 * 10^9 / 1.6e9 = 11529215046.25 ns. */
	cr_assert_eq(cycles_to_ns(OLD_WRAP_CYCLES + 1, 1600000000u),
		     11529215046ull);
	/* An hour at 1.7 GHz (the fastest board) and at 700 MHz. */
	cr_assert_eq(cycles_to_ns(3600ull * 1700000000u, 1700000000u),
		     3600000000000ull);
	cr_assert_eq(cycles_to_ns(3600ull * 700000000u, 700000000u),
		     3600000000000ull);
	/* 2^63 cycles of 700 MHz (418 years; the ns still fit a u64). */
	cr_assert_eq(cycles_to_ns(1ull << 63, 700000000u),
		     13176245766935394011ull);
}

/*
 * dd on every board for longer than the old wrap, in one-byte blocks (the
 * system calls make the time; tmpfs holds the bytes on the smallest
 * board): the rate is the bytes over dd's own seconds, exactly as dd
 * divides them, and dd's seconds sit inside the run's elapsed time.  A
 * short run first measures the board's rate, so the long one ends 30%
 * past the wrap whatever the costs are.
 */
Test(clock, dd_rate_past_the_old_wrap_on_every_board, .timeout = 120)
{
	for (u32 i = 0; platform_list()[i]; i++) {
		const struct platform *p = platform_list()[i];
		double wrap_s = (double)OLD_WRAP_CYCLES / p->hw.cpu_hz;
		struct dd_point pt;
		struct settings s;
		char err[256];
		u64 total;

		/* Without the I-cache model: a third of the host time. */
		settings_default(&s, p);
		cr_assert_eq(settings_parse(&s, "checks=n", err, sizeof(err)),
			     0);
		cr_assert_eq(settings_parse(&s, "icache_model=n", err,
					    sizeof(err)),
			     0);
		/*
		 * A core quick enough (the A15 at its sourced 0.8) would need
		 * more one-byte writes than dd takes to outlast the wrap: at
		 * least 2 cycles an instruction, which the clock does not care
		 * about.
		 */
		if (p->kernel_cpi_milli < 2000)
			cr_assert_eq(settings_parse(&s, "kernel_cpi=2.000", err,
						    sizeof(err)),
				     0);
		cr_assert_eq(dd_measure(&s, 1, 65536, &pt, err, sizeof(err)), 0,
			     "%s: %s", p->name, err);
		total = (u64)(1.3 * wrap_s * pt.mbps * 1e6);
		cr_assert_leq(total, DD_MAX_WRITES, "%s", p->name);
		cr_assert_eq(dd_measure(&s, 1, total, &pt, err, sizeof(err)), 0,
			     "%s: %s", p->name, err);
		cr_assert_gt(pt.dd_s, wrap_s,
			     "%s: dd ran %.3f s, the old wrap is %.3f s",
			     p->name, pt.dd_s, wrap_s);
		cr_assert_leq(pt.dd_s, pt.r.elapsed_s, "%s", p->name);
		cr_assert_gt(pt.dd_s, 0.99 * pt.r.elapsed_s, "%s", p->name);
		/* Exact but for the last bit of dd_s's double. */
		cr_assert_leq(fabs(pt.mbps - (double)total / pt.dd_s / 1e6),
			      1e-12 * pt.mbps, "%s: %.12f MB/s against %.12f",
			      p->name, pt.mbps, (double)total / pt.dd_s / 1e6);
	}
}

/*
 * cpu_mhz= takes clocks up to 100 GHz; the machine's clock rate used to
 * be a u32 of Hz, which wrapped above 4294 MHz: cpu_mhz=5000 ran at 705
 * MHz in its own conversions and its latencies at 5 GHz (iperf then read
 * 222 Mbit/s where 4000 MHz gave line rate).
 */
Test(clock, cpu_mhz_above_four_ghz_keeps_its_rate)
{
	TEST_BOOT("kirkwood-openblocks-a7", "cpu_mhz=8000");
	cr_assert_eq(machine->cfg.cpu_hz, 8000000000ull);
	/* DRAM latencies in cycles scale by exactly 8000 / 1600, and a
	 * second's cycles read a second. */
	cr_assert_eq(machine->cfg.cost.dram,
		     platform_find("kirkwood-openblocks-a7")->hw.cost.dram * 5);
	cr_assert_eq(cycles_to_ns(8000000000ull, machine->cfg.cpu_hz),
		     1000000000ull);
	test_shutdown();
	TEST_BOOT("kirkwood-openblocks-a7", "cpu_mhz=100000");
	cr_assert_eq(machine->cfg.cpu_hz, 100000000000ull);
	test_shutdown();
}
