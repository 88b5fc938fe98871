/* scheduler: a cluster scheduler that links libaccelsel. It builds a
 * catalog, a predictor and a cluster once, reads a day of jobs, and runs
 * the day on the simulated cluster five times per seed: under first-fit
 * (in order of arrival, the first partition with the requested count
 * free), and under a libaccelsel policy (earliest completion by default),
 * its worker threads preparing and deciding the waiting jobs, taken in
 * order of arrival (place-fifo) or fewest predicted accelerator-hours first
 * (place-smallest), at the requested count, fewest first at the requested
 * count to twice it (place-flexible: the job's global batch over more
 * accelerators), and as that with each choice weighed against the jobs
 * after it (place-lookahead). Each job's real run time is its prediction
 * times a draw of the predictor's held-out error (noise.c), the same under
 * all five. It prints average and 99th-percentile job completion time
 * (arrival to end), makespan, accelerator utilisation, deadline misses and
 * runs over their time limit, per seed, then their means and ranges over
 * the seeds and the change of the average against first-fit.
 * docs/placement.md, "The scheduler example".
 *
 * usage: scheduler [--trace FILE] [--cluster FILE] [--seeds N] [--first-seed S]
 *                  [--threads N] [--jobs N] [--schedule FILE]
 *   defaults: examples/scheduler/trace.csv, examples/scheduler/cluster.yaml
 *   (run from the source tree), 10 seeds from 1, 4 threads, every job;
 *   --schedule writes every seed's jobs under each scheduler as CSV. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler.h"

typedef struct options {
    const char *trace, *cluster, *schedule;
    unsigned long seeds, first_seed, threads, jobs, policy;
} options;

static int usage(void)
{
    fprintf(stderr, "usage: scheduler [--trace FILE] [--cluster FILE] [--seeds N] "
                    "[--first-seed S] [--threads N] [--jobs N] [--policy NAME] "
                    "[--schedule FILE]\n");
    return 2;
}

static int number(const char *s, unsigned long *out)
{
    char *end;
    errno = 0;
    *out = strtoul(s, &end, 10);
    return errno == 0 && end != s && *end == '\0' && s[0] != '-' ? 0 : -1;
}

static int policy_of(const char *name, unsigned long *out)
{
    for (uint32_t p = 0; p < ACCELSEL_POLICY_COUNT; p++)
        if (strcmp(accelsel_place_policy_name(p), name) == 0) {
            *out = p;
            return 0;
        }
    return -1;
}

static int parse_args(int argc, char **argv, options *o)
{
    *o = (options){ "examples/scheduler/trace.csv", "examples/scheduler/cluster.yaml", NULL, 10,
                    1, 4, 0, ACCELSEL_POLICY_EARLIEST_COMPLETION };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int ok = v != NULL;
        if (ok && strcmp(a, "--trace") == 0)
            o->trace = v;
        else if (ok && strcmp(a, "--cluster") == 0)
            o->cluster = v;
        else if (ok && strcmp(a, "--schedule") == 0)
            o->schedule = v;
        else if (ok && strcmp(a, "--seeds") == 0)
            ok = number(v, &o->seeds) == 0 && o->seeds > 0;
        else if (ok && strcmp(a, "--first-seed") == 0)
            ok = number(v, &o->first_seed) == 0;
        else if (ok && strcmp(a, "--threads") == 0)
            ok = number(v, &o->threads) == 0 && o->threads > 0 && o->threads <= 256;
        else if (ok && strcmp(a, "--jobs") == 0)
            ok = number(v, &o->jobs) == 0;
        else if (ok && strcmp(a, "--policy") == 0)
            ok = policy_of(v, &o->policy) == 0;
        else
            ok = 0;
        if (!ok)
            return -1;
        i++;
    }
    return 0;
}

/* ---- The trace ----------------------------------------------------------- */

typedef struct trace {
    job *jobs;
    size_t n;
    accelsel_network **nets;
    size_t n_nets;
} trace;

/* The network named @p name (a zoo name, or a file ending in .yaml), loaded
 * once. */
static const accelsel_network *network(trace *t, const char *name)
{
    for (size_t i = 0; i < t->n_nets; i++)
        if (strcmp(accelsel_network_name(t->nets[i]), name) == 0)
            return t->nets[i];
    size_t len = strlen(name);
    accelsel_network *net;
    int rc = len > 5 && strcmp(name + len - 5, ".yaml") == 0
                 ? accelsel_network_load_file(&net, name, NULL)
                 : accelsel_network_load_zoo(&net, name, NULL);
    if (rc < 0)
        return NULL;
    t->nets[t->n_nets++] = net;
    return net;
}

static int column(const accelsel_dataset *ds, const char *name, size_t *col)
{
    return accelsel_dataset_column_index(ds, name, col);
}

static int read_jobs(trace *t, const accelsel_dataset *ds, size_t limit)
{
    enum { ARRIVAL, NETWORK, COUNT, BATCH, SAMPLES, DEADLINE, N_COLS };
    static const char *const names[N_COLS] = { "arrival_s", "network", "count", "global_batch",
                                               "samples", "deadline_s" };
    size_t col[N_COLS];
    for (int k = 0; k < N_COLS; k++)
        if (column(ds, names[k], &col[k]) < 0)
            return -1;
    t->n = accelsel_dataset_rows(ds);
    t->n = limit > 0 && limit < t->n ? limit : t->n;
    t->jobs = calloc(t->n ? t->n : 1, sizeof *t->jobs);
    t->nets = calloc(t->n ? t->n : 1, sizeof *t->nets);
    if (t->jobs == NULL || t->nets == NULL)
        return -1;
    for (size_t i = 0; i < t->n; i++) {
        job *j = &t->jobs[i];
        double deadline = accelsel_dataset_number(ds, i, col[DEADLINE]);
        const char *name = accelsel_dataset_string(ds, i, col[NETWORK]);
        *j = (job){ .id = i, .arrival = accelsel_dataset_number(ds, i, col[ARRIVAL]),
                    .deadline = isnan(deadline) ? 0 : deadline,
                    .count = (uint32_t)accelsel_dataset_number(ds, i, col[COUNT]),
                    .global_batch = accelsel_dataset_number(ds, i, col[BATCH]),
                    .samples = accelsel_dataset_number(ds, i, col[SAMPLES]) };
        if (name == NULL || (j->net = network(t, name)) == NULL || j->count == 0 ||
            (i > 0 && j->arrival < t->jobs[i - 1].arrival))
            return -1;
    }
    return 0;
}

static void free_trace(trace *t)
{
    for (size_t i = 0; i < t->n_nets; i++)
        accelsel_network_free(t->nets[i]);
    free(t->nets);
    free(t->jobs);
}

/* ---- Draws and bands ----------------------------------------------------- */

/* splitmix64: the job's draws are a function of (seed, job) alone. */
static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void draw(job *jobs, size_t n, uint64_t seed)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t a = mix(seed * 0x100000001b3ull + i), b = mix(a);
        jobs[i].u = (double)(a >> 11) / 9007199254740992.0;
        jobs[i].slower = (int)(b >> 63);
    }
}

/* Each group's band; group none takes the widest, as time limits do. */
static void read_bands(const accelsel_predictor *p, error_bands *b)
{
    b->median[0] = b->p90[0] = NAN;
    for (uint32_t g = ACCELSEL_ERROR_GROUP_A; g <= ACCELSEL_ERROR_GROUP_STEPS; g++) {
        accelsel_error_summary s = ACCELSEL_ERROR_SUMMARY_INIT;
        accelsel_predictor_error_band(p, g, &s);
        b->median[g] = s.median_ape;
        b->p90[g] = s.p90_ape;
        if (s.rows > 0 && !(s.median_ape <= b->median[0]))
            b->median[0] = s.median_ape;
        if (s.rows > 0 && !(s.p90_ape <= b->p90[0]))
            b->p90[0] = s.p90_ape;
    }
}

/* ---- Main ---------------------------------------------------------------- */

typedef struct setup {
    accelsel_catalog *cat;
    accelsel_predictor *pred;
    accelsel_place_cluster *cluster;
    accelsel_dataset *rows;
    error_bands bands;
    trace t;
    pool *workers;
} setup;

static int build(setup *s, const options *o)
{
    if (accelsel_catalog_load_builtin(&s->cat) < 0 || accelsel_predictor_new(&s->pred, s->cat, NULL) < 0 ||
        accelsel_place_cluster_load_file(&s->cluster, s->cat, o->cluster) < 0 ||
        accelsel_dataset_load_csv(&s->rows, o->trace, NULL) < 0) {
        fprintf(stderr, "scheduler: %s\n", accelsel_last_error()->message);
        return -1;
    }
    if (read_jobs(&s->t, s->rows, o->jobs) < 0) {
        fprintf(stderr, "scheduler: %s: not a job trace (%s)\n", o->trace,
                accelsel_last_error()->message);
        return -1;
    }
    read_bands(s->pred, &s->bands);
    if ((s->workers = pool_new(o->threads)) == NULL) {
        fprintf(stderr, "scheduler: cannot start %lu threads\n", o->threads);
        return -1;
    }
    return 0;
}

static void tear_down(setup *s)
{
    pool_free(s->workers);
    free_trace(&s->t);
    accelsel_dataset_free(s->rows);
    accelsel_place_cluster_free(s->cluster);
    accelsel_predictor_free(s->pred);
    accelsel_catalog_free(s->cat);
}

static int run_seeds(setup *s, const options *o, FILE *schedule)
{
    world w = { s->pred, s->cluster, &s->bands, s->workers, (uint32_t)o->policy };
    summary *sums = calloc(N_KINDS * o->seeds, sizeof *sums);
    int rc = sums != NULL ? 0 : -1;
    print_header();
    for (unsigned long k = 0; rc == 0 && k < o->seeds; k++) {
        unsigned long seed = o->first_seed + k;
        draw(s->t.jobs, s->t.n, seed);
        for (int kind = 0; rc == 0 && kind < N_KINDS; kind++) {
            summary *sum = &sums[k * N_KINDS + (size_t)kind];
            rc = simulate(&w, s->t.jobs, s->t.n, (scheduler_kind)kind, sum);
            if (rc == 0 && schedule != NULL)
                rc = write_schedule(schedule, seed, s->t.jobs, s->t.n, (scheduler_kind)kind,
                                    s->cluster);
            if (rc == 0)
                print_row(seed, (scheduler_kind)kind, sum);
        }
    }
    if (rc == 0)
        print_summary(sums, o->seeds);
    free(sums);
    return rc;
}

int main(int argc, char **argv)
{
    options o;
    if (parse_args(argc, argv, &o) < 0)
        return usage();
    setup s = { 0 };
    FILE *schedule = NULL;
    int rc = build(&s, &o);
    if (rc == 0 && o.schedule != NULL && (schedule = fopen(o.schedule, "w")) == NULL) {
        fprintf(stderr, "scheduler: %s: %s\n", o.schedule, strerror(errno));
        rc = -1;
    }
    if (rc == 0) {
        size_t total = 0;
        for (size_t p = 0; p < accelsel_place_cluster_partitions(s.cluster); p++)
            total += accelsel_place_cluster_partition(s.cluster, p)->total;
        printf("%zu jobs (%s) on %zu partitions of %zu accelerators (%s), %lu worker threads\n",
               s.t.n, o.trace, accelsel_place_cluster_partitions(s.cluster), total, o.cluster,
               o.threads);
        if (schedule != NULL)
            fprintf(schedule, "seed,scheduler,job,partition,count,start_s,end_s,limit_end_s\n");
        rc = run_seeds(&s, &o, schedule);
    }
    if (schedule != NULL && fclose(schedule) != 0)
        rc = -1;
    tear_down(&s);
    return rc == 0 ? 0 : 1;
}
