// SPDX-License-Identifier: GPL-2.0-only
/*
 * Profile diffs (see cli/diff.h).  JSON is read with cJSON (Debian's
 * libcjson-dev).
 */
#include "cli/diff.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/change.h"
#include "base/hostfile.h"
#include "base/types.h"
#include "config/settings.h"
#include "hw/events.h"
#include "platforms/platform.h"

/* Most runs with a profile in one file (reproduce prints 48). */
#define MAX_RECORDS 256

/*
 * Most cost centres in one profile: four times this build's NR_CC, for
 * another version's output; it bounds the quadratic pairing of names.
 */
#define MAX_CENTRES 512

/*
 * Most members of a run, of its settings or of its params: ten times the
 * forty settings a run prints; it bounds the quadratic check of names.
 */
#define MAX_MEMBERS 512

/* A run with a profile, and where it stands ("" for the root itself). */
struct record {
	const cJSON *j;
	char path[128];
};

/* One of the two files, parsed, with its records in document order. */
struct diff_file {
	const char *name;
	char *text;
	cJSON *json;
	u32 n;
	struct record recs[MAX_RECORDS];
};

/*
 * "FILE: RECORD.FIELD: why" into @err, the field printf-style (either
 * may be "": "FILE: RECORD: why").
 * Return: -EINVAL.
 */
static __attribute__((format(printf, 6, 7))) int
bad_field(char *err, size_t errlen, const struct diff_file *f, const char *rec,
	  const char *why, const char *fmt, ...)
{
	char field[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(field, sizeof(field), fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "%s: %s%s%s%s%s", f->name, rec,
		 *rec && *field ? "." : "", field, *rec || *field ? ": " : "",
		 why);
	return -EINVAL;
}

/*
 * Why @v is not a count of cycles (@positive: not a clock either), or
 * NULL.  cJSON reads 1e999 as infinity; JSON has no NaN.
 */
static const char *bad_number(const cJSON *v, bool positive)
{
	if (!cJSON_IsNumber(v))
		return "not a number";
	if (!isfinite(v->valuedouble))
		return "not a finite number";
	if (positive && !(v->valuedouble > 0))
		return "not above 0";
	if (v->valuedouble < 0)
		return "negative";
	return NULL;
}

/*
 * The members of record @r's object @sect (@sect NULL: of the record
 * itself), checked: MAX_MEMBERS at the most, each name once; and, in
 * settings and params, each value a string or a finite number, as runs
 * print them.  A missing @sect is no error.
 */
static int check_members(const struct diff_file *f, const struct record *r,
			 const char *sect, char *err, size_t errlen)
{
	const cJSON *o = sect ? cJSON_GetObjectItemCaseSensitive(r->j, sect) :
				r->j;
	const char *field = sect ? sect : "";
	const cJSON *e, *d;
	char whybuf[64];

	if (!o)
		return 0;
	if (!cJSON_IsObject(o))
		return bad_field(err, errlen, f, r->path, "not an object", "%s",
				 field);
	if (cJSON_GetArraySize(o) > MAX_MEMBERS) {
		snprintf(whybuf, sizeof(whybuf), "more than %d members",
			 MAX_MEMBERS);
		return bad_field(err, errlen, f, r->path, whybuf, "%s", field);
	}
	cJSON_ArrayForEach(e, o) {
		const char *why = NULL;

		for (d = o->child; d != e; d = d->next)
			if (!strcmp(d->string, e->string))
				why = "given twice";
		if (!why && sect && !cJSON_IsString(e) && !cJSON_IsNumber(e))
			why = "not a string or a number";
		else if (!why && sect && cJSON_IsNumber(e) &&
			 !isfinite(e->valuedouble))
			why = "not a finite number";
		if (why)
			return bad_field(err, errlen, f, r->path, why, "%s%s%s",
					 field, *field ? "." : "", e->string);
	}
	return 0;
}

/*
 * Every member of record @r that the diff reads, checked: the profile's
 * cycles, each name once; the settings' clock, or its board when there
 * is no cpu_mhz; the labels; the members of the record, of its settings
 * and of its params.
 */
static int check_record(const struct diff_file *f, const struct record *r,
			char *err, size_t errlen)
{
	static const char *const labels[] = { "workload", "row", "op" };
	const cJSON *prof = cJSON_GetObjectItem(r->j, "profile");
	const cJSON *s = cJSON_GetObjectItem(r->j, "settings");
	const cJSON *mhz, *board, *e, *d;
	const char *why;
	char whybuf[160];
	int ret;

	if (cJSON_GetArraySize(prof) > MAX_CENTRES) {
		snprintf(whybuf, sizeof(whybuf), "more than %d cost centres",
			 MAX_CENTRES);
		return bad_field(err, errlen, f, r->path, whybuf, "profile");
	}
	cJSON_ArrayForEach(e, prof) {
		why = bad_number(e, false);
		for (d = prof->child; !why && d != e; d = d->next)
			if (!strcmp(d->string, e->string))
				why = "given twice";
		if (why)
			return bad_field(err, errlen, f, r->path, why,
					 "profile.%s", e->string);
	}
	if (!cJSON_IsObject(s))
		return bad_field(err, errlen, f, r->path,
				 s ? "not an object" : "missing", "settings");
	mhz = cJSON_GetObjectItem(s, "cpu_mhz");
	board = cJSON_GetObjectItem(s, "platform");
	d = cJSON_GetObjectItem(s, "hz");
	if (d && (why = bad_number(d, true)))
		return bad_field(err, errlen, f, r->path, why, "settings.hz");
	if (mhz && (why = bad_number(mhz, true)))
		return bad_field(err, errlen, f, r->path, why,
				 "settings.cpu_mhz");
	if (!mhz && !cJSON_IsString(board))
		return bad_field(err, errlen, f, r->path,
				 board ? "not a string" : "missing",
				 "settings.platform");
	if (!mhz && !platform_find(board->valuestring)) {
		snprintf(whybuf, sizeof(whybuf), "no board '%.100s'",
			 board->valuestring);
		return bad_field(err, errlen, f, r->path, whybuf,
				 "settings.platform");
	}
	for (size_t i = 0; i < ARRAY_SIZE(labels); i++) {
		e = cJSON_GetObjectItem(r->j, labels[i]);
		if (e && !cJSON_IsString(e))
			return bad_field(err, errlen, f, r->path,
					 "not a string", "%s", labels[i]);
	}
	ret = check_members(f, r, NULL, err, errlen);
	if (!ret)
		ret = check_members(f, r, "settings", err, errlen);
	if (!ret)
		ret = check_members(f, r, "params", err, errlen);
	return ret;
}

/*
 * Every object with a "profile" member below @j (at @path), in document
 * order, into @f, each checked.
 */
static int collect(struct diff_file *f, const cJSON *j, const char *path,
		   char *err, size_t errlen)
{
	const cJSON *prof = cJSON_GetObjectItem(j, "profile");
	const cJSON *c;
	u32 i = 0;
	int ret;

	if (cJSON_IsObject(j) && prof) {
		struct record *r = &f->recs[f->n];

		if (!cJSON_IsObject(prof))
			return bad_field(err, errlen, f, path, "not an object",
					 "profile");
		if (f->n == MAX_RECORDS) {
			snprintf(err, errlen,
				 "%s: more than %d runs with a profile",
				 f->name, MAX_RECORDS);
			return -EINVAL;
		}
		r->j = j;
		snprintf(r->path, sizeof(r->path), "%s", path);
		f->n++;
		return check_record(f, r, err, errlen);
	}
	if (!cJSON_IsObject(j) && !cJSON_IsArray(j))
		return 0;
	cJSON_ArrayForEach(c, j) {
		char sub[128];

		if (cJSON_IsArray(j))
			snprintf(sub, sizeof(sub), "%s[%u]", path, i++);
		else
			snprintf(sub, sizeof(sub), "%s%s%s", path,
				 *path ? "." : "", c->string);
		ret = collect(f, c, sub, err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Read, parse and check file @f->name: one JSON document (white space may
 * follow it, nothing else), of DIFF_MAX_BYTES at the most.
 */
static int diff_load(struct diff_file *f, char *err, size_t errlen)
{
	const char *end = NULL;
	size_t len;
	int ret;

	ret = hostfile_read(f->name, DIFF_MAX_BYTES, &f->text, &len, err,
			    errlen);
	if (ret)
		return ret;
	f->json = cJSON_ParseWithLengthOpts(f->text, len, &end, false);
	if (!f->json) {
		snprintf(err, errlen, "%s: not JSON (at byte %zu)", f->name,
			 (size_t)(end - f->text));
		return -EINVAL;
	}
	end += strspn(end, " \t\r\n");
	if (end != f->text + len) {
		snprintf(err, errlen,
			 "%s: data after the JSON document (at byte %zu)",
			 f->name, (size_t)(end - f->text));
		return -EINVAL;
	}
	return collect(f, f->json, "", err, errlen);
}

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

/* The record's HZ: settings.hz, or DEFAULT_HZ (printed only when set). */
static double record_hz(const cJSON *rec)
{
	const cJSON *hz = cJSON_GetObjectItem(
		cJSON_GetObjectItem(rec, "settings"), "hz");

	return hz ? hz->valuedouble : DEFAULT_HZ;
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

/* diffprofile's lines: whole ticks, growth first, the total among them. */
static void print_readprofile(struct line *lines, u32 n, FILE *out)
{
	double ta = 0, tb = 0;

	for (u32 i = 0; i < n; i++) {
		ta += lines[i].a;
		tb += lines[i].b;
	}
	lines[n++] = (struct line){ "total", ta, tb };
	qsort(lines, n, sizeof(lines[0]), by_change);
	for (u32 i = 0; i < n; i++) {
		long long a = llround(lines[i].a), b = llround(lines[i].b);

		if (a == b)
			continue;
		if (a)
			fprintf(out, "%10lld %8.1f%% %s\n", b - a,
				100.0 * (double)(b - a) / (double)a,
				lines[i].fn);
		else
			fprintf(out, "%10lld %9s %s\n", b, "new", lines[i].fn);
	}
}

/* One pair: every centre either profile has, growth first. */
static void print_lines(struct line *lines, u32 n, const char *la,
			const char *lb, double hz_a, double hz_b,
			enum diff_format fmt, FILE *out)
{
	double ta = 0, tb = 0;

	if (fmt == DIFF_READPROFILE) {
		fprintf(out, "%s -> %s (diffprofile: ticks at HZ=%g", la, lb,
			hz_a);
		if (hz_b != hz_a)
			fprintf(out, " and HZ=%g", hz_b);
		fprintf(out, ")\n");
		print_readprofile(lines, n, out);
		return;
	}
	for (u32 i = 0; i < n; i++) {
		ta += lines[i].a;
		tb += lines[i].b;
	}
	qsort(lines, n, sizeof(lines[0]), by_change);
	fprintf(out, "%s -> %s (ticks of 1/HZ s of simulated CPU time, HZ=%g",
		la, lb, hz_a);
	if (hz_b != hz_a)
		fprintf(out, " and HZ=%g", hz_b);
	fprintf(out, ")\n");
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

void profile_diff_runs(const u64 *a, double a_ns_per_cycle, u32 a_hz,
		       const char *la, const u64 *b, double b_ns_per_cycle,
		       u32 b_hz, const char *lb, enum diff_format fmt,
		       FILE *out)
{
	/* Room for the total diffprofile adds. */
	struct line lines[NR_CC + 1];
	double ka = a_ns_per_cycle * a_hz / 1e9, kb = b_ns_per_cycle * b_hz / 1e9;
	u32 n = 0;

	for (int cc = 0; cc < NR_CC; cc++)
		if (a[cc] || b[cc])
			lines[n++] = (struct line){ cc_names[cc],
						    (double)a[cc] * ka,
						    (double)b[cc] * kb };
	print_lines(lines, n, la, lb, a_hz, b_hz, fmt, out);
}

/* One pair of checked records. */
static void diff_pair(const cJSON *ra, const cJSON *rb, enum diff_format fmt,
		      FILE *out)
{
	const cJSON *pa = cJSON_GetObjectItem(ra, "profile");
	const cJSON *pb = cJSON_GetObjectItem(rb, "profile");
	double ka = ns_per_cycle(ra) * record_hz(ra) / 1e9;
	double kb = ns_per_cycle(rb) * record_hz(rb) / 1e9;
	/* Checked: MAX_CENTRES each, every name once; and the total. */
	struct line lines[2 * MAX_CENTRES + 1];
	char la[160];
	u32 n = 0;
	const cJSON *e;

	cJSON_ArrayForEach(e, pa)
		lines[n++] = (struct line){ e->string, e->valuedouble * ka, 0 };
	cJSON_ArrayForEach(e, pb) {
		u32 i;

		for (i = 0; i < n && strcmp(lines[i].fn, e->string); i++)
			;
		if (i == n)
			lines[n++] = (struct line){ e->string, 0, 0 };
		lines[i].b = e->valuedouble * kb;
	}
	snprintf(la, sizeof(la), "%s", label(ra));
	print_lines(lines, n, la, label(rb), record_hz(ra), record_hz(rb), fmt,
		    out);
}

int profile_diff(const char *a_path, const char *b_path,
		 enum diff_format fmt, FILE *out, char *err, size_t errlen)
{
	struct diff_file *f = calloc(2, sizeof(*f));
	int ret = -ENOMEM;

	if (!f) {
		snprintf(err, errlen, "diff: out of memory");
		return ret;
	}
	f[0].name = a_path;
	f[1].name = b_path;
	ret = diff_load(&f[0], err, errlen);
	if (!ret)
		ret = diff_load(&f[1], err, errlen);
	if (!ret && (!f[0].n || f[0].n != f[1].n)) {
		snprintf(
			err, errlen,
			"diff: %u and %u runs with a profile: they do not pair up (give each run --format json output)",
			f[0].n, f[1].n);
		ret = -EINVAL;
	}
	for (u32 i = 0; !ret && i < f[0].n; i++) {
		if (i)
			fputc('\n', out);
		diff_pair(f[0].recs[i].j, f[1].recs[i].j, fmt, out);
	}
	for (int k = 0; k < 2; k++) {
		cJSON_Delete(f[k].json);
		free(f[k].text);
	}
	free(f);
	return ret;
}
