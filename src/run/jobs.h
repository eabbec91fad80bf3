/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Independent measurements side by side: each one a forked child of the
 * command, which boots its own simulated machine, so that a reproduction
 * of many runs takes the wall time of its longest share on a host with
 * several CPUs.  A run's result does not depend on what ran before it in
 * the same process (every run boots a fresh machine from its settings), so
 * the results -- and everything printed from them -- are byte for byte
 * those of running the jobs one after another.
 */
#ifndef VMSPLIT_RUN_JOBS_H
#define VMSPLIT_RUN_JOBS_H

#include <stddef.h>

#include "base/types.h"

/*
 * One job: compute result @i into @result (@size bytes, zeroed), from
 * @ctx.  Return: 0, or a negative errno with @err set.
 */
typedef int (*job_fn)(void *ctx, u32 i, void *result, char *err,
		      size_t errlen);

/* Jobs at once, at most. */
#define JOBS_MAX 64

/* Jobs at once by default: the host's online CPUs (1 to JOBS_MAX). */
u32 jobs_default(void);

/*
 * run_jobs - jobs 0..@n-1 of @fn into @results (@n results of @size
 * bytes, plain data: they come back through a pipe), at most @parallel at
 * a time.  With @parallel 1 every job runs in this process, in order;
 * otherwise each runs in a forked child, started in order and collected
 * as each finishes: the next job starts as soon as any place is free, not
 * when the oldest running one is done.  @done, if not NULL, is called in
 * this process after each job, with the number finished.
 * Return: 0, or the error of the lowest-numbered job that failed (a child
 * that died is "killed by signal N") with @err set.  After a failure no
 * further job is started, and none is left running.
 */
int run_jobs(u32 n, job_fn fn, void *ctx, void *results, size_t size,
	     u32 parallel, void (*done)(u32 finished, u32 n), char *err,
	     size_t errlen);

#endif
