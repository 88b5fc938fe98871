/* One simulated day as the passes see it (sim.c), and the queue-aware
 * choice of place-lookahead (lookahead.c) that works on it. */
#ifndef SCHEDULER_RUN_H
#define SCHEDULER_RUN_H

#include "scheduler.h"

/* A waiting job's accelerators, held in the current pass from its start. */
typedef struct hold {
    size_t partition;
    uint32_t count;
    double from, until;
} hold;

typedef struct run {
    const world *w;
    job *jobs;
    size_t n, next_arrival, finished;
    scheduler_kind kind;
    size_t *pending, n_pending;
    size_t *order;              /* the pending jobs in the order they are placed */
    accelsel_decision *decided; /* per pending job */
    int *status;
    hold *holds;                /* the holds the current pass has taken */
    size_t n_holds;
    accelsel_placement *options; /* the lookahead's scratch: 1 + 3 per partition */
    double now;
    uint32_t *used;             /* per partition */
} run;

/* Set the cluster to the pass's state: the running jobs in use until their
 * expected ends, then the holds taken so far. 0 or a libaccelsel status. */
int restore(run *r);

/* Decide job @p j on the cluster's state, among its candidates on
 * partition @p partition (-1: every one) at @p count accelerators (0:
 * every count). 0 or a libaccelsel status. */
int decide(const run *r, job *j, int64_t partition, uint32_t count, accelsel_decision *d);

/* Replace the choice of @p d, the decision of the job at @p o in the pass's
 * order, by its option after which it and the jobs after it complete
 * earliest in sum (lookahead.c). The cluster's state is left as it was. */
int look_ahead(run *r, size_t o, accelsel_decision *d);

#endif
