/* MLPerf Training's LLM benchmarks as the predictor reads their rows: the
 * network each trains, and its evaluation schedule, whose forward passes
 * the timed run includes (docs/predictor.md, "LLM rows"). */
#ifndef ASEL_PERF_LLM_BENCH_H
#define ASEL_PERF_LLM_BENCH_H

typedef struct asel_llm_bench {
    const char *name;      /* as the benchmark column writes it */
    const char *network;   /* the zoo network */
    double eval_every;     /* sequences trained between evaluations */
    double eval_sequences; /* sequences one evaluation reads */
    double skip_slope, skip_base; /* the first floor(slope x global batch + base) evaluations
                                     are skipped */
    int epoch_in_tokens;   /* its logs count the epoch in tokens: a row without
                              samples_to_converge_mean trained epochs_mean / sequence */
} asel_llm_bench;

#define ASEL_LLM_BENCHES 3

extern const asel_llm_bench asel_llm_benches[ASEL_LLM_BENCHES];

/* Index of the benchmark named @p name (blanks around it and case aside),
 * or -1. */
int asel_llm_bench_find(const char *name);

/* The evaluations a run of @p steps steps of @p gbs sequences makes: one
 * every ceil(eval_every / gbs) steps, less those skipped, and at least the
 * one that finds the target reached. */
double asel_llm_bench_evaluations(const asel_llm_bench *b, double steps, double gbs);

#endif
