/* accelsel recommend: load the inputs, ask the library, print the answer. */
#include <stdlib.h>
#include <string.h>

#include "recommend.h"

/* What the run loads and frees. */
typedef struct inputs {
    accelsel_catalog *cat;
    accelsel_predictor *pred;
    accelsel_dataset *measured, *cloud;
    accelsel_network **nets;
    char *names, **devices;
    size_t n_devices;
    uint32_t *counts;
    size_t n_counts;
} inputs;

static int out_of_memory(void)
{
    fputs("accelsel: recommend: out of memory\n", stderr);
    return CLI_FAIL;
}

/* Split @p text at commas into owned copies: *items (NULL-free), *n. */
static int split(const char *text, char **copy, char ***items, size_t *n)
{
    size_t k = 1;
    for (const char *p = text; *p; p++)
        k += *p == ',';
    *copy = malloc(strlen(text) + 1);
    *items = malloc(k * sizeof **items);
    if (*copy == NULL || *items == NULL)
        return out_of_memory();
    strcpy(*copy, text);
    *n = 0;
    for (char *p = *copy, *tok = p;; p++)
        if (*p == ',' || *p == '\0') {
            int end = *p == '\0';
            *p = '\0';
            if (*tok == '\0')
                return cli_usage_error("recommend: an empty item in '%s'", text);
            (*items)[(*n)++] = tok;
            tok = p + 1;
            if (end)
                return CLI_OK;
        }
}

/* --tokens of a transformer as epochs of its recipe: tokens / (sequence x
 * samples per epoch). Other networks keep --epochs. */
static int tokens(const accelsel_network *net, double t, double *epochs)
{
    const accelsel_transformer_info *x = accelsel_network_get_transformer(net);
    if (x == NULL)
        return CLI_OK;
    const accelsel_network_recipe *r = accelsel_network_get_recipe(net);
    if (!(r->epoch_samples > 0))
        return cli_usage_error("recommend: --tokens: %s has no samples per epoch to count "
                               "tokens in (MLPerf's benchmarks train to their target)",
                               accelsel_network_name(net));
    *epochs = t / ((double)x->sequence * r->epoch_samples);
    return CLI_OK;
}

/* --network, or each NAME:RUNS of --mix, as the workload. */
static int workload(const recommend_args *a, inputs *in, recommend_run *run)
{
    char *copy = NULL, **items = NULL;
    size_t n = 1;
    int status = a->mix != NULL ? split(a->mix, &copy, &items, &n) : CLI_OK;
    run->work = status == CLI_OK ? calloc(n, sizeof *run->work) : NULL;
    in->nets = status == CLI_OK ? calloc(n, sizeof *in->nets) : NULL;
    if (status == CLI_OK && (run->work == NULL || in->nets == NULL))
        status = out_of_memory();
    for (size_t i = 0; status == CLI_OK && i < n; i++) {
        const char *name = a->network;
        double runs = a->runs;
        if (a->mix != NULL) {
            char *colon = strrchr(items[i], ':');
            if (colon == NULL || cli_parse_number(colon + 1, &runs) != 0 || !(runs >= 0))
                status = cli_usage_error("recommend: --mix: '%s' is not NAME:RUNS_PER_MONTH "
                                         "(runs a number >= 0)", items[i]);
            else
                *colon = '\0', name = items[i];
        }
        if (status == CLI_OK)
            status = cli_load_network(&in->nets[i], name);
        run->work[i] = (accelsel_workload_item){in->nets[i], runs, a->batch, a->epochs};
        if (status == CLI_OK && a->tokens > 0)
            status = tokens(in->nets[i], a->tokens, &run->work[i].epochs);
        run->n_work = i + 1;
    }
    free(copy);
    free(items);
    return status;
}

static int load(const recommend_args *a, inputs *in, recommend_run *run)
{
    int status = cli_open_catalog(&in->cat, a->catalog);
    if (status == CLI_OK && (a->o.candidates & ACCELSEL_CANDIDATES_CATALOG || a->mix != NULL)) {
        int rc = accelsel_predictor_new(&in->pred, in->cat, NULL);
        status = rc != 0 ? cli_fail(rc, "recommend") : CLI_OK;
    }
    if (status == CLI_OK && (a->o.candidates & ACCELSEL_CANDIDATES_MEASURED))
        status = cli_load_dataset(&in->measured, a->csv, a->na, NULL);
    if (status == CLI_OK && a->cloud_prices != NULL)
        status = cli_load_cloud_prices(&in->cloud, in->cat, a->cloud_prices);
    if (status == CLI_OK && a->devices != NULL)
        status = split(a->devices, &in->names, &in->devices, &in->n_devices);
    if (status == CLI_OK && a->counts != NULL) {
        int rc = accelsel_predict_counts_parse(&in->counts, &in->n_counts, a->counts);
        status = rc != 0 ? cli_usage_error("recommend: --counts: %s",
                                           accelsel_last_error()->message)
                         : CLI_OK;
    }
    return status == CLI_OK ? workload(a, in, run) : status;
}

static void release(inputs *in, recommend_run *run)
{
    for (size_t i = 0; in->nets != NULL && i < run->n_work; i++)
        accelsel_network_free(in->nets[i]);
    free(in->nets);
    free(run->work);
    free(in->names);
    free(in->devices);
    accelsel_free(in->counts);
    accelsel_dataset_free(in->cloud);
    accelsel_dataset_free(in->measured);
    accelsel_predictor_free(in->pred);
    accelsel_catalog_free(in->cat);
}

/* Which rules of thumb --baseline names (all when not given). */
static int baselines(const recommend_args *a, recommend_run *run)
{
    for (int b = 0; b < ACCELSEL_BASELINE_COUNT; b++)
        run->baseline_shown[b] = a->baselines == NULL;
    for (const char *p = a->baselines; p != NULL && *p;) {
        size_t len = strcspn(p, ",");
        int b = 0;
        while (b < ACCELSEL_BASELINE_COUNT && !(strlen(accelsel_baseline_name(b)) == len &&
                                                strncmp(p, accelsel_baseline_name(b), len) == 0))
            b++;
        if (b == ACCELSEL_BASELINE_COUNT)
            return cli_usage_error("recommend: --baseline: '%.*s' is not latest, cheapest-hour "
                                   "or most-accelerators", (int)len, p);
        run->baseline_shown[b] = 1;
        p += len + (p[len] == ',');
    }
    return CLI_OK;
}

static int answer(const recommend_args *a, inputs *in, recommend_run *run)
{
    accelsel_recommend_inputs ri = ACCELSEL_RECOMMEND_INPUTS_INIT;
    ri.workload = run->work;
    ri.n_workload = run->n_work;
    ri.catalog = in->cat;
    ri.predictor = in->pred;
    ri.measured = in->measured;
    ri.cloud_prices = in->cloud;
    ri.devices = (const char *const *)in->devices;
    ri.n_devices = in->n_devices;
    ri.counts = in->counts;
    ri.n_counts = in->n_counts;
    accelsel_recommendation *r = NULL;
    int rc = accelsel_recommend(&r, &ri, &a->o);
    if (rc != 0)
        return cli_fail(rc, "recommend");
    run->r = r;
    int status = CLI_OK;
    if (a->format == CLI_FORMAT_JSON)
        status = cli_recommend_json(stdout, run);
    else if (a->format == CLI_FORMAT_CSV)
        status = cli_print_dataset(stdout, accelsel_recommendation_table(r), CLI_FORMAT_CSV);
    else
        status = cli_recommend_table(stdout, run);
    if (status == CLI_OK && a->plot != NULL)
        status = cli_recommend_plot(run, a->plot);
    accelsel_recommendation_free(r);
    run->r = NULL;
    return status;
}

int cli_recommend(int argc, char **argv)
{
    recommend_args a;
    memset(&a, 0, sizeof a);
    int help = 0, status = cli_recommend_args(&a, argc, argv, &help);
    if (help || status != CLI_OK)
        return status;
    status = cli_set_csv_raw("recommend", a.raw, a.format);
    inputs in;
    memset(&in, 0, sizeof in);
    recommend_run run = {.a = &a};
    if (status == CLI_OK)
        status = baselines(&a, &run);
    if (status == CLI_OK)
        status = load(&a, &in, &run);
    if (status == CLI_OK)
        status = answer(&a, &in, &run);
    release(&in, &run);
    return status;
}
