/* accelsel predict --seed001: seed 001's experiment (10 epochs of CIFAR-10 on
 * an RTX 3050 against an Intel desktop CPU, for a small CNN, ResNet-18 and
 * ResNet-50), predicted from device figures and global parameters alone and
 * printed beside the paper's speed-ups (docs/predictor.md, "Seed 001").
 * The GPU's input pipeline runs on the same desktop CPU (host_cpu), as it
 * did on the paper's desktop. */
#include <math.h>
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
    accelsel_prediction res;
    accelsel_prediction_init(&res, ACCELSEL_PREDICTION_VERSION);
    int rc = accelsel_predictor_predict(env->pred, &req, &res);
    if (rc != 0)
        return cli_fail(rc, device);
    *seconds = res.time_to_train_s;
    return CLI_OK;
}

static int predict_model(const predict_args *a, predict_env *env, const char *name,
                         seed_result *out)
{
    int precision = a->precision == ACCELSEL_PRECISION_AUTO ? ACCELSEL_PRECISION_FP32
                                                            : a->precision;
    double batch = a->batch > 0 ? a->batch : SEED001_BATCH;
    accelsel_network *net = NULL;
    int rc = accelsel_network_load_zoo(&net, name, NULL);
    if (rc != 0)
        return cli_fail(rc, name);
    out->network = name;
    out->params = (double)accelsel_network_get_totals(net)->params;
    int status = time_on(env, net, SEED001_GPU, SEED001_CPU, precision, batch, &out->gpu_s);
    if (status == CLI_OK)
        status = time_on(env, net, SEED001_CPU, NULL, precision, batch, &out->cpu_s);
    out->speedup = out->cpu_s / out->gpu_s;
    accelsel_network_free(net);
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

static void print_table(const predict_args *a, const seed_result *r, int precision, double batch)
{
    printf("Seed 001: %g epochs of CIFAR-10 (%g images, 32x32), %s ResNets, batch %g, %s\n",
           SEED001_EPOCHS, CIFAR10_TRAIN, a->cifar ? "CIFAR-stem" : "ImageNet-stem", batch,
           accelsel_precision_name(precision));
    printf("GPU: %s (NVIDIA GeForce RTX 3050 8 GB desktop, the paper's card), its input\n"
           "     pipeline on the CPU below, the desktop's host\n", SEED001_GPU);
    printf("CPU: %s: %s\n", SEED001_CPU, why_cpu);
    printf("batch %g: %s\n\n", batch, a->batch > 0 ? "given with --batch" : why_batch);
    printf("%-15s %12s %10s %10s %9s %14s %12s %10s\n", "network", "params", "gpu_s", "cpu_s",
           "speedup", "paper_speedup", "paper_gpu_s", "ratio");
    int hits = 0;
    for (int i = 0; i < 3; i++) {
        char paper_gpu[24] = "-";
        if (isfinite(models[i].paper_gpu_s))
            snprintf(paper_gpu, sizeof paper_gpu, "%.0f", models[i].paper_gpu_s);
        printf("%-15s %12.0f %10.1f %10.1f %9.2f %14.1f %12s %10.2f\n", r[i].network,
               r[i].params, r[i].gpu_s, r[i].cpu_s, r[i].speedup, models[i].paper_speedup,
               paper_gpu, r[i].speedup / models[i].paper_speedup);
        hits += within(r[i].speedup, models[i].paper_speedup);
    }
    printf("\nordering of the speed-ups: %s\n",
           same_ordering(r) ? "the paper's (rising with model size)" : "differs from the paper's");
    printf("speed-ups within 1.5x of the paper's: %d of 3 (goal: 3). ratio = predicted / paper;\n"
           "nothing is fitted to these numbers: device figures and global parameters %s\n",
           hits, a->params != NULL ? "from --params" : "fitted on the built-in MLPerf rows");
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

static void print_json(const predict_args *a, const seed_result *r, int precision, double batch)
{
    fputs("{\n", stdout);
    json_text("gpu", SEED001_GPU);
    json_text("cpu", SEED001_CPU);
    json_text("cpu_reason", why_cpu);
    json_number("batch", batch);
    json_text("batch_reason", a->batch > 0 ? "given with --batch" : why_batch);
    json_text("precision", accelsel_precision_name(precision));
    json_text("variant", a->cifar ? "cifar" : "imagenet-stem");
    json_text("parameters", a->params != NULL ? a->params : "fitted on the built-in MLPerf rows");
    json_number("epochs", SEED001_EPOCHS);
    json_number("samples_per_epoch", CIFAR10_TRAIN);
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
    printf("\n  ],\n  \"same_ordering\": %s\n}\n", same_ordering(r) ? "true" : "false");
}

int predict_seed001(const predict_args *a)
{
    /* The globals fitted on the built-in MLPerf rows, as docs/predictor.md
     * reports them (neither device has a row, so no correction applies),
     * unless --params names others. */
    predict_args fitted = *a;
    fitted.calibrated = a->params == NULL;
    predict_env env;
    int status = predict_env_open(&fitted, &env);
    seed_result r[3];
    for (int i = 0; i < 3 && status == CLI_OK; i++)
        status = predict_model(a, &env, a->cifar ? models[i].cifar_network : models[i].network,
                               &r[i]);
    int precision = a->precision == ACCELSEL_PRECISION_AUTO ? ACCELSEL_PRECISION_FP32
                                                            : a->precision;
    double batch = a->batch > 0 ? a->batch : SEED001_BATCH;
    if (status == CLI_OK && a->format == CLI_FORMAT_JSON)
        print_json(a, r, precision, batch);
    else if (status == CLI_OK)
        print_table(a, r, precision, batch);
    predict_env_free(&env);
    return status;
}
