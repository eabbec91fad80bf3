/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The plots of `vmsplit reproduce --plot DIR`: one SVG per experiment,
 * the published figures beside the model's, drawn from the result structs
 * the text and JSON printers read (no second run, no copied numbers).
 * Published figures are markers or hatched bars, the model's lines or
 * solid bars.  The two chart kinds are public so tests can draw a small
 * known data set.
 */
#ifndef VMSPLIT_REPORT_PLOTS_H
#define VMSPLIT_REPORT_PLOTS_H

#include <stdio.h>

#include "base/types.h"
#include "experiments/dd.h"
#include "experiments/iperf.h"
#include "experiments/kernbench.h"

#define PLOT_MAX_SERIES 6
#define PLOT_MAX_X 16

/* The colours of series, by index (each has its hatch "hatch<i>"). */
#define PLOT_NR_COLOURS 4
extern const char *const plot_colours[PLOT_NR_COLOURS];

/*
 * A line chart over a log2 x axis: per series, the model's line through
 * every x and, where published is not NULL, the published values as
 * hollow circles.  y starts at 0.
 */
struct plot_lines {
	const char *title, *xlabel, *ylabel;
	u32 nx;
	double x[PLOT_MAX_X]; /* > 0, increasing */
	const char *xnames[PLOT_MAX_X]; /* tick label of each x */
	u32 nseries;
	struct {
		const char *name;
		u32 colour; /* index in plot_colours */
		bool dashed; /* to tell lines apart that overlap */
		double model[PLOT_MAX_X];
		const double *published; /* nx values, or NULL: none */
	} series[PLOT_MAX_SERIES];
};

/*
 * A grouped bar chart: per group, one bar per series; published series
 * are hatched, the model's solid; NAN is no bar.  y starts at 0.
 */
struct plot_bars {
	const char *title, *xlabel, *ylabel;
	u32 decimals; /* of the value above each bar */
	u32 legend_w; /* px of legend column on the right; 0: none */
	u32 ngroups;
	const char *groups[PLOT_MAX_X];
	u32 nseries;
	struct {
		const char *name;
		u32 colour;
		bool published;
		double v[PLOT_MAX_X];
	} series[PLOT_MAX_SERIES];
};

/* Layout of a chart inside its box: the plot area's margins (px). */
#define PLOT_LEFT 80
#define PLOT_TOP 60
#define PLOT_BOTTOM 70
#define PLOT_LEGEND_W 400
#define PLOT_XPAD 30 /* between the y axis and the first x */

/*
 * plot_svg_document_begin - plot_svg_begin and the hatch of every
 * colour; close with plot_svg_end.
 */
void plot_document_begin(FILE *f, u32 w, u32 h);

/* plot_lines_draw / plot_bars_draw - draw @c into the box (@x, @y, @w, @h)
 * of a document begun with plot_document_begin. */
void plot_lines_draw(FILE *f, const struct plot_lines *c, double x, double y,
		     double w, double h);
void plot_bars_draw(FILE *f, const struct plot_bars *c, double x, double y,
		    double w, double h);

/*
 * plot_prepare_dir - create directory @dir if it is missing and check
 * that the plot of experiment @which (NULL: of every experiment with
 * one) can be written in it, changing no file: called before the runs.
 * Return: 0, or a negative errno with a one-line reason in @err.
 */
int plot_prepare_dir(const char *dir, const char *which, char *err,
		     size_t errlen);

/*
 * plot_dd_beaglebone, plot_net_kirkwood, plot_kernbench_numaq - write
 * @dir/<experiment>.svg from the results of reproduce_*.
 * Return: 0, or a negative errno with a one-line reason in @err.
 */
int plot_dd_beaglebone(const char *dir, const struct dd_beaglebone_result *r,
		       char *err, size_t errlen);
int plot_net_kirkwood(const char *dir, const struct net_kirkwood_result *r,
		      char *err, size_t errlen);
int plot_kernbench_numaq(const char *dir,
			 const struct kernbench_numaq_result *r, char *err,
			 size_t errlen);

struct whatif_row;
/*
 * plot_whatif - write @dir/whatif-<board>.svg: the memory of each of
 * @rows and the speed, against the status quo, of each workload in
 * @mask that ran.  Check the file first with plot_prepare_dir(@dir,
 * "whatif-<board>").
 * Return: 0, or a negative errno with a one-line reason in @err.
 */
int plot_whatif(const char *dir, const struct platform *p,
		const struct whatif_row *rows, u32 mask, char *err,
		size_t errlen);

#endif
