/* Speed of the predictor: layer evaluations per second on one thread (every
 * layer of ResNet-50 on an A100, batch 256, fp16), a calibration on the whole
 * built-in dataset, and the prediction of its 343 rows. Prints figures, never
 * fails on time; bench/predict_vs_numpy.py runs it beside a numpy roofline.
 *
 * It also times one prediction under ACCELSEL_PRECISION_AUTO beside the same
 * request at the precision AUTO chose, in the same run, on GPUs, a TPU and
 * CPUs (a scheduler calls predict in a hot loop; AUTO is the default). A
 * CPU's row may name a thread count and the eager stack after the device,
 * as in "xeon-platinum-8480-plus/8t/eager" (the tuned stack on every core
 * otherwise): both reach AUTO's decision.
 *
 * usage: bench_predict [--layers | --evaluate | --seed001 | --auto]
 *   --auto      only the AUTO against fixed-precision table
 *   --layers    the ResNet-50 layer table as CSV, for the numpy peer
 *   --evaluate  the held-out evaluation of docs/predictor.md (a table)
 *   --seed001   10 epochs of CIFAR-10 on rtx-3050 and core-i5-12400 with the
 *               parameters calibrated on the built-in data, beside the paper */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "accelsel/accelsel.h"
#include "perf/layer_model.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void dump_layers(const accelsel_network *net)
{
    printf("macs,elementwise_flops,input_elements,output_elements,weight_elements\n");
    for (size_t i = 0; i < accelsel_network_layer_count(net); i++) {
        const accelsel_layer_info *l = accelsel_network_layer(net, i);
        printf("%llu,%llu,%llu,%llu,%llu\n", (unsigned long long)l->macs,
               (unsigned long long)l->elementwise_flops, (unsigned long long)l->input_elements,
               (unsigned long long)l->output_elements, (unsigned long long)l->weight_elements);
    }
}

/* Evaluations per second over at least 0.5 s. */
static double layer_rate(const accelsel_device_info *dev, const accelsel_network *net)
{
    size_t n = accelsel_network_layer_count(net), evals = 0;
    double sink = 0, t0 = now(), t;
    do {
        for (int rep = 0; rep < 100; rep++)
            for (size_t i = 0; i < n; i++) {
                asel_layer_time lt;
                asel_perf_layer_forward(NULL, dev, accelsel_network_layer(net, i), 256,
                                        ACCELSEL_PRECISION_FP16, &lt);
                sink += lt.time_s;
            }
        evals += 100 * n;
        t = now() - t0;
    } while (t < 0.5);
    if (sink < 0)
        printf("impossible\n");
    return evals / t;
}

/* Microseconds per accelsel_predictor_predict() of @p q over one round of
 * at least 8 ms. */
static double round_us(const accelsel_predictor *p, const accelsel_predict_request *q)
{
    size_t calls = 0;
    double sink = 0, t0 = now(), t;
    do {
        for (int rep = 0; rep < 64; rep++) {
            accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
            if (accelsel_predictor_predict(p, q, &r) == 0)
                sink += r.step_s;
        }
        calls += 64;
        t = now() - t0;
    } while (t < 0.008);
    if (sink < 0)
        printf("impossible\n");
    return 1e6 * t / calls;
}

/* The best of 40 rounds of @p a and of @p b, in turn, so that a burst of
 * load on a shared machine slows both alike rather than the one it falls on. */
static void pair_us(const accelsel_predictor *p, const accelsel_predict_request *a,
                    const accelsel_predict_request *b, double *a_us, double *b_us)
{
    for (int round = 0; round < 40; round++) {
        double x = round_us(p, a), y = round_us(p, b);
        *a_us = round == 0 || x < *a_us ? x : *a_us;
        *b_us = round == 0 || y < *b_us ? y : *b_us;
    }
}

/* AUTO against the precision it chose, request by request, interleaved in
 * one run so that both see the same machine. */
static int auto_table(const accelsel_predictor *p, const accelsel_network *net)
{
    static const struct { const char *dev; uint32_t threads; int32_t stack; } c[] = {
        { "a100-sxm4-80gb", 0, ACCELSEL_STACK_TUNED },
        { "h100-sxm5-80gb", 0, ACCELSEL_STACK_TUNED },
        { "rtx-4090", 0, ACCELSEL_STACK_TUNED }, { "tpu-v4", 0, ACCELSEL_STACK_TUNED },
        { "xeon-platinum-8480-plus", 0, ACCELSEL_STACK_TUNED },
        { "xeon-platinum-8480-plus", 8, ACCELSEL_STACK_EAGER },
        { "epyc-9654", 0, ACCELSEL_STACK_TUNED }, { "epyc-9654", 8, ACCELSEL_STACK_EAGER },
    };
    printf("predict resnet50, 8 devices, batch 256 each (1 thread)\n");
    printf("device\tprecision\tauto_us\tfixed_us\tauto/fixed\n");
    double worst = 0;
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
        accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
        q.network = net;
        q.device = c[i].dev;
        q.count = 8;
        q.threads = c[i].threads;
        q.stack = c[i].stack;
        if (accelsel_predictor_predict(p, &q, &r) != 0)
            return 1;
        accelsel_predict_request f = q;
        f.precision = r.precision;
        double a = 0, x = 0;
        pair_us(p, &q, &f, &a, &x);
        char label[96];
        int n = snprintf(label, sizeof label, "%s", c[i].dev);
        if (c[i].threads > 0)
            n += snprintf(label + n, sizeof label - (size_t)n, "/%ut", c[i].threads);
        if (c[i].stack == ACCELSEL_STACK_EAGER)
            snprintf(label + n, sizeof label - (size_t)n, "/eager");
        printf("%s\t%s\t%.2f\t%.2f\t%.2f\n", label, accelsel_precision_name(r.precision), a,
               x, a / x);
        worst = a / x > worst ? a / x : worst;
    }
    printf("auto/fixed, the worst device: %.2f\n", worst);
    return 0;
}

static void print_table(const accelsel_dataset *t)
{
    size_t cols = accelsel_dataset_cols(t);
    for (size_t c = 0; c < cols; c++)
        printf("%s%s", accelsel_dataset_column_name(t, c), c + 1 < cols ? "\t" : "\n");
    for (size_t r = 0; r < accelsel_dataset_rows(t); r++)
        for (size_t c = 0; c < cols; c++) {
            if (accelsel_dataset_column_type(t, c) == ACCELSEL_COLUMN_NUMERIC)
                printf("%.1f", accelsel_dataset_number(t, r, c));
            else
                printf("%s", accelsel_dataset_string(t, r, c));
            printf("%s", c + 1 < cols ? "\t" : "\n");
        }
}

static int evaluate(const accelsel_predictor *p, const accelsel_dataset *ds)
{
    accelsel_dataset *t;
    double t0 = now();
    if (accelsel_predictor_evaluate(&t, p, ds, NULL) != 0)
        return 1;
    print_table(t);
    printf("(%.1f s)\n", now() - t0);
    accelsel_dataset_free(t);
    return 0;
}

/* Seed 001: fp32 (the paper names no mixed precision), batch 128, 10 epochs
 * of 50,000 images; the globals and corrections fitted on the built-in data
 * (neither device has a row there, so no correction applies). */
static int seed001(const accelsel_catalog *cat, const accelsel_dataset *ds)
{
    static const char *nets[] = { "small-cnn", "resnet18-32", "resnet50-32", "resnet18-cifar",
                                  "resnet50-cifar" };
    static const double paper[] = { 2, 7, 40.6, 7, 40.6 };
    accelsel_predictor *p;
    if (accelsel_predictor_new(&p, cat, NULL) || accelsel_predictor_calibrate(NULL, p, ds, NULL))
        return 1;
    printf("network\tgpu_s\tcpu_s\tspeedup\tpaper_speedup\n");
    for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++) {
        accelsel_network *net;
        double t[2];
        const char *dev[2] = { "rtx-3050", "core-i5-12400" };
        if (accelsel_network_load_zoo(&net, nets[i], NULL))
            return 1;
        for (int d = 0; d < 2; d++) {
            accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
            accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
            q.network = net;
            q.device = dev[d];
            q.global_batch = 128;
            q.epochs = 10;
            q.epoch_samples = 50000;
            q.precision = ACCELSEL_PRECISION_FP32;
            if (accelsel_predictor_predict(p, &q, &r))
                return 1;
            t[d] = r.time_to_train_s;
        }
        printf("%s\t%.1f\t%.1f\t%.1f\t%.1f\n", nets[i], t[0], t[1], t[1] / t[0], paper[i]);
        accelsel_network_free(net);
    }
    accelsel_predictor_free(p);
    return 0;
}

/* What-if: ResNet-50 on H200s (no measured row: the physical model with the
 * globals fitted on the built-in data) at 8, 16, 64 and 512, 256 images per
 * device, and the sweet spot at E' >= 0.8; then a DGX H100 SuperPOD of 32 nodes. */
static int whatif(accelsel_predictor *p, const accelsel_dataset *ds, const accelsel_network *net)
{
    static const uint32_t counts[] = { 8, 16, 64, 512 };
    accelsel_sweep_point pts[4];
    size_t sweet;
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net;
    q.device = "h200-sxm-141gb";
    q.count = 8;
    if (accelsel_predictor_calibrate(NULL, p, ds, NULL) != 0 ||
        accelsel_predictor_sweep(p, &q, counts, 4, 0.8, pts, &sweet) != 0)
        return 1;
    printf("count\ttime_to_train_min\tthroughput_img_s\tefficiency\n");
    for (size_t i = 0; i < 4; i++)
        printf("%u\t%.2f\t%.0f\t%.3f\n", pts[i].count, pts[i].time_to_train_s / 60,
               pts[i].throughput_samples_s, pts[i].efficiency);
    printf("sweet spot (E' >= 0.8): %u\n", pts[sweet].count);
    accelsel_predict_request s = ACCELSEL_PREDICT_REQUEST_INIT;
    s.network = net;
    s.system = "dgx-h100";
    s.nodes = 32;
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    if (accelsel_predictor_predict(p, &s, &r) != 0)
        return 1;
    printf("dgx-h100 x 32 nodes (%u GPUs): %.2f min, %.0f img/s\n", r.count, r.time_to_train_s / 60,
           r.throughput_samples_s);
    return 0;
}

/* In-sample errors: the calibration report of a fit on every built-in row. */
static int insample(accelsel_predictor *p, const accelsel_dataset *ds)
{
    accelsel_calibration_report *rep;
    char *text;
    if (accelsel_predictor_calibrate(&rep, p, ds, NULL) != 0)
        return 1;
    int rc = accelsel_dataset_save_csv_buffer(accelsel_calibration_report_table(rep), &text, NULL);
    if (rc == 0)
        fputs(text, stdout);
    accelsel_free(text);
    accelsel_calibration_report_free(rep);
    return rc != 0;
}

int main(int argc, char **argv)
{
    accelsel_catalog *cat;
    accelsel_network *net;
    accelsel_dataset *ds, *out;
    accelsel_predictor *p;
    size_t d;
    if (accelsel_catalog_load_builtin(&cat) || accelsel_network_load_zoo(&net, "resnet50", NULL) ||
        accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet") ||
        accelsel_predictor_new(&p, cat, NULL) || accelsel_catalog_find_device(cat, "a100-sxm4-80gb", &d)) {
        fprintf(stderr, "bench_predict: %s\n", accelsel_last_error()->message);
        return 1;
    }
    if (argc > 1 && strcmp(argv[1], "--layers") == 0) {
        dump_layers(net);
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--evaluate") == 0)
        return evaluate(p, ds);
    if (argc > 1 && strcmp(argv[1], "--seed001") == 0)
        return seed001(cat, ds);
    if (argc > 1 && strcmp(argv[1], "--insample") == 0)
        return insample(p, ds);
    if (argc > 1 && strcmp(argv[1], "--whatif") == 0)
        return whatif(p, ds, net);
    if (argc > 1 && strcmp(argv[1], "--auto") == 0)
        return auto_table(p, net);
    printf("layer evaluations per second (1 thread): %.3g\n",
           layer_rate(accelsel_catalog_device(cat, d), net));
    double t0 = now();
    accelsel_predict_dataset_options o = ACCELSEL_PREDICT_DATASET_OPTIONS_INIT;
    o.n_threads = 1;
    if (accelsel_predictor_predict_dataset(&out, p, ds, &o) != 0)
        return 1;
    printf("predict the %zu built-in rows: %.4f s\n", accelsel_dataset_rows(ds), now() - t0);
    accelsel_dataset_free(out);
    t0 = now();
    if (accelsel_predictor_calibrate(NULL, p, ds, NULL) != 0)
        return 1;
    printf("calibrate on the built-in dataset: %.3f s\n", now() - t0);
    if (auto_table(p, net) != 0)
        return 1;
    accelsel_predictor_free(p);
    accelsel_dataset_free(ds);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
    return 0;
}
