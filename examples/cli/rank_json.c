/* accelsel rank: the report as one JSON object (settings, importance,
 * k_selection, clusters, cluster_ranking, top_configurations,
 * recommendation), and the top configurations as CSV. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

static void key(FILE *f, const char *name)
{
    cli_json_string(f, name);
    fputs(": ", f);
}

static void str_or_null(FILE *f, const char *s)
{
    if (s != NULL)
        cli_json_string(f, s);
    else
        fputs("null", f);
}

static void num_field(FILE *f, const char *name, double v, int comma)
{
    key(f, name);
    cli_json_number(f, v);
    if (comma)
        fputs(", ", f);
}

static void json_criteria(FILE *f, const rank_result *r)
{
    const double *w = accelsel_ranking_weights(r->rows);
    fputc('[', f);
    for (size_t i = 0; i < r->n_crit; i++) {
        fputs(i ? ", {" : "{", f);
        key(f, "column");
        cli_json_string(f, r->crit[i].column);
        fputs(", ", f);
        num_field(f, "weight", w[i], 1);
        key(f, "direction");
        cli_json_string(f, r->crit[i].direction == ACCELSEL_CRITERION_COST ? "cost" : "benefit");
        fputc('}', f);
    }
    fputc(']', f);
}

static void json_settings(FILE *f, const rank_args *a, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    fputs("  \"settings\": {", f);
    key(f, "source");
    char name[128], builtin[160];
    snprintf(builtin, sizeof builtin, "built-in %s",
             cli_builtin_name(a->benchmark, name, sizeof name));
    cli_json_string(f, a->csv ? a->csv : builtin);
    if (a->csv != NULL && a->benchmark != NULL) {
        fputs(", ", f);
        key(f, "benchmark");
        cli_json_string(f, a->benchmark);
    }
    fprintf(f, ", \"rows_in\": %zu, \"rows_kept\": %zu, \"where\": [", r->rows_in,
            accelsel_dataset_rows(r->ds));
    for (size_t i = 0; i < a->n_where; i++) {
        fputs(i ? ", " : "", f);
        cli_json_string(f, a->where[i]);
    }
    fputs("], \"features\": [", f);
    for (size_t j = 0; j < r->d; j++) {
        fputs(j ? ", " : "", f);
        cli_json_string(f, accelsel_features_name(r->feat, j));
    }
    fputs("], ", f);
    key(f, "algorithm");
    cli_json_string(f, accelsel_cluster_algorithm_name(a->algorithm));
    fprintf(f, ", \"seed\": %llu, ", (unsigned long long)a->seed);
    key(f, "method");
    cli_json_string(f, accelsel_rank_method_name(a->method));
    fputs(", \"criteria\": ", f);
    json_criteria(f, r);
    fputs(", \"name_column\": ", f);
    if (r->name_column != NULL)
        cli_json_string(f, r->name_column);
    else
        fputs("null", f);
    fputs(", \"notes\": [", f);
    size_t n_notes = accelsel_selection_note_count(sel);
    for (size_t i = 0; i < n_notes; i++) {
        fputs(i ? ", " : "", f);
        cli_json_string(f, accelsel_selection_note(sel, i));
    }
    if (r->priced) {
        fputs(n_notes ? ", " : "", f);
        cli_json_string(f, cli_energy_note);
    }
    fputs("]},\n", f);
}

static void json_importance(FILE *f, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    static const int measures[] = {ACCELSEL_MEASURE_PERMUTATION, ACCELSEL_MEASURE_PERMUTATION_SD,
                                   ACCELSEL_MEASURE_IMPURITY, ACCELSEL_MEASURE_PEARSON,
                                   ACCELSEL_MEASURE_SPEARMAN, ACCELSEL_MEASURE_MUTUAL_INFO};
    const accelsel_importance *imp = r->imp;
    if (imp == NULL) {
        fputs("  \"importance\": null,\n", f);
        return;
    }
    const size_t *order = accelsel_selection_importance_order(sel);
    fputs("  \"importance\": {", f);
    key(f, "target");
    cli_json_string(f, accelsel_importance_target_name(imp));
    fprintf(f, ", \"rows\": %zu, ", accelsel_importance_rows(imp));
    num_field(f, "oob_r2", accelsel_importance_oob_r2(imp), 1);
    fputs("\"constant_variables\": [", f);
    for (size_t i = 0; i < r->n_constant; i++) {
        fputs(i ? ", " : "", f);
        cli_json_string(f, r->constant[i]);
    }
    fputs("], \"features\": [", f);
    for (size_t i = 0; order != NULL && i < accelsel_importance_n_features(imp); i++) {
        fputs(i ? ",\n    {" : "\n    {", f);
        key(f, "feature");
        cli_json_string(f, accelsel_importance_feature_name(imp, order[i]));
        for (size_t m = 0; m < sizeof measures / sizeof measures[0]; m++) {
            fputs(", ", f);
            num_field(f, accelsel_importance_measure_name(measures[m]),
                      accelsel_importance_value(imp, measures[m], order[i]), 0);
        }
        fputc('}', f);
    }
    fputs("]},\n", f);
}

static void json_k(FILE *f, const rank_args *a, const rank_result *r)
{
    const char *why = rank_k_reason(r);
    fputs("  \"k_selection\": {", f);
    key(f, "criterion");
    cli_json_string(f, r->sel ? accelsel_kselect_name(a->k_by) : "given");
    fprintf(f, ", \"k\": %zu, ", accelsel_cluster_model_k(r->model));
    key(f, "reason");
    str_or_null(f, why);
    fputs(", \"candidates\": [", f);
    for (size_t i = 0; i < rank_k_count(r); i++) {
        double s[RANK_N_SCORES];
        fprintf(f, "%s{\"k\": %u", i ? ",\n    " : "\n    ", rank_k_scores(r, i, s));
        for (int j = 0; j < RANK_N_SCORES; j++) {
            fputs(", ", f);
            num_field(f, accelsel_cluster_score_name(ACCELSEL_SCORE_INERTIA + j), s[j], 0);
        }
        fputc('}', f);
    }
    fputs("]},\n", f);
}

/* The table's profile cell ("NVIDIA A100 115/219, 2 missing") of @p column. */
static int mode_field(FILE *f, const rank_result *r, size_t g, const char *key, const char *column)
{
    char cell[256];
    if (rank_mode(r, g, column, cell, sizeof cell) != CLI_OK)
        return CLI_FAIL;
    fprintf(f, ", \"%s\": ", key);
    cli_json_string(f, cell);
    return CLI_OK;
}

/* The group's most common value of @p column (null when it has none). */
static int mode_value(FILE *f, const rank_result *r, size_t g, const char *key, const char *column)
{
    const char *value = NULL;
    int rc = accelsel_selection_mode(r->selection, (uint32_t)g, column, &value, NULL, NULL, NULL);
    if (rc == ACCELSEL_ENOMEM)
        return rank_oom();
    fprintf(f, ", \"%s\": ", key);
    str_or_null(f, rc == 0 ? value : NULL);
    return CLI_OK;
}

static int json_clusters(FILE *f, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    static const char *const medians[] = {"accelerators", "time_to_train_min", "efficiency",
                                          "throughput_per_accelerator", "accelerator_hours",
                                          "host_processor_core_count"};
    fputs("  \"clusters\": [", f);
    for (size_t g = 0; g < accelsel_cluster_model_k(r->model); g++) {
        fprintf(f, "%s{\"group\": %u, \"size\": %zu", g ? ",\n    " : "\n    ", RANK_GROUP(g),
                accelsel_selection_group_size(sel, (uint32_t)g));
        for (size_t i = 0; i < sizeof medians / sizeof medians[0]; i++) {
            char name[64], column[64];
            snprintf(name, sizeof name, "median_%s", medians[i]);
            snprintf(column, sizeof column, "%s_median", medians[i]);
            fputs(", ", f);
            num_field(f, name, accelsel_selection_profile_number(sel, (uint32_t)g, column), 0);
        }
        if (mode_value(f, r, g, "accelerator_family", "accelerator_family") != CLI_OK ||
            mode_value(f, r, g, "host_cpu", "host_processor_model_name") != CLI_OK ||
            mode_field(f, r, g, "accelerator_family_count", "accelerator_family") != CLI_OK ||
            mode_field(f, r, g, "host_cpu_count", "host_processor_model_name") != CLI_OK)
            return CLI_FAIL;
        fputs(", \"criteria_medians\": {", f);
        for (size_t c = 0; c < r->n_crit; c++) {
            fputs(c ? ", " : "", f);
            num_field(f, r->crit[c].column,
                      accelsel_selection_profile_number(sel, (uint32_t)g,
                                                        accelsel_selection_median_column(sel, c)),
                      0);
        }
        fputs("}}", f);
    }
    fputs("],\n", f);
    return CLI_OK;
}

static void json_sensitivity(FILE *f, const rank_result *r)
{
    if (r->sens == NULL) {
        fputs("null", f);
        return;
    }
    fprintf(f, "{\"samples\": %zu, ", accelsel_sensitivity_samples(r->sens));
    num_field(f, "perturbation", accelsel_sensitivity_perturbation(r->sens), 1);
    num_field(f, "top1_fraction", accelsel_sensitivity_top1_fraction(r->sens), 1);
    num_field(f, "tau_mean", accelsel_sensitivity_tau_mean(r->sens), 1);
    num_field(f, "tau_min", accelsel_sensitivity_tau_min(r->sens), 0);
    fputc('}', f);
}

static void json_group_ranking(FILE *f, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    fputs("  \"cluster_ranking\": {\"order\": [", f);
    for (size_t i = 0; i < accelsel_ranking_ranked_count(r->groups); i++) {
        size_t g = accelsel_selection_group_at(sel, i);
        fprintf(f, "%s{\"rank\": %zu, \"group\": %u, ", i ? ",\n    " : "\n    ",
                accelsel_selection_group_rank(sel, (uint32_t)g), RANK_GROUP(g));
        num_field(f, "score", accelsel_selection_group_score(sel, (uint32_t)g), 1);
        fputs("\"criteria\": {", f);
        for (size_t c = 0; c < r->n_crit; c++) {
            const char *median = accelsel_selection_median_column(sel, c);
            num_field(f, median, accelsel_selection_profile_number(sel, (uint32_t)g, median),
                      c + 1 < r->n_crit);
        }
        fputs("}}", f);
    }
    fputs("],\n    \"sensitivity\": ", f);
    json_sensitivity(f, r);
    fputs("},\n", f);
}

static void json_row(FILE *f, const rank_result *r, size_t row, size_t rank)
{
    fprintf(f, "{\"rank\": %zu, ", rank);
    num_field(f, "score", accelsel_ranking_scores(r->rows)[row], 1);
    if (r->group_of_row[row] != UINT32_MAX)
        fprintf(f, "\"group\": %u, ", RANK_GROUP(r->group_of_row[row]));
    else
        fputs("\"group\": null, ", f);
    fprintf(f, "\"row\": %zu, \"line\": ", row);
    uint64_t line = accelsel_dataset_row_line(r->ds, row);
    if (line > 0)
        fprintf(f, "%llu", (unsigned long long)line);
    else
        fputs("null", f);
    fputs(", \"name\": ", f);
    str_or_null(f, rank_row_name(r, row));
    fputs(", ", f);
    /* the MLPerf table's descriptive columns, where the table has them */
    static const char *const text[] = {"system_name", "round"};
    static const char *const nums[] = {"accelerators", "time_to_train_min", "efficiency"};
    size_t col;
    for (size_t i = 0; i < 2; i++)
        if (accelsel_dataset_column_index(r->ds, text[i], &col) == 0) {
            key(f, text[i]);
            str_or_null(f, rank_row_text(r, row, text[i]));
            fputs(", ", f);
        }
    for (size_t i = 0; i < 3; i++)
        if (accelsel_dataset_column_index(r->ds, nums[i], &col) == 0)
            num_field(f, nums[i], rank_row_number(r, row, nums[i]), 1);
    fputs("\"criteria\": {", f);
    for (size_t c = 0; c < r->n_crit; c++)
        num_field(f, r->crit[c].column, rank_row_number(r, row, r->crit[c].column),
                  c + 1 < r->n_crit);
    fputs("}, \"columns\": {", f);
    /* the row as the table has it: its own columns and the derived ones */
    for (size_t c = 0; c < accelsel_dataset_cols(r->ds); c++) {
        const char *name = accelsel_dataset_column_name(r->ds, c);
        if (accelsel_dataset_column_type(r->ds, c) == ACCELSEL_COLUMN_NUMERIC) {
            num_field(f, name, accelsel_dataset_number(r->ds, row, c),
                      c + 1 < accelsel_dataset_cols(r->ds));
            continue;
        }
        key(f, name);
        str_or_null(f, accelsel_dataset_string(r->ds, row, c));
        fputs(c + 1 < accelsel_dataset_cols(r->ds) ? ", " : "", f);
    }
    fputs("}}", f);
}

int rank_print_json(FILE *f, const rank_args *a, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    const char *advice = rank_advice(r);
    if (advice == NULL)
        return rank_oom();
    fputs("{\n", f);
    json_settings(f, a, r);
    json_importance(f, r);
    json_k(f, a, r);
    if (json_clusters(f, r) != CLI_OK)
        return CLI_FAIL;
    json_group_ranking(f, r);
    size_t n = accelsel_ranking_ranked_count(r->rows), top = a->top < n ? a->top : n;
    fputs("  \"top_configurations\": [", f);
    const size_t *order = accelsel_selection_row_order(sel);
    for (size_t i = 0; i < top; i++) {
        fputs(i ? ",\n    " : "\n    ", f);
        json_row(f, r, order[i], accelsel_selection_row_rank(sel, order[i]));
    }
    fputs("],\n", f);
    rank_drops d;
    if (rank_dropped(r, a, &d) != CLI_OK)
        return CLI_FAIL;
    rank_print_dropped_json(f, &d);
    rank_drops_free(&d);
    fputs("  \"recommendation\": ", f);
    cli_json_string(f, advice);
    fputs("\n}\n", f);
    return CLI_OK;
}
