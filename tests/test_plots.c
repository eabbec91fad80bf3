// SPDX-License-Identifier: GPL-2.0-only
/*
 * The plots of `vmsplit reproduce --plot`: the SVG writer escapes text, a
 * chart of a small known data set has its points where the layout puts
 * them (plots.h), and the CLI writes a well-formed file without changing
 * what it prints.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "report/plot_svg.h"
#include "experiments/kernbench.h"
#include "platforms/platform.h"
#include "report/plots.h"

/* What @draw writes to a memory stream, as a string (caller frees). */
static char *capture(void (*draw)(FILE *f, const void *arg), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert(f);
	draw(f, arg);
	cr_assert_eq(fclose(f), 0);
	return buf;
}

static int count(const char *s, const char *what)
{
	int n = 0;

	for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

static void draw_escape(FILE *f, const void *arg)
{
	svg_escape(f, arg);
}

static void draw_text(FILE *f, const void *arg)
{
	plot_svg_text(f, 10, 20.5, SVG_MIDDLE, 12, -90, false, arg);
}

Test(plots, escapes_text_for_xml)
{
	char *s = capture(draw_escape, "a<b & \"c\" 'd' > e");

	cr_assert_str_eq(s, "a&lt;b &amp; &quot;c&quot; &apos;d&apos; &gt; e");
	free(s);
	s = capture(draw_text, "MB/s <&>");
	cr_assert_str_eq(
		s,
		"<text x=\"10.00\" y=\"20.50\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90.00 10.00 20.50)\">MB/s &lt;&amp;&gt;</text>\n");
	free(s);
}

/*
 * Two series over x = 1, 2, 4 in a 1000 x 500 box: the plot area runs
 * from x 80 to 600 (1000 - PLOT_LEGEND_W) and y 430 (500 - PLOT_BOTTOM)
 * up to 60; the points start PLOT_XPAD in from either side, so log2 x of
 * 0, 1, 2 fall at 110, 340, 570.  The largest value, 35, gives ticks of
 * 10 up to 40: y(v) = 430 - 370 v / 40.
 */
static const double pub_a[3] = { 15, 25, 35 };

static void draw_lines(FILE *f, const void *arg)
{
	static struct plot_lines c = {
		.title = "Small & known",
		.xlabel = "block size (bytes)",
		.ylabel = "throughput (MB/s)",
		.nx = 3,
		.x = { 1, 2, 4 },
		.xnames = { "1", "2", "4" },
		.nseries = 2,
		.series = { { .name = "A",
			      .colour = 0,
			      .model = { 10, 20, 30 },
			      .published = pub_a },
			    { .name = "B",
			      .colour = 1,
			      .dashed = true,
			      .model = { 5, 5, 5 } } },
	};

	(void)arg;
	plot_lines_draw(f, &c, 0, 0, 1000, 500);
}

Test(plots, line_chart_of_a_known_data_set)
{
	char *s = capture(draw_lines, NULL);

	/* The published point (2, 25): x 340, y 430 - 370 * 25 / 40. */
	cr_assert(
		strstr(s,
		       "<circle cx=\"340.00\" cy=\"198.75\" r=\"5.00\" fill=\"white\" stroke=\"#0072b2\""),
		"%s", s);
	/* One polyline per series, through the model's values. */
	cr_assert_eq(count(s, "<polyline"), 2);
	cr_assert(strstr(
		s, "points=\"110.00,337.50 340.00,245.00 570.00,152.50 \""));
	cr_assert(strstr(
		s,
		"stroke-dasharray=\"8,5\" points=\"110.00,383.75 340.00,383.75 570.00,383.75 \""));
	/* Three published circles and the legend's two. */
	cr_assert_eq(count(s, "<circle"), 5);
	cr_assert(strstr(s, ">Small &amp; known</text>"));
	cr_assert(strstr(s, ">block size (bytes)</text>"));
	cr_assert(strstr(
		s,
		"transform=\"rotate(-90.00 22.00 245.00)\">throughput (MB/s)</text>"));
	/* The top tick, at the top of the plot area. */
	cr_assert(strstr(
		s,
		"<text x=\"72.00\" y=\"64.00\" text-anchor=\"end\" font-size=\"12\">40</text>"));
	free(s);
}

/*
 * Two groups of two bars in a 500 x 500 box without a legend: the area
 * runs from 80 to 470 (30 px right margin), 195 px a group whose bars take
 * 80%: 78 px each (a pixel of gap either side), the first at 80 + 19.5;
 * 50 of a top of 50 (ticks of 10) fills the 370 px.
 */
static void draw_bars(FILE *f, const void *arg)
{
	static struct plot_bars c = {
		.title = "Bars",
		.ylabel = "seconds",
		.ngroups = 2,
		.groups = { "elapsed", "user" },
		.nseries = 2,
		.series = { { .name = "published",
			      .colour = 0,
			      .published = true,
			      .v = { 50, NAN } },
			    { .name = "model", .colour = 0, .v = { 40, 20 } } },
	};

	(void)arg;
	plot_bars_draw(f, &c, 0, 0, 500, 500);
}

Test(plots, bar_chart_hatches_published_bars)
{
	char *s = capture(draw_bars, NULL);

	/* Published 50: hatched, from the top of the area down to 430. */
	cr_assert(
		strstr(s,
		       "<rect x=\"100.50\" y=\"60.00\" width=\"76.00\" height=\"370.00\" fill=\"url(#hatch0)\" stroke=\"#0072b2\"/>"),
		"%s", s);
	/* The model's 40: solid. */
	cr_assert(strstr(
		s,
		"<rect x=\"178.50\" y=\"134.00\" width=\"76.00\" height=\"296.00\" fill=\"#0072b2\" stroke=\"#0072b2\"/>"));
	/* No published user time: no bar, a note. */
	cr_assert_eq(count(s, "<rect"), 3);
	cr_assert_eq(count(s, ">none</text>"), 1);
	free(s);
}

/* Run `vmsplit ARGS >OUT 2>ERR` (VMSPLIT_BIN, as tests/test_cli.c). */
static int run_cli(const char *args, const char *out, const char *err)
{
	const char *bin = getenv("VMSPLIT_BIN");
	char cmd[1024];
	int st;

	cr_assert(bin, "VMSPLIT_BIN is not set (run through make test)");
	snprintf(cmd, sizeof(cmd), "%s %s >%s 2>%s", bin, args, out, err);
	st = system(cmd);
	cr_assert(WIFEXITED(st));
	return WEXITSTATUS(st);
}

/*
 * Every start tag closed by its end tag, in order (no comments, CDATA or
 * '>' inside attribute values in what we write).
 */
static bool balanced(const char *s)
{
	char stack[64][32];
	int depth = 0;

	for (const char *p = strchr(s, '<'); p; p = strchr(p + 1, '<')) {
		const char *end = strchr(p, '>');
		size_t n;

		if (!end)
			return false;
		if (end[-1] == '/')
			continue;
		if (p[1] == '/') {
			n = strcspn(p + 2, " >");
			if (!depth || n >= 32 ||
			    strncmp(stack[depth - 1], p + 2, n) ||
			    stack[depth - 1][n])
				return false;
			depth--;
			continue;
		}
		n = strcspn(p + 1, " >");
		if (depth == 64 || n >= 32)
			return false;
		memcpy(stack[depth], p + 1, n);
		stack[depth++][n] = 0;
	}
	return depth == 0;
}

Test(plots, balanced_checker_catches_a_stray_tag)
{
	cr_assert(balanced("<svg a=\"1\"><g><rect/></g></svg>"));
	cr_assert(!balanced("<svg><g></svg>"));
	cr_assert(!balanced("<svg><text>x</g></svg>"));
}

Test(plots, reproduce_dd_writes_a_well_formed_svg, .timeout = 120)
{
	char dir[] = "/tmp/vmsplit-plots-XXXXXX";
	char sub[128], path[192], out[128], plain[128], err[128], args[256];
	char *svg, *a, *b;
	size_t n;

	cr_assert(mkdtemp(dir));
	/* A directory that does not exist yet is created. */
	snprintf(sub, sizeof(sub), "%s/svg", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(plain, sizeof(plain), "%s/plain", dir);
	snprintf(err, sizeof(err), "%s/err", dir);
	snprintf(args, sizeof(args), "reproduce dd-beaglebone --plot %s", sub);
	cr_assert_eq(run_cli(args, out, err), 0);
	snprintf(path, sizeof(path), "%s/dd-beaglebone.svg", sub);
	svg = test_slurp(path);
	n = strlen(svg);
	cr_assert(!strncmp(svg, "<svg ", 5));
	cr_assert(n > 8 && !strcmp(svg + n - 7, "</svg>\n"));
	cr_assert(balanced(svg));
	/* One model line per uaccess strategy; the calibration row's
	 * published points, and the legend's two. */
	cr_assert_eq(count(svg, "<polyline"), 4);
	cr_assert_eq(count(svg, "<circle"), 7 + 2);
	cr_assert(strstr(svg, ">dd throughput (MB/s)</text>"));
	cr_assert(strstr(svg,
			 ">CONFIG_UACCESS_GUP_KMAP_MEMCPY, HIGHMEM=n</text>"));
	/* What it prints does not change with --plot. */
	cr_assert_eq(run_cli("reproduce dd-beaglebone", plain, err), 0);
	a = test_slurp(out);
	b = test_slurp(plain);
	cr_assert_str_eq(a, b);
	free(a);
	free(b);
	free(svg);
	remove(path);
	remove(sub);
	remove(out);
	remove(plain);
	remove(err);
	remove(dir);
}

Test(plots, unwritable_plot_directory_is_one_line_and_exit_1)
{
	char dir[] = "/tmp/vmsplit-plots-XXXXXX";
	char out[128], err[128];
	char *e;

	cr_assert(mkdtemp(dir));
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(err, sizeof(err), "%s/err", dir);
	/* Before any run: nothing printed, one line on stderr. */
	cr_assert_eq(run_cli("reproduce dd-beaglebone --plot /dev/null/x", out,
			     err),
		     1);
	e = test_slurp(err);
	cr_assert(
		!strncmp(
			e,
			"vmsplit: --plot: cannot create directory '/dev/null/x'",
			54),
		"%s", e);
	cr_assert_eq(count(e, "\n"), 1);
	free(e);
	e = test_slurp(out);
	cr_assert_str_eq(e, "");
	free(e);
	cr_assert_eq(run_cli("reproduce --plot /dev/null", out, err), 1);
	e = test_slurp(err);
	cr_assert_str_eq(e,
			 "vmsplit: --plot: '/dev/null' is not a directory\n");
	free(e);
	/* A missing value is a bad command line. */
	cr_assert_eq(run_cli("reproduce dd-beaglebone --plot", out, err), 2);
	cr_assert_eq(run_cli("reproduce hackbench-beaglebone --plot /tmp", out,
			     err),
		     2);
	remove(out);
	remove(err);
	remove(dir);
}

/*
 * E2's plot (issue 36 item 9): elapsed, system and user time each on an
 * axis of its own -- system time's 114.9 -> 163.2 s is seen on a scale
 * of its own, not under user time's 566 -- and SDET with the legend, all
 * within 1200 px.
 */
Test(plots, kernbench_puts_each_time_on_its_own_axis)
{
	static const double published[4] = { 45.38, 114.91, 565.81, 1497.75 };
	static struct kernbench_numaq_result r;
	char dir[] = "/tmp/vmsplit-plots-XXXXXX", err[256], path[128];
	char *svg;

	cr_assert(mkdtemp(dir));
	r.platform = platform_find("numaq-16");
	r.published = published;
	r.sdet_published_pct = 100.0;
	r.sdet_rel_pct = 95.6;
	r.kb[0].r.elapsed_s = 43.33;
	r.kb[0].r.system_s = 114.93;
	r.kb[0].r.user_s = 565.80;
	r.kb[1].r.elapsed_s = 46.48;
	r.kb[1].r.system_s = 163.16;
	r.kb[1].r.user_s = 565.77;
	cr_assert_eq(plot_kernbench_numaq(dir, &r, err, sizeof(err)), 0, "%s",
		     err);
	snprintf(path, sizeof(path), "%s/kernbench-numaq.svg", dir);
	svg = test_slurp(path);
	cr_assert(balanced(svg));
	cr_assert(strstr(svg, "width=\"1200\""), "%.300s", svg);
	cr_assert_null(strstr(svg, "width=\"1240\""));
	cr_assert(strstr(svg, ">E2: kernbench elapsed</text>"));
	cr_assert(strstr(svg, ">E2: kernbench system</text>"));
	cr_assert(strstr(svg, ">E2: kernbench user</text>"));
	cr_assert(strstr(svg, ">E2: SDET 32</text>"));
	/* The system panel's own numbers above its bars. */
	cr_assert(strstr(svg, ">163.2</text>"));
	cr_assert(strstr(svg, ">114.9</text>"));
	cr_assert_eq(count(svg, "hatched: published; solid: the model"), 1);
	free(svg);
	remove(path);
	rmdir(dir);
}
