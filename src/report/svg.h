/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A tiny SVG writer for plots: a document, rectangles, lines and text,
 * written straight to a FILE.  Text is escaped (& < > " ') so any label
 * is safe; coordinates are in user units, y growing downwards.  Numbers
 * are printed with two decimals, so the same plot gives the same bytes.
 */
#ifndef VMSPLIT_REPORT_SVG_H
#define VMSPLIT_REPORT_SVG_H

#include <stdbool.h>
#include <stdio.h>

enum svg_anchor { SVG_START, SVG_MIDDLE, SVG_END };

/* Open a @w x @h document with a white background. */
void svg_begin(FILE *f, double w, double h);
void svg_end(FILE *f);

/* Write @s with XML's special characters escaped. */
void svg_escape(FILE *f, const char *s);

/*
 * svg_rect - a filled rectangle; @title (or NULL) becomes its tooltip.
 * A negative @h or @w is drawn from the other edge.
 */
void svg_rect(FILE *f, double x, double y, double w, double h,
	      const char *fill, const char *title);
void svg_line(FILE *f, double x1, double y1, double x2, double y2,
	      const char *stroke, double width, bool dashed);
/* Text at (@x, @y) of @size px, turned by @rotate degrees about there. */
void svg_text(FILE *f, double x, double y, double size, enum svg_anchor a,
	      double rotate, const char *text);

#endif
