/* The cloud-price loaders (include/accelsel/recommend.h): the CSV reader with
 * the text columns kept as text, then the columns and every row checked,
 * then the catalog device of each accelerator added as column `device`. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/csv_tok.h"
#include "core/error.h"
#include "core/file.h"
#include "core/isodate.h"
#include "core/strhash.h"
#include "data/csv_cell.h"
#include "data/csv_load.h"
#include "recommend/recommend_impl.h"

extern const unsigned char asel_cloud_prices_builtin_csv[];
extern const size_t asel_cloud_prices_builtin_csv_len;

enum { CP_PROVIDER, CP_INSTANCE, CP_ACCEL, CP_PER, CP_RATE, CP_REGION, CP_DATE, CP_SOURCE, CP_N };

static const char *const required[CP_N] = {
    "provider", "instance", "accelerator", "accelerators_per_instance",
    "usd_per_accelerator_hour", "region", "date", "source"};
static const char *const text_cols[] = {"provider", "instance", "accelerator", "region", "date",
                                        "source"};

typedef struct cloud_load {
    asel_csv_text t;
    const accelsel_catalog *cat;
    accelsel_dataset *ds;
    size_t col[CP_N];
    const char **device; /* per row: the catalog name */
} cloud_load;

/* The required columns' indices in the table read. */
static int find_columns(cloud_load *l)
{
    for (int k = 0; k < CP_N; k++) {
        size_t c;
        if (accelsel_dataset_column_index(l->ds, required[k], &c) != 0)
            return asel_error_at(ACCELSEL_EPARSE, l->t.source, 1, 1, "no column '%s'",
                                 required[k]); /* check_header() saw it: not reached */
        l->col[k] = c;
    }
    return 0;
}

/* The header alone, before the reader is told which columns hold text (it
 * refuses a text column the header lacks): a missing required column is
 * the first thing wrong. A header the tokenizer refuses is left to the
 * reader, which says where. */
static int check_header(const cloud_load *l)
{
    asel_csv_tok t;
    asel_csv_field f;
    int seen[CP_N] = {0}, rc;
    asel_csv_init(&t, l->t.data, l->t.len, ',', 0);
    while ((rc = asel_csv_next(&t, &f)) == 1) {
        for (int k = 0; k < CP_N; k++)
            seen[k] |= f.len == strlen(required[k]) && memcmp(f.text, required[k], f.len) == 0;
        if (f.last)
            break;
    }
    asel_csv_release(&t);
    if (rc == ACCELSEL_ENOMEM)
        return asel_enomem();
    for (int k = 0; rc == 1 && k < CP_N; k++)
        if (!seen[k])
            return asel_error_at(ACCELSEL_EPARSE, l->t.source, 1, 1,
                                 "missing required column '%s' (a cloud-price table has "
                                 "provider, instance, accelerator, accelerators_per_instance, "
                                 "usd_per_accelerator_hour, region, date and source)",
                                 required[k]);
    return 0;
}

static const char *text(const cloud_load *l, size_t row, int k)
{
    return accelsel_dataset_string(l->ds, row, l->col[k]);
}

/* The number in column @p k of @p row: 0 with *v, or the error at the cell. */
static int number(const cloud_load *l, size_t row, int k, double *v)
{
    size_t c = l->col[k];
    if (accelsel_dataset_column_type(l->ds, c) == ACCELSEL_COLUMN_NUMERIC) {
        *v = accelsel_dataset_number(l->ds, row, c);
        return 0;
    }
    const char *s = accelsel_dataset_string(l->ds, row, c);
    if (asel_parse_double(s, strlen(s), v) != 0)
        return asel_csv_cell_error(&l->t, l->ds, ACCELSEL_EPARSE, row, c,
                                   "'%.*s%s' is not a number", ASEL_QUOTE_MAX, s, asel_ellipsis(s));
    return 0;
}

static int check_numbers(const cloud_load *l, size_t row)
{
    double per, rate;
    int rc = number(l, row, CP_PER, &per);
    if (rc == 0 && (per < 1 || per > 2147483648.0 || per != floor(per)))
        rc = asel_csv_cell_error(&l->t, l->ds, ACCELSEL_ERANGE, row, l->col[CP_PER],
                                 "%g is not a whole number of accelerators from 1 to 2^31", per);
    if (rc == 0)
        rc = number(l, row, CP_RATE, &rate);
    if (rc == 0 && !(rate > 0 && isfinite(rate)))
        rc = asel_csv_cell_error(&l->t, l->ds, ACCELSEL_ERANGE, row, l->col[CP_RATE],
                                 "%g is not a price above 0", rate);
    return rc;
}

/* Every value present, in file order; the date; the accelerator found. */
static int check_row(cloud_load *l, size_t row)
{
    size_t order[CP_N];
    for (int k = 0; k < CP_N; k++)
        order[k] = l->col[k];
    for (int i = 1; i < CP_N; i++)
        for (int j = i; j > 0 && order[j - 1] > order[j]; j--) {
            size_t s = order[j];
            order[j] = order[j - 1], order[j - 1] = s;
        }
    for (int k = 0; k < CP_N; k++)
        if (accelsel_dataset_is_missing(l->ds, row, order[k]) == 1)
            return asel_csv_cell_error(&l->t, l->ds, ACCELSEL_EPARSE, row, order[k],
                                       "missing value");
    int rc = check_numbers(l, row);
    const char *d = text(l, row, CP_DATE);
    if (rc == 0 && !asel_iso_date(d, ASEL_ISO_YEAR | ASEL_ISO_MONTH | ASEL_ISO_DAY))
        rc = asel_csv_cell_error(&l->t, l->ds, ACCELSEL_EPARSE, row, l->col[CP_DATE],
                                 "'%.*s%s' is not an ISO 8601 date (YYYY, YYYY-MM or YYYY-MM-DD)",
                                 ASEL_QUOTE_MAX, d, asel_ellipsis(d));
    size_t dev;
    const char *a = text(l, row, CP_ACCEL);
    if (rc == 0 && accelsel_catalog_find_device(l->cat, a, &dev) != 0) {
        char why[ASEL_MSG_MAX];
        snprintf(why, sizeof why, "%s", accelsel_last_error()->message);
        rc = asel_csv_cell_error(&l->t, l->ds, ACCELSEL_ENOTFOUND, row, l->col[CP_ACCEL], "%s",
                                 why);
    }
    if (rc == 0)
        l->device[row] = accelsel_catalog_device(l->cat, dev)->name;
    return rc;
}

static int same_instance(const cloud_load *l, size_t a, size_t b)
{
    static const int k[] = {CP_PROVIDER, CP_INSTANCE, CP_REGION};
    for (int i = 0; i < 3; i++)
        if (strcmp(text(l, a, k[i]), text(l, b, k[i])) != 0)
            return 0;
    return 1;
}

static int repeated(const cloud_load *l, size_t r, size_t earlier)
{
    const char *inst = text(l, r, CP_INSTANCE), *prov = text(l, r, CP_PROVIDER),
               *reg = text(l, r, CP_REGION);
    return asel_csv_cell_error(&l->t, l->ds, ACCELSEL_EDATA, r, l->col[CP_INSTANCE],
                               "instance '%.*s%s' of provider '%.*s%s' in region '%.*s%s' is "
                               "already on line %llu",
                               ASEL_QUOTE_MAX, inst, asel_ellipsis(inst), ASEL_QUOTE_MAX, prov,
                               asel_ellipsis(prov), ASEL_QUOTE_MAX, reg, asel_ellipsis(reg),
                               (unsigned long long)accelsel_dataset_row_line(l->ds, earlier));
}

/* No two rows of one provider, instance and region: the rows in an open
 * hash table by those three, in file order, so the later one is blamed. */
static int check_repeats(const cloud_load *l)
{
    size_t n = accelsel_dataset_rows(l->ds), cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    size_t *slot = NULL;
    if (asel_alloc_array(&slot, cap, sizeof *slot) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < cap; i++)
        slot[i] = SIZE_MAX;
    uint64_t seed = asel_str_hash_seed(slot);
    int rc = 0;
    for (size_t r = 0; rc == 0 && r < n; r++) {
        uint64_t h = asel_str_hash(seed, text(l, r, CP_PROVIDER), 0);
        h = asel_str_hash(h, text(l, r, CP_INSTANCE), 0);
        h = asel_str_hash(h, text(l, r, CP_REGION), 0);
        size_t at = (size_t)h & (cap - 1);
        while (slot[at] != SIZE_MAX && !same_instance(l, slot[at], r))
            at = (at + 1) & (cap - 1);
        if (slot[at] != SIZE_MAX)
            rc = repeated(l, r, slot[at]);
        slot[at] = r;
    }
    asel_free(slot);
    return rc;
}

static int load_rows(cloud_load *l)
{
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    o.categorical = text_cols;
    o.n_categorical = sizeof text_cols / sizeof *text_cols;
    o.n_threads = 1; /* price tables are small */
    int rc = check_header(l);
    if (rc == 0)
        rc = asel_csv_parse(&l->ds, l->t.data, l->t.len, &o, l->t.source, ASEL_CSV_MIN_PART);
    if (rc == 0)
        rc = find_columns(l);
    size_t n = rc == 0 ? accelsel_dataset_rows(l->ds) : 0;
    if (rc == 0 && n == 0)
        return asel_error(ACCELSEL_EEMPTY, "%s: no price rows after the header", l->t.source);
    if (rc == 0)
        rc = asel_alloc_array(&l->device, n, sizeof *l->device);
    for (size_t r = 0; rc == 0 && r < n; r++)
        rc = check_row(l, r);
    if (rc == 0)
        rc = check_repeats(l);
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(l->ds, "device", l->device, n);
    return rc;
}

static int parse(accelsel_dataset **out, const accelsel_catalog *cat, const char *data, size_t len,
                 const char *source)
{
    cloud_load l;
    memset(&l, 0, sizeof l);
    l.t = (asel_csv_text){data, len, 0, source};
    accelsel_catalog *own = NULL;
    int rc = cat == NULL ? accelsel_catalog_load_builtin(&own) : 0;
    l.cat = cat != NULL ? cat : own;
    if (rc == 0)
        rc = load_rows(&l);
    asel_free(l.device);
    accelsel_catalog_free(own);
    if (rc != 0) {
        accelsel_dataset_free(l.ds);
        return rc;
    }
    *out = l.ds;
    return 0;
}

ACCELSEL_API int accelsel_cloud_prices_load_file(accelsel_dataset **out,
                                                 const accelsel_catalog *cat, const char *path)
{
    static const char fn[] = "accelsel_cloud_prices_load_file";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (path == NULL)
        return asel_einval(fn, "path");
    char *data;
    size_t len;
    int rc = asel_read_file(path, &data, &len);
    if (rc != 0)
        return rc;
    rc = parse(out, cat, data, len, path);
    asel_free(data);
    return rc;
}

ACCELSEL_API int accelsel_cloud_prices_load_buffer(accelsel_dataset **out,
                                                   const accelsel_catalog *cat, const char *data,
                                                   size_t len)
{
    static const char fn[] = "accelsel_cloud_prices_load_buffer";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (data == NULL && len > 0)
        return asel_einval(fn, "data");
    return parse(out, cat, data != NULL ? data : "", len, "<buffer>");
}

ACCELSEL_API int accelsel_cloud_prices_load_builtin(accelsel_dataset **out,
                                                    const accelsel_catalog *cat)
{
    if (out == NULL)
        return asel_einval("accelsel_cloud_prices_load_builtin", "out");
    *out = NULL;
    return parse(out, cat, (const char *)asel_cloud_prices_builtin_csv,
                 asel_cloud_prices_builtin_csv_len, "cloud-prices-builtin");
}
