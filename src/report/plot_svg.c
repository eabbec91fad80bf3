// SPDX-License-Identifier: GPL-2.0-only
/*
 * The SVG elements of the plots (plot_svg.h).  Coordinates are printed
 * "%.2f": a hundredth of a pixel is below what a renderer shows, and a
 * fixed format keeps the output byte-identical from run to run.
 */
#include "report/plot_svg.h"

static const char *const anchor_names[] = {
	[SVG_START] = "start",
	[SVG_MIDDLE] = "middle",
	[SVG_END] = "end",
};

void plot_svg_begin(FILE *f, u32 w, u32 h)
{
	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
		w, h, w, h);
	fprintf(f,
		"<rect x=\"0\" y=\"0\" width=\"%u\" height=\"%u\" fill=\"white\"/>\n",
		w, h);
}

void plot_svg_end(FILE *f)
{
	fputs("</svg>\n", f);
}

void plot_svg_hatch(FILE *f, const char *id, const char *colour)
{
	fputs("<defs><pattern id=\"", f);
	svg_escape(f, id);
	fputs("\" patternUnits=\"userSpaceOnUse\" width=\"6\" height=\"6\" patternTransform=\"rotate(45)\">"
	      "<rect x=\"0\" y=\"0\" width=\"6\" height=\"6\" fill=\"white\"/>"
	      "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"",
	      f);
	svg_escape(f, colour);
	fputs("\" stroke-width=\"3\"/></pattern></defs>\n", f);
}

void plot_svg_text(FILE *f, double x, double y, enum svg_anchor anchor,
		   u32 size, double rotate, bool bold, const char *text)
{
	fprintf(f,
		"<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"%s\" font-size=\"%u\"",
		x, y, anchor_names[anchor], size);
	if (bold)
		fputs(" font-weight=\"bold\"", f);
	if (rotate != 0)
		fprintf(f, " transform=\"rotate(%.2f %.2f %.2f)\"", rotate, x,
			y);
	fputc('>', f);
	svg_escape(f, text);
	fputs("</text>\n", f);
}

/* A stroke-dasharray attribute, if @dash asks for one. */
static void put_dash(FILE *f, const char *dash)
{
	if (!dash)
		return;
	fputs(" stroke-dasharray=\"", f);
	svg_escape(f, dash);
	fputc('"', f);
}

void plot_svg_line(FILE *f, double x1, double y1, double x2, double y2,
		   const char *stroke, double width, const char *dash)
{
	fprintf(f,
		"<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"",
		x1, y1, x2, y2);
	svg_escape(f, stroke);
	fprintf(f, "\" stroke-width=\"%.2f\"", width);
	put_dash(f, dash);
	fputs("/>\n", f);
}

void plot_svg_rect(FILE *f, double x, double y, double w, double h,
		   const char *fill, const char *stroke)
{
	fprintf(f,
		"<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"",
		x, y, w, h);
	svg_escape(f, fill);
	fputs("\" stroke=\"", f);
	svg_escape(f, stroke);
	fputs("\"/>\n", f);
}

void plot_svg_circle(FILE *f, double cx, double cy, double r, const char *fill,
		     const char *stroke)
{
	fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"", cx, cy,
		r);
	svg_escape(f, fill);
	fputs("\" stroke=\"", f);
	svg_escape(f, stroke);
	fputs("\" stroke-width=\"1.50\"/>\n", f);
}

void plot_svg_polyline_begin(FILE *f, const char *stroke, double width,
			     const char *dash)
{
	fputs("<polyline fill=\"none\" stroke=\"", f);
	svg_escape(f, stroke);
	fprintf(f, "\" stroke-width=\"%.2f\"", width);
	put_dash(f, dash);
	fputs(" points=\"", f);
}

void plot_svg_polyline_point(FILE *f, double x, double y)
{
	fprintf(f, "%.2f,%.2f ", x, y);
}

void plot_svg_polyline_end(FILE *f)
{
	fputs("\"/>\n", f);
}
