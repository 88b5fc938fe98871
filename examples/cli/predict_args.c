/* accelsel predict: the command line into predict_args, with a usage error
 * naming the option for anything wrong. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "predict.h"

/* Options taking a value. */
static const char *const valued[] = {
    "--network", "--device", "--system", "--count", "--nodes", "--per-node", "--intra-link",
    "--inter-link", "--host-cpu", "--batch", "--precision", "--epochs", "--samples",
    "--epoch-samples", "--catalog", "--params", "--format", "--from-csv", "--csv", "--na",
    "--holdout-rounds", "--save", "--sweep", "--threshold", "--plot", "--variant", "--threads",
    "--stack", "--from-steps", "--steps"};

/* Options without a value. */
static const char *const flags[] = {"--breakdown", "--layers", "--calibrate", "--evaluate",
                                    "--calibrated", "--physical", "--raw", "--seed001"};

int predict_parse_precision(const char *s)
{
    if (strcmp(s, "auto") == 0)
        return ACCELSEL_PRECISION_AUTO;
    for (int p = 0; p < ACCELSEL_PRECISION_COUNT; p++)
        if (strcmp(s, accelsel_precision_name(p)) == 0)
            return p;
    return -2;
}

static int parse_u32(const char *opt, const char *v, uint32_t *out)
{
    uint64_t u;
    if (cli_parse_uint(v, 1, UINT32_MAX, &u) != 0)
        return cli_usage_error("predict: %s '%s' is not a whole number from 1 to %u", opt, v,
                               (unsigned)UINT32_MAX);
    *out = (uint32_t)u;
    return CLI_OK;
}

/* Whether @p v is the whole text of a finite number, into *@p x. */
static int read_real(const char *v, double *x)
{
    return cli_parse_number(v, x) == 0 && isfinite(*x);
}

/* A finite number above 0 and at most @p hi. */
static int parse_positive(const char *opt, const char *v, double hi, double *out)
{
    if (!read_real(v, out) || *out <= 0 || *out > hi)
        return cli_usage_error("predict: %s '%s' is not a number above 0 and at most %g", opt, v,
                               hi);
    return CLI_OK;
}

/* A finite number from 1 to @p hi: a count of samples, of which a fraction
 * of one is none (the library refuses it too, naming its own field). */
static int parse_samples(const char *opt, const char *v, double hi, double *out)
{
    if (!read_real(v, out) || *out < 1 || *out > hi)
        return cli_usage_error("predict: %s '%s' is not a number of samples from 1 to %g", opt,
                               v, hi);
    return CLI_OK;
}

static int set_format(predict_args *a, const char *v)
{
    a->format = cli_parse_format(v, (1u << CLI_FORMAT_TABLE) | (1u << CLI_FORMAT_CSV) |
                                        (1u << CLI_FORMAT_JSON));
    if (a->format < 0)
        return cli_usage_error("predict: --format '%s' is not table, csv or json", v);
    return CLI_OK;
}

static int set_stack(predict_args *a, const char *v)
{
    for (int32_t k = 0; k < ACCELSEL_STACK_COUNT; k++)
        if (strcmp(v, accelsel_stack_name(k)) == 0)
            return (int)(a->stack = k, CLI_OK);
    return cli_usage_error("predict: --stack '%s' is not tuned or eager", v);
}

static int set_text(predict_args *a, const char *opt, const char *v)
{
    static const struct {
        const char *name;
        size_t offset;
    } texts[] = {
        {"--network", offsetof(predict_args, network)},
        {"--device", offsetof(predict_args, device)},
        {"--system", offsetof(predict_args, system)},
        {"--intra-link", offsetof(predict_args, intra_link)},
        {"--inter-link", offsetof(predict_args, inter_link)},
        {"--host-cpu", offsetof(predict_args, host_cpu)},
        {"--catalog", offsetof(predict_args, catalog)},
        {"--params", offsetof(predict_args, params)},
        {"--from-csv", offsetof(predict_args, from_csv)},
        {"--csv", offsetof(predict_args, csv)},
        {"--na", offsetof(predict_args, na)},
        {"--holdout-rounds", offsetof(predict_args, holdout_rounds)},
        {"--save", offsetof(predict_args, save)},
        {"--sweep", offsetof(predict_args, sweep)},
        {"--plot", offsetof(predict_args, plot)},
        {"--from-steps", offsetof(predict_args, from_steps)},
        {"--steps", offsetof(predict_args, steps)},
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (strcmp(opt, texts[i].name) == 0) {
            if (*v == '\0')
                return cli_usage_error("predict: %s needs a value", opt);
            *(const char **)((char *)a + texts[i].offset) = v;
            return CLI_OK;
        }
    return -1;
}

static int set_value(predict_args *a, const char *opt, const char *v)
{
    if (strcmp(opt, "--plot") == 0 && cli_svg_name("predict", opt, v) != CLI_OK)
        return CLI_USAGE;
    int rc = set_text(a, opt, v);
    if (rc != -1)
        return rc;
    if (strcmp(opt, "--count") == 0)
        return parse_u32(opt, v, &a->count);
    if (strcmp(opt, "--nodes") == 0)
        return parse_u32(opt, v, &a->nodes);
    if (strcmp(opt, "--per-node") == 0)
        return parse_u32(opt, v, &a->per_node);
    if (strcmp(opt, "--batch") == 0)
        return parse_positive(opt, v, 1e15, &a->batch);
    if (strcmp(opt, "--epochs") == 0)
        return parse_positive(opt, v, 1e9, &a->epochs);
    if (strcmp(opt, "--samples") == 0)
        return parse_samples(opt, v, 1e18, &a->samples);
    if (strcmp(opt, "--epoch-samples") == 0)
        return parse_samples(opt, v, 1e15, &a->epoch_samples);
    if (strcmp(opt, "--threshold") == 0)
        return parse_positive(opt, v, 1.0, &a->threshold);
    if (strcmp(opt, "--threads") == 0)
        return parse_u32(opt, v, &a->threads);
    if (strcmp(opt, "--stack") == 0)
        return set_stack(a, v);
    if (strcmp(opt, "--format") == 0)
        return set_format(a, v);
    if (strcmp(opt, "--variant") == 0) {
        if (strcmp(v, "cifar") != 0 && strcmp(v, "imagenet-stem") != 0)
            return cli_usage_error("predict: --variant '%s' is not cifar or imagenet-stem", v);
        a->variant = v;
        a->cifar = strcmp(v, "cifar") == 0;
        return CLI_OK;
    }
    if ((a->precision = predict_parse_precision(v)) == -2)
        return cli_usage_error("predict: --precision '%s' is not auto, fp64, fp32, tf32, fp16, "
                               "bf16, fp8 or int8", v);
    return CLI_OK;
}

/* Mode flags seen, one bit per mode, to refuse two modes at once. */
static int set_flag(predict_args *a, const char *opt, unsigned *modes)
{
    if (strcmp(opt, "--breakdown") == 0)
        a->breakdown = 1;
    else if (strcmp(opt, "--layers") == 0)
        a->layers = 1;
    else if (strcmp(opt, "--evaluate") == 0)
        a->evaluate = 1;
    else if (strcmp(opt, "--calibrated") == 0)
        a->calibrated = 1;
    else if (strcmp(opt, "--physical") == 0)
        a->physical = 1;
    else if (strcmp(opt, "--raw") == 0)
        a->raw = 1;
    else if (strcmp(opt, "--calibrate") == 0)
        *modes |= 1u << PREDICT_CALIBRATE;
    else
        *modes |= 1u << PREDICT_SEED001;
    return CLI_OK;
}

static int parse_one(int argc, char **argv, int *i, predict_args *a, unsigned *modes)
{
    const char *arg = argv[*i];
    for (size_t j = 0; j < sizeof flags / sizeof flags[0]; j++)
        if (strcmp(arg, flags[j]) == 0)
            return set_flag(a, arg, modes);
    for (size_t j = 0; j < sizeof valued / sizeof valued[0]; j++) {
        if (!cli_is_opt(arg, valued[j]))
            continue;
        const char *eq = strchr(arg, '=');
        if (eq == NULL && *i + 1 >= argc)
            return cli_usage_error("predict: %s needs a value (see accelsel predict --help)", arg);
        return set_value(a, valued[j], eq != NULL ? eq + 1 : argv[++*i]);
    }
    if (strncmp(arg, "--", 2) == 0)
        return cli_usage_error("predict: unknown option '%s' (see accelsel predict --help)", arg);
    return cli_usage_error("predict: unexpected argument '%s'", arg);
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
    if (a->mode == PREDICT_SEED001 && (a->threads > 0 || a->stack != ACCELSEL_STACK_TUNED))
        return cli_usage_error("predict: --seed001 fixes the threads and the stack");
    if (a->mode == PREDICT_SEED001 && has_configuration(a))
        return cli_usage_error("predict: --seed001 fixes network, devices and epochs; it takes "
                               "--variant, --batch, --precision, --catalog, --params, --format");
    if (a->na != NULL && a->from_csv == NULL && a->csv == NULL)
        return cli_usage_error("predict: --na goes with --from-csv or --calibrate --csv");
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
    if (a->csv != NULL && a->mode != PREDICT_CALIBRATE)
        return cli_usage_error("predict: --csv goes with --calibrate (use --from-csv to predict "
                               "a file's rows)");
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
    for (int i = 1; i < argc; i++) {
        int rc = parse_one(argc, argv, &i, a, &modes);
        if (rc != CLI_OK)
            return rc;
    }
    int rc = choose_mode(a, modes);
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
