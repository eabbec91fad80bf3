// SPDX-License-Identifier: GPL-2.0-only
/*
 * Profile diffs (see cli/diff.h): the command's arguments, and the two
 * files read and checked.  JSON is read with cJSON (Debian's
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

#include "base/hostfile.h"
#include "base/types.h"
#include "cli/diff_internal.h"
#include "platforms/platform.h"

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
		snprintf(whybuf, sizeof(whybuf),
			 "no board '%.100s' (one from a file: add --platform-file FILE)",
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

int profile_diff(const struct diff_opts *o, FILE *out, char *err, size_t errlen)
{
	struct diff *d = calloc(1, sizeof(*d));
	int ret;

	if (!d) {
		snprintf(err, errlen, "diff: out of memory");
		return -ENOMEM;
	}
	d->f[0].name = o->a;
	d->f[1].name = o->b;
	ret = diff_load(&d->f[0], err, errlen);
	if (!ret)
		ret = diff_load(&d->f[1], err, errlen);
	if (!ret)
		ret = diff_match_runs(d, err, errlen);
	if (!ret)
		diff_print(d, o, out);
	for (int k = 0; k < 2; k++) {
		cJSON_Delete(d->f[k].json);
		free(d->f[k].text);
	}
	free(d);
	return ret;
}

/*
 * Whether argv[*@i] is option @name, as "NAME VALUE" or "NAME=VALUE";
 * then *@v is the value (NULL when none follows) and *@i its index.
 */
static bool is_opt(int argc, char **argv, int *i, const char *name,
		   const char **v)
{
	size_t len = strlen(name);

	if (strncmp(argv[*i], name, len) ||
	    (argv[*i][len] && argv[*i][len] != '='))
		return false;
	if (argv[*i][len])
		*v = argv[*i] + len + 1;
	else
		*v = *i + 1 < argc ? argv[++*i] : NULL;
	return true;
}

/* --sort's value @v into *@sort.  Return: 0, or -EINVAL and why. */
static int parse_sort(const char *v, enum diff_sort *sort, char *err,
		      size_t errlen)
{
	static const char *const sorts[] = {
		[DIFF_SORT_DELTA] = "delta",
		[DIFF_SORT_PCT] = "pct",
		[DIFF_SORT_NAME] = "name",
	};

	if (!v) {
		snprintf(err, errlen, "diff: --sort needs delta, pct or name");
		return -EINVAL;
	}
	for (size_t s = 0; s < ARRAY_SIZE(sorts); s++)
		if (!strcmp(v, sorts[s])) {
			*sort = (enum diff_sort)s;
			return 0;
		}
	snprintf(err, errlen, "diff: --sort: '%.64s' is not delta, pct or name",
		 v);
	return -EINVAL;
}

/*
 * --percent-limit's value @v, a decimal from 0 to 100, into *@pct.
 * Return: 0, or -EINVAL and why.
 */
static int parse_percent(const char *v, double *pct, char *err, size_t errlen)
{
	char *end = NULL;

	if (!v) {
		snprintf(
			err, errlen,
			"diff: --percent-limit needs a percentage from 0 to 100");
		return -EINVAL;
	}
	/* Digits and a point only: strtod would take "inf", "1e1" and hex. */
	if (*v && !v[strspn(v, "0123456789.")])
		*pct = strtod(v, &end);
	if (!end || *end || !(*pct <= 100)) {
		snprintf(
			err, errlen,
			"diff: --percent-limit: '%.64s' is not a percentage from 0 to 100",
			v);
		return -EINVAL;
	}
	return 0;
}

int diff_parse_args(int argc, char **argv, struct diff_opts *o, char *err,
		    size_t errlen)
{
	const char *files[2], *v;
	bool opts = true;
	int nfiles = 0, ret = 0;

	*o = (struct diff_opts){ .fmt = DIFF_TABLE, .sort = DIFF_SORT_DELTA };
	for (int i = 0; i < argc && !ret; i++) {
		if (opts && !strcmp(argv[i], "--")) {
			opts = false;
		} else if (!opts || argv[i][0] != '-' || !argv[i][1]) {
			if (nfiles < 2)
				files[nfiles] = argv[i];
			nfiles++;
		} else if (!strcmp(argv[i], "--readprofile")) {
			o->fmt = DIFF_READPROFILE;
		} else if (is_opt(argc, argv, &i, "--sort", &v)) {
			ret = parse_sort(v, &o->sort, err, errlen);
		} else if (is_opt(argc, argv, &i, "--percent-limit", &v)) {
			ret = parse_percent(v, &o->percent_limit, err, errlen);
		} else {
			snprintf(err, errlen, "diff: unknown option '%.64s'",
				 argv[i]);
			ret = -EINVAL;
		}
	}
	if (ret)
		return ret;
	if (nfiles != 2) {
		snprintf(err, errlen, "diff: give two JSON outputs, A and B");
		return -EINVAL;
	}
	o->a = files[0];
	o->b = files[1];
	return 0;
}
