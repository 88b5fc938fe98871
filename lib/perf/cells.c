#include "perf/cells.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/buf.h"
#include "core/error.h"

int asel_perf_read_cell(const accelsel_dataset *ds, size_t r, size_t c, asel_perf_cell *out)
{
    *out = (asel_perf_cell){ 0, NAN, NULL };
    if (c == SIZE_MAX)
        return 0;
    if (accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC) {
        out->v = accelsel_dataset_number(ds, r, c);
        out->present = !isnan(out->v);
        return 0;
    }
    const char *s = accelsel_dataset_string(ds, r, c);
    size_t b = 0, e = s ? strlen(s) : 0;
    asel_trim_blanks(s, &b, &e);
    if (b == e)
        return 0;
    *out = (asel_perf_cell){ 1, NAN, s };
    int rc = asel_parse_double(s + b, e - b, &out->v);
    if (rc == ACCELSEL_ENOMEM)
        return asel_enomem();
    if (rc != 0)
        out->v = NAN;
    return 0;
}

int asel_perf_cell_whole(const asel_perf_cell *x, double max)
{
    return isfinite(x->v) && x->v >= 1 && x->v <= max && x->v == floor(x->v);
}

const char *asel_perf_check_cell(const asel_perf_cell *x, const char *name, double max, char *buf,
                                 size_t n)
{
    if (!x->present || asel_perf_cell_whole(x, max))
        return NULL;
    if (isnan(x->v))
        snprintf(buf, n, "%s '%.*s%s' is not a number", name, ASEL_QUOTE_MAX, x->text,
                 asel_ellipsis(x->text));
    else if (isinf(max))
        snprintf(buf, n, "%s %g is not a positive whole number", name, x->v);
    else
        snprintf(buf, n, "%s %g is not a whole number from 1 to %.0f", name, x->v, max);
    return buf;
}

uint32_t asel_perf_count_cell(const asel_perf_cell *x, const char *name, char *buf, size_t n,
                              const char **why)
{
    const char *bad = asel_perf_check_cell(x, name, UINT32_MAX, buf, n);
    if (bad != NULL)
        *why = bad;
    return x->present && bad == NULL ? (uint32_t)x->v : 0;
}
