/* What the panel kinds of accelsel_plot_svg() share (plot.c, plot_bars.c). */
#ifndef ASEL_PLOT_IMPL_H
#define ASEL_PLOT_IMPL_H

#include "accelsel/plot.h"
#include "core/buf.h"

typedef struct asel_plot_axis {
    double lo, hi; /* in plotted units (log10 of the value on a log axis) */
    int log;
} asel_plot_axis;

/* Ticks and their labels of axis @p a, @p len pixels long from (x0, y0):
 * upwards when @p vertical, else rightwards. */
void asel_plot_draw_axis(asel_buf *b, const asel_plot_axis *a, int vertical, double x0, double y0,
                         double len);

/* Where a panel's plotting frame lies: its axes and its box in pixels. */
typedef struct asel_plot_frame {
    asel_plot_axis ax, ay;
    double left, top, w, h;
} asel_plot_frame;

/* Reference lines and joined groups of a scatter panel (plot_rules.c):
 * check them (0, or ACCELSEL_EINVAL naming the member), widen the axes to
 * reach the lines (before the axes are padded), draw them in the frame, and
 * write their legend entries from (x, y), returning the next y. */
int asel_plot_rules_check(const accelsel_plot_panel *p, size_t i);
void asel_plot_rules_extend(const accelsel_plot_panel *p, asel_plot_axis *ax, asel_plot_axis *ay);
void asel_plot_rules_draw(asel_buf *b, const accelsel_plot_panel *p, const asel_plot_frame *fr);
double asel_plot_rules_legend(asel_buf *b, const accelsel_plot_panel *p, double x, double y);

/* The legend entries a panel of @p n_groups groups shows at most. */
#define ASEL_PLOT_LEGEND_MAX 24

/* A bar panel (ACCELSEL_PLOT_BARS): 0 if panel @p i is drawable, else
 * ACCELSEL_EINVAL naming the member at fault. */
int asel_plot_bars_check(const accelsel_plot_panel *p, size_t i);
double asel_plot_bars_width(void);
double asel_plot_bars_height(const accelsel_plot_panel *p);
/* Draw bar panel @p p with its left edge at @p ox: 0 or ACCELSEL_ENOMEM. */
int asel_plot_bars_draw(asel_buf *b, const accelsel_plot_panel *p, double ox);

#endif
