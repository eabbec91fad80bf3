/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kernbench runs: `make -j vmlinux` (workloads/kernbench.c) on a board,
 * the workload of E2.
 */
#ifndef VMSPLIT_EXPERIMENTS_KERNBENCH_H
#define VMSPLIT_EXPERIMENTS_KERNBENCH_H

#include <stdio.h>

#include "config/settings.h"
#include "run/run.h"
#include "workloads/kernbench.h"

struct kernbench_point {
	struct kernbench_params p;
	struct run_result r;
};

/*
 * kernbench_measure - run kernbench with @pt->p (kernbench_defaults, then
 * the caller's changes) under @s.  Return: 0, or a negative errno with
 * @err set (boot failure, deadlock, a failed step, a unit not built).
 */
int kernbench_measure(const struct settings *s, struct kernbench_point *pt,
		      char *err, size_t errlen);

/* Print @pt's parameters and counts as JSON members ("params": {...}, ). */
void kernbench_print_json_params(const struct kernbench_point *pt, FILE *f);

/* `vmsplit reproduce kernbench-numaq` (E2). */
int reproduce_kernbench_numaq(bool json, FILE *f, char *err, size_t errlen);

#endif
