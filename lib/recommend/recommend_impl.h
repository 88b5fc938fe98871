/* Inside lib/recommend: the cloud prices' columns, the candidates and their
 * figures, the evaluation of the constraints, shared by its files. */
#ifndef ASEL_RECOMMEND_IMPL_H
#define ASEL_RECOMMEND_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/recommend.h"

/* Cloud prices with their columns found. */
typedef struct asel_rec_cloud {
    const accelsel_dataset *ds;
    size_t provider, instance, region, device, per, rate;
} asel_rec_cloud;

/* Find the columns of a cloud-price table: 0 or ACCELSEL_ENOTFOUND. */
int asel_rec_cloud_columns(const accelsel_dataset *cloud, asel_rec_cloud *c);

/* The cheapest way to rent @p n accelerators of @p device (a catalog name;
 * a count below 1 or not finite rents one): ceil(n / per instance)
 * instances of one cloud row; *rate its price over n accelerator-hours and
 * *row the row, or NaN and SIZE_MAX when no row has the device (or @p c is
 * NULL). The first row in file order among equal prices. */
void asel_rec_rent(const asel_rec_cloud *c, const char *device, double n, double *rate,
                   size_t *row);

/* "PROVIDER INSTANCE, REGION" of cloud row @p row into @p buf. */
void asel_rec_instance_name(const asel_rec_cloud *c, size_t row, char *buf, size_t n);

/* The constraints, in the order accelsel_recommend() lists them. */
enum {
    ASEL_REC_BUDGET, ASEL_REC_MONTHLY, ASEL_REC_POWER_CAP, ASEL_REC_MAX_ACC, ASEL_REC_MIN_EFF,
    ASEL_REC_DEADLINE, ASEL_REC_MONTH, ASEL_REC_PRICE, ASEL_REC_POWER, ASEL_REC_PREDICTION,
    ASEL_REC_N_CONSTRAINTS
};

/* The name of constraint @p c ("budget_usd", ...). */
const char *asel_rec_constraint_name(int c);

/* One candidate configuration, or a one-node reference that only E' uses. */
typedef struct asel_rec_cand {
    char *name;          /* owned */
    const char *model;   /* accelerator_model_name: the measured row's, else the device's */
    const char *round;   /* the measured row's, else "predicted"; borrowed */
    int64_t device;      /* catalog device; -1 when the row names none */
    int64_t system;      /* catalog system; -1 */
    double count, nodes, per_node;
    uint32_t measured;   /* networks whose time a row measured */
    int failed;          /* a network could not be predicted */
    int reference;       /* not a candidate */
} asel_rec_cand;

/* The whole computation. Arrays by candidate are of n_real entries (the
 * references come after the real candidates); by candidate and network,
 * row-major n x n_net. */
typedef struct asel_rec {
    accelsel_recommend_options o;
    const accelsel_recommend_inputs *in;
    const accelsel_catalog *cat;
    const accelsel_predictor *pred;
    asel_rec_cloud cloud;
    size_t n_net;
    double runs; /* runs a month, summed */
    asel_rec_cand *c;
    size_t n, cap, n_real;
    double *time, *err, *eff; /* n x n_net: minutes, held-out median error %, E' */
    unsigned char *meas;      /* n x n_net: 1 where a row measured the time */
    /* per real candidate */
    double *mean_min, *max_min, *worst_eff, *uncert, *month_hours;
    double *wall_kw, *energy, *purchase, *buy, *rent, *elec_month, *rent_month;
    char **instance;     /* owned, NULL where there is no cloud price */
    const char **basis;  /* static names */
    double *release_year;
    char **notes;
    size_t n_notes;
} asel_rec;

/* Check accelsel_recommend()'s options and inputs (options.c): 0, or the
 * error naming the member; *runs the workload's runs a month. */
int asel_rec_check_options(const accelsel_recommend_options *o);
int asel_rec_check_inputs(const accelsel_recommend_inputs *in, double *runs);

/* Add a note (printf-style): 0 or ACCELSEL_ENOMEM. */
int asel_rec_note(asel_rec *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Append a candidate (its name is taken over): 0 or ACCELSEL_ENOMEM, which
 * frees the name. */
int asel_rec_add(asel_rec *w, const asel_rec_cand *c);

/* The candidates of the measured rows (their kept rows into *kept, which
 * the candidates' names borrow from: free it after them) and of the
 * catalog, with their times per network (candidates.c, predicted.c). */
int asel_rec_measured(asel_rec *w, accelsel_dataset **kept);
int asel_rec_predicted(asel_rec *w);

/* Predict network @p net on @p req into w->time/err of candidate @p c:
 * a failed prediction marks the candidate failed; ACCELSEL_ENOMEM fails
 * the call, and so does a request the predictor refuses as malformed
 * (ACCELSEL_EINVAL, field "counts") or for what the catalog lacks
 * (ACCELSEL_ENOTFOUND, field "catalog") when the caller @p asked for it. */
int asel_rec_predict(asel_rec *w, size_t c, size_t net, const accelsel_predict_request *req,
                     int asked);

/* E' per network (efficiency.c) and the figures of the real candidates:
 * times over the workload, energy and costs (figures.c). */
int asel_rec_efficiency(asel_rec *w);
int asel_rec_figures(asel_rec *w);

/* What one way of acquiring a candidate gives (evaluate.c). */
typedef struct asel_rec_way {
    double per_run, capital, hourly, monthly;
    int n_broken;
    int broken[ASEL_REC_N_CONSTRAINTS];
    double value[ASEL_REC_N_CONSTRAINTS], limit[ASEL_REC_N_CONSTRAINTS];
    double excess[ASEL_REC_N_CONSTRAINTS]; /* how far beyond, relatively; +inf for missing data */
    int worst_at;  /* the index of the largest excess; -1 when feasible */
    double worst;  /* that excess; 0 when feasible */
} asel_rec_way;

/* Candidate @p c acquired by @p way (ACCELSEL_ACQUIRE_BUY or _RENT), its
 * purchase price and rent multiplied by @p buy_f and @p rent_f. */
void asel_rec_way_eval(const asel_rec *w, size_t c, uint32_t way, double buy_f, double rent_f,
                       asel_rec_way *out);

/* The way the options allow that is feasible and costs least a run, else the
 * one that comes closest: ACCELSEL_ACQUIRE_BUY or _RENT, and its figures. */
uint32_t asel_rec_choose(const asel_rec *w, size_t c, double buy_f, double rent_f,
                         asel_rec_way *out);

#endif
