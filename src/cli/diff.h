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

/* A profile tick: one microsecond of simulated CPU time. */
#define PROFILE_TICK_NS 1000

/*
 * profile_diff - read two outputs of `vmsplit ... --format json` (a
 * record, an array of them, or reproduce's object of arrays), pair their
 * records with a "profile" in order, print the diff of each pair to @out.
 * Return: 0, or -EINVAL / -ENOENT with a one-line reason in @err (a file
 * that does not parse, records that do not pair up, an unknown board).
 */
int profile_diff(const char *a_path, const char *b_path, FILE *out, char *err,
		 size_t errlen);

/*
 * profile_diff_runs - the same for two profiles in hand (cycles per cost
 * centre, as run_result holds them) and the simulated nanoseconds of a
 * cycle of each run's board.
 */
void profile_diff_runs(const u64 *a, double a_ns_per_cycle, const char *la,
		       const u64 *b, double b_ns_per_cycle, const char *lb,
		       FILE *out);

#endif
