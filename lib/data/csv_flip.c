/* A column read as numeric until a field that is not a number: it becomes
 * categorical, and the text of its earlier rows in the part is read again
 * from the input. This keeps the main pass free of per-field bookkeeping;
 * each column pays for the re-read at most once per part. */
#include <stdio.h>

#include "core/alloc.h"
#include "data/csv_load.h"

/* Store field @p col of each of the part's rows read so far (all read once
 * already without error) in @p c. */
static int reread(asel_csv_part *part, size_t col, asel_column *c)
{
    const asel_csv_input *in = part->in;
    asel_csv_tok t;
    asel_csv_init(&t, in->data, in->len, in->delim, 0);
    asel_csv_range(&t, part->begin, part->end);
    int rc = 0;
    for (size_t row = 0; row < part->n_rows && rc == 0; row++) {
        asel_csv_field f;
        for (size_t i = 0;; i++) {
            /* Only the scratch for quoted text can fail on a second reading. */
            if (asel_csv_next(&t, &f) < 0) {
                rc = ACCELSEL_ENOMEM;
                break;
            }
            if (i == col && (rc = asel_csv_put_text(part->in, c, row, &f)) != 0)
                break;
            if (f.last)
                break;
        }
    }
    asel_csv_release(&t);
    return rc;
}

int asel_csv_part_to_categorical(asel_csv_part *part, size_t col)
{
    asel_column *c = &part->cols[col];
    int32_t *codes = asel_reallocarray(NULL, part->cap_rows, sizeof *codes);
    int rc = codes != NULL ? 0 : ACCELSEL_ENOMEM;
    if (rc == 0) {
        asel_free(c->num);
        c->num = NULL;
        c->codes = codes;
        c->type = ACCELSEL_COLUMN_CATEGORICAL;
        part->overflow[col].seen = 0;
        rc = reread(part, col, c);
    }
    if (rc != 0) {
        part->rc = rc;
        part->err_offset = SIZE_MAX;
        snprintf(part->err, sizeof part->err, "%s",
                 rc == ACCELSEL_ENOMEM ? "out of memory" : "more than 2147483647 distinct values in a column");
    }
    return rc;
}
