// SPDX-License-Identifier: GPL-2.0-only
/*
 * E3: dd if=/dev/zero of=<tmpfs file> on a BeagleBone White, for the
 * normal ARM uaccess, CONFIG_UACCESS_WITH_MEMCPY, the June 2020 RFC
 * CONFIG_UACCESS_GUP_KMAP_MEMCPY, and the RFC with CONFIG_HIGHMEM=n.
 * Source: linux-arm-kernel, June 2020, afzal mohammed, "[RFC 0/3] ARM:
 * copy_{from,to}_user() for vmsplit 4g/4g" and its thread.
 *
 * Only the normal-kernel row is calibration data (EXPERIMENTS.md); the
 * platform's generic path costs are fitted to it.  Every other cell is a
 * prediction of the model.
 */
#include "experiments/dd.h"

#include "arch/layout.h"

#include <string.h>

#include "base/change.h"
#include "base/errno.h"
#include "workloads/dd.h"
#include "cli/progress.h"

static void dd_start_cb(const void *p)
{
	/* run_workload passes our own, writable, dd_params. */
	dd_start((struct dd_params *)(unsigned long)p);
}

/*
 * tmpfs lives in RAM, and mounts at most half of it by default (mm/shmem.c,
 * shmem_default_max_blocks: totalram_pages() / 2); the file dd writes must
 * fit.
 */
int dd_check(const struct settings *s, u32 bs, u64 total, char *err,
	     size_t errlen)
{
	/* tmpfs's default size: half the RAM the kernel manages. */
	u64 ram = layout_ram_in_use(s), room = ram / 2;

	if (!bs || total < bs || total % bs) {
		snprintf(err, errlen,
			 "--total %llu is not a whole number of %u-byte blocks",
			 (unsigned long long)total, bs);
		return -EINVAL;
	}
	if (total > room) {
		snprintf(
			err, errlen,
			"--total %llu does not fit tmpfs on %s: at most %lluM (half of the %lluM the kernel uses%s)",
			(unsigned long long)total, s->platform->name,
			(unsigned long long)(room >> 20),
			(unsigned long long)(ram >> 20),
			s->highmem ? "" : ", lowmem only with CONFIG_HIGHMEM=n");
		return -EINVAL;
	}
	/* A bound on the run's host time (about 4 us of host per write). */
	if (total / bs > DD_MAX_WRITES) {
		snprintf(err, errlen,
			 "--total %llu is %llu writes of %u bytes: at most %u per block size (a larger --bs or a smaller --total)",
			 (unsigned long long)total,
			 (unsigned long long)(total / bs), bs, DD_MAX_WRITES);
		return -EINVAL;
	}
	return 0;
}

int dd_measure(const struct settings *s, u32 bs, u64 total,
	       struct dd_point *pt, char *err, size_t errlen)
{
	struct dd_params p = { .bs = bs };
	int ret;

	ret = dd_check(s, bs, total, err, errlen);
	if (ret)
		return ret;
	p.count = (u32)(total / bs);
	ret = run_workload(s, dd_start_cb, &p, &pt->r, err, errlen);
	if (ret)
		return ret;
	if (p.nospace) {
		/* What dd itself says, with what it managed to write. */
		snprintf(err, errlen,
			 "dd bs=%u: error writing '/tmp/dd.out': No space left on device (%llu bytes written)",
			 bs, (unsigned long long)p.bytes);
		return -ENOSPC;
	}
	if (p.status || !p.ns) {
		snprintf(err, errlen, "dd bs=%u failed at step %d", bs,
			 p.status);
		return -EIO;
	}
	pt->bs = bs;
	pt->dd_s = (double)p.ns / 1e9;
	pt->mbps = (double)p.bytes * 1e3 / (double)p.ns;
	return 0;
}

/* The published table. */
static const u32 e3_bs[] = { 512, 1024, 4096, 16384, 32768, 65536, 1048576 };
static const char *const e3_bs_names[] = { "512", "1K",	 "4K", "16K",
					   "32K", "64K", "1M" };
/* Calibration: the normal kernel (MB/s; repeats varied by about 2). */
static const double e3_normal[] = { 30, 46, 89, 95, 90, 85, 65 };

static const struct {
	const char *name;
	const char *words[3];
} e3_rows[] = {
	{ "normal", { NULL } },
	{ "CONFIG_UACCESS_WITH_MEMCPY", { "CONFIG_UACCESS_WITH_MEMCPY=y" } },
	{ "CONFIG_UACCESS_GUP_KMAP_MEMCPY",
	  { "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y" } },
	{ "CONFIG_UACCESS_GUP_KMAP_MEMCPY, HIGHMEM=n",
	  { "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y", "CONFIG_HIGHMEM=n" } },
};

_Static_assert(ARRAY_SIZE(e3_bs) == E3_NBS, "E3_NBS: one per block size");
_Static_assert(ARRAY_SIZE(e3_bs_names) == E3_NBS, "a name per block size");
_Static_assert(ARRAY_SIZE(e3_normal) == E3_NBS, "a figure per block size");
_Static_assert(ARRAY_SIZE(e3_rows) == E3_NROWS, "E3_NROWS: one per row");

int reproduce_dd_beaglebone(bool json, u64 total, FILE *f,
			    const struct dd_beaglebone_result **res, char *err,
			    size_t errlen)
{
	static struct dd_beaglebone_result e3;
	struct dd_point(*pts)[E3_NBS] = e3.pts;
	struct settings *rows = e3.rows;
	const struct platform *p = platform_find("beaglebone-white");

	e3.platform = p;
	e3.total = total;
	e3.bs = e3_bs;
	e3.bs_names = e3_bs_names;
	for (u32 r = 0; r < E3_NROWS; r++) {
		e3.row_names[r] = e3_rows[r].name;
		/* Only the calibration row was published. */
		e3.published[r] = r ? NULL : e3_normal;
	}
	for (u32 r = 0; r < E3_NROWS; r++) {
		settings_default(&rows[r], p);
		for (u32 w = 0; w < ARRAY_SIZE(e3_rows[r].words) &&
				e3_rows[r].words[w];
		     w++)
			if (settings_parse(&rows[r], e3_rows[r].words[w], err,
					   errlen))
				return -EINVAL;
		for (u32 b = 0; b < E3_NBS; b++) {
			int ret;

			progress_run(r * E3_NBS + b, E3_NROWS * E3_NBS);
			ret = dd_measure(&rows[r], e3_bs[b], total, &pts[r][b],
					 err, errlen);
			if (ret)
				return ret;
		}
	}
	progress_end();
	if (res)
		*res = &e3;
	if (json) {
		fprintf(f, "[\n");
		for (u32 r = 0; r < E3_NROWS; r++)
			for (u32 b = 0; b < E3_NBS; b++) {
				fprintf(f,
					"  {\"experiment\": \"dd-beaglebone\", \"row\": \"%s\", \"workload\": \"dd\", \"platform\": \"%s\", \"settings\": ",
					e3_rows[r].name, p->name);
				settings_print_json(&rows[r], f);
				settings_print_ram_json(&rows[r], f);
				fprintf(f,
					", \"params\": {\"bs\": %u, \"total\": %llu}, ",
					e3_bs[b], (unsigned long long)total);
				if (r == 0)
					fprintf(f,
						"\"published_MBps\": %.0f, \"kind\": \"calibration\", \"error_pct\": %.1f, ",
						e3_normal[b],
						pct_change(e3_normal[b],
							   pts[r][b].mbps));
				else
					fprintf(f,
						"\"published_MBps\": null, \"kind\": \"prediction\", ");
				char headline[80];

				snprintf(headline, sizeof(headline),
					 "\"MBps\": %.2f, \"dd_s\": %.9f, ",
					 pts[r][b].mbps, pts[r][b].dd_s);
				run_print_json_body(&pts[r][b].r, headline, f);
				fprintf(f, "}%s\n",
					r + 1 == E3_NROWS && b + 1 == E3_NBS ? "" :
									     ",");
			}
		fprintf(f, "]\n");
		return 0;
	}
	fprintf(f,
		"E3: dd if=/dev/zero of=<tmpfs file> on %s, MB/s by block size (%llu MiB written per point)\n",
		p->name, (unsigned long long)(total >> 20));
	fprintf(f, "%-44s", "");
	for (u32 b = 0; b < E3_NBS; b++)
		fprintf(f, " %8s", e3_bs_names[b]);
	fprintf(f, "\n%-44s", "normal, published (calibration)");
	for (u32 b = 0; b < E3_NBS; b++)
		fprintf(f, " %8.0f", e3_normal[b]);
	for (u32 r = 0; r < E3_NROWS; r++) {
		fprintf(f, "\n%-44s", r ? e3_rows[r].name : "normal, model");
		for (u32 b = 0; b < E3_NBS; b++)
			fprintf(f, " %8.1f", pts[r][b].mbps);
		if (r == 0) {
			fprintf(f, "\n%-44s", "  error vs published");
			for (u32 b = 0; b < E3_NBS; b++)
				fprintf(f, " %+7.1f%%",
					pct_change(e3_normal[b],
						   pts[0][b].mbps));
		} else {
			fprintf(f, "   (prediction)");
		}
	}
	fprintf(f, "\n\nThe published figures of the other rows are held out: every model figure\n"
		   "below the calibration row is a prediction.  --format json gives the events\n"
		   "and the profile of every point.\n");
	return 0;
}
