/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `vmsplit diff A.json B.json`: the cost-centre profiles of two runs side
 * by side, each function's change in ticks and in percent, growth first
 * and shrinkage last -- the readprofile diffs kernel engineers post.
 */
#ifndef VMSPLIT_CLI_DIFF_H
#define VMSPLIT_CLI_DIFF_H

#include <stddef.h>
#include <stdio.h>

#include "base/types.h"

/*
 * The largest JSON file diff reads: the biggest output there is,
 * `vmsplit reproduce --format json`, is about 140 KB; this is a hundred
 * times that, and bounds what cJSON builds from a runaway pipe.
 */
#define DIFF_MAX_BYTES (16u << 20)

/*
 * Profiles are printed in the profiled kernel's ticks, as readprofile
 * counts them: one sample a timer tick on each CPU, so a tick of profile
 * is 1/HZ s of one CPU's time (the run's hz= setting, DEFAULT_HZ when a
 * record has none).  The model prints the expected count, time / tick,
 * where readprofile counts samples.
 */
enum diff_format {
	DIFF_TABLE, /* A, B, change, %, function; growth first */
	/*
	 * diffprofile's lines, as posted beside readprofile diffs on LKML
	 * (M. Bligh's kernbench and SDET mails, 2003): "change percent%
	 * function", whole ticks, growth first, shrinkage last, the total
	 * among them; the script's own source was not found, its output's
	 * layout is followed.
	 */
	DIFF_READPROFILE,
};

/* The order of a pair's rows (--sort); the total comes last either way. */
enum diff_sort {
	DIFF_SORT_DELTA, /* change in ticks, growth first (the default) */
	/* Change in percent of A, growth first; a function A lacks first. */
	DIFF_SORT_PCT,
	DIFF_SORT_NAME, /* the function's name, as strcmp orders it */
};

/* What `vmsplit diff` was asked for: the two files and how to print. */
struct diff_opts {
	const char *a, *b;
	enum diff_format fmt;
	enum diff_sort sort;
	/*
	 * --percent-limit: a row whose change, B - A in either direction, is
	 * under this percent of A's total (B's where A's is 0) is not
	 * printed; the total still counts it.  0 hides nothing.
	 */
	double percent_limit;
};

/*
 * diff_parse_args - `vmsplit diff`'s arguments after the command word:
 * [--readprofile] [--sort delta|pct|name] [--percent-limit N] A B, the
 * options anywhere ("--sort=pct" too), "--" ending them.
 * Return: 0 with @o filled, or -EINVAL with a one-line reason in @err.
 */
int diff_parse_args(int argc, char **argv, struct diff_opts *o, char *err,
		    size_t errlen);

/*
 * profile_diff - read two outputs of `vmsplit ... --format json` (a
 * record, an array of them, or reproduce's object of arrays), pair their
 * records with a "profile" and print the diff of each pair to @out.
 * Each file is a regular file, a FIFO or a pipe (hostfile_read) of
 * DIFF_MAX_BYTES at the most, holding one JSON document; every member
 * read is checked (cycles finite and not negative, a clock above 0, a
 * known board, string labels, settings and params strings or finite
 * numbers, no name twice in an object, 512 members in one at most).
 *
 * Runs pair up by what tells them apart within a file: the runs' own
 * strings (row, tso, ...) and params (bs, ...) that distinguish runs the
 * ones before them do not; so `--bs 512,4K` pairs with `--bs 4K,512`.
 * Paired runs have the same workload.  The header names both files, the
 * workload and board when there is one of each, and every setting, param
 * or string that differs in every pair; each pair of a diff of several
 * has a line with its label and what else differs in it.
 * Return: 0, or a negative errno with a one-line reason in @err naming
 * the file and the member ("a.json: [0].profile.kmap_atomic: not a
 * number") or both files and what differs: -EINVAL for what is in a file,
 * different workloads, numbers of runs, or runs that do not pair up, else
 * hostfile_read's.  Nothing is printed unless every run pairs up.
 */
int profile_diff(const struct diff_opts *o, FILE *out, char *err,
		 size_t errlen);

/*
 * profile_diff_runs - the same for two profiles in hand (cycles per cost
 * centre, as run_result holds them), the simulated nanoseconds of a cycle
 * of each run's board and each run's HZ.
 */
void profile_diff_runs(const u64 *a, double a_ns_per_cycle, u32 a_hz,
		       const char *la, const u64 *b, double b_ns_per_cycle,
		       u32 b_hz, const char *lb, enum diff_format fmt,
		       FILE *out);

#endif
