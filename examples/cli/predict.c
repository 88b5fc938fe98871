/* accelsel predict: the training time of a network on a device or system,
 * predicted by the library's cost model (docs/predictor.md). This file: the
 * usage text, the catalog and predictor every mode starts from, one
 * configuration, and the dispatch to the other modes. */
#include <stdlib.h>
#include <string.h>

#include "predict.h"

static const char usage_text[] =
    "usage: accelsel predict --network NAME|FILE.yaml\n"
    "                        (--device NAME [--count N | --nodes N --per-node M]\n"
    "                         [--intra-link NAME] [--inter-link NAME] | --system NAME [--nodes N])\n"
    "                        [--host-cpu NAME] [--batch N] [--precision P]\n"
    "                        [--epochs E | --samples N] [--epoch-samples N]\n"
    "                        [--threads N] [--stack tuned|eager]\n"
    "                        [--plan SPEC|auto] [--breakdown] [--layers] [--format table|json]\n"
    "       accelsel predict --from-csv FILE|builtin [--na LIST] [--benchmark NAME]\n"
    "                        [--format csv|json] [--raw] [--plot FILE.svg]\n"
    "       accelsel predict --calibrate [--csv FILE [--na LIST]] [--holdout-rounds LIST]\n"
    "                        [--evaluate] [--save PARAMS.yaml] [--format table|csv|json]\n"
    "                        [--raw] [--steps FILE|builtin] [--plans FILE|builtin]\n"
    "                        [--plot FILE.svg]\n"
    "       accelsel predict --from-steps FILE|builtin [--evaluate] [--format table|csv|json]\n"
    "                        [--raw]\n"
    "       accelsel predict --sweep COUNTS [configuration as above] [--threshold T]\n"
    "                        [--format table|csv|json] [--raw] [--plot FILE.svg]\n"
    "       accelsel predict --seed001 [--variant cifar] [--batch N] [--precision P]\n"
    "                        [--format table|json]\n"
    "   and with every form: [--catalog FILE.yaml] [--params PARAMS.yaml | --calibrated | --physical]\n"
    "\n"
    "Predict the time to train a network: per step, per epoch and in all, with\n"
    "throughput and a breakdown into compute, memory-bound time, communication\n"
    "(and its part not hidden behind the backward pass), per-layer overhead,\n"
    "host-to-device transfer and the host's input pipeline. The model is described\n"
    "in docs/predictor.md.\n"
    "\n";

static const char usage_one[] =
    "One configuration:\n"
    "  --network NAME|FILE  a zoo model (accelsel network list), a network YAML file, or\n"
    "                       hf:FILE.json, a Hugging Face-style config.json\n"
    "  --device NAME        a catalog device (accelsel catalog list); with\n"
    "    --count N            N devices in all, or\n"
    "    --nodes N --per-node M  N nodes of M devices (default: one device)\n"
    "    --intra-link NAME    link inside a node (default: the device's usual one)\n"
    "    --inter-link NAME    link between nodes (default: InfiniBand of its generation)\n"
    "  --system NAME        a catalog system (its device, links and host CPU), with\n"
    "    --nodes N            N of its nodes (default: the system's size)\n"
    "  --host-cpu NAME      host CPU feeding the input pipeline (default: the system's)\n"
    "  --batch N            global batch (default: 256 per device)\n"
    "  --precision P        auto (default: the device's fastest training precision),\n"
    "                       fp32, tf32, fp16, bf16, fp8, int8, fp64\n"
    "  --epochs E           epochs (default: the network's training recipe, see accelsel\n"
    "                       network show; for resnet50 the relation fitted on MLPerf's\n"
    "                       epochs against global batch size; where neither gives one,\n"
    "                       that relation, and the output says it was assumed)\n"
    "  --samples N          train on N samples in all instead of a number of epochs\n"
    "  --threads N          a CPU device: the cores that run the step (default: all)\n"
    "  --stack S            the software that runs it: tuned (default: fused and tuned,\n"
    "                       as MLPerf submissions) or eager (an eager framework such as\n"
    "                       PyTorch's default mode: one call per layer, nothing fused)\n"
    "  --epoch-samples N    samples per epoch (default: the network's recipe, else\n"
    "                       ImageNet-1k's 1,281,167, said to be assumed)\n"
    "  --plan SPEC|auto     a transformer (a zoo LLM, hf:FILE.json or a YAML 'transformer'\n"
    "                       section) under a parallel plan: tp=8,pp=4,dp=...,cp=1,mbs=1,vp=2,\n"
    "                       sp=on,zero=1,recompute=selective; a key left out, or auto, is\n"
    "                       searched (auto: every key) and the fastest plan that fits memory\n"
    "                       is printed with the next best. --batch counts sequences\n"
    "                       (default: one per device). JSON: plan {tp, pp, dp, cp,\n"
    "                       micro_batch, interleave, sequence_parallel, sharding,\n"
    "                       recompute}, step_s, time_to_train_s, tokens_s, mfu,\n"
    "                       micro_batches, communication {tp, cp, pp, dp: {s,\n"
    "                       exposed_s}}, breakdown {compute_s, recompute_s, memory_s,\n"
    "                       overhead_s, bubble_s, optimizer_s}, memory {weights,\n"
    "                       gradients, optimizer_states, activations, needed,\n"
    "                       available} (bytes), next_best {the same}\n"
    "  --breakdown          also print the breakdown of a step (always in JSON)\n"
    "  --layers             also print the per-layer times (JSON key layers)\n"
    "  --format F           table (default) or json: network, device, system (with\n"
    "                       --system), count, nodes, per_node, precision,\n"
    "                       time_to_train_min, epochs, step_s, epoch_s,\n"
    "                       throughput_samples_s, per_device_batch, global_batch,\n"
    "                       memory_needed_bytes, memory_available_bytes, correction,\n"
    "                       correction_source (none, device, device-count,\n"
    "                       other-workload, other-stack: withheld, disabled),\n"
    "                       epochs_source and\n"
    "                       epoch_samples_source (request, network, fit, assumed),\n"
    "                       error_band {group (a, b, c, steps or none), median_pct,\n"
    "                       p90_pct:\n"
    "                       the held-out error of such predictions},\n"
    "                       breakdown {compute_s, memory_s, communication_s,\n"
    "                       exposed_communication_s, overhead_s, transfer_s,\n"
    "                       input_s (host input pipeline)} per step\n"
    "\n";

static const char usage_modes[] =
    "Other modes:\n"
    "  --from-csv FILE|builtin\n"
    "                       predict every row of a CSV in the built-in MLPerf format from\n"
    "                       its configuration columns only (never its results); writes\n"
    "                       the input columns and predicted_time_to_train_min,\n"
    "                       predicted_epochs, predicted_throughput_img_s, prediction_note\n"
    "                       (why a row could not be predicted, or what a prediction\n"
    "                       assumed), and abs_pct_error when\n"
    "                       the file has time_to_train_min (median and p90 on stderr).\n"
    "                       --na LIST: further spellings of a missing value (--na=-,core_count\n"
    "                       reads data/mlperf_training_resnet.csv as the built-in data is read);\n"
    "                       builtin: the built-in rows. --benchmark NAME: only the rows of\n"
    "                       MLPerf Training benchmark NAME (the built-in table of NAME, or the\n"
    "                       rows of FILE whose benchmark column is NAME; all: every row); a\n"
    "                       row of a benchmark the predictor does not model is not predicted\n"
    "                       (its prediction_note says so)\n"
    "  --calibrate          fit the global parameters and the corrections per device and\n"
    "                       count on the built-in MLPerf rows (or --csv FILE) and print the\n"
    "                       errors per accelerator family, on the fitted rows and the rounds of\n"
    "                       --holdout-rounds LIST (e.g. v3.0,v3.1), which are left out of\n"
    "                       the fit; --evaluate adds the held-out protocols of\n"
    "                       docs/predictor.md beside the naive peer (the same accelerator\n"
    "                       at the same count in the latest earlier round); --save FILE\n"
    "                       writes the fitted parameters (with --evaluate, the error\n"
    "                       bands of each group too: tools/gen-params makes the shipped\n"
    "                       fit so). Always starts from the compiled-in values.\n"
    "                       --steps FILE|builtin: then fit the eager stack on step\n"
    "                       measurements (docs/step-measurements.md; builtin: the rows\n"
    "                       shipped with the library), with --evaluate after leaving\n"
    "                       each network out first.\n"
    "                       --plans FILE|builtin: then fit the parallel plans on the\n"
    "                       rows of MLPerf's LLM benchmarks (gpt3, llama2_70b_lora,\n"
    "                       llama31_405b) of FILE (builtin: the built-in MLPerf rows),\n"
    "                       the rounds of --holdout-rounds held out; with --evaluate\n"
    "                       their held-out protocols first (default: the latest round\n"
    "                       held out), per benchmark beside the lookup and the linear\n"
    "                       scaling of the best measured per-accelerator throughput\n"
    "                       (JSON keys plan_calibration, plan_evaluation; CSV: the\n"
    "                       plans' table alone)\n"
    "  --from-steps FILE|builtin  predict every step-measurement row: network, device,\n"
    "                       stack, threads, batch, measured_step_s, predicted_step_s,\n"
    "                       ape (median and p90 on stderr); --evaluate: leave one\n"
    "                       network out instead (fit the eager stack on the others,\n"
    "                       predict its rows), per network and in all\n"
    "  --params FILE        predict with parameters saved by --calibrate --save\n"
    "  --calibrated         fit on the built-in MLPerf rows now, against this catalog\n"
    "                       (about half a second; for a --catalog that changes devices\n"
    "                       of the data). Without it or --params: the fit shipped with\n"
    "                       the library (data/params/builtin.yaml), made the same way\n"
    "  --physical           the compiled-in starting values of docs/predictor.md, with no\n"
    "                       corrections and no error bands: the raw physical model\n";

static const char usage_more[] =
    "  --sweep COUNTS       predict at each accelerator count of an increasing list;\n"
    "                       \"...\" continues a series up to the count after it, which\n"
    "                       must lie on it. The series is the counts written before\n"
    "                       \"...\" (from the start, or from the end of an earlier \"...\"):\n"
    "                       after two counts the series is arithmetic (10,20,...,50 and\n"
    "                       8,16,...,64 step by 10 and 8); after more, their last three\n"
    "                       must have a constant difference (arithmetic) or a constant\n"
    "                       whole ratio (geometric: 1,2,4,...,1024). Prints time,\n"
    "                       speed-up and efficiency E' against the first count, and\n"
    "                       the sweet spot: the largest count with E' >= --threshold T\n"
    "                       (default 0.8; only with --sweep)\n"
    "  --seed001            seed 001's experiment: 10 epochs of CIFAR-10 for small-cnn,\n"
    "                       resnet18-32 and resnet50-32 on an RTX 3050 and on a desktop\n"
    "                       CPU, beside the paper's speed-ups; --variant cifar uses the\n"
    "                       CIFAR-stem ResNets; --batch (default 128), --precision\n"
    "                       (default fp32); globals fitted on the built-in rows unless\n"
    "                       --params; the desktop CPU also runs the GPU's input\n"
    "                       pipeline; JSON key models\n"
    "  --catalog FILE       a catalog merged over the built-in one (its entries replace\n"
    "                       built-in entries of the same name), e.g. a device of your own;\n"
    "                       the file defines every entry it refers to (copy a built-in\n"
    "                       one with accelsel catalog show NAME --format yaml)\n"
    "  --raw                with CSV output: write the cells as they are; by default\n"
    "                       control characters of the input's cells are written as\n"
    "                       tables show them (\\x1b, \\r, \\n, a backslash doubled),\n"
    "                       so that no cell sends an escape sequence to a terminal\n"
    "  --plot FILE.svg      --from-csv, --calibrate: predicted against measured time to\n"
    "                       train (log-log, identity line, one colour per family);\n"
    "                       --sweep: time to train and E' against the count\n"
    "\n"
    "Exit status: 0 success, 1 a library error (status name and message printed),\n"
    "2 bad usage.\n";

int predict_oom(void)
{
    fputs("accelsel: predict: out of memory\n", stderr);
    return CLI_FAIL;
}

int predict_env_open(const predict_args *a, predict_env *env)
{
    memset(env, 0, sizeof *env);
    int status = cli_open_catalog(&env->cat, a->catalog);
    if (status != CLI_OK)
        return status;
    if (a->params != NULL && cli_check_input_file(a->params) != CLI_OK)
        return CLI_FAIL;
    accelsel_predictor_options o;
    accelsel_predictor_options_init(&o, ACCELSEL_PREDICTOR_OPTIONS_VERSION);
    o.calibrate_builtin = (uint32_t)a->calibrated;
    /* A calibration starts from the compiled-in values, those it does not
     * fit included, so that the shipped fit is remade from the source. */
    o.physical = (uint32_t)(a->physical || a->mode == PREDICT_CALIBRATE);
    int rc = a->params != NULL
                 ? accelsel_predictor_load_params_file(&env->pred, env->cat, a->params, NULL)
                 : accelsel_predictor_new(&env->pred, env->cat, &o);
    return rc != 0 ? cli_fail(rc, a->params != NULL ? a->params : "predictor") : CLI_OK;
}

int predict_env_load_network(const predict_args *a, predict_env *env)
{
    return cli_load_network(&env->net, a->network);
}

void predict_env_free(predict_env *env)
{
    accelsel_network_free(env->net);
    accelsel_predictor_free(env->pred);
    accelsel_catalog_free(env->cat);
}

void predict_request(const predict_args *a, const accelsel_network *net,
                     accelsel_predict_request *req)
{
    accelsel_predict_request init = ACCELSEL_PREDICT_REQUEST_INIT;
    *req = init;
    req->network = net;
    req->device = a->device;
    req->system = a->system;
    req->count = a->count;
    req->nodes = a->nodes;
    req->per_node = a->per_node;
    req->intra_link = a->intra_link;
    req->inter_link = a->inter_link;
    req->host_cpu = a->host_cpu;
    req->global_batch = a->batch;
    req->precision = a->precision;
    req->epochs = a->epochs;
    req->total_samples = a->samples;
    req->epoch_samples = a->epoch_samples;
    req->threads = a->threads;
    req->stack = a->stack;
}

/* The per-layer rows of @p req (caller frees); CLI_OK or CLI_FAIL. */
static int predict_layers(const predict_env *env, const accelsel_predict_request *req,
                          accelsel_layer_prediction **rows, size_t *n)
{
    int rc = accelsel_predictor_predict_layers(env->pred, req, NULL, 0, n);
    if (rc != 0)
        return cli_fail(rc, "per-layer prediction");
    *rows = malloc((*n ? *n : 1) * sizeof **rows);
    if (*rows == NULL)
        return predict_oom();
    rc = accelsel_predictor_predict_layers(env->pred, req, *rows, *n, n);
    return rc != 0 ? cli_fail(rc, "per-layer prediction") : CLI_OK;
}

static int predict_one(const predict_args *a, predict_env *env)
{
    int status = predict_env_load_network(a, env);
    if (status != CLI_OK)
        return status;
    accelsel_predict_request req;
    predict_request(a, env->net, &req);
    if (a->plan != NULL)
        return predict_plan(a, env, &req);
    accelsel_prediction res;
    accelsel_prediction_init(&res, ACCELSEL_PREDICTION_VERSION);
    int rc = accelsel_predictor_predict(env->pred, &req, &res);
    if (rc != 0)
        return cli_fail(rc, a->device != NULL ? a->device : a->system);
    accelsel_layer_prediction *rows = NULL;
    size_t n = 0;
    if (a->layers)
        status = predict_layers(env, &req, &rows, &n);
    if (status == CLI_OK)
        status = predict_print(a, env->cat, env->net, &res, rows, n);
    free(rows);
    return status;
}

static int run(const predict_args *a)
{
    if (a->mode == PREDICT_SEED001)
        return predict_seed001(a);
    predict_env env;
    int status = predict_env_open(a, &env);
    if (status == CLI_OK) {
        if (a->mode == PREDICT_FROM_CSV)
            status = predict_from_csv(a, &env);
        else if (a->mode == PREDICT_CALIBRATE)
            status = predict_calibrate(a, &env);
        else if (a->mode == PREDICT_SWEEP)
            status = predict_sweep(a, &env);
        else if (a->mode == PREDICT_FROM_STEPS)
            status = predict_from_steps(a, &env);
        else
            status = predict_one(a, &env);
    }
    predict_env_free(&env);
    return status;
}

int cli_predict(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(usage_text, stdout);
        fputs(usage_one, stdout);
        fputs(usage_modes, stdout);
        fputs(usage_more, stdout);
        return CLI_OK;
    }
    predict_args a;
    int status = predict_parse_args(argc, argv, &a);
    return status == CLI_OK ? run(&a) : status;
}
