/* Writing a dataset as CSV that the reader turns back into the same dataset:
 * shortest round-trip numbers, and quotes wherever the reader would otherwise
 * see something else (a delimiter, quote or line break; edge spaces that
 * other tools trim; text that would read as missing or as a number). */
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/file.h"
#include "data/cell.h"
#include "data/table.h"

/* Quotes needed whatever the column holds. */
static int needs_quotes_always(const char *s, size_t len)
{
    if (len == 0 || s[0] == ' ' || s[0] == '\t' || s[len - 1] == ' ' || s[len - 1] == '\t')
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

/* Whether each level of categorical column @p c is written quoted. A quoted
 * field always reads back as text, and one such field (or one plain word)
 * keeps the whole column categorical; only when every level would read as a
 * number must those be quoted too. Missing-value words are always quoted. */
static int plan_quotes(const asel_column *c, unsigned char *quote)
{
    enum { PLAIN, QUOTED, QUOTED_IF_ALL_NUMERIC };
    int text_seen = 0;
    for (size_t i = 0; i < c->levels.n; i++) {
        const char *s = asel_levels_get(&c->levels, i);
        size_t len = strlen(s);
        int numeric = asel_looks_numeric(s, len);
        if (numeric < 0)
            return numeric;
        if (needs_quotes_always(s, len) || asel_missing_token(s, len))
            quote[i] = QUOTED;
        else
            quote[i] = numeric ? QUOTED_IF_ALL_NUMERIC : PLAIN;
        text_seen |= quote[i] != QUOTED_IF_ALL_NUMERIC;
    }
    for (size_t i = 0; i < c->levels.n; i++)
        if (quote[i] == QUOTED_IF_ALL_NUMERIC)
            quote[i] = !text_seen;
    return 0;
}

static void put_cell(asel_buf *b, const asel_column *c, const unsigned char *quote, size_t row)
{
    if (c->type == ACCELSEL_COLUMN_NUMERIC) {
        if (c->num[row] == c->num[row])
            asel_buf_double(b, c->num[row]);
    } else if (c->codes[row] >= 0) {
        put_text(b, asel_levels_get(&c->levels, (size_t)c->codes[row]), quote[c->codes[row]]);
    }
}

static int plan_all(const accelsel_dataset *ds, unsigned char **quotes)
{
    for (size_t j = 0; j < ds->n_cols; j++) {
        const asel_column *c = &ds->cols[j];
        if (c->type != ACCELSEL_COLUMN_CATEGORICAL)
            continue;
        if ((quotes[j] = asel_malloc(c->levels.n)) == NULL)
            return asel_enomem();
        int rc = plan_quotes(c, quotes[j]);
        if (rc != 0)
            return rc;
    }
    return 0;
}

static void write_all(const accelsel_dataset *ds, unsigned char *const *quotes, asel_buf *b)
{
    for (size_t j = 0; j < ds->n_cols; j++) {
        const char *name = ds->cols[j].name;
        put_text(b, name, needs_quotes_always(name, strlen(name)));
        asel_buf_append(b, j + 1 < ds->n_cols ? "," : "\n", 1);
    }
    for (size_t i = 0; i < ds->n_rows && ds->n_cols > 0 && !b->failed; i++)
        for (size_t j = 0; j < ds->n_cols; j++) {
            put_cell(b, &ds->cols[j], quotes[j], i);
            asel_buf_append(b, j + 1 < ds->n_cols ? "," : "\n", 1);
        }
}

static int to_text(const accelsel_dataset *ds, char **out, size_t *len)
{
    unsigned char **quotes = asel_calloc(ds->n_cols ? ds->n_cols : 1, sizeof *quotes);
    if (quotes == NULL)
        return asel_enomem();
    asel_buf b = ASEL_BUF_INIT;
    int rc = plan_all(ds, quotes);
    if (rc == 0) {
        write_all(ds, quotes, &b);
        rc = asel_buf_finish(&b, out, len);
    }
    for (size_t j = 0; j < ds->n_cols; j++)
        asel_free(quotes[j]);
    asel_free(quotes);
    return rc;
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
