// SPDX-License-Identifier: GPL-2.0-only
/*
 * The progress line (progress.h).  Host time decides when it shows and
 * how often it changes, so it never touches the simulation: the hooks read
 * only counters the workloads keep anyway.
 */
#include "cli/progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Host time before the line appears, and between two rewrites. */
#define PROGRESS_PERIOD_NS 250000000ull

bool progress_enabled;
u64 progress_delay_ns = 2000000000ull;

static struct {
	char label[64];
	u32 run, nr_runs; /* nr_runs 0: no outer count */
	const char *what; /* NULL: no inner count */
	u64 done, total;
	u64 start_ns, last_ns;
	size_t shown; /* characters of the line on screen */
	int fd; /* the terminal */
} pg;

static u64 host_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ull + (u64)ts.tv_nsec;
}

bool progress_init(const char *label, bool want, int fd)
{
	const char *delay = getenv("VMSPLIT_PROGRESS_DELAY_MS");

	memset(&pg, 0, sizeof(pg));
	progress_enabled = want && isatty(fd);
	pg.fd = fd;
	/* The tests' knob: show at once, whatever the run's length. */
	if (delay)
		progress_delay_ns = strtoull(delay, NULL, 10) * 1000000ull;
	if (progress_enabled) {
		progress_label(label);
		pg.start_ns = host_ns();
	}
	return progress_enabled;
}

void progress_label(const char *label)
{
	snprintf(pg.label, sizeof(pg.label), "%s", label);
	pg.nr_runs = 0;
	pg.what = NULL;
}

/* Rewrite the line if it is time to. */
static void progress_show(void)
{
	u64 now = host_ns();
	char line[160];
	int n;

	if (now - pg.start_ns < progress_delay_ns ||
	    (pg.shown && now - pg.last_ns < PROGRESS_PERIOD_NS))
		return;
	pg.last_ns = now;
	n = snprintf(line, sizeof(line), "  %s:", pg.label);
	if (pg.nr_runs)
		n += snprintf(line + n, sizeof(line) - (size_t)n,
			      " run %u/%u%s", pg.run + 1, pg.nr_runs,
			      pg.what ? "," : "");
	if (pg.what && n < (int)sizeof(line))
		snprintf(line + n, sizeof(line) - (size_t)n, " %s %llu/%llu",
			 pg.what, (unsigned long long)pg.done,
			 (unsigned long long)pg.total);
	/* Pad over a longer previous line rather than use escape codes. */
	dprintf(pg.fd, "\r%-*s", (int)pg.shown, line);
	if (strlen(line) > pg.shown)
		pg.shown = strlen(line);
}

void __progress_run(u32 i, u32 n)
{
	pg.run = i;
	pg.nr_runs = n;
	pg.what = NULL;
	progress_show();
}

void __progress_tick(const char *what, u64 done, u64 total)
{
	pg.what = what;
	pg.done = done;
	pg.total = total;
	progress_show();
}

void progress_end(void)
{
	if (!progress_enabled || !pg.shown)
		return;
	dprintf(pg.fd, "\r%*s\r", (int)pg.shown, "");
	pg.shown = 0;
}
