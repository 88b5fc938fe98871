/* accelsel predict: the command line into predict_args, with a usage error
 * naming the option for anything wrong. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "predict.h"

/* What the table fills beside predict_args: the choices made of the
 * library's names and the modes. */
typedef struct predict_table {
    cli_opt opts[41];
    cli_command cmd;
    int variant, calibrate, seed001;
    const char *precisions[ACCELSEL_PRECISION_COUNT + 2], *stacks[ACCELSEL_STACK_COUNT + 1];
    int precision_values[ACCELSEL_PRECISION_COUNT + 1];
} predict_table;

static const char *const formats[] = {"table", "csv", "json", NULL};
static const char *const variants[] = {"cifar", "imagenet-stem", NULL};

/* The precisions ("auto" first) and stacks the library names. */
static void library_choices(predict_table *t)
{
    t->precisions[0] = "auto";
    t->precision_values[0] = ACCELSEL_PRECISION_AUTO;
    for (int p = 0; p < ACCELSEL_PRECISION_COUNT; p++) {
        t->precisions[p + 1] = accelsel_precision_name(p);
        t->precision_values[p + 1] = p;
    }
    t->precisions[ACCELSEL_PRECISION_COUNT + 1] = NULL;
    for (int32_t k = 0; k < ACCELSEL_STACK_COUNT; k++)
        t->stacks[k] = accelsel_stack_name(k);
    t->stacks[ACCELSEL_STACK_COUNT] = NULL;
}

#define U32(opt, dst, fld) \
    {.name = opt, .kind = CLI_ARG_U32, .dest = dst, .field = fld, .lo = 1, .hi = UINT32_MAX, \
     .want = "a whole number from 1 to 4294967295"}
#define TEXT(opt, dst, fld) {.name = opt, .kind = CLI_ARG_STRING, .dest = dst, .field = fld}
#define FLAG(opt, dst) {.name = opt, .kind = CLI_ARG_FLAG, .dest = dst}
#define REAL(opt, dst, fld, lo, open, hi, text) \
    {.name = opt, .kind = CLI_ARG_DOUBLE, .dest = dst, .field = fld, .dlo = lo, .lo_open = open, \
     .dhi = hi, .want = text}

/* predict's help is its own (predict.c): grouped by mode, not one list. */
static void predict_table_init(predict_table *t, predict_args *a)
{
    library_choices(t);
    const cli_opt opts[41] = {
        TEXT("--network", &a->network, "network"), TEXT("--device", &a->device, "device"),
        TEXT("--system", &a->system, "system"), U32("--count", &a->count, "count"),
        U32("--nodes", &a->nodes, "nodes"), U32("--per-node", &a->per_node, "per_node"),
        TEXT("--intra-link", &a->intra_link, "intra_link"),
        TEXT("--inter-link", &a->inter_link, "inter_link"),
        TEXT("--host-cpu", &a->host_cpu, "host_cpu"),
        REAL("--batch", &a->batch, "global_batch", 0, 1, 1e15,
             "a number above 0 and at most 1e+15"),
        {.name = "--precision", .kind = CLI_ARG_CHOICE, .dest = &a->precision,
         .field = "precision", .choices = t->precisions, .values = t->precision_values},
        REAL("--epochs", &a->epochs, "epochs", 0, 1, 1e9, "a number above 0 and at most 1e+09"),
        REAL("--samples", &a->samples, "total_samples", 1, 0, 1e18,
             "a number of samples from 1 to 1e+18"),
        REAL("--epoch-samples", &a->epoch_samples, "epoch_samples", 1, 0, 1e15,
             "a number of samples from 1 to 1e+15"),
        TEXT("--catalog", &a->catalog, NULL), TEXT("--params", &a->params, NULL),
        {.name = "--format", .kind = CLI_ARG_CHOICE, .dest = &a->format, .choices = formats},
        TEXT("--from-csv", &a->from_csv, NULL), TEXT("--csv", &a->csv, NULL),
        TEXT("--benchmark", &a->benchmark, "benchmark"),
        TEXT("--na", &a->na, "na_values"), TEXT("--holdout-rounds", &a->holdout_rounds, NULL),
        TEXT("--save", &a->save, NULL), TEXT("--sweep", &a->sweep, NULL),
        REAL("--threshold", &a->threshold, "threshold", 0, 1, 1.0,
             "a number above 0 and at most 1"),
        TEXT("--plot", &a->plot, NULL),
        {.name = "--variant", .kind = CLI_ARG_CHOICE, .dest = &t->variant, .choices = variants},
        U32("--threads", &a->threads, "threads"),
        {.name = "--stack", .kind = CLI_ARG_CHOICE, .dest = &a->stack, .field = "stack",
         .choices = t->stacks},
        TEXT("--from-steps", &a->from_steps, NULL), TEXT("--steps", &a->steps, NULL),
        TEXT("--plan", &a->plan, "plan"), TEXT("--plans", &a->plans, NULL),
        FLAG("--breakdown", &a->breakdown), FLAG("--layers", &a->layers),
        FLAG("--calibrate", &t->calibrate), FLAG("--evaluate", &a->evaluate),
        FLAG("--calibrated", &a->calibrated), FLAG("--physical", &a->physical),
        FLAG("--raw", &a->raw), FLAG("--seed001", &t->seed001),
    };
    memcpy(t->opts, opts, sizeof opts);
    t->cmd = (cli_command){.name = "predict", .opts = t->opts, .n_opts = 41, .value_first = 1};
}

/* Parse into @p a, and the variant and modes of @p t into @p a and *modes. */
static int parse_table(int argc, char **argv, predict_args *a, predict_table *t, unsigned *modes)
{
    memset(t, 0, sizeof *t);
    t->variant = -1;
    predict_table_init(t, a);
    int rc = cli_args_parse(&t->cmd, argc, argv);
    if (rc != CLI_OK)
        return rc;
    if (t->variant >= 0) {
        a->variant = variants[t->variant];
        a->cifar = t->variant == 0;
    }
    *modes = (t->calibrate ? 1u << PREDICT_CALIBRATE : 0u) |
             (t->seed001 ? 1u << PREDICT_SEED001 : 0u);
    if (a->plot != NULL && cli_svg_name("predict", "--plot", a->plot) != CLI_OK)
        return CLI_USAGE;
    return CLI_OK;
}

/* The mode from the options seen; two modes at once is an error. */
static int choose_mode(predict_args *a, unsigned modes)
{
    if (a->from_csv != NULL)
        modes |= 1u << PREDICT_FROM_CSV;
    if (a->sweep != NULL)
        modes |= 1u << PREDICT_SWEEP;
    if (a->from_steps != NULL)
        modes |= 1u << PREDICT_FROM_STEPS;
    if (modes & (modes - 1))
        return cli_usage_error("predict: --from-csv, --from-steps, --calibrate, --sweep and "
                               "--seed001 cannot be combined");
    for (int m = PREDICT_FROM_CSV; m <= PREDICT_FROM_STEPS; m++)
        if (modes == 1u << m)
            a->mode = m;
    return CLI_OK;
}

/* Formats each mode allows, and its default. */
static int check_format(predict_args *a)
{
    static const struct {
        unsigned allowed;
        int fallback;
        const char *names;
    } by_mode[] = {
        {(1u << CLI_FORMAT_TABLE) | (1u << CLI_FORMAT_JSON), CLI_FORMAT_TABLE, "table or json"},
        {(1u << CLI_FORMAT_CSV) | (1u << CLI_FORMAT_JSON), CLI_FORMAT_CSV, "csv or json"},
        {7u, CLI_FORMAT_TABLE, "table, csv or json"},
        {7u, CLI_FORMAT_TABLE, "table, csv or json"},
        {(1u << CLI_FORMAT_TABLE) | (1u << CLI_FORMAT_JSON), CLI_FORMAT_TABLE, "table or json"},
        {7u, CLI_FORMAT_TABLE, "table, csv or json"},
    };
    if (a->format < 0) {
        a->format = by_mode[a->mode].fallback;
        return CLI_OK;
    }
    if (!(by_mode[a->mode].allowed & (1u << a->format)))
        return cli_usage_error("predict: --format: this mode writes %s", by_mode[a->mode].names);
    return CLI_OK;
}

/* Whether any option describing one configuration was given. */
static int has_configuration(const predict_args *a)
{
    return a->network != NULL || a->device != NULL || a->system != NULL || a->count > 0 ||
           a->nodes > 0 || a->per_node > 0 || a->intra_link != NULL || a->inter_link != NULL ||
           a->host_cpu != NULL || a->epochs > 0 || a->samples > 0 || a->epoch_samples > 0;
}

/* Options a mode needs or ignores. */
static int check_mode(const predict_args *a)
{
    static const char *const mode_names[] = { "", "from-csv", "calibrate", "", "", "from-steps" };
    int rows = a->mode == PREDICT_FROM_CSV || a->mode == PREDICT_CALIBRATE ||
               a->mode == PREDICT_FROM_STEPS;
    if (rows && (has_configuration(a) || a->threads > 0 || a->stack != ACCELSEL_STACK_TUNED))
        return cli_usage_error("predict: --%s takes its configurations from the rows; give no "
                               "--network, --device, --system, counts, links, epochs, "
                               "--threads or --stack", mode_names[a->mode]);
    if (rows && (a->batch > 0 || a->precision != ACCELSEL_PRECISION_AUTO))
        return cli_usage_error("predict: --batch and --precision do not go with --%s (the rows "
                               "give the batch)", mode_names[a->mode]);
    if (a->steps != NULL && a->mode != PREDICT_CALIBRATE)
        return cli_usage_error("predict: --steps goes with --calibrate (use --from-steps to "
                               "predict a file's step rows)");
    if (a->plans != NULL && a->mode != PREDICT_CALIBRATE)
        return cli_usage_error("predict: --plans goes with --calibrate");
    if (a->mode == PREDICT_SEED001 && (a->threads > 0 || a->stack != ACCELSEL_STACK_TUNED))
        return cli_usage_error("predict: --seed001 fixes the threads and the stack");
    if (a->mode == PREDICT_SEED001 && has_configuration(a))
        return cli_usage_error("predict: --seed001 fixes network, devices and epochs; it takes "
                               "--variant, --batch, --precision, --catalog, --params, --format");
    if (a->na != NULL && a->from_csv == NULL && a->csv == NULL)
        return cli_usage_error("predict: --na goes with --from-csv or --calibrate --csv");
    if (a->na != NULL && a->from_csv != NULL && strcmp(a->from_csv, "builtin") == 0)
        return cli_usage_error("predict: --na goes with a file (the built-in data has its own)");
    int one = a->mode == PREDICT_ONE || a->mode == PREDICT_SWEEP;
    if (one && a->network == NULL)
        return cli_usage_error("predict: --network is required (a zoo name or a network file)");
    if (one && (a->device == NULL) == (a->system == NULL))
        return cli_usage_error("predict: give --device NAME or --system NAME (one of them)");
    if (a->epochs > 0 && a->samples > 0)
        return cli_usage_error("predict: --epochs and --samples cannot be combined");
    if (a->system != NULL && a->count > 0)
        return cli_usage_error("predict: --count goes with --device; with --system give --nodes");
    if ((a->save != NULL || a->holdout_rounds != NULL) && a->mode != PREDICT_CALIBRATE)
        return cli_usage_error("predict: --save and --holdout-rounds go with --calibrate");
    if (a->evaluate && a->mode != PREDICT_CALIBRATE && a->mode != PREDICT_FROM_STEPS)
        return cli_usage_error("predict: --evaluate goes with --calibrate or --from-steps");
    if (a->benchmark != NULL && a->mode != PREDICT_FROM_CSV)
        return cli_usage_error("predict: --benchmark goes with --from-csv");
    if (a->csv != NULL && a->mode != PREDICT_CALIBRATE)
        return cli_usage_error("predict: --csv goes with --calibrate (use --from-csv to predict "
                               "a file's rows)");
    if (a->plan != NULL && ((a->mode != PREDICT_ONE && a->mode != PREDICT_SWEEP) || a->layers))
        return cli_usage_error("predict: --plan goes with one configuration or --sweep, "
                               "without --layers");
    if ((a->breakdown || a->layers) && a->mode != PREDICT_ONE)
        return cli_usage_error("predict: --breakdown and --layers go with one configuration");
    if (a->plot != NULL && (a->mode == PREDICT_ONE || a->mode == PREDICT_SEED001))
        return cli_usage_error("predict: --plot goes with --from-csv, --calibrate or --sweep");
    if (a->calibrated + a->physical + (a->params != NULL) > 1)
        return cli_usage_error("predict: --calibrated, --physical and --params cannot be "
                               "combined");
    if (a->physical && a->mode == PREDICT_CALIBRATE)
        return cli_usage_error("predict: --physical goes with predictions (--calibrate always "
                               "starts from the compiled-in values)");
    if (a->variant != NULL && a->mode != PREDICT_SEED001)
        return cli_usage_error("predict: --variant goes with --seed001");
    if (a->threshold > 0 && a->mode != PREDICT_SWEEP)
        return cli_usage_error("predict: --threshold goes with --sweep");
    return CLI_OK;
}

int predict_parse_args(int argc, char **argv, predict_args *a)
{
    memset(a, 0, sizeof *a);
    a->precision = ACCELSEL_PRECISION_AUTO;
    a->format = -1;
    unsigned modes = 0;
    predict_table t;
    int rc = parse_table(argc, argv, a, &t, &modes);
    if (rc == CLI_OK)
        rc = choose_mode(a, modes);
    if (rc == CLI_OK)
        rc = check_format(a);
    if (rc == CLI_OK)
        rc = cli_set_csv_raw("predict", a->raw, a->format);
    if (rc == CLI_OK)
        rc = check_mode(a);
    if (a->threshold == 0)
        a->threshold = 0.8; /* the default, set once --threshold is known to be absent */
    return rc;
}
