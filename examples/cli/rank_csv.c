/* accelsel rank --format csv: the top configurations as one CSV table (rank,
 * score, group, the group's rank, then descriptive and criteria columns),
 * written by the library's CSV writer so that quoting follows RFC 4180. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

/* Copy column @p name of @p from into @p to, if it exists and is not there yet. */
static int copy_column(accelsel_dataset *to, const accelsel_dataset *from, const char *name)
{
    size_t col, n = accelsel_dataset_rows(from);
    if (accelsel_dataset_column_index(to, name, &col) == 0 ||
        accelsel_dataset_column_index(from, name, &col) != 0)
        return 0;
    const double *v = accelsel_dataset_numeric(from, col);
    if (v != NULL)
        return accelsel_dataset_add_numeric(to, name, v, n);
    const char **s = malloc((n ? n : 1) * sizeof *s);
    if (s == NULL)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < n; i++)
        s[i] = accelsel_dataset_string(from, i, col);
    int rc = accelsel_dataset_add_categorical(to, name, s, n);
    free(s);
    return rc;
}

/* rank, score, group and group_rank of the first @p top ranked rows. */
static int add_ranks(accelsel_dataset *out, const rank_result *r, size_t top)
{
    size_t k = accelsel_cluster_model_k(r->model);
    double *v = malloc((4 * top + k + 1) * sizeof *v), *group_rank = v + 4 * top;
    if (v == NULL)
        return ACCELSEL_ENOMEM;
    for (size_t g = 0; g < k; g++)
        group_rank[g] = NAN;
    for (size_t i = 0; i < accelsel_ranking_ranked_count(r->groups); i++)
        group_rank[rank_group_at(r, i)] = (double)rank_group_rank(r, i);
    for (size_t i = 0; i < top; i++) {
        size_t row = rank_row_at(r, i);
        uint32_t g = r->group_of_row[row];
        v[i] = (double)rank_row_rank(r, i);
        v[top + i] = accelsel_ranking_scores(r->rows)[row];
        v[2 * top + i] = g == UINT32_MAX ? NAN : (double)RANK_GROUP(g);
        v[3 * top + i] = g == UINT32_MAX ? NAN : group_rank[g];
    }
    static const char *const names[] = {"rank", "score", "group", "group_rank"};
    int rc = 0;
    for (size_t j = 0; j < 4 && rc == 0; j++)
        rc = accelsel_dataset_add_numeric(out, names[j], v + j * top, top);
    free(v);
    return rc;
}

static int build(accelsel_dataset **out, const rank_args *a, const rank_result *r)
{
    static const char *const described[] = {"system_name", "round", "submitter",
                                             "accelerator_family", "accelerators",
                                             "time_to_train_min", "efficiency"};
    size_t n = accelsel_ranking_ranked_count(r->rows), top = a->top < n ? a->top : n;
    accelsel_dataset *rows = NULL;
    int rc = accelsel_dataset_select_rows(&rows, r->ds, accelsel_selection_row_order(r->selection), top);
    if (rc == 0)
        rc = accelsel_dataset_new(out, top);
    if (rc == 0)
        rc = add_ranks(*out, r, top);
    for (size_t i = 0; rc == 0 && i < sizeof described / sizeof described[0]; i++)
        rc = copy_column(*out, rows, described[i]);
    for (size_t i = 0; rc == 0 && i < r->n_crit; i++)
        rc = copy_column(*out, rows, r->crit[i].column);
    accelsel_dataset_free(rows);
    return rc;
}

int rank_print_csv(FILE *f, const rank_args *a, const rank_result *r)
{
    accelsel_dataset *out = NULL;
    int rc = build(&out, a, r);
    int status = rc == 0 ? cli_print_dataset(f, out, CLI_FORMAT_CSV) : cli_fail(rc, "--format csv");
    accelsel_dataset_free(out);
    return status;
}
