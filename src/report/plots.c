// SPDX-License-Identifier: GPL-2.0-only
/*
 * The plots of `vmsplit reproduce --plot DIR` (plots.h): a log2-x line
 * chart for E3 and grouped bar charts for E1 and E2, drawn with the SVG
 * writer of plot_svg.c.  Axes start at 0 and end at a "nice" value (1, 2
 * or 5 times a power of ten per tick), so bars and lines compare by
 * length; every number is printed in a fixed format.
 */
#include "report/plots.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/errno.h"
#include "base/hostfile.h"
#include "base/panic.h"
#include "report/plot_svg.h"
#include "experiments/whatif.h"

/* Colour-blind-safe (Okabe-Ito): blue, vermilion, green, orange. */
const char *const plot_colours[PLOT_NR_COLOURS] = {
	"#0072b2",
	"#d55e00",
	"#009e73",
	"#e69f00",
};

#define AXIS_COLOUR "#333333"
#define GRID_COLOUR "#dddddd"
#define LINE_DASH "8,5"

void plot_document_begin(FILE *f, u32 w, u32 h)
{
	plot_svg_begin(f, w, h);
	for (u32 c = 0; c < PLOT_NR_COLOURS; c++) {
		char id[16];

		snprintf(id, sizeof(id), "hatch%u", c);
		plot_svg_hatch(f, id, plot_colours[c]);
	}
}

/* The y axis: 0 to top in ticks of step. */
struct yscale {
	double top, step;
	u32 decimals;
};

/* About six ticks of 1, 2 or 5 times a power of ten, covering @max. */
static struct yscale yscale_for(double max)
{
	struct yscale y;
	double raw, mag, frac;

	if (!(max > 0))
		max = 1;
	raw = max / 6;
	mag = pow(10, floor(log10(raw)));
	frac = raw / mag;
	y.step = (frac <= 1 ? 1 : frac <= 2 ? 2 : frac <= 5 ? 5 : 10) * mag;
	y.top = ceil(max / y.step - 1e-9) * y.step;
	y.decimals = y.step >= 1 ? 0 : (u32)ceil(-log10(y.step) - 1e-9);
	return y;
}

/* Title, the y axis with its grid and labels, the x axis line. */
static void draw_frame(FILE *f, const char *title, const char *xlabel,
		       const char *ylabel, const struct yscale *ys, double bx,
		       double by, double l, double r, double t, double b)
{
	char num[32];

	plot_svg_text(f, (l + r) / 2, by + 28, SVG_MIDDLE, 17, 0, true, title);
	for (double v = 0; v <= ys->top + ys->step / 2; v += ys->step) {
		double yy = b - (b - t) * v / ys->top;

		if (v > 0)
			plot_svg_line(f, l, yy, r, yy, GRID_COLOUR, 1, NULL);
		plot_svg_line(f, l - 5, yy, l, yy, AXIS_COLOUR, 1, NULL);
		snprintf(num, sizeof(num), "%.*f", (int)ys->decimals, v);
		plot_svg_text(f, l - 8, yy + 4, SVG_END, 12, 0, false, num);
	}
	plot_svg_line(f, l, t, l, b, AXIS_COLOUR, 1.5, NULL);
	plot_svg_line(f, l, b, r, b, AXIS_COLOUR, 1.5, NULL);
	plot_svg_text(f, bx + 22, (t + b) / 2, SVG_MIDDLE, 13, -90, false,
		      ylabel);
	if (xlabel)
		plot_svg_text(f, (l + r) / 2, b + 50, SVG_MIDDLE, 13, 0, false,
			      xlabel);
}

static double y_of(const struct yscale *ys, double t, double b, double v)
{
	return b - (b - t) * v / ys->top;
}

void plot_lines_draw(FILE *f, const struct plot_lines *c, double bx, double by,
		     double bw, double bh)
{
	double l = bx + PLOT_LEFT, r = bx + bw - PLOT_LEGEND_W;
	double t = by + PLOT_TOP, b = by + bh - PLOT_BOTTOM;
	double lx0, lx1, max = 0, ly;
	struct yscale ys;

	if (!c->nx || c->nx > PLOT_MAX_X || c->nseries > PLOT_MAX_SERIES)
		panic("plot_lines_draw: %u points, %u series", c->nx,
		      c->nseries);
	for (u32 s = 0; s < c->nseries; s++)
		for (u32 i = 0; i < c->nx; i++) {
			if (c->series[s].model[i] > max)
				max = c->series[s].model[i];
			if (c->series[s].published &&
			    c->series[s].published[i] > max)
				max = c->series[s].published[i];
		}
	ys = yscale_for(max);
	draw_frame(f, c->title, c->xlabel, c->ylabel, &ys, bx, by, l, r, t, b);
	lx0 = log2(c->x[0]);
	lx1 = log2(c->x[c->nx - 1]);
#define X_OF(v)                                                           \
	(c->nx == 1 ? (l + r) / 2 :                                       \
		      l + PLOT_XPAD +                                     \
			      (r - l - 2 * PLOT_XPAD) * (log2(v) - lx0) / \
				      (lx1 - lx0))
	for (u32 i = 0; i < c->nx; i++) {
		double xx = X_OF(c->x[i]);

		plot_svg_line(f, xx, b, xx, b + 5, AXIS_COLOUR, 1, NULL);
		plot_svg_text(f, xx, b + 20, SVG_MIDDLE, 12, 0, false,
			      c->xnames[i]);
	}
	for (u32 s = 0; s < c->nseries; s++) {
		const char *col =
			plot_colours[c->series[s].colour % PLOT_NR_COLOURS];

		plot_svg_polyline_begin(f, col, 2.5,
					c->series[s].dashed ? LINE_DASH : NULL);
		for (u32 i = 0; i < c->nx; i++)
			plot_svg_polyline_point(f, X_OF(c->x[i]),
						y_of(&ys, t, b,
						     c->series[s].model[i]));
		plot_svg_polyline_end(f);
		if (!c->series[s].published)
			continue;
		for (u32 i = 0; i < c->nx; i++)
			plot_svg_circle(f, X_OF(c->x[i]),
					y_of(&ys, t, b,
					     c->series[s].published[i]),
					5, "white", col);
	}
#undef X_OF
	/* The legend: a line per series (with a circle if published). */
	ly = t + 10;
	for (u32 s = 0; s < c->nseries; s++, ly += 24) {
		const char *col =
			plot_colours[c->series[s].colour % PLOT_NR_COLOURS];

		plot_svg_line(f, r + 20, ly, r + 50, ly, col, 2.5,
			      c->series[s].dashed ? LINE_DASH : NULL);
		if (c->series[s].published)
			plot_svg_circle(f, r + 35, ly, 5, "white", col);
		plot_svg_text(f, r + 58, ly + 4, SVG_START, 12, 0, false,
			      c->series[s].name);
	}
	plot_svg_text(f, r + 20, ly + 10, SVG_START, 12, 0, false,
		      "lines: the model");
	plot_svg_circle(f, r + 25, ly + 26, 5, "white", AXIS_COLOUR);
	plot_svg_text(f, r + 36, ly + 30, SVG_START, 12, 0, false, "published");
}

void plot_bars_draw(FILE *f, const struct plot_bars *c, double bx, double by,
		    double bw, double bh)
{
	double l = bx + PLOT_LEFT;
	double r = bx + bw - (c->legend_w ? c->legend_w : 30);
	double t = by + PLOT_TOP, b = by + bh - PLOT_BOTTOM;
	double gw, barw, max = 0, ly;
	struct yscale ys;
	char num[32];

	if (!c->ngroups || c->ngroups > PLOT_MAX_X || !c->nseries ||
	    c->nseries > PLOT_MAX_SERIES)
		panic("plot_bars_draw: %u groups, %u series", c->ngroups,
		      c->nseries);
	gw = (r - l) / c->ngroups;
	barw = gw * 0.8 / c->nseries;
	for (u32 s = 0; s < c->nseries; s++)
		for (u32 g = 0; g < c->ngroups; g++)
			if (c->series[s].v[g] > max)
				max = c->series[s].v[g];
	/* Upright labels stand above the tallest bar: room for them. */
	snprintf(num, sizeof(num), "%.*f", (int)c->decimals, max);
	ys = yscale_for(strlen(num) * 6.5 > barw ? max * 1.15 : max);
	draw_frame(f, c->title, c->xlabel, c->ylabel, &ys, bx, by, l, r, t, b);
	for (u32 g = 0; g < c->ngroups; g++) {
		double gx = l + gw * g + gw * 0.1;

		/* A name wider than its group (about 7 px a character at
		 * 12 px) slants down from its group's middle. */
		if (strlen(c->groups[g]) * 7.0 > gw)
			plot_svg_text(f, l + gw * (g + 0.5), b + 16, SVG_END,
				      12, -30, false, c->groups[g]);
		else
			plot_svg_text(f, l + gw * (g + 0.5), b + 20,
				      SVG_MIDDLE, 12, 0, false, c->groups[g]);
		for (u32 s = 0; s < c->nseries; s++) {
			u32 ci = c->series[s].colour % PLOT_NR_COLOURS;
			double v = c->series[s].v[g], xx = gx + barw * s;
			char fill[24];

			if (isnan(v)) {
				plot_svg_text(f, xx + barw / 2, b - 6,
					      SVG_MIDDLE, 10, 0, false, "none");
				continue;
			}
			snprintf(fill, sizeof(fill), "url(#hatch%u)", ci);
			plot_svg_rect(f, xx + 1, y_of(&ys, t, b, v), barw - 2,
				      b - y_of(&ys, t, b, v),
				      c->series[s].published ? fill :
							       plot_colours[ci],
				      plot_colours[ci]);
			snprintf(num, sizeof(num), "%.*f", (int)c->decimals, v);
			/* Wider than its bar (about 6.5 px a character at 11
			 * px): upright, reading upwards from the bar's top. */
			if (strlen(num) * 6.5 > barw)
				plot_svg_text(f, xx + barw / 2 + 4,
					      y_of(&ys, t, b, v) - 4, SVG_START,
					      11, -90, false, num);
			else
				plot_svg_text(f, xx + barw / 2,
					      y_of(&ys, t, b, v) - 5, SVG_MIDDLE,
					      11, 0, false, num);
		}
	}
	if (!c->legend_w)
		return;
	ly = t + 10;
	for (u32 s = 0; s < c->nseries; s++, ly += 24) {
		u32 ci = c->series[s].colour % PLOT_NR_COLOURS;
		char fill[24];

		snprintf(fill, sizeof(fill), "url(#hatch%u)", ci);
		plot_svg_rect(f, r + 20, ly - 8, 30, 16,
			      c->series[s].published ? fill : plot_colours[ci],
			      plot_colours[ci]);
		plot_svg_text(f, r + 58, ly + 4, SVG_START, 12, 0, false,
			      c->series[s].name);
	}
	/* Only a chart with a published series has hatching to explain
	 * (whatif's are the model's alone). */
	for (u32 s = 0; s < c->nseries; s++)
		if (c->series[s].published) {
			plot_svg_text(f, r + 20, ly + 10, SVG_START, 12, 0,
				      false,
				      "hatched: published; solid: the model");
			break;
		}
}

/* The experiments that have plots, each DIR/<name>.svg. */
enum plotted { PLOT_DD, PLOT_NET, PLOT_KERNBENCH, NR_PLOTS };
static const char *const plotted[NR_PLOTS] = {
	[PLOT_DD] = "dd-beaglebone",
	[PLOT_NET] = "net-kirkwood",
	[PLOT_KERNBENCH] = "kernbench-numaq",
};

static void plot_path(const char *dir, const char *name, char *path,
		      size_t pathlen)
{
	snprintf(path, pathlen, "%s/%s.svg", dir, name);
}

int plot_prepare_dir(const char *dir, const char *which, char *err,
		     size_t errlen)
{
	char path[4096];
	struct stat st;
	int ret;

	if (mkdir(dir, 0777) && errno != EEXIST) {
		int e = errno;

		snprintf(err, errlen,
			 "--plot: cannot create directory '%s': %s", dir,
			 strerror(e));
		return -e;
	}
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "--plot: '%s' is not a directory", dir);
		return -ENOTDIR;
	}
	if (access(dir, W_OK | X_OK)) {
		int e = errno;

		snprintf(err, errlen, "--plot: cannot write in '%s': %s", dir,
			 strerror(e));
		return -e;
	}
	/* DIR/<experiment>.svg may be there already, as a directory say;
	 * a @which of no experiment (whatif-<board>) is checked alone. */
	for (int i = 0; i <= NR_PLOTS; i++) {
		const char *name = i < NR_PLOTS ? plotted[i] : which;

		if (which && strcmp(which, name))
			continue;
		if (!name)
			break;
		plot_path(dir, name, path, sizeof(path));
		ret = hostfile_check_writable(path);
		if (ret) {
			snprintf(err, errlen, "--plot: cannot write '%s': %s",
				 path, strerror(-ret));
			return ret;
		}
		if (which)
			break;
	}
	return 0;
}

/* Open @dir/@name.svg for writing and begin a @w x @h document in it. */
static FILE *plot_open(const char *dir, const char *name, u32 w, u32 h,
		       char *path, size_t pathlen, char *err, size_t errlen)
{
	FILE *f;

	plot_path(dir, name, path, pathlen);
	f = fopen(path, "w");
	if (!f)
		snprintf(err, errlen, "--plot: cannot write '%s': %s", path,
			 strerror(errno));
	else
		plot_document_begin(f, w, h);
	return f;
}

/*
 * End the document in @f and close it, reporting a write error (a full
 * disk shows only here).
 */
static int plot_close(FILE *f, const char *path, char *err, size_t errlen)
{
	bool bad;

	plot_svg_end(f);
	bad = ferror(f);

	if (fclose(f) || bad) {
		snprintf(err, errlen, "--plot: error writing '%s': %s", path,
			 strerror(errno ? errno : EIO));
		return -EIO;
	}
	return 0;
}

int plot_dd_beaglebone(const char *dir, const struct dd_beaglebone_result *r,
		       char *err, size_t errlen)
{
	static struct plot_lines c;
	char title[160], path[4096];
	FILE *f;

	memset(&c, 0, sizeof(c));
	snprintf(title, sizeof(title),
		 "E3: dd to tmpfs on %s, %llu MiB per point", r->platform->name,
		 (unsigned long long)(r->total >> 20));
	c.title = title;
	c.xlabel = "block size (bytes, log2 scale)";
	c.ylabel = "dd throughput (MB/s)";
	c.nx = E3_NBS;
	for (u32 b = 0; b < E3_NBS; b++) {
		c.x[b] = r->bs[b];
		c.xnames[b] = r->bs_names[b];
	}
	c.nseries = E3_NROWS;
	for (u32 s = 0; s < E3_NROWS; s++) {
		c.series[s].name = r->row_names[s];
		c.series[s].colour = s;
		/* The two GUP rows lie almost on each other. */
		c.series[s].dashed = s == E3_NROWS - 1;
		c.series[s].published = r->published[s];
		for (u32 b = 0; b < E3_NBS; b++)
			c.series[s].model[b] = r->pts[s][b].mbps;
	}
	f = plot_open(dir, plotted[PLOT_DD], 1100, 560, path, sizeof(path), err,
		      errlen);
	if (!f)
		return -EIO;
	plot_lines_draw(f, &c, 0, 0, 1100, 560);
	return plot_close(f, path, err, errlen);
}

int plot_net_kirkwood(const char *dir, const struct net_kirkwood_result *r,
		      char *err, size_t errlen)
{
	static const char *const names[4] = { "TSO off, published",
					      "TSO off, model",
					      "TSO on, published",
					      "TSO on, model" };
	static struct plot_bars c;
	char title[160], path[4096];
	FILE *f;

	memset(&c, 0, sizeof(c));
	snprintf(title, sizeof(title), "E1: iperf TCP send on %s",
		 r->platform->name);
	c.title = title;
	c.xlabel = "kernel configuration";
	c.ylabel = "iperf throughput (Mbit/s)";
	c.legend_w = 260;
	c.ngroups = E1_NROWS;
	for (u32 g = 0; g < E1_NROWS; g++)
		c.groups[g] = r->row_names[g];
	c.nseries = 4;
	for (u32 s = 0; s < 4; s++) {
		u32 tso = s / 2;

		c.series[s].name = names[s];
		c.series[s].colour = tso;
		c.series[s].published = !(s & 1);
		for (u32 g = 0; g < E1_NROWS; g++)
			c.series[s].v[g] =
				!(s & 1) ? (r->published[g] ?
						    r->published[g][tso] :
						    NAN) :
					   r->pts[g][tso].mbps;
	}
	f = plot_open(dir, plotted[PLOT_NET], 1000, 560, path, sizeof(path),
		      err, errlen);
	if (!f)
		return -EIO;
	plot_bars_draw(f, &c, 0, 0, 1000, 560);
	return plot_close(f, path, err, errlen);
}

/*
 * E2's plot: elapsed, system and user time each on an axis of its own (on
 * one axis user time's 566 s set the scale and system time's change did
 * not show), then SDET relative to its baseline, with the legend; 1200 px
 * wide in all.
 */
int plot_kernbench_numaq(const char *dir,
			 const struct kernbench_numaq_result *r, char *err,
			 size_t errlen)
{
	static const char *const names[3] = { "baseline, published",
					      "baseline, model",
					      "CONFIG_HIGHPTE=y, model" };
	static const char *const metric[3] = { "elapsed", "system", "user" };
	static struct plot_bars kb[3], sd;
	char title[3][96], sdtitle[64], sdx[64], path[4096];
	FILE *f;

	for (u32 m = 0; m < 3; m++) {
		struct plot_bars *c = &kb[m];

		memset(c, 0, sizeof(*c));
		snprintf(title[m], sizeof(title[m]), "E2: kernbench %s",
			 metric[m]);
		c->title = title[m];
		c->ylabel = "seconds";
		c->xlabel = r->platform->name;
		c->decimals = 1;
		c->ngroups = 1;
		c->groups[0] = metric[m];
		c->nseries = 3;
		for (u32 s = 0; s < 3; s++) {
			c->series[s].name = names[s];
			c->series[s].colour = s == 2;
			c->series[s].published = s == 0;
		}
		c->series[0].v[0] = r->published[m];
		for (u32 h = 0; h < 2; h++)
			c->series[1 + h].v[0] =
				m == 0 ? r->kb[h].r.elapsed_s :
				m == 1 ? r->kb[h].r.system_s :
					 r->kb[h].r.user_s;
	}
	sd = kb[0];
	snprintf(sdtitle, sizeof(sdtitle), "E2: SDET %u", SDET_DEFAULT_SCRIPTS);
	snprintf(sdx, sizeof(sdx), "SDET, %u scripts", SDET_DEFAULT_SCRIPTS);
	sd.title = sdtitle;
	sd.ylabel = "relative to baseline (%)";
	sd.xlabel = sdx;
	sd.legend_w = 240;
	sd.groups[0] = "scripts/hour";
	sd.series[0].v[0] = r->sdet_published_pct;
	/* The model's baseline is the 100% its HIGHPTE run is relative to. */
	sd.series[1].v[0] = 100.0;
	sd.series[2].v[0] = r->sdet_rel_pct;
	f = plot_open(dir, plotted[PLOT_KERNBENCH], 1200, 560, path,
		      sizeof(path), err, errlen);
	if (!f)
		return -EIO;
	for (u32 m = 0; m < 3; m++)
		plot_bars_draw(f, &kb[m], 260.0 * m, 0, 260, 560);
	plot_bars_draw(f, &sd, 780, 0, 420, 560);
	return plot_close(f, path, err, errlen);
}

/*
 * whatif's plot: the memory each row gives (lowmem, highmem, TASK_SIZE)
 * on the left, each workload's figure against the status quo's on the
 * right -- as a speed, 100 for the status quo, higher better whichever
 * way the metric runs -- one group per row.
 */
int plot_whatif(const char *dir, const struct platform *p,
		const struct whatif_row *rows, u32 mask, char *err,
		size_t errlen)
{
	static const char *const mem_names[3] = { "lowmem", "highmem",
						  "user address space" };
	static struct plot_bars mem, speed;
	char name[96], title[2][160], path[4096];
	u32 n = 0, ng = 0, row_of[WHATIF_NROWS];
	FILE *f;

	memset(&mem, 0, sizeof(mem));
	memset(&speed, 0, sizeof(speed));
	snprintf(title[0], sizeof(title[0]), "whatif on %s: memory", p->name);
	snprintf(title[1], sizeof(title[1]),
		 "whatif on %s: speed (status quo = 100)", p->name);
	mem.title = title[0];
	mem.xlabel = speed.xlabel = "configuration";
	mem.ylabel = "MiB";
	speed.title = title[1];
	speed.ylabel = "relative speed";
	speed.decimals = 1;
	mem.legend_w = speed.legend_w = 200;
	/* The rows this board has; a refused one has no group. */
	for (u32 i = 0; i < WHATIF_NROWS; i++)
		if (rows[i].valid)
			row_of[ng++] = i;
	mem.ngroups = speed.ngroups = ng;
	for (u32 g = 0; g < ng; g++)
		mem.groups[g] = speed.groups[g] = rows[row_of[g]].tag;
	mem.nseries = 3;
	for (u32 s = 0; s < 3; s++) {
		mem.series[s].name = mem_names[s];
		mem.series[s].colour = s;
		for (u32 g = 0; g < ng; g++) {
			const struct whatif_memory *m = &rows[row_of[g]].mem;
			u64 v = s == 0 ? m->lowmem :
				s == 1 ? m->highmem : m->user_va;

			mem.series[s].v[g] = (double)v;
		}
	}
	for (int w = 0; w < NR_WHATIF_WORKLOADS; w++) {
		if (!(mask & (1u << w)))
			continue;
		speed.series[n].name = whatif_metric_name(w);
		speed.series[n].colour = n % PLOT_NR_COLOURS;
		for (u32 g = 0; g < ng; g++) {
			const struct whatif_row *row = &rows[row_of[g]];

			speed.series[n].v[g] =
				row->measured[w] ?
					whatif_speed(&rows[0], row, w) :
					NAN;
		}
		n++;
	}
	speed.nseries = n;
	snprintf(name, sizeof(name), "whatif-%s", p->name);
	/* One above the other: each chart the page's width. */
	f = plot_open(dir, name, 1400, 1240, path, sizeof(path), err, errlen);
	if (!f)
		return -EIO;
	plot_bars_draw(f, &mem, 0, 0, 1400, 620);
	plot_bars_draw(f, &speed, 0, 620, 1400, 620);
	return plot_close(f, path, err, errlen);
}
