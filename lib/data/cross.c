/* Speed across benchmarks: each system's fastest row per benchmark, a
 * reference system per round, and the cells to write (rules in derive.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/suggest.h"
#include "data/cross.h"
#include "data/derive_int.h"

static const char fn[] = "accelsel_dataset_cross_benchmark";

ACCELSEL_API int accelsel_cross_options_init(accelsel_cross_options *opts, unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_cross_options_init", "opts");
    if (version != ACCELSEL_CROSS_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "accelsel_cross_options_init: unknown version %u",
                          version);
    *opts = (accelsel_cross_options)ACCELSEL_CROSS_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_cross_options_size(void)
{
    return sizeof(accelsel_cross_options);
}

static int resolve_columns(asel_cross *cx)
{
    static const char *const names[CX_N_COLS] = {
        "round", "benchmark", "system_name", "time_to_train_min", "total_accelerators",
        "submitter", "accelerator_family"};
    const accelsel_dataset *in = cx->in;
    for (int i = 0; i < CX_N_COLS; i++) {
        cx->col[i] = asel_ds_lookup(in, names[i]);
        if (cx->col[i] == SIZE_MAX) {
            if (i >= CX_SUBMITTER) /* optional */
                continue;
            return asel_ds_find(in, fn, names[i], &cx->col[i]);
        }
        int numeric = i == CX_TIME || i == CX_ACC, type = in->cols[cx->col[i]].type;
        if (numeric && type != ACCELSEL_COLUMN_NUMERIC)
            return asel_ds_not_numeric(in, cx->col[i], fn, "a number is needed");
        if (!numeric && type != ACCELSEL_COLUMN_CATEGORICAL)
            return asel_error(ACCELSEL_ETYPE, "%s: column '%s' is numeric; text is needed", fn,
                              names[i]);
    }
    return 0;
}

/* ACCELSEL_ENOTFOUND unless some row's system_name is @p name. */
static int check_reference(const asel_cross *cx, const char *name)
{
    size_t col = cx->col[CX_NAME], best = SIZE_MAX, best_rank = SIZE_MAX;
    for (size_t l = 0; l < accelsel_dataset_levels(cx->in, col); l++) {
        const char *level = accelsel_dataset_level(cx->in, col, l);
        if (strcmp(level, name) == 0)
            return 0;
        size_t r = asel_suggest_rank(name, level, 1);
        if (r < best_rank) {
            best_rank = r;
            best = l;
        }
    }
    if (best == SIZE_MAX)
        return asel_error_field(ACCELSEL_ENOTFOUND, "reference",
                                "no system '%s': no row names a system", name);
    return asel_error_field(ACCELSEL_ENOTFOUND, "reference", "no system '%s' (closest: '%s')",
                            name, accelsel_dataset_level(cx->in, col, best));
}

static int by_round_system_benchmark_time(const void *a, const void *b)
{
    const asel_cross_cell *x = a, *y = b;
    if (x->round != y->round)
        return x->round < y->round ? -1 : 1;
    if (x->sys != y->sys)
        return x->sys < y->sys ? -1 : 1;
    if (x->bench != y->bench)
        return x->bench < y->bench ? -1 : 1;
    if (x->time != y->time)
        return x->time < y->time ? -1 : 1;
    return x->row < y->row ? -1 : x->row > y->row;
}

/* The usable rows as cells, then only each system's fastest per benchmark. */
static void gather(asel_cross *cx, const size_t *round, const size_t *sys, const size_t *bench)
{
    const accelsel_dataset *in = cx->in;
    const double *t = in->cols[cx->col[CX_TIME]].num, *a = in->cols[cx->col[CX_ACC]].num;
    size_t m = 0;
    for (size_t i = 0; i < in->n_rows; i++) {
        if (in->cols[cx->col[CX_ROUND]].codes[i] < 0 || in->cols[cx->col[CX_BENCH]].codes[i] < 0 ||
            in->cols[cx->col[CX_NAME]].codes[i] < 0)
            continue;
        if (!(isfinite(t[i]) && t[i] > 0 && isfinite(a[i]) && a[i] > 0))
            continue;
        cx->cells[m++] = (asel_cross_cell){round[i], sys[i], bench[i], i, t[i], a[i]};
    }
    qsort(cx->cells, m, sizeof *cx->cells, by_round_system_benchmark_time);
    size_t k = 0;
    for (size_t i = 0; i < m; i++)
        if (k == 0 || cx->cells[k - 1].sys != cx->cells[i].sys ||
            cx->cells[k - 1].bench != cx->cells[i].bench)
            cx->cells[k++] = cx->cells[i];
    cx->n_cells = k;
}

/* Whether system cells [i, i + n) make a better default reference than the
 * round's best so far (more benchmarks, then fewer accelerators). */
static int better(const asel_cross *cx, size_t i, size_t n, size_t *best_n, double *best_acc)
{
    double acc = INFINITY;
    for (size_t k = i; k < i + n; k++)
        acc = fmin(acc, cx->cells[k].acc);
    if (n < *best_n || (n == *best_n && acc >= *best_acc))
        return 0;
    *best_n = n;
    *best_acc = acc;
    return 1;
}

/* The reference of each round: the named system, or the default's choice. */
static int choose_references(asel_cross *cx, size_t n_rounds, const char *name)
{
    size_t *best_n = asel_calloc(n_rounds ? n_rounds : 1, sizeof *best_n);
    double *best_acc = asel_calloc(n_rounds ? n_rounds : 1, sizeof *best_acc);
    if (best_n == NULL || best_acc == NULL) {
        asel_free(best_n);
        asel_free(best_acc);
        return asel_enomem();
    }
    for (size_t r = 0; r < n_rounds; r++)
        cx->ref[r] = SIZE_MAX;
    for (size_t i = 0, n; i < cx->n_cells; i += n) {
        const asel_cross_cell *c = &cx->cells[i];
        n = cx->n_bench[c->sys];
        int take = name != NULL
                       ? cx->ref[c->round] == SIZE_MAX &&
                             strcmp(accelsel_dataset_string(cx->in, c->row, cx->col[CX_NAME]),
                                    name) == 0
                       : better(cx, i, n, &best_n[c->round], &best_acc[c->round]);
        if (take) {
            cx->ref[c->round] = c->sys;
            cx->ref_start[c->round] = i;
        }
    }
    asel_free(best_n);
    asel_free(best_acc);
    return 0;
}

const asel_cross_cell *asel_cross_ref_cell(const asel_cross *cx, const asel_cross_cell *c)
{
    size_t ref = cx->ref[c->round];
    if (ref == SIZE_MAX)
        return NULL;
    size_t lo = cx->ref_start[c->round], hi = lo + cx->n_bench[ref];
    while (lo < hi) { /* the reference's cells are in benchmark order */
        size_t mid = lo + (hi - lo) / 2;
        if (cx->cells[mid].bench < c->bench)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < cx->ref_start[c->round] + cx->n_bench[ref] && cx->cells[lo].bench == c->bench
               ? &cx->cells[lo]
               : NULL;
}

/* Ids of the rounds, the systems and the benchmarks, each in order of first appearance. */
static int group(const asel_cross *cx, size_t *ids, size_t *n_rounds, size_t *n_sys)
{
    size_t n = cx->in->n_rows, n_bench;
    size_t sys_cols[4] = {cx->col[CX_ROUND], cx->col[CX_NAME], cx->col[CX_ACC],
                          cx->col[CX_SUBMITTER]};
    int rc = asel_group_rows(cx->in, &cx->col[CX_ROUND], 1, ids, n_rounds);
    if (rc == 0)
        rc = asel_group_rows(cx->in, sys_cols, cx->col[CX_SUBMITTER] == SIZE_MAX ? 3 : 4,
                             ids + n, n_sys);
    if (rc == 0)
        rc = asel_group_rows(cx->in, &cx->col[CX_BENCH], 1, ids + 2 * n, &n_bench);
    return rc;
}

static int compare(asel_cross *cx, const accelsel_cross_options *o, size_t *ids)
{
    size_t n = cx->in->n_rows, n_rounds, n_sys;
    int rc = group(cx, ids, &n_rounds, &n_sys);
    if (rc != 0)
        return rc;
    gather(cx, ids, ids + n, ids + 2 * n);
    cx->n_bench = asel_calloc(n_sys ? n_sys : 1, sizeof *cx->n_bench);
    cx->ref = asel_calloc(n_rounds ? n_rounds : 1, sizeof *cx->ref);
    cx->ref_start = asel_calloc(n_rounds ? n_rounds : 1, sizeof *cx->ref_start);
    cx->kept = asel_calloc(cx->n_cells ? cx->n_cells : 1, sizeof *cx->kept);
    if (cx->n_bench == NULL || cx->ref == NULL || cx->ref_start == NULL || cx->kept == NULL)
        return asel_enomem();
    for (size_t i = 0; i < cx->n_cells; i++)
        cx->n_bench[cx->cells[i].sys]++;
    rc = choose_references(cx, n_rounds, o->reference);
    size_t least = o->min_benchmarks > 1 ? o->min_benchmarks : 1;
    for (size_t i = 0; rc == 0 && i < cx->n_cells; i++) {
        const asel_cross_cell *c = &cx->cells[i];
        size_t ref = cx->ref[c->round];
        if (ref != SIZE_MAX && (cx->n_bench[c->sys] >= least || c->sys == ref))
            cx->kept[cx->n_kept++] = i;
    }
    return rc;
}

ACCELSEL_API int accelsel_dataset_cross_benchmark(accelsel_dataset **out,
                                                  const accelsel_dataset *in,
                                                  const accelsel_cross_options *opts)
{
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (in == NULL)
        return asel_einval(fn, "in");
    accelsel_cross_options o = ACCELSEL_CROSS_OPTIONS_INIT;
    if (opts != NULL && opts->version != ACCELSEL_CROSS_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version",
                                "%s: unknown accelsel_cross_options version %u", fn,
                                opts->version);
    if (opts != NULL)
        o = *opts;
    asel_cross cx = {.in = in};
    int rc = resolve_columns(&cx);
    if (rc == 0 && o.reference != NULL)
        rc = check_reference(&cx, o.reference);
    size_t n = in->n_rows ? in->n_rows : 1, *ids = NULL;
    if (rc == 0)
        rc = asel_alloc_array(&ids, 3 * n, sizeof *ids);
    if (rc == 0)
        rc = asel_alloc_array(&cx.cells, n, sizeof *cx.cells);
    if (rc == 0)
        rc = compare(&cx, &o, ids);
    if (rc == 0)
        rc = asel_cross_write(out, &cx);
    asel_free(ids);
    asel_free(cx.cells);
    asel_free(cx.n_bench);
    asel_free(cx.ref);
    asel_free(cx.ref_start);
    asel_free(cx.kept);
    return rc;
}
