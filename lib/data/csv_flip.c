/* A column read as numeric until a field that is not a number: it becomes
 * categorical, and the text of its earlier rows is read again from the input.
 * This keeps the main pass free of per-field bookkeeping; each column pays
 * for the re-read at most once. */
#include "core/alloc.h"
#include "core/error.h"
#include "data/cell.h"
#include "data/csv_load.h"

int asel_csv_put_text(asel_column *c, size_t row, const asel_csv_field *f)
{
    if (!f->quoted && asel_missing_token(f->text, f->len)) {
        c->codes[row] = -1;
        return 0;
    }
    return asel_levels_intern(&c->levels, f->text, f->len, &c->codes[row]);
}

/* Field @p col of the record at the tokenizer's position (already checked). */
static int nth_field(asel_csv_tok *t, size_t col, asel_csv_field *f)
{
    for (size_t i = 0;; i++) {
        int rc = asel_csv_next(t, f);
        if (rc < 0)
            return rc;
        if (i == col)
            return 0;
    }
}

static int reread(asel_csv_load *L, size_t col, asel_column *c)
{
    asel_csv_tok t;
    asel_csv_init(&t, L->data, L->len, L->delim, 0, L->source);
    int rc = 0;
    asel_csv_field f;
    for (size_t row = 0; row < L->ds->n_rows && rc == 0; row++) {
        asel_csv_seek(&t, L->row_off[row]);
        rc = nth_field(&t, col, &f);
        if (rc == 0)
            rc = asel_csv_put_text(c, row, &f);
    }
    asel_csv_release(&t);
    return rc;
}

int asel_csv_to_categorical(asel_csv_load *L, size_t col)
{
    asel_column *c = &L->ds->cols[col];
    c->codes = asel_reallocarray(NULL, L->cap_rows, sizeof *c->codes);
    if (c->codes == NULL)
        return asel_enomem();
    c->type = ACCELSEL_COLUMN_CATEGORICAL;
    asel_free(c->num);
    c->num = NULL;
    L->overflow[col].seen = 0;
    return reread(L, col, c);
}
