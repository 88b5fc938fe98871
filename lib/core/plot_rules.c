/* Reference lines of a scatter panel (version 3): vertical lines at x
 * values and horizontal ones at y values, such as limits, dashed across the
 * frame, the axes widened to reach them, and named in the legend. */
#include <math.h>

#include "core/error.h"
#include "core/plot_impl.h"
#include "core/svg.h"

#define MAX_RULES 8

static const char *const rule_color[2] = {"#c0392b", "#7d3c98"}; /* x rules, y rules */

static int check_axis(const accelsel_plot_panel *p, size_t i, const double *v, uint64_t n,
                      int log_axis, const char *field)
{
    if (n > MAX_RULES)
        return asel_error_field(ACCELSEL_EINVAL, field, "accelsel_plot_svg: panel %zu has %llu "
                                "%s, at most %d", i, (unsigned long long)n, field, MAX_RULES);
    if (n > 0 && v == NULL)
        return asel_error_field(ACCELSEL_EINVAL, field, "accelsel_plot_svg: panel %zu: %s is "
                                "NULL", i, field);
    for (uint64_t k = 0; k < n; k++)
        if (!isfinite(v[k]) || (log_axis && !(v[k] > 0)))
            return asel_error_field(ACCELSEL_EINVAL, field, "accelsel_plot_svg: panel %zu: "
                                    "%s[%llu] = %g is not %s", i, field, (unsigned long long)k,
                                    v[k], log_axis ? "above 0 on a log axis" : "finite");
    return 0;
}

int asel_plot_rules_check(const accelsel_plot_panel *p, size_t i)
{
    int extras = p->group_joined != NULL || p->n_x_rules > 0 || p->n_y_rules > 0;
    if (extras && p->kind != ACCELSEL_PLOT_SCATTER)
        return asel_error_field(ACCELSEL_EINVAL, "group_joined", "accelsel_plot_svg: panel %zu: "
                                "joined groups and reference lines are for scatter panels", i);
    for (uint64_t g = 0; p->group_joined != NULL && g < p->n_groups; g++)
        if (p->group_joined[g] > 1)
            return asel_error_field(ACCELSEL_EINVAL, "group_joined", "accelsel_plot_svg: panel "
                                    "%zu: group_joined[%llu] is %u, not 0 or 1", i,
                                    (unsigned long long)g, (unsigned)p->group_joined[g]);
    int rc = check_axis(p, i, p->x_rules, p->n_x_rules, p->log_x != 0, "x_rules");
    return rc != 0 ? rc : check_axis(p, i, p->y_rules, p->n_y_rules, p->log_y != 0, "y_rules");
}

static void reach(asel_plot_axis *a, const double *v, uint64_t n)
{
    for (uint64_t k = 0; k < n; k++) {
        double c = a->log ? log10(v[k]) : v[k];
        a->lo = fmin(a->lo, c);
        a->hi = fmax(a->hi, c);
    }
}

void asel_plot_rules_extend(const accelsel_plot_panel *p, asel_plot_axis *ax, asel_plot_axis *ay)
{
    reach(ax, p->x_rules, p->n_x_rules);
    reach(ay, p->y_rules, p->n_y_rules);
}

static void dashed(asel_buf *b, double x1, double y1, double x2, double y2, const char *color)
{
    asel_buf_printf(b, "<line class=\"rule\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                       "stroke=\"%s\" stroke-width=\"1.2\" stroke-dasharray=\"6,3\"/>\n",
                    x1, y1, x2, y2, color);
}

void asel_plot_rules_draw(asel_buf *b, const accelsel_plot_panel *p, const asel_plot_frame *fr)
{
    for (uint64_t k = 0; k < p->n_x_rules; k++) {
        double c = fr->ax.log ? log10(p->x_rules[k]) : p->x_rules[k];
        double x = fr->left + (c - fr->ax.lo) / (fr->ax.hi - fr->ax.lo) * fr->w;
        dashed(b, x, fr->top, x, fr->top + fr->h, rule_color[0]);
    }
    for (uint64_t k = 0; k < p->n_y_rules; k++) {
        double c = fr->ay.log ? log10(p->y_rules[k]) : p->y_rules[k];
        double y = fr->top + fr->h - (c - fr->ay.lo) / (fr->ay.hi - fr->ay.lo) * fr->h;
        dashed(b, fr->left, y, fr->left + fr->w, y, rule_color[1]);
    }
}

double asel_plot_rules_legend(asel_buf *b, const accelsel_plot_panel *p, double x, double y)
{
    const char *const *labels[2] = {p->x_rule_labels, p->y_rule_labels};
    uint64_t n[2] = {p->n_x_rules, p->n_y_rules};
    for (int a = 0; a < 2; a++)
        for (uint64_t k = 0; labels[a] != NULL && k < n[a]; k++)
            if (labels[a][k] != NULL) {
                dashed(b, x - 2, y - 4, x + 12, y - 4, rule_color[a]);
                asel_svg_text(b, x + 15, y, labels[a][k], "start", 10, 0);
                y += 15;
            }
    return y;
}
