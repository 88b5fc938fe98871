/* accelsel rank --format csv: the top configurations as one CSV table (rank,
 * score, group, the group's rank, then descriptive and criteria columns, then
 * every other column of the data),
 * written by the library's CSV writer so that quoting follows RFC 4180. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

/* The columns this table adds before the data's. */
static const char *const added[] = {"rank", "score", "group", "group_rank"};

static int is_added(const char *name)
{
    for (size_t i = 0; i < sizeof added / sizeof added[0]; i++)
        if (strcmp(name, added[i]) == 0)
            return 1;
    return 0;
}

/* Copy column @p name of @p from into @p to, if it exists and is not there
 * yet; as NAME_input when the table adds a column of that name. */
static int copy_column(accelsel_dataset *to, const accelsel_dataset *from, const char *name)
{
    size_t col, there;
    char renamed[300];
    if (accelsel_dataset_column_index(from, name, &col) != 0)
        return CLI_OK;
    if (is_added(name) && cli_input_name(from, name, "rank", renamed, sizeof renamed) != CLI_OK)
        return CLI_FAIL;
    const char *as = is_added(name) ? renamed : name;
    if (accelsel_dataset_column_index(to, as, &there) == 0)
        return CLI_OK; /* a criterion that is also a descriptive column */
    int rc = cli_copy_column(to, from, col, as);
    return rc == 0 ? CLI_OK : cli_fail(rc, "--format csv");
}

/* rank, score, group and group_rank of the first @p top ranked rows. */
static int add_ranks(accelsel_dataset *out, const rank_result *r, size_t top)
{
    const accelsel_selection *sel = r->selection;
    size_t k = accelsel_cluster_model_k(r->model);
    double *v = malloc((4 * top + k + 1) * sizeof *v), *group_rank = v + 4 * top;
    if (v == NULL)
        return ACCELSEL_ENOMEM;
    for (uint32_t g = 0; g < k; g++) {
        size_t rank = accelsel_selection_group_rank(sel, g);
        group_rank[g] = rank > 0 ? (double)rank : NAN;
    }
    for (size_t i = 0; i < top; i++) {
        size_t row = accelsel_selection_row_order(sel)[i];
        uint32_t g = r->group_of_row[row];
        v[i] = (double)accelsel_selection_row_rank(sel, row);
        v[top + i] = accelsel_ranking_scores(r->rows)[row];
        v[2 * top + i] = g == UINT32_MAX ? NAN : (double)RANK_GROUP(g);
        v[3 * top + i] = g == UINT32_MAX ? NAN : group_rank[g];
    }
    int rc = 0;
    for (size_t j = 0; j < sizeof added / sizeof added[0] && rc == 0; j++)
        rc = accelsel_dataset_add_numeric(out, added[j], v + j * top, top);
    free(v);
    return rc;
}

/* CLI_OK, or CLI_FAIL with the message printed. */
static int build(accelsel_dataset **out, const rank_args *a, const rank_result *r)
{
    const accelsel_selection *sel = r->selection;
    static const char *const described[] = {"system_name", "round", "submitter",
                                             "accelerator_family", "accelerators",
                                             "time_to_train_min", "efficiency"};
    size_t n = accelsel_ranking_ranked_count(r->rows), top = a->top < n ? a->top : n;
    accelsel_dataset *rows = NULL;
    int rc = accelsel_dataset_select_rows(&rows, r->ds, accelsel_selection_row_order(sel), top);
    if (rc == 0)
        rc = accelsel_dataset_new(out, top);
    if (rc == 0)
        rc = add_ranks(*out, r, top);
    int status = rc == 0 ? CLI_OK : cli_fail(rc, "--format csv");
    for (size_t i = 0; status == CLI_OK && i < sizeof described / sizeof described[0]; i++)
        status = copy_column(*out, rows, described[i]);
    for (size_t i = 0; status == CLI_OK && i < r->n_crit; i++)
        status = copy_column(*out, rows, r->crit[i].column);
    /* the rest of the data, so that a row of any table can be told apart */
    for (size_t c = 0; status == CLI_OK && rows != NULL && c < accelsel_dataset_cols(rows); c++)
        status = copy_column(*out, rows, accelsel_dataset_column_name(rows, c));
    accelsel_dataset_free(rows);
    return status;
}

int rank_print_csv(FILE *f, const rank_args *a, const rank_result *r)
{
    accelsel_dataset *out = NULL;
    rank_drops d;
    if (rank_dropped(r, a, &d) != CLI_OK)
        return CLI_FAIL;
    rank_print_dropped_stderr(r, &d); /* CSV has no room for them */
    rank_drops_free(&d);
    int status = build(&out, a, r);
    if (status == CLI_OK)
        status = cli_print_dataset(f, out, CLI_FORMAT_CSV);
    accelsel_dataset_free(out);
    return status;
}
