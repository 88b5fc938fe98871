/* accelsel rank --with-predictions SPEC: configurations nobody measured,
 * predicted by the training-time predictor (calibrated on the built-in MLPerf
 * rows) and appended to the rows before the default filters, so that they
 * are derived, clustered and ranked beside the measured ones. The library
 * marks them: column predicted = 1, round "predicted", system_name
 * "predicted N x DEVICE", which every output of rank prints.
 *
 * SPEC: NAME:COUNTS[;NAME:COUNTS...], NAME a catalog device (COUNTS are
 * accelerator counts) or system (COUNTS are node counts), COUNTS as for
 * accelsel predict --sweep (e.g. h200-sxm-141gb:8,16,64,512;dgx-h100:32).
 * Every row is ResNet-50 (the built-in rows' network) at the predictor's
 * default batch (256 per device) and the epochs of that batch; rows whose
 * benchmark is one of MLPerf's LLM benchmarks alone (gpt3, llama2_70b_lora,
 * llama31_405b: --benchmark NAME, or a table of those rows) get that
 * benchmark's zoo workload under its fastest parallel plan, at MLPerf's
 * batch, to MLPerf's target with its evaluations.
 *
 * A row's efficiency E' is against the row of its device with the fewest
 * accelerators in its round, here the predicted rows of that device: an
 * item whose smallest count spans several nodes gets its one-node
 * configuration too, else a lone 32-node system would be its own reference,
 * E' = 1, and rank beside the best single nodes. The grammar and the
 * references are the library's (accelsel_predict_spec_parse(),
 * accelsel_predictor_append_predictions_v2()); this file only says them. */
#include <stdio.h>
#include <string.h>

#include "rank_cli.h"

const char rank_predictions_usage[] =
    "\n"
    "  --with-predictions SPEC  add predicted configurations to the rows, before the\n"
    "                    filters: NAME:COUNTS[;NAME:COUNTS...], NAME a catalog device\n"
    "                    (COUNTS = accelerators) or system (COUNTS = nodes), COUNTS as\n"
    "                    in accelsel predict --sweep (8,16,32,...,512). ResNet-50 at 256\n"
    "                    samples per device, by the predictor calibrated on the built-in\n"
    "                    rows; rows of one LLM benchmark (gpt3, llama2_70b_lora,\n"
    "                    llama31_405b) get it, under its fastest parallel plan; rows\n"
    "                    marked with predicted = 1, round 'predicted' and\n"
    "                    system_name 'predicted N x DEVICE' in every output. E' is\n"
    "                    against the device's smallest predicted row; an item above\n"
    "                    one node gets its one-node configuration too.\n";

typedef struct spec_rows {
    accelsel_catalog *cat;
    accelsel_network *net;
    accelsel_predict_spec *spec;
    accelsel_predict_request *reqs;
    size_t n;
    accelsel_predictor *pred;
} spec_rows;

/* The network of the rows: the zoo workload of their benchmark where every
 * row has the same one and the zoo has a transformer of that name (MLPerf's
 * LLM benchmarks), else ResNet-50. */
static const char *network_of(const accelsel_dataset *ds)
{
    size_t c, n = accelsel_dataset_rows(ds);
    if (n == 0 || accelsel_dataset_column_index(ds, "benchmark", &c) != 0)
        return "resnet50";
    const char *first = accelsel_dataset_string(ds, 0, c);
    for (size_t i = 1; first != NULL && i < n; i++) {
        const char *b = accelsel_dataset_string(ds, i, c);
        if (b == NULL || strcmp(b, first) != 0)
            return "resnet50";
    }
    accelsel_network *net = NULL;
    int llm = first != NULL && accelsel_network_load_zoo(&net, first, NULL) == 0 &&
              accelsel_network_get_transformer(net) != NULL;
    accelsel_network_free(net);
    return llm ? first : "resnet50";
}

/* The spec read and its names looked up, before the second that
 * calibration takes; a spec off the grammar is a usage error. */
static int read_spec(spec_rows *s, const char *spec, const accelsel_dataset *ds)
{
    int rc = accelsel_catalog_load_builtin(&s->cat);
    if (rc != 0)
        return cli_fail(rc, "built-in catalog");
    const char *name = network_of(ds);
    rc = accelsel_network_load_zoo(&s->net, name, NULL);
    if (rc != 0)
        return cli_fail(rc, name);
    rc = accelsel_predict_spec_parse(&s->spec, spec);
    if (rc == ACCELSEL_EPARSE)
        return cli_usage_error("rank: --with-predictions, %s", accelsel_last_error()->message);
    if (rc == 0)
        rc = accelsel_predict_spec_requests(&s->reqs, &s->n, s->spec, s->cat, s->net);
    return rc != 0 ? cli_fail(rc, "rank: --with-predictions") : CLI_OK;
}

/* Calibrated on the built-in rows (about half a second). */
static int open_predictor(spec_rows *s)
{
    accelsel_predictor_options o;
    accelsel_predictor_options_init(&o, ACCELSEL_PREDICTOR_OPTIONS_VERSION);
    o.calibrate_builtin = 1;
    int rc = accelsel_predictor_new(&s->pred, s->cat, &o);
    return rc != 0 ? cli_fail(rc, "--with-predictions: predictor") : CLI_OK;
}

/* Says on stderr which one-node configurations the library adds. */
static int say_references(const spec_rows *s)
{
    accelsel_predict_request *refs = NULL;
    size_t k = 0;
    int rc = accelsel_predictor_references(&refs, &k, s->pred, s->reqs, s->n);
    for (size_t i = 0; rc == 0 && i < k; i++) {
        accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
        rc = accelsel_predictor_predict(s->pred, &refs[i], &r);
        if (rc == 0)
            fprintf(stderr, "accelsel: rank: --with-predictions also predicts one node of '%s' "
                            "(%u accelerators), the reference of its rows' efficiency\n",
                    refs[i].system ? refs[i].system : refs[i].device, (unsigned)r.count);
    }
    accelsel_free(refs);
    return rc != 0 ? cli_fail(rc, "rank: --with-predictions") : CLI_OK;
}

int rank_add_predictions(const char *spec, accelsel_dataset **ds)
{
    spec_rows s = {0};
    int status = read_spec(&s, spec, *ds);
    if (status == CLI_OK)
        status = open_predictor(&s);
    if (status == CLI_OK)
        status = say_references(&s);
    accelsel_dataset *out = NULL;
    if (status == CLI_OK) {
        int rc = accelsel_predictor_append_predictions_v2(&out, s.pred, *ds, s.reqs, s.n, NULL);
        status = rc != 0 ? cli_fail(rc, "--with-predictions") : CLI_OK;
    }
    if (status == CLI_OK) {
        accelsel_dataset_free(*ds);
        *ds = out;
    }
    accelsel_free(s.reqs);
    accelsel_predict_spec_free(s.spec);
    accelsel_network_free(s.net);
    accelsel_predictor_free(s.pred);
    accelsel_catalog_free(s.cat);
    return status;
}
