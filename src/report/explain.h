/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `vmsplit explain`: run one workload with two settings and break the
 * difference in its headline metric into causes -- per cost centre (who
 * paid the cycles) and per hardware cause (why they were charged,
 * base/charge_causes.def) -- each with idle time as one more row.
 *
 * The method makes the rows sum exactly to the gap.  Both runs are
 * normalised to cycles per unit of work (per byte dd copied, per byte the
 * iperf receiver accepted and acknowledged, per spawn run), where every
 * CPU's every cycle (busy or idle) is in one row.  The gap in cycles per
 * unit is then the sum of the rows' differences, computed exactly as
 * integers over the common denominator U_from * U_to; row i is given the
 * share Δrow_i / Δtotal of the metric's gap, in thousandths of the
 * metric's unit, rounded by largest remainder so that the shares add up
 * to the gap to the last digit.  When Δtotal is 0 every row has share 0
 * and the whole gap is left "unattributed".
 *
 * That split tells why a rate moved only when the CPU set the rate.  A
 * dd or iperf run whose CPUs sat idle (a NIC at line rate, the second CPU
 * of a one-task dd) has a rate set by what it waited for, and its idle row
 * is the largest one while saying nothing.  For such a pair the busy
 * cycles per unit are split instead, idle left out: each row's share of
 * the change in busy cycles per unit, in thousandths of a percent, summing
 * to 100% the same exact way (cc_busy, cause_busy).
 */
#ifndef VMSPLIT_REPORT_EXPLAIN_H
#define VMSPLIT_REPORT_EXPLAIN_H

#include <stdio.h>

#include "config/settings.h"
#include "run/run.h"
#include "workloads/spawn.h"

enum explain_workload {
	EXPLAIN_DD,
	EXPLAIN_IPERF,
	EXPLAIN_SPAWN,
	EXPLAIN_KERNBENCH,
	EXPLAIN_SDET,
};

/* The workload and its parameters (the ones of `vmsplit run`). */
struct explain_params {
	enum explain_workload w;
	u32 bs;			/* dd */
	u64 total;
	u32 len;		/* iperf */
	u64 time_ns;
	struct spawn_params sp;	/* spawn */
	/* kernbench: the rest of its parameters are kernbench_defaults()'
	 * for each run's clock. */
	u32 units, jobs, headers, cc1_heap_pages;
	u32 scripts, commands;	/* sdet */
};

/* One measured run. */
struct explain_run {
	double metric;		/* dd: MB/s, iperf: Mbit/s, others: elapsed ms */
	u64 units;		/* units of work done in the run (>= 1) */
	struct run_result r;
};

/*
 * A row: a cost centre or a cause (or idle).  Cycles per unit of both
 * runs, and the exact difference as delta_num / (U_from * U_to).
 */
struct explain_row {
	const char *name;
	u64 from_cycles, to_cycles;	/* whole run */
	double from, to, delta;		/* per unit */
	__int128 delta_num;
	s64 share_milli;		/* share of the gap, 1/1000 metric unit */
};

#define EXPLAIN_MAX_ROWS (NR_CC + 1)

struct explain_table {
	u32 nrows;
	struct explain_row rows[EXPLAIN_MAX_ROWS];	/* by |share| */
	s64 unattributed_milli;	/* the gap when Δtotal is 0, else 0 */
};

/*
 * A CPU is saturated when idle at most this many thousandths of the run:
 * a CPU-bound run's waits (for a TX slot or an ACK, the start-up's fork
 * and exec on the other CPU) are a few tenths of a percent to about one
 * percent, a run at line rate leaves a quarter idle.  A rate is CPU-bound
 * when its busiest CPU is saturated; its idle row says something only when
 * every CPU is (one task on two CPUs leaves half the cycles idle while the
 * busy CPU sets the rate).
 */
#define EXPLAIN_IDLE_BOUND_PERMILLE 50

struct explanation {
	const char *workload;
	const char *metric;	/* "MB/s" */
	const char *unit;	/* "byte" */
	/* The metric is a rate (dd, iperf), not an elapsed time: the
	 * caller's to set. */
	bool rate;
	struct explain_run from, to;
	s64 from_milli, to_milli, gap_milli;	/* the metric, rounded */
	struct explain_table cc, cause;
	/* Busy share of all cycles, and of the busiest CPU's, thousandths
	 * (explain_decompose). */
	u32 from_busy_permille, to_busy_permille;
	u32 from_busiest_permille, to_busiest_permille;
	/* Both runs' busiest CPU saturated. */
	bool cpu_bound;
	/* Both runs' every CPU saturated: the idle row is noise. */
	bool all_busy;
	/* The busy cycles' split: shares in thousandths of a percent of the
	 * change in busy cycles per unit. */
	struct explain_table cc_busy, cause_busy;
};

/* explain_busy_split - print the busy split rather than the metric's:
 * a rate whose runs left CPUs idle. */
static inline bool explain_busy_split(const struct explanation *x)
{
	return x->rate && !x->all_busy;
}

/*
 * explain_measure - run @p's workload with @s.
 * Return: 0, or a negative errno with @err set (the workload's errors).
 */
int explain_measure(const struct settings *s, const struct explain_params *p,
		    struct explain_run *out, char *err, size_t errlen);

/* explain_decompose - fill @x from the two runs already in @x->from, to. */
void explain_decompose(struct explanation *x);

/* explain_sum_milli - the shares of @t's rows plus its unattributed part
 * (equal to the gap, by construction). */
s64 explain_sum_milli(const struct explain_table *t);

/* Print @x as tables (with the settings words @from_words, @to_words). */
void explain_print_table(const struct explanation *x, const char *from_words,
			 const char *to_words, FILE *f);
void explain_print_json(const struct explanation *x, const char *from_words,
			const char *to_words, FILE *f);
/* The waterfall of the cause table: from-metric, one floating bar per
 * cause, to-metric. */
void explain_print_svg(const struct explanation *x, const char *from_words,
		       const char *to_words, FILE *f);

#endif
