// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit diff --percent-limit N` and `--sort delta|pct|name` (issue 36
 * item 6), after perf's: a row whose change is under N percent of A's
 * total is hidden, the total still counting it; the rows ordered by
 * change, by change in percent, or by name.  The profiles are on the
 * NUMA-Q, 700 MHz, so at HZ=100 7,000,000 cycles are a tick: A has 20
 * ticks, B 23.4.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "diff_helpers.h"
#include "helpers.h"

TestSuite(diff_options, .init = test_diff_enter, .fini = test_diff_leave);

#define RUN(profile)                                                          \
	"{\"workload\": \"dd\", \"settings\": {\"platform\": \"numaq-16\"}, " \
	"\"profile\": {" profile "}}"

/*
 * memcpy 10 -> 12 ticks (+20%, a tenth of A's total), kmap_atomic 4 -> 5
 * (+25%, 5%), kunmap_atomic 4 -> 3.8 (-5%, 1%), page_address 2 -> 2,
 * get_user_pages new with 0.6 (3%).
 */
#define A_RUN                                                   \
	RUN("\"memcpy\": 70000000, \"kmap_atomic\": 28000000, " \
	    "\"kunmap_atomic\": 28000000, \"page_address\": 14000000")
#define B_RUN                                                           \
	RUN("\"memcpy\": 84000000, \"kmap_atomic\": 35000000, "         \
	    "\"kunmap_atomic\": 26600000, \"page_address\": 14000000, " \
	    "\"get_user_pages\": 4200000")

#define HEADER                                                                                                  \
	"a.json -> b.json: dd on numaq-16, the same settings (ticks of 1/HZ s of simulated CPU time, HZ=100)\n" \
	"           A            B       change         %  function\n"
#define MEMCPY "        10.0         12.0         +2.0    +20.0%  memcpy\n"
#define KMAP "         4.0          5.0         +1.0    +25.0%  kmap_atomic\n"
#define GUP "         0.0          0.6         +0.6       new  get_user_pages\n"
#define KUNMAP \
	"         4.0          3.8         -0.2     -5.0%  kunmap_atomic\n"
#define TOTAL "        20.0         23.4         +3.4    +17.0%  total\n"

static void setup_files(void)
{
	test_diff_put("a.json", A_RUN);
	test_diff_put("b.json", B_RUN);
}

/* Assert that `vmsplit diff @args` printed @want, exactly. */
static void assert_diff(const char *args, const char *want)
{
	char *out = test_diff(args);

	cr_assert_str_eq(out, want, "vmsplit diff %s", args);
	free(out);
}

/* By change, growth first: the default, and --sort delta. */
Test(diff_options, sort_by_change)
{
	setup_files();
	assert_diff("a.json b.json", HEADER MEMCPY KMAP GUP KUNMAP TOTAL);
	assert_diff("--sort delta a.json b.json",
		    HEADER MEMCPY KMAP GUP KUNMAP TOTAL);
}

/* By change in percent: a function A lacks first; by name. */
Test(diff_options, sort_by_percent_and_by_name)
{
	setup_files();
	assert_diff("--sort pct a.json b.json",
		    HEADER GUP KMAP MEMCPY KUNMAP TOTAL);
	assert_diff("a.json b.json --sort=name",
		    HEADER GUP KMAP KUNMAP MEMCPY TOTAL);
}

/*
 * 4% of A's 20 ticks is 0.8: get_user_pages' 0.6 and kunmap_atomic's
 * 0.2 go, the total keeps them; 2.5% (0.5) lets get_user_pages back.
 */
Test(diff_options, percent_limit_of_the_total)
{
	setup_files();
	assert_diff("--percent-limit 4 a.json b.json",
		    HEADER MEMCPY KMAP TOTAL);
	assert_diff("--percent-limit=2.5 a.json b.json",
		    HEADER MEMCPY KMAP GUP TOTAL);
	assert_diff("--percent-limit 0 a.json b.json",
		    HEADER MEMCPY KMAP GUP KUNMAP TOTAL);
	/* The total stays when every row goes. */
	assert_diff("--percent-limit 100 a.json b.json", HEADER TOTAL);
}

/* A profile with nothing in it: the limit is of B's total, 10.5 ticks. */
Test(diff_options, percent_limit_of_b_when_a_is_empty)
{
	test_diff_put("a.json", RUN("\"memcpy\": 0"));
	test_diff_put("b.json",
		      RUN("\"memcpy\": 70000000, \"kmap_atomic\": 3500000"));
	assert_diff(
		"--percent-limit 10 a.json b.json",
		"a.json -> b.json: dd on numaq-16, the same settings (ticks of 1/HZ s of simulated CPU time, HZ=100)\n"
		"           A            B       change         %  function\n"
		"         0.0         10.0        +10.0       new  memcpy\n"
		"         0.0         10.5        +10.5            total\n");
}

/*
 * diffprofile's lines take both: whole ticks, the total among them and
 * never hidden; kunmap_atomic's 4 -> 3.8 is no change in whole ticks.
 */
Test(diff_options, readprofile_lines_too)
{
	setup_files();
	assert_diff(
		"--readprofile --sort name --percent-limit 4 a.json b.json",
		"a.json -> b.json: dd on numaq-16, the same settings (diffprofile: ticks at HZ=100)\n"
		"         1     25.0% kmap_atomic\n"
		"         2     20.0% memcpy\n"
		"         3     15.0% total\n");
	assert_diff(
		"--readprofile a.json b.json",
		"a.json -> b.json: dd on numaq-16, the same settings (diffprofile: ticks at HZ=100)\n"
		"         3     15.0% total\n"
		"         2     20.0% memcpy\n"
		"         1     25.0% kmap_atomic\n"
		"         1       new get_user_pages\n");
}

/* "--" ends the options: a file may begin with '-'. */
Test(diff_options, files_after_the_end_of_options)
{
	char *out;

	setup_files();
	test_diff_put("-b.json", B_RUN);
	out = test_diff("--sort name a.json -- -b.json");
	cr_assert(!strncmp(out, "a.json -> -b.json: dd on numaq-16", 33), "%s",
		  out);
	free(out);
}

Test(diff_options, bad_options)
{
	static const char *const bad[][2] = {
		{ "--sort", "--sort needs delta, pct or name" },
		{ "--sort size a b",
		  "--sort: 'size' is not delta, pct or name" },
		{ "--sort= a b", "--sort: '' is not delta, pct or name" },
		{ "--percent-limit",
		  "--percent-limit needs a percentage from 0 to 100" },
		{ "--percent-limit 101 a b",
		  "--percent-limit: '101' is not a percentage from 0 to 100" },
		{ "--percent-limit -1 a b",
		  "--percent-limit: '-1' is not a percentage from 0 to 100" },
		{ "--percent-limit inf a b",
		  "--percent-limit: 'inf' is not a percentage from 0 to 100" },
		{ "--percent-limit 1e1 a b",
		  "--percent-limit: '1e1' is not a percentage from 0 to 100" },
		{ "--percent-limit 1.2.3 a b",
		  "--percent-limit: '1.2.3' is not a percentage from 0 to 100" },
		{ "--percent-limit . a b",
		  "--percent-limit: '.' is not a percentage from 0 to 100" },
		{ "--percent-limit= a b",
		  "--percent-limit: '' is not a percentage from 0 to 100" },
		{ "--sorted a b", "unknown option '--sorted'" },
		{ "-p a b", "unknown option '-p'" },
		{ "a.json", "give two JSON outputs, A and B" },
		{ "a b c", "give two JSON outputs, A and B" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *out = test_diff(bad[i][0]), *want;

		cr_assert_geq(asprintf(&want, "-22: diff: %s", bad[i][1]), 0);
		cr_assert_str_eq(out, want, "vmsplit diff %s", bad[i][0]);
		free(out);
		free(want);
	}
}

/* Through the command: the options reach the diff; a bad one is exit 2. */
Test(diff_options, through_the_command)
{
	struct test_sh_output o;

	setup_files();
	o = test_sh("\"$VMSPLIT_BIN\" diff --percent-limit 4 a.json b.json");
	cr_assert_eq(o.status, 0, "%s", o.err);
	cr_assert_str_eq(o.out, HEADER MEMCPY KMAP TOTAL);
	free(o.out);
	free(o.err);
	o = test_sh("\"$VMSPLIT_BIN\" diff --sort size a.json b.json");
	cr_assert_eq(o.status, 2);
	cr_assert_str_eq(
		o.err,
		"vmsplit: diff: --sort: 'size' is not delta, pct or name\n");
	free(o.out);
	free(o.err);
}
