/* accelsel predict --seed001: seed 001's experiment (10 epochs of CIFAR-10 on
 * an RTX 3050 against an Intel desktop CPU, for a small CNN, ResNet-18 and
 * ResNet-50) under the eager stack on both devices, predicted from device
 * figures, the shipped global parameters and, for the CPU, the eager stack
 * fitted on the step measurements of the other networks, printed beside the
 * paper's speed-ups, for three plausible CPUs (docs/predictor.md, "Seed 001").
 * The GPU's input pipeline runs on the same desktop CPU (host_cpu), as it
 * did on the paper's desktop. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "predict.h"

#define CIFAR10_TRAIN 50000.0
#define SEED001_EPOCHS 10.0
#define SEED001_BATCH 128.0
#define SEED001_GPU "rtx-3050"
#define SEED001_CPU "core-i5-12400"

/* The paper names an "Intel CPU" only. */
static const char why_cpu[] =
    "Intel Core i5-12400 (6 performance cores, 2.5 GHz base, AVX2, 18 MB L3, dual-channel "
    "DDR5-4800; built-in catalog): the paper names only an Intel CPU; this is the "
    "best-selling mainstream Intel desktop part launched with the RTX 3050 (January 2022) "
    "at the same price tier, without efficiency cores";
static const char why_batch[] =
    "the mini-batch of He et al.'s CIFAR-10 ResNets, kept by the common PyTorch CIFAR-10 "
    "recipes; the paper does not give one";

typedef struct seed_model {
    const char *network, *cifar_network;
    double paper_speedup;
    double paper_gpu_s; /* NaN where the paper gives no time */
} seed_model;

static const seed_model models[3] = {
    {"small-cnn", "small-cnn", 2.0, NAN},
    {"resnet18-32", "resnet18-cifar", 7.0, NAN},
    {"resnet50-32", "resnet50-cifar", 40.6, 134.0},
};

typedef struct seed_result {
    const char *network;
    double params, gpu_s, cpu_s, speedup;
} seed_result;

/* The CPU of the main table first, then the other plausible ones. */
#define N_CPUS 3
static const char *const cpus[N_CPUS] = {SEED001_CPU, "core-i7-11700", "core-i7-11800h"};
static const char why_spread[] =
    "the spread over three Intel CPUs of 2021-2022 with cores of one kind: the i5-12400 "
    "desktop, the i7-11700 desktop and the i7-11800H gaming laptop (built-in catalog)";

static int time_on(const predict_env *env, const accelsel_network *net, const char *device,
                   const char *host, int precision, double batch, double *seconds)
{
    accelsel_predict_request req = ACCELSEL_PREDICT_REQUEST_INIT;
    req.network = net;
    req.device = device;
    req.count = 1;
    req.host_cpu = host;
    req.global_batch = batch;
    req.precision = precision;
    req.epochs = SEED001_EPOCHS;
    req.epoch_samples = CIFAR10_TRAIN;
    req.stack = ACCELSEL_STACK_EAGER; /* the paper ran PyTorch's default mode on both */
    accelsel_prediction res;
    accelsel_prediction_init(&res, ACCELSEL_PREDICTION_VERSION);
    int rc = accelsel_predictor_predict(env->pred, &req, &res);
    if (rc != 0)
        return cli_fail(rc, device);
    *seconds = res.time_to_train_s;
    return CLI_OK;
}

/* The eager stack refitted on the step rows of every network but @p name,
 * so that no CPU figure comes from measurements of the network it predicts. */
static int fit_without(predict_env *env, const accelsel_dataset *steps, const char *name)
{
    size_t col, n = accelsel_dataset_rows(steps), m = 0;
    size_t *keep = malloc((n ? n : 1) * sizeof *keep);
    if (keep == NULL)
        return predict_oom();
    int rc = accelsel_dataset_column_index(steps, "network", &col);
    for (size_t i = 0; rc == 0 && i < n; i++)
        if (strcmp(accelsel_dataset_string(steps, i, col), name) != 0)
            keep[m++] = i;
    accelsel_dataset *others = NULL;
    if (rc == 0)
        rc = accelsel_dataset_select_rows(&others, steps, keep, m);
    if (rc == 0)
        rc = accelsel_predictor_calibrate_steps(env->pred, others);
    accelsel_dataset_free(others);
    free(keep);
    return rc != 0 ? cli_fail(rc, "the step rows of the other networks") : CLI_OK;
}

/* Network @p name on the GPU and on CPU @p cpu, with a predictor of its own. */
static int predict_model(const predict_args *a, const accelsel_dataset *steps, const char *name,
                         const char *cpu, seed_result *out)
{
    int precision = a->precision == ACCELSEL_PRECISION_AUTO ? ACCELSEL_PRECISION_FP32
                                                            : a->precision;
    double batch = a->batch > 0 ? a->batch : SEED001_BATCH;
    predict_env env;
    int status = predict_env_open(a, &env);
    if (status == CLI_OK)
        status = fit_without(&env, steps, name);
    accelsel_network *net = NULL;
    int rc = status == CLI_OK ? accelsel_network_load_zoo(&net, name, NULL) : 0;
    if (rc != 0)
        status = cli_fail(rc, name);
    out->network = name;
    if (status == CLI_OK) {
        out->params = (double)accelsel_network_get_totals(net)->params;
        status = time_on(&env, net, SEED001_GPU, cpu, precision, batch, &out->gpu_s);
    }
    if (status == CLI_OK)
        status = time_on(&env, net, cpu, NULL, precision, batch, &out->cpu_s);
    out->speedup = out->cpu_s / out->gpu_s;
    accelsel_network_free(net);
    predict_env_free(&env);
    return status;
}

/* Whether the speed-ups rise with model size, as the paper's do. */
static int same_ordering(const seed_result *r)
{
    return r[0].speedup < r[1].speedup && r[1].speedup < r[2].speedup;
}

static int within(double predicted, double paper)
{
    return predicted <= 1.5 * paper && predicted >= paper / 1.5;
}

/* Speed-ups within 1.5x of the paper's. */
static int hits_of(const seed_result *r)
{
    int hits = 0;
    for (int i = 0; i < 3; i++)
        hits += within(r[i].speedup, models[i].paper_speedup);
    return hits;
}

static void print_spread(seed_result r[N_CPUS][3])
{
    printf("\nCPU spread (%s):\n\n", why_spread);
    printf("%-16s %10s %12s %12s %10s %12s\n", "cpu", "small-cnn", "resnet18", "resnet50",
           "ordering", "within_1.5x");
    for (int c = 0; c < N_CPUS; c++)
        printf("%-16s %10.2f %12.2f %12.2f %10s %12d\n", cpus[c], r[c][0].speedup,
               r[c][1].speedup, r[c][2].speedup, same_ordering(r[c]) ? "paper's" : "differs",
               hits_of(r[c]));
}

static void print_table(const predict_args *a, seed_result r[N_CPUS][3], int precision,
                        double batch)
{
    printf("Seed 001: %g epochs of CIFAR-10 (%g images, 32x32), %s ResNets, batch %g, %s,\n"
           "eager PyTorch on both devices (the eager stack)\n",
           SEED001_EPOCHS, CIFAR10_TRAIN, a->cifar ? "CIFAR-stem" : "ImageNet-stem", batch,
           accelsel_precision_name(precision));
    printf("GPU: %s (NVIDIA GeForce RTX 3050 8 GB desktop, the paper's card), its input\n"
           "     pipeline on the CPU below, the desktop's host; its eager parameters are the\n"
           "     compiled-in ones (no GPU step was measured)\n", SEED001_GPU);
    printf("CPU: %s: %s\n     All its cores; its eager parameters fitted, for each network, on the\n"
           "     built-in step rows of the other networks\n", SEED001_CPU, why_cpu);
    printf("batch %g: %s\n\n", batch, a->batch > 0 ? "given with --batch" : why_batch);
    printf("%-15s %12s %10s %10s %9s %14s %12s %10s\n", "network", "params", "gpu_s", "cpu_s",
           "speedup", "paper_speedup", "paper_gpu_s", "ratio");
    for (int i = 0; i < 3; i++) {
        char paper_gpu[24] = "-";
        if (isfinite(models[i].paper_gpu_s))
            snprintf(paper_gpu, sizeof paper_gpu, "%.0f", models[i].paper_gpu_s);
        printf("%-15s %12.0f %10.1f %10.1f %9.2f %14.1f %12s %10.2f\n", r[0][i].network,
               r[0][i].params, r[0][i].gpu_s, r[0][i].cpu_s, r[0][i].speedup,
               models[i].paper_speedup, paper_gpu, r[0][i].speedup / models[i].paper_speedup);
    }
    printf("\nordering of the speed-ups: %s\n", same_ordering(r[0])
               ? "the paper's (rising with model size)" : "differs from the paper's");
    printf("speed-ups within 1.5x of the paper's: %d of 3 (goal: 3). ratio = predicted / paper;\n"
           "nothing is fitted to these numbers: device figures, global parameters %s,\n"
           "step measurements of other networks\n",
           hits_of(r[0]), a->params != NULL ? "from --params" : "fitted on the MLPerf rows");
    print_spread(r);
}

static void json_text(const char *key, const char *v)
{
    printf("  \"%s\": ", key);
    cli_json_string(stdout, v);
    fputs(",\n", stdout);
}

/* Numbers through cli_json_number(): %g would write 1e+06 for a million,
 * which a YAML reader takes for a string. */
static void json_number(const char *key, double v)
{
    printf("  \"%s\": ", key);
    cli_json_number(stdout, v);
    fputs(",\n", stdout);
}

static void json_models(const seed_result *r)
{
    fputs("  \"models\": [", stdout);
    for (int i = 0; i < 3; i++) {
        const double v[] = {r[i].params, r[i].gpu_s, r[i].cpu_s, r[i].speedup,
                            models[i].paper_speedup, models[i].paper_gpu_s};
        const char *keys[] = {"params", "gpu_s", "cpu_s", "speedup", "paper_speedup",
                              "paper_gpu_s"};
        fputs(i ? ",\n    {\"network\": " : "\n    {\"network\": ", stdout);
        cli_json_string(stdout, r[i].network);
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
            printf(", \"%s\": ", keys[k]);
            cli_json_number(stdout, v[k]);
        }
        printf(", \"within_1_5x\": %s}", within(r[i].speedup, models[i].paper_speedup)
                                             ? "true" : "false");
    }
    fputs("\n  ],\n", stdout);
}

static void json_spread(seed_result r[N_CPUS][3])
{
    fputs("  \"spread\": [", stdout);
    for (int c = 0; c < N_CPUS; c++) {
        fputs(c ? ",\n    {\"cpu\": " : "\n    {\"cpu\": ", stdout);
        cli_json_string(stdout, cpus[c]);
        fputs(", \"speedups\": [", stdout);
        for (int i = 0; i < 3; i++) {
            fputs(i ? ", " : "", stdout);
            cli_json_number(stdout, r[c][i].speedup);
        }
        printf("], \"same_ordering\": %s, \"within_1_5x\": %d}",
               same_ordering(r[c]) ? "true" : "false", hits_of(r[c]));
    }
    fputs("\n  ],\n", stdout);
}

static void print_json(const predict_args *a, seed_result r[N_CPUS][3], int precision,
                       double batch)
{
    fputs("{\n", stdout);
    json_text("gpu", SEED001_GPU);
    json_text("cpu", SEED001_CPU);
    json_text("cpu_reason", why_cpu);
    json_number("batch", batch);
    json_text("batch_reason", a->batch > 0 ? "given with --batch" : why_batch);
    json_text("precision", accelsel_precision_name(precision));
    json_text("stack", accelsel_stack_name(ACCELSEL_STACK_EAGER));
    json_text("variant", a->cifar ? "cifar" : "imagenet-stem");
    json_text("parameters", a->params != NULL ? a->params : "fitted on the built-in MLPerf rows");
    json_text("cpu_fit", "the eager stack fitted on the built-in step rows of the other networks");
    json_number("epochs", SEED001_EPOCHS);
    json_number("samples_per_epoch", CIFAR10_TRAIN);
    json_models(r[0]);
    json_spread(r);
    printf("  \"same_ordering\": %s\n}\n", same_ordering(r[0]) ? "true" : "false");
}

int predict_seed001(const predict_args *a)
{
    /* The shipped fit (or --params) for everything but the CPU's eager
     * stack, which each network refits on the other networks' steps. */
    predict_env env;
    accelsel_dataset *steps = NULL;
    int status = predict_env_open(a, &env);
    if (status == CLI_OK)
        status = predict_load_steps("builtin", env.cat, &steps);
    seed_result r[N_CPUS][3];
    for (int c = 0; c < N_CPUS && status == CLI_OK; c++)
        for (int i = 0; i < 3 && status == CLI_OK; i++)
            status = predict_model(a, steps,
                                   a->cifar ? models[i].cifar_network : models[i].network,
                                   cpus[c], &r[c][i]);
    int precision = a->precision == ACCELSEL_PRECISION_AUTO ? ACCELSEL_PRECISION_FP32
                                                            : a->precision;
    double batch = a->batch > 0 ? a->batch : SEED001_BATCH;
    if (status == CLI_OK && a->format == CLI_FORMAT_JSON)
        print_json(a, r, precision, batch);
    else if (status == CLI_OK)
        print_table(a, r, precision, batch);
    accelsel_dataset_free(steps);
    predict_env_free(&env);
    return status;
}
