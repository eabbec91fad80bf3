// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit explain`: measuring the two runs and decomposing the gap (see
 * report/explain.h for the method).
 */
#include "report/explain.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/errno.h"
#include "base/json.h"
#include "base/panic.h"
#include "experiments/dd.h"
#include "experiments/iperf.h"
#include "experiments/kernbench.h"
#include "experiments/sdet.h"

static void spawn_start_cb(const void *p)
{
	spawn_start(p);
}

int explain_measure(const struct settings *s, const struct explain_params *p,
		    struct explain_run *out, char *err, size_t errlen)
{
	static struct dd_point dd;
	static struct iperf_point ip;
	static struct kernbench_point kb;
	static struct sdet_point sd;
	int ret;

	memset(out, 0, sizeof(*out));
	switch (p->w) {
	case EXPLAIN_DD:
		ret = dd_measure(s, p->bs, p->total, &dd, err, errlen);
		if (ret)
			return ret;
		out->metric = dd.mbps;
		/* dd_measure fails unless every byte was written. */
		out->units = p->total;
		out->r = dd.r;
		return 0;
	case EXPLAIN_IPERF:
		ret = iperf_measure(s, p->len, p->time_ns, &ip, err, errlen);
		if (ret)
			return ret;
		if (!ip.net.peer_bytes) {
			snprintf(
				err, errlen,
				"iperf: the receiver accepted no data, nothing to divide by");
			return -EIO;
		}
		out->metric = ip.mbps;
		out->units = ip.net.peer_bytes;
		out->r = ip.r;
		return 0;
	case EXPLAIN_KERNBENCH:
		kernbench_defaults(&kb.p, settings_cpu_hz(s));
		kb.p.units = p->units;
		kb.p.jobs = p->jobs;
		kb.p.headers = p->headers;
		kb.p.cc1_heap_pages = p->cc1_heap_pages;
		ret = kernbench_measure(s, &kb, err, errlen);
		if (ret)
			return ret;
		out->metric = kb.r.elapsed_s * 1e3;
		out->units = 1;
		out->r = kb.r;
		return 0;
	case EXPLAIN_SDET:
		ret = sdet_measure(s, p->scripts, p->commands, &sd, err, errlen);
		if (ret)
			return ret;
		out->metric = sd.r.elapsed_s * 1e3;
		out->units = 1;
		out->r = sd.r;
		return 0;
	case EXPLAIN_SPAWN:
		ret = run_workload(s, spawn_start_cb, &p->sp, &out->r, err,
				   errlen);
		if (ret)
			return ret;
		out->metric = out->r.elapsed_s * 1e3;
		out->units = 1;
		return 0;
	}
	panic("explain_measure: workload %d", p->w);
}

static s64 to_milli(double v)
{
	return llround(v * 1000.0);
}

/* Floor division of @a by @d > 0, and its remainder in [0, d). */
static __int128 floor_div(__int128 a, __int128 d, __int128 *rem)
{
	__int128 q = a / d;

	if (a % d && a < 0)
		q--;
	*rem = a - q * d;
	return q;
}

static __int128 abs128(__int128 v)
{
	return v < 0 ? -v : v;
}

static int row_order(const void *pa, const void *pb)
{
	const struct explain_row *a = pa, *b = pb;
	s64 sa = llabs(a->share_milli), sb = llabs(b->share_milli);
	__int128 da = abs128(a->delta_num), db = abs128(b->delta_num);

	if (sa != sb)
		return sa > sb ? -1 : 1;
	if (da != db)
		return da > db ? -1 : 1;
	/* Equal: the order of the lists (names are unique). */
	return strcmp(a->name, b->name);
}

/*
 * Rows from @n counters of each run (@from, @to, named @names), plus idle
 * if @idle; only those with cycles in either run.  Then the shares of
 * @gap, exactly: the metric's gap in thousandths, or 100000 thousandths
 * of a percent of the rows' own change (a zero change then leaves the
 * shares zero and nothing unattributed).
 */
static void fill_table(struct explain_table *t, const struct explanation *x,
		       const char *const *names, const u64 *from, const u64 *to,
		       u32 n, bool idle, s64 gap)
{
	__int128 uf = x->from.units, ut = x->to.units, total = 0, sum_q = 0;
	__int128 rem[EXPLAIN_MAX_ROWS], d;
	bool given[EXPLAIN_MAX_ROWS] = { false };
	int sign;

	BUG_ON(n + 1 > EXPLAIN_MAX_ROWS);
	memset(t, 0, sizeof(*t));
	for (u32 i = 0; i < n + idle; i++) {
		u64 f = i < n ? from[i] : x->from.r.idle_cycles;
		u64 o = i < n ? to[i] : x->to.r.idle_cycles;
		struct explain_row *r;

		if (!f && !o)
			continue;
		r = &t->rows[t->nrows++];
		r->name = i < n ? names[i] : "idle";
		r->from_cycles = f;
		r->to_cycles = o;
		r->from = (double)f / (double)x->from.units;
		r->to = (double)o / (double)x->to.units;
		r->delta_num = (__int128)o * uf - (__int128)f * ut;
		r->delta = (double)r->delta_num / (double)(uf * ut);
		total += r->delta_num;
	}
	if (!total) {
		t->unattributed_milli = idle ? gap : 0;
		goto sort;
	}
	/* share_i = gap * delta_i / total, floored, then the remainder's
	 * units to the largest fractions: they sum to gap exactly. */
	sign = total < 0 ? -1 : 1;
	d = abs128(total);
	for (u32 i = 0; i < t->nrows; i++) {
		__int128 q =
			floor_div((__int128)gap * t->rows[i].delta_num * sign,
				  d, &rem[i]);

		t->rows[i].share_milli = (s64)q;
		sum_q += q;
	}
	BUG_ON(gap - sum_q < 0 || gap - sum_q >= t->nrows);
	for (s64 k = (s64)(gap - sum_q); k > 0; k--) {
		int best = -1;

		for (u32 i = 0; i < t->nrows; i++)
			if (!given[i] && (best < 0 || rem[i] > rem[best]))
				best = (int)i;
		given[best] = true;
		t->rows[best].share_milli++;
	}
sort:
	qsort(t->rows, t->nrows, sizeof(t->rows[0]), row_order);
}

/* Every cycle of every CPU over the run: busy + idle. */
static u64 run_cycles(const struct explain_run *r)
{
	return r->r.elapsed_cycles * r->r.ncpus;
}

/* @busy of @all cycles in thousandths, rounded. */
static u32 permille(u64 busy, u64 all)
{
	BUG_ON(busy > all);
	return all ? (u32)(((__int128)busy * 1000 + all / 2) / all) : 0;
}

/* @busy of @all idle at most EXPLAIN_IDLE_BOUND_PERMILLE, exactly. */
static bool saturated(u64 busy, u64 all)
{
	return (__int128)(all - busy) * 1000 <=
	       (__int128)all * EXPLAIN_IDLE_BOUND_PERMILLE;
}

static bool busiest_saturated(const struct explain_run *r)
{
	return saturated(r->r.busiest_cycles, r->r.elapsed_cycles);
}

static bool all_saturated(const struct explain_run *r)
{
	return saturated(run_cycles(r) - r->r.idle_cycles, run_cycles(r));
}

void explain_decompose(struct explanation *x)
{
	BUG_ON(!x->from.units || !x->to.units);
	x->from_milli = to_milli(x->from.metric);
	x->to_milli = to_milli(x->to.metric);
	x->gap_milli = x->to_milli - x->from_milli;
	fill_table(&x->cc, x, cc_names, x->from.r.profile, x->to.r.profile,
		   NR_CC, true, x->gap_milli);
	fill_table(&x->cause, x, cause_names, x->from.r.causes, x->to.r.causes,
		   NR_CAUSES, true, x->gap_milli);
	x->from_busy_permille = permille(run_cycles(&x->from) -
						 x->from.r.idle_cycles,
					 run_cycles(&x->from));
	x->to_busy_permille = permille(run_cycles(&x->to) - x->to.r.idle_cycles,
				       run_cycles(&x->to));
	x->from_busiest_permille = permille(x->from.r.busiest_cycles,
					    x->from.r.elapsed_cycles);
	x->to_busiest_permille = permille(x->to.r.busiest_cycles,
					  x->to.r.elapsed_cycles);
	x->cpu_bound = busiest_saturated(&x->from) && busiest_saturated(&x->to);
	x->all_busy = all_saturated(&x->from) && all_saturated(&x->to);
	fill_table(&x->cc_busy, x, cc_names, x->from.r.profile,
		   x->to.r.profile, NR_CC, false, 100000);
	fill_table(&x->cause_busy, x, cause_names, x->from.r.causes,
		   x->to.r.causes, NR_CAUSES, false, 100000);
}

s64 explain_sum_milli(const struct explain_table *t)
{
	s64 n = t->unattributed_milli;

	for (u32 i = 0; i < t->nrows; i++)
		n += t->rows[i].share_milli;
	return n;
}

/* A metric in thousandths as a decimal: "-4.667". */
static const char *milli_str(s64 v, char *buf, size_t len)
{
	unsigned long long a = (unsigned long long)llabs(v);

	snprintf(buf, len, "%s%llu.%03llu", v < 0 ? "-" : "", a / 1000,
		 a % 1000);
	return buf;
}

/* Events are shown per this many units: per MiB for bytes. */
static double event_scale(const struct explanation *x)
{
	return strcmp(x->unit, "byte") ? 1.0 : 1048576.0;
}

static double per_unit(u64 n, const struct explain_run *r)
{
	return (double)n / (double)r->units;
}

static bool event_differs(const struct explanation *x, int e)
{
	return (__int128)x->from.r.events[e] * x->to.units !=
	       (__int128)x->to.r.events[e] * x->from.units;
}

/* Cycles per unit in 12 columns: four decimals while they fit. */
static void print_cpu(double v, bool sign, FILE *f)
{
	int prec = fabs(v) < 1e4 ? 4 : 0;

	fprintf(f, sign ? " %+12.*f" : " %12.*f", prec, v);
}

/* The cycles per unit the rows of a table add up to: all, or the busy. */
static double table_total(const struct explain_run *r, bool busy)
{
	return per_unit(run_cycles(r) - (busy ? r->r.idle_cycles : 0), r);
}

/* @busy: @t is a busy split (shares in thousandths of a percent). */
static void print_rows(const struct explanation *x,
		       const struct explain_table *t, const char *title,
		       bool busy, FILE *f)
{
	char buf[32];
	u32 same = 0;

	fprintf(f, "\n%-24s %12s %12s %12s %12s\n", title, "from", "to",
		"delta", busy ? "% of delta" : x->metric);
	for (u32 i = 0; i < t->nrows; i++) {
		const struct explain_row *r = &t->rows[i];

		/* Equal cycles per unit in both runs: counted, not listed. */
		if (!r->delta_num && !r->share_milli) {
			same++;
			continue;
		}
		fprintf(f, "%-24s", r->name);
		print_cpu(r->from, false, f);
		print_cpu(r->to, false, f);
		print_cpu(r->delta, true, f);
		fprintf(f, " %12s\n",
			milli_str(r->share_milli, buf, sizeof(buf)));
	}
	if (same)
		fprintf(f, "(%u more, the same per %s in both runs)\n", same,
			x->unit);
	if (t->unattributed_milli)
		fprintf(f, "%-24s %12s %12s %12s %12s\n", "(unattributed)", "",
			"", "",
			milli_str(t->unattributed_milli, buf, sizeof(buf)));
	fprintf(f, "%-24s", busy ? "total busy" : "total");
	print_cpu(table_total(&x->from, busy), false, f);
	print_cpu(table_total(&x->to, busy), false, f);
	print_cpu(table_total(&x->to, busy) - table_total(&x->from, busy),
		  true, f);
	fprintf(f, " %12s\n",
		milli_str(explain_sum_milli(t), buf, sizeof(buf)));
}

/* A busy share in thousandths as a percentage: "69.1%". */
static const char *pct_str(u32 permille, char *buf, size_t len)
{
	snprintf(buf, len, "%u.%u%%", permille / 10, permille % 10);
	return buf;
}

/* "1 CPU", "16 CPUs". */
static const char *cpus_str(u32 n, char *buf, size_t len)
{
	snprintf(buf, len, "%u CPU%s", n, n == 1 ? "" : "s");
	return buf;
}

/*
 * Each run's busy share (and its busiest CPU's), then what the table
 * below splits and why: a rate whose busiest CPU idled was set by what
 * it waited for; one whose other CPUs idled, by the busy one's cycles.
 */
static void print_busy(const struct explanation *x, FILE *f)
{
	u32 nf = x->from.r.ncpus, nt = x->to.r.ncpus;
	char a[16], b[16], c[16], d[16];
	bool from_bound = busiest_saturated(&x->from);

	if (nf == nt)
		fprintf(f, "# CPU busy: from %s, to %s of %s",
			pct_str(x->from_busy_permille, a, sizeof(a)),
			pct_str(x->to_busy_permille, b, sizeof(b)),
			cpus_str(nf, c, sizeof(c)));
	else
		fprintf(f, "# CPU busy: from %s of %s, to %s of %s",
			pct_str(x->from_busy_permille, a, sizeof(a)),
			cpus_str(nf, c, sizeof(c)),
			pct_str(x->to_busy_permille, b, sizeof(b)),
			cpus_str(nt, d, sizeof(d)));
	if (nf > 1 || nt > 1)
		fprintf(f, " (the busiest CPU: from %s, to %s)",
			pct_str(x->from_busiest_permille, a, sizeof(a)),
			pct_str(x->to_busiest_permille, b, sizeof(b)));
	fputc('\n', f);
	if (x->all_busy)
		return;
	if (!x->rate) {
		fprintf(f, "# idle cycles are time the run waited: part of its %s\n",
			x->metric);
		return;
	}
	if (x->cpu_bound) {
		fprintf(f,
			"# the busiest CPU set the %s; the others' idle cycles are left out\n",
			x->metric);
		return;
	}
	fprintf(f, "# not CPU-bound: the %s run's busiest CPU idled %s",
		from_bound ? "to" : "from",
		pct_str(1000 - (from_bound ? x->to_busiest_permille :
					     x->from_busiest_permille),
			a, sizeof(a)));
	if (!from_bound && !busiest_saturated(&x->to))
		fprintf(f, ", the to run's %s",
			pct_str(1000 - x->to_busiest_permille, b, sizeof(b)));
	fprintf(f,
		": its %s was set by what it waited for\n"
		"# (the wire, the peer, a lock), not by its cycles\n",
		x->metric);
}

void explain_print_table(const struct explanation *x, const char *from_words,
			 const char *to_words, FILE *f)
{
	double scale = event_scale(x);
	char a[32], b[32], g[32];

	fprintf(f, "# explain %s: from %s (%s %s) to %s (%s %s): %s %s\n",
		x->workload, from_words, milli_str(x->from_milli, a, sizeof(a)),
		x->metric, to_words, milli_str(x->to_milli, b, sizeof(b)),
		x->metric, milli_str(x->gap_milli, g, sizeof(g)), x->metric);
	print_busy(x, f);
	if (explain_busy_split(x)) {
		fprintf(f,
			"# busy cycles per %s (idle left out); each row's share of their change\n",
			x->unit);
		print_rows(x, &x->cc_busy, "cost centre", true, f);
		print_rows(x, &x->cause_busy, "cause", true, f);
	} else {
		fprintf(f,
			"# cycles per %s of every CPU, busy and idle; each row's share of the %s gap\n",
			x->unit, x->metric);
		print_rows(x, &x->cc, "cost centre", false, f);
		print_rows(x, &x->cause, "cause", false, f);
	}
	fprintf(f, "\n%-24s %12s %12s   (per %s)\n", "event", "from", "to",
		scale > 1 ? "MiB" : x->unit);
	for (int e = 0; e < NR_EVENTS; e++)
		if (event_differs(x, e))
			fprintf(f, "%-24s %12.3f %12.3f\n", event_names[e],
				per_unit(x->from.r.events[e], &x->from) * scale,
				per_unit(x->to.r.events[e], &x->to) * scale);
}

static void json_rows(const struct explain_table *t, FILE *f)
{
	char buf[32];

	fputc('[', f);
	for (u32 i = 0; i < t->nrows; i++) {
		const struct explain_row *r = &t->rows[i];

		fprintf(f, "%s{\"name\": ", i ? ", " : "");
		json_print_string(f, r->name);
		fprintf(f,
			", \"from\": %.6f, \"to\": %.6f, \"delta\": %.6f, \"share\": %s}",
			r->from, r->to, r->delta,
			milli_str(r->share_milli, buf, sizeof(buf)));
	}
	fprintf(f, "], \"unattributed\": %s",
		milli_str(t->unattributed_milli, buf, sizeof(buf)));
}

static void json_run(const struct explain_run *r, const char *words, s64 milli,
		     FILE *f)
{
	char buf[32];

	fputs("{\"settings\": ", f);
	json_print_string(f, words);
	fprintf(f, ", \"metric\": %s, \"units\": %llu, \"cycles\": %llu}",
		milli_str(milli, buf, sizeof(buf)),
		(unsigned long long)r->units,
		(unsigned long long)run_cycles(r));
}

void explain_print_json(const struct explanation *x, const char *from_words,
			const char *to_words, FILE *f)
{
	char buf[32], a[32];
	bool first = true;

	fputs("{\"workload\": ", f);
	json_print_string(f, x->workload);
	fputs(", \"metric\": ", f);
	json_print_string(f, x->metric);
	fputs(", \"unit\": ", f);
	json_print_string(f, x->unit);
	fputs(", \"from\": ", f);
	json_run(&x->from, from_words, x->from_milli, f);
	fputs(", \"to\": ", f);
	json_run(&x->to, to_words, x->to_milli, f);
	fprintf(f, ", \"gap\": %s,\n \"busy\": {\"from\": %s, ",
		milli_str(x->gap_milli, buf, sizeof(buf)),
		milli_str(x->from_busy_permille, a, sizeof(a)));
	fprintf(f, "\"to\": %s, ",
		milli_str(x->to_busy_permille, a, sizeof(a)));
	fprintf(f, "\"busiest_from\": %s, ",
		milli_str(x->from_busiest_permille, a, sizeof(a)));
	fprintf(f, "\"busiest_to\": %s, \"cpu_bound\": %s, \"split\": \"%s\"},\n",
		milli_str(x->to_busiest_permille, a, sizeof(a)),
		x->cpu_bound ? "true" : "false",
		explain_busy_split(x) ? "busy" : "metric");
	fputs(" \"cost_centres\": {\"rows\": ", f);
	json_rows(&x->cc, f);
	fputs("},\n \"causes\": {\"rows\": ", f);
	json_rows(&x->cause, f);
	fputs("},\n \"busy_cost_centres\": {\"rows\": ", f);
	json_rows(&x->cc_busy, f);
	fputs("},\n \"busy_causes\": {\"rows\": ", f);
	json_rows(&x->cause_busy, f);
	fputs("},\n \"events_per_unit\": {", f);
	for (int e = 0; e < NR_EVENTS; e++) {
		if (!event_differs(x, e))
			continue;
		fprintf(f, "%s\"%s\": {\"from\": %.9g, \"to\": %.9g}",
			first ? "" : ", ", event_names[e],
			per_unit(x->from.r.events[e], &x->from),
			per_unit(x->to.r.events[e], &x->to));
		first = false;
	}
	fputs("}}\n", f);
}
