/*
 * libaccelsel: standalone SVG figures (scatter plots, line plots and
 * horizontal bars on rows, such as a timeline), written by the library's own
 * small SVG writer.
 */
#ifndef ACCELSEL_PLOT_H
#define ACCELSEL_PLOT_H

#include <accelsel/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name Panel kinds @{ */
#define ACCELSEL_PLOT_SCATTER 1 /**< one marker per point, coloured by group */
#define ACCELSEL_PLOT_LINES 2   /**< one polyline per group, points joined in order of x */
/** A scatter panel with the identity y = x drawn as a thin dashed line (no
 *  markers) across the plot, both axes over one range, and "y = x" in the
 *  legend; for predicted against measured. log_x and log_y must be equal. */
#define ACCELSEL_PLOT_SCATTER_IDENTITY 3
/** Horizontal bars on labelled rows, for a timeline (a Gantt chart): point
 *  i is a bar on row y[i] (a whole number in [0, n_rows), row 0 at the top)
 *  from x[i] to x_end[i], coloured by its group, with labels[i] as its
 *  tooltip. The x axis is linear, from 0 (or the least start below it) to
 *  the greatest end or x_hi, whichever is greater; the rows carry
 *  row_labels instead of a y axis. The legend shows a colour swatch for
 *  each group with a bar of positive length, in group order; the bars of
 *  the other groups are grey. A panel version 2 or later; log_x and log_y
 *  must be 0. The panel is 910 pixels wide and as tall as its rows (30
 *  pixels each) and legend need. */
#define ACCELSEL_PLOT_BARS 4
/** @} */

/** One panel of a figure. The arrays are read during accelsel_plot_svg() only. */
typedef struct accelsel_plot_panel {
    unsigned int version;          /**< ACCELSEL_PLOT_PANEL_VERSION */
    uint32_t kind;                 /**< ACCELSEL_PLOT_SCATTER, ACCELSEL_PLOT_LINES,
                                        ACCELSEL_PLOT_SCATTER_IDENTITY or ACCELSEL_PLOT_BARS */
    const double *x;               /**< @ref n x values */
    const double *y;               /**< @ref n y values */
    const int64_t *group;          /**< @ref n group indices in [0, n_groups), or NULL for one group */
    uint64_t n;                    /**< number of points; points with a non-finite coordinate
                                        (or a non-positive one on a log axis, or one beyond
                                        +-1e300 on a linear axis) are skipped */
    const char *const *group_names; /**< @ref n_groups legend labels, or NULL for "group 0", ... */
    uint64_t n_groups;             /**< number of groups (1 if @ref group is NULL) */
    const char *title;             /**< panel title, or NULL */
    const char *x_label;           /**< x axis label, or NULL */
    const char *y_label;           /**< y axis label, or NULL */
    uint32_t log_x;                /**< 1 for a base-10 logarithmic x axis */
    uint32_t log_y;                /**< 1 for a base-10 logarithmic y axis */
    /* Version 2. */
    const double *x_end;           /**< ACCELSEL_PLOT_BARS: @ref n bar ends, each finite and
                                        at least its start x; NULL for other kinds */
    const char *const *row_labels; /**< ACCELSEL_PLOT_BARS: @ref n_rows labels, top to
                                        bottom, or NULL for "row 0", ... */
    uint64_t n_rows;               /**< ACCELSEL_PLOT_BARS: number of rows, 1 to 4096 */
    const char *const *labels;     /**< ACCELSEL_PLOT_BARS: @ref n tooltips, one per bar
                                        (a NULL entry: none), or NULL */
    double x_hi;                   /**< ACCELSEL_PLOT_BARS: the x axis reaches at least this
                                        far (finite) */
    /* Version 3: scatter panels (ACCELSEL_PLOT_SCATTER) only. */
    const uint32_t *group_joined;  /**< @ref n_groups flags: 1 joins the group's points by a
                                        line in order of x (a Pareto front, say), markers kept;
                                        NULL for none */
    const double *x_rules;         /**< @ref n_x_rules x values of vertical reference lines
                                        (a limit), each finite (and above 0 on a log axis);
                                        the axis reaches them */
    const char *const *x_rule_labels; /**< their legend labels, or NULL for none */
    uint64_t n_x_rules;            /**< at most 8 */
    const double *y_rules;         /**< horizontal reference lines, as @ref x_rules */
    const char *const *y_rule_labels;
    uint64_t n_y_rules;            /**< at most 8 */
} accelsel_plot_panel;

/** The panel version this header describes. Panels of versions 1 (without
 *  x_end to x_hi) and 2 (without group_joined to n_y_rules) are still read,
 *  as arrays of their own size. */
#define ACCELSEL_PLOT_PANEL_VERSION 3
#define ACCELSEL_PLOT_PANEL_INIT                                                           \
    { ACCELSEL_PLOT_PANEL_VERSION, ACCELSEL_PLOT_SCATTER, NULL, NULL, NULL, 0, NULL, 1, NULL, \
      NULL, NULL, 0, 0, NULL, NULL, 1, NULL, 0, NULL, NULL, NULL, 0, NULL, NULL, 0 }

/** Fill @p panel with defaults (a scatter panel with no data) for @p version.
 *  @param[out] panel    the panel to fill; untouched on failure.
 *  @param[in]  version  ACCELSEL_PLOT_PANEL_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p panel is NULL; ACCELSEL_EVERSION if this
 *          library does not know @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_plot_panel_init(accelsel_plot_panel *panel, unsigned int version);

/** sizeof(accelsel_plot_panel), for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_plot_panel_size(void);

/** Draw panels side by side into one standalone SVG document. Text (titles,
 *  labels, tooltips) is XML-escaped, control characters but tab and newline
 *  dropped and invalid UTF-8 written as U+FFFD.
 *  @param[out] out       NUL-terminated SVG text, freed with accelsel_free(); NULL on failure.
 *  @param[out] len       its length without the NUL; may be NULL.
 *  @param[in]  panels    @p n_panels panels, each 620 x 420 pixels (a bar panel: see
 *                        ACCELSEL_PLOT_BARS), all of the first one's version;
 *                        only read during the call.
 *  @param[in]  n_panels  1 to 16.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p out or @p panels, a panel with NULL
 *          x or y while n > 0, an unknown kind (or an identity panel whose
 *          axes differ in log_x and log_y), n_groups 0 (or above 1 without
 *          group or group_names), a group index out of range, a NULL entry of
 *          group_names, or a bad panel count; for a bar panel, a version-1
 *          panel, a log axis, NULL x_end while n > 0, a row that is not a
 *          whole number in [0, n_rows), a start or end not finite or an end
 *          before its start, n_rows 0 or above 4096, a NULL entry of
 *          row_labels or a non-finite x_hi (the message gives the panel and
 *          the point; accelsel_error.field the member); for a version-3
 *          scatter panel, a group_joined flag other than 0 or 1, more than 8
 *          rules of an axis, a NULL rule array with a count above 0, or a
 *          rule that is not finite (or not above 0 on a log axis; joined
 *          groups and rules on other kinds: ACCELSEL_EINVAL too); ACCELSEL_EVERSION
 *          for an unknown panel version or one that differs from the first
 *          panel's; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_plot_svg(char **out, size_t *len, const accelsel_plot_panel *panels,
                                   size_t n_panels);

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_PLOT_H */
