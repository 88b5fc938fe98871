/* Joining parsed parts into the dataset, in input order. A column is
 * categorical if any part found text in it; the parts that read it as numbers
 * then read their rows again for the text. Levels keep their order of first
 * appearance in the whole input because parts are merged in order. */
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/pool.h"
#include "data/csv_load.h"

/* Each part reads its rows again at most once, for all its columns at once. */
static int unify_types(const asel_csv_input *in, asel_csv_part *parts, size_t n)
{
    for (size_t j = 0; j < in->n_cols; j++) {
        int categorical = 0;
        for (size_t p = 0; p < n; p++)
            categorical |= parts[p].cols[j].type == ACCELSEL_COLUMN_CATEGORICAL;
        for (size_t p = 0; p < n && categorical; p++)
            if (parts[p].cols[j].type == ACCELSEL_COLUMN_NUMERIC &&
                asel_csv_part_to_categorical(&parts[p], j) != 0)
                return asel_csv_raise(in, parts[p].rc, SIZE_MAX, parts[p].err);
    }
    for (size_t p = 0; p < n; p++)
        if (asel_csv_part_finish_text(&parts[p]) != 0)
            return asel_csv_raise(in, parts[p].rc, SIZE_MAX, parts[p].err);
    return 0;
}

/* An overflowing number in a column that ended numeric: the first in the input. */
static int check_overflow(const asel_csv_input *in, const accelsel_dataset *ds,
                          const asel_csv_part *parts, size_t n)
{
    size_t best = SIZE_MAX, best_col = 0;
    for (size_t p = 0; p < n; p++)
        for (size_t j = 0; j < in->n_cols; j++) {
            const asel_csv_overflow *o = &parts[p].overflow[j];
            if (o->seen && parts[p].cols[j].type == ACCELSEL_COLUMN_NUMERIC && o->offset < best) {
                best = o->offset;
                best_col = j;
            }
        }
    if (best == SIZE_MAX)
        return 0;
    char msg[300];
    snprintf(msg, sizeof msg, "number too large for a double in numeric column '%.200s'",
             ds->cols[best_col].name);
    return asel_csv_raise(in, ACCELSEL_ERANGE, best, msg);
}

static int concat_numeric(asel_column *dst, asel_csv_part *parts, size_t n, size_t j, size_t rows)
{
    if ((dst->num = asel_reallocarray(NULL, rows, sizeof *dst->num)) == NULL)
        return ACCELSEL_ENOMEM;
    size_t at = 0;
    for (size_t p = 0; p < n; p++) {
        if (parts[p].n_rows != 0)
            memcpy(dst->num + at, parts[p].cols[j].num, parts[p].n_rows * sizeof *dst->num);
        at += parts[p].n_rows;
    }
    return 0;
}

/* Append part column @p src's codes at @p at, renumbered into @p dst's levels. */
static int append_codes(asel_column *dst, const asel_column *src, size_t n_rows, size_t at)
{
    int32_t *map = asel_reallocarray(NULL, src->levels.n, sizeof *map);
    if (map == NULL)
        return ACCELSEL_ENOMEM;
    int rc = 0;
    for (size_t l = 0; l < src->levels.n && rc == 0; l++) {
        const char *s = asel_levels_get(&src->levels, l);
        rc = asel_levels_intern(&dst->levels, s, strlen(s), &map[l]);
    }
    for (size_t i = 0; i < n_rows && rc == 0; i++)
        dst->codes[at + i] = src->codes[i] < 0 ? -1 : map[src->codes[i]];
    asel_free(map);
    return rc;
}

static int concat_categorical(asel_column *dst, asel_csv_part *parts, size_t n, size_t j,
                              size_t rows)
{
    if ((dst->codes = asel_reallocarray(NULL, rows, sizeof *dst->codes)) == NULL)
        return ACCELSEL_ENOMEM;
    size_t at = 0;
    int rc = 0;
    for (size_t p = 0; p < n && rc == 0; p++) {
        rc = append_codes(dst, &parts[p].cols[j], parts[p].n_rows, at);
        at += parts[p].n_rows;
    }
    return rc;
}

/* One part: its arrays become the dataset's (an empty part still gets arrays). */
static int take_whole(asel_column *dst, asel_column *src)
{
    if (src->num == NULL && src->codes == NULL) {
        void *empty = asel_malloc(0);
        if (empty == NULL)
            return ACCELSEL_ENOMEM;
        if (src->type == ACCELSEL_COLUMN_NUMERIC)
            src->num = empty;
        else
            src->codes = empty;
    }
    dst->num = src->num;
    dst->codes = src->codes;
    dst->levels = src->levels;
    src->num = NULL;
    src->codes = NULL;
    src->levels = (asel_levels)ASEL_LEVELS_INIT;
    return 0;
}

typedef struct merge_job {
    accelsel_dataset *ds;
    asel_csv_part *parts;
    size_t n, rows;
} merge_job;

/* Columns are independent, so each is one task. Like the parts, tasks
 * record no error: the status says what failed. */
static int merge_column(void *ctx, size_t j, size_t worker)
{
    (void)worker;
    merge_job *m = ctx;
    asel_column *dst = &m->ds->cols[j];
    dst->type = m->parts[0].cols[j].type;
    if (m->n == 1)
        return take_whole(dst, &m->parts[0].cols[j]);
    if (dst->type == ACCELSEL_COLUMN_NUMERIC)
        return concat_numeric(dst, m->parts, m->n, j, m->rows);
    return concat_categorical(dst, m->parts, m->n, j, m->rows);
}

/* The line of each row in the input (as asel_csv_position() counts them),
 * from the rows' byte offsets: one pass over the input. */
static int row_lines(const asel_csv_input *in, accelsel_dataset *ds, const asel_csv_part *parts,
                     size_t n)
{
    ds->lines = asel_reallocarray(NULL, ds->n_rows ? ds->n_rows : 1, sizeof *ds->lines);
    ds->source = asel_strdup(in->source);
    if (ds->lines == NULL || ds->source == NULL)
        return asel_enomem();
    const char *d = in->data;
    size_t i = in->len >= 3 && memcmp(d, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0, row = 0;
    uint64_t line = 1;
    for (size_t p = 0; p < n; p++)
        for (size_t r = 0; r < parts[p].n_rows; r++, row++) {
            for (; i < parts[p].starts[r]; i++)
                line += d[i] == '\n' || (d[i] == '\r' && (i + 1 >= in->len || d[i + 1] != '\n'));
            ds->lines[row] = line;
        }
    return 0;
}

int asel_csv_merge(const asel_csv_input *in, accelsel_dataset *ds, asel_csv_part *parts, size_t n,
                   size_t workers)
{
    int rc = unify_types(in, parts, n);
    if (rc == 0)
        rc = check_overflow(in, ds, parts, n);
    if (rc != 0)
        return rc;
    merge_job m = {ds, parts, n, 0};
    for (size_t p = 0; p < n; p++)
        m.rows += parts[p].n_rows;
    ds->n_rows = m.rows;
    if ((rc = row_lines(in, ds, parts, n)) != 0)
        return rc;
    /* One part is only handed over: no threads for that. */
    size_t threads = n == 1 ? 1 : workers < in->n_cols ? workers : in->n_cols;
    rc = asel_pool_run(threads ? threads : 1, in->n_cols, merge_column, &m);
    if (rc == ACCELSEL_ERANGE)
        return asel_csv_raise(in, rc, SIZE_MAX, "more than 2147483647 distinct values in a column");
    return rc != 0 ? asel_enomem() : 0;
}
