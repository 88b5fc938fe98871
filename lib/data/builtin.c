/* Datasets compiled into the library: the MLPerf Training tables of data/,
 * LZ4-compressed at build time (tools/embed.py --lz4) and decoded on each
 * load, so no file is looked up at run time. */
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/lz4.h"
#include "core/suggest.h"
#include "data/csv_load.h"

extern const unsigned char asel_mlperf_training_resnet_csv[];
extern const size_t asel_mlperf_training_resnet_csv_len, asel_mlperf_training_resnet_csv_size;
extern const unsigned char asel_mlperf_training_csv[];
extern const size_t asel_mlperf_training_csv_len, asel_mlperf_training_csv_size;

/* Decode @p n bytes of @p packed (@p size bytes of CSV) and read them. */
static int unpack(accelsel_dataset **out, const unsigned char *packed, size_t n, size_t size,
                  const accelsel_csv_options *o, const char *source)
{
    char *text = asel_malloc(size ? size : 1);
    if (text == NULL)
        return asel_enomem();
    int rc = asel_lz4_decode(packed, n, (unsigned char *)text, size);
    if (rc == 0)
        rc = asel_csv_parse(out, text, size, o, source, ASEL_CSV_MIN_PART);
    asel_free(text);
    return rc;
}

static int load_resnet(accelsel_dataset **out)
{
    /* power_results is empty in every row; it holds "yes" when present.
     * "-" and "core_count" are placeholders that submitters left in
     * host_processor_core_count (v0.6 and v0.7 system descriptions): they
     * mean "not given", and the column is otherwise numeric. */
    static const char *const categorical[] = {"power_results"};
    static const char *const missing[] = {"-", "core_count"};
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    o.categorical = categorical;
    o.n_categorical = 1;
    o.missing = missing;
    o.n_missing = 2;
    return unpack(out, asel_mlperf_training_resnet_csv, asel_mlperf_training_resnet_csv_len,
                  asel_mlperf_training_resnet_csv_size, &o, "mlperf-training-resnet");
}

static int load_all(accelsel_dataset **out)
{
    /* The ResNet table's placeholders of host_processor_core_count (the
     * extractor leaves any other text there empty, with a note). */
    static const char *const missing[] = {"-", "core_count"};
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    o.missing = missing;
    o.n_missing = 2;
    return unpack(out, asel_mlperf_training_csv, asel_mlperf_training_csv_len,
                  asel_mlperf_training_csv_size, &o, "mlperf-training");
}

/* The built-in datasets. The one of a benchmark holds the rows of the table
 * of every benchmark whose `benchmark` is that name, except ResNet-50, whose
 * dataset is its own table (v0.5 to v3.1, 38 columns) as it always was. */
static const struct {
    const char *name, *benchmark, *description;
} builtins[] = {
    {"mlperf-training-resnet", "resnet",
     "MLPerf Training ResNet-50 (ImageNet), rounds v0.5 to v3.1, 38 columns"},
    {"mlperf-training", "all", "MLPerf Training, every benchmark of rounds v0.5 to v5.0"},
    {"mlperf-training-ssd", "ssd", "SSD, ResNet-34 backbone (COCO), v0.5 to v1.1"},
    {"mlperf-training-retinanet", "retinanet", "RetinaNet (OpenImages subset), v2.0 to v5.0"},
    {"mlperf-training-maskrcnn", "maskrcnn", "Mask R-CNN (COCO), v0.5 to v3.1"},
    {"mlperf-training-gnmt", "gnmt", "GNMT (WMT16 English-German), v0.5 to v0.7"},
    {"mlperf-training-transformer", "transformer",
     "Transformer big (WMT17 English-German), v0.5 to v0.7"},
    {"mlperf-training-ncf", "ncf", "NCF (MovieLens-20M), v0.5"},
    {"mlperf-training-minigo", "minigo", "MiniGo (Go), v0.5 to v2.1"},
    {"mlperf-training-bert", "bert", "BERT-large (Wikipedia), v0.7 to v5.0"},
    {"mlperf-training-dlrm", "dlrm", "DLRM (Criteo 1TB), v0.7 to v2.1"},
    {"mlperf-training-dlrm_dcnv2", "dlrm_dcnv2", "DLRM-DCNv2 (Criteo 4TB multi-hot), v3.0 to v5.0"},
    {"mlperf-training-rnnt", "rnnt", "RNN-T (LibriSpeech), v1.0 to v3.1"},
    {"mlperf-training-unet3d", "unet3d", "3D U-Net (KiTS19), v1.0 to v4.0"},
    {"mlperf-training-gpt3", "gpt3", "GPT-3 175B pre-training (C4), v3.0 to v4.1"},
    {"mlperf-training-stable_diffusion", "stable_diffusion",
     "Stable Diffusion v2 (LAION-400M-filtered), v3.1 to v5.0"},
    {"mlperf-training-llama2_70b_lora", "llama2_70b_lora",
     "Llama 2 70B LoRA fine-tuning (SCROLLS GovReport), v4.0 to v5.0"},
    {"mlperf-training-rgat", "rgat", "R-GAT (IGBH-Full), v4.0 to v5.0"},
    {"mlperf-training-llama31_405b", "llama31_405b", "Llama 3.1 405B pre-training (C4), v5.0"},
};

#define N_BUILTINS (sizeof builtins / sizeof builtins[0])

static int load(accelsel_dataset **out, size_t i)
{
    if (i == 0)
        return load_resnet(out);
    accelsel_dataset *all = NULL;
    int rc = load_all(&all);
    if (rc != 0 || i == 1) {
        *out = all;
        return rc;
    }
    rc = accelsel_dataset_filter_equal(out, all, "benchmark", builtins[i].benchmark);
    accelsel_dataset_free(all);
    return rc;
}

ACCELSEL_API const char *accelsel_dataset_builtin_name(size_t index)
{
    return index < N_BUILTINS ? builtins[index].name : NULL;
}

ACCELSEL_API const char *accelsel_dataset_builtin_description(size_t index)
{
    return index < N_BUILTINS ? builtins[index].description : NULL;
}

/* The closest of the names (dataset or benchmark: @p field 0 or 1) to @p
 * query; a dataset's name given for a benchmark suggests its benchmark. */
static const char *closest(const char *query, int field)
{
    static const char prefix[] = "mlperf-training-";
    if (field && strncmp(query, prefix, sizeof prefix - 1) == 0)
        query += sizeof prefix - 1;
    size_t best = 0, best_rank = (size_t)-1;
    for (size_t i = 0; i < N_BUILTINS; i++) {
        size_t r = asel_suggest_rank(query, field ? builtins[i].benchmark : builtins[i].name, 1);
        if (r < best_rank) {
            best = i;
            best_rank = r;
        }
    }
    return field ? builtins[best].benchmark : builtins[best].name;
}

/* "ssd, retinanet, ...": the benchmarks of the datasets from @p first on. */
static void known(char *buf, size_t cap, size_t first)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = first; i < N_BUILTINS && len < cap; i++) {
        int n = snprintf(buf + len, cap - len, "%s%s", i > first ? ", " : "", builtins[i].benchmark);
        len += n > 0 ? (size_t)n : 0;
    }
}

ACCELSEL_API int accelsel_dataset_load_builtin(accelsel_dataset **out, const char *name)
{
    static const char fn[] = "accelsel_dataset_load_builtin";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (name == NULL)
        return asel_einval(fn, "name");
    for (size_t i = 0; i < N_BUILTINS; i++)
        if (strcmp(name, builtins[i].name) == 0)
            return load(out, i);
    char list[400];
    known(list, sizeof list, 2);
    return asel_error(ACCELSEL_ENOTFOUND, "%s: no built-in dataset '%s' (closest: '%s'; known: "
                      "mlperf-training-resnet, mlperf-training and mlperf-training-BENCHMARK for "
                      "%s)", fn, name, closest(name, 0), list);
}

ACCELSEL_API int accelsel_dataset_load_benchmark(accelsel_dataset **out, const char *benchmark)
{
    static const char fn[] = "accelsel_dataset_load_benchmark";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (benchmark == NULL)
        return asel_einval(fn, "benchmark");
    for (size_t i = 0; i < N_BUILTINS; i++)
        if (strcmp(benchmark, builtins[i].benchmark) == 0)
            return load(out, i);
    char list[400];
    known(list, sizeof list, 0);
    return asel_error_field(ACCELSEL_ENOTFOUND, "benchmark",
                            "no MLPerf Training benchmark '%s' (closest: '%s'; known: %s)",
                            benchmark, closest(benchmark, 1), list);
}
