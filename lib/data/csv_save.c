/* Writing a dataset as CSV that the reader turns back into the same dataset:
 * shortest round-trip numbers, and quotes wherever the reader would otherwise
 * see something else (a delimiter, quote or line break; edge spaces that
 * other tools trim). Quotes do not change a value's type when read back. */
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/file.h"
#include "data/cell.h"
#include "data/table.h"

/* Quotes needed whatever the column holds. A leading U+FEFF is quoted too:
 * unquoted at the start of the file, the reader would drop it as the
 * byte-order mark. */
static int needs_quotes_always(const char *s, size_t len)
{
    if (len == 0 || s[0] == ' ' || s[0] == '\t' || s[len - 1] == ' ' || s[len - 1] == '\t')
        return 1;
    if (len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
        return 1;
    return strpbrk(s, ",\"\r\n") != NULL;
}

static void put_text(asel_buf *b, const char *s, int quote)
{
    if (!quote) {
        asel_buf_puts(b, s);
        return;
    }
    asel_buf_append(b, "\"", 1);
    for (const char *q = strchr(s, '"'); q != NULL; q = strchr(s, '"')) {
        asel_buf_append(b, s, (size_t)(q - s) + 1); /* through the quote, then its double */
        asel_buf_append(b, "\"", 1);
        s = q + 1;
    }
    asel_buf_puts(b, s);
    asel_buf_append(b, "\"", 1);
}

/* A missing cell is an empty field, quoted when it is the only column: the
 * reader takes a blank line there for a missing value, but pandas skips
 * blank lines and Python's csv module reads them as rows of no field. */
static void put_cell(asel_buf *b, const asel_column *c, size_t row, int alone)
{
    if (c->type == ACCELSEL_COLUMN_NUMERIC && c->num[row] == c->num[row]) {
        asel_buf_double(b, c->num[row]);
    } else if (c->type != ACCELSEL_COLUMN_NUMERIC && c->codes[row] >= 0) {
        const char *text = asel_levels_get(&c->levels, (size_t)c->codes[row]);
        put_text(b, text, needs_quotes_always(text, strlen(text)));
    } else if (alone) {
        asel_buf_append(b, "\"\"", 2);
    }
}

static void write_all(const accelsel_dataset *ds, asel_buf *b)
{
    for (size_t j = 0; j < ds->n_cols; j++) {
        const char *name = ds->cols[j].name;
        put_text(b, name, needs_quotes_always(name, strlen(name)));
        asel_buf_append(b, j + 1 < ds->n_cols ? "," : "\n", 1);
    }
    for (size_t i = 0; i < ds->n_rows && ds->n_cols > 0 && !b->failed; i++)
        for (size_t j = 0; j < ds->n_cols; j++) {
            put_cell(b, &ds->cols[j], i, ds->n_cols == 1);
            asel_buf_append(b, j + 1 < ds->n_cols ? "," : "\n", 1);
        }
}

static int to_text(const accelsel_dataset *ds, char **out, size_t *len)
{
    asel_buf b = ASEL_BUF_INIT;
    write_all(ds, &b);
    return asel_buf_finish(&b, out, len);
}

ACCELSEL_API int accelsel_dataset_save_csv_buffer(const accelsel_dataset *ds, char **out,
                                                  size_t *len)
{
    static const char fn[] = "accelsel_dataset_save_csv_buffer";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (ds == NULL)
        return asel_einval(fn, "ds");
    return to_text(ds, out, len);
}

ACCELSEL_API int accelsel_dataset_save_csv(const accelsel_dataset *ds, const char *path)
{
    static const char fn[] = "accelsel_dataset_save_csv";
    if (ds == NULL)
        return asel_einval(fn, "ds");
    if (path == NULL)
        return asel_einval(fn, "path");
    char *text;
    size_t len;
    int rc = to_text(ds, &text, &len);
    if (rc != 0)
        return rc;
    rc = asel_write_file(path, text, len);
    asel_free(text);
    return rc;
}
