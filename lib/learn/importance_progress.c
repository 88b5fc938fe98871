#include "learn/importance_progress.h"

#include "accelsel/common.h"
#include "core/error.h"

void asel_progress_init(asel_progress *p, int (*fn)(double, void *), void *payload)
{
    p->fn = fn;
    p->payload = payload;
    p->base = 0.0;
    p->span = 0.0;
    p->total = 0;
    atomic_init(&p->done, 0);
    atomic_init(&p->canceled, 0);
}

void asel_progress_stage(asel_progress *p, double base, double span, size_t total)
{
    p->base = base;
    p->span = span;
    p->total = total;
    atomic_store(&p->done, 0);
}

int asel_progress_step(asel_progress *p, size_t worker)
{
    size_t done = atomic_fetch_add(&p->done, 1) + 1;
    if (worker == 0 && p->fn != NULL && !atomic_load(&p->canceled)) {
        double f = p->base + p->span * (double)done / (double)(p->total ? p->total : 1);
        if (p->fn(f, p->payload) != 0)
            atomic_store(&p->canceled, 1);
    }
    return atomic_load(&p->canceled) ? ACCELSEL_ECANCELED : 0;
}

int asel_progress_report(asel_progress *p, double fraction)
{
    if (p->fn != NULL && !atomic_load(&p->canceled) && p->fn(fraction, p->payload) != 0)
        atomic_store(&p->canceled, 1);
    if (atomic_load(&p->canceled))
        return asel_error(ACCELSEL_ECANCELED, "importance: canceled by the progress callback");
    return 0;
}

int asel_progress_fail(int rc, const char *what)
{
    switch (rc) {
    case ACCELSEL_ECANCELED:
        return asel_error(rc, "%s: canceled by the progress callback", what);
    case ACCELSEL_ENOMEM:
        return asel_enomem();
    default:
        return asel_error(rc, "%s: %s", what, accelsel_strerror(rc));
    }
}
