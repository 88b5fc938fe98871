/* The queue-aware choice of place-lookahead. A waiting job's options are
 * its choice, and on each partition its best placement, its placement at
 * the requested count and at twice it. Each option is tried on the state
 * the pass has reached: its accelerators are taken, then each job after
 * it in the pass's order takes its own choice, as the pass would place it;
 * the option after which the predicted completions of the job and of the
 * jobs after it sum least is the job's (ties: the earlier option, the
 * job's own choice first). A job's earliest completion alone gives the
 * fast partitions to whoever comes first; the sum counts what its choice
 * costs the queue behind it. */
#include <math.h>

#include "run.h"

/* The sum of the predicted completions of the jobs from @p from on in the
 * pass's order, each taking its choice on the state, into *sum. */
static int tail(run *r, size_t from, double *sum)
{
    *sum = 0;
    for (size_t o = from; o < r->n_pending; o++) {
        accelsel_decision d;
        int rc = decide(r, &r->jobs[r->pending[r->order[o]]], -1, 0, &d);
        if (rc == ACCELSEL_EINFEASIBLE || rc == ACCELSEL_EEMPTY) /* rejected in its turn */
            continue;
        const accelsel_placement *c = &d.choice;
        if (rc == 0)
            rc = accelsel_place_cluster_take(r->w->cluster, c->partition, c->count, c->start_s,
                                             c->completion_s);
        if (rc < 0)
            return rc;
        *sum += c->completion_s;
    }
    return 0;
}

/* Whether @p opt already holds a placement on @p c's partition and count. */
static int known(const accelsel_placement *opt, size_t n, const accelsel_placement *c)
{
    for (size_t i = 0; i < n; i++)
        if (opt[i].partition == c->partition && opt[i].count == c->count)
            return 1;
    return 0;
}

/* Job @p j's options into r->options: how many. */
static size_t options(run *r, job *j, const accelsel_decision *d)
{
    accelsel_placement *opt = r->options;
    size_t n = 0;
    opt[n++] = d->choice;
    for (size_t p = 0; p < accelsel_place_cluster_partitions(r->w->cluster); p++) {
        const uint32_t counts[3] = { 0, j->count, 2 * j->count };
        for (int k = 0; k < 3; k++) {
            accelsel_decision e;
            /* A count the job has no candidate at on p is no option. */
            if (decide(r, j, (int64_t)p, counts[k], &e) == 0 && !known(opt, n, &e.choice))
                opt[n++] = e.choice;
        }
    }
    return n;
}

int look_ahead(run *r, size_t o, accelsel_decision *d)
{
    size_t n = options(r, &r->jobs[r->pending[r->order[o]]], d), best = 0;
    double least = INFINITY;
    for (size_t x = 0; n > 1 && x < n; x++) {
        const accelsel_placement *c = &r->options[x];
        double sum = 0;
        int rc = accelsel_place_cluster_take(r->w->cluster, c->partition, c->count, c->start_s,
                                             c->completion_s);
        if (rc == 0)
            rc = tail(r, o + 1, &sum);
        int back = restore(r);
        if (rc < 0 || back < 0)
            return rc < 0 ? rc : back;
        if (c->completion_s + sum < least) {
            least = c->completion_s + sum;
            best = x;
        }
    }
    d->choice = r->options[best];
    return 0;
}
