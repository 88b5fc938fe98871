/* The checks of each step row (include/accelsel/steps.h lists them): the
 * cells one by one in file order, then the checks between cells of the row. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/buf.h"
#include "core/error.h"
#include "core/isodate.h"
#include "accelsel/predict.h"
#include "perf/steps.h"

typedef struct row_values {
    double num[ST_REQUIRED]; /* the number columns */
    uint64_t side;           /* the network's input side */
    size_t device;           /* catalog index */
} row_values;

/* 2^53: the largest batch that is still exact in a double. */
#define MAX_WHOLE 9007199254740992.0

static int whole(const asel_steps_load *l, size_t row, int role, double v)
{
    if (!(v >= 1 && v <= MAX_WHOLE && v == floor(v)))
        return asel_steps_raise(l, ACCELSEL_ERANGE, row, l->col[role],
                                "%g is not a whole number from 1 to 2^53", v);
    if (role == ST_STEPS_TIMED && v < l->min_timed)
        return asel_steps_raise(l, ACCELSEL_ERANGE, row, l->col[role],
                                "%g timed steps, fewer than the %u required", v, l->min_timed);
    return 0;
}

static int seconds(const asel_steps_load *l, size_t row, int role, double v)
{
    if (!(v > 0) || !isfinite(v))
        return asel_steps_raise(l, ACCELSEL_ERANGE, row, l->col[role],
                                "a step time must be finite and above 0 seconds, not %g", v);
    return 0;
}

static int precision(const asel_steps_load *l, size_t row, const char *s)
{
    char known[128] = "";
    for (int p = 0; p < ACCELSEL_PRECISION_COUNT; p++) {
        if (strcmp(s, accelsel_precision_name(p)) == 0)
            return 0;
        snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", p ? ", " : "",
                 accelsel_precision_name(p));
    }
    return asel_steps_raise(l, ACCELSEL_ENOTFOUND, row, l->col[ST_PRECISION],
                            "unknown precision '%.*s%s' (known: %s)", ASEL_QUOTE_MAX, s,
                            asel_ellipsis(s), known);
}

static int text_cell(const asel_steps_load *l, size_t row, int role)
{
    const char *s = asel_steps_text(l, row, role);
    if (s == NULL)
        return accelsel_last_error()->code;
    if (role == ST_PRECISION)
        return precision(l, row, s);
    if (role == ST_FRAMEWORK && asel_steps_stack(s) < 0)
        return asel_steps_raise(l, ACCELSEL_EPARSE, row, l->col[role],
                                "'%.*s%s' does not end in the stack it ran under ('-tuned' or "
                                "'-eager', as in 'pytorch-eager')",
                                ASEL_QUOTE_MAX, s, asel_ellipsis(s));
    if (role == ST_MEASURED_AT && !asel_iso_date(s, ASEL_ISO_DAY | ASEL_ISO_TIME))
        return asel_steps_raise(l, ACCELSEL_EPARSE, row, l->col[role],
                                "'%.*s%s' is not an ISO 8601 date (YYYY-MM-DD, then "
                                "optionally T and a time)",
                                ASEL_QUOTE_MAX, s, asel_ellipsis(s));
    return 0;
}

static int cell(asel_steps_load *l, size_t row, int role, row_values *v)
{
    int rc;
    switch (role) {
    case ST_NETWORK:
        return asel_steps_network(l, row, &v->side);
    case ST_DEVICE:
        return asel_steps_device(l, row, &v->device);
    case ST_THREADS: case ST_BATCH: case ST_IMAGE_SIZE: case ST_STEPS_TIMED:
        if ((rc = asel_steps_number(l, row, role, &v->num[role])) != 0)
            return rc;
        return whole(l, row, role, v->num[role]);
    case ST_STEP_MIN: case ST_STEP_MEDIAN:
        if ((rc = asel_steps_number(l, row, role, &v->num[role])) != 0)
            return rc;
        return seconds(l, row, role, v->num[role]);
    default:
        return text_cell(l, row, role);
    }
}

/* The checks that need two cells of the row. */
static int between(const asel_steps_load *l, size_t row, const row_values *v)
{
    const accelsel_device_info *d = accelsel_catalog_device(l->cat, v->device);
    if (d->kind == ACCELSEL_DEVICE_CPU && d->cores > 0 && v->num[ST_THREADS] > d->cores)
        return asel_steps_raise(l, ACCELSEL_ERANGE, row, l->col[ST_THREADS],
                                "%g threads, more than the %d cores of device '%s'",
                                v->num[ST_THREADS], (int)d->cores, d->name);
    if (v->num[ST_IMAGE_SIZE] != (double)v->side)
        return asel_steps_raise(l, ACCELSEL_EDATA, row, l->col[ST_IMAGE_SIZE],
                                "%g, but network '%s' takes input of side %llu",
                                v->num[ST_IMAGE_SIZE],
                                accelsel_dataset_string(l->ds, row, l->col[ST_NETWORK]),
                                (unsigned long long)v->side);
    if (v->num[ST_STEP_MIN] > v->num[ST_STEP_MEDIAN])
        return asel_steps_raise(l, ACCELSEL_EDATA, row, l->col[ST_STEP_MIN],
                                "the minimum %g s is above the median %g s",
                                v->num[ST_STEP_MIN], v->num[ST_STEP_MEDIAN]);
    return 0;
}

int asel_steps_check_rows(asel_steps_load *l)
{
    for (size_t row = 0; row < accelsel_dataset_rows(l->ds); row++) {
        row_values v;
        int rc;
        for (int k = 0; k < ST_REQUIRED; k++)
            if ((rc = cell(l, row, l->order[k], &v)) != 0)
                return rc;
        if ((rc = between(l, row, &v)) != 0)
            return rc;
    }
    return 0;
}

int asel_steps_stack(const char *framework)
{
    const char *dash = strrchr(framework, '-');
    for (int32_t k = 0; dash != NULL && k < ACCELSEL_STACK_COUNT; k++)
        if (strcmp(dash + 1, accelsel_stack_name(k)) == 0)
            return k;
    return -1;
}
