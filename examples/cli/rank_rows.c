/* accelsel rank: what each row is called (--name-column), and every input
 * row that the ranking leaves out, with why: the row policy's filter that
 * dropped it, --where, or the criterion it lacks. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

static int cmp_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* 1 when text column @p col of @p ds has a value in every row, each once. */
static int unique_text(const accelsel_dataset *ds, size_t col)
{
    size_t n = accelsel_dataset_rows(ds);
    if (n == 0 || accelsel_dataset_column_type(ds, col) != ACCELSEL_COLUMN_CATEGORICAL)
        return 0;
    const char **v = malloc(n * sizeof *v);
    if (v == NULL)
        return 0;
    int ok = 1;
    for (size_t i = 0; ok && i < n; i++)
        ok = (v[i] = accelsel_dataset_string(ds, i, col)) != NULL && v[i][0] != '\0';
    if (ok) {
        qsort(v, n, sizeof *v, cmp_text);
        for (size_t i = 1; ok && i < n; i++)
            ok = strcmp(v[i - 1], v[i]) != 0;
    }
    free(v);
    return ok;
}

int rank_choose_name(rank_result *r, const rank_args *a)
{
    const accelsel_dataset *in = r->input;
    size_t col;
    r->name_column = NULL;
    if (a->name_column != NULL) {
        if (accelsel_dataset_column_index(in, a->name_column, &col) != 0) {
            fprintf(stderr, "accelsel: rank: --name-column: %s (ACCELSEL_ENOTFOUND)\n",
                    accelsel_last_error()->message);
            return CLI_FAIL;
        }
        if (accelsel_dataset_column_type(in, col) != ACCELSEL_COLUMN_CATEGORICAL) {
            fputs("accelsel: rank: --name-column: column '", stderr);
            cli_print_text(stderr, a->name_column);
            fputs("' holds numbers; name the rows by a text column\n", stderr);
            return CLI_FAIL;
        }
        r->name_column = a->name_column;
        return CLI_OK;
    }
    if (accelsel_dataset_column_index(in, "system_name", &col) == 0 &&
        accelsel_dataset_column_type(in, col) == ACCELSEL_COLUMN_CATEGORICAL) {
        r->name_column = "system_name";
        return CLI_OK;
    }
    for (size_t c = 0; c < accelsel_dataset_cols(in); c++)
        if (unique_text(in, c)) {
            r->name_column = accelsel_dataset_column_name(in, c);
            break;
        }
    return CLI_OK;
}

static const char *name_in(const rank_result *r, const accelsel_dataset *ds, size_t row)
{
    size_t col;
    if (r->name_column == NULL || accelsel_dataset_column_index(ds, r->name_column, &col) != 0)
        return NULL;
    return accelsel_dataset_string(ds, row, col);
}

const char *rank_row_name(const rank_result *r, size_t row)
{
    return name_in(r, r->ds, row);
}

/* The row policy's reason for input row @p i, as the selection applies its
 * filters (lib/select/rows.c): the first that drops it; NULL when none does. */
static const char *policy_reason(const accelsel_dataset *in, size_t i, int rows)
{
    static const char *const positive[2][3] = {
        {"time_to_train_min", "no time_to_train_min", "time_to_train_min not above 0"},
        {"total_accelerators", "no total_accelerators", "total_accelerators not above 0"}};
    size_t col;
    if (rows != ACCELSEL_SELECTION_ROWS_KEPT)
        return NULL;
    for (int k = 0; k < 2; k++)
        if (accelsel_dataset_column_index(in, positive[k][0], &col) == 0 &&
            accelsel_dataset_column_type(in, col) == ACCELSEL_COLUMN_NUMERIC) {
            double v = accelsel_dataset_number(in, i, col);
            if (isnan(v))
                return positive[k][1];
            if (!(v > 0))
                return positive[k][2];
        }
    if (accelsel_dataset_column_index(in, "division_norm", &col) == 0 &&
        accelsel_dataset_column_type(in, col) == ACCELSEL_COLUMN_CATEGORICAL) {
        const char *d = accelsel_dataset_string(in, i, col);
        if (d == NULL || strcmp(d, "closed") != 0)
            return "not the closed division";
    }
    if (accelsel_dataset_column_index(in, "same_runs_as", &col) == 0 &&
        accelsel_dataset_is_missing(in, i, col) == 0)
        return "the same logs as an earlier row (same_runs_as)";
    return NULL;
}

/* "no price_usd" or "no price_usd, power_kw": the criteria row @p row lacks. */
static void missing_criteria(const rank_result *r, size_t row, char *out, size_t cap)
{
    size_t len = (size_t)snprintf(out, cap, "not ranked: no value of");
    const char *sep = " ";
    for (size_t c = 0; c < r->n_crit && len < cap; c++)
        if (isnan(rank_row_number(r, row, r->crit[c].column))) {
            len += (size_t)snprintf(out + len, cap - len, "%s%s", sep, r->crit[c].column);
            sep = ", ";
        }
}

void rank_drops_free(rank_drops *d)
{
    free(d->item);
    d->item = NULL;
    d->n = 0;
}

static int push(rank_drops *d, uint64_t line, const char *name, const char *reason)
{
    rank_drop *grown = realloc(d->item, (d->n + 1) * sizeof *grown);
    if (grown == NULL)
        return rank_oom();
    d->item = grown;
    rank_drop *x = &d->item[d->n++];
    x->line = line;
    x->name = name;
    snprintf(x->reason, sizeof x->reason, "%s", reason);
    return CLI_OK;
}

/* The input rows missing from the kept rows (matched by their lines). */
static int dropped_inputs(const rank_result *r, const rank_args *a, rank_drops *d)
{
    const accelsel_dataset *in = r->input;
    uint64_t max = 0;
    for (size_t i = 0; i < accelsel_dataset_rows(in); i++)
        if (accelsel_dataset_row_line(in, i) > max)
            max = accelsel_dataset_row_line(in, i);
    unsigned char *kept = calloc((size_t)max + 1, 1);
    if (kept == NULL)
        return rank_oom();
    for (size_t i = 0; i < accelsel_dataset_rows(r->ds); i++) {
        uint64_t line = accelsel_dataset_row_line(r->ds, i);
        if (line <= max)
            kept[line] = 1;
    }
    int status = CLI_OK;
    for (size_t i = 0; status == CLI_OK && i < accelsel_dataset_rows(in); i++) {
        uint64_t line = accelsel_dataset_row_line(in, i);
        if (line == 0 || kept[line])
            continue; /* a predicted row (no line) is in the kept rows or not listed */
        const char *why = policy_reason(in, i, a->rows);
        status = push(d, line, name_in(r, in, i),
                      why != NULL ? why : a->n_where > 0 ? "--where" : "the row policy");
    }
    free(kept);
    return status;
}

int rank_dropped(const rank_result *r, const rank_args *a, rank_drops *d)
{
    d->item = NULL;
    d->n = 0;
    int status = dropped_inputs(r, a, d);
    for (size_t i = 0; status == CLI_OK && i < accelsel_dataset_rows(r->ds); i++) {
        if (accelsel_selection_row_rank(r->selection, i) > 0)
            continue;
        char why[sizeof d->item->reason];
        missing_criteria(r, i, why, sizeof why);
        status = push(d, accelsel_dataset_row_line(r->ds, i), rank_row_name(r, i), why);
    }
    if (status != CLI_OK)
        rank_drops_free(d);
    return status;
}

/* "Q-105 (line 6)", or "line 6", or "a predicted row". */
static void who(FILE *f, const rank_drop *x)
{
    if (x->name != NULL) {
        cli_print_text(f, x->name);
        if (x->line > 0)
            fprintf(f, " (line %llu)", (unsigned long long)x->line);
    } else if (x->line > 0) {
        fprintf(f, "line %llu", (unsigned long long)x->line);
    } else {
        fputs("a predicted row", f);
    }
}

void rank_print_dropped_table(FILE *f, const rank_result *r, const rank_drops *d)
{
    size_t ranked = accelsel_ranking_ranked_count(r->rows);
    fprintf(f, "\nRows not ranked: %zu of %zu (%zu ranked)\n", d->n, d->n + ranked, ranked);
    unsigned char *done = calloc(d->n ? d->n : 1, 1);
    for (size_t i = 0; done != NULL && i < d->n; i++) {
        if (done[i])
            continue;
        size_t count = 0;
        for (size_t j = i; j < d->n; j++)
            count += strcmp(d->item[j].reason, d->item[i].reason) == 0;
        fprintf(f, "   %s (%zu): ", d->item[i].reason, count);
        size_t k = 0;
        for (size_t j = i; j < d->n; j++)
            if (!done[j] && strcmp(d->item[j].reason, d->item[i].reason) == 0) {
                fputs(k++ ? "; " : "", f);
                who(f, &d->item[j]);
                done[j] = 1;
            }
        fputc('\n', f);
    }
    free(done);
}

void rank_print_dropped_json(FILE *f, const rank_drops *d)
{
    fputs("  \"dropped\": [", f);
    for (size_t i = 0; i < d->n; i++) {
        fputs(i ? ",\n    " : "\n    ", f);
        fputs("{\"line\": ", f);
        if (d->item[i].line > 0)
            fprintf(f, "%llu", (unsigned long long)d->item[i].line);
        else
            fputs("null", f);
        fputs(", \"name\": ", f);
        if (d->item[i].name != NULL)
            cli_json_string(f, d->item[i].name);
        else
            fputs("null", f);
        fputs(", \"reason\": ", f);
        cli_json_string(f, d->item[i].reason);
        fputc('}', f);
    }
    fputs("],\n", f);
}

void rank_print_dropped_stderr(const rank_result *r, const rank_drops *d)
{
    size_t ranked = accelsel_ranking_ranked_count(r->rows);
    if (d->n == 0)
        return;
    fprintf(stderr, "accelsel: rank: %zu of %zu rows not ranked:\n", d->n, d->n + ranked);
    for (size_t i = 0; i < d->n; i++) {
        fputs("accelsel: rank:   ", stderr);
        who(stderr, &d->item[i]);
        fprintf(stderr, ": %s\n", d->item[i].reason);
    }
}
