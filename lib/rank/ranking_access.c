/* Read-only accessors of a computed ranking. */
#include "core/error.h"
#include "rank/rank_impl.h"

ACCELSEL_API int accelsel_ranking_method(const accelsel_ranking *r)
{
    return r == NULL ? asel_einval("accelsel_ranking_method", "r") : r->method;
}

ACCELSEL_API size_t accelsel_ranking_rows(const accelsel_ranking *r)
{
    return r == NULL ? 0 : r->n_rows;
}

ACCELSEL_API size_t accelsel_ranking_ranked_count(const accelsel_ranking *r)
{
    return r == NULL ? 0 : r->n_ranked;
}

ACCELSEL_API size_t accelsel_ranking_excluded_count(const accelsel_ranking *r)
{
    return r == NULL ? 0 : r->n_rows - r->n_ranked;
}

ACCELSEL_API size_t accelsel_ranking_front_count(const accelsel_ranking *r)
{
    return r == NULL ? 0 : r->n_fronts;
}

ACCELSEL_API const double *accelsel_ranking_scores(const accelsel_ranking *r)
{
    return r == NULL ? NULL : r->scores;
}

ACCELSEL_API const size_t *accelsel_ranking_ranks(const accelsel_ranking *r)
{
    return r == NULL ? NULL : r->ranks;
}

ACCELSEL_API const size_t *accelsel_ranking_order(const accelsel_ranking *r)
{
    return r == NULL ? NULL : r->order;
}

ACCELSEL_API const size_t *accelsel_ranking_fronts(const accelsel_ranking *r)
{
    return r == NULL ? NULL : r->fronts;
}

ACCELSEL_API size_t accelsel_ranking_criterion_count(const accelsel_ranking *r)
{
    return r == NULL ? 0 : r->n_crit;
}

ACCELSEL_API const double *accelsel_ranking_weights(const accelsel_ranking *r)
{
    return r == NULL ? NULL : r->weights;
}
