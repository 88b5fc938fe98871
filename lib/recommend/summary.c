/* What the recommendation says beside its ranking: the rules of thumb under
 * the same constraints, the break-even of the first choice, and, for the
 * excluded configurations, every constraint they break, the closest miss
 * and the binding constraint. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "recommend/result_impl.h"

static double cell(const accelsel_recommendation *r, size_t row, const char *name)
{
    size_t col;
    return accelsel_dataset_column_index(r->table, name, &col) == 0
               ? accelsel_dataset_number(r->table, row, col) : NAN;
}

/* -1, 0, 1 as @p a is better, equal or worse than @p b, larger first when
 * @p larger (NaN last either way). */
static int compare(double a, double b, int larger)
{
    if (isnan(a) || isnan(b))
        return isnan(a) - isnan(b);
    return a == b ? 0 : ((a > b) == larger ? -1 : 1);
}

/* The feasible row the rule of thumb picks: by its key, then the next,
 * then table order. */
static int64_t pick(const accelsel_recommendation *r, int baseline)
{
    static const struct {
        const char *key[2];
        int larger[2];
    } rules[ACCELSEL_BASELINE_COUNT] = {
        {{"release_year", "hourly_usd"}, {1, 0}},
        {{"hourly_usd", "time_to_train_min"}, {0, 0}},
        {{"count", "cost_per_run_usd"}, {1, 0}},
    };
    int64_t best = -1;
    for (size_t i = 0; i < r->n_feasible; i++) {
        size_t row = r->feasible[i];
        int c = 0;
        for (int k = 0; best >= 0 && c == 0 && k < 2; k++)
            c = compare(cell(r, row, rules[baseline].key[k]),
                        cell(r, (size_t)best, rules[baseline].key[k]), rules[baseline].larger[k]);
        if (best < 0 || c < 0)
            best = (int64_t)row;
    }
    return best;
}

/* Every broken constraint of every excluded row, by row. */
static int exclusions(accelsel_recommendation *r, const asel_rec *w, const asel_rec_choice *ch)
{
    size_t n = 0;
    for (size_t i = 0; i < w->n_real; i++)
        n += (size_t)ch->e[i].n_broken;
    if (asel_alloc_array(&r->excl, n ? n : 1, sizeof *r->excl) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < w->n_real; i++)
        for (int k = 0; k < ch->e[i].n_broken; k++)
            r->excl[r->n_excl++] = (accelsel_exclusion){
                i, asel_rec_constraint_name(ch->e[i].broken[k]), ch->e[i].value[k],
                ch->e[i].limit[k]};
    return 0;
}

/* With nothing feasible: the excluded row whose worst constraint is broken
 * by the least, and that constraint. */
static void closest_miss(accelsel_recommendation *r, const asel_rec *w, const asel_rec_choice *ch)
{
    r->closest = -1;
    r->binding = NULL;
    if (r->n_feasible > 0)
        return;
    double best = INFINITY;
    for (size_t i = 0; i < w->n_real; i++)
        if (ch->e[i].worst < best) {
            best = ch->e[i].worst;
            r->closest = (int64_t)i;
        }
    if (r->closest >= 0) {
        const asel_rec_way *e = &ch->e[r->closest];
        r->binding = asel_rec_constraint_name(e->broken[e->worst_at]);
    }
}

int asel_rec_summaries(accelsel_recommendation *r, const asel_rec *w, const asel_rec_choice *ch)
{
    for (int b = 0; b < ACCELSEL_BASELINE_COUNT; b++)
        r->baseline[b] = pick(r, b);
    r->break_even = r->n_feasible > 0 ? cell(r, r->order[0], "break_even_months") : NAN;
    closest_miss(r, w, ch);
    return exclusions(r, w, ch);
}
