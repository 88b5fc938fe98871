/* The sentences that explain the results -- why this k, and what to choose
 * -- built from the numbers computed, never canned. Tables with the MLPerf
 * columns get the sentences about accelerators and scaling; any other table
 * gets the same facts told on its own criteria columns. */
#include <math.h>
#include <stdint.h>

#include "core/buf.h"
#include "select/select_impl.h"

#define GROUP(label) ((unsigned)(label) + 1u) /* groups are shown numbered from 1 */

static const char *criterion_name(int k_by)
{
    switch (k_by) {
    case ACCELSEL_KSELECT_CH: return "Calinski-Harabasz index";
    case ACCELSEL_KSELECT_DB: return "Davies-Bouldin index";
    case ACCELSEL_KSELECT_ELBOW: return "elbow of the inertia";
    case ACCELSEL_KSELECT_GAP: return "gap statistic";
    default: return "silhouette";
    }
}

/* "k = 2 has the highest silhouette (0.562) of k = 2..10; next best k = 6 (0.487)". */
static void index_reason(asel_buf *b, const accelsel_cluster_selection *s, int k_by)
{
    int larger = k_by != ACCELSEL_KSELECT_DB;
    int which = k_by == ACCELSEL_KSELECT_CH   ? ACCELSEL_SCORE_CH
                : k_by == ACCELSEL_KSELECT_DB ? ACCELSEL_SCORE_DB
                                              : ACCELSEL_SCORE_SILHOUETTE;
    uint32_t best = accelsel_cluster_selection_best_k(s);
    size_t n = accelsel_cluster_selection_count(s), bi = 0, next = n;
    for (size_t i = 0; i < n; i++)
        if (accelsel_cluster_selection_k(s, i) == best)
            bi = i;
    for (size_t i = 0; i < n; i++) {
        double v = accelsel_cluster_selection_score(s, i, which);
        double w = next < n ? accelsel_cluster_selection_score(s, next, which) : NAN;
        if (i != bi && isfinite(v) && (isnan(w) || (larger ? v > w : v < w)))
            next = i;
    }
    asel_buf_printf(b, "k = %u has the %s %s (%.3f) of k = %u..%u", best,
                    larger ? "highest" : "lowest", criterion_name(k_by),
                    accelsel_cluster_selection_score(s, bi, which),
                    accelsel_cluster_selection_k(s, 0), accelsel_cluster_selection_k(s, n - 1));
    if (next < n)
        asel_buf_printf(b, "; the next best is k = %u (%.3f)", accelsel_cluster_selection_k(s, next),
                        accelsel_cluster_selection_score(s, next, which));
}

/* The gap rule, and whether some k met it or the largest gap decided. */
static void gap_reason(asel_buf *b, const accelsel_cluster_selection *s)
{
    uint32_t best = accelsel_cluster_selection_best_k(s);
    size_t n = accelsel_cluster_selection_count(s), met = n;
    for (size_t i = 0; i + 1 < n && met == n; i++)
        if (accelsel_cluster_selection_score(s, i, ACCELSEL_SCORE_GAP) >=
            accelsel_cluster_selection_score(s, i + 1, ACCELSEL_SCORE_GAP) -
                accelsel_cluster_selection_score(s, i + 1, ACCELSEL_SCORE_GAP_SE))
            met = i;
    if (met < n && accelsel_cluster_selection_k(s, met) == best)
        asel_buf_printf(b, "k = %u is the smallest k with Gap(k) >= Gap(k+1) - s(k+1)", best);
    else
        asel_buf_printf(b, "no k in %u..%u has Gap(k) >= Gap(k+1) - s(k+1), so k = %u, the "
                           "largest gap, is taken", accelsel_cluster_selection_k(s, 0),
                        accelsel_cluster_selection_k(s, n - 1), best);
}

static int k_reason(accelsel_selection *s, const accelsel_selection_options *o)
{
    asel_buf b = ASEL_BUF_INIT;
    if (s->ksel == NULL)
        asel_buf_printf(&b, "k = %u was given", o->k);
    else if (o->k_by == ACCELSEL_KSELECT_ELBOW)
        asel_buf_printf(&b, "k = %u is the elbow of the inertia over k = %u..%u (the point "
                            "farthest from the chord joining its ends)",
                        accelsel_cluster_selection_best_k(s->ksel), s->k_min, s->k_max);
    else if (o->k_by == ACCELSEL_KSELECT_GAP)
        gap_reason(&b, s->ksel);
    else
        index_reason(&b, s->ksel, o->k_by);
    size_t len;
    return asel_buf_finish(&b, &s->k_reason, &len);
}

/* "NVIDIA H100 (30 of 38)": the group's most common value of @p column
 * (accelsel_selection_mode()) with its count, "..., tied with 1 other
 * value" when others are as common, "unknown" when every value is missing. */
static int most_common(asel_buf *b, const accelsel_selection *s, size_t g, const char *column)
{
    const char *value = NULL;
    size_t count = 0, ties = 0;
    int rc = accelsel_selection_mode(s, (uint32_t)g, column, &value, &count, &ties, NULL);
    if (rc == ACCELSEL_ENOMEM)
        return rc;
    if (rc != 0 || value == NULL)
        asel_buf_puts(b, "unknown");
    else if (ties == 0)
        asel_buf_printf(b, "%s (%zu of %zu)", value, count, accelsel_selection_group_size(s, g));
    else
        asel_buf_printf(b, "%s (%zu of %zu, tied with %zu other value%s)", value, count,
                        accelsel_selection_group_size(s, g), ties, ties > 1 ? "s" : "");
    return 0;
}

static void sensitivity(asel_buf *b, const accelsel_selection *s)
{
    if (s->sens != NULL)
        asel_buf_printf(b, " It stays first in %.0f%% of %zu random weight changes of up to "
                           "+-%.0f%%.", 100.0 * accelsel_sensitivity_top1_fraction(s->sens),
                        accelsel_sensitivity_samples(s->sens),
                        100.0 * accelsel_sensitivity_perturbation(s->sens));
}

static int first_group(asel_buf *b, const accelsel_selection *s, int method, size_t g)
{
    size_t tied = 0;
    for (size_t i = 0; accelsel_selection_group_rank(s, accelsel_selection_group_at(s, i)) == 1; i++)
        tied++;
    if (tied > 1)
        asel_buf_printf(b, "%zu groups share the best score (a tie; the secondary criterion is %s "
                           "and puts group %u first). ", tied,
                        method == ACCELSEL_RANK_PARETO ? "TOPSIS closeness on the same criteria"
                                                       : "the group order", GROUP(g));
    asel_buf_printf(b, "Group %u %s first of %zu by %s on the group medians: %zu ", GROUP(g),
                    tied > 1 ? "is listed" : "ranks",
                    accelsel_cluster_model_k(s->model), accelsel_rank_method_title(method),
                    accelsel_selection_group_size(s, (uint32_t)g));
    if (!accelsel_selection_mlperf_shaped(s)) {
        asel_buf_puts(b, "rows, with medians");
        for (size_t i = 0; i < s->n_crit; i++)
            asel_buf_printf(b, "%s %s %g", i ? "," : "", s->crit[i].column,
                            accelsel_selection_profile_number(s, g, s->median_names[i]));
        asel_buf_puts(b, ".");
        sensitivity(b, s);
        return 0;
    }
    asel_buf_printf(b, "configurations with a median of %g accelerators, most often ",
                    accelsel_selection_profile_number(s, g, "accelerators_median"));
    if (most_common(b, s, g, "accelerator_family") != 0)
        return ACCELSEL_ENOMEM;
    asel_buf_puts(b, ", host CPU most often ");
    if (most_common(b, s, g, "host_processor_model_name") != 0)
        return ACCELSEL_ENOMEM;
    asel_buf_printf(b, "; median %.1f min to train, efficiency %.2f",
                    accelsel_selection_profile_number(s, g, "time_to_train_min_median"),
                    accelsel_selection_profile_number(s, g, "efficiency_median"));
    /* missing for MLPerf benchmarks other than ResNet-50 (accelsel_dataset_derive()) */
    double per_acc = accelsel_selection_profile_number(s, g, "throughput_per_accelerator_median");
    if (isfinite(per_acc))
        asel_buf_printf(b, ", %.0f images/s per accelerator", per_acc);
    asel_buf_puts(b, ".");
    sensitivity(b, s);
    return 0;
}

/* The group with the largest median of @p column (ties: the lower group). */
static size_t group_with_max(const accelsel_selection *s, const char *column, double sign)
{
    size_t k = accelsel_cluster_model_k(s->model), best = 0;
    for (size_t g = 1; g < k; g++)
        if (sign * accelsel_selection_profile_number(s, g, column) >
            sign * accelsel_selection_profile_number(s, best, column))
            best = g;
    return best;
}

/* How the group of the largest systems compares with the first group. */
static void largest_group(asel_buf *b, const accelsel_selection *s, size_t first)
{
    size_t big = group_with_max(s, "accelerators_median", 1.0);
    size_t fast = group_with_max(s, "time_to_train_min_median", -1.0);
    if (big == first) {
        asel_buf_printf(b, " Group %u is also the group of the largest systems.", GROUP(first));
        return;
    }
    double hours = accelsel_selection_profile_number(s, big, "accelerator_hours_median") /
                   accelsel_selection_profile_number(s, first, "accelerator_hours_median");
    asel_buf_printf(b, " The largest systems, group %u (median %g accelerators), %s in %.1f min "
                       "but at efficiency %.2f, using %.1f times the accelerator-hours of group "
                       "%u per training.",
                    GROUP(big), accelsel_selection_profile_number(s, big, "accelerators_median"),
                    big == fast ? "train fastest" : "train",
                    accelsel_selection_profile_number(s, big, "time_to_train_min_median"),
                    accelsel_selection_profile_number(s, big, "efficiency_median"), hours,
                    GROUP(first));
}

/* What the best row is: MLPerf configurations by name, round and figures;
 * other rows by their name column, their line in the file or their number,
 * and their criteria. */
static void best_row_figures(asel_buf *b, const accelsel_selection *s, size_t row, int tied)
{
    const char *lead = tied ? " Of them, the secondary criterion puts first the" : " The best single";
    const char *verb = tied ? "" : " is";
    const char *name = asel_sel_row_text(s, row, "system_name");
    if (accelsel_selection_mlperf_shaped(s)) {
        const char *round = asel_sel_row_text(s, row, "round");
        const char *family = asel_sel_row_text(s, row, "accelerator_family");
        asel_buf_printf(b, "%s configuration%s %s%s%s%s: %g x %s, %.2f min, efficiency %.2f",
                        lead, verb, name ? name : "row", round ? " (" : "", round ? round : "",
                        round ? ")" : "", asel_sel_row_number(s, row, "accelerators"),
                        family ? family : "accelerators",
                        asel_sel_row_number(s, row, "time_to_train_min"),
                        asel_sel_row_number(s, row, "efficiency"));
        return;
    }
    uint64_t line = accelsel_dataset_row_line(s->ds, row);
    if (name != NULL)
        asel_buf_printf(b, "%s row%s %s:", lead, verb, name);
    else if (line > 0) /* the file's line: a row number would count the filtered rows */
        asel_buf_printf(b, "%s row%s on line %llu:", lead, verb, (unsigned long long)line);
    else
        asel_buf_printf(b, "%s row%s number %zu:", lead, verb, row + 1);
    for (size_t i = 0; i < s->n_crit; i++)
        asel_buf_printf(b, "%s %s %g", i ? "," : "", s->crit[i].column,
                        asel_sel_row_number(s, row, s->crit[i].column));
}

static void best_row(asel_buf *b, const accelsel_selection *s, int method, size_t first)
{
    if (accelsel_ranking_ranked_count(s->rows) == 0)
        return;
    const size_t *order = accelsel_ranking_order(s->rows), *rank = accelsel_ranking_ranks(s->rows);
    size_t row = order[0], tied = 0;
    for (size_t i = 0; i < accelsel_ranking_ranked_count(s->rows); i++)
        tied += rank[order[i]] == 1;
    if (tied > 1)
        asel_buf_printf(b, " %zu rows share the best score (a tie; the secondary criterion is %s).",
                        tied, method == ACCELSEL_RANK_PARETO ? "TOPSIS closeness on the same criteria"
                                                             : "the row order");
    best_row_figures(b, s, row, tied > 1);
    uint32_t g = s->group_of_row[row];
    if (g != UINT32_MAX)
        asel_buf_printf(b, ", in group %u", GROUP(g));
    if (g != UINT32_MAX && first != SIZE_MAX && g != first)
        asel_buf_printf(b, ", not in group %u: a group's medians hide the spread within it",
                        GROUP(first));
    asel_buf_puts(b, ".");
}

static int advice(accelsel_selection *s, const accelsel_selection_options *o)
{
    asel_buf b = ASEL_BUF_INIT;
    size_t first = SIZE_MAX;
    if (accelsel_ranking_ranked_count(s->groups) > 0) {
        first = accelsel_selection_group_at(s, 0);
        if (first_group(&b, s, o->method, first) != 0) {
            asel_buf_release(&b);
            return ACCELSEL_ENOMEM;
        }
        if (accelsel_cluster_model_k(s->model) > 1 && accelsel_selection_mlperf_shaped(s))
            largest_group(&b, s, first);
    }
    best_row(&b, s, o->method, first);
    asel_buf_puts(&b, "");
    size_t len;
    return asel_buf_finish(&b, &s->advice, &len);
}

int asel_sel_text(accelsel_selection *s, const accelsel_selection_options *o)
{
    int rc = k_reason(s, o);
    return rc == 0 ? advice(s, o) : rc;
}
