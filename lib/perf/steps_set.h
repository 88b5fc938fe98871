/* Step rows (a dataset of accelsel_steps_load_*()) read as resolved
 * one-device configurations, for predicting, fitting and evaluating them. */
#ifndef ASEL_PERF_STEPS_SET_H
#define ASEL_PERF_STEPS_SET_H

#include "perf/predictor_impl.h"

typedef struct asel_steps_row {
    asel_perf_config cfg; /* resolved in place (a CPU's view of its threads): never copied */
    size_t net;           /* index into the set's networks */
    double measured_s;    /* step_median_s */
} asel_steps_row;

typedef struct asel_steps_set {
    size_t n, n_nets;
    asel_steps_row *row;
    accelsel_network **nets;  /* owned: the zoo networks the rows name, in first use order */
    unsigned char **fusable;  /* asel_perf_fusable_layers() of each */
} asel_steps_set;

/* Read every row of @p steps against @p p's catalog: the columns network,
 * device, threads, batch, precision, framework and step_median_s must be
 * there, of their types (ACCELSEL_ENOTFOUND, ACCELSEL_EINVAL); a row that
 * does not resolve fails with the resolver's status, its message prefixed
 * with the row's number (1 = the first row). ACCELSEL_EEMPTY for no rows.
 * On failure nothing is left to free. */
int asel_steps_set_read(asel_steps_set *out, const accelsel_predictor *p,
                        const accelsel_dataset *steps);
void asel_steps_set_free(asel_steps_set *s);

/* The predicted step of row @p i under @p par, in seconds, as
 * accelsel_predictor_predict() gives it without corrections; NaN where the
 * model finds the row infeasible (memory). Sets no error. */
double asel_steps_predict(const asel_perf_params *par, const asel_steps_set *s, size_t i);

/* Fit the eager parameters of every device kind that rows i with
 * use[i] != 0 (NULL: every row) run on, in @p par, on log(predicted /
 * measured) under the Huber loss, with a weak prior towards @p par's
 * values (docs/predictor.md, "Software stacks"). 0, ACCELSEL_EEMPTY (no row
 * to fit), ACCELSEL_EDATA (a parameter outside its documented range; @p par
 * unchanged). */
int asel_steps_fit(asel_perf_params *par, const asel_steps_set *s, const unsigned char *use);

#endif
