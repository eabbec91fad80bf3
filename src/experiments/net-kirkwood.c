// SPDX-License-Identifier: GPL-2.0-only
/*
 * E1: iperf TCP send on the Kirkwood (OpenBlocks A7), CONFIG_HIGHMEM=n,
 * =y, and =y with the kmap_atomic_pfn lowmem fast path, TSO off and on.
 * Source: LKML, 2014, "[PATCH] ARM: mm: implement no-highmem fast path in
 * kmap_atomic_pfn()" (EXPERIMENTS.md E1).
 *
 * The CONFIG_HIGHMEM=n cells are the calibration data: the Kirkwood's
 * kernel CPI is fitted there (boards/kirkwood-openblocks-a7.board), nothing else.
 * The TSO-off one moves by a few percent with where its pages fall, so it
 * is run again over placement=1..7 and its spread printed beside it.
 * The CONFIG_HIGHMEM=y cells are printed beside the published ones as a
 * check the model must pass on its own; the fast-path row is the
 * prediction, with what remains of its loss cost centre by cost centre.
 */
#include "experiments/iperf.h"

#include <math.h>
#include <string.h>

#include "base/change.h"
#include "base/errno.h"
#include "net/wire.h"
#include "cli/progress.h"

static const struct {
	const char *name;
	const char *words[2];
	const char *kind;
	double published[2];	/* TSO off, on; 0: none */
} e1_rows[] = {
	{ "CONFIG_HIGHMEM=n", { "CONFIG_HIGHMEM=n" }, "calibration",
	  { 544, 942 } },
	{ "CONFIG_HIGHMEM=y", { "CONFIG_HIGHMEM=y" }, "check", { 306, 246 } },
	{ "CONFIG_HIGHMEM=y, fast path",
	  { "CONFIG_HIGHMEM=y", "kmap_pfn_fastpath=y" }, "prediction",
	  { 0, 0 } },
};

_Static_assert(ARRAY_SIZE(e1_rows) == E1_NROWS, "E1_NROWS: one per row");

/* Per segment on the wire: the events that tell the mechanisms apart. */
static const enum event e1_events[] = {
	EV_kmap_atomic_pfn, EV_pte_write,	 EV_tlb_inv_local,
	EV_dcache_lines_flushed, EV_icache_inv_all, EV_icache_miss,
	EV_l2_range_ops, EV_dma_map,
};

static double per_seg(const struct iperf_point *pt, u64 n)
{
	return pt->net.tx_frames ? (double)n / (double)pt->net.tx_frames : 0;
}

/*
 * The calibration cell again with placement=1 .. E1_PLACEMENTS - 1: the
 * same run but for the lowmem pages held from boot.
 */
static int measure_placements(struct net_kirkwood_result *e1, u64 time_ns,
			      char *err, size_t errlen)
{
	e1->placement_mbps[0] = e1->pts[0][0].mbps;
	for (u32 n = 1; n < E1_PLACEMENTS; n++) {
		struct settings s = e1->rows[0][0];
		struct iperf_point pt;
		int ret;

		s.placement = n;
		progress_run(E1_NROWS * 2 + n - 1,
			     E1_NROWS * 2 + E1_PLACEMENTS - 1);
		ret = iperf_measure(&s, IPERF_DEFAULT_LEN, time_ns, &pt, err,
				    errlen);
		if (ret)
			return ret;
		e1->placement_mbps[n] = pt.mbps;
	}
	return 0;
}

/*
 * The spread of the calibration cell over placements, and its mean's
 * error in percent against the published cell.
 */
static void placement_range(const struct net_kirkwood_result *e1,
			    double *min, double *max, double *mean,
			    double *mean_err)
{
	double pub = e1_rows[0].published[0];

	*min = *max = *mean = e1->placement_mbps[0];
	for (u32 n = 1; n < E1_PLACEMENTS; n++) {
		*min = MIN(*min, e1->placement_mbps[n]);
		*max = MAX(*max, e1->placement_mbps[n]);
		*mean += e1->placement_mbps[n];
	}
	*mean /= E1_PLACEMENTS;
	*mean_err = pct_change(pub, *mean);
}

static void print_breakdown(FILE *f, const struct iperf_point *base,
			    const struct iperf_point *pt, const char *what)
{
	bool done[NR_CC] = { false };
	double total = 0;

	for (int cc = 0; cc < NR_CC; cc++)
		total += per_seg(pt, pt->r.profile[cc]) -
			 per_seg(base, base->r.profile[cc]);
	fprintf(f, "\n%s: %+.0f cycles per segment against CONFIG_HIGHMEM=n\n",
		what, total);
	fprintf(f, "  %-28s %10s %10s %10s\n", "cost centre", "HIGHMEM=n",
		"this row", "extra");
	for (int shown = 0; shown < 12; shown++) {
		int best = -1;
		double bd = 0;

		for (int cc = 0; cc < NR_CC; cc++) {
			double d = per_seg(pt, pt->r.profile[cc]) -
				   per_seg(base, base->r.profile[cc]);

			if (!done[cc] && (best < 0 || d > bd)) {
				best = cc;
				bd = d;
			}
		}
		if (best < 0 || bd < 50)
			break;
		done[best] = true;
		fprintf(f, "  %-28s %10.0f %10.0f %+10.0f\n", cc_names[best],
			per_seg(base, base->r.profile[best]),
			per_seg(pt, pt->r.profile[best]), bd);
	}
}

int reproduce_net_kirkwood(bool json, u64 time_ns, FILE *f,
			   const struct net_kirkwood_result **res, char *err,
			   size_t errlen)
{
	static struct net_kirkwood_result e1;
	struct iperf_point(*pts)[2] = e1.pts;
	struct settings(*rows)[2] = e1.rows;
	const struct platform *p = platform_find("kirkwood-openblocks-a7");
	double pmin, pmax, pmean, perr;
	int ret;

	e1.platform = p;
	for (u32 r = 0; r < E1_NROWS; r++) {
		e1.row_names[r] = e1_rows[r].name;
		e1.kinds[r] = e1_rows[r].kind;
		e1.published[r] = e1_rows[r].published[0] ?
					  e1_rows[r].published :
					  NULL;
	}

	for (u32 r = 0; r < E1_NROWS; r++)
		for (u32 t = 0; t < 2; t++) {
			struct settings *s = &rows[r][t];

			settings_default(s, p);
			for (u32 w = 0; w < ARRAY_SIZE(e1_rows[r].words) &&
					e1_rows[r].words[w];
			     w++)
				if (settings_parse(s, e1_rows[r].words[w], err,
						   errlen))
					return -EINVAL;
			s->tso = t == 1;
			progress_run(r * 2 + t,
				     E1_NROWS * 2 + E1_PLACEMENTS - 1);
			ret = iperf_measure(s, IPERF_DEFAULT_LEN, time_ns,
					    &pts[r][t], err, errlen);
			if (ret)
				return ret;
		}
	ret = measure_placements(&e1, time_ns, err, errlen);
	if (ret)
		return ret;
	progress_end();
	placement_range(&e1, &pmin, &pmax, &pmean, &perr);
	if (res)
		*res = &e1;
	if (json) {
		fprintf(f, "[\n");
		for (u32 r = 0; r < E1_NROWS; r++)
			for (u32 t = 0; t < 2; t++) {
				const struct iperf_point *pt = &pts[r][t];
				double pub = e1_rows[r].published[t];
				char head[160];

				fprintf(f,
					"  {\"experiment\": \"net-kirkwood\", \"row\": \"%s\", \"tso\": \"%s\", \"workload\": \"iperf\", \"platform\": \"%s\", \"settings\": ",
					e1_rows[r].name, t ? "on" : "off",
					p->name);
				settings_print_json(&rows[r][t], f);
				settings_print_ram_json(&rows[r][t], f);
				fprintf(f,
					", \"params\": {\"len\": %u, \"time_s\": %.6f}, \"kind\": \"%s\", ",
					IPERF_DEFAULT_LEN, (double)time_ns / 1e9,
					e1_rows[r].kind);
				if (pub)
					fprintf(f,
						"\"published_Mbps\": %.0f, \"error_pct\": %.1f, ",
						pub, pct_change(pub, pt->mbps));
				else
					fprintf(f, "\"published_Mbps\": null, ");
				if (r == 0 && t == 0) {
					fprintf(f, "\"over_placement\": {\"Mbps\": [");
					for (u32 n = 0; n < E1_PLACEMENTS; n++)
						fprintf(f, "%s%.2f", n ? ", " : "",
							e1.placement_mbps[n]);
					fprintf(f,
						"], \"mean_Mbps\": %.2f, \"mean_error_pct\": %.1f}, ",
						pmean, perr);
				}
				fprintf(f, "\"per_segment\": {");
				for (size_t e = 0; e < ARRAY_SIZE(e1_events); e++)
					fprintf(f, "%s\"%s\": %.3f", e ? ", " : "",
						event_names[e1_events[e]],
						per_seg(pt, pt->r.events[e1_events[e]]));
				fprintf(f, "}, ");
				snprintf(head, sizeof(head),
					 "\"Mbps\": %.2f, \"segments\": %llu, ",
					 pt->mbps,
					 (unsigned long long)pt->net.tx_frames);
				run_print_json_body(&pt->r, head, f);
				fprintf(f, "}%s\n",
					r + 1 == E1_NROWS && t == 1 ? "" : ",");
			}
		fprintf(f, "]\n");
		return 0;
	}
	fprintf(f,
		"E1: iperf -l %u TCP send on %s, mv643xx_eth at 1 Gbit/s, Mbit/s\n"
		"    (%.3f s simulated per cell, the first %.3f s of it warm-up; line rate for\n"
		"    1448-byte segments: %.2f Mbit/s)\n",
		IPERF_DEFAULT_LEN, p->name, (double)time_ns / 1e9,
		(double)time_ns / 5e9,
		(double)eth_goodput_kbps(1448, 66, 1000) / 1e3);
	/* Model and published in the same columns; the CPU's busy share
	 * and the model's error each in a column of its own. */
	fprintf(f, "%-34s %14s %24s\n", "", "TSO off", "TSO on");
	fprintf(f, "%-34s", "");
	for (u32 t = 0; t < 2; t++)
		fprintf(f, " %8s %5s %8s", "Mbit/s", "CPU", "error");
	fprintf(f, "\n");
	for (u32 r = 0; r < E1_NROWS; r++) {
		fprintf(f, "%-34s", e1_rows[r].name);
		for (u32 t = 0; t < 2; t++)
			fprintf(f, " %8.1f %4.0f%%%s", pts[r][t].mbps,
				pts[r][t].cpu_pct,
				t ? "" : "         ");
		if (!e1_rows[r].published[0]) {
			fprintf(f, "   (prediction)\n");
			continue;
		}
		fprintf(f, "\n  %-32s",
			!strcmp(e1_rows[r].kind, "calibration") ?
				"published (calibration)" :
				"published (a check, not fitted)");
		for (u32 t = 0; t < 2; t++) {
			double pub = e1_rows[r].published[t];

			fprintf(f, " %8.0f %5s %+7.1f%%", pub, "",
				pct_change(pub, pts[r][t].mbps));
		}
		fprintf(f, "\n");
	}
	/* A figure far from its published value says so where it is
	 * printed (docs/fidelity.md, "Published against the model"). */
	for (u32 r = 0; r < E1_NROWS; r++)
		for (u32 t = 0; t < 2; t++) {
			double pub = e1_rows[r].published[t];
			double miss = pub ? pct_change(pub, pts[r][t].mbps) : 0;

			if (fabs(miss) > 25.0)
				fprintf(f,
					"note: %s, TSO %s is %+.1f%% from the published %.0f: a miss, not fitted; docs/fidelity.md says what is known of it\n",
					e1_rows[r].name, t ? "on" : "off", miss,
					pub);
		}
	fprintf(f,
		"CONFIG_HIGHMEM=n, TSO off, over placement=0..%u (lowmem pages held from boot):\n"
		"    %.1f to %.1f, mean %.1f (%+.1f%% against the published %.0f)\n",
		E1_PLACEMENTS - 1, pmin, pmax, pmean, perr,
		e1_rows[0].published[0]);
	fprintf(f, "\n%-34s %15s %15s %15s\n", "per segment sent, TSO off/on",
		"HIGHMEM=n", "HIGHMEM=y", "fast path");
	for (size_t e = 0; e < ARRAY_SIZE(e1_events); e++) {
		fprintf(f, "  %-32s", event_names[e1_events[e]]);
		for (u32 r = 0; r < E1_NROWS; r++)
			fprintf(f, " %7.2f/%-7.2f",
				per_seg(&pts[r][0],
					pts[r][0].r.events[e1_events[e]]),
				per_seg(&pts[r][1],
					pts[r][1].r.events[e1_events[e]]));
		fprintf(f, "\n");
	}
	print_breakdown(f, &pts[0][0], &pts[2][0],
			"What the fast path leaves of the loss, TSO off");
	print_breakdown(f, &pts[0][1], &pts[2][1],
			"What the fast path leaves of the loss, TSO on");
	print_breakdown(f, &pts[0][0], &pts[1][0],
			"The loss without the fast path, TSO off");
	return 0;
}
