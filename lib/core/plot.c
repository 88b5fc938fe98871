/* Scatter, line and bar panels laid side by side in one SVG document. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/plot.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/plot_impl.h"
#include "core/svg.h"

#define PANEL_W 620.0
#define PANEL_H 420.0
#define LEFT 70.0
#define RIGHT 170.0 /* room for the legend */
#define TOP 40.0
#define BOTTOM 55.0
#define MAX_PANELS 16

typedef asel_plot_axis axis;

typedef struct point {
    double x, y;
    int64_t g;
} point;

/* sizeof a panel of @p version (the stride of an array of them); 0 for an
 * unknown version. */
static size_t panel_size(unsigned int version)
{
    return version == 1   ? offsetof(accelsel_plot_panel, x_end)
           : version == 2 ? offsetof(accelsel_plot_panel, group_joined)
           : version == ACCELSEL_PLOT_PANEL_VERSION ? sizeof(accelsel_plot_panel) : 0;
}

ACCELSEL_API int accelsel_plot_panel_init(accelsel_plot_panel *panel, unsigned int version)
{
    if (panel == NULL)
        return asel_einval("accelsel_plot_panel_init", "panel");
    if (panel_size(version) == 0)
        return asel_error(ACCELSEL_EVERSION, "accelsel_plot_panel_init: unknown version %u", version);
    accelsel_plot_panel init = ACCELSEL_PLOT_PANEL_INIT;
    init.version = version;
    memcpy(panel, &init, panel_size(version));
    return 0;
}

ACCELSEL_API size_t accelsel_plot_panel_size(void)
{
    return sizeof(accelsel_plot_panel);
}

/* Beyond this a linear axis's range (hi - lo, and its padding) overflows. */
#define LINEAR_MAX 1e300

/* The plotted coordinate of @p v, or NAN if it cannot be shown. */
static double coord(double v, int log_axis)
{
    if (!isfinite(v) || (log_axis && v <= 0) || (!log_axis && fabs(v) > LINEAR_MAX))
        return NAN;
    return log_axis ? log10(v) : v;
}

static void widen(axis *a)
{
    if (!(a->lo <= a->hi)) { /* no points */
        a->lo = 0;
        a->hi = 1;
    } else if (a->hi - a->lo < 1e-12 * (fabs(a->lo) + 1)) {
        a->lo -= a->log ? 0.5 : fabs(a->lo) * 0.1 + 1;
        a->hi += a->log ? 0.5 : fabs(a->hi) * 0.1 + 1;
    } else {
        double pad = (a->hi - a->lo) * 0.05;
        a->lo -= pad;
        a->hi += pad;
    }
}

static double tick_step(const axis *a)
{
    if (a->log)
        return ceil((a->hi - a->lo) / 8);
    double raw = (a->hi - a->lo) / 6, mag = pow(10, floor(log10(raw))), f = raw / mag;
    return mag * (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10);
}

void asel_plot_draw_axis(asel_buf *b, const axis *a, int vertical, double x0, double y0,
                         double len)
{
    double step = tick_step(a);
    for (double t = ceil(a->lo / step) * step; t <= a->hi + 1e-9 * step; t += step) {
        double f = (t - a->lo) / (a->hi - a->lo);
        char label[32];
        snprintf(label, sizeof label, "%g", a->log ? pow(10, t) : (fabs(t) < 1e-12 * step ? 0 : t));
        if (vertical) {
            double y = y0 - f * len;
            asel_svg_line(b, x0 - 5, y, x0, y, "#333", 1);
            asel_svg_text(b, x0 - 8, y + 4, label, "end", 11, 0);
        } else {
            double x = x0 + f * len;
            asel_svg_line(b, x, y0, x, y0 + 5, "#333", 1);
            asel_svg_text(b, x, y0 + 18, label, "middle", 11, 0);
        }
    }
}

static int by_group_then_x(const void *pa, const void *pb)
{
    const point *a = pa, *b = pb;
    if (a->g != b->g)
        return a->g < b->g ? -1 : 1;
    return (a->x > b->x) - (a->x < b->x);
}

/* The polyline of the group of pts[i] and the points after it of that
 * group (sorted by group, then x); returns the index past them. */
static size_t polyline(asel_buf *b, const point *pts, size_t n, size_t i)
{
    size_t j = i;
    asel_buf_printf(b, "<polyline fill=\"none\" stroke-width=\"1.8\" stroke=\"%s\" "
                       "stroke-dasharray=\"%s\" points=\"",
                    asel_svg_color((size_t)pts[i].g), asel_svg_line_dash((size_t)pts[i].g));
    for (; j < n && pts[j].g == pts[i].g; j++)
        asel_buf_printf(b, "%s%.2f,%.2f", j > i ? " " : "", pts[j].x, pts[j].y);
    asel_buf_puts(b, "\"/>\n");
    return j;
}

static void draw_marks(asel_buf *b, const accelsel_plot_panel *p, point *pts, size_t n, double ox,
                       const axis *ax, const axis *ay)
{
    double w = PANEL_W - LEFT - RIGHT, h = PANEL_H - TOP - BOTTOM;
    for (size_t i = 0; i < n; i++) {
        pts[i].x = ox + LEFT + (pts[i].x - ax->lo) / (ax->hi - ax->lo) * w;
        pts[i].y = TOP + h - (pts[i].y - ay->lo) / (ay->hi - ay->lo) * h;
    }
    if (p->kind == ACCELSEL_PLOT_SCATTER_IDENTITY) {
        /* y = x from where it enters the frame to where it leaves it */
        double lo = fmax(ax->lo, ay->lo), hi = fmin(ax->hi, ay->hi);
        if (lo < hi)
            asel_buf_printf(b,
                            "<line class=\"identity\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
                            "y2=\"%.2f\" stroke=\"#555\" stroke-width=\"1\" "
                            "stroke-dasharray=\"5,4\"/>\n",
                            ox + LEFT + (lo - ax->lo) / (ax->hi - ax->lo) * w,
                            TOP + h - (lo - ay->lo) / (ay->hi - ay->lo) * h,
                            ox + LEFT + (hi - ax->lo) / (ax->hi - ax->lo) * w,
                            TOP + h - (hi - ay->lo) / (ay->hi - ay->lo) * h);
    }
    if (p->kind != ACCELSEL_PLOT_LINES) {
        for (size_t i = 0; i < n; i++) /* a scatter panel's joined groups: pts sorted by x */
            i = p->group_joined != NULL && p->group_joined[pts[i].g] ? polyline(b, pts, n, i) - 1
                                                                     : i;
        for (size_t i = 0; i < n; i++)
            asel_svg_marker(b, pts[i].x, pts[i].y, 3.5, (size_t)pts[i].g);
        return;
    }
    for (size_t i = 0; i < n;) {
        size_t j = polyline(b, pts, n, i);
        for (size_t k = i; k < j; k++)
            asel_svg_marker(b, pts[k].x, pts[k].y, 2.5, (size_t)pts[k].g);
        i = j;
    }
}

static void draw_legend(asel_buf *b, const accelsel_plot_panel *p, double ox)
{
    if (p->n_groups <= 1 && p->group_names == NULL && p->kind != ACCELSEL_PLOT_SCATTER_IDENTITY &&
        p->x_rule_labels == NULL && p->y_rule_labels == NULL)
        return;
    double x = ox + PANEL_W - RIGHT + 12, y = TOP + 8;
    size_t shown = p->n_groups > ASEL_PLOT_LEGEND_MAX ? ASEL_PLOT_LEGEND_MAX : (size_t)p->n_groups;
    asel_buf_puts(b, "<g class=\"legend\">\n");
    for (size_t g = 0; g < shown; g++, y += 15) {
        char name[32];
        snprintf(name, sizeof name, "group %zu", g);
        asel_svg_marker(b, x + 5, y - 4, 4, g);
        asel_svg_text(b, x + 15, y, p->group_names ? p->group_names[g] : name, "start", 10, 0);
    }
    if (p->kind == ACCELSEL_PLOT_SCATTER_IDENTITY) {
        asel_buf_printf(b, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#555\" "
                           "stroke-width=\"1\" stroke-dasharray=\"5,4\"/>\n",
                        x - 2, y - 4, x + 12, y - 4);
        asel_svg_text(b, x + 15, y, "y = x", "start", 10, 0);
    }
    asel_plot_rules_legend(b, p, x, y);
    asel_buf_puts(b, "</g>\n");
}

static int check_panel(const accelsel_plot_panel *p, size_t i)
{
    if (p->kind != ACCELSEL_PLOT_SCATTER && p->kind != ACCELSEL_PLOT_LINES &&
        p->kind != ACCELSEL_PLOT_SCATTER_IDENTITY && p->kind != ACCELSEL_PLOT_BARS)
        return asel_error(ACCELSEL_EINVAL, "accelsel_plot_svg: panel %zu has unknown kind %u", i,
                          (unsigned)p->kind);
    if (p->kind == ACCELSEL_PLOT_SCATTER_IDENTITY && (p->log_x != 0) != (p->log_y != 0))
        return asel_error(ACCELSEL_EINVAL,
                          "accelsel_plot_svg: panel %zu: an identity panel needs log_x = log_y", i);
    if (p->n > 0 && (p->x == NULL || p->y == NULL))
        return asel_error(ACCELSEL_EINVAL, "accelsel_plot_svg: panel %zu has NULL x or y", i);
    if (p->n_groups == 0 || (p->group == NULL && p->n_groups != 1 && p->group_names == NULL))
        return asel_error(ACCELSEL_EINVAL, "accelsel_plot_svg: panel %zu: bad n_groups", i);
    for (uint64_t g = 0; p->group_names != NULL && g < p->n_groups; g++)
        if (p->group_names[g] == NULL)
            return asel_error(ACCELSEL_EINVAL,
                              "accelsel_plot_svg: panel %zu: group_names[%llu] is NULL", i,
                              (unsigned long long)g);
    for (uint64_t k = 0; p->group != NULL && k < p->n; k++)
        if (p->group[k] < 0 || (uint64_t)p->group[k] >= p->n_groups)
            return asel_error(ACCELSEL_EINVAL,
                              "accelsel_plot_svg: panel %zu: point %llu has group %lld outside [0, %llu)",
                              i, (unsigned long long)k, (long long)p->group[k],
                              (unsigned long long)p->n_groups);
    return p->kind == ACCELSEL_PLOT_BARS ? asel_plot_bars_check(p, i) : asel_plot_rules_check(p, i);
}

static int draw_panel(asel_buf *b, const accelsel_plot_panel *p, double ox)
{
    point *pts = asel_calloc(p->n ? (size_t)p->n : 1, sizeof *pts);
    if (pts == NULL)
        return asel_enomem();
    axis ax = {INFINITY, -INFINITY, p->log_x != 0}, ay = {INFINITY, -INFINITY, p->log_y != 0};
    size_t m = 0;
    for (uint64_t i = 0; i < p->n; i++) {
        double x = coord(p->x[i], ax.log), y = coord(p->y[i], ay.log);
        if (isnan(x) || isnan(y))
            continue;
        pts[m++] = (point){x, y, p->group ? p->group[i] : 0};
        ax.lo = fmin(ax.lo, x), ax.hi = fmax(ax.hi, x);
        ay.lo = fmin(ay.lo, y), ay.hi = fmax(ay.hi, y);
    }
    if (p->kind == ACCELSEL_PLOT_SCATTER_IDENTITY) { /* one range, so y = x is the diagonal */
        ax.lo = ay.lo = fmin(ax.lo, ay.lo);
        ax.hi = ay.hi = fmax(ax.hi, ay.hi);
    }
    asel_plot_rules_extend(p, &ax, &ay);
    widen(&ax);
    widen(&ay);
    if (p->kind == ACCELSEL_PLOT_LINES || p->group_joined != NULL)
        qsort(pts, m, sizeof *pts, by_group_then_x);
    double w = PANEL_W - LEFT - RIGHT, h = PANEL_H - TOP - BOTTOM;
    asel_svg_rect(b, ox + LEFT, TOP, w, h, "none", "#333");
    asel_plot_draw_axis(b, &ax, 0, ox + LEFT, TOP + h, w);
    asel_plot_draw_axis(b, &ay, 1, ox + LEFT, TOP + h, h);
    asel_plot_frame fr = {ax, ay, ox + LEFT, TOP, w, h};
    asel_plot_rules_draw(b, p, &fr);
    draw_marks(b, p, pts, m, ox, &ax, &ay);
    draw_legend(b, p, ox);
    if (p->title)
        asel_svg_text(b, ox + LEFT + w / 2, TOP - 14, p->title, "middle", 14, 0);
    if (p->x_label)
        asel_svg_text(b, ox + LEFT + w / 2, PANEL_H - 12, p->x_label, "middle", 12, 0);
    if (p->y_label)
        asel_svg_text(b, ox + 16, TOP + h / 2, p->y_label, "middle", 12, -90);
    asel_free(pts);
    return 0;
}

/* The caller's panels as panels of this version, @p n of them read at the
 * stride of the first one's version: 0, or ACCELSEL_EVERSION naming the
 * panel whose version is unknown or not the first one's. */
static int read_panels(const accelsel_plot_panel *panels, size_t n, accelsel_plot_panel *out)
{
    size_t size = panel_size(panels->version);
    for (size_t i = 0; i < n; i++) {
        const accelsel_plot_panel *p =
            (const accelsel_plot_panel *)((const char *)panels + i * size);
        if (size == 0 || p->version != panels->version)
            return asel_error(ACCELSEL_EVERSION, "accelsel_plot_svg: panel %zu has version %u%s",
                              i, p->version, size == 0 ? ", unknown" : ", not the first's");
        out[i] = (accelsel_plot_panel)ACCELSEL_PLOT_PANEL_INIT;
        memcpy(&out[i], p, size);
    }
    return 0;
}

static double width_of(const accelsel_plot_panel *p)
{
    return p->kind == ACCELSEL_PLOT_BARS ? asel_plot_bars_width() : PANEL_W;
}

static double height_of(const accelsel_plot_panel *p)
{
    return p->kind == ACCELSEL_PLOT_BARS ? asel_plot_bars_height(p) : PANEL_H;
}

static int draw_all(const accelsel_plot_panel *v, size_t n, char **out, size_t *len)
{
    double width = 0, height = 0;
    for (size_t i = 0; i < n; i++) {
        width += width_of(&v[i]);
        height = fmax(height, height_of(&v[i]));
    }
    asel_buf b = ASEL_BUF_INIT;
    asel_svg_begin(&b, width, height);
    double ox = 0;
    for (size_t i = 0; i < n; ox += width_of(&v[i++])) {
        int rc = v[i].kind == ACCELSEL_PLOT_BARS ? asel_plot_bars_draw(&b, &v[i], ox)
                                                 : draw_panel(&b, &v[i], ox);
        if (rc != 0) {
            asel_buf_release(&b);
            return rc;
        }
    }
    asel_svg_end(&b);
    return asel_buf_finish(&b, out, len);
}

ACCELSEL_API int accelsel_plot_svg(char **out, size_t *len, const accelsel_plot_panel *panels,
                                   size_t n_panels)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || panels == NULL)
        return asel_einval("accelsel_plot_svg", out == NULL ? "out" : "panels");
    if (n_panels == 0 || n_panels > MAX_PANELS)
        return asel_error(ACCELSEL_EINVAL, "accelsel_plot_svg: n_panels = %zu, must be 1 to %d",
                          n_panels, MAX_PANELS);
    accelsel_plot_panel v[MAX_PANELS];
    int rc = read_panels(panels, n_panels, v);
    for (size_t i = 0; rc == 0 && i < n_panels; i++)
        rc = check_panel(&v[i], i);
    return rc != 0 ? rc : draw_all(v, n_panels, out, len);
}
