/* accelsel rank: the report for people -- importance, the choice of k, the
 * groups, their ranking, the top configurations and the recommendation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

/* Features shown in the table; JSON has them all. */
#define TABLE_FEATURES 10

static void print_importance(FILE *f, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    const accelsel_importance *imp = r->imp;
    if (imp == NULL) {
        fputs("1. Variable importance: skipped (see the notes above).\n", f);
        return;
    }
    size_t n = accelsel_importance_n_features(imp);
    const size_t *order = accelsel_selection_importance_order(sel);
    fprintf(f, "1. Variable importance for %s (%zu rows; random forest, out-of-bag R^2 %.3f).\n"
               "   Permutation: drop of the out-of-bag R^2 when the feature is shuffled; impurity:\n"
               "   share of the forest's variance reduction; Spearman: rank correlation with the\n"
               "   target; MI: mutual information with the target (nats).\n",
            accelsel_importance_target_name(imp), accelsel_importance_rows(imp),
            accelsel_importance_oob_r2(imp));
    fprintf(f, "   %-40s %11s %7s %8s %8s %7s\n", "feature", "permutation", "(sd)", "impurity",
            "Spearman", "MI");
    for (size_t i = 0; order != NULL && i < n && i < TABLE_FEATURES; i++) {
        size_t j = order[i];
        char name[256];
        cli_table_text(name, sizeof name, accelsel_importance_feature_name(imp, j));
        fprintf(f, "   %-40s %11.4f %7.4f %8.4f %8.3f %7.3f\n", name,
                accelsel_importance_value(imp, ACCELSEL_MEASURE_PERMUTATION, j),
                accelsel_importance_value(imp, ACCELSEL_MEASURE_PERMUTATION_SD, j),
                accelsel_importance_value(imp, ACCELSEL_MEASURE_IMPURITY, j),
                accelsel_importance_value(imp, ACCELSEL_MEASURE_SPEARMAN, j),
                accelsel_importance_value(imp, ACCELSEL_MEASURE_MUTUAL_INFO, j));
    }
    if (n > TABLE_FEATURES)
        fprintf(f, "   (the %d most important of %zu features by permutation importance)\n",
                TABLE_FEATURES, n);
    for (size_t i = 0; i < r->n_constant; i++) {
        fputs(i ? ", " : "   Left out, one value over the kept rows: ", f);
        cli_print_text(f, r->constant[i]);
        fputs(i + 1 < r->n_constant ? "" : "\n", f);
    }
}

static void print_k(FILE *f, const rank_args *a, const rank_result *r)
{
    const char *why = rank_k_reason(r);
    uint32_t k = (uint32_t)accelsel_cluster_model_k(r->model);
    accelsel_cluster_options co = ACCELSEL_CLUSTER_OPTIONS_INIT; /* the selection's restarts */
    char how[64] = "Ward";
    if (a->algorithm != ACCELSEL_CLUSTER_WARD)
        snprintf(how, sizeof how, "k-means, %u restarts", co.n_init);
    fprintf(f, "\n2. Number of groups: %u (%s, seed %llu): %s.\n", k, how,
            (unsigned long long)a->seed, why ? why : "");
    int gap = r->sel != NULL && a->k_by == ACCELSEL_KSELECT_GAP;
    fprintf(f, "   %4s %11s %18s %15s %10s%s\n", "k", "silhouette", "calinski-harabasz",
            "davies-bouldin", "inertia", gap ? "        gap    (s_k)" : "");
    for (size_t i = 0; i < rank_k_count(r); i++) {
        double s[RANK_N_SCORES];
        uint32_t ki = rank_k_scores(r, i, s);
        fprintf(f, "   %3u%c %11.4f %18.2f %15.4f %10.2f", ki, ki == k ? '*' : ' ',
                s[ACCELSEL_SCORE_SILHOUETTE - 1], s[ACCELSEL_SCORE_CH - 1],
                s[ACCELSEL_SCORE_DB - 1], s[ACCELSEL_SCORE_INERTIA - 1]);
        if (gap)
            fprintf(f, " %10.4f %8.4f", s[ACCELSEL_SCORE_GAP - 1], s[ACCELSEL_SCORE_GAP_SE - 1]);
        fputc('\n', f);
    }
}

/* The criteria's columns as headings of 14 characters. */
static void print_criteria_heads(FILE *f, const rank_result *r)
{
    for (size_t c = 0; c < r->n_crit; c++) {
        char head[256];
        cli_table_text(head, sizeof head, r->crit[c].column);
        fprintf(f, " %14.14s", head);
    }
}

/* Group @p g's profile cell of @p column. */
static double cell(const accelsel_selection *sel, size_t g, const char *column)
{
    return accelsel_selection_profile_number(sel, (uint32_t)g, column);
}

/* Any table: each group's size and its median of every criterion. */
static void print_groups_generic(FILE *f, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    size_t k = accelsel_cluster_model_k(r->model);
    fputs("\n3. Groups (medians over each group's rows of the criteria)\n   group  size", f);
    print_criteria_heads(f, r);
    fputc('\n', f);
    for (size_t g = 0; g < k; g++) {
        fprintf(f, "   %5u %5zu", RANK_GROUP(g), accelsel_selection_group_size(sel, (uint32_t)g));
        for (size_t c = 0; c < r->n_crit; c++)
            fprintf(f, " %14.6g", cell(sel, g, accelsel_selection_median_column(sel, c)));
        fputc('\n', f);
    }
}

static int print_groups(FILE *f, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    if (!accelsel_selection_mlperf_shaped(sel)) {
        print_groups_generic(f, r);
        return CLI_OK;
    }
    size_t k = accelsel_cluster_model_k(r->model);
    fprintf(f, "\n3. Groups (medians over each group's configurations, cores = host CPU cores; the\n"
               "   most common accelerator family and host CPU, each with its count of the\n"
               "   group's rows and the rows where it is missing)\n");
    /* no throughput column on the rows of another MLPerf benchmark than ResNet-50 */
    int tp = 0;
    for (size_t g = 0; g < k; g++)
        tp |= !isnan(cell(sel, g, "throughput_per_accelerator_median"));
    fprintf(f, "   %5s %5s %8s %10s %10s", "group", "size", "accel.", "time (min)", "efficiency");
    if (tp)
        fprintf(f, " %10s", "img/s/acc.");
    fprintf(f, " %10s %6s  %-30s %s\n", "acc.-hours", "cores", "accelerator family", "host CPU");
    for (size_t g = 0; g < k; g++) {
        char mode[2][96], family[384], cpu[384];
        if (rank_mode(r, g, "accelerator_family", mode[0], sizeof mode[0]) != CLI_OK ||
            rank_mode(r, g, "host_processor_model_name", mode[1], sizeof mode[1]) != CLI_OK)
            return CLI_FAIL;
        cli_table_text(family, sizeof family, mode[0]);
        cli_table_text(cpu, sizeof cpu, mode[1]);
        fprintf(f, "   %5u %5zu %8g %10.2f %10.3f", RANK_GROUP(g),
                accelsel_selection_group_size(sel, (uint32_t)g),
                cell(sel, g, "accelerators_median"),
                cell(sel, g, "time_to_train_min_median"), cell(sel, g, "efficiency_median"));
        if (tp)
            fprintf(f, " %10.0f", cell(sel, g, "throughput_per_accelerator_median"));
        fprintf(f, " %10.1f %6g  %-30s %s\n", cell(sel, g, "accelerator_hours_median"),
                cell(sel, g, "host_processor_core_count_median"), family, cpu);
    }
    return CLI_OK;
}

static void print_criteria(FILE *f, const rank_result *r)
{
    const double *w = accelsel_ranking_weights(r->groups);
    for (size_t i = 0; i < r->n_crit; i++) {
        fputs(i ? ", " : "", f);
        cli_print_text(f, r->crit[i].column);
        fprintf(f, " (%s, %.2f)",
                r->crit[i].direction == ACCELSEL_CRITERION_COST ? "cost" : "benefit", w[i]);
    }
}

/* "3", or "3=" when place @p i shares rank @p rank with a neighbour (a tie). */
static const char *rank_label(char buf[16], size_t rank, size_t i, size_t next_rank)
{
    snprintf(buf, 16, "%zu%s", rank, rank != i + 1 || next_rank == rank ? "=" : "");
    return buf;
}

/* How ties are listed, once, under a table that has them. */
static void print_tie_rule(FILE *f, const rank_args *a, int tied)
{
    if (tied)
        fprintf(f, "   (= marks a tie: equal scores share a rank; they are listed by %s)\n",
                a->method == ACCELSEL_RANK_PARETO ? "TOPSIS closeness on the same criteria"
                                                  : "row order");
}

static void print_group_ranking(FILE *f, const rank_args *a, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    fprintf(f, "\n4. Ranking of the groups: %s on the group medians of ",
            accelsel_rank_method_title(a->method));
    print_criteria(f, r);
    fprintf(f, "\n   %4s %5s %8s\n", "rank", "group", "score");
    size_t n = accelsel_ranking_ranked_count(r->groups);
    int tied = 0;
    for (size_t i = 0; i < n; i++) {
        char label[16];
        uint32_t g = accelsel_selection_group_at(sel, i);
        rank_label(label, accelsel_selection_group_rank(sel, g), i,
                   accelsel_selection_group_rank(sel, accelsel_selection_group_at(sel, i + 1)));
        tied |= strchr(label, '=') != NULL;
        fprintf(f, "   %4s %5u %8.4f\n", label, RANK_GROUP(g), accelsel_selection_group_score(sel, g));
    }
    print_tie_rule(f, a, tied);
    if (r->sens != NULL)
        fprintf(f, "   Weights moved at random by up to +-%.0f%% (%zu draws): the first group "
                   "stays first in %.1f%%; Kendall's tau-b with this order: mean %.3f, min %.3f.\n",
                100.0 * accelsel_sensitivity_perturbation(r->sens),
                accelsel_sensitivity_samples(r->sens),
                100.0 * accelsel_sensitivity_top1_fraction(r->sens),
                accelsel_sensitivity_tau_mean(r->sens), accelsel_sensitivity_tau_min(r->sens));
}

static const char *or_dash(const char *s)
{
    return s != NULL ? s : "-";
}

/* The row's group as shown, "-" when it was not clustered. */
static void group_label(const rank_result *r, size_t row, char out[16])
{
    snprintf(out, 16, "-");
    if (r->group_of_row[row] != UINT32_MAX)
        snprintf(out, 16, "%u", RANK_GROUP(r->group_of_row[row]));
}

/* Any table: each row's criteria and its name (system_name, else its line in
 * the file, else its number). */
static int print_rows_generic(FILE *f, const rank_result *r, size_t top)
{
    const accelsel_selection *sel = r->selection;
    int tied = 0;
    const double *score = accelsel_ranking_scores(r->rows);
    fprintf(f, "   %4s %5s %8s", "rank", "group", "score");
    print_criteria_heads(f, r);
    fputs("  row\n", f);
    const size_t *order = accelsel_selection_row_order(sel);
    for (size_t i = 0; i < top; i++) {
        size_t row = order[i];
        char group[16], label[16];
        group_label(r, row, group);
        rank_label(label, accelsel_selection_row_rank(sel, row), i,
                   i + 1 < top ? accelsel_selection_row_rank(sel, order[i + 1]) : 0);
        tied |= strchr(label, '=') != NULL;
        fprintf(f, "   %4s %5s %8.4f", label, group, score[row]);
        for (size_t c = 0; c < r->n_crit; c++)
            fprintf(f, " %14.6g", rank_row_number(r, row, r->crit[c].column));
        const char *name = rank_row_name(r, row);
        if (name != NULL) {
            fputs("  ", f);
            cli_print_text(f, name);
            fputc('\n', f);
        } else if (accelsel_dataset_row_line(r->ds, row) > 0) {
            /* the file's line: a number would count the rows the filters kept */
            fprintf(f, "  line %llu\n", (unsigned long long)accelsel_dataset_row_line(r->ds, row));
        } else {
            fprintf(f, "  %zu\n", row + 1);
        }
    }
    return tied;
}

static void print_rows(FILE *f, const rank_args *a, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    size_t n = accelsel_ranking_ranked_count(r->rows), top = a->top < n ? a->top : n;
    const double *score = accelsel_ranking_scores(r->rows);
    int mlperf = accelsel_selection_mlperf_shaped(sel), tied = 0;
    fprintf(f, "\n5. Top %zu of %zu %s (%s on each %s, same criteria)\n", top, n,
            mlperf ? "configurations" : "rows", accelsel_rank_method_title(a->method),
            mlperf ? "configuration" : "row");
    if (!mlperf) {
        print_tie_rule(f, a, print_rows_generic(f, r, top));
        return;
    }
    fprintf(f, "   %4s %5s %8s %7s %8s %10s %10s  %s\n", "rank", "group", "score", "round",
            "accel.", "time (min)", "efficiency", "system");
    const size_t *order = accelsel_selection_row_order(sel);
    for (size_t i = 0; i < top; i++) {
        size_t row = order[i];
        const char *name = rank_row_name(r, row);
        char group[16], label[16], round[64];
        cli_table_text(round, sizeof round, or_dash(rank_row_text(r, row, "round")));
        group_label(r, row, group);
        rank_label(label, accelsel_selection_row_rank(sel, row), i,
                   i + 1 < n ? accelsel_selection_row_rank(sel, order[i + 1]) : 0);
        tied |= strchr(label, '=') != NULL;
        fprintf(f, "   %4s %5s %8.4f %7s %8g %10.2f %10.3f  ", label, group, score[row], round,
                rank_row_number(r, row, "accelerators"),
                rank_row_number(r, row, "time_to_train_min"),
                rank_row_number(r, row, "efficiency"));
        cli_print_text(f, or_dash(name));
        fputc('\n', f);
    }
    print_tie_rule(f, a, tied);
}

/* @p raw wrapped at 78 columns, indented by 3; its names come from the data,
 * so it is escaped first (an escape takes at most 4 bytes a byte). */
static int print_wrapped(FILE *f, const char *raw)
{
    size_t cap = 4 * strlen(raw) + 1, col = 0;
    char *text = malloc(cap);
    if (text == NULL)
        return rank_oom();
    cli_table_text(text, cap, raw);
    for (const char *p = text; *p;) {
        size_t word = strcspn(p, " ");
        if (col > 0 && col + 1 + word > 75) {
            fputc('\n', f);
            col = 0;
        }
        fprintf(f, "%s%.*s", col ? " " : "   ", (int)word, p);
        col += word + 1;
        p += word;
        p += strspn(p, " ");
    }
    fputc('\n', f);
    free(text);
    return CLI_OK;
}

/* The filters of the row policy that applied, as the selection says. */
static void print_row_policy(FILE *f, const rank_args *a, const rank_result *r)
{
    size_t n = accelsel_selection_filter_count(r->selection);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%s", i ? ", " : "", accelsel_selection_filter(r->selection, i));
    if (n == 0)
        fputs(a->rows == ACCELSEL_SELECTION_ROWS_ALL ? "all rows"
                                                     : "all rows: no row filter applies",
              f);
}

int rank_print_table(FILE *f, const rank_args *a, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    const char *advice = rank_advice(r);
    if (advice == NULL)
        return rank_oom();
    fprintf(f, "accelsel rank: %zu of %zu rows of ", accelsel_dataset_rows(r->ds), r->rows_in);
    char name[128];
    cli_print_text(f, a->csv ? a->csv : "the built-in MLPerf data");
    if (a->benchmark != NULL) { /* the table of --benchmark, or FILE's rows of it */
        fputs(a->csv ? " of benchmark " : " ", f);
        cli_print_text(f, a->csv ? a->benchmark : cli_builtin_name(a->benchmark, name, sizeof name));
    }
    fputs(" (", f);
    print_row_policy(f, a, r);
    fprintf(f, "%s)\n", a->n_where ? ", --where" : "");
    fputs("(groups numbered from 1; accelsel cluster numbers clusters from 0 and has other "
          "defaults: see its output)\n", f);
    for (size_t i = 0; i < accelsel_selection_note_count(sel); i++) {
        fputs("Note: ", f);
        cli_print_text(f, accelsel_selection_note(sel, i));
        fputs(".\n", f);
    }
    if (r->priced)
        fprintf(f, "Note: %s.\n", cli_energy_note);
    fputc('\n', f);
    print_importance(f, r);
    print_k(f, a, r);
    if (print_groups(f, r) != CLI_OK)
        return CLI_FAIL;
    print_group_ranking(f, a, r);
    print_rows(f, a, r);
    rank_drops d;
    if (rank_dropped(r, a, &d) != CLI_OK)
        return CLI_FAIL;
    rank_print_dropped_table(f, r, &d);
    rank_drops_free(&d);
    fputs("\nRecommendation\n", f);
    return print_wrapped(f, advice);
}
