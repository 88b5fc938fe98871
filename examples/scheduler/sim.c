/* The simulated day: jobs arrive, wait, run and finish on the cluster.
 * At each arrival or completion a pass offers every waiting job a start.
 * Under first-fit, in order of arrival, a job starts on the first partition
 * with its count free whose memory holds it. Under libaccelsel the workers
 * prepare and decide the waiting jobs in parallel against one snapshot of
 * the cluster (the accelerators in use, until their jobs' expected ends);
 * the dispatcher then takes them in order (of arrival, or of predicted
 * accelerator-hours), deciding again every job after the first, so that
 * the result does not depend on the number of workers: a job whose choice
 * is to start now starts, one that waits for a faster partition holds what
 * it waits for from its predicted start, and the jobs after it fit around
 * the holds (conservative backfilling). Under place-lookahead the
 * dispatcher weighs each job's options against the jobs after it
 * (lookahead.c). The run time of a started job is its prediction times the
 * job's error draw (real_run()); the schedulers see only predictions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "run.h"

static const accelsel_partition_info *part(const run *r, size_t p)
{
    return accelsel_place_cluster_partition(r->w->cluster, p);
}

/* When the scheduler expects a running job to end: at its predicted end;
 * past that, at its time limit; past that too, after as long again as it
 * has run (a run past its limit may go on much longer, and the guess grows
 * with it). Always after now: a start now never counts on accelerators
 * still in use. */
static double expected_end(const job *j, double now)
{
    return j->predicted_end > now ? j->predicted_end
           : j->limit_end > now   ? j->limit_end
                                  : now + (now - j->start);
}

/* Partition @p p's state in the snapshot: its running jobs as busy groups. */
static int refresh(run *r, size_t p)
{
    accelsel_busy *busy = malloc((r->n ? r->n : 1) * sizeof *busy);
    size_t k = 0;
    if (busy == NULL)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < r->n; i++) {
        const job *j = &r->jobs[i];
        if (j->started && !j->done && j->partition == p)
            busy[k++] = (accelsel_busy){ j->used, j->start, expected_end(j, r->now) };
    }
    int rc = accelsel_place_cluster_set_state(r->w->cluster, p, part(r, p)->total - r->used[p],
                                              busy, k);
    free(busy);
    return rc;
}

int restore(run *r)
{
    int rc = accelsel_place_cluster_set_now(r->w->cluster, r->now);
    for (size_t p = 0; rc == 0 && p < accelsel_place_cluster_partitions(r->w->cluster); p++)
        rc = refresh(r, p);
    for (size_t i = 0; rc == 0 && i < r->n_holds; i++) {
        const hold *h = &r->holds[i];
        rc = accelsel_place_cluster_take(r->w->cluster, h->partition, h->count, h->from, h->until);
    }
    return rc;
}

static void start(run *r, job *j, size_t p, uint32_t count, double predicted_s, double limit_s,
                  uint32_t group)
{
    j->started = 1;
    j->partition = p;
    j->used = count;
    j->start = r->now;
    j->end = r->now + real_run(r->w->bands, group, predicted_s, j);
    j->predicted_end = r->now + predicted_s;
    j->limit_end = r->now + limit_s;
    r->used[p] += count;
}

/* ---- Under libaccelsel --------------------------------------------------- */

/* A job still waiting at its deadline is late: it is prepared again
 * without one (a decision refuses a deadline that has passed). */
static int late(const run *r, const job *j)
{
    return j->deadline > 0 && j->deadline <= r->now;
}

/* Job @p j prepared: its global batch and samples, at the requested count,
 * or under place-flexible and place-lookahead at that to twice it. */
static int prepare(const run *r, job *j)
{
    accelsel_job_spec s = ACCELSEL_JOB_SPEC_INIT;
    s.network = j->net;
    s.global_batch = j->global_batch;
    s.total_samples = j->samples;
    s.min_count = j->count;
    s.max_count = r->kind == PLACE_FLEXIBLE || r->kind == PLACE_LOOKAHEAD ? 2 * j->count
                                                                          : j->count;
    s.deadline = late(r, j) ? 0 : j->deadline;
    accelsel_place_job_free(j->prepared);
    j->prepared = NULL;
    j->prepared_late = late(r, j);
    return accelsel_place_job_new(&j->prepared, r->w->pred, r->w->cluster, &s);
}

int decide(const run *r, job *j, int64_t partition, uint32_t count, accelsel_decision *d)
{
    accelsel_place_options o = ACCELSEL_PLACE_OPTIONS_INIT;
    o.policy = r->w->policy;
    o.partition = partition;
    o.min_count = o.max_count = count;
    int rc = j->prepared == NULL || late(r, j) != j->prepared_late ? prepare(r, j) : 0;
    *d = (accelsel_decision)ACCELSEL_DECISION_INIT;
    return rc < 0 ? rc : accelsel_place_decide(d, j->prepared, &o);
}

/* A worker's share of a pass: pending job @p k decided on the snapshot. */
static void decide_pending(void *ctx, size_t k)
{
    run *r = ctx;
    r->status[k] = decide(r, &r->jobs[r->pending[k]], -1, 0, &r->decided[k]);
}

/* The run whose pending jobs qsort() orders (the dispatcher's thread alone
 * sorts). */
static const run *sorting;

/* The fewest predicted accelerator-hours first; a job the workers could not
 * decide first of all (it is decided again, on this thread); then in order
 * of arrival. */
static int smaller_first(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    int fx = sorting->status[x] < 0, fy = sorting->status[y] < 0;
    double hx = sorting->decided[x].choice.accelerator_hours;
    double hy = sorting->decided[y].choice.accelerator_hours;
    if (fx != fy)
        return fy - fx;
    if (!fx && hx != hy)
        return hx < hy ? -1 : 1;
    return (x > y) - (x < y);
}

/* Every waiting job, in the order of the run's kind: started if its choice
 * is to start now, else holding the accelerators it waits for from the
 * time it can start (accelsel_place_cluster_take()), so that the jobs after
 * it are placed around it: before its hold where they end in time, or
 * after. */
static int place_pass(run *r)
{
    r->n_holds = 0;
    int rc = restore(r), changed = 0;
    if (rc < 0)
        return rc;
    pool_run(r->w->workers, decide_pending, r, r->n_pending);
    size_t *order = r->order;
    for (size_t k = 0; k < r->n_pending; k++)
        order[k] = k;
    if (r->kind != PLACE_FIFO) {
        sorting = r;
        qsort(order, r->n_pending, sizeof *order, smaller_first);
    }
    for (size_t o = 0; o < r->n_pending; o++) {
        size_t k = order[o];
        job *j = &r->jobs[r->pending[k]];
        accelsel_decision *d = &r->decided[k];
        /* After a job took its accelerators the snapshot has changed; after
         * a failure the error is the worker's: either way, decide here. */
        if (changed || r->status[k] < 0)
            r->status[k] = decide(r, j, -1, 0, d);
        if (r->status[k] == ACCELSEL_EINFEASIBLE || r->status[k] == ACCELSEL_EEMPTY) {
            j->rejected = 1; /* it fits no partition's memory, or never gets its count */
            continue;
        }
        if (r->status[k] < 0)
            return r->status[k];
        if (r->kind == PLACE_LOOKAHEAD && (rc = look_ahead(r, o, d)) < 0)
            return rc;
        const accelsel_placement *c = &d->choice;
        if ((rc = accelsel_place_cluster_take(r->w->cluster, c->partition, c->count, c->start_s,
                                              c->completion_s)) < 0)
            return rc;
        changed = 1;
        if (c->start_s == r->now)
            start(r, j, c->partition, c->count, c->run_s, c->time_limit_s, c->error_group);
        else
            r->holds[r->n_holds++] = (hold){ c->partition, c->count, c->start_s, c->completion_s };
    }
    return 0;
}

/* ---- First-fit ----------------------------------------------------------- */

/* Predict job @p j at its count on partition @p p. */
static int predict_on(const run *r, const job *j, size_t p, accelsel_prediction *res)
{
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = j->net;
    q.global_batch = j->global_batch;
    q.total_samples = j->samples;
    *res = (accelsel_prediction)ACCELSEL_PREDICTION_INIT;
    int rc = accelsel_place_cluster_request(r->w->cluster, p, j->count, &q);
    return rc < 0 ? rc : accelsel_predictor_predict(r->w->pred, &q, res);
}

static int first_fit_pass(run *r)
{
    for (size_t k = 0; k < r->n_pending; k++) {
        job *j = &r->jobs[r->pending[k]];
        int fits_somewhere = 0;
        for (size_t p = 0; p < accelsel_place_cluster_partitions(r->w->cluster) && !j->started;
             p++) {
            accelsel_prediction res;
            int rc = predict_on(r, j, p, &res);
            if (rc == ACCELSEL_EINFEASIBLE || rc == ACCELSEL_EINVAL) /* memory; no layout */
                continue;
            if (rc < 0)
                return rc;
            fits_somewhere = 1;
            if (part(r, p)->total - r->used[p] >= j->count)
                start(r, j, p, j->count, res.time_to_train_s, INFINITY, res.error_group);
        }
        j->rejected = !fits_somewhere;
    }
    return 0;
}

/* ---- The day ------------------------------------------------------------- */

/* Finish the running jobs that end by now, and queue the jobs that have
 * arrived. */
static void advance(run *r)
{
    for (size_t i = 0; i < r->n; i++) {
        job *j = &r->jobs[i];
        if (j->started && !j->done && j->end <= r->now) {
            j->done = 1;
            r->used[j->partition] -= j->used;
            r->finished++;
        }
    }
    for (; r->next_arrival < r->n && r->jobs[r->next_arrival].arrival <= r->now; r->next_arrival++)
        r->pending[r->n_pending++] = r->next_arrival;
}

/* The time of the next arrival or completion; INFINITY when none is due. */
static double next_event(const run *r)
{
    double next = r->next_arrival < r->n ? r->jobs[r->next_arrival].arrival : INFINITY;
    for (size_t i = 0; i < r->n; i++)
        if (r->jobs[i].started && !r->jobs[i].done)
            next = fmin(next, r->jobs[i].end);
    return next;
}

/* Drop the started and rejected jobs from the queue; count the rejected. */
static void compact(run *r)
{
    size_t k = 0;
    for (size_t i = 0; i < r->n_pending; i++) {
        job *j = &r->jobs[r->pending[i]];
        if (j->rejected)
            r->finished++;
        else if (!j->started)
            r->pending[k++] = r->pending[i];
    }
    r->n_pending = k;
}

static void summarise(const run *r, summary *out)
{
    double *jct = malloc((r->n ? r->n : 1) * sizeof *jct), first = INFINITY, last = 0, used = 0;
    double total = 0, q = 0.99, p99 = NAN;
    size_t n = 0;
    *out = (summary){ 0 };
    for (size_t p = 0; p < accelsel_place_cluster_partitions(r->w->cluster); p++)
        total += part(r, p)->total;
    for (size_t i = 0; i < r->n; i++) {
        const job *j = &r->jobs[i];
        first = fmin(first, j->arrival);
        out->rejected += (size_t)j->rejected;
        out->deadline_jobs += j->deadline > 0;
        if (!j->done)
            continue;
        if (jct != NULL)
            jct[n] = j->end - j->arrival;
        out->avg_jct_h += (j->end - j->arrival) / 3600;
        n++;
        last = fmax(last, j->end);
        used += j->used * (j->end - j->start);
        out->deadline_misses += j->deadline > 0 && j->end > j->deadline;
        out->over_limit += j->end > j->limit_end;
    }
    if (jct != NULL && accelsel_quantiles(jct, n, &q, 1, &p99) == 0)
        out->p99_jct_h = p99 / 3600;
    free(jct);
    out->finished = n;
    out->avg_jct_h /= n ? (double)n : 1;
    out->makespan_h = (last - first) / 3600;
    out->utilisation = used / (total * (last - first));
}

/* The run fields of every job back to "not arrived"; with @p keep, the
 * prepared jobs are freed and the rest kept for the caller to read. */
static void reset(job *jobs, size_t n, int keep)
{
    for (size_t i = 0; i < n; i++) {
        accelsel_place_job_free(jobs[i].prepared);
        jobs[i].prepared = NULL;
        if (keep)
            continue;
        jobs[i].started = jobs[i].done = jobs[i].rejected = 0;
        jobs[i].used = 0;
        jobs[i].limit_end = INFINITY;
    }
}

static int day(run *r)
{
    int rc = 0;
    while (rc == 0 && r->finished < r->n) {
        advance(r);
        rc = r->kind == FIRST_FIT ? first_fit_pass(r) : place_pass(r);
        compact(r);
        r->now = next_event(r);
        if (isinf(r->now)) /* nothing runs and nothing comes: the rest would wait for ever */
            for (size_t k = 0; k < r->n_pending; k++, r->finished++)
                r->jobs[r->pending[k]].rejected = 1;
    }
    return rc;
}

int simulate(const world *w, job *jobs, size_t n, scheduler_kind kind, summary *out)
{
    size_t parts = accelsel_place_cluster_partitions(w->cluster);
    run r = { .w = w, .jobs = jobs, .n = n, .kind = kind };
    r.pending = calloc(n ? n : 1, sizeof *r.pending);
    r.order = calloc(n ? n : 1, sizeof *r.order);
    r.decided = calloc(n ? n : 1, sizeof *r.decided);
    r.status = calloc(n ? n : 1, sizeof *r.status);
    r.holds = calloc(n ? n : 1, sizeof *r.holds);
    r.options = calloc(1 + 3 * parts, sizeof *r.options);
    r.used = calloc(parts ? parts : 1, sizeof *r.used);
    int rc = r.pending && r.order && r.decided && r.status && r.holds && r.options && r.used
                 ? 0
                 : ACCELSEL_ENOMEM;
    reset(jobs, n, 0);
    if (rc == 0 && (rc = day(&r)) == 0)
        summarise(&r, out);
    else
        fprintf(stderr, "scheduler: %s\n", accelsel_last_error()->message);
    reset(jobs, n, 1);
    free(r.pending);
    free(r.order);
    free(r.decided);
    free(r.status);
    free(r.holds);
    free(r.options);
    free(r.used);
    return rc;
}
