// SPDX-License-Identifier: GPL-2.0-only
/*
 * The waterfall of `vmsplit explain --svg`: the from-run's metric as a
 * bar, then one floating bar per cause with a share of the gap (from the
 * running total to the running total plus the share), then the to-run's
 * metric.  The bars end exactly where the to-bar starts, since the shares
 * sum to the gap.  A busy split (explain_busy_split) is drawn in busy
 * cycles per unit instead, each cause's bar its change in them, as the
 * table prints it.
 */
#include <math.h>
#include <string.h>

#include "report/explain.h"
#include "report/svg.h"

#define W 1200.0
#define H 800.0
#define LEFT 100.0
#define RIGHT 30.0
#define TOP 100.0
#define BOTTOM 130.0

#define C_RUN "#4c72b0"
#define C_UP "#55a868"
#define C_DOWN "#c44e52"

/* A round tick step giving about five ticks over @range. */
static double tick_step(double range)
{
	double raw = range / 5, p = pow(10, floor(log10(raw))), m = raw / p;

	return p * (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10);
}

struct bar {
	const char *label;
	double lo, hi; /* metric values */
	const char *fill;
	char title[96];
};

/* Busy cycles per unit of @r: what a busy split's rows add up to. */
static double busy_per_unit(const struct explain_run *r)
{
	return (double)(r->r.elapsed_cycles * r->r.ncpus - r->r.idle_cycles) /
	       (double)r->units;
}

void explain_print_svg(const struct explanation *x, const char *from_words,
		       const char *to_words, FILE *f)
{
	struct bar bars[EXPLAIN_MAX_ROWS + 3];
	bool busy = explain_busy_split(x);
	const struct explain_table *t = busy ? &x->cause_busy : &x->cause;
	double run, ymin, ymax, step, bw;
	double plot_h = H - TOP - BOTTOM, plot_w = W - LEFT - RIGHT;
	u32 n = 0;
	char buf[256], what[48];

	if (busy)
		snprintf(what, sizeof(what), "busy cycles per %s", x->unit);
	else
		snprintf(what, sizeof(what), "%s", x->metric);
	run = busy ? busy_per_unit(&x->from) : (double)x->from_milli / 1000;
	bars[n++] = (struct bar){ "from", 0, run, C_RUN, "" };
	snprintf(bars[0].title, sizeof(bars[0].title), "from: %.3f %s", run,
		 what);
	for (u32 i = 0; i <= t->nrows; i++) {
		s64 share = i < t->nrows ? t->rows[i].share_milli :
					   t->unattributed_milli;
		double d = busy && i < t->nrows ? t->rows[i].delta :
						  (double)share / 1000;
		struct bar *b = &bars[n];

		if (!share && !(busy && i < t->nrows && t->rows[i].delta_num))
			continue;
		b->label = i < t->nrows ? t->rows[i].name : "(unattributed)";
		b->lo = run;
		run += d;
		b->hi = run;
		/* More cycles per unit lower a rate. */
		b->fill = (busy ? d < 0 : d > 0) ? C_UP : C_DOWN;
		snprintf(b->title, sizeof(b->title), "%s: %+.3f %s", b->label,
			 d, what);
		n++;
	}
	bars[n] = (struct bar){ "to", 0,
				busy ? busy_per_unit(&x->to) :
				       (double)x->to_milli / 1000,
				C_RUN, "" };
	snprintf(bars[n].title, sizeof(bars[n].title), "to: %.3f %s",
		 bars[n].hi, what);
	n++;

	/* The axis starts at 0 unless the causes would be slivers on it. */
	ymax = 0;
	ymin = INFINITY;
	for (u32 i = 0; i < n; i++) {
		ymax = fmax(ymax, fmax(bars[i].lo, bars[i].hi));
		if (i && i + 1 < n)
			ymin = fmin(ymin, fmin(bars[i].lo, bars[i].hi));
	}
	ymin = fmin(ymin, fmin(bars[0].hi, bars[n - 1].hi));
	if (ymax <= 0)
		ymax = 1;
	if (ymax - ymin > 0.25 * ymax || !isfinite(ymin))
		ymin = 0;
	else
		ymin -= 0.6 * (ymax - ymin);
	step = tick_step(ymax - ymin > 0 ? ymax - ymin : ymax);
	ymin = floor(ymin / step) * step;
	ymax = ceil(ymax * 1.0001 / step) * step;
	if (ymax <= ymin)
		ymax = ymin + step;
#define Y(v) (TOP + plot_h * (1 - ((v)-ymin) / (ymax - ymin)))

	svg_begin(f, W, H);
	snprintf(buf, sizeof(buf),
		 "vmsplit explain %s: %s by cause of the charged cycles",
		 x->workload, what);
	svg_text(f, W / 2, 30, 20, SVG_MIDDLE, 0, buf);
	snprintf(buf, sizeof(buf), "from %s  \u2192  to %s", from_words,
		 to_words);
	svg_text(f, W / 2, 54, 13, SVG_MIDDLE, 0, buf);

	/* Axes, ticks, grid. */
	for (double v = ymin; v <= ymax + step / 2; v += step) {
		svg_line(f, LEFT, Y(v), W - RIGHT, Y(v), "#dddddd", 1, false);
		snprintf(buf, sizeof(buf), "%g", v);
		svg_text(f, LEFT - 8, Y(v) + 4, 12, SVG_END, 0, buf);
	}
	svg_line(f, LEFT, TOP, LEFT, TOP + plot_h, "#000000", 1.5, false);
	svg_line(f, LEFT, TOP + plot_h, W - RIGHT, TOP + plot_h, "#000000", 1.5,
		 false);
	snprintf(buf, sizeof(buf), "%s%s", what,
		 ymin > 0 ? " (axis does not start at 0)" : "");
	svg_text(f, 30, TOP + plot_h / 2, 14, SVG_MIDDLE, -90, buf);
	svg_text(f, LEFT + plot_w / 2, H - 15, 14, SVG_MIDDLE, 0,
		 busy ? "run, and cause of the change (the runs were not all CPU-bound: idle left out)" :
			"run, and cause of the gap (share of the metric's change)");

	/* Bars, each with its value, joined by dashed steps. */
	bw = plot_w / n;
	for (u32 i = 0; i < n; i++) {
		const struct bar *b = &bars[i];
		double x0 = LEFT + i * bw + bw * 0.15, lo = fmax(b->lo, ymin);
		double top = fmax(b->lo, b->hi), bottom = fmin(lo, b->hi);

		svg_rect(f, x0, Y(top), bw * 0.7, fmax(Y(bottom) - Y(top), 1),
			 b->fill, b->title);
		if (i + 1 < n)
			svg_line(f, x0 + bw * 0.7, Y(b->hi), x0 + bw, Y(b->hi),
				 "#555555", 1, true);
		snprintf(buf, sizeof(buf), i && i + 1 < n ? "%+.3f" : "%.3f",
			 i && i + 1 < n ? b->hi - b->lo : b->hi);
		svg_text(f, x0 + bw * 0.35, Y(top) - 5, 11, SVG_MIDDLE, 0, buf);
		svg_text(f, x0 + bw * 0.35, TOP + plot_h + 12, 12, SVG_END, -45,
			 b->label);
	}

	/* Legend. */
	{
		static const struct {
			const char *fill, *text;
		} leg[] = {
			{ C_RUN, "a run's value" },
			{ C_UP, "cause raises the metric" },
			{ C_DOWN, "cause lowers the metric" },
		};

		for (u32 i = 0; i < ARRAY_SIZE(leg); i++) {
			/* In a row above the plot, clear of any bar. */
			double lx = LEFT + i * 220, ly = 66;

			svg_rect(f, lx, ly, 14, 14, leg[i].fill, NULL);
			svg_text(f, lx + 20, ly + 12, 12, SVG_START, 0,
				 leg[i].text);
		}
	}
	svg_end(f);
#undef Y
}
