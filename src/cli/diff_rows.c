// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rows of a profile diff (see cli/diff.h): each cost centre in ticks
 * of the profiled kernel in A and in B, sorted and cut as --sort and
 * --percent-limit ask, as a table or as diffprofile's lines.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/change.h"
#include "base/types.h"
#include "cli/diff_internal.h"
#include "config/settings.h"
#include "hw/events.h"
#include "platforms/platform.h"

/* The name the diff's own total goes by among the functions. */
static const char total_name[] = "total";

/* Simulated nanoseconds per cycle of a checked record. */
static double ns_per_cycle(const cJSON *rec)
{
	const cJSON *s = cJSON_GetObjectItem(rec, "settings");
	const cJSON *mhz = cJSON_GetObjectItem(s, "cpu_mhz");

	if (mhz)
		return 1e3 / mhz->valuedouble;
	s = cJSON_GetObjectItem(s, "platform");
	return 1e9 / (double)platform_find(s->valuestring)->hw.cpu_hz;
}

double diff_record_hz(const cJSON *rec)
{
	const cJSON *hz =
		cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "settings"), "hz");

	return hz ? hz->valuedouble : DEFAULT_HZ;
}

struct line {
	const char *fn;
	double a, b;
	double key; /* what --sort orders by, the largest first */
};

static int by_key(const void *x, const void *y)
{
	const struct line *l = x, *r = y;

	if (l->key != r->key)
		return l->key < r->key ? 1 : -1;
	return strcmp(l->fn, r->fn);
}

/*
 * @lines in @sort's order: the change, growth first; the change in
 * percent of A, a function A lacks above every other; the name.  Ties go
 * by name.
 */
static void sort_lines(struct line *lines, u32 n, enum diff_sort sort)
{
	for (u32 i = 0; i < n; i++) {
		double a = lines[i].a, b = lines[i].b;

		lines[i].key = sort == DIFF_SORT_DELTA ? b - a :
			       sort == DIFF_SORT_NAME  ? 0 :
			       a > 0		       ? pct_change(a, b) :
			       b > 0		       ? INFINITY :
							 0;
	}
	qsort(lines, n, sizeof(lines[0]), by_key);
}

/*
 * Whether --percent-limit hides @l: its change, either way, is under
 * @o->percent_limit percent of A's total @ta (B's, @tb, when A's is 0).
 */
static bool under_limit(const struct line *l, const struct diff_opts *o,
			double ta, double tb)
{
	return fabs(l->b - l->a) < o->percent_limit / 100 * (ta > 0 ? ta : tb);
}

/*
 * diffprofile's lines: whole ticks, growth first, the total (@ta, @tb)
 * among them; @lines has room for it.
 */
static void print_readprofile(struct line *lines, u32 n, double ta, double tb,
			      const struct diff_opts *o, FILE *out)
{
	lines[n++] = (struct line){ total_name, ta, tb, 0 };
	sort_lines(lines, n, o->sort);
	for (u32 i = 0; i < n; i++) {
		long long a = llround(lines[i].a), b = llround(lines[i].b);

		if (a == b || (lines[i].fn != total_name &&
			       under_limit(&lines[i], o, ta, tb)))
			continue;
		if (a)
			fprintf(out, "%10lld %8.1f%% %s\n", b - a,
				100.0 * (double)(b - a) / (double)a,
				lines[i].fn);
		else
			fprintf(out, "%10lld %9s %s\n", b, "new", lines[i].fn);
	}
}

/*
 * One pair's rows, @o->fmt's: every centre either profile has, in
 * @o->sort's order, but those --percent-limit hides; the total.  @lines
 * has room for one more (diffprofile's total).
 */
static void print_rows(struct line *lines, u32 n, const struct diff_opts *o,
		       FILE *out)
{
	double ta = 0, tb = 0;

	for (u32 i = 0; i < n; i++) {
		ta += lines[i].a;
		tb += lines[i].b;
	}
	if (o->fmt == DIFF_READPROFILE) {
		print_readprofile(lines, n, ta, tb, o, out);
		return;
	}
	sort_lines(lines, n, o->sort);
	fprintf(out, "%12s %12s %12s %9s  %s\n", "A", "B", "change", "%",
		"function");
	for (u32 i = 0; i < n; i++) {
		double d = lines[i].b - lines[i].a;

		if ((long long)(d * 10) == 0 ||
		    under_limit(&lines[i], o, ta, tb))
			continue;
		fprintf(out, "%12.1f %12.1f %+12.1f ", lines[i].a, lines[i].b,
			d);
		if (lines[i].a > 0)
			fprintf(out, "%+8.1f%%",
				pct_change(lines[i].a, lines[i].b));
		else
			fprintf(out, "%9s", "new");
		fprintf(out, "  %s\n", lines[i].fn);
	}
	fprintf(out, "%12.1f %12.1f %+12.1f ", ta, tb, tb - ta);
	if (ta > 0)
		fprintf(out, "%+8.1f%%", pct_change(ta, tb));
	else
		fprintf(out, "%9s", "");
	fprintf(out, "  %s\n", total_name);
}

void diff_print_units(FILE *out, enum diff_format fmt, bool hz_known,
		      double hz_a, double hz_b)
{
	bool rp = fmt == DIFF_READPROFILE;

	fputs(rp ? " (diffprofile: ticks" :
		   " (ticks of 1/HZ s of simulated CPU time",
	      out);
	if (hz_known) {
		fprintf(out, rp ? " at HZ=%g" : ", HZ=%g", hz_a);
		if (hz_b != hz_a)
			fprintf(out, " and HZ=%g", hz_b);
	}
	fputs(")\n", out);
}

void profile_diff_runs(const u64 *a, double a_ns_per_cycle, u32 a_hz,
		       const char *la, const u64 *b, double b_ns_per_cycle,
		       u32 b_hz, const char *lb, enum diff_format fmt,
		       FILE *out)
{
	/* Room for the total diffprofile adds. */
	struct line lines[NR_CC + 1];
	double ka = a_ns_per_cycle * a_hz / 1e9,
	       kb = b_ns_per_cycle * b_hz / 1e9;
	const struct diff_opts o = { .fmt = fmt };
	u32 n = 0;

	for (int cc = 0; cc < NR_CC; cc++)
		if (a[cc] || b[cc])
			lines[n++] = (struct line){ cc_names[cc],
						    (double)a[cc] * ka,
						    (double)b[cc] * kb, 0 };
	fprintf(out, "%s -> %s", la, lb);
	diff_print_units(out, fmt, true, a_hz, b_hz);
	print_rows(lines, n, &o, out);
}

void diff_print_pair(const cJSON *ra, const cJSON *rb,
		     const struct diff_opts *o, FILE *out)
{
	const cJSON *pa = cJSON_GetObjectItem(ra, "profile");
	const cJSON *pb = cJSON_GetObjectItem(rb, "profile");
	double ka = ns_per_cycle(ra) * diff_record_hz(ra) / 1e9;
	double kb = ns_per_cycle(rb) * diff_record_hz(rb) / 1e9;
	/* Checked: MAX_CENTRES each, every name once; and the total. */
	struct line lines[2 * MAX_CENTRES + 1];
	u32 n = 0;
	const cJSON *e;

	cJSON_ArrayForEach(e, pa)
		lines[n++] =
			(struct line){ e->string, e->valuedouble * ka, 0, 0 };
	cJSON_ArrayForEach(e, pb) {
		u32 i;

		for (i = 0; i < n && strcmp(lines[i].fn, e->string); i++)
			;
		if (i == n)
			lines[n++] = (struct line){ e->string, 0, 0, 0 };
		lines[i].b = e->valuedouble * kb;
	}
	print_rows(lines, n, o, out);
}
