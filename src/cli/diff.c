// SPDX-License-Identifier: GPL-2.0-only
/*
 * Profile diffs (see cli/diff.h).  JSON is read with cJSON (Debian's
 * libcjson-dev).
 */
#include "cli/diff.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/change.h"
#include "base/types.h"
#include "hw/events.h"
#include "platforms/platform.h"

#define MAX_RECORDS 256

static char *slurp(const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f) {
		snprintf(err, errlen, "diff: cannot open '%s'", path);
		return NULL;
	}
	do {
		if (len + 4096 + 1 > cap) {
			char *nb;

			cap = cap ? 2 * cap : 65536;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				snprintf(err, errlen, "diff: out of memory");
				return NULL;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, 4096, f);
		len += n;
	} while (n);
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* Every object with a "profile" member, in document order. */
static void collect(const cJSON *j, const cJSON **recs, u32 *n)
{
	const cJSON *c;

	if (cJSON_IsObject(j) && cJSON_IsObject(cJSON_GetObjectItem(j, "profile"))) {
		if (*n < MAX_RECORDS)
			recs[(*n)++] = j;
		return;
	}
	if (cJSON_IsObject(j) || cJSON_IsArray(j))
		cJSON_ArrayForEach(c, j)
			collect(c, recs, n);
}

/* Simulated nanoseconds per cycle of a record's board and clock. */
static double ns_per_cycle(const cJSON *rec)
{
	const cJSON *s = cJSON_GetObjectItem(rec, "settings");
	const cJSON *name = cJSON_GetObjectItem(s, "platform");
	const cJSON *mhz = cJSON_GetObjectItem(s, "cpu_mhz");
	const struct platform *p;

	if (cJSON_IsNumber(mhz) && mhz->valuedouble > 0)
		return 1e3 / mhz->valuedouble;
	if (!cJSON_IsString(name))
		return 0;
	p = platform_find(name->valuestring);
	return p ? 1e9 / (double)p->hw.cpu_hz : 0;
}

static const char *label(const cJSON *rec)
{
	static char buf[160];
	const cJSON *w = cJSON_GetObjectItem(rec, "workload");
	const cJSON *row = cJSON_GetObjectItem(rec, "row");
	const cJSON *op = cJSON_GetObjectItem(rec, "op");

	snprintf(buf, sizeof(buf), "%s%s%s",
		 cJSON_IsString(w) ? w->valuestring :
		 cJSON_IsString(op) ? op->valuestring : "run",
		 cJSON_IsString(row) ? ", " : "",
		 cJSON_IsString(row) ? row->valuestring : "");
	return buf;
}

struct line {
	const char *fn;
	double a, b;
};

static int by_change(const void *x, const void *y)
{
	const struct line *l = x, *r = y;
	double dl = l->b - l->a, dr = r->b - r->a;

	if (dl != dr)
		return dl < dr ? 1 : -1;
	return strcmp(l->fn, r->fn);
}

/* One pair: every centre either profile has, growth first. */
static void print_lines(struct line *lines, u32 n, const char *la,
			const char *lb, FILE *out)
{
	double ta = 0, tb = 0;

	for (u32 i = 0; i < n; i++) {
		ta += lines[i].a;
		tb += lines[i].b;
	}
	qsort(lines, n, sizeof(lines[0]), by_change);
	fprintf(out, "%s -> %s (ticks of %d ns of simulated CPU time)\n", la,
		lb, PROFILE_TICK_NS);
	fprintf(out, "%12s %12s %12s %9s  %s\n", "A", "B", "change", "%",
		"function");
	for (u32 i = 0; i < n; i++) {
		double d = lines[i].b - lines[i].a;

		if ((long long)(d * 10) == 0)
			continue;
		fprintf(out, "%12.1f %12.1f %+12.1f ", lines[i].a, lines[i].b,
			d);
		if (lines[i].a > 0)
			fprintf(out, "%+8.1f%%", pct_change(lines[i].a, lines[i].b));
		else
			fprintf(out, "%9s", "new");
		fprintf(out, "  %s\n", lines[i].fn);
	}
	fprintf(out, "%12.1f %12.1f %+12.1f ", ta, tb, tb - ta);
	if (ta > 0)
		fprintf(out, "%+8.1f%%", pct_change(ta, tb));
	else
		fprintf(out, "%9s", "");
	fprintf(out, "  total\n");
}

void profile_diff_runs(const u64 *a, double a_ns_per_cycle, const char *la,
		       const u64 *b, double b_ns_per_cycle, const char *lb,
		       FILE *out)
{
	struct line lines[NR_CC];
	u32 n = 0;

	for (int cc = 0; cc < NR_CC; cc++)
		if (a[cc] || b[cc])
			lines[n++] = (struct line){
				cc_names[cc],
				(double)a[cc] * a_ns_per_cycle / PROFILE_TICK_NS,
				(double)b[cc] * b_ns_per_cycle / PROFILE_TICK_NS
			};
	print_lines(lines, n, la, lb, out);
}

static int diff_pair(const cJSON *ra, const cJSON *rb, FILE *out, char *err,
		     size_t errlen)
{
	const cJSON *pa = cJSON_GetObjectItem(ra, "profile");
	const cJSON *pb = cJSON_GetObjectItem(rb, "profile");
	double ka = ns_per_cycle(ra) / PROFILE_TICK_NS;
	double kb = ns_per_cycle(rb) / PROFILE_TICK_NS;
	struct line lines[NR_CC * 2];
	char la[160];
	u32 n = 0;
	const cJSON *e;

	if (!ka || !kb) {
		snprintf(err, errlen, "diff: a record names no known platform");
		return -EINVAL;
	}
	cJSON_ArrayForEach(e, pa)
		lines[n++] = (struct line){ e->string, e->valuedouble * ka, 0 };
	cJSON_ArrayForEach(e, pb) {
		u32 i;

		for (i = 0; i < n && strcmp(lines[i].fn, e->string); i++)
			;
		if (i == n) {
			if (n == ARRAY_SIZE(lines))
				break;
			lines[n++] = (struct line){ e->string, 0, 0 };
		}
		lines[i].b = e->valuedouble * kb;
	}
	snprintf(la, sizeof(la), "%s", label(ra));
	print_lines(lines, n, la, label(rb), out);
	return 0;
}

int profile_diff(const char *a_path, const char *b_path, FILE *out, char *err,
		 size_t errlen)
{
	char *ta = slurp(a_path, err, errlen), *tb = NULL;
	cJSON *ja = NULL, *jb = NULL;
	const cJSON *ra[MAX_RECORDS], *rb[MAX_RECORDS];
	u32 na = 0, nb = 0;
	int ret = -EINVAL;

	if (!ta)
		return -ENOENT;
	tb = slurp(b_path, err, errlen);
	if (!tb) {
		free(ta);
		return -ENOENT;
	}
	ja = cJSON_Parse(ta);
	jb = cJSON_Parse(tb);
	if (!ja || !jb) {
		snprintf(err, errlen, "diff: '%s' is not JSON",
			 ja ? b_path : a_path);
		goto out;
	}
	collect(ja, ra, &na);
	collect(jb, rb, &nb);
	if (!na || na != nb) {
		snprintf(err, errlen,
			 "diff: %u and %u runs with a profile: they do not pair up (give each run --format json output)",
			 na, nb);
		goto out;
	}
	ret = 0;
	for (u32 i = 0; i < na && !ret; i++) {
		if (i)
			fputc('\n', out);
		ret = diff_pair(ra[i], rb[i], out, err, errlen);
	}
out:
	cJSON_Delete(ja);
	cJSON_Delete(jb);
	free(ta);
	free(tb);
	return ret;
}
