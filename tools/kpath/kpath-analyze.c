// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpath-analyze.c - per-operation rows from kpath plugin dumps.
 *
 * The dump holds, per window, executions per (context, kernel pc).  The
 * labelled windows of each operation are summed per side (A: the smaller
 * N, B: the larger) into one hash of cells; rows are computed from the
 * per-op difference of the side means.  Definitions (also in
 * data/kpath/README.md):
 *
 *   insns_per_op	sum over the function's pcs of the per-op difference
 *   calls_per_op	per-op difference of executions of the function's first
 *			instruction (its kallsyms address)
 *   text_lines_per_op	sum over the function's 64-byte lines of
 *			min(1, e), e = the per-op difference of the line's
 *			most executed instruction, for e > 0: a line run at
 *			least once per op counts 1, a line run on every 8th
 *			op counts 1/8, a line run once per window by chance
 *			counts ~1/(N_B - N_A).  Only for functions with
 *			insns_per_op > 0; the [total] row sums them.
 */
#include "kpath-analyze.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LINE_SHIFT 6 /* 64-byte text lines */
#define SYM_REACH 0x10000u /* no kernel function is longer than 64 KiB */
#define ARM_VECTORS 0xffff0000u /* ARM's vector page, absent from kallsyms */
#define CTX_KEXC 1 /* plugin context id of kernel-mode exceptions */

const char kp_tsv_header[] = "kernel\tconfig\toperation\tfunction\t"
			     "insns_per_op\tcalls_per_op\ttext_lines_per_op\n";

/*
 * Section and region labels (__irqentry_text_end, _etext, ...) share their
 * address with the function that follows; that function names the code.
 */
static int is_label(const char *name)
{
	size_t len = strlen(name);

	if (name[0] != '_')
		return 0;
	return (len > 4 && !strcmp(name + len - 4, "_end")) ||
	       (len > 6 && !strcmp(name + len - 6, "_start")) ||
	       !strcmp(name, "_stext") || !strcmp(name, "_etext") ||
	       !strcmp(name, "_text") || !strcmp(name, "_sinittext") ||
	       !strcmp(name, "_einittext");
}

/*
 * How well a name names the code at its address: a plain name (memcpy,
 * entry_SYSENTER_32) beats an underscored alias (__memcpy,
 * __begin_SYSENTER_singlestep_region), which beats a label.
 */
static int rank(const char *name)
{
	return is_label(name) ? 2 : name[0] == '_';
}

/* By address; at one address the best name first, then by name. */
static int cmp_sym(const void *a, const void *b)
{
	const struct kp_sym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (rank(x->name) != rank(y->name))
		return rank(x->name) - rank(y->name);
	return strcmp(x->name, y->name);
}

int kp_syms_load(struct kp_syms *s, FILE *f)
{
	char line[512], type, name[KP_NAME];
	unsigned int addr;
	size_t cap = 0;

	s->v = NULL;
	s->n = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%x %c %127s", &addr, &type, name) != 3)
			continue;
		if (type != 't' && type != 'T' && type != 'w' && type != 'W')
			continue;
		if (s->n == cap) {
			struct kp_sym *v;

			cap = cap ? 2 * cap : 4096;
			v = realloc(s->v, cap * sizeof(*v));
			if (!v)
				return -1;
			s->v = v;
		}
		s->v[s->n].addr = addr;
		strcpy(s->v[s->n].name, name);
		s->n++;
	}
	if (!s->n)
		return -1;
	qsort(s->v, s->n, sizeof(*s->v), cmp_sym);
	/* Keep the first symbol of each address (see cmp_sym). */
	{
		size_t out = 1;

		for (size_t i = 1; i < s->n; i++)
			if (s->v[i].addr != s->v[out - 1].addr)
				s->v[out++] = s->v[i];
		s->n = out;
	}
	return 0;
}

long kp_syms_find(const struct kp_syms *s, uint32_t pc)
{
	size_t lo = 0, hi = s->n;

	/* First symbol above pc, then step back one. */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->v[mid].addr <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || pc - s->v[lo - 1].addr >= SYM_REACH)
		return -1;
	return (long)lo - 1;
}

void kp_syms_free(struct kp_syms *s)
{
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

static struct kp_op *op_get(struct kp_run *r, const char *name, int *idx)
{
	struct kp_op *ops;

	for (size_t i = 0; i < r->nops; i++)
		if (!strcmp(r->ops[i].name, name)) {
			*idx = (int)i;
			return &r->ops[i];
		}
	ops = realloc(r->ops, (r->nops + 1) * sizeof(*ops));
	if (!ops)
		return NULL;
	r->ops = ops;
	memset(&ops[r->nops], 0, sizeof(ops[0]));
	strcpy(ops[r->nops].name, name);
	ops[r->nops].entries[0] = calloc(KP_MAXCTX, sizeof(uint64_t));
	ops[r->nops].entries[1] = calloc(KP_MAXCTX, sizeof(uint64_t));
	if (!ops[r->nops].entries[0] || !ops[r->nops].entries[1])
		return NULL;
	*idx = (int)r->nops;
	return &ops[r->nops++];
}

int kp_labels_load(struct kp_run *r, FILE *log)
{
	char line[512], name[KP_NAME];
	int win;
	long n;

	memset(r, 0, sizeof(*r));
	while (fgets(line, sizeof(line), log)) {
		struct kp_label *l;
		struct kp_op *op;
		int idx, side;

		if (sscanf(line, "KPATH win %d %127s %ld", &win, name, &n) != 3)
			continue;
		op = op_get(r, name, &idx);
		if (!op)
			return -1;
		if (!op->nlabel[0] || op->n[0] == n) {
			side = 0;
		} else if (!op->nlabel[1] || op->n[1] == n) {
			side = 1;
		} else {
			fprintf(stderr, "kpath: %s: more than two N\n", name);
			return -1;
		}
		op->n[side] = n;
		op->nlabel[side]++;
		l = realloc(r->labels, (r->nlabels + 1) * sizeof(*l));
		if (!l)
			return -1;
		r->labels = l;
		l[r->nlabels].win = win;
		l[r->nlabels].op = idx;
		l[r->nlabels].side = side;
		r->nlabels++;
	}
	for (size_t i = 0; i < r->nops; i++) {
		struct kp_op *op = &r->ops[i];

		if (!op->nlabel[1] || op->n[0] == op->n[1]) {
			fprintf(stderr, "kpath: %s: needs two distinct N\n",
				op->name);
			return -1;
		}
		/* Side 0 is the smaller N: swap the sides' labels if needed. */
		if (op->n[0] > op->n[1]) {
			long t = op->n[0];
			int c = op->nlabel[0];

			op->n[0] = op->n[1];
			op->n[1] = t;
			op->nlabel[0] = op->nlabel[1];
			op->nlabel[1] = c;
			for (size_t k = 0; k < r->nlabels; k++)
				if (r->labels[k].op == (int)i)
					r->labels[k].side ^= 1;
		}
	}
	return 0;
}

static uint64_t hash_key(uint64_t key)
{
	return (key * 0x9e3779b97f4a7c15ull) >> 20;
}

static int cells_grow(struct kp_op *op)
{
	size_t cap = op->cap ? 2 * op->cap : 4096;
	struct kp_cell *c = calloc(cap, sizeof(*c));

	if (!c)
		return -1;
	for (size_t i = 0; i < op->cap; i++) {
		uint64_t h;

		if (!op->cells[i].key)
			continue;
		for (h = hash_key(op->cells[i].key) & (cap - 1); c[h].key;
		     h = (h + 1) & (cap - 1))
			;
		c[h] = op->cells[i];
	}
	free(op->cells);
	op->cells = c;
	op->cap = cap;
	return 0;
}

/* The cell of (ctx, pc); pc 0 is not kernel text, so key 0 means empty. */
static struct kp_cell *cell_get(struct kp_op *op, int ctx, uint32_t pc)
{
	uint64_t key = (uint64_t)ctx << 32 | pc, h;

	if (2 * (op->ncells + 1) > op->cap && cells_grow(op))
		return NULL;
	for (h = hash_key(key) & (op->cap - 1); op->cells[h].key;
	     h = (h + 1) & (op->cap - 1))
		if (op->cells[h].key == key)
			return &op->cells[h];
	op->cells[h].key = key;
	op->ncells++;
	return &op->cells[h];
}

static const struct kp_label *label_of(const struct kp_run *r, int win)
{
	for (size_t i = 0; i < r->nlabels; i++)
		if (r->labels[i].win == win)
			return &r->labels[i];
	return NULL;
}

int kp_dump_load(struct kp_run *r, FILE *dump)
{
	char line[512], name[KP_NAME];
	struct kp_op *op = NULL;
	int side = 0, id, win;
	unsigned int pc;
	uint64_t n;
	long lineno = 0;

	while (fgets(line, sizeof(line), dump)) {
		struct kp_cell *c;

		lineno++;
		switch (line[0]) {
		case 'N':
			if (sscanf(line, "N %d %127s", &id, name) != 2 ||
			    id < 0 || id >= KP_MAXCTX)
				goto bad;
			free(r->ctx[id]);
			r->ctx[id] = strdup(name);
			continue;
		case 'W': {
			const struct kp_label *l;

			if (sscanf(line, "W %d", &win) != 1)
				goto bad;
			l = label_of(r, win);
			op = l ? &r->ops[l->op] : NULL;
			side = l ? l->side : 0;
			if (op)
				op->nwin[side]++;
			continue;
		}
		case 'R':
			r->has_rep = 1;
			break;
		default:
			break;
		}
		if (!op)
			continue;
		switch (line[0]) {
		case 'U':
			if (sscanf(line, "U %" SCNu64, &n) != 1)
				goto bad;
			op->user[side] += n;
			break;
		case 'X':
			if (sscanf(line, "X %d %" SCNu64, &id, &n) != 2 ||
			    id < 0 || id >= KP_MAXCTX)
				goto bad;
			op->entries[side][id] += n;
			break;
		case 'P':
		case 'R':
			if (sscanf(line + 1, " %d %x %" SCNu64, &id, &pc, &n) !=
				    3 ||
			    id < 0 || id >= KP_MAXCTX || !pc)
				goto bad;
			c = cell_get(op, id, pc);
			if (!c)
				return -1;
			if (line[0] == 'P')
				c->cnt[side] += n;
			else
				c->rep[side] += n;
			break;
		default:
			break;
		}
	}
	for (size_t i = 0; i < r->nops; i++)
		for (int s = 0; s < 2; s++)
			if (r->ops[i].nwin[s] != r->ops[i].nlabel[s]) {
				fprintf(stderr,
					"kpath: %s: %d windows of N=%ld announced, %d in the dump\n",
					r->ops[i].name, r->ops[i].nlabel[s],
					r->ops[i].n[s], r->ops[i].nwin[s]);
				return -1;
			}
	return 0;
bad:
	fprintf(stderr, "kpath: dump line %ld malformed: %s", lineno, line);
	return -1;
}

/* Per-op difference of a quantity summed over each side's windows. */
static double per_op(const struct kp_op *op, uint64_t a, uint64_t b)
{
	return ((double)b / op->nwin[1] - (double)a / op->nwin[0]) /
	       (double)(op->n[1] - op->n[0]);
}

struct pcval {
	uint32_t pc;
	int ctx;
	double d, drep;
};

static int cmp_pcval(const void *a, const void *b)
{
	const struct pcval *x = a, *y = b;

	if (x->pc != y->pc)
		return x->pc < y->pc ? -1 : 1;
	return x->ctx - y->ctx;
}

static int cmp_row_name(const void *a, const void *b)
{
	return strcmp(((const struct kp_row *)a)->func,
		      ((const struct kp_row *)b)->func);
}

static int cmp_row_insns(const void *a, const void *b)
{
	const struct kp_row *x = a, *y = b;

	if (x->insns != y->insns)
		return x->insns > y->insns ? -1 : 1;
	return strcmp(x->func, y->func);
}

/*
 * Accumulates lines: pcs arrive in ascending order; a line's weight is
 * settled when a pc of another line (or the end) arrives.
 */
struct linesum {
	uint32_t line;
	double max;
	double sum;
};

static void line_add(struct linesum *l, uint32_t pc, double d)
{
	uint32_t line = pc >> LINE_SHIFT;

	if (line != l->line) {
		if (l->max > 0)
			l->sum += l->max < 1 ? l->max : 1;
		l->line = line;
		l->max = 0;
	}
	if (d > l->max)
		l->max = d;
}

static double line_end(struct linesum *l)
{
	line_add(l, 0xffffffffu, 0);
	l->line = 0xffffffffu >> LINE_SHIFT;
	return l->sum;
}

static const char *func_name(const struct kp_syms *s, uint32_t pc, long *sym)
{
	*sym = kp_syms_find(s, pc);
	if (*sym >= 0)
		return s->v[*sym].name;
	return pc >= ARM_VECTORS ? "[vectors]" : "[unknown]";
}

static const char *ctx_name(const struct kp_run *r, int id)
{
	return r->ctx[id] ? r->ctx[id] : "?";
}

long kp_op_rows(const struct kp_run *r, size_t opi, const struct kp_syms *s,
		struct kp_row **rowsp)
{
	const struct kp_op *op = &r->ops[opi];
	struct pcval *pv = malloc((op->ncells + 1) * sizeof(*pv));
	struct kp_row *rows = NULL;
	size_t npv = 0, nrows = 0, cap = 0, nfix, first_func;
	double total = 0, total_rep = 0;

	if (!pv)
		return -1;
	for (size_t i = 0; i < op->cap; i++) {
		const struct kp_cell *c = &op->cells[i];

		if (!c->key)
			continue;
		pv[npv].pc = (uint32_t)c->key;
		pv[npv].ctx = (int)(c->key >> 32);
		pv[npv].d = per_op(op, c->cnt[0], c->cnt[1]);
		pv[npv].drep = per_op(op, c->rep[0], c->rep[1]);
		total += pv[npv].d;
		total_rep += pv[npv].drep;
		npv++;
	}
	qsort(pv, npv, sizeof(*pv), cmp_pcval);

	/* Fixed rows, then one per context that ran or was entered. */
	cap = 3 + KP_MAXCTX + 64;
	rows = calloc(cap, sizeof(*rows));
	if (!rows)
		goto nomem;
	strcpy(rows[nrows].func, "[total]");
	rows[nrows++].insns = total;
	if (r->has_rep) {
		strcpy(rows[nrows].func, "[total_rep1]");
		rows[nrows++].insns = total - total_rep;
	}
	strcpy(rows[nrows].func, "[user]");
	rows[nrows++].insns = per_op(op, op->user[0], op->user[1]);
	nfix = nrows;
	for (int id = 0; id < KP_MAXCTX; id++) {
		struct linesum ls = { 0xffffffffu >> LINE_SHIFT, 0, 0 };
		double sum = 0;
		int seen = op->entries[0][id] || op->entries[1][id];

		if (!r->ctx[id])
			continue;
		for (size_t i = 0; i < npv; i++)
			if (pv[i].ctx == id) {
				seen = 1;
				sum += pv[i].d;
				line_add(&ls, pv[i].pc, pv[i].d);
			}
		if (!seen)
			continue;
		snprintf(rows[nrows].func, sizeof(rows[nrows].func), "[ctx:%s]",
			 ctx_name(r, id));
		rows[nrows].insns = sum;
		rows[nrows].calls =
			per_op(op, op->entries[0][id], op->entries[1][id]);
		rows[nrows].lines = line_end(&ls);
		nrows++;
	}
	qsort(rows + nfix, nrows - nfix, sizeof(*rows), cmp_row_name);

	/* Functions: walk pcs in order, merging contexts. */
	first_func = nrows;
	for (size_t i = 0; i < npv;) {
		long sym;
		const char *name = func_name(s, pv[i].pc, &sym);
		struct linesum ls = { 0xffffffffu >> LINE_SHIFT, 0, 0 };
		struct kp_row *row;

		if (nrows == cap) {
			struct kp_row *nr =
				realloc(rows, 2 * cap * sizeof(*nr));

			if (!nr)
				goto nomem;
			rows = nr;
			cap *= 2;
		}
		row = &rows[nrows++];
		memset(row, 0, sizeof(*row));
		snprintf(row->func, sizeof(row->func), "%s", name);
		while (i < npv) {
			uint32_t pc = pv[i].pc;
			long sym2;
			double d = 0;

			func_name(s, pc, &sym2);
			if (sym2 != sym ||
			    (sym < 0 && strcmp(func_name(s, pc, &sym2), name)))
				break;
			for (; i < npv && pv[i].pc == pc; i++)
				d += pv[i].d;
			row->insns += d;
			if (sym >= 0 && pc == s->v[sym].addr)
				row->calls += d;
			line_add(&ls, pc, d);
		}
		row->lines = line_end(&ls);
	}

	/* Same-named functions (static ones in different files) become one row. */
	qsort(rows + first_func, nrows - first_func, sizeof(*rows),
	      cmp_row_name);
	{
		size_t out = first_func;

		for (size_t i = first_func; i < nrows; i++) {
			if (out > first_func &&
			    !strcmp(rows[out - 1].func, rows[i].func)) {
				rows[out - 1].insns += rows[i].insns;
				rows[out - 1].calls += rows[i].calls;
				rows[out - 1].lines += rows[i].lines;
			} else {
				rows[out++] = rows[i];
			}
		}
		nrows = out;
	}
	for (size_t i = first_func; i < nrows; i++)
		if (rows[i].insns <= 0)
			rows[i].lines = 0;
	qsort(rows + first_func, nrows - first_func, sizeof(*rows),
	      cmp_row_insns);
	free(pv);
	*rowsp = rows;
	return (long)nrows;
nomem:
	free(pv);
	free(rows);
	return -1;
}

static double round2(double x)
{
	double v = round(x * 100) / 100;

	return v == 0 ? 0 : v; /* no "-0.00" */
}

int kp_write_tsv(const struct kp_run *r, const struct kp_syms *s,
		 const char *kernel, const char *config, FILE *out)
{
	for (size_t i = 0; i < r->nops; i++) {
		struct kp_row *rows;
		long n = kp_op_rows(r, i, s, &rows);
		double lines = 0;
		long first_func = 0;

		if (n < 0)
			return -1;
		while (first_func < n && rows[first_func].func[0] == '[' &&
		       (!strncmp(rows[first_func].func, "[ctx:", 5) ||
			!strcmp(rows[first_func].func, "[total]") ||
			!strcmp(rows[first_func].func, "[total_rep1]") ||
			!strcmp(rows[first_func].func, "[user]")))
			first_func++;
		/* [total]'s text lines: the sum over the printed functions. */
		for (long k = first_func; k < n; k++)
			if (fabs(round2(rows[k].insns)) >= 0.05)
				lines += rows[k].lines;
		rows[0].lines = lines;
		for (long k = 0; k < n; k++) {
			if (k >= first_func &&
			    fabs(round2(rows[k].insns)) < 0.05)
				continue;
			/* A context that neither ran nor was entered per op. */
			if (!strncmp(rows[k].func, "[ctx:", 5) &&
			    fabs(round2(rows[k].insns)) < 0.05 &&
			    fabs(round2(rows[k].calls)) < 0.05)
				continue;
			fprintf(out, "%s\t%s\t%s\t%s\t%.2f\t%.2f\t%.2f\n",
				kernel, config, r->ops[i].name, rows[k].func,
				round2(rows[k].insns), round2(rows[k].calls),
				round2(rows[k].lines));
		}
		free(rows);
	}
	return ferror(out) ? -1 : 0;
}

void kp_run_free(struct kp_run *r)
{
	for (size_t i = 0; i < r->nops; i++) {
		free(r->ops[i].cells);
		free(r->ops[i].entries[0]);
		free(r->ops[i].entries[1]);
	}
	for (int i = 0; i < KP_MAXCTX; i++)
		free(r->ctx[i]);
	free(r->ops);
	free(r->labels);
	memset(r, 0, sizeof(*r));
}
