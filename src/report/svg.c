// SPDX-License-Identifier: GPL-2.0-only
/*
 * The SVG writer (see report/svg.h).
 */
#include "report/svg.h"

void svg_begin(FILE *f, double w, double h)
{
	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n",
		w, h, w, h);
	svg_rect(f, 0, 0, w, h, "#ffffff", NULL);
}

void svg_end(FILE *f)
{
	fputs("</svg>\n", f);
}

void svg_escape(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&apos;", f);
			break;
		default:
			/* XML 1.0 has no place for other control characters. */
			if ((unsigned char)*s < 0x20 && *s != '\t' &&
			    *s != '\n')
				fputc('?', f);
			else
				fputc(*s, f);
		}
	}
}

void svg_rect(FILE *f, double x, double y, double w, double h, const char *fill,
	      const char *title)
{
	if (w < 0) {
		x += w;
		w = -w;
	}
	if (h < 0) {
		y += h;
		h = -h;
	}
	fprintf(f,
		"<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"",
		x, y, w, h);
	svg_escape(f, fill);
	if (!title) {
		fputs("\"/>\n", f);
		return;
	}
	fputs("\"><title>", f);
	svg_escape(f, title);
	fputs("</title></rect>\n", f);
}

void svg_line(FILE *f, double x1, double y1, double x2, double y2,
	      const char *stroke, double width, bool dashed)
{
	fprintf(f,
		"<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"",
		x1, y1, x2, y2);
	svg_escape(f, stroke);
	fprintf(f, "\" stroke-width=\"%.2f\"%s/>\n", width,
		dashed ? " stroke-dasharray=\"4 3\"" : "");
}

void svg_text(FILE *f, double x, double y, double size, enum svg_anchor a,
	      double rotate, const char *text)
{
	static const char *const anchors[] = { "start", "middle", "end" };

	fprintf(f,
		"<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.1f\" text-anchor=\"%s\"",
		x, y, size, anchors[a]);
	if (rotate != 0)
		fprintf(f, " transform=\"rotate(%.1f %.2f %.2f)\"", rotate, x,
			y);
	fputc('>', f);
	svg_escape(f, text);
	fputs("</text>\n", f);
}
