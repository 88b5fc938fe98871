/*
 * libaccelsel: standalone SVG figures (scatter plots and line plots), written
 * by the library's own small SVG writer.
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
/** @} */

/** One panel of a figure. The arrays are read during accelsel_plot_svg() only. */
typedef struct accelsel_plot_panel {
    unsigned int version;          /**< ACCELSEL_PLOT_PANEL_VERSION */
    uint32_t kind;                 /**< ACCELSEL_PLOT_SCATTER, ACCELSEL_PLOT_LINES or
                                        ACCELSEL_PLOT_SCATTER_IDENTITY */
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
} accelsel_plot_panel;

#define ACCELSEL_PLOT_PANEL_VERSION 1
#define ACCELSEL_PLOT_PANEL_INIT                                                           \
    { ACCELSEL_PLOT_PANEL_VERSION, ACCELSEL_PLOT_SCATTER, NULL, NULL, NULL, 0, NULL, 1, NULL, \
      NULL, NULL, 0, 0 }

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

/** Draw panels side by side into one standalone SVG document.
 *  @param[out] out       NUL-terminated SVG text, freed with accelsel_free(); NULL on failure.
 *  @param[out] len       its length without the NUL; may be NULL.
 *  @param[in]  panels    @p n_panels panels, each 620 x 420 pixels; only read during the call.
 *  @param[in]  n_panels  1 to 16.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p out or @p panels, a panel with NULL
 *          x or y while n > 0, an unknown kind (or an identity panel whose
 *          axes differ in log_x and log_y), n_groups 0 (or above 1 without
 *          group or group_names), a group index out of range, a NULL entry of
 *          group_names, or a bad panel count (the message gives the panel);
 *          ACCELSEL_EVERSION for an unknown panel version; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_plot_svg(char **out, size_t *len, const accelsel_plot_panel *panels,
                                   size_t n_panels);

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_PLOT_H */
