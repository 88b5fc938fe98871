/* accelsel map: map a network onto a multi-accelerator system with the
 * library's two-level genetic algorithm or a baseline, evaluate a saved
 * mapping, compare against every baseline, save, print and draw. */
#include <math.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#include "map.h"
#include "progress.h"

#define DEFAULT_GENERATIONS 100 /* the library's default, for the progress bar's fraction */
#define MAP_INTERRUPTED 100     /* solve stopped by Ctrl-C: report the best so far, then fail */

/* Set by SIGINT during a solve; the progress callback then asks the library
 * to stop, and the best mapping so far is still reported. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

static int build_problem(accelsel_mapping_problem **p, const map_args *a)
{
    accelsel_catalog *cat = NULL;
    accelsel_network *net = NULL;
    int status = cli_open_catalog(&cat, a->catalog);
    if (status == CLI_OK)
        status = cli_load_network(&net, a->network);
    if (status == CLI_OK) {
        accelsel_mapping_problem_options o = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
        o.batch = (uint32_t)a->batch;
        o.objective = a->throughput ? ACCELSEL_OBJECTIVE_THROUGHPUT : ACCELSEL_OBJECTIVE_LATENCY;
        int rc = accelsel_mapping_problem_new(p, cat, a->system, net, &o);
        if (rc != 0)
            status = cli_fail(rc, a->system);
    }
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
    return status;
}

typedef struct progress_state {
    cli_progress *bar;
    double generations, budget_s, start_s;
} progress_state;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int on_progress(uint32_t generation, double best_s, uint64_t evaluations, void *payload)
{
    progress_state *s = payload;
    double f = (double)generation / s->generations;
    if (s->budget_s > 0)
        f = fmax(f, (now_s() - s->start_s) / s->budget_s);
    char detail[96];
    snprintf(detail, sizeof detail, "generation %u, best %.6g s, %llu evaluations", generation,
             best_s, (unsigned long long)evaluations);
    cli_progress_update(s->bar, f, detail);
    return interrupted != 0;
}

static int solve(const accelsel_mapping_problem *p, const map_args *a, accelsel_mapping **m)
{
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    o.method = a->baseline;
    o.seed = a->seed;
    o.n_threads = (uint32_t)a->threads;
    o.generations = (uint32_t)a->generations;
    o.population = (uint32_t)a->population;
    o.patience = (uint32_t)a->patience;
    o.time_budget_s = a->time_budget;
    /* Machine-readable output goes to pipes and files: no bar there. */
    progress_state s = {a->format == CLI_FORMAT_TABLE ? cli_progress_new("map") : NULL,
                        a->has_generations ? (double)a->generations : DEFAULT_GENERATIONS,
                        a->time_budget, now_s()};
    o.progress = on_progress;
    o.payload = &s;
    struct sigaction old, sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old);
    int rc = accelsel_mapping_solve(m, p, &o);
    sigaction(SIGINT, &old, NULL);
    cli_progress_done(s.bar);
    if (rc == ACCELSEL_ECANCELED && *m != NULL) {
        fprintf(stderr, "accelsel: map: interrupted: the best mapping after %u generations follows\n",
                accelsel_mapping_generations(*m));
        return MAP_INTERRUPTED;
    }
    if (rc != 0) {
        accelsel_mapping_free(*m);
        *m = NULL;
        return cli_fail(rc, a->baseline != NULL ? a->baseline : "genetic algorithm");
    }
    return CLI_OK;
}

static int find_mapping(const accelsel_mapping_problem *p, const map_args *a, accelsel_mapping **m)
{
    if (a->evaluate == NULL)
        return solve(p, a, m);
    if (cli_check_input_file(a->evaluate) != CLI_OK)
        return CLI_FAIL;
    int rc = accelsel_mapping_load_file(m, p, a->evaluate);
    return rc != 0 ? cli_fail(rc, a->evaluate) : CLI_OK;
}

static void print(const map_view *v, const map_compare *c, int format)
{
    if (format == CLI_FORMAT_JSON)
        map_print_json(v, c);
    else if (format == CLI_FORMAT_YAML)
        map_print_yaml(v, c);
    else
        map_print_table(v, c);
}

static int save(const accelsel_mapping *m, const char *path)
{
    int rc = accelsel_mapping_save_file(m, path);
    return rc != 0 ? cli_fail(rc, "map: --save") : CLI_OK;
}

/* Everything after the search: outputs first, then the files. */
static int report(const accelsel_mapping_problem *p, const accelsel_mapping *m, const map_args *a)
{
    map_compare c;
    int status =
        a->compare ? map_compare_run(p, (uint32_t)a->threads, a->time_budget, &c) : CLI_OK;
    char title[160];
    snprintf(title, sizeof title, "%s on %s, batch %u", accelsel_mapping_problem_network(p),
             accelsel_mapping_problem_system(p), accelsel_mapping_problem_batch(p));
    map_view v;
    if (status == CLI_OK)
        status = map_view_read(&v, p, m, title);
    if (status != CLI_OK)
        return status;
    print(&v, a->compare ? &c : NULL, a->format);
    if (status == CLI_OK && a->save != NULL)
        status = save(m, a->save);
    if (status == CLI_OK && a->gantt != NULL)
        status = map_gantt(a->gantt, &v);
    if (status == CLI_OK && a->plot != NULL)
        status = map_plot(a->plot, m, a->compare ? &c : NULL);
    map_view_free(&v);
    return status;
}

int cli_map(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        map_print_usage(stdout);
        return CLI_OK;
    }
    map_args a;
    int status = map_parse_args(argc, argv, &a);
    if (status != CLI_OK)
        return status;
    accelsel_mapping_problem *p = NULL;
    accelsel_mapping *m = NULL;
    status = build_problem(&p, &a);
    if (status == CLI_OK)
        status = find_mapping(p, &a, &m);
    if (status == MAP_INTERRUPTED) {
        report(p, m, &a); /* the best so far; then fail, since the search did not finish */
        status = CLI_FAIL;
    } else if (status == CLI_OK) {
        status = report(p, m, &a);
    }
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(p);
    return status;
}
