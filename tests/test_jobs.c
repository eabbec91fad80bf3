// SPDX-License-Identifier: GPL-2.0-only
/*
 * The job runner (src/run/jobs.c): results come back in job order and the
 * same whether the jobs run here one after another or in forked children
 * several at a time; the error reported is the lowest-numbered failed
 * job's, a child that dies is named with its signal, and the progress
 * callback counts every job.
 */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/errno.h"
#include "run/jobs.h"

#define NR 7

struct res {
	u32 i;
	u64 square;
	char tag[8];
};

/* Jobs run in this process (zero when children ran them all). */
static u32 ran_here;

static int square_job(void *ctx, u32 i, void *result, char *err,
		      size_t errlen)
{
	struct res *r = result;
	const u32 *fail = ctx;

	ran_here++;
	if (fail && (i == fail[0] || i == fail[1])) {
		snprintf(err, errlen, "job %u failed", i);
		return i == fail[0] ? -EIO : -EINVAL;
	}
	r->i = i;
	r->square = (u64)i * i + 1000;
	strcpy(r->tag, "done");
	return 0;
}

static u32 done_calls, done_last;

static void count_done(u32 finished, u32 n)
{
	cr_assert_eq(n, NR);
	cr_assert_eq(finished, done_calls + 1);
	done_calls++;
	done_last = finished;
}

static void check_results(const struct res *r)
{
	for (u32 i = 0; i < NR; i++) {
		cr_assert_eq(r[i].i, i);
		cr_assert_eq(r[i].square, (u64)i * i + 1000);
		cr_assert_str_eq(r[i].tag, "done");
	}
}

Test(jobs, serial_and_parallel_agree_in_order)
{
	struct res a[NR], b[NR];
	char err[64] = "";

	memset(a, 0xff, sizeof(a));
	ran_here = done_calls = 0;
	cr_assert_eq(run_jobs(NR, square_job, NULL, a, sizeof(a[0]), 1,
			      count_done, err, sizeof(err)),
		     0);
	cr_assert_eq(ran_here, NR);
	cr_assert_eq(done_calls, NR);
	check_results(a);

	memset(b, 0xff, sizeof(b));
	ran_here = done_calls = 0;
	cr_assert_eq(run_jobs(NR, square_job, NULL, b, sizeof(b[0]), 3,
			      count_done, err, sizeof(err)),
		     0);
	cr_assert_eq(ran_here, 0, "the children ran the jobs");
	cr_assert_eq(done_last, NR);
	check_results(b);
	cr_assert_eq(memcmp(a, b, sizeof(a)), 0);
}

/* Jobs 4 and 2 fail: job 2's error, whichever finishes first. */
Test(jobs, lowest_failed_job_reported)
{
	static const u32 fail[2] = { 4, 2 };
	struct res r[NR];
	char err[64];

	for (u32 par = 1; par <= NR; par += 3) {
		strcpy(err, "");
		cr_assert_eq(run_jobs(NR, square_job, (void *)fail, r,
				      sizeof(r[0]), par, NULL, err,
				      sizeof(err)),
			     -EINVAL, "parallel %u", par);
		cr_assert_str_eq(err, "job 2 failed");
	}
}

/*
 * Jobs that meet through a mark in a file: job 2 leaves it, and job 0 (in
 * waiting_job) or job 1 (in dying_job) waits for it -- for ten seconds at
 * most, then fails with "job 2 never started".  With two jobs at once,
 * job 2 can start only in the place another job leaves.
 */
static int mark_wait(const char *mark, char *err, size_t errlen)
{
	for (u32 ms = 0; access(mark, F_OK); ms++) {
		if (ms == 10000) {
			snprintf(err, errlen, "job 2 never started");
			return -ETIMEDOUT;
		}
		usleep(1000);
	}
	return 0;
}

static int mark_leave(const char *mark)
{
	FILE *f = fopen(mark, "w");

	if (!f)
		return -EIO;
	fclose(f);
	return 0;
}

/* A fresh name for the mark, no file there yet. */
static void mark_name(char *mark)
{
	int fd = mkstemp(mark);

	cr_assert(fd >= 0);
	close(fd);
	unlink(mark);
}

/*
 * Job 1 dies once job 2 has run (job 0 done, so its place free): whatever
 * order the runner collects them in, jobs 0 and 2 have started before the
 * death is seen, and both finish.
 */
static int dying_job(void *ctx, u32 i, void *result, char *err,
		     size_t errlen)
{
	int ret;

	if (i == 1) {
		ret = mark_wait(ctx, err, errlen);
		if (ret)
			return ret;
		raise(SIGKILL);
	}
	memset(result, 1, sizeof(u32));
	return i == 2 ? mark_leave(ctx) : 0;
}

Test(jobs, a_child_that_dies_is_named)
{
	char mark[] = "/tmp/vmsplit-jobs-XXXXXX";
	u32 r[3];
	char err[64];

	mark_name(mark);
	cr_assert_eq(run_jobs(3, dying_job, mark, r, sizeof(r[0]), 2, NULL,
			      err, sizeof(err)),
		     -EIO);
	unlink(mark);
	cr_assert_str_eq(err, "job 1: killed by signal 9");
	cr_assert_eq(r[0], 0x01010101u);
	cr_assert_eq(r[2], 0x01010101u);
}

/*
 * Job 0 waits for job 2 to have run: job 2 can start only in the place job
 * 1 leaves, while job 0 still runs.  A runner that collected the oldest
 * child first would wait for job 0, which gives up after ten seconds.
 */
static int waiting_job(void *ctx, u32 i, void *result, char *err,
		       size_t errlen)
{
	*(u32 *)result = i + 1;
	if (i == 2)
		return mark_leave(ctx);
	return i == 0 ? mark_wait(ctx, err, errlen) : 0;
}

Test(jobs, a_finished_child_frees_its_place_before_older_ones)
{
	char mark[] = "/tmp/vmsplit-jobs-XXXXXX";
	char err[64] = "";
	u32 r[3] = { 0 };

	mark_name(mark);
	cr_assert_eq(run_jobs(3, waiting_job, mark, r, sizeof(r[0]), 2, NULL,
			      err, sizeof(err)),
		     0, "%s", err);
	unlink(mark);
	cr_assert_eq(r[0], 1);
	cr_assert_eq(r[1], 2);
	cr_assert_eq(r[2], 3);
}

Test(jobs, default_is_at_least_one)
{
	u32 n = jobs_default();

	cr_assert(n >= 1 && n <= JOBS_MAX);
}
