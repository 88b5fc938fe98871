/* Progress reporting and cancellation for the importance computations, which
 * run their tasks on several threads: the caller's callback is only ever
 * invoked on the calling thread (pool worker 0), and a request to stop is
 * seen by every worker before its next task. */
#ifndef ASEL_IMPORTANCE_PROGRESS_H
#define ASEL_IMPORTANCE_PROGRESS_H

#include <stdatomic.h>
#include <stddef.h>

typedef struct asel_progress {
    int (*fn)(double fraction, void *payload); /* NULL: no reporting */
    void *payload;
    double base, span; /* the current stage covers [base, base + span] */
    size_t total;      /* tasks in the current stage */
    atomic_size_t done;
    atomic_int canceled;
} asel_progress;

/* Start with no stage; @p fn may be NULL. */
void asel_progress_init(asel_progress *p, int (*fn)(double, void *), void *payload);

/* Begin a stage of @p total tasks covering [base, base + span] of the run. */
void asel_progress_stage(asel_progress *p, double base, double span, size_t total);

/* Count one finished task of the stage. On worker 0 the callback is told the
 * fraction done; a nonzero answer cancels. Returns ACCELSEL_ECANCELED once
 * canceled (on every worker), else 0. */
int asel_progress_step(asel_progress *p, size_t worker);

/* Tell the callback @p fraction from the calling thread between stages:
 * 0, or ACCELSEL_ECANCELED with the error recorded. */
int asel_progress_report(asel_progress *p, double fraction);

/* After a pool run failed with @p rc on some worker, record the matching
 * error on the calling thread (workers' messages stay on their threads). */
int asel_progress_fail(int rc, const char *what);

#endif
