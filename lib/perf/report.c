/* Error summaries per set and accelerator family, and their table. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/calib.h"
#include "perf/report.h"

typedef struct entry {
    int set;
    const char *family; /* NULL = overall; borrowed from the table's levels */
    accelsel_error_summary s;
} entry;

struct accelsel_calibration_report {
    accelsel_dataset *table;
    size_t n;
    entry *e;
};

static const char *const set_names[2] = { "fit", "holdout" };

/* APEs of the rows of @p set (and @p family unless NULL) into @p buf. */
static size_t collect(const asel_perf_rows *rows, const signed char *set, const double *ape,
                      int s, const char *family, double *buf)
{
    size_t m = 0;
    for (size_t i = 0; i < rows->n; i++)
        if (set[i] == s && !isnan(ape[i]) && (family == NULL || strcmp(rows->row[i].family, family) == 0))
            buf[m++] = ape[i];
    return m;
}

/* Groups in order: per set, "overall" then families by first appearance. */
static size_t plan(const asel_perf_rows *rows, const signed char *set, const double *ape,
                   entry *e)
{
    size_t n = 0;
    for (int s = 0; s < 2; s++) {
        e[n++] = (entry){ s, NULL, { ACCELSEL_ERROR_SUMMARY_VERSION, 0, NAN, NAN } };
        for (size_t i = 0; i < rows->n; i++) {
            if (set[i] != s || isnan(ape[i])) /* NaN: not predicted; inf: infinitely off */
                continue;
            int seen = 0;
            for (size_t j = 0; j < n && !seen; j++)
                seen = e[j].set == s && e[j].family && strcmp(e[j].family, rows->row[i].family) == 0;
            if (!seen)
                e[n++] = (entry){ s, rows->row[i].family, { ACCELSEL_ERROR_SUMMARY_VERSION, 0, NAN, NAN } };
        }
    }
    return n;
}

static int make_table(accelsel_calibration_report *r)
{
    size_t n = r->n;
    const char **setv = asel_calloc(n, sizeof *setv), **fam = asel_calloc(n, sizeof *fam);
    double *rows = asel_calloc(n, sizeof *rows), *med = asel_calloc(n, sizeof *med),
           *p90 = asel_calloc(n, sizeof *p90);
    int rc = setv && fam && rows && med && p90 ? accelsel_dataset_new(&r->table, n) : asel_enomem();
    for (size_t i = 0; rc == 0 && i < n; i++) {
        setv[i] = set_names[r->e[i].set];
        fam[i] = r->e[i].family ? r->e[i].family : "overall";
        rows[i] = (double)r->e[i].s.rows;
        med[i] = r->e[i].s.median_ape;
        p90[i] = r->e[i].s.p90_ape;
    }
    if (rc == 0 && (rc = accelsel_dataset_add_categorical(r->table, "set", setv, n)) == 0 &&
        (rc = accelsel_dataset_add_categorical(r->table, "family", fam, n)) == 0 &&
        (rc = accelsel_dataset_add_numeric(r->table, "rows", rows, n)) == 0 &&
        (rc = accelsel_dataset_add_numeric(r->table, "median_ape", med, n)) == 0)
        rc = accelsel_dataset_add_numeric(r->table, "p90_ape", p90, n);
    /* Family names must outlive the rows: point them at the table's levels. */
    for (size_t i = 0; rc == 0 && i < n; i++)
        if (r->e[i].family)
            r->e[i].family = accelsel_dataset_string(r->table, i, 1);
    asel_free(setv), asel_free(fam), asel_free(rows), asel_free(med), asel_free(p90);
    return rc;
}

int asel_perf_report_build(accelsel_calibration_report **out, const double *minutes,
                           const asel_perf_rows *rows, const signed char *set)
{
    size_t m = rows->n ? rows->n : 1;
    accelsel_calibration_report *r = asel_calloc(1, sizeof *r);
    double *ape = asel_calloc(m, sizeof *ape), *buf = asel_calloc(m, sizeof *buf);
    entry *e = asel_calloc(2 * m + 2, sizeof *e);
    int rc = r && ape && buf && e ? 0 : asel_enomem();
    for (size_t i = 0; rc == 0 && i < rows->n; i++)
        ape[i] = asel_perf_ape(set[i] < 0 ? NAN : minutes[i], rows->row[i].measured_min);
    if (rc == 0) {
        r->e = e;
        r->n = plan(rows, set, ape, e);
        e = NULL;
        for (size_t g = 0; g < r->n; g++) {
            size_t k = collect(rows, set, ape, r->e[g].set, r->e[g].family, buf);
            r->e[g].s.rows = k;
            asel_perf_quantiles(buf, k, &r->e[g].s.median_ape, &r->e[g].s.p90_ape);
        }
        rc = make_table(r);
    }
    asel_free(ape), asel_free(buf), asel_free(e);
    if (rc < 0) {
        accelsel_calibration_report_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

ACCELSEL_API int accelsel_calibration_report_summary(const accelsel_calibration_report *r,
                                                     int set, const char *family,
                                                     accelsel_error_summary *out)
{
    if (r == NULL || out == NULL)
        return asel_einval("accelsel_calibration_report_summary", r == NULL ? "r" : "out");
    if (out->version != ACCELSEL_ERROR_SUMMARY_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version",
                                "unknown error summary version %u", out->version);
    if (set != ACCELSEL_CALIBRATION_FIT && set != ACCELSEL_CALIBRATION_HOLDOUT)
        return asel_error_field(ACCELSEL_EINVAL, "set", "set %d is neither ACCELSEL_CALIBRATION_FIT "
                                "nor ACCELSEL_CALIBRATION_HOLDOUT", set);
    for (size_t i = 0; i < r->n; i++) {
        const entry *e = &r->e[i];
        if (e->set == set && ((family == NULL && e->family == NULL) ||
                              (family && e->family && strcmp(family, e->family) == 0))) {
            unsigned int version = out->version;
            *out = e->s;
            out->version = version;
            return 0;
        }
    }
    return asel_error(ACCELSEL_ENOTFOUND, "no rows of family '%.*s%s' in the %s set",
                      ASEL_QUOTE_MAX, family, asel_ellipsis(family), set_names[set]);
}

ACCELSEL_API size_t accelsel_error_summary_size(void)
{
    return sizeof(accelsel_error_summary);
}

ACCELSEL_API const accelsel_dataset *accelsel_calibration_report_table(
    const accelsel_calibration_report *r)
{
    return r ? r->table : NULL;
}

ACCELSEL_API void accelsel_calibration_report_free(accelsel_calibration_report *r)
{
    if (r == NULL)
        return;
    accelsel_dataset_free(r->table);
    asel_free(r->e);
    asel_free(r);
}
