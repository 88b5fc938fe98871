/* Predicting every row of a dataset in the built-in format: the rows come
 * back with the prediction columns appended, in input order. */
#include <math.h>
#include <stdio.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/calib.h"
#include "perf/rows.h"
#include "perf/software.h"

ACCELSEL_API int accelsel_predict_dataset_options_init(accelsel_predict_dataset_options *opts,
                                                       unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_predict_dataset_options_init", "opts");
    if (version != ACCELSEL_PREDICT_DATASET_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown predict dataset options version %u", version);
    *opts = (accelsel_predict_dataset_options)ACCELSEL_PREDICT_DATASET_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_predict_dataset_options_size(void)
{
    return sizeof(accelsel_predict_dataset_options);
}

typedef struct outcols {
    double *time, *epochs, *thr, *ape;
    const char **note;
} outcols;

/* The note of a predicted row whose round lies further after the
 * parameters' software than the trend is followed, after the row's own
 * note (@p before, may be NULL). NULL on ACCELSEL_ENOMEM. */
static char *held_note(const asel_perf_params *par, int round, const char *before)
{
    char text[512];
    snprintf(text, sizeof text,
             "%s%sround v%d.%d is %g years after the parameters' software (%g): the software "
             "trend is held at %g years after it", before ? before : "", before ? "; " : "",
             round / 100, round % 100, asel_perf_round_year(round) - par->software_year,
             par->software_year, ASEL_PERF_TREND_AHEAD_MAX);
    return asel_strdup(text);
}

/* Row @p i into the output columns. A note that the row needs and the
 * rows do not hold goes to *owned. 0 or ACCELSEL_ENOMEM. */
static int predict_row(const accelsel_predictor *p, const asel_perf_rows *rows, size_t i,
                       int no_corr, outcols *o, char **owned)
{
    asel_perf_row *r = &rows->row[i];
    o->time[i] = o->epochs[i] = o->thr[i] = o->ape[i] = NAN;
    o->note[i] = r->note;
    if (!r->ok)
        return 0;
    accelsel_prediction res = { .version = ACCELSEL_PREDICTION_VERSION };
    double corr = 1.0;
    int rc = no_corr ? 0 : asel_perf_corr_get(&p->corr, r->cfg.dev_index, r->cfg.count,
                                               r->cfg.dev->name, &corr);
    if (rc == 0)
        rc = asel_perf_row_run(&p->par, corr, r, rows, &res);
    if (rc < 0) {
        o->note[i] = *owned = asel_strdup(accelsel_last_error()->message);
        return *owned ? 0 : ACCELSEL_ENOMEM;
    }
    if (asel_perf_software_held(&p->par, r->round)) {
        if ((o->note[i] = *owned = held_note(&p->par, r->round, r->note)) == NULL)
            return ACCELSEL_ENOMEM;
    }
    o->time[i] = res.time_to_train_s / 60.0;
    o->epochs[i] = res.epochs;
    o->thr[i] = res.throughput_samples_s;
    if (isfinite(r->measured_min) && r->measured_min > 0)
        o->ape[i] = asel_perf_ape(o->time[i], r->measured_min);
    return 0;
}

static int add_columns(accelsel_dataset *out, const outcols *o, size_t n, int with_ape)
{
    int rc;
    if ((rc = accelsel_dataset_add_numeric(out, "predicted_time_to_train_min", o->time, n)) < 0 ||
        (rc = accelsel_dataset_add_numeric(out, "predicted_epochs", o->epochs, n)) < 0 ||
        (rc = accelsel_dataset_add_numeric(out, "predicted_throughput_img_s", o->thr, n)) < 0 ||
        (rc = accelsel_dataset_add_categorical(out, "prediction_note", o->note, n)) < 0)
        return rc;
    return with_ape ? accelsel_dataset_add_numeric(out, "abs_pct_error", o->ape, n) : 0;
}

static int build(accelsel_dataset **out, const accelsel_predictor *p, const accelsel_dataset *ds,
                 const asel_perf_rows *rows, int no_corr)
{
    size_t n = rows->n, m = n ? n : 1;
    outcols o = { asel_calloc(m, sizeof(double)), asel_calloc(m, sizeof(double)),
                  asel_calloc(m, sizeof(double)), asel_calloc(m, sizeof(double)),
                  asel_calloc(m, sizeof(char *)) };
    char **owned = asel_calloc(m, sizeof(char *));
    int rc = o.time && o.epochs && o.thr && o.ape && o.note && owned ? 0 : asel_enomem();
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = predict_row(p, rows, i, no_corr, &o, &owned[i]);
    size_t *all = rc == 0 ? asel_calloc(m, sizeof(size_t)) : NULL;
    if (rc == 0 && all == NULL)
        rc = asel_enomem();
    for (size_t i = 0; rc == 0 && i < n; i++)
        all[i] = i;
    if (rc == 0)
        rc = accelsel_dataset_select_rows(out, ds, all, n);
    if (rc == 0)
        rc = add_columns(*out, &o, n, asel_perf_column(ds, "time_to_train_min") != SIZE_MAX);
    for (size_t i = 0; owned && i < n; i++)
        asel_free(owned[i]);
    asel_free(owned);
    asel_free(all);
    asel_free(o.time), asel_free(o.epochs), asel_free(o.thr), asel_free(o.ape), asel_free(o.note);
    if (rc < 0) {
        accelsel_dataset_free(*out);
        *out = NULL;
    }
    return rc;
}

ACCELSEL_API int accelsel_predictor_predict_dataset(accelsel_dataset **out,
                                                    const accelsel_predictor *p,
                                                    const accelsel_dataset *ds,
                                                    const accelsel_predict_dataset_options *opts)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || p == NULL || ds == NULL)
        return asel_einval("accelsel_predictor_predict_dataset",
                           out == NULL ? "out" : p == NULL ? "p" : "ds");
    if (opts != NULL && opts->version != ACCELSEL_PREDICT_DATASET_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown predict dataset options version %u",
                          opts->version);
    asel_perf_rows rows;
    int rc = asel_perf_rows_read(&rows, p, ds, 0);
    if (rc < 0)
        return rc;
    rc = build(out, p, ds, &rows, opts ? opts->no_correction != 0 : 0);
    asel_perf_rows_free(&rows);
    return rc;
}
