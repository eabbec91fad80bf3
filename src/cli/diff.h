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

#endif
