/* The mapper's speed and quality, printed, never asserted:
 *   evals   table-walk evaluations per second of random candidates (resnet50
 *           on adaptive-8), on 1 and N threads, also counted in layer costs
 *   solve   resnet50 on adaptive-8 with default settings: wall time
 *   budget  the objective after 0.1, 0.3, 1 and 3 s of GA
 *   compare GA beside every baseline on adaptive-4 and adaptive-8 for the zoo
 *   quality the default run against the best of 10 long runs (large cases)
 *   --dump DIR  writes the resnet50/adaptive-8 tables and 4096 candidates with
 *           their values for bench/map_vs_numpy.py, the Python + numpy peer.
 * usage: bench_map [evals|solve|budget|compare|quality|all] [--threads N] [--dump DIR]
 *                  [--networks LIST]   (quality: only these of resnet50,bert-base,casia-surf,mobilenetv2) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "accelsel/accelsel.h"
#include "core/pool.h"
#include "core/rng.h"
#include "map/ga_ops.h"
#include "map/map_impl.h"

#define N_CAND 4096

/* CPU seconds of the process: on a shared, loaded machine wall time also
 * counts other programs; both are printed. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static const char *const zoo[] = {"vgg16", "resnet50", "mobilenetv2", "bert-base",
                                  "two-tower", "multi-task", "casia-surf"};
static const int hetero[] = {0, 0, 0, 0, 1, 1, 1};

static accelsel_mapping_problem *make(const char *system, const char *net_name)
{
    accelsel_catalog *cat;
    accelsel_network *net;
    accelsel_mapping_problem *p = NULL;
    if (accelsel_catalog_load_builtin(&cat) || accelsel_network_load_zoo(&net, net_name, NULL))
        return NULL;
    if (accelsel_mapping_problem_new(&p, cat, system, net, NULL) != 0)
        fprintf(stderr, "%s on %s: %s\n", net_name, system, accelsel_last_error()->message);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
    return p;
}

/* N_CAND random candidates, as the GA's first generation draws them. */
static int candidates(const accelsel_mapping_problem *p, asel_map_genomes *gs, asel_ga_layers *cl)
{
    if (asel_map_genomes_new(gs, p, N_CAND) != 0)
        return -1;
    cl->at = calloc(p->n_layers, sizeof *cl->at);
    cl->n = 0;
    for (size_t i = 0; i < p->n_layers; i++)
        if (!p->is_input[p->topo[i]])
            cl->at[cl->n++] = p->topo[i];
    for (size_t i = 0; i < N_CAND; i++) {
        asel_rng r;
        asel_rng_stream(&r, 42, i);
        asel_ga_random(p, cl, &gs->g[i], &r);
    }
    return 0;
}

typedef struct walk_ctx {
    const accelsel_mapping_problem *p;
    asel_map_genomes *gs;
    asel_map_scratch *sc;
    size_t rounds;
    double *sums; /* per task, so that the walks are not optimised away */
} walk_ctx;

static int walk_task(void *ctx, size_t index, size_t worker)
{
    walk_ctx *w = ctx;
    double s = 0;
    for (size_t r = 0; r < w->rounds; r++)
        s += asel_map_walk(w->p, &w->gs->g[(index * 7 + r) % N_CAND], &w->sc[worker], NULL);
    w->sums[index] = s;
    return 0;
}

static void bench_evals(unsigned threads)
{
    accelsel_mapping_problem *p = make("adaptive-8", "resnet50");
    asel_map_genomes gs;
    asel_ga_layers cl;
    if (p == NULL || candidates(p, &gs, &cl) != 0)
        return;
    size_t nthr[2] = {1, asel_pool_threads(threads, 1024)};
    for (int k = 0; k < 2; k++) {
        asel_map_scratch sc[ACCELSEL_MAX_THREADS];
        for (size_t w = 0; w < nthr[k]; w++)
            asel_map_scratch_new(&sc[w], p);
        double sums[64];
        walk_ctx ctx = {p, &gs, sc, 2000, sums};
        size_t tasks = 64;
        double t0 = asel_map_now(), c0 = cpu_now();
        asel_pool_run(nthr[k], tasks, walk_task, &ctx);
        double t = asel_map_now() - t0, c = cpu_now() - c0, evals = (double)tasks * ctx.rounds;
        printf("evals: resnet50 on adaptive-8, %zu thread(s): %.3g evaluations/s, %.3g layer-cost "
               "table evaluations/s (%zu layers each); per CPU second %.3g and %.3g\n",
               nthr[k], evals / t, evals * (double)cl.n / t, cl.n, evals / c,
               evals * (double)cl.n / c);
        for (size_t w = 0; w < nthr[k]; w++)
            asel_map_scratch_free(&sc[w]);
    }
    asel_map_genomes_free(&gs);
    free(cl.at);
    accelsel_mapping_problem_free(p);
}

static accelsel_mapping *solve(const accelsel_mapping_problem *p, const char *method, uint64_t seed,
                               uint32_t gens, uint32_t patience, double budget, unsigned threads)
{
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_mapping *m = NULL;
    o.method = method;
    o.seed = seed;
    o.generations = gens;
    o.patience = patience;
    o.time_budget_s = budget;
    o.n_threads = threads;
    if (accelsel_mapping_solve(&m, p, &o) != 0)
        fprintf(stderr, "%s: %s\n", method, accelsel_last_error()->message);
    return m;
}

static void bench_solve(unsigned threads)
{
    accelsel_mapping_problem *p = make("adaptive-8", "resnet50");
    for (int i = 0; p && i < 3; i++) {
        double t0 = asel_map_now(), c0 = cpu_now();
        accelsel_mapping *m = solve(p, NULL, (uint64_t)i, 0, 0, 0, threads);
        double t = asel_map_now() - t0, c = cpu_now() - c0;
        printf("solve: resnet50 on adaptive-8, defaults, seed %d, %u thread(s): %.3f s wall, %.3f "
               "CPU s, %u generations, %llu evaluations, latency %.6g s\n",
               i, threads, t, c, accelsel_mapping_generations(m),
               (unsigned long long)accelsel_mapping_evaluations(m), accelsel_mapping_objective_s(m));
        accelsel_mapping_free(m);
    }
    accelsel_mapping_problem_free(p);
}

static void bench_budget(unsigned threads)
{
    static const double budgets[] = {0.1, 0.3, 1, 3};
    accelsel_mapping_problem *p = make("adaptive-8", "resnet50");
    for (int i = 0; p && i < 4; i++) {
        accelsel_mapping *m = solve(p, NULL, 1, 1000000, 1000000, budgets[i], threads);
        printf("budget: resnet50 on adaptive-8 after %.1f s: latency %.6g s (%u generations)\n",
               budgets[i], accelsel_mapping_objective_s(m), accelsel_mapping_generations(m));
        accelsel_mapping_free(m);
    }
    accelsel_mapping_problem_free(p);
}

static void compare_one(const char *system, int z, unsigned threads, double *sum_cf, int *n_cf)
{
    accelsel_mapping_problem *p = make(system, zoo[z]);
    double v[6];
    if (p == NULL)
        return;
    for (size_t i = 0; i < 5; i++) { /* every method but exhaustive */
        accelsel_mapping *m = solve(p, accelsel_mapping_method_name(i), 1, 0, 0, 0, threads);
        v[i] = m ? accelsel_mapping_objective_s(m) : NAN;
        accelsel_mapping_free(m);
    }
    printf("| %s | %s | %.4g |", system, zoo[z], v[0] * 1e3);
    for (size_t i = 1; i < 5; i++)
        printf(" %.4g (%.1f%%) |", v[i] * 1e3, 100 * (1 - v[0] / v[i]));
    printf("\n");
    sum_cf[hetero[z]] += 1 - v[0] / v[1];
    n_cf[hetero[z]]++;
    accelsel_mapping_problem_free(p);
}

static void bench_compare(unsigned threads)
{
    double sum[2] = {0, 0};
    int n[2] = {0, 0};
    printf("| system | network | GA ms | computation-first ms (GA's reduction) | h2h | single | "
           "data-parallel |\n|---|---|---|---|---|---|---|\n");
    for (int s = 0; s < 2; s++)
        for (int z = 0; z < 7; z++)
            compare_one(s ? "adaptive-8" : "adaptive-4", z, threads, sum, n);
    printf("compare: mean reduction against computation-first: typical %.1f%% (%d cases), "
           "heterogeneous %.1f%% (%d cases)\n",
           100 * sum[0] / n[0], n[0], 100 * sum[1] / n[1], n[1]);
}

static void bench_quality(unsigned threads, const char *only)
{
    static const char *const nets[] = {"resnet50", "bert-base", "casia-surf", "mobilenetv2"};
    for (int k = 0; k < 4; k++) {
        if (only != NULL && strstr(only, nets[k]) == NULL)
            continue;
        accelsel_mapping_problem *p = make("adaptive-8", nets[k]);
        if (p == NULL)
            continue;
        accelsel_mapping *d = solve(p, NULL, 1, 0, 0, 0, threads);
        double best = INFINITY;
        for (uint64_t seed = 100; seed < 110; seed++) {
            accelsel_mapping *m = solve(p, NULL, seed, 600, 200, 0, threads);
            best = fmin(best, accelsel_mapping_objective_s(m));
            accelsel_mapping_free(m);
        }
        printf("quality: %s on adaptive-8: default run %.6g s, best of 10 long runs (600 "
               "generations, patience 200) %.6g s: default within %.2f%%\n",
               nets[k], accelsel_mapping_objective_s(d), best,
               100 * (accelsel_mapping_objective_s(d) / best - 1));
        accelsel_mapping_free(d);
        accelsel_mapping_problem_free(p);
    }
}

static void put_array(const char *dir, const char *name, const void *data, size_t size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, size, f) != size)
        fprintf(stderr, "cannot write %s\n", path);
    if (f)
        fclose(f);
}

static void put_list(FILE *f, const char *key, const double *v, size_t n, const char *end)
{
    fprintf(f, "\"%s\": [", key);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%.17g", i ? ", " : "", v[i]);
    fprintf(f, "]%s\n", end);
}

/* The tables and candidates of resnet50 on adaptive-8 for the numpy peer. */
static int bench_map_dump(const char *dir)
{
    accelsel_mapping_problem *p = make("adaptive-8", "resnet50");
    asel_map_genomes gs;
    asel_ga_layers cl;
    asel_map_scratch sc;
    if (p == NULL || candidates(p, &gs, &cl) != 0 || asel_map_scratch_new(&sc, p) != 0)
        return 1;
    size_t S = p->n_slots, L = p->n_layers, cells = L * p->n_units * p->n_classes * ACCELSEL_STRATEGY_COUNT * p->gmax;
    double *tab[4], *val = calloc(N_CAND, sizeof *val), *d = calloc(L * S * 4 + 16, sizeof *d);
    for (int k = 0; k < 4; k++)
        tab[k] = calloc(cells, sizeof(double));
    for (size_t i = 0; i < cells; i++) {
        tab[0][i] = p->cost[i].comp_s;
        tab[1][i] = p->cost[i].coll_bytes;
        tab[2][i] = p->cost[i].coll_steps;
        tab[3][i] = p->cost[i].in_frac;
    }
    static const char *const names[] = {"comp.f64", "coll_bytes.f64", "coll_steps.f64", "in_frac.f64"};
    for (int k = 0; k < 4; k++)
        put_array(dir, names[k], tab[k], cells * sizeof(double));
    uint32_t *des = calloc(N_CAND * S, sizeof *des);
    uint64_t *grp = calloc(N_CAND * L, sizeof *grp);
    int8_t *st = calloc(N_CAND * L, 1);
    for (size_t i = 0; i < N_CAND; i++) {
        val[i] = asel_map_walk(p, &gs.g[i], &sc, NULL);
        memcpy(des + i * S, gs.g[i].design, S * sizeof *des);
        memcpy(grp + i * L, gs.g[i].group, L * sizeof *grp);
        memcpy(st + i * L, gs.g[i].strat, L);
    }
    put_array(dir, "design.u32", des, N_CAND * S * sizeof *des);
    put_array(dir, "group.u64", grp, N_CAND * L * sizeof *grp);
    put_array(dir, "strat.i8", st, N_CAND * L);
    put_array(dir, "values.f64", val, N_CAND * sizeof *val);
    char path[1024];
    snprintf(path, sizeof path, "%s/problem.json", dir);
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return 1;
    fprintf(f, "{\"slots\": %zu, \"layers\": %zu, \"units\": %zu, \"classes\": %zu, \"gmax\": %u,\n"
               "\"batch\": %u, \"uniform\": %d, \"never_stream\": %d, \"candidates\": %d,\n",
            S, L, p->n_units, p->n_classes, p->gmax, p->batch, p->uniform, p->never_stream, N_CAND);
#define LIST(key, n, expr) do { for (size_t i = 0; i < (n); i++) d[i] = (double)(expr); put_list(f, key, d, n, ","); } while (0)
    LIST("topo", L, p->topo[i]);
    LIST("is_input", L, p->is_input[i]);
    LIST("is_output", L, p->is_output[i]);
    LIST("out_elems", L, p->out_elems[i]);
    LIST("in_off", L + 1, p->in_off[i]);
    LIST("in_idx", p->in_off[L], p->in_idx[i]);
    LIST("applies", L * ACCELSEL_STRATEGY_COUNT, p->applies[i]);
    LIST("pool_off", S + 1, p->pool_off[i]);
    LIST("pool_unit", p->pool_off[S], p->pool_unit[i]);
    LIST("slot_class", S, p->slot_class[i]);
    LIST("host_bw", S, p->host_bw[i]);
    LIST("host_lat", S, p->host_lat[i]);
    LIST("unit_bytes", p->n_units, p->unit_bytes[i]);
#undef LIST
    fprintf(f, "\"link_bw\": %.17g, \"link_lat\": %.17g}\n", p->link_bw[1], p->link_lat[1]);
    fclose(f);
    printf("dump: %d candidates of resnet50 on adaptive-8 in %s\n", N_CAND, dir);
    return 0;
}

int main(int argc, char **argv)
{
    const char *what = "all", *dump = NULL, *nets = NULL;
    unsigned threads = 0;
    setvbuf(stdout, NULL, _IOLBF, 0); /* figures appear as they are measured */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
            threads = (unsigned)atoi(argv[++i]);
        else if (strcmp(argv[i], "--networks") == 0 && i + 1 < argc)
            nets = argv[++i];
        else if (strcmp(argv[i], "--dump") == 0 && i + 1 < argc)
            dump = argv[++i];
        else
            what = argv[i];
    }
    if (dump)
        return bench_map_dump(dump);
    int all = strcmp(what, "all") == 0;
    if (all || strcmp(what, "evals") == 0)
        bench_evals(threads);
    if (all || strcmp(what, "solve") == 0)
        bench_solve(threads);
    if (all || strcmp(what, "budget") == 0)
        bench_budget(threads);
    if (all || strcmp(what, "compare") == 0)
        bench_compare(threads);
    if (all || strcmp(what, "quality") == 0)
        bench_quality(threads, nets);
    return 0;
}
