/* MLPerf Training's LLM benchmarks: networks and evaluation schedules, from
 * the rules of the rounds that ran them (mlcommons/training_policies,
 * training_rules.adoc, "Evaluation frequency") and the reference READMEs
 * ("Evaluation thoroughness"). */
#include <math.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "perf/llm_bench.h"

/* GPT-3: every 24,576 sequences, on 24,567 documents of C4's validation
 * split (large_language_model/megatron-lm/README.md); packed into
 * sequences of 2,048 at C4's 427 tokens a document (Raffel et al. 2020:
 * about 156 billion tokens in 365 million documents), 5,122 sequences.
 * Llama 2 70B LoRA: every 384 sequences on 173 (llama2_70b_lora/README.md
 * of NVIDIA's v4.0 submission), skipping the first floor(0.125 x global
 * batch + 2) (rules of 2024-04-14, v4.0 on). Llama 3.1 405B: every 46,080
 * sequences on 5,760 (the v5.0 rules and large_language_model_pretraining
 * /nemo/README.md). GPT-3's logs count its progress in tokens (the step of
 * NVIDIA's v3.1 logs, 1,211,105,280 at the end of a run of batch 2,688, is
 * 591,360 sequences of 2,048; its README writes the evaluation interval as
 * "24576 samples (=50.33B tokens)", 50.33 million): the built-in table has
 * its epochs_mean, no samples_to_converge_mean. */
const asel_llm_bench asel_llm_benches[ASEL_LLM_BENCHES] = {
    { "gpt3", "gpt3-175b", 24576, 5122, 0, 0, 1 },
    { "llama2_70b_lora", "llama2-70b-lora", 384, 173, 0.125, 2, 0 },
    { "llama31_405b", "llama31-405b", 46080, 5760, 0, 0, 0 },
};

int asel_llm_bench_find(const char *name)
{
    if (name == NULL)
        return -1;
    size_t b = 0, e = strlen(name);
    asel_trim_blanks(name, &b, &e);
    for (int i = 0; i < ASEL_LLM_BENCHES; i++)
        if (strlen(asel_llm_benches[i].name) == e - b &&
            strncasecmp(asel_llm_benches[i].name, name + b, e - b) == 0)
            return i;
    return -1;
}

double asel_llm_bench_evaluations(const asel_llm_bench *b, double steps, double gbs)
{
    double every = ceil(b->eval_every / gbs);
    double skipped = floor(b->skip_slope * gbs + b->skip_base);
    return fmax(1.0, floor(steps / every) - skipped);
}
