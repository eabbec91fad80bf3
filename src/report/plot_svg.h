/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A small SVG writer for the plots of `vmsplit reproduce --plot`: the few
 * elements a chart needs beyond report/svg.h's (hatching, circles, bold
 * and coloured text), every coordinate printed with "%.2f" and every
 * text escaped for XML, so the same data always gives the same bytes.
 * Nothing here knows about charts; report/plots.c does.
 */
#ifndef VMSPLIT_REPORT_PLOT_SVG_H
#define VMSPLIT_REPORT_PLOT_SVG_H

#include <stdio.h>

#include "base/types.h"
#include "report/svg.h"	/* enum svg_anchor, svg_escape() */

/*
 * plot_svg_begin - the <svg> element, @w x @h user units, on a white
 * background; plot_svg_end closes it.
 */
void plot_svg_begin(FILE *f, u32 w, u32 h);
void plot_svg_end(FILE *f);

/*
 * plot_svg_hatch - define pattern @id: diagonal stripes of @colour on
 * white, for the bars of published figures.  Call right after begin.
 */
void plot_svg_hatch(FILE *f, const char *id, const char *colour);

/* plot_svg_text - @text at (@x, @y), @size px, rotated by @rotate degrees
 * about its anchor point; @bold for titles. */
void plot_svg_text(FILE *f, double x, double y, enum svg_anchor anchor,
		   u32 size, double rotate, bool bold, const char *text);

/* plot_svg_line - a line of @stroke, dashed as @dash says (NULL: solid). */
void plot_svg_line(FILE *f, double x1, double y1, double x2, double y2,
		   const char *stroke, double width, const char *dash);

/* plot_svg_rect - @fill may be a colour or "url(#id)"; @stroke "none". */
void plot_svg_rect(FILE *f, double x, double y, double w, double h,
		   const char *fill, const char *stroke);

void plot_svg_circle(FILE *f, double cx, double cy, double r, const char *fill,
		     const char *stroke);

/*
 * plot_svg_polyline_begin - open a polyline of @stroke, dashed as
 * @dash says (an SVG stroke-dasharray, or NULL: solid); add points with
 * plot_svg_polyline_point and close it with plot_svg_polyline_end.
 */
void plot_svg_polyline_begin(FILE *f, const char *stroke, double width,
			     const char *dash);
void plot_svg_polyline_point(FILE *f, double x, double y);
void plot_svg_polyline_end(FILE *f);

#endif
