/* The recommendation handle and the steps that fill it from a finished
 * computation (table.c, choose.c, result.c). */
#ifndef ASEL_RECOMMEND_RESULT_IMPL_H
#define ASEL_RECOMMEND_RESULT_IMPL_H

#include "recommend/recommend_impl.h"

struct accelsel_recommendation {
    accelsel_dataset *table;
    accelsel_ranking *ranking;    /* of the feasible rows, in table order */
    accelsel_sensitivity *sensitivity;
    size_t n_feasible;
    size_t *feasible;             /* the feasible rows of the table */
    size_t *order;                /* the feasible rows, best first */
    size_t *pareto, n_pareto;     /* table rows, faster first */
    accelsel_exclusion *excl;
    size_t n_excl;
    const char *binding;
    int64_t closest;
    double break_even;
    int64_t baseline[ACCELSEL_BASELINE_COUNT];
    double price_stability;
    char **notes;
    size_t n_notes;
};

/* What the evaluation chose for each real candidate. */
typedef struct asel_rec_choice {
    uint32_t *way;      /* ACCELSEL_ACQUIRE_BUY or _RENT */
    asel_rec_way *e;    /* its figures */
} asel_rec_choice;

/* The table of accelsel_recommendation_table(), without the ranking's
 * columns (score, rank, pareto), into r->table (table.c). */
int asel_rec_table(accelsel_recommendation *r, const asel_rec *w, const asel_rec_choice *ch);

/* Rank the feasible rows, their Pareto front and sensitivity, and add the
 * score, rank and pareto columns (rankrec.c). */
int asel_rec_rank(accelsel_recommendation *r, const asel_rec *w);

/* The criteria the feasible rows are ranked on, of @p o's weights. */
void asel_rec_criteria(const accelsel_recommend_options *o, accelsel_criterion crit[4]);

/* The row that @p rows (feasible, table order) ranks first on the criteria
 * of @p w, given their time, cost per run, energy and capital: 0 with *top,
 * or an error (ENOMEM) (rankrec.c). */
int asel_rec_top(const asel_rec *w, const size_t *rows, size_t n, const double *time,
                 const double *cost, const double *energy, const double *capital, size_t *top);

/* Baselines, break-even, closest miss and exclusions (summary.c). */
int asel_rec_summaries(accelsel_recommendation *r, const asel_rec *w, const asel_rec_choice *ch);

/* How often the first choice stays when prices move (stability.c). */
int asel_rec_stability(accelsel_recommendation *r, const asel_rec *w);

#endif
