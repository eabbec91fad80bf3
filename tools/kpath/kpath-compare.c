// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpath-compare.c - two measured tables side by side (kpath-compare.h;
 * `kpath-analyze --compare A.tsv B.tsv`, data/kpath/README.md).
 */
#include "kpath-compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A move smaller than a table row's own threshold (kp_write_tsv) is not
 * printed. */
#define MOVED_MIN 0.05

/* Copy a tab-delimited field of @p into @dst (size @n); NULL if too long
 * or missing, else the text after the field's tab (or its end). */
static const char *field(const char *p, char *dst, size_t n)
{
	size_t len = strcspn(p, "\t\n");

	if (!len || len >= n)
		return NULL;
	memcpy(dst, p, len);
	dst[len] = 0;
	p += len;
	return *p == '\t' ? p + 1 : p;
}

int kp_table_load(struct kp_table *t, FILE *f)
{
	char line[1024], kernel[KP_NAME];
	size_t cap = 0;
	long lineno = 1;

	memset(t, 0, sizeof(*t));
	if (!fgets(line, sizeof(line), f) || strcmp(line, kp_tsv_header)) {
		fprintf(stderr, "kpath-compare: no table header\n");
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct kp_trow r;
		const char *p = line;

		lineno++;
		p = field(p, kernel, sizeof(kernel));
		if (p)
			p = field(p, r.config, sizeof(r.config));
		if (p)
			p = field(p, r.op, sizeof(r.op));
		if (p)
			p = field(p, r.func, sizeof(r.func));
		if (!p || sscanf(p, "%lf\t%lf\t%lf", &r.insns, &r.calls,
				 &r.lines) != 3) {
			fprintf(stderr, "kpath-compare: line %ld malformed\n",
				lineno);
			goto fail;
		}
		if (!t->n) {
			strcpy(t->kernel, kernel);
		} else if (strcmp(t->kernel, kernel)) {
			fprintf(stderr,
				"kpath-compare: line %ld: kernel %s, not %s\n",
				lineno, kernel, t->kernel);
			goto fail;
		}
		if (t->n == cap) {
			size_t ncap = cap ? 2 * cap : 1024;
			struct kp_trow *v = realloc(t->v, ncap * sizeof(*v));

			if (!v)
				goto fail;
			t->v = v;
			cap = ncap;
		}
		t->v[t->n++] = r;
	}
	if (!t->n) {
		fprintf(stderr, "kpath-compare: no rows\n");
		return -1;
	}
	return 0;
fail:
	kp_table_free(t);
	return -1;
}

void kp_table_free(struct kp_table *t)
{
	free(t->v);
	memset(t, 0, sizeof(*t));
}

static int in_group(const struct kp_trow *r, const char *config, const char *op)
{
	return !strcmp(r->config, config) && !strcmp(r->op, op);
}

int kp_table_total(const struct kp_table *t, const char *config, const char *op,
		   double *insns)
{
	for (size_t i = 0; i < t->n; i++)
		if (in_group(&t->v[i], config, op) &&
		    !strcmp(t->v[i].func, "[total]")) {
			*insns = t->v[i].insns;
			return 0;
		}
	return -1;
}

/* The rows that sum others up; "[vectors]" is code and is not one. */
static int is_summary(const char *func)
{
	return !strcmp(func, "[total]") || !strcmp(func, "[total_rep1]") ||
	       !strcmp(func, "[user]") || !strncmp(func, "[ctx:", 5);
}

static int cmp_delta_name(const void *x, const void *y)
{
	return strcmp(((const struct kp_delta *)x)->func,
		      ((const struct kp_delta *)y)->func);
}

static int cmp_delta_moved(const void *x, const void *y)
{
	const struct kp_delta *p = x, *q = y;
	double dp = fabs(p->b - p->a), dq = fabs(q->b - q->a);

	if (dp != dq)
		return dp < dq ? 1 : -1;
	return strcmp(p->func, q->func);
}

long kp_compare_op(const struct kp_table *a, const struct kp_table *b,
		   const char *config, const char *op, struct kp_delta **out)
{
	const struct kp_table *side[2] = { a, b };
	struct kp_delta *d = NULL;
	size_t n = 0, cap = 0, m = 0;

	/* Every function row of both sides under its base name ... */
	for (int s = 0; s < 2; s++) {
		for (size_t i = 0; i < side[s]->n; i++) {
			const struct kp_trow *r = &side[s]->v[i];

			if (!in_group(r, config, op) || is_summary(r->func))
				continue;
			if (n == cap) {
				size_t ncap = cap ? 2 * cap : 256;
				struct kp_delta *v =
					realloc(d, ncap * sizeof(*v));

				if (!v) {
					free(d);
					return -1;
				}
				d = v;
				cap = ncap;
			}
			strcpy(d[n].func, r->func);
			/* GCC's clones (.constprop.0, .part.0, .isra.0)
			 * are the function's own code. */
			d[n].func[strcspn(d[n].func, ".")] = 0;
			d[n].a = s ? 0 : r->insns;
			d[n].b = s ? r->insns : 0;
			n++;
		}
	}
	/* ... sorted by it, and the rows of one name summed. */
	if (n)
		qsort(d, n, sizeof(*d), cmp_delta_name);
	for (size_t i = 0; i < n; i++) {
		if (m && !strcmp(d[m - 1].func, d[i].func)) {
			d[m - 1].a += d[i].a;
			d[m - 1].b += d[i].b;
		} else {
			d[m++] = d[i];
		}
	}
	if (m)
		qsort(d, m, sizeof(*d), cmp_delta_moved);
	*out = d;
	return (long)m;
}

static int print_config(const struct kp_table *a, const struct kp_table *b,
			const char *config, int top, FILE *out)
{
	fprintf(out, "### %s: %s -> %s\n\n", config, a->kernel, b->kernel);
	fprintf(out, "| operation | %s | %s | B - A | B / A |\n", a->kernel,
		b->kernel);
	fprintf(out, "|---|---|---|---|---|\n");
	for (size_t i = 0; i < a->n; i++) {
		const struct kp_trow *r = &a->v[i];
		double ta, tb;

		if (strcmp(r->config, config) || strcmp(r->func, "[total]") ||
		    kp_table_total(b, config, r->op, &tb))
			continue;
		ta = r->insns;
		fprintf(out, "| `%s` | %.2f | %.2f | %+.2f | %.3f |\n", r->op,
			ta, tb, tb - ta, ta != 0 ? tb / ta : 0.0);
	}
	fprintf(out, "\nFunctions that moved most (instructions per op, "
		     "A -> B):\n\n");
	for (size_t i = 0; i < a->n; i++) {
		const struct kp_trow *r = &a->v[i];
		struct kp_delta *d;
		double tb;
		long n;

		if (strcmp(r->config, config) || strcmp(r->func, "[total]") ||
		    kp_table_total(b, config, r->op, &tb))
			continue;
		n = kp_compare_op(a, b, config, r->op, &d);
		if (n < 0)
			return -1;
		fprintf(out, "- `%s`:", r->op);
		/* Sorted by |B - A|: stop at the tables' own threshold. */
		for (long k = 0;
		     k < n && k < top && fabs(d[k].b - d[k].a) >= MOVED_MIN;
		     k++)
			fprintf(out, "%s %s %+.2f (%.2f -> %.2f)", k ? ";" : "",
				d[k].func, d[k].b - d[k].a, d[k].a, d[k].b);
		fprintf(out, "\n");
		free(d);
	}
	/* Operations one table has and the other lacks. */
	for (int s = 0; s < 2; s++) {
		const struct kp_table *t = s ? b : a, *o = s ? a : b;

		for (size_t i = 0; i < t->n; i++) {
			double x;

			if (!strcmp(t->v[i].config, config) &&
			    !strcmp(t->v[i].func, "[total]") &&
			    kp_table_total(o, config, t->v[i].op, &x))
				fprintf(out, "- `%s`: only in %s\n", t->v[i].op,
					t->kernel);
		}
	}
	fprintf(out, "\n");
	return 0;
}

#define MAXCONFIG 16

int kp_compare_print(const struct kp_table *a, const struct kp_table *b,
		     const char *config, int top, FILE *out)
{
	const char *done[MAXCONFIG];
	int ndone = 0;

	/* Each configuration once, in the order A first shows it. */
	for (size_t i = 0; i < a->n; i++) {
		const char *c = a->v[i].config;
		int k = 0;

		if (config && strcmp(c, config))
			continue;
		while (k < ndone && strcmp(done[k], c))
			k++;
		if (k < ndone)
			continue;
		if (ndone == MAXCONFIG || print_config(a, b, c, top, out))
			return -1;
		done[ndone++] = c;
	}
	return ferror(out) ? -1 : 0;
}
