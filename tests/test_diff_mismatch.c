// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit diff` of files that do not pair up (issue 36 item 6): one
 * line naming both files and what differs -- the workloads, the number
 * of runs, the runs that have no partner -- exit status 2 and nothing on
 * standard output, not a diff of runs that were never alike.
 */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "diff_helpers.h"
#include "helpers.h"

TestSuite(diff_mismatch, .init = test_diff_enter, .fini = test_diff_leave);

/* A run of @workload at block size @bs on the NUMA-Q. */
#define RUN(workload, bs)                                  \
	"{\"workload\": \"" workload                       \
	"\", \"settings\": {\"platform\": \"numaq-16\"}, " \
	"\"params\": {\"bs\": " bs "}, \"profile\": {\"kmap_atomic\": 7}}"

/* Assert that `vmsplit diff @args` failed with -EINVAL and @why. */
static void assert_refused(const char *args, const char *why)
{
	char *out = test_diff(args), *want;

	cr_assert_geq(asprintf(&want, "-22: diff: %s", why), 0);
	cr_assert_str_eq(out, want);
	free(out);
	free(want);
}

Test(diff_mismatch, different_workloads)
{
	test_diff_put("dd.json", "[" RUN("dd", "512") "]");
	test_diff_put("spawn.json", "[" RUN("spawn", "512") "]");
	test_diff_put("both.json",
		      "[" RUN("dd", "512") ", " RUN("spawn", "512") "]");
	assert_refused(
		"dd.json spawn.json",
		"different workloads: dd.json runs dd, spawn.json runs spawn");
	/* What only one side runs, when the other runs what it has. */
	assert_refused(
		"both.json dd.json",
		"different workloads: both.json runs spawn, dd.json does not");
}

Test(diff_mismatch, different_numbers_of_runs)
{
	test_diff_put("one.json", "[" RUN("dd", "512") "]");
	test_diff_put("two.json",
		      "[" RUN("dd", "512") ", " RUN("dd", "4096") "]");
	assert_refused(
		"one.json two.json",
		"one.json has 1 run with a profile, two.json has 2: they do not pair up");
	assert_refused(
		"two.json one.json",
		"two.json has 2 runs with a profile, one.json has 1: they do not pair up");
}

Test(diff_mismatch, no_run_with_a_profile)
{
	test_diff_put("a.json", "[" RUN("dd", "512") "]");
	test_diff_put("none.json", "{\"no\": 1}");
	assert_refused(
		"a.json none.json",
		"none.json has no run with a profile: nothing to pair up (give each run --format json output)");
}

/* `--bs 512,4K` against `--bs 512,1K`: 4K has no partner, nor has 1K. */
Test(diff_mismatch, runs_that_do_not_pair_up)
{
	test_diff_put("a.json",
		      "[" RUN("dd", "512") ", " RUN("dd", "4096") "]");
	test_diff_put("b.json",
		      "[" RUN("dd", "512") ", " RUN("dd", "1024") "]");
	assert_refused(
		"a.json b.json",
		"runs that do not pair up: a.json's dd bs=4K, b.json's dd bs=1K");
}

/* Through the command: exit status 2, the one line, no diff begun. */
Test(diff_mismatch, the_command_exits_2)
{
	struct test_sh_output o;

	test_diff_put("dd.json", "[" RUN("dd", "512") "]");
	test_diff_put("spawn.json", "[" RUN("spawn", "512") "]");
	o = test_sh("\"$VMSPLIT_BIN\" diff dd.json spawn.json");
	cr_assert_eq(o.status, 2);
	cr_assert_str_eq(o.out, "");
	cr_assert_str_eq(
		o.err,
		"vmsplit: diff: different workloads: dd.json runs dd, spawn.json runs spawn\n");
	free(o.out);
	free(o.err);
}
