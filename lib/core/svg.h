/* Minimal SVG output into an asel_buf: shapes and escaped text. */
#ifndef ASEL_SVG_H
#define ASEL_SVG_H

#include "core/buf.h"

void asel_svg_begin(asel_buf *b, double width, double height);
void asel_svg_end(asel_buf *b);
void asel_svg_line(asel_buf *b, double x1, double y1, double x2, double y2, const char *stroke,
                   double width);
void asel_svg_rect(asel_buf *b, double x, double y, double w, double h, const char *fill,
                   const char *stroke);
/* A bar of class "bar", outlined in white so that neighbours stay apart,
 * with @p title (escaped; NULL for none) as its tooltip. */
void asel_svg_bar(asel_buf *b, double x, double y, double w, double h, const char *fill,
                  const char *title);
void asel_svg_circle(asel_buf *b, double cx, double cy, double r, const char *fill);

/* Text at (x, y); @p anchor is "start" (SVG's initial value, not written),
 * "middle" or "end"; @p rotate in degrees (0 for none). The text is
 * XML-escaped. */
void asel_svg_text(asel_buf *b, double x, double y, const char *text, const char *anchor,
                   double size, double rotate);

/* The style of series @p i: colour, marker shape and line dash. Seven
 * colours times five shapes (circle, square, triangle up, diamond, triangle
 * down) and five dash patterns keep 35 series distinct; series 0-6 are
 * circles and solid lines. */
const char *asel_svg_color(size_t i);
const char *asel_svg_dash(size_t i);
/* The dash of line @p i in a line panel: the five patterns in turn, so that
 * neighbouring series differ in dash as well as colour (a line lying on
 * another still shows through its gaps); with the colour, distinct for 35
 * series (7 and 5 are coprime). */
const char *asel_svg_line_dash(size_t i);
/* The marker of series @p i centred at (cx, cy), of radius about @p r. */
void asel_svg_marker(asel_buf *b, double cx, double cy, double r, size_t i);

#endif
