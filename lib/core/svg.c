#include "core/svg.h"

static void escaped(asel_buf *b, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': asel_buf_puts(b, "&lt;"); break;
        case '>': asel_buf_puts(b, "&gt;"); break;
        case '&': asel_buf_puts(b, "&amp;"); break;
        case '"': asel_buf_puts(b, "&quot;"); break;
        default:
            /* Control characters are not allowed in XML 1.0. */
            if ((unsigned char)*s >= 0x20 || *s == '\t' || *s == '\n')
                asel_buf_append(b, s, 1);
        }
    }
}

void asel_svg_begin(asel_buf *b, double width, double height)
{
    asel_buf_printf(b,
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                    "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n",
                    width, height, width, height);
    asel_svg_rect(b, 0, 0, width, height, "white", "none");
}

void asel_svg_end(asel_buf *b)
{
    asel_buf_puts(b, "</svg>\n");
}

void asel_svg_line(asel_buf *b, double x1, double y1, double x2, double y2, const char *stroke,
                   double width)
{
    asel_buf_printf(b,
                    "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                    "stroke-width=\"%.2f\"/>\n",
                    x1, y1, x2, y2, stroke, width);
}

void asel_svg_rect(asel_buf *b, double x, double y, double w, double h, const char *fill,
                   const char *stroke)
{
    asel_buf_printf(b,
                    "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" "
                    "stroke=\"%s\"/>\n",
                    x, y, w, h, fill, stroke);
}

void asel_svg_circle(asel_buf *b, double cx, double cy, double r, const char *fill)
{
    asel_buf_printf(b,
                    "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\" fill-opacity=\"0.8\"/>\n",
                    cx, cy, r, fill);
}

void asel_svg_text(asel_buf *b, double x, double y, const char *text, const char *anchor,
                   double size, double rotate)
{
    asel_buf_printf(b, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.1f\" text-anchor=\"%s\"", x, y,
                    size, anchor);
    if (rotate != 0)
        asel_buf_printf(b, " transform=\"rotate(%.1f %.2f %.2f)\"", rotate, x, y);
    asel_buf_puts(b, ">");
    escaped(b, text);
    asel_buf_puts(b, "</text>\n");
}

const char *asel_svg_color(size_t i)
{
    /* Okabe-Ito colours, readable by colour-blind viewers, then greys. */
    static const char *const palette[] = {"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
                                          "#56B4E9", "#F0E442", "#000000", "#999999", "#666666"};
    return palette[i % (sizeof palette / sizeof palette[0])];
}
