/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `vmsplit run lmbench`: one boot a test, its result as lmbench prints
 * it.  A workload, not an experiment: nothing is fitted to it and
 * `vmsplit reproduce` does not run it.
 */
#ifndef VMSPLIT_EXPERIMENTS_LMBENCH_H
#define VMSPLIT_EXPERIMENTS_LMBENCH_H

#include <stdio.h>

#include "config/settings.h"
#include "run/run.h"
#include "workloads/lmbench.h"

struct lmbench_point {
	struct lmbench_params p;
	struct run_result r;
	double value;		/* microseconds, or MB/s for bw_mem */
};

/* lmbench's command line of @t ("lat_syscall null", "bw_mem 16m rd"). */
const char *lmbench_command(enum lmbench_test t);
/* bw_mem's tests report MB/s; the others microseconds. */
bool lmbench_is_bandwidth(enum lmbench_test t);

/*
 * lmbench_measure - boot with @s and run test @t.  Return: 0, or a
 * negative errno with @err set (boot failure, deadlock, a failed step).
 */
int lmbench_measure(const struct settings *s, enum lmbench_test t,
		    struct lmbench_point *pt, char *err, size_t errlen);

/* @pt's event per operation (the last batch's growth over its ops). */
double lmbench_per_op(const struct lmbench_point *pt, enum event e);

/* @pt's result line(s) as lmbench prints them. */
void lmbench_print(const struct lmbench_point *pt, FILE *f);

#endif
