/* Writing the parameters as YAML (format: docs/predictor.md, "Parameter
 * file"). Every double goes through asel_buf_double, the shortest text that
 * reads back to the same bits, so a reload is identical. */
#include <math.h>
#include <stddef.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/file.h"
#include "core/yaml_doc.h"
#include "perf/params_fields.h"
#include "perf/params_scope.h"
#include "perf/predictor_impl.h"

static void put_field(asel_buf *b, const char *indent, const char *key, const void *base,
                      size_t offset)
{
    asel_buf_printf(b, "%s%s: ", indent, key);
    asel_buf_double(b, *(const double *)((const char *)base + offset));
    asel_buf_puts(b, "\n");
}

/* Corrections at @p key: one factor per corrected device; then at
 * @p count_key one flow map of count: factor per device, in the stored
 * (device, count) order. */
static void put_corrections(asel_buf *b, const accelsel_predictor *p, const asel_perf_corr *c,
                            const char *key, const char *count_key)
{
    asel_buf_printf(b, "%s:", key);
    int any = 0;
    for (size_t i = 0; i < c->n_dev; i++) {
        if (c->dev[i] == 1.0)
            continue;
        asel_buf_puts(b, "\n  ");
        asel_yaml_write_scalar(b, accelsel_catalog_device(p->cat, i)->name);
        asel_buf_puts(b, ": ");
        asel_buf_double(b, c->dev[i]);
        any = 1;
    }
    asel_buf_puts(b, any ? "\n" : " {}\n");
    asel_buf_printf(b, c->n_cnt ? "%s:" : "%s: {}\n", count_key);
    for (size_t k = 0; k < c->n_cnt; k++) {
        int first = k == 0 || c->cnt[k - 1].dev != c->cnt[k].dev;
        int last = k + 1 == c->n_cnt || c->cnt[k + 1].dev != c->cnt[k].dev;
        if (first) {
            asel_buf_puts(b, "\n  ");
            asel_yaml_write_scalar(b, accelsel_catalog_device(p->cat, c->cnt[k].dev)->name);
            asel_buf_puts(b, ": {");
        }
        asel_buf_printf(b, "%.0f: ", c->cnt[k].count);
        asel_buf_double(b, c->cnt[k].factor);
        asel_buf_puts(b, last ? "}" : ", ");
    }
    if (c->n_cnt)
        asel_buf_puts(b, "\n");
}

static void put_params(asel_buf *b, const accelsel_predictor *p)
{
    asel_buf_printf(b, "format: accelsel-predictor-params\nversion: %d\nkinds:\n",
                    ASEL_PERF_PARAMS_FILE_VERSION);
    for (int k = 0; k < ASEL_PERF_KINDS; k++) {
        asel_buf_printf(b, "  %s:\n", asel_perf_kind_keys[k]);
        for (const asel_perf_field *f = asel_perf_kind_fields; f->key; f++)
            put_field(b, "    ", f->key, &p->par.kind[k], f->offset);
    }
    for (const asel_perf_field *f = asel_perf_global_fields; f->key; f++)
        put_field(b, "", f->key, &p->par, f->offset);
    put_corrections(b, p, &p->corr, "corrections", "count_corrections");
    put_corrections(b, p, &p->plan_corr, "plan_corrections", "plan_count_corrections");
    asel_perf_write_scope(b, p);
}

ACCELSEL_API int accelsel_predictor_save_params_buffer(const accelsel_predictor *p, char **out,
                                                       size_t *len)
{
    if (out != NULL)
        *out = NULL;
    if (p == NULL || out == NULL)
        return asel_einval("accelsel_predictor_save_params_buffer", p == NULL ? "p" : "out");
    asel_buf b = ASEL_BUF_INIT;
    put_params(&b, p);
    return asel_buf_finish(&b, out, len);
}

ACCELSEL_API int accelsel_predictor_save_params_file(const accelsel_predictor *p,
                                                     const char *path)
{
    if (p == NULL || path == NULL)
        return asel_einval("accelsel_predictor_save_params_file", p == NULL ? "p" : "path");
    char *text;
    size_t len;
    int rc = accelsel_predictor_save_params_buffer(p, &text, &len);
    if (rc == 0)
        rc = asel_write_file(path, text, len);
    asel_free(text);
    return rc;
}
