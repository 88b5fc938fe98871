/* accelsel rank: the sentences that explain the results -- why this k, and
 * what to choose -- built from the numbers computed, never canned. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

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

/* The score a criterion compares, and whether larger is better. */
static int criterion_score(int k_by, int *larger)
{
    *larger = k_by != ACCELSEL_KSELECT_DB;
    return k_by == ACCELSEL_KSELECT_CH ? ACCELSEL_SCORE_CH
           : k_by == ACCELSEL_KSELECT_DB ? ACCELSEL_SCORE_DB
                                         : ACCELSEL_SCORE_SILHOUETTE;
}

/* "k = 2 has the highest silhouette (0.562) of k = 2..10; next best k = 6 (0.487)". */
static void index_reason(FILE *f, const accelsel_cluster_selection *s, int k_by)
{
    int larger, which = criterion_score(k_by, &larger);
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
    fprintf(f, "k = %u has the %s %s (%.3f) of k = %u..%u", best, larger ? "highest" : "lowest",
            criterion_name(k_by), accelsel_cluster_selection_score(s, bi, which),
            accelsel_cluster_selection_k(s, 0), accelsel_cluster_selection_k(s, n - 1));
    if (next < n)
        fprintf(f, "; the next best is k = %u (%.3f)", accelsel_cluster_selection_k(s, next),
                accelsel_cluster_selection_score(s, next, which));
}

/* The gap rule, and whether some k met it or the largest gap decided. */
static void gap_reason(FILE *f, const accelsel_cluster_selection *s)
{
    uint32_t best = accelsel_cluster_selection_best_k(s);
    size_t n = accelsel_cluster_selection_count(s), met = n;
    for (size_t i = 0; i + 1 < n && met == n; i++)
        if (accelsel_cluster_selection_score(s, i, ACCELSEL_SCORE_GAP) >=
            accelsel_cluster_selection_score(s, i + 1, ACCELSEL_SCORE_GAP) -
                accelsel_cluster_selection_score(s, i + 1, ACCELSEL_SCORE_GAP_SE))
            met = i;
    if (met < n && accelsel_cluster_selection_k(s, met) == best)
        fprintf(f, "k = %u is the smallest k with Gap(k) >= Gap(k+1) - s(k+1)", best);
    else
        fprintf(f, "no k in %u..%u has Gap(k) >= Gap(k+1) - s(k+1), so k = %u, the largest gap, "
                   "is taken", accelsel_cluster_selection_k(s, 0),
                accelsel_cluster_selection_k(s, n - 1), best);
}

char *rank_k_reason(const rank_args *a, const rank_result *r)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        return NULL;
    if (r->sel == NULL)
        fprintf(f, "k = %u was given with --k", a->k);
    else if (a->k_by == ACCELSEL_KSELECT_ELBOW)
        fprintf(f, "k = %u is the elbow of the inertia over k = %u..%u (the point farthest from "
                   "the chord joining its ends)", accelsel_cluster_selection_best_k(r->sel),
                a->k_min, a->k_max);
    else if (a->k_by == ACCELSEL_KSELECT_GAP)
        gap_reason(f, r->sel);
    else
        index_reason(f, r->sel, a->k_by);
    return fclose(f) == 0 ? text : (free(text), NULL);
}

/* Rows of group @p g whose @p column equals @p value. */
static size_t count_in_group(const rank_result *r, size_t g, const char *column, const char *value)
{
    size_t n = 0;
    for (size_t i = 0; i < accelsel_dataset_rows(r->ds); i++) {
        const char *v = rank_row_text(r, i, column);
        n += r->group_of_row[i] == g && v != NULL && strcmp(v, value) == 0;
    }
    return n;
}

/* "NVIDIA H100 (30 of 38)": the group's most common value of @p column,
 * which need not be a majority, with its count. */
static void most_common(FILE *f, const rank_result *r, size_t g, const char *column)
{
    const char *v = rank_profile_text(r, g, column);
    if (v == NULL)
        fputs("unknown", f);
    else
        fprintf(f, "%s (%zu of %zu)", v, count_in_group(r, g, column, v), rank_profile_size(r, g));
}

static void first_group(FILE *f, const rank_args *a, const rank_result *r, size_t g)
{
    fprintf(f, "Group %u ranks first of %zu by %s on the group medians: %zu configurations with a "
               "median of %g accelerators, most often ",
            RANK_GROUP(g), accelsel_cluster_model_k(r->model), rank_method_title(a->method),
            rank_profile_size(r, g), rank_profile_number(r, g, "accelerators_median"));
    most_common(f, r, g, "accelerator_family");
    fputs(", host CPU most often ", f);
    most_common(f, r, g, "host_processor_model_name");
    fprintf(f, "; median %.1f min to train, efficiency %.2f, %.0f images/s per accelerator.",
            rank_profile_number(r, g, "time_to_train_min_median"),
            rank_profile_number(r, g, "efficiency_median"),
            rank_profile_number(r, g, "throughput_per_accelerator_median"));
    if (r->sens != NULL)
        fprintf(f, " It stays first in %.0f%% of %zu random weight changes of up to +-20%%.",
                100.0 * accelsel_sensitivity_top1_fraction(r->sens),
                accelsel_sensitivity_samples(r->sens));
}

/* The group with the largest median of @p column (ties: the lower group). */
static size_t group_with_max(const rank_result *r, const char *column, double sign)
{
    size_t k = accelsel_cluster_model_k(r->model), best = 0;
    for (size_t g = 1; g < k; g++)
        if (sign * rank_profile_number(r, g, column) > sign * rank_profile_number(r, best, column))
            best = g;
    return best;
}

/* How the group of the largest systems compares with the first group. */
static void largest_group(FILE *f, const rank_result *r, size_t first)
{
    size_t big = group_with_max(r, "accelerators_median", 1.0);
    size_t fast = group_with_max(r, "time_to_train_min_median", -1.0);
    if (big == first) {
        fprintf(f, " Group %u is also the group of the largest systems.", RANK_GROUP(first));
        return;
    }
    double hours = rank_profile_number(r, big, "accelerator_hours_median") /
                   rank_profile_number(r, first, "accelerator_hours_median");
    fprintf(f, " The largest systems, group %u (median %g accelerators), %s in %.1f min but at "
               "efficiency %.2f, using %.1f times the accelerator-hours of group %u per training.",
            RANK_GROUP(big), rank_profile_number(r, big, "accelerators_median"),
            big == fast ? "train fastest" : "train", rank_profile_number(r, big,
                                                                          "time_to_train_min_median"),
            rank_profile_number(r, big, "efficiency_median"), hours, RANK_GROUP(first));
}

/* The best-ranked configuration, and whether its group is the first. */
static void best_row(FILE *f, const rank_result *r, size_t first)
{
    size_t row = accelsel_ranking_order(r->rows)[0];
    const char *name = rank_row_text(r, row, "system_name");
    const char *round = rank_row_text(r, row, "round");
    const char *family = rank_row_text(r, row, "accelerator_family");
    fprintf(f, " The best single configuration is %s%s%s%s: %g x %s, %.2f min, efficiency %.2f",
            name ? name : "row", round ? " (" : "", round ? round : "", round ? ")" : "",
            rank_row_number(r, row, "accelerators"), family ? family : "accelerators",
            rank_row_number(r, row, "time_to_train_min"), rank_row_number(r, row, "efficiency"));
    uint32_t g = r->group_of_row[row];
    if (g != UINT32_MAX)
        fprintf(f, ", in group %u", RANK_GROUP(g));
    if (g != UINT32_MAX && first != SIZE_MAX && g != first)
        fprintf(f, ", not in group %u: a group's medians hide the spread within it",
                RANK_GROUP(first));
    fputc('.', f);
}

char *rank_advice(const rank_args *a, const rank_result *r)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        return NULL;
    size_t first = SIZE_MAX;
    if (accelsel_ranking_ranked_count(r->groups) > 0) {
        first = rank_group_at(r, 0);
        first_group(f, a, r, first);
        if (accelsel_cluster_model_k(r->model) > 1)
            largest_group(f, r, first);
    }
    best_row(f, r, first);
    return fclose(f) == 0 ? text : (free(text), NULL);
}
