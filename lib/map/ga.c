/* MARS's two-level genetic algorithm. The outer level evolves slot designs
 * and segment groups (elitism, tournament selection, crossover, mutation,
 * the branch move, repair); for every outer child the inner level evolves the per-layer
 * strategies on a small population. Child i of generation t draws from its
 * own generator stream (seed, t x population + i), so the result does not
 * depend on how many threads evaluate. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/pool.h"
#include "core/rng.h"
#include "map/ga_branches.h"
#include "map/ga_ops.h"
#include "map/ga_polish.h"

/* The values of fields left 0: those of ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT,
 * the one place that states them (accelsel map --help prints them). */
static const accelsel_mapping_solve_options defaults = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
#define DEFAULT_GENERATIONS defaults.generations
#define DEFAULT_POPULATION defaults.population
#define DEFAULT_PATIENCE defaults.patience
#define CROSSOVER_RATE 0.9 /* MAGMA */
/* Strong selection: with weaker tournaments (3) the population drifts
 * between mappings of equal worth and stops by patience far from the best;
 * 7 of 64 converged closer on 13 of the 14 zoo cases of docs/mapping.md. */
#define TOURNAMENT 7
/* Share of outer children that also get the branch move (ga_branches.h). */
#define BRANCH_MOVE 0.1
#define INNER_POPULATION 4
#define INNER_GENERATIONS 2
/* Candidates of the closing local search (ga_polish.h): the best and the
 * best of the last population with another value. A polished runner-up
 * sometimes beats the polished best, and on two threads both take the
 * time of one. */
#define POLISHED 2
/* Work (in walks) each candidate's local search may do, per walk of the
 * GA: on the zoo cases of adaptive-8 it does 0.2 to 0.5; on systems of 32
 * or 64 slots, where it has many more moves to try, it would do several
 * times the GA's work without this bound. */
#define POLISH_WORK 1
/* Work (in walks) each candidate's local search does between two reports
 * to the progress callback, per outer child: about what a generation
 * walks, so the callback hears as often during the search as during the
 * generations (a pass may take far longer: on 64 slots with many branches,
 * tens of seconds). */
#define POLISH_SLICE (INNER_POPULATION + INNER_GENERATIONS)
/* With a time budget, the generations stop at this share of it and the
 * local search has the rest. */
#define GA_SHARE 0.75

typedef struct ga {
    const accelsel_mapping_problem *p;
    uint64_t seed;
    size_t pop, elite;
    uint32_t gen;
    asel_ga_layers cl;
    asel_ga_forks forks;
    asel_map_genomes cur, next, inner; /* inner: INNER_POPULATION per worker */
    asel_map_genomes seeds;            /* computation-first and h2h */
    asel_ga_score *fit, *next_fit;     /* objective and excess of each candidate */
    uint64_t *evals;                   /* per child, this generation */
    size_t *order;                     /* current population, best first */
    size_t *order_tmp;                 /* room for sort_order()'s merges */
    asel_map_scratch *scratch;         /* per worker */
    asel_ga_polish polish[POLISHED];   /* the closing local search, per candidate */
    asel_map_scratch polish_sc[POLISHED];
    asel_map_layout layout[POLISHED];
    uint8_t polishing[POLISHED];       /* its last pass kept a move */
    size_t workers;
} ga;

static size_t tournament(const ga *s, asel_rng *r)
{
    size_t best = (size_t)asel_rng_below(r, s->pop);
    for (int k = 1; k < TOURNAMENT; k++) {
        size_t c = (size_t)asel_rng_below(r, s->pop);
        if (asel_ga_beats(s->fit[c], s->fit[best]) ||
            (!asel_ga_beats(s->fit[best], s->fit[c]) && c < best))
            best = c;
    }
    return best;
}

/* An infeasible candidate scores by how far it is from feasible, so that
 * a population without a feasible one still moves toward one. */
static asel_ga_score evaluate(ga *s, asel_map_genome *g, size_t worker, size_t child)
{
    s->evals[child]++;
    double v = asel_map_walk(s->p, g, &s->scratch[worker], NULL);
    return (asel_ga_score){v, s->scratch[worker].excess};
}

static void mutate_strategies(const ga *s, asel_map_genome *g, asel_rng *r, double rate)
{
    for (size_t k = 0; k < s->cl.n; k++)
        if (asel_rng_uniform(r) < rate)
            g->strat[s->cl.at[k]] = asel_ga_random_strategy(s->p, s->cl.at[k], r);
}

/* The inner level: strategies for @p child's designs and groups. Starts
 * from the inherited strategies, the greedy ones and two mutants; each
 * generation replaces the worst by a crossover of the best two, mutated. */
static asel_ga_score inner_level(ga *s, asel_map_genome *child, asel_rng *r, size_t worker,
                                 size_t ci)
{
    const accelsel_mapping_problem *p = s->p;
    asel_map_genome *in = &s->inner.g[worker * INNER_POPULATION];
    asel_ga_score f[INNER_POPULATION];
    for (int k = 0; k < INNER_POPULATION; k++)
        asel_map_genome_copy(p, &in[k], child);
    asel_map_greedy_strategies(p, &in[1]);
    mutate_strategies(s, &in[2], r, 0.1);
    mutate_strategies(s, &in[3], r, 0.1);
    for (int k = 0; k < INNER_POPULATION; k++)
        f[k] = evaluate(s, &in[k], worker, ci);
    for (int t = 0; t < INNER_GENERATIONS; t++) {
        int b0 = 0, b1 = -1, worst = 0;
        for (int k = 1; k < INNER_POPULATION; k++) {
            if (asel_ga_beats(f[k], f[b0])) {
                b1 = b0;
                b0 = k;
            } else if (b1 < 0 || asel_ga_beats(f[k], f[b1])) {
                b1 = k;
            }
            if (!asel_ga_beats(f[k], f[worst]))
                worst = k;
        }
        if (worst == b0 || worst == b1)
            continue;
        for (size_t k = 0; k < s->cl.n; k++) {
            size_t l = s->cl.at[k];
            in[worst].strat[l] = in[asel_rng_below(r, 2) ? b0 : b1].strat[l];
        }
        mutate_strategies(s, &in[worst], r, 1.0 / (double)s->cl.n);
        f[worst] = evaluate(s, &in[worst], worker, ci);
    }
    int best = 0;
    for (int k = 1; k < INNER_POPULATION; k++)
        if (asel_ga_beats(f[k], f[best]))
            best = k;
    memcpy(child->strat, in[best].strat, p->n_layers);
    return f[best];
}

static int child_task(void *ctx, size_t i, size_t worker)
{
    ga *s = ctx;
    asel_map_genome *child = &s->next.g[i];
    s->evals[i] = 0;
    if (i < s->elite) {
        asel_map_genome_copy(s->p, child, &s->cur.g[s->order[i]]);
        s->next_fit[i] = s->fit[s->order[i]];
        return 0;
    }
    asel_rng r;
    asel_rng_stream(&r, s->seed, (uint64_t)s->gen * s->pop + i);
    asel_map_genome_copy(s->p, child, &s->cur.g[tournament(s, &r)]);
    if (asel_rng_uniform(&r) < CROSSOVER_RATE)
        asel_ga_crossover(s->p, &s->cl, child, &s->cur.g[tournament(s, &r)], &r);
    asel_ga_mutate(s->p, &s->cl, child, &r);
    if (asel_rng_uniform(&r) < BRANCH_MOVE)
        asel_ga_branch_move(s->p, &s->forks, child, &r);
    asel_ga_repair(s->p, child, &r);
    s->next_fit[i] = inner_level(s, child, &r, worker, i);
    return 0;
}

/* Generation 0: the computation-first and h2h mappings, every slot on one
 * design with every layer on all slots (for each design the first pool
 * offers), then random candidates. */
static int init_task(void *ctx, size_t i, size_t worker)
{
    ga *s = ctx;
    const accelsel_mapping_problem *p = s->p;
    asel_map_genome *g = &s->next.g[i];
    asel_rng r;
    asel_rng_stream(&r, s->seed, i);
    s->evals[i] = 0;
    asel_ga_random(p, &s->cl, g, &r);
    size_t pool0 = p->pool_off[1] - p->pool_off[0];
    if (i < pool0 && i < s->pop / 4) {
        uint64_t all = p->gmax == 64 ? ~UINT64_C(0) : (UINT64_C(1) << p->gmax) - 1;
        for (size_t sl = 0; sl < p->n_slots; sl++)
            g->design[sl] = (uint32_t)(i % (p->pool_off[sl + 1] - p->pool_off[sl]));
        for (size_t k = 0; k < s->cl.n; k++)
            g->group[s->cl.at[k]] = all;
    }
    if (i + 2 >= s->pop)
        asel_map_genome_copy(p, g, &s->seeds.g[s->pop - 1 - i]);
    s->next_fit[i] = inner_level(s, g, &r, worker, i);
    return 0;
}

void asel_ga_sort_order(const asel_ga_score *fit, size_t n, size_t *order, size_t *tmp)
{
    size_t *from = order, *to = tmp;
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    for (size_t width = 1; width < n; width *= 2) { /* bottom-up merges of sorted runs */
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = mid + width < n ? mid + width : n;
            size_t a = lo, b = mid, k = lo;
            while (a < mid && b < hi) /* the left run first on ties: stable */
                to[k++] = asel_ga_beats(fit[from[b]], fit[from[a]]) ? from[b++] : from[a++];
            while (a < mid)
                to[k++] = from[a++];
            while (b < hi)
                to[k++] = from[b++];
        }
        size_t *t = from;
        from = to;
        to = t;
    }
    if (from != order)
        memcpy(order, from, n * sizeof *order);
}

static void sort_order(ga *s)
{
    asel_ga_sort_order(s->fit, s->pop, s->order, s->order_tmp);
}

/* Run one generation's tasks and make the children the population. */
static int step(ga *s, asel_task_fn fn, uint64_t *evaluations)
{
    int rc = asel_pool_run(s->workers, s->pop, fn, s);
    if (rc != 0)
        return rc;
    asel_map_genomes tg = s->cur;
    s->cur = s->next;
    s->next = tg;
    asel_ga_score *tf = s->fit;
    s->fit = s->next_fit;
    s->next_fit = tf;
    for (size_t i = 0; i < s->pop; i++)
        *evaluations += s->evals[i];
    sort_order(s);
    return 0;
}

static int ga_alloc(ga *s, const accelsel_mapping_problem *p)
{
    size_t n = s->pop;
    s->cl.at = asel_calloc(p->n_layers, sizeof *s->cl.at);
    s->fit = asel_calloc(n, sizeof *s->fit);
    s->next_fit = asel_calloc(n, sizeof *s->next_fit);
    s->evals = asel_calloc(n, sizeof *s->evals);
    s->order = asel_calloc(n, sizeof *s->order);
    s->order_tmp = asel_calloc(n, sizeof *s->order_tmp);
    s->scratch = asel_calloc(s->workers, sizeof *s->scratch);
    if (!s->cl.at || !s->fit || !s->next_fit || !s->evals || !s->order || !s->order_tmp ||
        !s->scratch)
        return ACCELSEL_ENOMEM;
    if (asel_map_genomes_new(&s->cur, p, n) || asel_map_genomes_new(&s->next, p, n) ||
        asel_map_genomes_new(&s->inner, p, s->workers * INNER_POPULATION) ||
        asel_map_genomes_new(&s->seeds, p, 2))
        return ACCELSEL_ENOMEM;
    for (size_t w = 0; w < s->workers; w++)
        if (asel_map_scratch_new(&s->scratch[w], p) != 0)
            return ACCELSEL_ENOMEM;
    if (asel_ga_forks_build(p, &s->forks) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < POLISHED; i++)
        if (asel_map_layout_new(&s->layout[i], p) != 0 ||
            asel_map_scratch_new(&s->polish_sc[i], p) != 0)
            return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < p->n_layers; i++)
        if (!p->is_input[p->topo[i]])
            s->cl.at[s->cl.n++] = p->topo[i];
    return 0;
}

static void ga_free(ga *s)
{
    for (size_t w = 0; s->scratch && w < s->workers; w++)
        asel_map_scratch_free(&s->scratch[w]);
    asel_free(s->scratch);
    asel_map_genomes_free(&s->cur);
    asel_map_genomes_free(&s->next);
    asel_map_genomes_free(&s->inner);
    asel_map_genomes_free(&s->seeds);
    asel_free(s->cl.at);
    asel_ga_forks_free(&s->forks);
    for (size_t i = 0; i < POLISHED; i++) {
        asel_map_layout_free(&s->layout[i]);
        asel_map_scratch_free(&s->polish_sc[i]);
    }
    asel_free(s->fit);
    asel_free(s->next_fit);
    asel_free(s->evals);
    asel_free(s->order);
    asel_free(s->order_tmp);
}

/* Append @p v to the history. It grows as generations run, so its size
 * follows the generations run, not the most allowed. */
static int history_push(asel_map_result *r, double v)
{
    if (asel_array_grow(&r->history, &r->history_cap, r->n_history + 1, sizeof *r->history,
                        128) != 0)
        return ACCELSEL_ENOMEM;
    r->history[r->n_history++] = v;
    return 0;
}

static asel_ga_score result_score(const asel_map_result *r)
{
    return (asel_ga_score){r->value, r->excess};
}

/* @p g, of score @p f, becomes the result. */
static void set_result(const ga *s, asel_map_result *r, const asel_map_genome *g, asel_ga_score f)
{
    asel_map_genome_copy(s->p, &r->best, g);
    r->value = f.value;
    r->excess = f.excess;
}

/* Keep the best candidate in @p r and record the generation's best. */
static int keep_best(const ga *s, asel_map_result *r)
{
    size_t b = s->order[0];
    if (asel_ga_beats(s->fit[b], result_score(r)) || r->n_history == 0)
        set_result(s, r, &s->cur.g[b], s->fit[b]);
    return history_push(r, r->value);
}

static int polish_task(void *ctx, size_t i, size_t worker)
{
    ga *s = ctx;
    (void)worker;
    if (s->polishing[i])
        s->polishing[i] = (uint8_t)asel_ga_polish_run(&s->polish[i], s->pop * POLISH_SLICE);
    return 0;
}

/* The candidates: the best so far into next[0], the best of the last
 * population with another value into next[1]; their trials after them. */
static size_t polish_start(ga *s, asel_map_result *r, const asel_ga_polish_limits *limits)
{
    size_t n = 1;
    asel_map_genome_copy(s->p, &s->next.g[0], &r->best);
    s->next_fit[0] = result_score(r);
    for (size_t i = 0; i < s->pop && n < POLISHED; i++) {
        asel_ga_score f = s->fit[s->order[i]];
        if (f.value != r->value && f.value < INFINITY) {
            asel_map_genome_copy(s->p, &s->next.g[n], &s->cur.g[s->order[i]]);
            s->next_fit[n++] = f;
        }
    }
    for (size_t i = 0; i < n; i++) {
        asel_ga_polish_tools tools = {&s->next.g[n + i], &s->polish_sc[i], &s->layout[i],
                                      &s->forks};
        s->evals[i] = 0;
        asel_ga_polish_start(&s->polish[i], s->p, &s->cl, &s->next.g[i], &s->next_fit[i],
                             &tools, &s->evals[i], limits);
        s->polishing[i] = 1;
    }
    return n;
}

/* The best of the @p n candidates of the local search as they are (the
 * first on ties). */
static size_t polished_best(const ga *s, size_t n)
{
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (asel_ga_beats(s->next_fit[i], s->next_fit[best]))
            best = i;
    return best;
}

/* The closing local search, a slice of every candidate at a time, side by
 * side; the progress callback hears after each slice. The best candidate
 * at the end (the first on ties) becomes the result: which is best is
 * looked at only then, so the result does not depend on how often the
 * callback hears. */
static int polish(ga *s, const accelsel_mapping_solve_options *o, double deadline,
                  asel_map_result *r)
{
    asel_ga_polish_limits limits = {deadline, r->evaluations * POLISH_WORK};
    size_t n = polish_start(s, r, &limits);
    int rc = 0, going = 1;
    while (rc == 0 && going) {
        rc = asel_pool_run(s->workers < n ? s->workers : n, n, polish_task, s);
        uint64_t evals = r->evaluations;
        going = 0;
        for (size_t i = 0; i < n; i++) {
            evals += s->evals[i];
            going |= s->polishing[i];
        }
        if (rc == 0 && o->progress &&
            o->progress(r->generations, s->next_fit[polished_best(s, n)].value, evals,
                        o->payload) != 0) {
            r->canceled = 1;
            going = 0;
        }
    }
    for (size_t i = 0; i < n; i++)
        r->evaluations += s->evals[i];
    size_t best = polished_best(s, n);
    if (asel_ga_beats(s->next_fit[best], result_score(r)))
        set_result(s, r, &s->next.g[best], s->next_fit[best]);
    return rc == 0 ? history_push(r, r->value) : rc;
}

/* The computation-first and h2h seeds of generation 0, which stop early
 * at the generations' deadline @p ga_end or when the progress callback
 * asks; canceled there, the better seed is the result. */
static int seed(ga *s, const accelsel_mapping_solve_options *o, double ga_end,
                asel_map_result *r)
{
    asel_map_watch w = {o->progress, o->payload, ga_end, 0, 0, 0};
    double values[2], excess[2];
    int rc = asel_map_heuristic_seeds(s->p, &w, s->seeds.g, values, excess, &r->evaluations);
    if (rc != 0 || !w.canceled)
        return rc;
    int k = asel_map_beats(values[1], excess[1], values[0], excess[0]);
    set_result(s, r, &s->seeds.g[k], (asel_ga_score){values[k], excess[k]});
    r->canceled = 1;
    return history_push(r, r->value);
}

static int run(ga *s, const accelsel_mapping_solve_options *o, asel_map_result *r)
{
    uint32_t gens = o->generations ? o->generations : DEFAULT_GENERATIONS;
    uint32_t patience = o->patience ? o->patience : DEFAULT_PATIENCE, still = 0;
    double t0 = asel_map_now();
    double ga_end = o->time_budget_s > 0 ? t0 + GA_SHARE * o->time_budget_s : 0;
    int rc = seed(s, o, ga_end, r);
    if (rc != 0 || r->canceled)
        return rc;
    rc = step(s, init_task, &r->evaluations);
    if (rc == 0)
        rc = keep_best(s, r);
    /* a 64-bit count: generations may be UINT32_MAX */
    for (uint64_t gen = 1; rc == 0 && gen <= gens && !asel_map_past(ga_end); gen++) {
        asel_ga_score before = result_score(r);
        s->gen = (uint32_t)gen;
        if ((rc = step(s, child_task, &r->evaluations)) != 0 || (rc = keep_best(s, r)) != 0)
            break;
        r->generations = s->gen;
        still = asel_ga_beats(result_score(r), before) ? 0 : still + 1;
        if (o->progress && o->progress(s->gen, r->value, r->evaluations, o->payload) != 0) {
            r->canceled = 1;
            break;
        }
        if (still >= patience)
            break;
    }
    if (rc == 0 && !r->canceled)
        rc = polish(s, o, o->time_budget_s > 0 ? t0 + o->time_budget_s : 0, r);
    return rc;
}

int asel_map_ga(const accelsel_mapping_problem *p, const accelsel_mapping_solve_options *o,
                asel_map_result *r)
{
    ga s;
    memset(&s, 0, sizeof s);
    s.p = p;
    s.seed = o->seed;
    s.pop = o->population ? o->population : DEFAULT_POPULATION;
    s.elite = s.pop / 20 ? s.pop / 20 : 1; /* MAGMA keeps 5% */
    s.workers = asel_pool_threads(o->n_threads, s.pop);
    int rc = ga_alloc(&s, p);
    if (rc == 0)
        rc = run(&s, o, r);
    ga_free(&s);
    return rc;
}
