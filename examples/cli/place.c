/* accelsel place: where a training job runs on a cluster file, how many
 * accelerators, when, and with what time limit (include/accelsel/place.h,
 * docs/placement.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"

static const char usage_text[] =
    "usage: accelsel place --cluster FILE (--network NAME|FILE | --spec TEXT) [job options]\n"
    "                      [--policy P] [--margin M] [--format table|json]\n"
    "                      [--catalog FILE] [--params PARAMS.yaml]\n"
    "\n"
    "Decide where a training job runs on the partitions of a cluster file\n"
    "(docs/placement.md): the partition, the accelerators, the predicted start,\n"
    "run and completion on the cluster's state, a time limit with a margin from\n"
    "the predictor's held-out error, and the best placements of two other\n"
    "partitions. The job is given by options, or by its text form (--spec, what\n"
    "a Slurm job's comment carries after accelsel:), whose keys stand over the\n"
    "options; the time limit is +inf where no held-out error justifies one.\n";

static const char epilog_text[] =
    "\n"
    "Exit status: 0 success, 1 a library error (status name and message printed),\n"
    "2 bad usage.\n";

typedef struct place_args {
    const char *cluster, *network, *spec, *partitions, *catalog, *params;
    accelsel_job_spec job;
    accelsel_place_options opts;
    int format, policy, margin;
    const char *policies[ACCELSEL_POLICY_COUNT + 1], *margins[ACCELSEL_MARGIN_COUNT + 1];
    const char *precisions[ACCELSEL_PRECISION_COUNT + 2], *stacks[ACCELSEL_STACK_COUNT + 1];
    int precision_values[ACCELSEL_PRECISION_COUNT + 1];
} place_args;

static const char *const formats[] = {"table", "json", NULL};

/* The names the library gives its policies, margins, precisions and stacks. */
static void library_names(place_args *a)
{
    for (uint32_t i = 0; i <= ACCELSEL_POLICY_COUNT; i++)
        a->policies[i] = accelsel_place_policy_name(i);
    for (uint32_t i = 0; i <= ACCELSEL_MARGIN_COUNT; i++)
        a->margins[i] = accelsel_place_margin_name(i);
    a->precisions[0] = "auto";
    a->precision_values[0] = ACCELSEL_PRECISION_AUTO;
    for (int p = 0; p < ACCELSEL_PRECISION_COUNT; p++) {
        a->precisions[p + 1] = accelsel_precision_name(p);
        a->precision_values[p + 1] = p;
    }
    a->precisions[ACCELSEL_PRECISION_COUNT + 1] = NULL;
    for (int32_t k = 0; k <= ACCELSEL_STACK_COUNT; k++)
        a->stacks[k] = k < ACCELSEL_STACK_COUNT ? accelsel_stack_name(k) : NULL;
}

#define N_OPTS 18
#define TEXT(opt, dst, fld, m, h) \
    {.name = opt, .kind = CLI_ARG_STRING, .dest = dst, .field = fld, .meta = m, .help = h}
#define U32(opt, dst, fld, h) \
    {.name = opt, .kind = CLI_ARG_U32, .dest = dst, .field = fld, .lo = 1, .hi = UINT32_MAX, \
     .want = "a whole number from 1 to 4294967295", .meta = "N", .help = h}
#define REAL(opt, dst, fld, h) \
    {.name = opt, .kind = CLI_ARG_DOUBLE, .dest = dst, .field = fld, .dlo = 0, .lo_open = 1, \
     .dhi = 1e18, .want = "a number above 0 and at most 1e+18", .meta = "N", .help = h}

static void place_table(cli_opt *t, cli_command *c, place_args *a)
{
    const cli_opt opts[N_OPTS] = {
        TEXT("--cluster", &a->cluster, NULL, "FILE", "the cluster file (required)"),
        TEXT("--network", &a->network, "network", "NAME|FILE", "a zoo model or a network YAML file"),
        TEXT("--spec", &a->spec, "spec", "TEXT", "the job's text form, KEY=VALUE,... (docs/placement.md)"),
        REAL("--batch", &a->job.global_batch, "global_batch",
             "samples per step over all accelerators"),
        REAL("--device-batch", &a->job.per_device_batch, "per_device_batch",
             "samples per step per accelerator (default 256)"),
        REAL("--epochs", &a->job.epochs, "epochs", "epochs (default: the network's recipe)"),
        REAL("--samples", &a->job.total_samples, "total_samples",
             "samples to train on, instead of epochs"),
        {.name = "--precision", .kind = CLI_ARG_CHOICE, .dest = &a->job.precision,
         .field = "precision", .choices = a->precisions, .values = a->precision_values,
         .meta = "P", .help = "auto (default: the device's fastest) or a precision"},
        {.name = "--stack", .kind = CLI_ARG_CHOICE, .dest = &a->job.stack, .field = "stack",
         .choices = a->stacks, .meta = "S", .help = "tuned (default) or eager"},
        U32("--min", &a->job.min_count, "min_count", "fewest accelerators (default 1)"),
        U32("--max", &a->job.max_count, "max_count",
            "most accelerators (default: a partition's)"),
        REAL("--deadline", &a->job.deadline, "deadline",
             "completion wanted by this time, seconds on the cluster's clock"),
        TEXT("--partitions", &a->partitions, "partitions", "LIST",
             "comma-separated partitions the job may use (default all)"),
        {.name = "--policy", .kind = CLI_ARG_CHOICE, .dest = &a->policy, .field = "policy",
         .choices = a->policies, .meta = "P",
         .help = "@D; or min-accelerator-hours,\nmax-throughput-per-accelerator"},
        {.name = "--margin", .kind = CLI_ARG_CHOICE, .dest = &a->margin, .field = "margin",
         .choices = a->margins, .meta = "M", .help = "the time limit's margin: the held-out error's\np90, "
                                        "median, or none (@D)"},
        {.name = "--format", .kind = CLI_ARG_CHOICE, .dest = &a->format, .choices = formats,
         .meta = "F", .help = "table or json (@D)"},
        TEXT("--catalog", &a->catalog, NULL, "FILE", "a catalog file merged over the built-in one"),
        TEXT("--params", &a->params, NULL, "FILE", "predictor parameters (default: the shipped fit)"),
    };
    memcpy(t, opts, sizeof opts);
    *c = (cli_command){.name = "place", .usage = usage_text, .epilog = epilog_text, .opts = t,
                       .n_opts = N_OPTS};
}

/* The job of --spec over the options' defaults; the network's name into
 * *network (freed by the caller with accelsel_free()). */
static int spec_job(place_args *a, char **network)
{
    int rc = accelsel_job_spec_parse(&a->job, network, a->spec);
    if (rc < 0)
        return cli_fail(rc, "--spec");
    return CLI_OK;
}

static int check_args(const place_args *a)
{
    if (a->cluster == NULL)
        return cli_usage_error("place: needs --cluster FILE");
    if ((a->network == NULL) == (a->spec == NULL))
        return cli_usage_error("place: give --network or --spec (its network=), %s",
                               a->network != NULL ? "not both" : "one of them");
    return CLI_OK;
}

typedef struct place_env {
    accelsel_catalog *cat;
    accelsel_predictor *pred;
    accelsel_place_cluster *cluster;
    accelsel_network *net;
    accelsel_place_job *job;
} place_env;

static int open_env(place_args *a, place_env *e)
{
    char *network = NULL;
    int status = cli_open_catalog(&e->cat, a->catalog);
    if (status == CLI_OK && a->spec != NULL)
        status = spec_job(a, &network);
    if (status == CLI_OK && a->params != NULL)
        status = cli_check_input_file(a->params);
    if (status == CLI_OK)
        status = cli_check_input_file(a->cluster);
    int rc = 0;
    if (status == CLI_OK) {
        rc = a->params != NULL
                 ? accelsel_predictor_load_params_file(&e->pred, e->cat, a->params, NULL)
                 : accelsel_predictor_new(&e->pred, e->cat, NULL);
        status = rc < 0 ? cli_fail(rc, a->params != NULL ? a->params : "predictor") : CLI_OK;
    }
    if (status == CLI_OK && (rc = accelsel_place_cluster_load_file(&e->cluster, e->cat,
                                                                   a->cluster)) < 0)
        status = cli_fail(rc, a->cluster);
    if (status == CLI_OK)
        status = cli_load_network(&e->net, network != NULL ? network : a->network);
    accelsel_free(network);
    return status;
}

static void close_env(place_env *e)
{
    accelsel_place_job_free(e->job);
    accelsel_network_free(e->net);
    accelsel_place_cluster_free(e->cluster);
    accelsel_predictor_free(e->pred);
    accelsel_catalog_free(e->cat);
}

static const char *partition_name(const place_env *e, const accelsel_placement *p)
{
    return accelsel_place_cluster_partition(e->cluster, p->partition)->name;
}

static void print_row(const place_env *e, const char *what, const accelsel_placement *p)
{
    char name[72];
    cli_table_text(name, sizeof name, partition_name(e, p));
    printf("%-14s %-12s %5u %5u %10.1f %10.1f %10.1f %10.1f %7.1f %5s %4s\n", what, name,
           p->count, p->nodes, p->start_s / 60, p->run_s / 60, p->completion_s / 60,
           p->time_limit_s / 60, p->margin_pct, accelsel_error_group_name(p->error_group),
           p->deadline_met ? "yes" : "no");
}

static void print_table(const place_env *e, const accelsel_decision *d, uint32_t margin)
{
    printf("policy %s, margin %s; times in minutes on the cluster's clock\n",
           accelsel_place_policy_name(d->policy), accelsel_place_margin_name(margin));
    printf("%-14s %-12s %5s %5s %10s %10s %10s %10s %7s %5s %4s\n", "", "partition", "count",
           "nodes", "start", "run", "completion", "limit", "margin%", "group", "meets");
    print_row(e, "choice", &d->choice);
    for (uint32_t i = 0; i < d->n_alternatives; i++)
        print_row(e, i == 0 ? "alternative 1" : "alternative 2", &d->alternatives[i]);
}

static void json_placement(const place_env *e, const accelsel_placement *p)
{
    const struct { const char *key; double v; } nums[] = {
        { "start_s", p->start_s }, { "run_s", p->run_s }, { "completion_s", p->completion_s },
        { "time_limit_s", p->time_limit_s }, { "margin_pct", p->margin_pct },
        { "accelerator_hours", p->accelerator_hours },
        { "throughput_samples_s", p->throughput_samples_s },
    };
    printf("{\"partition\": ");
    cli_json_string(stdout, partition_name(e, p));
    printf(", \"count\": %u, \"nodes\": %u, \"per_node\": %u, \"precision\": \"%s\"",
           p->count, p->nodes, p->per_node, accelsel_precision_name(p->precision));
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
        printf(", \"%s\": ", nums[i].key);
        cli_json_number(stdout, nums[i].v);
    }
    printf(", \"error_group\": \"%s\", \"deadline_met\": %s}",
           accelsel_error_group_name(p->error_group), p->deadline_met ? "true" : "false");
}

static void print_json(const place_env *e, const accelsel_decision *d, uint32_t margin)
{
    printf("{\"policy\": \"%s\", \"margin\": \"%s\", \"choice\": ",
           accelsel_place_policy_name(d->policy), accelsel_place_margin_name(margin));
    json_placement(e, &d->choice);
    printf(", \"alternatives\": [");
    for (uint32_t i = 0; i < d->n_alternatives; i++) {
        printf(i > 0 ? ", " : "");
        json_placement(e, &d->alternatives[i]);
    }
    printf("]}\n");
}

int cli_place(int argc, char **argv)
{
    place_args a = { .job = ACCELSEL_JOB_SPEC_INIT, .opts = ACCELSEL_PLACE_OPTIONS_INIT };
    cli_opt t[N_OPTS];
    cli_command c;
    library_names(&a);
    a.policy = (int)a.opts.policy;
    a.margin = (int)a.opts.margin;
    place_table(t, &c, &a);
    if (cli_args_help_asked(&c, argc, argv))
        return CLI_OK;
    int status = cli_args_parse(&c, argc, argv);
    if (status == CLI_OK)
        status = check_args(&a);
    if (status != CLI_OK)
        return status;
    place_env e = { 0 };
    status = open_env(&a, &e);
    a.job.network = e.net;
    a.job.partitions = a.partitions;
    a.opts.policy = (uint32_t)a.policy;
    a.opts.margin = (uint32_t)a.margin;
    accelsel_decision d = ACCELSEL_DECISION_INIT;
    int rc = 0;
    if (status == CLI_OK && ((rc = accelsel_place_job_new(&e.job, e.pred, e.cluster, &a.job)) < 0 ||
                             (rc = accelsel_place_decide(&d, e.job, &a.opts)) < 0))
        status = cli_fail(rc, "place");
    if (status == CLI_OK && a.format == 1)
        print_json(&e, &d, a.opts.margin);
    else if (status == CLI_OK)
        print_table(&e, &d, a.opts.margin);
    close_env(&e);
    return status;
}
