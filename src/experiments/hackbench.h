/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hackbench runs: one run, and the BeagleBone's hackbench under E3's four
 * copy strategies (predictions only: nothing is published).
 */
#ifndef VMSPLIT_EXPERIMENTS_HACKBENCH_H
#define VMSPLIT_EXPERIMENTS_HACKBENCH_H

#include <stdio.h>

#include "config/settings.h"
#include "fs/pipe.h"
#include "run/run.h"
#include "workloads/hackbench.h"

struct hackbench_point {
	struct hackbench_params p;
	struct pipe_stats pipes;
	struct run_result r;
};

/*
 * hackbench_measure - run hackbench with @groups groups and @loops loops
 * with @s (@verify: receivers check each message).  Return: 0, or a
 * negative errno with @err set (boot failure, deadlock, a failed step or
 * a message count that is not exact).
 */
int hackbench_measure(const struct settings *s, u32 groups, u32 loops,
		      bool verify, struct hackbench_point *pt, char *err,
		      size_t errlen);

/* Print @pt's pipe counters as JSON members ("pipe_writes": ..., ). */
void hackbench_print_json_pipes(const struct hackbench_point *pt, FILE *f);

/* `vmsplit reproduce hackbench-beaglebone`: @json selects the output. */
int reproduce_hackbench_beaglebone(bool json, u32 groups, u32 loops, FILE *f,
				   char *err, size_t errlen);

#endif
