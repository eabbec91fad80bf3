/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `run lmbench --summary`: lmbench 3's own summary tables (scripts/
 * getsummary, `make see`) from the tests run, so the model's figures can be
 * set beside a published lmbench summary line for line.
 */
#ifndef VMSPLIT_EXPERIMENTS_LMBENCH_SUMMARY_H
#define VMSPLIT_EXPERIMENTS_LMBENCH_SUMMARY_H

#include <stdio.h>

#include "config/settings.h"
#include "experiments/lmbench.h"
#include "workloads/lmbench.h"

/* The summary of the @n tests @t measured into @pts, on @s's board. */
void lmbench_print_summary(const struct settings *s,
			   const enum lmbench_test *t,
			   const struct lmbench_point *pts, u32 n, FILE *f);

/* getsummary's num(): @v in a field of @len characters ("" when absent,
 * K and M past ten thousand and ten million), into @buf. */
const char *lmbench_summary_num(double v, int len, char *buf, size_t size);

#endif
