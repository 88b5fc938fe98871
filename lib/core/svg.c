#include <string.h>

#include "core/csv_utf8.h"
#include "core/svg.h"

/* Text as XML character data of a document declared UTF-8: markup escaped,
 * control characters (not allowed in XML 1.0) dropped, and a byte that does
 * not start a valid UTF-8 sequence written as U+FFFD. */
static void escaped(asel_buf *b, const char *s)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);
    while (p < end) {
        size_t n = *p >= 0x80 ? asel_utf8_seq(p, end) : 1;
        switch (*p) {
        case '<': asel_buf_puts(b, "&lt;"); break;
        case '>': asel_buf_puts(b, "&gt;"); break;
        case '&': asel_buf_puts(b, "&amp;"); break;
        case '"': asel_buf_puts(b, "&quot;"); break;
        default:
            if (n == 0)
                asel_buf_puts(b, "\xEF\xBF\xBD");
            else if (*p >= 0x20 || *p == '\t' || *p == '\n')
                asel_buf_append(b, (const char *)p, n);
        }
        p += n ? n : 1;
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

void asel_svg_bar(asel_buf *b, double x, double y, double w, double h, const char *fill,
                  const char *title)
{
    asel_buf_printf(b,
                    "<rect class=\"bar\" x=\"%.3f\" y=\"%.2f\" width=\"%.3f\" height=\"%.2f\" "
                    "fill=\"%s\" stroke=\"white\" stroke-width=\"0.3\"",
                    x, y, w, h, fill);
    if (title == NULL) {
        asel_buf_puts(b, "/>\n");
        return;
    }
    asel_buf_puts(b, "><title>");
    escaped(b, title);
    asel_buf_puts(b, "</title></rect>\n");
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
    asel_buf_printf(b, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.1f\"", x, y, size);
    if (strcmp(anchor, "start") != 0) /* SVG's initial value */
        asel_buf_printf(b, " text-anchor=\"%s\"", anchor);
    if (rotate != 0)
        asel_buf_printf(b, " transform=\"rotate(%.1f %.2f %.2f)\"", rotate, x, y);
    asel_buf_puts(b, ">");
    escaped(b, text);
    asel_buf_puts(b, "</text>\n");
}

/* Okabe-Ito colours, readable by colour-blind viewers (its yellow left out:
 * too faint on white). */
static const char *const palette[] = {"#0072B2", "#E69F00", "#009E73", "#D55E00",
                                      "#CC79A7", "#56B4E9", "#000000"};
#define N_COLORS (sizeof palette / sizeof palette[0])
#define N_SHAPES 5

const char *asel_svg_color(size_t i)
{
    return palette[i % N_COLORS];
}

static const char *const dashes[N_SHAPES] = {"none", "6,3", "2,2", "8,3,2,3", "1,3"};

const char *asel_svg_dash(size_t i)
{
    return dashes[(i / N_COLORS) % N_SHAPES];
}

const char *asel_svg_line_dash(size_t i)
{
    return dashes[i % N_SHAPES];
}

void asel_svg_marker(asel_buf *b, double cx, double cy, double r, size_t i)
{
    const char *fill = asel_svg_color(i);
    switch ((i / N_COLORS) % N_SHAPES) {
    case 0:
        asel_svg_circle(b, cx, cy, r, fill);
        break;
    case 1:
        asel_svg_rect(b, cx - r, cy - r, 2 * r, 2 * r, fill, "none");
        break;
    case 2: /* triangle pointing up */
        asel_buf_printf(b, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\" fill=\"%s\"/>\n", cx,
                        cy - 1.2 * r, cx - 1.1 * r, cy + 0.9 * r, cx + 1.1 * r, cy + 0.9 * r, fill);
        break;
    case 3: /* diamond */
        asel_buf_printf(b, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f %.2f,%.2f\" fill=\"%s\"/>\n",
                        cx, cy - 1.3 * r, cx + 1.3 * r, cy, cx, cy + 1.3 * r, cx - 1.3 * r, cy, fill);
        break;
    default: /* triangle pointing down */
        asel_buf_printf(b, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\" fill=\"%s\"/>\n", cx,
                        cy + 1.2 * r, cx - 1.1 * r, cy - 0.9 * r, cx + 1.1 * r, cy - 0.9 * r, fill);
    }
}
