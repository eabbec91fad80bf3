/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kernbench runs: `make -j vmlinux` (workloads/kernbench.c) on a board,
 * the workload of E2.
 */
#ifndef VMSPLIT_EXPERIMENTS_KERNBENCH_H
#define VMSPLIT_EXPERIMENTS_KERNBENCH_H

#include <stdio.h>

#include "config/settings.h"
#include "experiments/sdet.h"

/* SDET runs per configuration in E2, under seeds 1..N. */
#define E2_SDET_SEEDS 3u
#include "fs/pipe.h"
#include "run/run.h"
#include "workloads/kernbench.h"

struct kernbench_point {
	struct kernbench_params p;
	struct run_result r;
	struct pipe_stats pipes; /* what the run's pipes carried */
};

/*
 * kernbench_measure - run kernbench with @pt->p (kernbench_defaults, then
 * the caller's changes) under @s.  Return: 0, or a negative errno with
 * @err set (boot failure, deadlock, a failed step, a unit not built).
 */
int kernbench_measure(const struct settings *s, struct kernbench_point *pt,
		      char *err, size_t errlen);

/* "kbuild" or "flat" (--tree). */
const char *kernbench_tree_name(enum kernbench_tree t);

/* Print @pt's parameters and counts as JSON members ("params": {...}, ). */
void kernbench_print_json_params(const struct kernbench_point *pt, FILE *f);

/*
 * What reproduce_kernbench_numaq measured, beside what was published: the
 * structs its printers read, handed to the plots (report/plots.c).
 * Index 0: baseline, 1: CONFIG_HIGHPTE=y.
 */
struct kernbench_numaq_result {
	const struct platform *platform;
	/* Published baseline: elapsed, system, user seconds, CPU %. */
	const double *published;
	double sdet_published_pct;	/* SDET's baseline, by definition */
	double sdet_rel_pct;		/* the model's HIGHPTE against it */
	/* SDET per seed (E2_SDET_SEEDS runs a configuration): the mean
	 * scripts/hour of each configuration, and the per-seed ratios. */
	double sdet_mean[2];
	double sdet_rel_min, sdet_rel_max;
	struct settings s[2];
	struct kernbench_point kb[2];
	struct sdet_point sd[2];
};

/*
 * `vmsplit reproduce kernbench-numaq` (E2), its runs @jobs at a time
 * (run/jobs.h; 1: one after another in this process -- the results are
 * the same).  @res, if not NULL, is set to the results (static storage,
 * valid until the next call).
 */
int reproduce_kernbench_numaq(bool json, FILE *f, u32 jobs,
			      const struct kernbench_numaq_result **res,
			      char *err, size_t errlen);

#endif
