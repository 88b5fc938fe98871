/* The recommendation's accessors and destructor. */
#include <math.h>

#include "core/alloc.h"
#include "recommend/result_impl.h"

ACCELSEL_API void accelsel_recommendation_free(accelsel_recommendation *r)
{
    if (r == NULL)
        return;
    accelsel_dataset_free(r->table);
    accelsel_ranking_free(r->ranking);
    accelsel_sensitivity_free(r->sensitivity);
    asel_free(r->feasible);
    asel_free(r->order);
    asel_free(r->pareto);
    asel_free(r->excl);
    for (size_t i = 0; i < r->n_notes; i++)
        asel_free(r->notes[i]);
    asel_free(r->notes);
    asel_free(r);
}

ACCELSEL_API const accelsel_dataset *accelsel_recommendation_table(
    const accelsel_recommendation *r)
{
    return r != NULL ? r->table : NULL;
}

ACCELSEL_API size_t accelsel_recommendation_count(const accelsel_recommendation *r)
{
    return r != NULL ? r->n_feasible : 0;
}

ACCELSEL_API const size_t *accelsel_recommendation_order(const accelsel_recommendation *r)
{
    return r != NULL ? r->order : NULL;
}

ACCELSEL_API const accelsel_ranking *accelsel_recommendation_ranking(
    const accelsel_recommendation *r)
{
    return r != NULL ? r->ranking : NULL;
}

ACCELSEL_API const accelsel_sensitivity *accelsel_recommendation_sensitivity(
    const accelsel_recommendation *r)
{
    return r != NULL ? r->sensitivity : NULL;
}

ACCELSEL_API const size_t *accelsel_recommendation_pareto(const accelsel_recommendation *r,
                                                          size_t *n)
{
    if (n != NULL)
        *n = r != NULL ? r->n_pareto : 0;
    return r != NULL ? r->pareto : NULL;
}

ACCELSEL_API const accelsel_exclusion *accelsel_recommendation_exclusions(
    const accelsel_recommendation *r, size_t *n)
{
    if (n != NULL)
        *n = r != NULL ? r->n_excl : 0;
    return r != NULL ? r->excl : NULL;
}

ACCELSEL_API const char *accelsel_recommendation_binding_constraint(
    const accelsel_recommendation *r)
{
    return r != NULL ? r->binding : NULL;
}

ACCELSEL_API int64_t accelsel_recommendation_closest_miss(const accelsel_recommendation *r)
{
    return r != NULL ? r->closest : -1;
}

ACCELSEL_API double accelsel_recommendation_break_even_months(const accelsel_recommendation *r)
{
    return r != NULL ? r->break_even : NAN;
}

ACCELSEL_API int64_t accelsel_recommendation_baseline(const accelsel_recommendation *r,
                                                      int baseline)
{
    if (r == NULL || baseline < 0 || baseline >= ACCELSEL_BASELINE_COUNT)
        return -1;
    return r->baseline[baseline];
}

ACCELSEL_API double accelsel_recommendation_price_stability(const accelsel_recommendation *r)
{
    return r != NULL ? r->price_stability : NAN;
}

ACCELSEL_API size_t accelsel_recommendation_note_count(const accelsel_recommendation *r)
{
    return r != NULL ? r->n_notes : 0;
}

ACCELSEL_API const char *accelsel_recommendation_note(const accelsel_recommendation *r, size_t i)
{
    return r != NULL && i < r->n_notes ? r->notes[i] : NULL;
}
