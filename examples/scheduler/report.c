/* What the scheduler prints: a row per seed and scheduler, then the means
 * and ranges over the seeds and the change of the average job completion
 * time against first-fit; and the schedule as CSV. */
#include <math.h>
#include <stdio.h>

#include "scheduler.h"

const char *const kind_names[N_KINDS] = { "first-fit", "place-fifo", "place-smallest",
                                          "place-flexible", "place-lookahead" };

void print_header(void)
{
    printf("seed  scheduler              avg JCT h p99 JCT h makespan h util %% "
           "deadline miss  over limit rejected\n");
}

void print_row(unsigned long seed, scheduler_kind kind, const summary *s)
{
    printf("%4lu  %-22s %9.2f %9.2f %9.2f %6.1f %5zu/%-4zu %6zu %6zu\n", seed, kind_names[kind],
           s->avg_jct_h, s->p99_jct_h, s->makespan_h, 100 * s->utilisation, s->deadline_misses,
           s->deadline_jobs, kind == FIRST_FIT ? 0 : s->over_limit, s->rejected);
}

enum { AVG, P99, MAKESPAN, UTIL, MISSES, CHANGE, N_FIGURES };

static double figure(const summary *sums, size_t seed, scheduler_kind kind, int f)
{
    const summary *s = &sums[seed * N_KINDS + kind];
    switch (f) {
    case AVG: return s->avg_jct_h;
    case P99: return s->p99_jct_h;
    case MAKESPAN: return s->makespan_h;
    case UTIL: return 100 * s->utilisation;
    case MISSES: return (double)s->deadline_misses;
    default: return s->avg_jct_h / sums[seed * N_KINDS + FIRST_FIT].avg_jct_h - 1;
    }
}

/* One figure of a scheduler over the seeds. */
typedef struct spread {
    double mean, lo, hi;
} spread;

static spread spread_of(const summary *sums, size_t n_seeds, scheduler_kind kind, int f)
{
    spread s = { 0, INFINITY, -INFINITY };
    for (size_t k = 0; k < n_seeds; k++) {
        double v = figure(sums, k, kind, f);
        s.mean += v / (double)n_seeds;
        s.lo = fmin(s.lo, v);
        s.hi = fmax(s.hi, v);
    }
    return s;
}

void print_summary(const summary *sums, size_t n_seeds)
{
    printf("over %zu seeds, mean (min to max):\n"
           "scheduler        avg JCT h           p99 JCT h             makespan h            "
           "util %%              deadline misses\n", n_seeds);
    for (int kind = 0; kind < N_KINDS; kind++) {
        spread s[N_FIGURES];
        for (int f = 0; f < N_FIGURES; f++)
            s[f] = spread_of(sums, n_seeds, (scheduler_kind)kind, f);
        printf("%-16s %4.2f (%4.2f to %4.2f) %5.2f (%5.2f to %5.2f) %5.2f (%5.2f to %5.2f) "
               "%4.1f (%4.1f to %4.1f) %4.1f (%2.0f to %2.0f)\n", kind_names[kind],
               s[AVG].mean, s[AVG].lo, s[AVG].hi, s[P99].mean, s[P99].lo, s[P99].hi,
               s[MAKESPAN].mean, s[MAKESPAN].lo, s[MAKESPAN].hi, s[UTIL].mean, s[UTIL].lo,
               s[UTIL].hi, s[MISSES].mean, s[MISSES].lo, s[MISSES].hi);
    }
    for (int kind = 1; kind < N_KINDS; kind++) {
        spread c = spread_of(sums, n_seeds, (scheduler_kind)kind, CHANGE);
        printf("average JCT, %s against first-fit: %+.1f %% (mean of %zu seeds; from %+.1f %% to "
               "%+.1f %%)\n", kind_names[kind], 100 * c.mean, n_seeds, 100 * c.lo, 100 * c.hi);
    }
}

int write_schedule(FILE *f, unsigned long seed, const job *jobs, size_t n, scheduler_kind kind,
                   const accelsel_place_cluster *c)
{
    for (size_t i = 0; i < n; i++) {
        const job *j = &jobs[i];
        if (!j->done) {
            fprintf(f, "%lu,%s,%zu,,,,,\n", seed, kind_names[kind], j->id);
            continue;
        }
        fprintf(f, "%lu,%s,%zu,%s,%u,%.17g,%.17g,%.17g\n", seed, kind_names[kind], j->id,
                accelsel_place_cluster_partition(c, j->partition)->name, j->used, j->start, j->end,
                j->limit_end);
    }
    return ferror(f) ? -1 : 0;
}
