/* Calibration recovers parameters from data the model itself generated:
 * rows of known devices at many counts and batches, timed by a predictor
 * whose parameters are set by hand; a fresh predictor fitted on them must
 * find those parameters again, also with an outlier among the rows (the
 * Huber loss), and the per-device corrections must follow their closed form.
 * The held-out evaluation gives the same table whatever the thread count. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "perf/calib.h"
#include "perf/params.h"
#include "perf/predictor_impl.h"
#include "perf/software.h"
#include "testutil.h"

static accelsel_catalog *cat;
static accelsel_network *net;

static void setup(void)
{
    ck_assert_int_eq(accelsel_catalog_load_builtin(&cat), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "resnet50", NULL), 0);
}

static void teardown(void)
{
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}

/* The hidden truth: GPU globals away from the defaults, a known epochs relation. */
static void set_truth(accelsel_predictor *p)
{
    asel_perf_kind_params *g = &p->par.kind[ASEL_PERF_KIND_GPU];
    g->compute_eff = 0.45;
    g->memory_eff = 0.8;
    g->overhead_s = 12e-6;
    g->comm_eff = 0.35;
    g->fusion = 0.7;
    g->overlap = 0; /* every all-reduce shows, so that the rows can see comm_eff */
    p->par.epochs_e0 = 34;
    p->par.epochs_b0 = 2048;
    p->par.epochs_alpha = 0.25;
}

typedef struct synth {
    size_t n;
    const char *dev[256], *round[256];
    double count[256], nodes[256], batch[256], time[256], epochs[256];
} synth;

/* A predictor to fit: the defaults, with the truth's (unfitted) overlap. */
static accelsel_predictor *fresh(void)
{
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    p->par.kind[ASEL_PERF_KIND_GPU].overlap = 0;
    return p;
}

/* Rows over devices x counts x per-device batches, timed by @p truth. */
static void make_rows(const accelsel_predictor *truth, synth *s, size_t n_dev, size_t n_counts,
                      size_t n_batches)
{
    static const char *devs[] = { "a100-sxm4-80gb", "v100-sxm2-32gb", "h100-sxm5-80gb", "a30" };
    static const double counts[] = { 1, 8, 64, 512, 2, 16, 256 };
    static const double per_dev[] = { 32, 256, 64, 128 };
    static const char *rounds[] = { "v1.0", "v2.0", "v3.0" };
    s->n = 0;
    for (size_t d = 0; d < n_dev; d++)
        for (size_t c = 0; c < n_counts; c++)
            for (size_t b = 0; b < n_batches; b++) {
                accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
                q.network = net;
                q.device = devs[d];
                q.count = (uint32_t)counts[c];
                q.global_batch = counts[c] * per_dev[b];
                accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
                ck_assert_int_eq(accelsel_predictor_predict(truth, &q, &r), 0);
                size_t i = s->n++;
                s->dev[i] = devs[d];
                s->round[i] = rounds[(i + i / 6) % 3]; /* large batches in every round */
                s->count[i] = counts[c];
                s->nodes[i] = r.nodes;
                s->batch[i] = q.global_batch;
                s->time[i] = r.time_to_train_s / 60;
                s->epochs[i] = r.epochs;
            }
}

/* The truth, and the usual rows it times: four devices x seven counts x
 * four per-device batches. */
static accelsel_predictor *truth_rows(synth *s)
{
    accelsel_predictor *truth;
    ck_assert_int_eq(accelsel_predictor_new(&truth, cat, TEST_PHYSICAL), 0);
    set_truth(truth);
    make_rows(truth, s, 4, 7, 4);
    return truth;
}

/* The rows as a table in the built-in format, row i's division @p div[i]
 * ("closed" for all when NULL), without time_to_train_min unless @p timed. */
static accelsel_dataset *table_of(const synth *s, const char *const *div, int timed)
{
    accelsel_dataset *ds;
    const char *closed[256];
    for (size_t i = 0; i < s->n; i++)
        closed[i] = div ? div[i] : "closed";
    ck_assert_int_eq(accelsel_dataset_new(&ds, s->n), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "accelerator_model_name", s->dev, s->n), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "accelerator_family", s->dev, s->n), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "total_accelerators", s->count, s->n), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "number_of_nodes", s->nodes, s->n), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "global_batch_size", s->batch, s->n), 0);
    if (timed)
        ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "time_to_train_min", s->time, s->n), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "epochs_mean", s->epochs, s->n), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "round", s->round, s->n), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "division", closed, s->n), 0);
    return ds;
}

static accelsel_dataset *to_dataset(const synth *s)
{
    return table_of(s, NULL, 1);
}

static void assert_close(double got, double want, double rel, const char *what)
{
    ck_assert_msg(fabs(got - want) <= rel * fabs(want), "%s: got %.6g, want %.6g", what, got, want);
}

static void check_recovered(const accelsel_predictor *p, double rel)
{
    const asel_perf_kind_params *g = &p->par.kind[ASEL_PERF_KIND_GPU];
    assert_close(g->compute_eff, 0.45, rel, "compute_eff");
    assert_close(g->memory_eff, 0.8, rel, "memory_eff");
    assert_close(g->overhead_s, 12e-6, rel, "overhead_s");
    assert_close(g->comm_eff, 0.35, rel, "comm_eff");
    assert_close(g->fusion, 0.7, rel, "fusion");
    assert_close(p->par.epochs_e0, 34, 1e-9, "epochs_e0");
    assert_close(p->par.epochs_b0, 2048, 0, "epochs_b0");
    assert_close(p->par.epochs_alpha, 0.25, 1e-9, "epochs_alpha");
}

START_TEST(recovers_known_parameters)
{
    accelsel_predictor *p;
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    accelsel_dataset *ds = to_dataset(&s);
    p = fresh();
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.no_corrections = 1;
    accelsel_calibration_report *rep;
    ck_assert_int_eq(accelsel_predictor_calibrate(&rep, p, ds, &o), 0);
    /* The prior pulls what the rows see least (overhead, communication) up
     * to 4 % toward the defaults. */
    check_recovered(p, 0.05);
    /* Rows of no trend give none worth the name. */
    ck_assert_msg(fabs(p->par.software_trend) < 1e-3, "trend %g", p->par.software_trend);
    accelsel_error_summary e = ACCELSEL_ERROR_SUMMARY_INIT;
    ck_assert_int_eq(accelsel_calibration_report_summary(rep, ACCELSEL_CALIBRATION_FIT, NULL, &e), 0);
    ck_assert_uint_eq(e.rows, s.n);
    ck_assert(e.median_ape < 0.5);
    accelsel_calibration_report_free(rep);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* One row three times too slow barely moves a Huber fit: compute and
 * communication stay within 5 % of the truth and the other rows stay
 * predicted within 1 %, where plain least squares (an infinite threshold)
 * lets the outlier pull every row. (memory_eff and fusion trade against each
 * other on one network, so the test judges their joint effect, the times.) */
static double fit_median(const synth *s, double huber_delta, accelsel_predictor **out)
{
    accelsel_dataset *ds = to_dataset(s);
    accelsel_predictor *p = fresh();
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.no_corrections = 1;
    o.huber_delta = huber_delta;
    accelsel_calibration_report *rep;
    ck_assert_int_eq(accelsel_predictor_calibrate(&rep, p, ds, &o), 0);
    accelsel_error_summary e = ACCELSEL_ERROR_SUMMARY_INIT;
    ck_assert_int_eq(accelsel_calibration_report_summary(rep, ACCELSEL_CALIBRATION_FIT, NULL, &e), 0);
    accelsel_calibration_report_free(rep);
    accelsel_dataset_free(ds);
    *out = p;
    return e.median_ape;
}

START_TEST(outlier_is_down_weighted)
{
    accelsel_predictor *p, *ls;
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    s.time[5] *= 3;
    double robust = fit_median(&s, ((accelsel_calibrate_options)ACCELSEL_CALIBRATE_OPTIONS_INIT).huber_delta, &p);
    double plain = fit_median(&s, 1e9, &ls);
    const asel_perf_kind_params *g = &p->par.kind[ASEL_PERF_KIND_GPU];
    assert_close(g->compute_eff, 0.45, 0.05, "compute_eff");
    assert_close(g->comm_eff, 0.35, 0.05, "comm_eff");
    ck_assert_msg(robust < 1.0 && robust < plain, "median error %g (least squares %g)", robust, plain);
    accelsel_predictor_free(ls);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* A round whose rules needed 1.7 times the epochs (as v0.6 did) on 13 rows
 * of 112: the Huber loss bounds each one's pull on log e0 at the threshold,
 * so e0 moves at most 13 x 0.1 / 99 = 1.3 %, where least squares moves it by
 * about 13 x ln 1.7 / 112 = 6.2 %. */
START_TEST(epochs_relation_is_robust)
{
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    for (size_t i = 0; i < s.n; i += 9)
        s.epochs[i] *= 1.7;
    accelsel_predictor *p, *ls;
    (void)fit_median(&s, ((accelsel_calibrate_options)ACCELSEL_CALIBRATE_OPTIONS_INIT).huber_delta, &p);
    (void)fit_median(&s, 1e9, &ls);
    ck_assert(p->par.epochs_e0 >= 34 && p->par.epochs_e0 <= 34 * exp(13 * 0.1 / 99));
    ck_assert(ls->par.epochs_e0 > 34 * 1.04);
    assert_close(p->par.epochs_alpha, 0.25, 0.02, "epochs_alpha");
    accelsel_predictor_free(ls);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* Rows whose logs are copies of an earlier row's (same_runs_as set) are
 * neither fitted nor scored: ten of them, three times too slow, leave the
 * fit as exact as without them. */
START_TEST(repeated_logs_are_skipped)
{
    accelsel_predictor *p;
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    const char *same[256];
    for (size_t i = 0; i < s.n; i++) {
        same[i] = i < 10 ? "v1.0 x/results/y" : "";
        s.time[i] *= i < 10 ? 3 : 1;
    }
    accelsel_dataset *ds = to_dataset(&s);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "same_runs_as", same, s.n), 0);
    p = fresh();
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.no_corrections = 1;
    accelsel_calibration_report *rep;
    ck_assert_int_eq(accelsel_predictor_calibrate(&rep, p, ds, &o), 0);
    accelsel_error_summary e = ACCELSEL_ERROR_SUMMARY_INIT;
    ck_assert_int_eq(accelsel_calibration_report_summary(rep, ACCELSEL_CALIBRATION_FIT, NULL, &e), 0);
    ck_assert_uint_eq(e.rows, s.n - 10);
    ck_assert(e.median_ape < 0.5);
    accelsel_calibration_report_free(rep);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* Three a30 rows, 1, 1 and 1.5 x the truth, in rounds v1.0, v1.0 and
 * v3.0 of data that also has v2.0 (other devices): a row's weight halves
 * per round of the data between it and the device's latest round, so the
 * weights are 1/4, 1/4 (two rounds behind: v2.0 and v3.0) and 1. The log
 * factor m minimises the Huber loss (threshold d = 0.1) plus shrink m^2 / 2:
 * the exact rows lie within d of m and pull with their residual, the slow
 * one lies beyond it (ln 1.5 - m > d) and pulls with d alone, so
 * (1/4 + 1/4) m + shrink m = d, and the correction is exp(d / (0.5 + shrink)).
 * A100's rows are exact: its correction stays 1. */
START_TEST(corrections_weight_recent_rounds)
{
    accelsel_predictor *truth, *p;
    static synth s;
    static const double factor[] = { 1, 1, 1.5 };
    static const char *round[] = { "v1.0", "v1.0", "v3.0" };
    ck_assert_int_eq(accelsel_predictor_new(&truth, cat, TEST_PHYSICAL), 0);
    set_truth(truth);
    make_rows(truth, &s, 4, 7, 4);
    size_t n_a30 = 0;
    for (size_t i = 0; i < s.n; i++)
        if (strcmp(s.dev[i], "a30") == 0 && n_a30 < 3) {
            s.time[i] *= factor[n_a30];
            s.round[i] = round[n_a30++];
        } else if (strcmp(s.dev[i], "a30") == 0) {
            s.dev[i] = "a100-sxm4-80gb"; /* keep three a30 rows only */
            s.count[i] = 0;              /* and drop the others (no count) */
        }
    accelsel_dataset *ds = to_dataset(&s);
    p = fresh();
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    ck_assert_int_eq(accelsel_predictor_calibrate(NULL, p, ds, &o), 0);
    size_t a30;
    ck_assert_int_eq(accelsel_catalog_find_device(cat, "a30", &a30), 0);
    double d = o.huber_delta, m = d / (0.5 + o.shrink_rows);
    ck_assert(m <= d && log(1.5) - m > d); /* the regions assumed above */
    assert_close(p->corr.dev[a30], exp(m), 0.01, "a30 correction");
    /* Unweighted, 2 m + shrink m = d: exp(d / 3) = 1.034 with shrink 1, against 1.069. */
    ck_assert(fabs(p->corr.dev[a30] - exp(m)) < fabs(p->corr.dev[a30] - exp(d / (2 + o.shrink_rows))));
    /* Least squares would give exp(ln 1.5 / (1.5 + shrink)) = 1.176: the slow
     * row alone would have made the device 18 % slower. */
    ck_assert(p->corr.dev[a30] < 1.1);
    /* The three rows share one count (1): there the residuals left after the
     * device's factor, -m, -m and ln 1.5 - m, with the same weights, give a
     * second factor c on top. With shrink 1 every row lies beyond d of c
     * (m + c > d, ln 1.5 - m - c > d), so shrink c = d - (1/4 + 1/4) d; a
     * prediction at that count applies both, one at a count without rows
     * the device's alone. */
    ck_assert_double_eq(o.shrink_rows, 1);
    double c = 0.5 * d / o.shrink_rows;
    ck_assert(m + c > d && log(1.5) - m - c > d);
    double at1 = exp(m + c);
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net;
    q.device = "a30";
    q.count = 1;
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    assert_close(r.correction, at1, 0.01, "a30 x 1 correction");
    q.count = 2;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert_double_eq(r.correction, p->corr.dev[a30]);
    size_t a100;
    ck_assert_int_eq(accelsel_catalog_find_device(cat, "a100-sxm4-80gb", &a100), 0);
    assert_close(p->corr.dev[a100], 1.0, 0.01, "a100 correction");
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* One a30 row a million times too fast among its 28 exact ones: its pull on
 * the log factor is the Huber threshold d alone, so the device's factor
 * moves by at most d w / (sum w + shrink) with its weight w <= 1 and the
 * others' sum w >= 27 x 1/4 (two rounds behind at most), and calibration
 * neither fails nor drags the device (least squares gave exp(-ln 1e6 / 29)
 * = 0.62, a factor the row's count then pushed out of range). */
/* The first a30 row of @p s. */
static size_t first_a30(const synth *s)
{
    size_t i = 0;
    while (i < s->n && strcmp(s->dev[i], "a30") != 0)
        i++;
    ck_assert_uint_lt(i, s->n);
    return i;
}

/* The a30 factor of @p p, calibrated under @p o, moved by at most the
 * bound of a_wild_row_barely_moves_its_device; @p time names the case. */
static void assert_a30_barely_moved(const accelsel_predictor *p,
                                    const accelsel_calibrate_options *o, double time)
{
    size_t a30;
    ck_assert_int_eq(accelsel_catalog_find_device(cat, "a30", &a30), 0);
    double bound = o->huber_delta / (27 * 0.25 + o->shrink_rows);
    ck_assert_msg(fabs(log(p->corr.dev[a30])) <= bound, "time %g: a30 factor %g, bound exp(+-%g)",
                  time, p->corr.dev[a30], bound);
}

START_TEST(a_wild_row_barely_moves_its_device)
{
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    size_t wild = first_a30(&s);
    s.time[wild] *= 1e-6;
    accelsel_dataset *ds = to_dataset(&s);
    accelsel_predictor *p = fresh();
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    ck_assert_int_eq(accelsel_predictor_calibrate(NULL, p, ds, &o), 0);
    assert_a30_barely_moved(p, &o, s.time[wild]);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* Calibration fits from the defaults whatever the predictor held: a
 * predictor calibrated once, or loaded with other values of the fitted
 * parameters, calibrates to the same parameter file as a fresh one. */
START_TEST(calibration_ignores_what_the_predictor_held)
{
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    accelsel_dataset *ds = to_dataset(&s);
    accelsel_predictor *once = fresh(), *moved = fresh();
    moved->par.kind[ASEL_PERF_KIND_GPU].compute_eff = 0.2;
    moved->par.kind[ASEL_PERF_KIND_CPU].overhead_s = 1e-3;
    moved->par.epochs_b0 = 128;
    moved->par.software_trend = 0.5;
    ck_assert_int_eq(accelsel_predictor_calibrate(NULL, once, ds, NULL), 0);
    ck_assert_int_eq(accelsel_predictor_calibrate(NULL, moved, ds, NULL), 0);
    char *first, *again, *other;
    ck_assert_int_eq(accelsel_predictor_save_params_buffer(once, &first, NULL), 0);
    ck_assert_int_eq(accelsel_predictor_calibrate(NULL, once, ds, NULL), 0);
    ck_assert_int_eq(accelsel_predictor_save_params_buffer(once, &again, NULL), 0);
    ck_assert_int_eq(accelsel_predictor_save_params_buffer(moved, &other, NULL), 0);
    ck_assert_str_eq(again, first);
    ck_assert_str_eq(other, first);
    accelsel_free(first), accelsel_free(again), accelsel_free(other);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(once);
    accelsel_predictor_free(moved);
    accelsel_predictor_free(truth);
}
END_TEST

/* MLPerf's publication dates: v0.5 December 2018, v0.6 July 2019, v0.7
 * July 2020, then June (vX.0) and November or December (vX.1) of each year. */
START_TEST(round_years)
{
    static const struct { int code; double year; } want[] = {
        { 5, 2019.0 }, { 6, 2019.5 }, { 7, 2020.5 }, { 100, 2021.5 }, { 101, 2022.0 },
        { 200, 2022.5 }, { 301, 2024.0 }, { 400, 2024.5 }, { 501, 2026.0 },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        ck_assert_double_eq(asel_perf_round_year(want[i].code), want[i].year);
    ck_assert(isnan(asel_perf_round_year(-1)));
    /* Names: digits only, bounded, no overflow; the end past the name. */
    const char *end;
    ck_assert_int_eq(asel_perf_round_code("v3.1", &end), 301);
    ck_assert_str_eq(end, "");
    ck_assert_int_eq(asel_perf_round_code("v0.5 (closed)", &end), 5);
    ck_assert_str_eq(end, " (closed)");
    ck_assert_int_eq(asel_perf_round_code("V3.1", NULL), 301); /* as result tables spell it */
    ck_assert_int_eq(asel_perf_round_code("3.1", &end), 301);
    ck_assert_str_eq(end, "");
    static const char *bad[] = { NULL, "", "x3.1", "vv3.1", "v", "v3", "v3.", "v.1", "v-3.1",
                                 "v+3.1", "-3.1", "v3.100", "v100.0", "v99999999999999999999.1",
                                 "predicted" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(asel_perf_round_code(bad[i], NULL) == -1, "'%s'", bad[i] ? bad[i] : "(null)");
}
END_TEST

/* Rows of the later rounds run faster by a known trend, exp(-0.08) per year
 * (v1.0, v2.0 and v3.0: 2021.5, 2022.5, 2023.5): calibration finds the
 * trend and, with it, the globals of the latest round's software (rows
 * without a trend: recovers_known_parameters). */
START_TEST(recovers_software_trend)
{
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    for (size_t i = 0; i < s.n; i++) {
        int major = s.round[i][1] - '0';
        s.time[i] *= exp(-0.08 * (2020.5 + major - 2023.5));
    }
    accelsel_dataset *ds = to_dataset(&s);
    accelsel_predictor *p = fresh();
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.no_corrections = 1;
    ck_assert_int_eq(accelsel_predictor_calibrate(NULL, p, ds, &o), 0);
    assert_close(p->par.software_trend, -0.08, 0.02, "software_trend");
    ck_assert_double_eq(p->par.software_year, 2023.5);
    check_recovered(p, 0.05);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* Rows of a round 75 years ahead of the others (v99.1) and rows without a
 * round among the usual ones: the fit stays finite, as do its factors and
 * the predictions of every row. */
START_TEST(far_rounds_stay_finite)
{
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    for (size_t i = 0; i < s.n; i += 7)
        s.round[i] = i % 2 ? "v99.1" : NULL;
    accelsel_dataset *ds = to_dataset(&s);
    accelsel_predictor *p = fresh();
    ck_assert_int_eq(accelsel_predictor_calibrate(NULL, p, ds, NULL), 0);
    ck_assert(isfinite(p->par.software_trend) && fabs(p->par.software_trend) <= 1);
    ck_assert_double_eq(p->par.software_year, 2020.5 + 99 + 0.5);
    for (size_t d = 0; d < p->corr.n_dev; d++)
        ck_assert(isfinite(p->corr.dev[d]) && p->corr.dev[d] > 0);
    accelsel_dataset *out;
    ck_assert_int_eq(accelsel_predictor_predict_dataset(&out, p, ds, NULL), 0);
    size_t col;
    ck_assert_int_eq(accelsel_dataset_column_index(out, "predicted_time_to_train_min", &col), 0);
    for (size_t r = 0; r < s.n; r++) {
        double v = accelsel_dataset_number(out, r, col);
        ck_assert_msg(isfinite(v) && v > 0, "row %zu: %g", r, v);
    }
    accelsel_dataset_free(out);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* The predictor's parameter file, to show a failed calibration left it as it was. */
static char *params_text(const accelsel_predictor *p)
{
    char *text;
    ck_assert_int_eq(accelsel_predictor_save_params_buffer(p, &text, NULL), 0);
    return text;
}

/* Calibrating @p p on @p ds fails with ACCELSEL_EDATA, a message holding
 * @p a and @p b, and leaves @p p as it was. */
static void assert_refused(accelsel_predictor *p, const accelsel_dataset *ds,
                           const accelsel_calibrate_options *o, const char *a, const char *b)
{
    char *before = params_text(p);
    ck_assert_int_eq(accelsel_predictor_calibrate(NULL, p, ds, o), ACCELSEL_EDATA);
    const char *m = accelsel_last_error()->message;
    ck_assert_msg(strstr(m, a) && strstr(m, b), "'%s' lacks '%s' or '%s'", m, a, b);
    char *after = params_text(p);
    ck_assert_str_eq(after, before);
    accelsel_free(before), accelsel_free(after);
}

/* The a30's rows a billion times faster than the truth call for a factor
 * near 1e-9, below what a parameter file can hold (1e-6): calibration
 * fails naming the device, and the predictor keeps its parameters, so
 * that nothing it saves fails to load. */
START_TEST(corrections_out_of_range)
{
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    for (size_t i = 0; i < s.n; i++)
        if (strcmp(s.dev[i], "a30") == 0)
            s.time[i] *= 1e-9;
    accelsel_dataset *ds = to_dataset(&s);
    accelsel_predictor *p = fresh();
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.shrink_rows = 0;
    assert_refused(p, ds, &o, "'a30'", "outside [1e-06, 1e+06]");
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* A30 rows 1e-5 x the truth, those at one accelerator 1e-7 x: the Huber
 * locations put the device's factor near 1e-5 and the count's near 1e-2,
 * each within [1e-6, 1e6], but a prediction at one accelerator would apply
 * their product, 1e-7. */
START_TEST(correction_products_out_of_range)
{
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    for (size_t i = 0; i < s.n; i++)
        if (strcmp(s.dev[i], "a30") == 0)
            s.time[i] *= s.count[i] == 1 ? 1e-7 : 1e-5;
    accelsel_dataset *ds = to_dataset(&s);
    accelsel_predictor *p = fresh();
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.shrink_rows = 0;
    assert_refused(p, ds, &o, "'a30' at 1 accelerators", "device x count factor");
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* Every row's epochs_mean 1e7: the epochs relation would need e0 = 1e7,
 * beyond the [1e-6, 1e6] a parameter file holds, so the calibration fails
 * and the predictor keeps what it had; its saved parameters always load.
 * The message blames the epochs, which that relation is fitted on, not the
 * times. */
START_TEST(globals_out_of_range)
{
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    for (size_t i = 0; i < s.n; i++)
        s.epochs[i] = 1e7;
    accelsel_dataset *ds = to_dataset(&s);
    accelsel_predictor *p = fresh();
    assert_refused(p, ds, NULL, "'epochs_e0' = 1", "outside [1e-06, 1e+06]");
    assert_refused(p, ds, NULL, "'epochs_e0' = 1",
                   "the rows' epochs_mean and batches are beyond what the epochs relation explains");
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* The number after @p key ("'epochs_e0' = ") in the last error's message. */
static double message_value(const char *key)
{
    const char *m = accelsel_last_error()->message, *at = strstr(m, key);
    ck_assert_msg(at != NULL, "'%s' lacks '%s'", m, key);
    return strtod(at + strlen(key), NULL);
}

/* One absurd value in every row of one and eight accelerators (epochs of a
 * minute or more): an epochs_mean of 1e308 made an e0 of 1e308 under which
 * every row's time was infinite, and the rows were dropped as unfittable
 * (ACCELSEL_EEMPTY, "no row of the dataset can be fitted") where 1e200
 * named epochs_e0. Whatever the value, the answer is
 * ACCELSEL_EDATA naming the parameter with the value the rows call for: e0
 * = the epochs_mean (one level at every batch: alpha 0); epochs of
 * 35 x (B / 256)^113 (1.8e103 at the largest batch, 2048) an alpha of 113
 * at b0 = 256; and every a30 time 1e300 or 1e-300 x the truth's, with
 * no shrinking toward 1 (which bounds a factor that only far rows pull on,
 * as extreme_times_barely_move_their_device shows), the a30's factor,
 * within a factor 2 of the times' (the GPU's parameters are fitted on the
 * other devices), beyond [1e-6, 1e6] like corrections_out_of_range's 1e-9. */
START_TEST(absurd_values_name_their_parameter)
{
    static const struct { double epochs, alpha, a30; const char *key; } c[] = {
        { 1e308, 0, 1, "'epochs_e0' = " }, { 1e200, 0, 1, "'epochs_e0' = " },
        { 1e-300, 0, 1, "'epochs_e0' = " }, { 35, 113, 1, "'epochs_alpha' = " },
        { 0, 0, 1e300, "a30" }, { 0, 0, 1e-300, "a30" },
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        static synth s;
        accelsel_predictor *truth;
        ck_assert_int_eq(accelsel_predictor_new(&truth, cat, TEST_PHYSICAL), 0);
        set_truth(truth);
        make_rows(truth, &s, 4, 2, 4);
        for (size_t i = 0; i < s.n; i++) {
            if (c[k].epochs > 0)
                s.epochs[i] = c[k].epochs * pow(fmax(1.0, s.batch[i] / 256), c[k].alpha);
            if (strcmp(s.dev[i], "a30") == 0)
                s.time[i] *= c[k].a30;
        }
        accelsel_dataset *ds = to_dataset(&s);
        accelsel_predictor *p = fresh();
        if (c[k].a30 != 1) { /* no shrinking: the rows decide the factor alone */
            accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
            o.shrink_rows = 0;
            assert_refused(p, ds, &o, "'a30' at ", "factor of ");
            double f = message_value("factor of ");
            ck_assert_msg(f >= c[k].a30 / 2 && f <= 2 * c[k].a30, "a30 x %g: factor %g",
                          c[k].a30, f);
        } else {
            assert_refused(p, ds, NULL, c[k].key, "outside [");
            double want = c[k].alpha > 0 ? c[k].alpha : c[k].epochs;
            double got = message_value(c[k].key);
            ck_assert_msg(fabs(got - want) <= 1e-9 * want, "epochs %g: %s%.17g, want %.17g",
                          c[k].epochs, c[k].key, got, want);
        }
        accelsel_dataset_free(ds);
        accelsel_predictor_free(p);
        accelsel_predictor_free(truth);
    }
}
END_TEST

/* Five rows of one configuration (8 a100-sxm4-40gb, batch 2048, 30 min in
 * v3.1), four of 35 epochs and one of @p odd; the epochs relation fitted on
 * them (no corrections), or the calibration's status when it fails. */
static int fit_five(double odd, accelsel_predictor **out)
{
    static synth s;
    s.n = 5;
    for (size_t i = 0; i < 5; i++) {
        s.dev[i] = "a100-sxm4-40gb", s.round[i] = "v3.1";
        s.count[i] = 8, s.nodes[i] = 1, s.batch[i] = 2048, s.time[i] = 30;
        s.epochs[i] = i < 4 ? 35 : odd;
    }
    accelsel_dataset *ds = to_dataset(&s);
    accelsel_predictor *p = fresh();
    int rc = accelsel_predictor_calibrate(NULL, p, ds, NULL);
    accelsel_dataset_free(ds);
    *out = p;
    return rc;
}

/* The Huber fit of one log level y1 = ln 35 (four rows) against one row far
 * off: the four pull with their residual, the far one with the threshold d
 * alone, so 4 (y1 - m) = +-d and e0 = 35 exp(-+d / 4), with alpha 0 (one
 * batch, the only candidate b0). A row of 1e-9 epochs used to end the fit at
 * least squares (e0 = exp((4 ln 35 + ln 1e-9) / 5) = 0.27); one of 1e308 is
 * a normal number and is reweighted the same way. An epochs_mean of 5e-324
 * (denormal) or one that is not finite is no count of epochs and is left
 * out: e0 = 35 (5e-324 and 1e308 made e0 3.7e-64 and 6.8e62, refused). */
START_TEST(epochs_fit_reweights_past_least_squares)
{
    const double d = ((accelsel_calibrate_options)ACCELSEL_CALIBRATE_OPTIONS_INIT).huber_delta;
    const struct { double odd, e0; } c[] = {
        { 1e-9, 35 * exp(-d / 4) }, { 1e308, 35 * exp(d / 4) },
        { 5e-324, 35 }, { INFINITY, 35 }, { 1e-320, 35 },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        accelsel_predictor *p;
        int rc = fit_five(c[i].odd, &p);
        ck_assert_msg(rc == 0, "epochs %g: %s", c[i].odd, accelsel_last_error()->message);
        ck_assert_msg(fabs(p->par.epochs_e0 - c[i].e0) <= 1e-9 * c[i].e0,
                      "epochs %g: e0 %.17g, want %.17g", c[i].odd, p->par.epochs_e0, c[i].e0);
        ck_assert_double_eq(p->par.epochs_b0, 2048);
        ck_assert_double_eq(p->par.epochs_alpha, 0);
        accelsel_predictor_free(p);
    }
}
END_TEST

/* One a30 time of 5e-324 or of 1e308 minutes among its 28 exact rows:
 * log(t / m) overflowed to inf (5e-324), and the device factor became 0 x
 * inf = NaN, refused as "a device factor of 0"; as a difference of logs
 * the residual is finite and the Huber loss bounds its pull at the
 * threshold like any wrong time's, within the bound of
 * a_wild_row_barely_moves_its_device. Every row is fitted and reported:
 * the 1e308 row is 100 % off (it was dropped from the report, its error
 * 100 x (p - m) / m overflowing), the 5e-324 row infinitely. */
START_TEST(extreme_times_barely_move_their_device)
{
    const double times[] = { 5e-324, 1e308 };
    for (size_t k = 0; k < 2; k++) {
        static synth s;
        accelsel_predictor *truth = truth_rows(&s);
        s.time[first_a30(&s)] = times[k];
        accelsel_dataset *ds = to_dataset(&s);
        accelsel_predictor *p = fresh();
        accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
        accelsel_calibration_report *rep;
        int rc = accelsel_predictor_calibrate(&rep, p, ds, &o);
        ck_assert_msg(rc == 0, "time %g: %s", times[k], accelsel_last_error()->message);
        assert_a30_barely_moved(p, &o, times[k]);
        accelsel_error_summary e = ACCELSEL_ERROR_SUMMARY_INIT;
        ck_assert_int_eq(accelsel_calibration_report_summary(rep, ACCELSEL_CALIBRATION_FIT, NULL, &e), 0);
        ck_assert_uint_eq(e.rows, s.n);
        ck_assert(isfinite(e.median_ape));
        accelsel_calibration_report_free(rep);
        accelsel_dataset_free(ds);
        accelsel_predictor_free(p);
        accelsel_predictor_free(truth);
    }
}
END_TEST

/* The absolute percentage error by hand: 100 |p - m| / m. A measured 1e308
 * predicted as 30 is 100 % off (100 x |p - m| overflowed first); a
 * measured 5e-324 is infinitely off (no double is the ratio). Quantiles
 * over infinite errors are infinite, not NaN (inf - inf, 0 x inf). */
START_TEST(percentage_errors_at_the_ends)
{
    ck_assert_double_eq(asel_perf_ape(30, 1e308), 100);
    ck_assert_double_eq(asel_perf_ape(1e308, 1e308 / 2), 100);
    ck_assert_double_eq(asel_perf_ape(33, 30), 100.0 * 3 / 30);
    ck_assert(isinf(asel_perf_ape(30, 5e-324)));
    ck_assert(isnan(asel_perf_ape(NAN, 30)));
    double v[] = { INFINITY, 1, INFINITY }, med, p90;
    asel_perf_quantiles(v, 3, &med, &p90); /* sorted: 1, inf, inf */
    ck_assert(isinf(med) && isinf(p90));
    double w[] = { 2, INFINITY, 1 };
    asel_perf_quantiles(w, 3, &med, &p90); /* 1, 2, inf: p90 at 1.8 */
    ck_assert_double_eq(med, 2);
    ck_assert(isinf(p90));
}
END_TEST

/* No row with a positive epochs_mean (0 is no measurement): the relation
 * keeps its defaults, 35 epochs at a batch of 256, not NaN. */
START_TEST(no_epochs_keeps_the_relation)
{
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    for (size_t i = 0; i < s.n; i++)
        s.epochs[i] = 0;
    accelsel_dataset *ds = to_dataset(&s);
    accelsel_predictor *p = fresh();
    ck_assert_int_eq(accelsel_predictor_calibrate(NULL, p, ds, NULL), 0);
    double e;
    ck_assert_int_eq(accelsel_predictor_epochs(p, 256, &e), 0);
    ck_assert_double_eq(e, 35.0);
    ck_assert_int_eq(accelsel_predictor_epochs(p, 7168, &e), 0);
    ck_assert_double_eq_tol(e, 35.0 * pow(2.0, 0.3), 1e-12);
    char *text = params_text(p);
    accelsel_predictor *back;
    ck_assert_int_eq(accelsel_predictor_load_params_buffer(&back, cat, text, strlen(text), NULL), 0);
    accelsel_predictor_free(back);
    accelsel_free(text);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* Tables write the division as "closed", "Closed" or " CLOSED ": all are
 * fitted; "open" and "closed-ish" are not. */
START_TEST(closed_division_in_any_case)
{
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    const char *div[256];
    static const char *const spell[] = { "Closed", " CLOSED ", "closed", "open", "closed-ish" };
    for (size_t i = 0; i < s.n; i++)
        div[i] = spell[i % 5];
    accelsel_dataset *ds = table_of(&s, div, 1);
    accelsel_predictor *p = fresh();
    accelsel_calibration_report *rep;
    ck_assert_int_eq(accelsel_predictor_calibrate(&rep, p, ds, NULL), 0);
    accelsel_error_summary e = ACCELSEL_ERROR_SUMMARY_INIT;
    ck_assert_int_eq(accelsel_calibration_report_summary(rep, ACCELSEL_CALIBRATION_FIT, NULL, &e), 0);
    ck_assert_uint_eq(e.rows, (s.n / 5) * 3 + (s.n % 5 < 3 ? s.n % 5 : 3));
    accelsel_calibration_report_free(rep);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

/* Calibration and evaluation need the measured times: a table without the
 * column is ACCELSEL_ENOTFOUND naming it, as documented. */
START_TEST(missing_time_column)
{
    static synth s;
    accelsel_predictor *truth = truth_rows(&s);
    accelsel_dataset *ds = table_of(&s, NULL, 0), *t = NULL;
    accelsel_predictor *p = fresh();
    ck_assert_int_eq(accelsel_predictor_calibrate(NULL, p, ds, NULL), ACCELSEL_ENOTFOUND);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "time_to_train_min"));
    ck_assert_int_eq(accelsel_predictor_evaluate(&t, p, ds, NULL), ACCELSEL_ENOTFOUND);
    ck_assert_ptr_null(t);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_predictor_free(truth);
}
END_TEST

static accelsel_dataset *evaluate(const accelsel_dataset *ds, uint32_t threads)
{
    accelsel_predictor *p;
    accelsel_dataset *t;
    p = fresh();
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.n_threads = threads;
    o.holdout_rounds = "v3.0";
    ck_assert_int_eq(accelsel_predictor_evaluate(&t, p, ds, &o), 0);
    accelsel_predictor_free(p);
    return t;
}

START_TEST(evaluation_is_thread_count_invariant)
{
    accelsel_predictor *truth;
    static synth s;
    ck_assert_int_eq(accelsel_predictor_new(&truth, cat, TEST_PHYSICAL), 0);
    set_truth(truth);
    /* Fusion at its default: six or eight rows of one network cannot tell
     * it from memory_eff, and the prior holds it there. */
    truth->par.kind[ASEL_PERF_KIND_GPU].fusion = asel_perf_params_default()->kind[ASEL_PERF_KIND_GPU].fusion;
    make_rows(truth, &s, 2, 3, 2);
    accelsel_dataset *ds = to_dataset(&s);
    accelsel_dataset *one = evaluate(ds, 1), *many = evaluate(ds, 3);
    ck_assert_uint_eq(accelsel_dataset_rows(one), 12);
    for (size_t c = 2; c < accelsel_dataset_cols(one); c++)
        for (size_t r = 0; r < accelsel_dataset_rows(one); r++) {
            double a = accelsel_dataset_number(one, r, c), b = accelsel_dataset_number(many, r, c);
            ck_assert(memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b)));
        }
    /* Exact data: the model's held-out errors are near zero, also for a device
     * left out (found from its datasheet, since the truth is global); the fits
     * on six or eight rows leave some of the prior in. */
    for (size_t r = 0; r < accelsel_dataset_rows(one); r++) {
        double rows = accelsel_dataset_number(one, r, 2), med = accelsel_dataset_number(one, r, 3);
        ck_assert_msg(rows == 0 || med < 3.0, "%s %s: median %g", accelsel_dataset_string(one, r, 0),
                      accelsel_dataset_string(one, r, 1), med);
    }
    accelsel_dataset_free(one);
    accelsel_dataset_free(many);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(truth);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("calibrate");
    TCase *tc = tcase_create("calibrate");
    tcase_set_timeout(tc, 600);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, recovers_known_parameters);
    tcase_add_test(tc, outlier_is_down_weighted);
    tcase_add_test(tc, epochs_relation_is_robust);
    tcase_add_test(tc, repeated_logs_are_skipped);
    tcase_add_test(tc, corrections_weight_recent_rounds);
    tcase_add_test(tc, a_wild_row_barely_moves_its_device);
    tcase_add_test(tc, calibration_ignores_what_the_predictor_held);
    tcase_add_test(tc, round_years);
    tcase_add_test(tc, recovers_software_trend);
    tcase_add_test(tc, far_rounds_stay_finite);
    tcase_add_test(tc, corrections_out_of_range);
    tcase_add_test(tc, correction_products_out_of_range);
    tcase_add_test(tc, globals_out_of_range);
    tcase_add_test(tc, absurd_values_name_their_parameter);
    tcase_add_test(tc, no_epochs_keeps_the_relation);
    tcase_add_test(tc, epochs_fit_reweights_past_least_squares);
    tcase_add_test(tc, extreme_times_barely_move_their_device);
    tcase_add_test(tc, percentage_errors_at_the_ends);
    tcase_add_test(tc, closed_division_in_any_case);
    tcase_add_test(tc, missing_time_column);
    tcase_add_test(tc, evaluation_is_thread_count_invariant);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
