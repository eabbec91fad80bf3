// SPDX-License-Identifier: GPL-2.0-only
/*
 * hackbench (pipe mode) runs, and `reproduce hackbench-beaglebone`:
 * hackbench on the BeagleBone White under the four uaccess strategies of
 * E3 (experiments/dd.c).  A pipe's data goes user -> highmem pipe page ->
 * user through kmap_atomic, so the strategies differ here as in dd's
 * write path; no hackbench figures were published with the RFC, so every
 * cell is a prediction.
 */
#include "experiments/hackbench.h"

#include "base/change.h"
#include "base/errno.h"
#include "cli/progress.h"

static void hackbench_start_cb(const void *p)
{
	/* run_workload passes our own, writable, hackbench_params. */
	hackbench_start((struct hackbench_params *)(unsigned long)p);
}

int hackbench_measure(const struct settings *s, u32 groups, u32 loops,
		      bool verify, struct hackbench_point *pt, char *err,
		      size_t errlen)
{
	u64 want = (u64)groups * HACKBENCH_FDS * HACKBENCH_FDS * loops;
	int ret;

	pt->p.groups = groups;
	pt->p.loops = loops;
	pt->p.verify = verify;
	ret = run_workload(s, hackbench_start_cb, &pt->p, &pt->r, err, errlen);
	pt->pipes = pipe_stats;
	if (ret)
		return ret;
	if (pt->p.status) {
		snprintf(err, errlen, "hackbench failed at step %d",
			 pt->p.status);
		return -EIO;
	}
	if (pt->p.messages_sent != want || pt->p.messages_received != want ||
	    pt->p.bad_messages) {
		snprintf(err, errlen,
			 "hackbench: %llu messages sent, %llu received, %llu bad, of %llu",
			 (unsigned long long)pt->p.messages_sent,
			 (unsigned long long)pt->p.messages_received,
			 (unsigned long long)pt->p.bad_messages,
			 (unsigned long long)want);
		return -EIO;
	}
	return 0;
}

void hackbench_print_json_pipes(const struct hackbench_point *pt, FILE *f)
{
	const struct pipe_stats *ps = &pt->pipes;

	fprintf(f,
		"\"pipes\": {\"pipes\": %llu, \"writes\": %llu, \"reads\": %llu, "
		"\"bytes_written\": %llu, \"bytes_read\": %llu, \"merged\": %llu, "
		"\"bufs_filled\": %llu, \"pages_allocated\": %llu, "
		"\"writer_waits\": %llu, \"reader_waits\": %llu, \"wakeups\": %llu}, ",
		(unsigned long long)ps->pipes, (unsigned long long)ps->writes,
		(unsigned long long)ps->reads,
		(unsigned long long)ps->bytes_written,
		(unsigned long long)ps->bytes_read,
		(unsigned long long)ps->merged,
		(unsigned long long)ps->bufs_filled,
		(unsigned long long)ps->pages_allocated,
		(unsigned long long)ps->writer_waits,
		(unsigned long long)ps->reader_waits,
		(unsigned long long)ps->wakeups);
}

/* E3's rows (experiments/dd.c). */
static const struct {
	const char *name;
	const char *words[3];
} rows[] = {
	{ "normal", { NULL } },
	{ "CONFIG_UACCESS_WITH_MEMCPY", { "CONFIG_UACCESS_WITH_MEMCPY=y" } },
	{ "CONFIG_UACCESS_GUP_KMAP_MEMCPY",
	  { "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y" } },
	{ "CONFIG_UACCESS_GUP_KMAP_MEMCPY, HIGHMEM=n",
	  { "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y", "CONFIG_HIGHMEM=n" } },
};

#define NROWS ARRAY_SIZE(rows)

int reproduce_hackbench_beaglebone(bool json, u32 groups, u32 loops, FILE *f,
				   char *err, size_t errlen)
{
	static struct hackbench_point pts[NROWS];
	static struct settings s[NROWS];
	const struct platform *p = platform_find("beaglebone-white");

	for (u32 r = 0; r < NROWS; r++) {
		settings_default(&s[r], p);
		for (u32 w = 0; w < ARRAY_SIZE(rows[r].words) && rows[r].words[w];
		     w++)
			if (settings_parse(&s[r], rows[r].words[w], err, errlen))
				return -EINVAL;
		progress_run(r, NROWS);
		int ret = hackbench_measure(&s[r], groups, loops, false,
					    &pts[r], err, errlen);

		if (ret)
			return ret;
	}
	progress_end();
	if (json) {
		fprintf(f, "[\n");
		for (u32 r = 0; r < NROWS; r++) {
			char head[64];

			fprintf(f,
				"  {\"experiment\": \"hackbench-beaglebone\", \"row\": \"%s\", \"workload\": \"hackbench\", \"platform\": \"%s\", \"settings\": ",
				rows[r].name, p->name);
			settings_print_json(&s[r], f);
			settings_print_ram_json(&s[r], f);
			fprintf(f,
				", \"params\": {\"groups\": %u, \"loops\": %u}, \"published_s\": null, \"kind\": \"prediction\", ",
				groups, loops);
			hackbench_print_json_pipes(&pts[r], f);
			snprintf(head, sizeof(head), "\"time_s\": %.6f, ",
				 pts[r].r.elapsed_s);
			run_print_json_body(&pts[r].r, head, f);
			fprintf(f, "}%s\n", r + 1 < NROWS ? "," : "");
		}
		fprintf(f, "]\n");
		return 0;
	}
	fprintf(f,
		"hackbench -pipe %u process %u on %s: seconds (elapsed, system, user), by copy strategy\n",
		groups, loops, p->name);
	fprintf(f, "%-44s %10s %10s %10s %10s\n", "", "elapsed", "system",
		"user", "vs normal");
	for (u32 r = 0; r < NROWS; r++)
		fprintf(f, "%-44s %10.4f %10.4f %10.4f %+9.1f%%   (prediction)\n",
			rows[r].name, pts[r].r.elapsed_s, pts[r].r.system_s,
			pts[r].r.user_s,
			pct_change(pts[0].r.elapsed_s, pts[r].r.elapsed_s));
	fprintf(f, "\nNo hackbench figures were published for these kernels: every cell is a\n"
		   "prediction.  --format json gives the events, pipe counters and profile.\n");
	return 0;
}
