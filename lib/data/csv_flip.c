/* A column read as numeric until a field that is not a number becomes
 * categorical: its later rows are stored as text at once, and the text of
 * its earlier rows is read again from the input. The re-reading is deferred
 * and done once per part for all the columns that turned (asel_csv_part_
 * finish_text()): re-reading the part for each column that turns made a
 * file whose last row is text in every column cost columns x size. */
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "data/csv_load.h"

static int record(asel_csv_part *part, int rc)
{
    part->rc = rc;
    part->err_offset = SIZE_MAX;
    snprintf(part->err, sizeof part->err, "%s",
             rc == ACCELSEL_ENOMEM ? "out of memory" : "more than 2147483647 distinct values in a column");
    return rc;
}

int asel_csv_part_to_categorical(asel_csv_part *part, size_t col)
{
    asel_column *c = &part->cols[col];
    if (part->pending == NULL &&
        (part->pending = asel_calloc(part->in->n_cols, sizeof *part->pending)) == NULL)
        return record(part, ACCELSEL_ENOMEM);
    int32_t *codes = asel_reallocarray(NULL, part->cap_rows ? part->cap_rows : 1, sizeof *codes);
    if (codes == NULL)
        return record(part, ACCELSEL_ENOMEM);
    asel_free(c->num);
    c->num = NULL;
    c->codes = codes;
    c->type = ACCELSEL_COLUMN_CATEGORICAL;
    part->overflow[col].seen = 0;
    part->pending[col] = part->n_rows;
    if (part->n_rows > part->max_pending)
        part->max_pending = part->n_rows;
    return 0;
}

/* One pass over the first part->max_pending rows: the text of each pending
 * column's earlier rows into @p fresh[col] (all rows were read once already
 * without error). */
static int reread(asel_csv_part *part, asel_levels *fresh)
{
    const asel_csv_input *in = part->in;
    asel_csv_tok t;
    asel_csv_init(&t, in->data, in->len, in->delim, 0);
    asel_csv_range(&t, part->begin, part->end);
    int rc = 0;
    for (size_t row = 0; row < part->max_pending && rc == 0; row++) {
        asel_csv_field f;
        for (size_t i = 0; rc == 0; i++) {
            /* Only the scratch for quoted text can fail on a second reading. */
            if (asel_csv_next(&t, &f) < 0) {
                rc = ACCELSEL_ENOMEM;
                break;
            }
            if (row < part->pending[i]) {
                asel_column *c = &part->cols[i];
                if (asel_csv_is_missing(in, f.text, f.len))
                    c->codes[row] = -1;
                else
                    rc = asel_levels_intern(&fresh[i], f.text, f.len, &c->codes[row]);
            }
            if (f.last)
                break;
        }
    }
    asel_csv_release(&t);
    return rc;
}

/* Levels in order of first appearance: the earlier rows' (in @p fresh) come
 * first, then those of the rows read as text, whose codes are renumbered. */
static int renumber(asel_csv_part *part, size_t col, asel_levels *fresh)
{
    asel_column *c = &part->cols[col];
    int32_t *map = NULL;
    int rc = asel_alloc_array(&map, c->levels.n ? c->levels.n : 1, sizeof *map);
    for (size_t k = 0; rc == 0 && k < c->levels.n; k++) {
        const char *s = asel_levels_get(&c->levels, k);
        rc = asel_levels_intern(fresh, s, strlen(s), &map[k]);
    }
    if (rc == 0) {
        for (size_t row = part->pending[col]; row < part->n_rows; row++)
            if (c->codes[row] >= 0)
                c->codes[row] = map[c->codes[row]];
        asel_levels_free(&c->levels);
        c->levels = *fresh;
        *fresh = (asel_levels)ASEL_LEVELS_INIT;
    }
    asel_free(map);
    return rc;
}

int asel_csv_part_finish_text(asel_csv_part *part)
{
    if (part->max_pending == 0)
        return 0;
    size_t n_cols = part->in->n_cols;
    asel_levels *fresh = asel_calloc(n_cols, sizeof *fresh);
    int rc = fresh == NULL ? ACCELSEL_ENOMEM : reread(part, fresh);
    for (size_t j = 0; j < n_cols && rc == 0; j++)
        if (part->pending[j] > 0)
            rc = renumber(part, j, &fresh[j]);
    for (size_t j = 0; fresh != NULL && j < n_cols; j++)
        asel_levels_free(&fresh[j]);
    asel_free(fresh);
    memset(part->pending, 0, n_cols * sizeof *part->pending);
    part->max_pending = 0;
    return rc != 0 ? record(part, rc) : 0;
}
