// SPDX-License-Identifier: GPL-2.0-only
/*
 * The profile in the profiled kernel's ticks (issue 33): hz= sets the
 * kernel's HZ (100 by default, 2.5.73-mm3's), which drives the timer tick
 * and readprofile's sampling tick, so a tick of profile is 1/HZ s of one
 * CPU's time.  On the NUMA-Q's 700 MHz clock 7,000,000 cycles are one
 * tick at HZ=100 and ten at HZ=1000, exactly.
 */
#include "helpers.h"

#include <stdlib.h>

#include "base/errno.h"
#include "cli/diff.h"
#include "kernel/sched.h"

/* profile_diff_runs' output for one centre, @a and @b cycles at 700 MHz. */
static char *diff_of(u64 a, u64 b, u32 hz, enum diff_format fmt)
{
	u64 pa[NR_CC] = { 0 }, pb[NR_CC] = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert(f);
	pa[CC_kmap_atomic] = a;
	pb[CC_kmap_atomic] = b;
	profile_diff_runs(pa, 1e3 / 700, hz, "A", pb, 1e3 / 700, hz, "B", fmt,
			  f);
	fclose(f);
	return buf;
}

Test(profile_hz, ticks_are_one_hundredth_of_a_second_at_hz_100)
{
	char *out = diff_of(7000000, 21000000, 100, DIFF_TABLE);

	cr_assert(strstr(out, "HZ=100)\n"), "%s", out);
	cr_assert(
		strstr(out,
		       "         1.0          3.0         +2.0   +200.0%  kmap_atomic\n"),
		"%s", out);
	free(out);
}

Test(profile_hz, ten_times_the_ticks_at_hz_1000)
{
	char *out = diff_of(7000000, 21000000, 1000, DIFF_TABLE);

	cr_assert(
		strstr(out,
		       "        10.0         30.0        +20.0   +200.0%  kmap_atomic\n"),
		"%s", out);
	free(out);
}

/* diffprofile's lines: whole ticks, the total sorted among them. */
Test(profile_hz, readprofile_diff_in_whole_ticks)
{
	char *out = diff_of(700000000, 420000000, 100, DIFF_READPROFILE);

	cr_assert(strstr(out, "(diffprofile: ticks at HZ=100)\n"), "%s", out);
	/* 100 ticks to 60: -40, -40.0%, for the function and the total. */
	cr_assert(strstr(out, "       -40    -40.0% kmap_atomic\n"), "%s", out);
	cr_assert(strstr(out, "       -40    -40.0% total\n"), "%s", out);
	free(out);
}

Test(profile_hz, the_timer_ticks_at_hz)
{
	TEST_BOOT("numaq-16", "hz=1000");
	cr_assert_eq(settings_hz(config), 1000);
	/* The first tick is one period after boot: 700 MHz / 1000. */
	cr_assert_eq(percpu[0].next_tick, 700000);
	test_shutdown();
	TEST_BOOT("numaq-16");
	cr_assert_eq(settings_hz(config), DEFAULT_HZ);
	cr_assert_eq(percpu[0].next_tick, 7000000);
	test_shutdown();
}

Test(profile_hz, hz_out_of_range_is_refused)
{
	struct settings s;
	char err[160];

	settings_default(&s, platform_find("numaq-16"));
	cr_assert_eq(settings_parse(&s, "hz=5", err, sizeof(err)), -EINVAL);
	cr_assert(strstr(err, "hz: '5' is not a tick rate of 10..10000"), "%s",
		  err);
	cr_assert_eq(settings_parse(&s, "hz=250", err, sizeof(err)), 0);
	cr_assert_eq(settings_hz(&s), 250);
}
