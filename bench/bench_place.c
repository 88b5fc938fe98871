/* Speed of placement (include/accelsel/place.h) on a cluster of six
 * partitions (H100, H200, A100, V100, L40S, MI300X; 8 accelerators a node,
 * some busy), every job allowed 1 to 64 accelerators: 70 candidates a job.
 * Three figures, on one thread and on every core, each beside the others
 * in the same run:
 *   decisions  a job prepared and decided: accelsel_place_job_new() (one
 *              prediction per candidate, the device steps shared) and
 *              accelsel_place_decide() (earliest completion);
 *   re-decide  accelsel_place_decide() alone on a prepared job, what a
 *              scheduler runs as its queue moves;
 *   peer       the same search with one accelsel_predictor_predict() per
 *              candidate and the same choice (earliest completion).
 * The jobs cycle over six zoo networks at 256 samples a device, 10 epochs.
 * Prints figures, never fails on time.
 *
 * usage: bench_place [SECONDS]   (each figure timed over SECONDS, default 1)
 *
 * A JSON line per figure with "seconds" (per decision) for
 * tools/run-bench --against. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "accelsel/accelsel.h"

static const char cluster_yaml[] =
    "version: 1\nnow: 0\npartitions:\n"
    "  - {name: h100, device: h100-sxm5-80gb, nodes: 4, per_node: 8, free: 16,\n"
    "     busy: [{count: 8, until: 1800}, {count: 8, until: 7200}]}\n"
    "  - {name: h200, device: h200-sxm-141gb, nodes: 2, per_node: 8}\n"
    "  - {name: a100, device: a100-sxm4-80gb, nodes: 8, per_node: 8, free: 40,\n"
    "     busy: [{count: 24, until: 3600}]}\n"
    "  - {name: v100, device: v100-sxm2-32gb, nodes: 8, per_node: 8}\n"
    "  - {name: l40s, device: l40s, nodes: 4, per_node: 8}\n"
    "  - {name: mi300x, device: mi300x, nodes: 2, per_node: 8}\n";

static const char *const networks[] = { "resnet50", "bert-base", "vgg16", "mobilenetv2",
                                        "gpt2-small", "resnet18" };
#define N_NETS (sizeof networks / sizeof networks[0])
#define MAX_COUNT 64

typedef struct fixture {
    accelsel_catalog *cat;
    accelsel_predictor *pred;
    accelsel_place_cluster *cluster;
    accelsel_network *nets[N_NETS];
    accelsel_place_job *prepared[N_NETS];
} fixture;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static accelsel_job_spec job_of(const fixture *f, size_t k)
{
    accelsel_job_spec j = ACCELSEL_JOB_SPEC_INIT;
    j.network = f->nets[k % N_NETS];
    j.max_count = MAX_COUNT;
    j.epochs = 10;
    return j;
}

static double decide_fresh(const fixture *f, size_t k)
{
    accelsel_job_spec j = job_of(f, k);
    accelsel_place_job *job;
    accelsel_decision d = ACCELSEL_DECISION_INIT;
    if (accelsel_place_job_new(&job, f->pred, f->cluster, &j) != 0 ||
        accelsel_place_decide(&d, job, NULL) != 0)
        abort();
    accelsel_place_job_free(job);
    return d.choice.completion_s;
}

static double decide_prepared(const fixture *f, size_t k)
{
    accelsel_decision d = ACCELSEL_DECISION_INIT;
    if (accelsel_place_decide(&d, f->prepared[k % N_NETS], NULL) != 0)
        abort();
    return d.choice.completion_s;
}

/* The earliest time @p count accelerators of @p p are free. */
static double start_of(const accelsel_partition_info *p, double t0, uint32_t count)
{
    double best = count <= p->free ? t0 : INFINITY;
    for (size_t i = 0; i < p->n_busy && isinf(best); i++) {
        uint64_t have = p->free;
        for (size_t k = 0; k < p->n_busy; k++)
            have += p->busy[k].until <= p->busy[i].until ? p->busy[k].count : 0;
        if (have >= count)
            best = fmax(p->busy[i].until, t0);
    }
    return best;
}

/* The peer: every candidate predicted on its own, the earliest completion. */
static double decide_peer(const fixture *f, size_t k)
{
    const accelsel_catalog *cat = f->cat;
    double best = INFINITY, t0 = accelsel_place_cluster_now(f->cluster);
    for (size_t i = 0; i < accelsel_place_cluster_partitions(f->cluster); i++) {
        const accelsel_partition_info *p = accelsel_place_cluster_partition(f->cluster, i);
        for (uint32_t n = 1; n <= MAX_COUNT && n <= p->total; n++) {
            if (n > p->per_node && n % p->per_node != 0)
                continue;
            accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
            accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
            q.network = f->nets[k % N_NETS];
            q.device = accelsel_catalog_device(cat, (size_t)p->device)->name;
            q.count = n, q.per_node = n <= p->per_node ? n : p->per_node;
            q.nodes = n / q.per_node, q.epochs = 10;
            if (accelsel_predictor_predict(f->pred, &q, &r) == 0)
                best = fmin(best, start_of(p, t0, n) + r.time_to_train_s);
        }
    }
    return best;
}

typedef double (*decider)(const fixture *, size_t);

typedef struct run {
    const fixture *f;
    decider fn;
    double seconds;
    size_t done;
    double sink;
    pthread_barrier_t *start;
} run;

static void *loop(void *arg)
{
    run *r = arg;
    pthread_barrier_wait(r->start);
    double t0 = now();
    do {
        for (int i = 0; i < 16; i++)
            r->sink += r->fn(r->f, r->done++);
    } while (now() - t0 < r->seconds);
    r->seconds = now() - t0;
    return NULL;
}

/* Decisions per second of @p fn on @p n threads at once. */
static double rate(const fixture *f, decider fn, size_t n, double seconds)
{
    run *r = calloc(n, sizeof *r);
    pthread_t *tid = calloc(n, sizeof *tid);
    pthread_barrier_t start;
    if (r == NULL || tid == NULL || pthread_barrier_init(&start, NULL, (unsigned)n) != 0)
        abort();
    for (size_t t = 0; t < n; t++) {
        r[t] = (run){ f, fn, seconds, t * 7, 0, &start };
        if (pthread_create(&tid[t], NULL, loop, &r[t]) != 0)
            abort();
    }
    double total = 0;
    for (size_t t = 0; t < n; t++) {
        pthread_join(tid[t], NULL);
        total += r[t].done / r[t].seconds;
    }
    pthread_barrier_destroy(&start);
    free(r);
    free(tid);
    return total;
}

static void setup(fixture *f)
{
    if (accelsel_catalog_load_builtin(&f->cat) != 0 ||
        accelsel_predictor_new(&f->pred, f->cat, NULL) != 0 ||
        accelsel_place_cluster_load_buffer(&f->cluster, f->cat, cluster_yaml,
                                           sizeof cluster_yaml - 1) != 0) {
        fprintf(stderr, "bench_place: %s\n", accelsel_last_error()->message);
        exit(1);
    }
    for (size_t k = 0; k < N_NETS; k++) {
        accelsel_job_spec j;
        if (accelsel_network_load_zoo(&f->nets[k], networks[k], NULL) != 0 ||
            (j = job_of(f, k), accelsel_place_job_new(&f->prepared[k], f->pred, f->cluster, &j)) != 0)
            abort();
    }
    /* The peer finds the same completions: the same search. */
    for (size_t k = 0; k < N_NETS; k++)
        if (decide_fresh(f, k) != decide_peer(f, k) || decide_prepared(f, k) != decide_peer(f, k)) {
            fprintf(stderr, "bench_place: the peer disagrees on %s\n", networks[k]);
            exit(1);
        }
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    size_t all = cores > 0 ? (size_t)cores : 1;
    fixture f = { 0 };
    setup(&f);
    static const char *const names[] = { "decisions", "re-decide", "peer" };
    const decider fns[] = { decide_fresh, decide_prepared, decide_peer };
    double one[3], many[3];
    for (int k = 0; k < 3; k++) {
        one[k] = rate(&f, fns[k], 1, seconds);
        many[k] = rate(&f, fns[k], all, seconds);
    }
    printf("placement on 6 partitions, 70 candidates a job, %zu cores\n", all);
    printf("%-10s %14s %14s %14s %12s\n", "figure", "1 thread /s", "all threads /s", "per core /s",
           "x peer (1)");
    for (int k = 0; k < 3; k++)
        printf("%-10s %14.0f %14.0f %14.0f %12.1f\n", names[k], one[k], many[k], many[k] / all,
               one[k] / one[2]);
    for (int k = 0; k < 3; k++)
        printf("{\"name\": \"%s\", \"seconds\": %.9g}\n", names[k], 1 / one[k]);
    for (size_t k = 0; k < N_NETS; k++) {
        accelsel_place_job_free(f.prepared[k]);
        accelsel_network_free(f.nets[k]);
    }
    accelsel_place_cluster_free(f.cluster);
    accelsel_predictor_free(f.pred);
    accelsel_catalog_free(f.cat);
    return 0;
}
