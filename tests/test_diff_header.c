// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit diff`'s headers (issue 36 item 6): the two files, the workload
 * and board, and what differs between the sides; in a diff of several
 * runs a label for each pair, what tells its runs from the file's others
 * (bs=512, a reproduce row and column), and the runs paired by it.  The
 * runs are dd on the NUMA-Q, 700 MHz: at HZ=100 a tick is 7,000,000
 * cycles, so the rows are exact.
 */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "diff_helpers.h"

TestSuite(diff_header, .init = test_diff_enter, .fini = test_diff_leave);

/*
 * A dd run as `--format json` prints it, cut to what diff reads: @top the
 * run's own strings before its board, @set settings after it, @par its
 * params, @k and @u kmap_atomic's and kunmap_atomic's cycles.
 */
#define RUN(top, set, par, k, u)                                     \
	"{\"workload\": \"dd\", " top "\"platform\": \"numaq-16\", " \
	"\"settings\": {\"platform\": \"numaq-16\"" set "}, "        \
	"\"params\": {" par "}, "                                    \
	"\"profile\": {\"kmap_atomic\": " k ", \"kunmap_atomic\": " u "}}"

/* dd's params at block size @bs, 1 MiB in all. */
#define BS(bs) "\"bs\": " bs ", \"total\": 1048576"

#define HP_N ", \"CONFIG_HIGHPTE\": \"n\""
#define HP_Y ", \"CONFIG_HIGHPTE\": \"y\""

#define TICKS "(ticks of 1/HZ s of simulated CPU time, HZ=100)\n"
#define TABLE_HEAD \
	"           A            B       change         %  function\n"
#define ONE_TICK_UNCHANGED \
	TABLE_HEAD "         1.0          1.0         +0.0     +0.0%  total\n"

/* Assert that `vmsplit diff @args` printed @want, exactly. */
static void assert_diff(const char *args, const char *want)
{
	char *out = test_diff(args);

	cr_assert_str_eq(out, want);
	free(out);
}

Test(diff_header, names_the_files_the_board_and_what_differs)
{
	test_diff_put("a.json",
		      "[" RUN("", HP_N, BS("4096"), "7000000", "3500000") "]");
	test_diff_put("b.json",
		      "[" RUN("", HP_Y, BS("4096"), "21000000", "3500000") "]");
	assert_diff(
		"a.json b.json",
		"a.json -> b.json: dd on numaq-16, CONFIG_HIGHPTE n -> y " TICKS
			TABLE_HEAD
		"         1.0          3.0         +2.0   +200.0%  kmap_atomic\n"
		"         1.5          3.5         +2.0   +133.3%  total\n");
}

/*
 * dd at two block sizes: one header for what differs in both pairs, and
 * a label each, the block size as --bs takes it.
 */
Test(diff_header, a_label_for_each_point)
{
	test_diff_put("a.json", "[" RUN("", HP_N, BS("512"), "7000000",
					"0") ",\n" RUN("", HP_N, BS("4096"),
						       "14000000", "0") "]");
	test_diff_put("b.json",
		      "[" RUN("", HP_Y, BS("512"), "14000000", "0") ",\n" RUN(
			      "", HP_Y, BS("4096"), "14000000", "7000000") "]");
	assert_diff(
		"a.json b.json",
		"a.json -> b.json: dd on numaq-16, CONFIG_HIGHPTE n -> y " TICKS
		"\n"
		"bs=512\n" TABLE_HEAD
		"         1.0          2.0         +1.0   +100.0%  kmap_atomic\n"
		"         1.0          2.0         +1.0   +100.0%  total\n"
		"\n"
		"bs=4K\n" TABLE_HEAD
		"         0.0          1.0         +1.0       new  kunmap_atomic\n"
		"         2.0          3.0         +1.0    +50.0%  total\n");
}

/* Runs pair by their labels, not their places: `--bs 4K,512` in B. */
Test(diff_header, runs_pair_by_label)
{
	test_diff_put("a.json", "[" RUN("", "", BS("512"), "7000000",
					"0") ",\n" RUN("", "", BS("4096"),
						       "14000000", "0") "]");
	test_diff_put("b.json", "[" RUN("", "", BS("4096"), "21000000",
					"0") ",\n" RUN("", "", BS("512"),
						       "7000000", "0") "]");
	assert_diff(
		"a.json b.json",
		"a.json -> b.json: dd on numaq-16, the same settings " TICKS
		"\n"
		"bs=512\n" ONE_TICK_UNCHANGED "\n"
		"bs=4K\n" TABLE_HEAD
		"         2.0          3.0         +1.0    +50.0%  kmap_atomic\n"
		"         2.0          3.0         +1.0    +50.0%  total\n");
}

/*
 * reproduce's rows and columns: the row, quoted where it holds a comma,
 * and the column (tso); "kind" follows from the row and is left out, as
 * is "experiment", the same throughout.
 */
#define NET(row, tso, kind)                                 \
	"\"experiment\": \"net-kirkwood\", \"row\": \"" row \
	"\", \"tso\": \"" tso "\", \"kind\": \"" kind "\", "
#define NET_RUNS(k)                                                              \
	"[" RUN(NET("CONFIG_HIGHMEM=y", "off", "check"), "", "", "7000000",      \
		"0") ",\n" RUN(NET("CONFIG_HIGHMEM=y", "on", "check"), "", "",   \
			       k,                                                \
			       "0") ",\n" RUN(NET("CONFIG_HIGHMEM=y, fast path", \
						  "off", "prediction"),          \
					      "", "", "7000000", "0") "]"

Test(diff_header, reproduce_rows_and_columns)
{
	test_diff_put("a.json", NET_RUNS("7000000"));
	test_diff_put("b.json", NET_RUNS("14000000"));
	assert_diff(
		"a.json b.json",
		"a.json -> b.json: dd on numaq-16, the same settings " TICKS
		"\n"
		"row=CONFIG_HIGHMEM=y, tso=off\n" ONE_TICK_UNCHANGED "\n"
		"row=CONFIG_HIGHMEM=y, tso=on\n" TABLE_HEAD
		"         1.0          2.0         +1.0   +100.0%  kmap_atomic\n"
		"         1.0          2.0         +1.0   +100.0%  total\n"
		"\n"
		"row=\"CONFIG_HIGHMEM=y, fast path\", tso=off\n" ONE_TICK_UNCHANGED);
}

/*
 * What differs in one pair only is on that pair's line, not in the
 * header; a name that follows from the label (the total from bs, as dd's
 * default has it) is not part of it.
 */
Test(diff_header, a_change_in_one_pair_is_on_its_line)
{
	test_diff_put("a.json",
		      "[" RUN("", ", \"seed\": 1",
			      "\"bs\": 512, \"total\": 65536", "7000000",
			      "0") ",\n" RUN("", ", \"seed\": 1", BS("4096"),
					     "7000000", "0") "]");
	test_diff_put("b.json",
		      "[" RUN("", ", \"seed\": 1",
			      "\"bs\": 512, \"total\": 65536", "7000000",
			      "0") ",\n" RUN("", ", \"seed\": 2", BS("4096"),
					     "7000000", "0") "]");
	assert_diff("a.json b.json",
		    "a.json -> b.json: dd on numaq-16 " TICKS "\n"
		    "bs=512\n" ONE_TICK_UNCHANGED "\n"
		    "bs=4K: seed 1 -> 2\n" ONE_TICK_UNCHANGED);
}

/* Runs nothing tells apart are labelled by their places and pair in order. */
Test(diff_header, runs_alike_pair_in_order)
{
	test_diff_put("a.json", "[" RUN("", "", BS("512"), "7000000",
					"0") ",\n" RUN("", "", BS("512"),
						       "14000000", "0") "]");
	assert_diff(
		"a.json a.json",
		"a.json -> a.json: dd on numaq-16, the same settings " TICKS
		"\n"
		"[0]\n" ONE_TICK_UNCHANGED "\n"
		"[1]\n" TABLE_HEAD
		"         2.0          2.0         +0.0     +0.0%  total\n");
}

/*
 * Another board: the header names no board but the change of it, and a
 * setting one side lacks is "(none)".  Each side's rows are in its own
 * board's clock: 20,000,000 cycles are two ticks at 1 GHz.
 */
Test(diff_header, another_board)
{
	test_diff_put(
		"a.json",
		"{\"workload\": \"dd\", \"settings\": {\"platform\": \"numaq-16\", \"CONFIG_HIGHPTE\": \"n\"}, "
		"\"profile\": {\"kmap_atomic\": 7000000}}");
	test_diff_put(
		"b.json",
		"{\"workload\": \"dd\", \"settings\": {\"platform\": \"beaglebone-black\"}, "
		"\"profile\": {\"kmap_atomic\": 20000000}}");
	assert_diff(
		"a.json b.json",
		"a.json -> b.json: dd, platform numaq-16 -> beaglebone-black, CONFIG_HIGHPTE n -> (none) " TICKS
			TABLE_HEAD
		"         1.0          2.0         +1.0   +100.0%  kmap_atomic\n"
		"         1.0          2.0         +1.0   +100.0%  total\n");
}

/*
 * Runs at different HZ within a file: the header gives none, each pair's
 * line gives its own, both sides' where they differ.
 */
Test(diff_header, hz_of_each_pair_when_it_varies)
{
	test_diff_put("a.json",
		      "[" RUN("", ", \"hz\": 1000", BS("512"), "7000000",
			      "0") ",\n" RUN("", "", BS("4096"), "7000000",
					     "0") "]");
	test_diff_put("b.json", "[" RUN("", "", BS("512"), "7000000",
					"0") ",\n" RUN("", "", BS("4096"),
						       "7000000", "0") "]");
	assert_diff(
		"a.json b.json",
		"a.json -> b.json: dd on numaq-16 (ticks of 1/HZ s of simulated CPU time)\n"
		"\n"
		"bs=512: hz 1000 -> (none) (HZ=1000 and HZ=100)\n" TABLE_HEAD
		"        10.0          1.0         -9.0    -90.0%  kmap_atomic\n"
		"        10.0          1.0         -9.0    -90.0%  total\n"
		"\n"
		"bs=4K (HZ=100)\n" ONE_TICK_UNCHANGED);
}

/*
 * Several workloads in a file (reproduce kernbench-numaq's kernbench and
 * SDET): the header names none; the row, first as reproduce prints it,
 * labels the runs, and the workload, which follows from it, does not; a
 * control character in a label prints as '?', so a header is one line.
 */
Test(diff_header, several_workloads_and_a_control_character)
{
	test_diff_put(
		"a.json",
		"[{\"row\": \"base\\nline\", \"workload\": \"kernbench\", \"settings\": {\"platform\": \"numaq-16\"}, "
		"\"profile\": {\"kmap_atomic\": 7000000}},\n"
		" {\"row\": \"sdet\", \"workload\": \"sdet\", \"settings\": {\"platform\": \"numaq-16\"}, "
		"\"profile\": {\"kmap_atomic\": 7000000}}]");
	assert_diff("a.json a.json",
		    "a.json -> a.json: the same settings " TICKS "\n"
		    "row=base?line\n" TABLE_HEAD
		    "         1.0          1.0         +0.0     +0.0%  total\n"
		    "\n"
		    "row=sdet\n" ONE_TICK_UNCHANGED);
}
