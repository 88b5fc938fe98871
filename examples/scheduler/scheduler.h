/* The scheduler example (examples/scheduler/scheduler.c): a day of jobs on a
 * simulated cluster, placed by libaccelsel or first-fit. */
#ifndef SCHEDULER_H
#define SCHEDULER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <accelsel/accelsel.h>

/* What schedules the jobs of a run: first-fit, or libaccelsel's decisions
 * taken in order of arrival or smallest predicted job first, at the
 * requested count or at that to twice it (the job's global batch spread
 * over more accelerators), each job's earliest completion or the queue's. */
typedef enum scheduler_kind {
    FIRST_FIT,       /* in order of arrival, the first partition with the count free */
    PLACE_FIFO,      /* in order of arrival, at the requested count */
    PLACE_SMALLEST,  /* the fewest predicted accelerator-hours first, at the requested count */
    PLACE_FLEXIBLE,  /* the fewest predicted accelerator-hours first, at the count to twice it */
    PLACE_LOOKAHEAD, /* as place-flexible, each choice weighed against the jobs after it */
    N_KINDS
} scheduler_kind;

/* One job of the trace, and what a run made of it. */
typedef struct job {
    size_t id;
    double arrival, deadline;    /* seconds; deadline 0 = none */
    const accelsel_network *net; /* borrowed from the run's networks */
    uint32_t count;              /* accelerators asked for */
    double global_batch, samples; /* samples per step over all accelerators; in all */
    double u;                    /* the job's draw of the prediction error, in [0, 1) */
    int slower;                  /* 1: the real run is longer than predicted */
    /* Set by a run. */
    accelsel_place_job *prepared;
    int prepared_late;           /* prepared without its deadline, which has passed */
    int started, done, rejected;
    size_t partition;
    uint32_t used;
    double start, end, predicted_end, limit_end;
} job;

/* The held-out error figures of each error group (ACCELSEL_ERROR_GROUP_*),
 * group none holding the widest, as the time limits use them. */
typedef struct error_bands {
    double median[5], p90[5];
} error_bands;

typedef struct pool pool;

/* What a run needs, shared by its workers (read-only during a pass). */
typedef struct world {
    const accelsel_predictor *pred;
    accelsel_place_cluster *cluster;
    const error_bands *bands;
    pool *workers;
    uint32_t policy; /* ACCELSEL_POLICY_* */
} world;

/* The figures of one run. */
typedef struct summary {
    double avg_jct_h, p99_jct_h, makespan_h, utilisation;
    size_t deadline_jobs, deadline_misses, over_limit, rejected, finished;
} summary;

/* Run @p jobs (in arrival order; their run fields are reset) on @p w's
 * cluster, from an idle state, under @p kind: 0, or a libaccelsel status
 * with its message on stderr. */
int simulate(const world *w, job *jobs, size_t n, scheduler_kind kind, summary *out);

/* The real run time of a job predicted at @p predicted_s in error group
 * @p group: the prediction times a factor whose absolute percentage error
 * follows the group's held-out figures (docs/placement.md). */
double real_run(const error_bands *b, uint32_t group, double predicted_s, const job *j);

/* ---- Report (report.c) ---- */

extern const char *const kind_names[N_KINDS];

void print_header(void);

/* The figures of one seed's run under @p kind. */
void print_row(unsigned long seed, scheduler_kind kind, const summary *s);

/* The mean and range over @p n_seeds seeds of each figure of each
 * scheduler (@p sums: seed after seed, N_KINDS each), and of the change of
 * the average job completion time against first-fit. */
void print_summary(const summary *sums, size_t n_seeds);

/* The jobs of one run as CSV rows (seed, scheduler, job, partition,
 * count, start, end, the end of the time limit): 0 or -1. */
int write_schedule(FILE *f, unsigned long seed, const job *jobs, size_t n, scheduler_kind kind,
                   const accelsel_place_cluster *c);

/* ---- Worker threads: a pool that runs one function over n items. ---- */

/* @p n_threads workers (0 or 1: the calling thread alone). NULL on failure. */
pool *pool_new(size_t n_threads);

/* Call fn(ctx, i) for i in [0, n) on the workers and wait for all. */
void pool_run(pool *p, void (*fn)(void *ctx, size_t i), void *ctx, size_t n);

void pool_free(pool *p);

#endif
