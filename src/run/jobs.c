// SPDX-License-Identifier: GPL-2.0-only
/*
 * Jobs in forked children (see run/jobs.h).  A child computes its result,
 * writes a header (the job's return and error text) and the result's bytes
 * to a pipe and leaves with _exit, so that nothing of the parent's -- stdio
 * buffers, atexit handlers -- runs twice.
 */
#include "run/jobs.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/errno.h"
#include "cli/progress.h"

#define JOB_ERR_LEN 256

struct job_head {
	int ret;
	char err[JOB_ERR_LEN];
};

/* A started child: its job and the read end of its pipe. */
struct job_child {
	pid_t pid;
	int fd;
	u32 i;
};

u32 jobs_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > JOBS_MAX ? JOBS_MAX : (u32)n;
}

/*
 * All @len bytes of @buf written to @fd (@out) or read from it.  Return:
 * whether they all went (false on an error, or at end of file early).
 */
static bool io_all(int fd, void *buf, size_t len, bool out)
{
	char *p = buf;

	while (len) {
		ssize_t n = out ? write(fd, p, len) : read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= (size_t)n;
	}
	return true;
}

static _Noreturn void job_child(job_fn fn, void *ctx, u32 i, size_t size,
				int fd)
{
	struct job_head h = { 0 };
	void *res = calloc(1, size ? size : 1);

	/* The parent shows the count of finished jobs; ticks would fight. */
	progress_enabled = false;
	h.ret = res ? fn(ctx, i, res, h.err, sizeof(h.err)) : -ENOMEM;
	if (!res)
		snprintf(h.err, sizeof(h.err), "job %u: out of memory", i);
	if (!io_all(fd, &h, sizeof(h), true) ||
	    (res && !io_all(fd, res, size, true)))
		_exit(1);
	_exit(0);
}

/*
 * Start job @i in a child.  Return: 0, or a negative errno with @err set
 * (no pipe or no fork: nothing was started).
 */
static int job_start(job_fn fn, void *ctx, u32 i, size_t size,
		     struct job_child *c, char *err, size_t errlen)
{
	int p[2];

	if (pipe(p)) {
		snprintf(err, errlen, "job %u: pipe: %s", i, strerror(errno));
		return -EIO;
	}
	/* What this process has buffered must not be written twice. */
	fflush(NULL);
	c->pid = fork();
	if (c->pid < 0) {
		snprintf(err, errlen, "job %u: fork: %s", i, strerror(errno));
		close(p[0]);
		close(p[1]);
		return -EIO;
	}
	if (!c->pid) {
		close(p[0]);
		job_child(fn, ctx, i, size, p[1]);
	}
	close(p[1]);
	c->fd = p[0];
	c->i = i;
	return 0;
}

/*
 * Wait for child @c and take its result into @result.  Return: the job's
 * return, or a negative errno with @err set if the child died.
 */
static int job_collect(const struct job_child *c, void *result, size_t size,
		       char *err, size_t errlen)
{
	struct job_head h;
	bool whole = io_all(c->fd, &h, sizeof(h), false) &&
		     io_all(c->fd, result, size, false);
	int status = 0;

	close(c->fd);
	while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFSIGNALED(status)) {
		snprintf(err, errlen, "job %u: killed by signal %d", c->i,
			 WTERMSIG(status));
		return -EIO;
	}
	if (!whole || !WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(err, errlen, "job %u: no result (exit status %d)",
			 c->i, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		return -EIO;
	}
	if (h.ret) {
		h.err[sizeof(h.err) - 1] = '\0';
		snprintf(err, errlen, "%s", h.err);
	}
	return h.ret;
}

/* Keep the error of the lowest-numbered failed job. */
static void job_failed(int ret, u32 i, const char *e, int *first, u32 *first_i,
		       char *err, size_t errlen)
{
	if (!ret || (*first && *first_i < i))
		return;
	*first = ret;
	*first_i = i;
	snprintf(err, errlen, "%s", e);
}

/*
 * The running child that has finished first: the one whose pipe has
 * something to read (a child writes only when its job is done, and its
 * pipe closes if it dies).  Return its index in @kids[0 .. @running).
 */
static u32 job_ready(const struct job_child *kids, u32 running)
{
	struct pollfd fds[JOBS_MAX];

	for (u32 k = 0; k < running; k++)
		fds[k] = (struct pollfd){ .fd = kids[k].fd, .events = POLLIN };
	for (;;) {
		if (poll(fds, running, -1) < 0) {
			/* No poll: wait for the first listed, as its read would. */
			if (errno != EINTR)
				return 0;
			continue;
		}
		for (u32 k = 0; k < running; k++)
			if (fds[k].revents)
				return k;
	}
}

int run_jobs(u32 n, job_fn fn, void *ctx, void *results, size_t size,
	     u32 parallel, void (*done)(u32 finished, u32 n), char *err,
	     size_t errlen)
{
	struct job_child kids[JOBS_MAX];
	u32 next = 0, running = 0, finished = 0, first_i = 0, k;
	int first = 0, ret;
	char e[JOB_ERR_LEN];

	if (parallel > JOBS_MAX)
		parallel = JOBS_MAX;
	for (u32 i = 0; parallel <= 1 && i < n; i++) {
		memset((char *)results + (size_t)i * size, 0, size);
		ret = fn(ctx, i, (char *)results + (size_t)i * size, err,
			 errlen);
		if (ret)
			return ret;
		if (done)
			done(i + 1, n);
	}
	if (parallel <= 1)
		return 0;
	while (finished < n) {
		while (next < n && running < parallel && !first) {
			memset((char *)results + (size_t)next * size, 0, size);
			ret = job_start(fn, ctx, next, size, &kids[running], e,
					sizeof(e));
			if (ret) {
				job_failed(ret, next, e, &first, &first_i, err,
					   errlen);
				break;
			}
			next++;
			running++;
		}
		if (!running)
			break;
		/*
		 * Whichever child is done first, so that a short job behind a
		 * long one frees its place at once: the results land by job
		 * number, so the order of collection changes nothing else.
		 */
		k = job_ready(kids, running);
		ret = job_collect(&kids[k],
				  (char *)results + (size_t)kids[k].i * size,
				  size, e, sizeof(e));
		job_failed(ret, kids[k].i, e, &first, &first_i, err, errlen);
		kids[k] = kids[--running];
		finished++;
		if (done)
			done(finished, n);
	}
	return first;
}
