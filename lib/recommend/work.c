/* The computation's own bookkeeping: constraint names, notes, candidates. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "recommend/recommend_impl.h"

const char *asel_rec_constraint_name(int c)
{
    static const char *const names[ASEL_REC_N_CONSTRAINTS] = {
        "budget_usd",     "monthly_budget_usd", "power_cap_kw", "max_accelerators",
        "min_efficiency", "deadline_min",       "month_hours",  "price",
        "power",          "prediction"};
    return names[c];
}

int asel_rec_note(asel_rec *w, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    char **grown = asel_reallocarray(w->notes, w->n_notes + 1, sizeof *grown);
    if (grown == NULL)
        return asel_enomem();
    w->notes = grown;
    if ((w->notes[w->n_notes] = asel_strdup(text)) == NULL)
        return asel_enomem();
    w->n_notes++;
    return 0;
}

/* Room for @p need candidates: the candidate array and the per-network
 * time and error arrays grow together, doubling. */
static int reserve(asel_rec *w, size_t need)
{
    if (need <= w->cap)
        return 0;
    size_t cap = w->cap ? 2 * w->cap : 64, m = w->n_net;
    asel_rec_cand *c = asel_reallocarray(w->c, cap, sizeof *c);
    if (c != NULL)
        w->c = c;
    double *t = c != NULL ? asel_reallocarray(w->time, cap * m, sizeof *t) : NULL;
    if (t != NULL)
        w->time = t;
    double *e = t != NULL ? asel_reallocarray(w->err, cap * m, sizeof *e) : NULL;
    if (e != NULL)
        w->err = e;
    unsigned char *f = e != NULL ? asel_reallocarray(w->meas, cap * m, sizeof *f) : NULL;
    if (f != NULL)
        w->meas = f;
    if (f == NULL)
        return asel_enomem();
    w->cap = cap;
    return 0;
}

int asel_rec_add(asel_rec *w, const asel_rec_cand *c)
{
    if (reserve(w, w->n + 1) != 0) {
        asel_free(c->name);
        return ACCELSEL_ENOMEM;
    }
    for (size_t i = 0; i < w->n_net; i++) {
        w->time[w->n * w->n_net + i] = w->err[w->n * w->n_net + i] = (double)NAN;
        w->meas[w->n * w->n_net + i] = 0;
    }
    w->c[w->n++] = *c;
    return 0;
}
