/* Bar panels (ACCELSEL_PLOT_BARS): horizontal bars on labelled rows against
 * a linear x axis from 0, such as the layers of a mapping on its slots. */
#include <math.h>
#include <stdio.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/plot_impl.h"
#include "core/svg.h"

#define WIDTH 910.0
#define LEFT 170.0  /* room for the row labels */
#define RIGHT 170.0 /* room for the legend */
#define TOP 40.0
#define BOTTOM 55.0
#define ROW_H 30.0
#define BAR_H 22.0
#define LEGEND_H 15.0
#define MAX_ROWS 4096
#define UNLISTED "#bbbbbb" /* a bar whose group has no bar one can see */

static int bad(size_t i, const char *field, const char *what, uint64_t k)
{
    return asel_error_field(ACCELSEL_EINVAL, field, "accelsel_plot_svg: bar panel %zu: %s %llu",
                            i, what, (unsigned long long)k);
}

int asel_plot_bars_check(const accelsel_plot_panel *p, size_t i)
{
    if (p->version < 2)
        return asel_error_field(ACCELSEL_EINVAL, "version",
                                "accelsel_plot_svg: panel %zu: bars need panel version 2", i);
    if (p->log_x || p->log_y)
        return asel_error_field(ACCELSEL_EINVAL, p->log_x ? "log_x" : "log_y",
                                "accelsel_plot_svg: bar panel %zu has a log axis", i);
    if (p->n > 0 && p->x_end == NULL)
        return asel_error_field(ACCELSEL_EINVAL, "x_end",
                                "accelsel_plot_svg: bar panel %zu has NULL x_end", i);
    if (p->n_rows == 0 || p->n_rows > MAX_ROWS)
        return bad(i, "n_rows", "has n_rows =", p->n_rows);
    if (!isfinite(p->x_hi))
        return asel_error_field(ACCELSEL_EINVAL, "x_hi",
                                "accelsel_plot_svg: bar panel %zu: x_hi is %g", i, p->x_hi);
    for (uint64_t r = 0; p->row_labels != NULL && r < p->n_rows; r++)
        if (p->row_labels[r] == NULL)
            return bad(i, "row_labels", "has a NULL label for row", r);
    for (uint64_t k = 0; k < p->n; k++) {
        double y = p->y[k];
        if (!(y >= 0 && y < (double)p->n_rows && y == floor(y)))
            return bad(i, "y", "has a row outside [0, n_rows) at bar", k);
        if (!isfinite(p->x[k]) || !isfinite(p->x_end[k]) || p->x_end[k] < p->x[k])
            return bad(i, "x_end", "has a start or end not finite, or an end before its start, "
                       "at bar", k);
    }
    return 0;
}

double asel_plot_bars_width(void)
{
    return WIDTH;
}

double asel_plot_bars_height(const accelsel_plot_panel *p)
{
    double groups = (double)(p->n_groups < ASEL_PLOT_LEGEND_MAX ? p->n_groups
                                                                : ASEL_PLOT_LEGEND_MAX);
    return TOP + fmax(ROW_H * (double)p->n_rows, LEGEND_H * groups + 8) + BOTTOM;
}

static int64_t group_of(const accelsel_plot_panel *p, uint64_t k)
{
    return p->group != NULL ? p->group[k] : 0;
}

/* The axis from 0 (or the least start) to the greatest end or x_hi. */
static asel_plot_axis x_axis(const accelsel_plot_panel *p)
{
    asel_plot_axis a = {0, p->x_hi, 0};
    for (uint64_t k = 0; k < p->n; k++) {
        a.lo = fmin(a.lo, p->x[k]);
        a.hi = fmax(a.hi, p->x_end[k]);
    }
    if (!(a.hi > a.lo))
        a.hi = a.lo + 1; /* nothing but instants: still an axis */
    return a;
}

static void draw_bars(asel_buf *b, const accelsel_plot_panel *p, const unsigned char *seen,
                      const asel_plot_axis *a, double ox)
{
    double w = WIDTH - LEFT - RIGHT, scale = w / (a->hi - a->lo);
    for (uint64_t k = 0; k < p->n; k++) {
        int64_t g = group_of(p, k);
        const char *tip = p->labels != NULL ? p->labels[k] : NULL;
        asel_svg_bar(b, ox + LEFT + (p->x[k] - a->lo) * scale,
                     TOP + ROW_H * p->y[k] + (ROW_H - BAR_H) / 2,
                     (p->x_end[k] - p->x[k]) * scale, BAR_H,
                     seen[g] ? asel_svg_color((size_t)g) : UNLISTED, tip);
    }
}

static void draw_rows(asel_buf *b, const accelsel_plot_panel *p, double ox)
{
    for (uint64_t r = 0; r < p->n_rows; r++) {
        char name[32];
        snprintf(name, sizeof name, "row %llu", (unsigned long long)r);
        asel_svg_text(b, ox + LEFT - 8, TOP + ROW_H * (double)r + ROW_H / 2 + 4,
                      p->row_labels != NULL ? p->row_labels[r] : name, "end", 12, 0);
    }
}

/* A swatch and name per group with a bar one can see, in group order. */
static void draw_legend(asel_buf *b, const accelsel_plot_panel *p, const unsigned char *seen,
                        double ox)
{
    double x = ox + WIDTH - RIGHT + 12, y = TOP + 8;
    size_t shown = 0;
    asel_buf_puts(b, "<g class=\"legend\">\n");
    for (uint64_t g = 0; g < p->n_groups && shown < ASEL_PLOT_LEGEND_MAX; g++) {
        if (!seen[g])
            continue;
        char name[32];
        snprintf(name, sizeof name, "group %llu", (unsigned long long)g);
        asel_svg_rect(b, x, y - 9, 10, 10, asel_svg_color((size_t)g), "none");
        asel_svg_text(b, x + 15, y, p->group_names ? p->group_names[g] : name, "start", 10, 0);
        y += LEGEND_H;
        shown++;
    }
    asel_buf_puts(b, "</g>\n");
}

int asel_plot_bars_draw(asel_buf *b, const accelsel_plot_panel *p, double ox)
{
    unsigned char *seen = asel_calloc((size_t)p->n_groups, 1);
    if (seen == NULL)
        return asel_enomem();
    for (uint64_t k = 0; k < p->n; k++)
        if (p->x_end[k] > p->x[k])
            seen[group_of(p, k)] = 1;
    asel_plot_axis a = x_axis(p);
    double w = WIDTH - LEFT - RIGHT, bottom = TOP + ROW_H * (double)p->n_rows;
    draw_rows(b, p, ox);
    draw_bars(b, p, seen, &a, ox);
    asel_svg_line(b, ox + LEFT, bottom, ox + LEFT + w, bottom, "#333", 1);
    asel_plot_draw_axis(b, &a, 0, ox + LEFT, bottom, w);
    draw_legend(b, p, seen, ox);
    if (p->title)
        asel_svg_text(b, ox + LEFT + w / 2, TOP - 14, p->title, "middle", 14, 0);
    if (p->x_label)
        asel_svg_text(b, ox + LEFT + w / 2, bottom + 40, p->x_label, "middle", 12, 0);
    asel_free(seen);
    return 0;
}
