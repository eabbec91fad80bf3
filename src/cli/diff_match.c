// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which runs of two files pair up, what tells them apart and what differs
 * between them: the headers of `vmsplit diff` (see cli/diff.h).
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/types.h"
#include "cli/diff_internal.h"

/* Longest value a header or a label prints, and longest label. */
#define VALUE_LEN 96
#define LABEL_LEN 256

/* The sections of a run whose members a header compares. */
static const char sect_settings[] = "settings", sect_params[] = "params";

/* The params that count bytes, printed as dd's --bs and --total take them. */
static const char *const byte_params[] = { "bs", "total", "len" };

/* The suffixes of parse_size (config/settings.c), 1024 apart. */
static const char *const size_suffix[] = { "", "K", "M", "G" };

/* What ran: the workload, else the micro op, else "run". */
static const char *run_name(const cJSON *rec)
{
	const cJSON *w = cJSON_GetObjectItem(rec, "workload");
	const cJSON *op = cJSON_GetObjectItem(rec, "op");

	return cJSON_IsString(w)  ? w->valuestring :
	       cJSON_IsString(op) ? op->valuestring :
				    "run";
}

/* The run's board (settings.platform), or NULL when it gives a clock. */
static const char *run_board(const cJSON *rec)
{
	const cJSON *b = cJSON_GetObjectItem(
		cJSON_GetObjectItem(rec, "settings"), "platform");

	return cJSON_IsString(b) ? b->valuestring : NULL;
}

/*
 * Member @k of run @rec, or NULL: one of the run's own strings (its other
 * members are results, metrics and events, not what was asked for), or
 * a setting or a param (checked: a string or a finite number).
 */
static const cJSON *member(const cJSON *rec, const struct key *k)
{
	const cJSON *v;

	if (k->sect)
		return cJSON_GetObjectItemCaseSensitive(
			cJSON_GetObjectItemCaseSensitive(rec, k->sect),
			k->name);
	v = cJSON_GetObjectItemCaseSensitive(rec, k->name);
	return cJSON_IsString(v) ? v : NULL;
}

/* Whether two members hold the same value; two absent ones do. */
static bool same(const cJSON *x, const cJSON *y)
{
	return x == y || (x && y && cJSON_Compare(x, y, true));
}

/*
 * @s into @buf for standard output, cut to fit: a control character as
 * '?' so that a header stays one line; @quote: in double quotes when it
 * holds a comma or a space, which separate a label's parts.
 * Return: @buf.
 */
static const char *clean(char *buf, size_t len, const char *s, bool quote)
{
	bool q = quote && strpbrk(s, ", ");
	size_t o = 0;

	if (q)
		buf[o++] = '"';
	/* Room for the closing quote and the NUL. */
	for (; *s && o + 2 < len; s++) {
		unsigned char c = (unsigned char)*s;

		buf[o++] = c < 0x20 || c == 0x7f ? '?' : (char)c;
	}
	if (q)
		buf[o++] = '"';
	buf[o] = '\0';
	return buf;
}

/*
 * Value @v of member @k as a header or a label prints it, in @buf of
 * VALUE_LEN: a string cleaned and quoted (clean), a param that counts
 * bytes as --bs takes it ("4K"), another number in its shortest form,
 * "(none)" when absent.  Return: @buf.
 */
static const char *show(char *buf, const struct key *k, const cJSON *v)
{
	bool bytes = false;

	if (!v)
		return clean(buf, VALUE_LEN, "(none)", false);
	if (cJSON_IsString(v))
		return clean(buf, VALUE_LEN, v->valuestring, true);
	for (size_t i = 0;
	     k->sect == sect_params && i < ARRAY_SIZE(byte_params); i++)
		bytes |= !strcmp(k->name, byte_params[i]);
	/* Whole bytes that a u64 holds exactly (2^53). */
	if (bytes && v->valuedouble >= 1 && v->valuedouble < 0x1p53 &&
	    v->valuedouble == floor(v->valuedouble)) {
		u64 n = (u64)v->valuedouble;
		size_t sh = 0;

		while (sh + 1 < ARRAY_SIZE(size_suffix) && !(n % 1024)) {
			n /= 1024;
			sh++;
		}
		snprintf(buf, VALUE_LEN, "%llu%s", (unsigned long long)n,
			 size_suffix[sh]);
		return buf;
	}
	snprintf(buf, VALUE_LEN, "%.15g", v->valuedouble);
	return buf;
}

/* "NAME A -> B": what changed in a pair, for a header. */
static void print_change(FILE *out, const struct change *c)
{
	char name[VALUE_LEN], a[VALUE_LEN], b[VALUE_LEN];

	fprintf(out, "%s %s -> %s", clean(name, sizeof(name), c->k.name, false),
		show(a, &c->k, c->a), show(b, &c->k, c->b));
}

/* A name that may label runs, unless it is one already or MAX_KEYS are. */
static void add_cand(struct diff *d, const char *sect, const char *name)
{
	for (u32 i = 0; i < d->ncand; i++)
		if (d->cand[i].sect == sect && !strcmp(d->cand[i].name, name))
			return;
	if (d->ncand < MAX_KEYS)
		d->cand[d->ncand++] = (struct key){ sect, name };
}

/*
 * The names that may label runs, in the order the files first give
 * them: the runs' own strings (experiment, row, tso: reproduce's rows and
 * columns), then their params (bs); and each run's value of each, once,
 * in d->val for the quadratic searches.
 */
static void find_cands(struct diff *d)
{
	const cJSON *e;

	for (int params = 0; params < 2; params++)
		for (int k = 0; k < 2; k++)
			for (u32 i = 0; i < d->f[k].n; i++) {
				const cJSON *r = d->f[k].recs[i].j;

				if (params)
					r = cJSON_GetObjectItemCaseSensitive(
						r, sect_params);
				cJSON_ArrayForEach(e, r)
					if (params || cJSON_IsString(e))
						add_cand(d,
							 params ? sect_params :
								  NULL,
							 e->string);
			}
	for (int k = 0; k < 2; k++)
		for (u32 i = 0; i < d->f[k].n; i++)
			for (u32 c = 0; c < d->ncand; c++)
				d->val[k][i][c] =
					member(d->f[k].recs[i].j, &d->cand[c]);
}

/*
 * Whether run @i of file @k and run @j of file @l have the same value of
 * each label chosen so far.
 */
static bool agree(const struct diff *d, int k, u32 i, int l, u32 j)
{
	for (u32 c = 0; c < d->nkeys; c++)
		if (!same(d->val[k][i][d->key[c]], d->val[l][j][d->key[c]]))
			return false;
	return true;
}

/*
 * The labels: each candidate that tells apart two runs of one file which
 * the labels before it do not.  A name that follows from earlier ones
 * (reproduce's "kind" from its "row", dd's default total from its bs,
 * lmbench's "command" from its "test") stays out.
 */
static void choose_keys(struct diff *d)
{
	for (u32 c = 0; c < d->ncand; c++) {
		bool tells = false;

		for (int k = 0; k < 2 && !tells; k++)
			for (u32 i = 0; i < d->f[k].n && !tells; i++)
				for (u32 j = i + 1; j < d->f[k].n && !tells;
				     j++)
					tells = agree(d, k, i, k, j) &&
						!same(d->val[k][i][c],
						      d->val[k][j][c]);
		if (tells)
			d->key[d->nkeys++] = c;
	}
}

/*
 * Run @i of file @k's label in @buf: "NAME=VALUE" for each label it has,
 * ", " between them; its place in the file ("[1]") when it has none.
 * Return: @buf.
 */
static const char *run_label(const struct diff *d, int k, u32 i, char *buf,
			     size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (u32 c = 0; c < d->nkeys && o < len; c++) {
		const struct key *key = &d->cand[d->key[c]];
		const cJSON *v = d->val[k][i][d->key[c]];
		char name[VALUE_LEN], val[VALUE_LEN];

		if (v)
			o += (size_t)snprintf(
				buf + o, len - o, "%s%s=%s", o ? ", " : "",
				clean(name, sizeof(name), key->name, false),
				show(val, key, v));
	}
	if (!buf[0])
		clean(buf, len, d->f[k].recs[i].path, false);
	return buf;
}

/* Whether file @f has a run of workload @w. */
static bool runs(const struct diff_file *f, const char *w)
{
	for (u32 i = 0; i < f->n; i++)
		if (!strcmp(run_name(f->recs[i].j), w))
			return true;
	return false;
}

int diff_match_runs(struct diff *d, char *err, size_t errlen)
{
	struct diff_file *a = &d->f[0], *b = &d->f[1];
	const char *wa = NULL, *wb = NULL;
	char la[LABEL_LEN], lb[LABEL_LEN];
	u32 i, j;

	for (int k = 0; k < 2; k++)
		if (!d->f[k].n) {
			snprintf(
				err, errlen,
				"diff: %s has no run with a profile: nothing to pair up (give each run --format json output)",
				d->f[k].name);
			return -EINVAL;
		}
	for (i = 0; i < a->n && !wa; i++)
		if (!runs(b, run_name(a->recs[i].j)))
			wa = run_name(a->recs[i].j);
	for (j = 0; j < b->n && !wb; j++)
		if (!runs(a, run_name(b->recs[j].j)))
			wb = run_name(b->recs[j].j);
	if (wa || wb) {
		snprintf(err, errlen,
			 "diff: different workloads: %s runs %.64s, %s %s%.64s",
			 wa ? a->name : b->name, wa ? wa : wb,
			 wa ? b->name : a->name,
			 wa && wb ? "runs " : "does not", wa && wb ? wb : "");
		return -EINVAL;
	}
	if (a->n != b->n) {
		snprintf(
			err, errlen,
			"diff: %s has %u run%s with a profile, %s has %u: they do not pair up",
			a->name, a->n, a->n == 1 ? "" : "s", b->name, b->n);
		return -EINVAL;
	}
	find_cands(d);
	choose_keys(d);
	for (i = 0; i < a->n; i++) {
		const char *w = run_name(a->recs[i].j);

		for (j = 0; j < b->n; j++)
			if (!b->recs[j].taken &&
			    !strcmp(run_name(b->recs[j].j), w) &&
			    agree(d, 0, i, 1, j))
				break;
		if (j == b->n)
			break;
		a->recs[i].partner = j;
		b->recs[j].taken = true;
	}
	if (i == a->n)
		return 0;
	/* As many runs, so one of B's is left over too. */
	for (j = 0; b->recs[j].taken; j++)
		;
	snprintf(err, errlen,
		 "diff: runs that do not pair up: %s's %.64s %s, %s's %.64s %s",
		 a->name, run_name(a->recs[i].j),
		 run_label(d, 0, i, la, sizeof(la)), b->name,
		 run_name(b->recs[j].j), run_label(d, 1, j, lb, sizeof(lb)));
	return -EINVAL;
}

/*
 * The members of section @sect (NULL: the runs' own strings) of runs @ra
 * and @rb whose values differ, appended to @c at @n: A's in its order,
 * then those only B has.  Of the runs' own strings, not the workload
 * (paired runs share it) nor a name the settings have too ("platform").
 * Return: the new count.
 */
static u32 sect_changes(const cJSON *ra, const cJSON *rb, const char *sect,
			struct change *c, u32 n)
{
	const cJSON *sa = cJSON_GetObjectItemCaseSensitive(ra, sect_settings);
	const cJSON *sb = cJSON_GetObjectItemCaseSensitive(rb, sect_settings);
	const cJSON *side[2] = { ra, rb };
	const cJSON *e;

	for (int s = 0; s < 2; s++) {
		const cJSON *o =
			sect ? cJSON_GetObjectItemCaseSensitive(side[s], sect) :
			       side[s];

		cJSON_ArrayForEach(e, o) {
			struct key k = { sect, e->string };
			const cJSON *va = member(ra, &k), *vb = member(rb, &k);

			if (!sect &&
			    (!cJSON_IsString(e) ||
			     !strcmp(e->string, "workload") ||
			     cJSON_GetObjectItemCaseSensitive(sa, k.name) ||
			     cJSON_GetObjectItemCaseSensitive(sb, k.name)))
				continue;
			/* B's pass: only what A lacks. */
			if ((!s || !va) && !same(va, vb))
				c[n++] = (struct change){ k, va, vb };
		}
	}
	return n;
}

/* Pair @i's changes (A's run @i and its partner) into d->scratch. */
static u32 pair_changes(struct diff *d, u32 i)
{
	const cJSON *ra = d->f[0].recs[i].j;
	const cJSON *rb = d->f[1].recs[d->f[0].recs[i].partner].j;
	u32 n = sect_changes(ra, rb, sect_settings, d->scratch, 0);

	n = sect_changes(ra, rb, sect_params, d->scratch, n);
	return sect_changes(ra, rb, NULL, d->scratch, n);
}

/* The first pair's changes that every pair has, the same, in d->common. */
static void find_common(struct diff *d)
{
	u32 n = pair_changes(d, 0);

	for (u32 c = 0; c < n; c++) {
		const struct change *ch = &d->scratch[c];
		bool all = true;

		for (u32 i = 1; i < d->f[0].n && all; i++) {
			const struct record *r = &d->f[0].recs[i];

			all = same(member(r->j, &ch->k), ch->a) &&
			      same(member(d->f[1].recs[r->partner].j, &ch->k),
				   ch->b);
		}
		if (all)
			d->common[d->ncommon++] = *ch;
	}
}

/* Whether the header names member @k: it changes alike in every pair. */
static bool is_common(const struct diff *d, const struct key *k)
{
	for (u32 c = 0; c < d->ncommon; c++)
		if (d->common[c].k.sect == k->sect &&
		    !strcmp(d->common[c].k.name, k->name))
			return true;
	return false;
}

void diff_print(struct diff *d, const struct diff_opts *o, FILE *out)
{
	const struct diff_file *a = &d->f[0], *b = &d->f[1];
	const cJSON *a0 = a->recs[0].j, *b0 = b->recs[a->recs[0].partner].j;
	const char *w = run_name(a0), *board = run_board(a0), *sep = ": ";
	bool one_hz = true, extras = false;
	char buf[LABEL_LEN];

	find_common(d);
	for (u32 i = 0; i < a->n; i++) {
		const cJSON *ra = a->recs[i].j;
		const cJSON *rb = b->recs[a->recs[i].partner].j;

		/* Every pair's changes include the common ones. */
		extras |= pair_changes(d, i) != d->ncommon;
		one_hz &= diff_record_hz(ra) == diff_record_hz(a0) &&
			  diff_record_hz(rb) == diff_record_hz(b0);
		if (w && (strcmp(run_name(ra), w) || strcmp(run_name(rb), w)))
			w = NULL;
		for (int k = 0; k < 2 && board; k++) {
			const char *rbd = run_board(k ? rb : ra);

			if (!rbd || strcmp(rbd, board))
				board = NULL;
		}
	}
	fprintf(out, "%s -> %s", o->a, o->b);
	if (w) {
		fprintf(out, "%s%s", sep, clean(buf, sizeof(buf), w, false));
		if (board)
			fprintf(out, " on %s",
				clean(buf, sizeof(buf), board, false));
		sep = ", ";
	}
	for (u32 c = 0; c < d->ncommon; c++, sep = ", ") {
		fputs(sep, out);
		print_change(out, &d->common[c]);
	}
	if (!d->ncommon && !extras)
		fprintf(out, "%sthe same settings", sep);
	diff_print_units(out, o->fmt, one_hz, diff_record_hz(a0),
			 diff_record_hz(b0));
	for (u32 i = 0; i < a->n; i++) {
		const cJSON *ra = a->recs[i].j;
		const cJSON *rb = b->recs[a->recs[i].partner].j;

		if (a->n > 1) {
			u32 n = pair_changes(d, i);

			fprintf(out, "\n%s",
				run_label(d, 0, i, buf, sizeof(buf)));
			sep = ": ";
			for (u32 c = 0; c < n; c++) {
				if (is_common(d, &d->scratch[c].k))
					continue;
				fputs(sep, out);
				print_change(out, &d->scratch[c]);
				sep = ", ";
			}
			if (!one_hz) {
				fprintf(out, " (HZ=%g", diff_record_hz(ra));
				if (diff_record_hz(rb) != diff_record_hz(ra))
					fprintf(out, " and HZ=%g",
						diff_record_hz(rb));
				fputc(')', out);
			}
			fputc('\n', out);
		}
		diff_print_pair(ra, rb, o, out);
	}
}
