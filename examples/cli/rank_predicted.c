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
 * default batch (256 per device) and the epochs of that batch.
 *
 * A row's efficiency E' is against the row of its device with the fewest
 * accelerators in its round, here the predicted rows of that device: an
 * item whose smallest count spans several nodes gets its one-node
 * configuration too, else a lone 32-node system would be its own reference,
 * E' = 1, and rank beside the best single nodes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "predict.h"
#include "rank_cli.h"

const char rank_predictions_usage[] =
    "\n"
    "  --with-predictions SPEC  add predicted configurations to the rows, before the\n"
    "                    filters: NAME:COUNTS[;NAME:COUNTS...], NAME a catalog device\n"
    "                    (COUNTS = accelerators) or system (COUNTS = nodes), COUNTS as\n"
    "                    in accelsel predict --sweep (8,16,32,...,512). ResNet-50 at 256\n"
    "                    samples per device, by the predictor calibrated on the built-in\n"
    "                    rows; marked with predicted = 1, round 'predicted' and\n"
    "                    system_name 'predicted N x DEVICE' in every output. E' is\n"
    "                    against the device's smallest predicted row; an item above\n"
    "                    one node gets its one-node configuration too.\n";

typedef struct spec_rows {
    accelsel_catalog *cat;
    accelsel_predictor *pred;
    accelsel_network *net;
    accelsel_predict_request *reqs;
    size_t n, cap;
} spec_rows;

static int add_request(spec_rows *s, const char *name, int is_system, uint32_t count)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        accelsel_predict_request *r = realloc(s->reqs, cap * sizeof *r);
        if (r == NULL)
            return rank_oom();
        s->reqs = r;
        s->cap = cap;
    }
    accelsel_predict_request *r = &s->reqs[s->n++];
    accelsel_predict_request_init(r, ACCELSEL_PREDICT_REQUEST_VERSION);
    r->network = s->net;
    if (is_system) {
        r->system = name;
        r->nodes = count;
    } else {
        r->device = name;
        r->count = count;
    }
    return CLI_OK;
}

static const char *name_of(const accelsel_predict_request *q)
{
    return q->system ? q->system : q->device;
}

/* Whether requests @p a and @p b name the same device or system. */
static int same_name(const accelsel_predict_request *a, const accelsel_predict_request *b)
{
    return (a->system != NULL) == (b->system != NULL) && strcmp(name_of(a), name_of(b)) == 0;
}

/* Whether some request already is one node of @p q's device or system. */
static int has_one_node(const spec_rows *s, const accelsel_predict_request *q, uint32_t per_node)
{
    for (size_t i = 0; i < s->n; i++)
        if (same_name(&s->reqs[i], q) &&
            (q->system ? s->reqs[i].nodes == 1 : s->reqs[i].count == per_node))
            return 1;
    return 0;
}

/* Each name whose smallest configuration spans several nodes gets its
 * one-node configuration, the reference of its rows' E' (said on stderr).
 * The requests of one item are consecutive; an item's smallest is its
 * first, counts being increasing. */
static int add_references(spec_rows *s)
{
    int status = CLI_OK;
    for (size_t i = 0, n = s->n; status == CLI_OK && i < n; i++) {
        if (i > 0 && same_name(&s->reqs[i - 1], &s->reqs[i]))
            continue;
        accelsel_predict_request q = s->reqs[i];
        accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
        int rc = accelsel_predictor_predict(s->pred, &q, &r);
        if (rc != 0)
            return cli_fail(rc, "rank: --with-predictions");
        if (r.nodes <= 1 || has_one_node(s, &q, r.per_node))
            continue;
        status = add_request(s, name_of(&q), q.system != NULL, q.system ? 1 : r.per_node);
        if (status == CLI_OK)
            fprintf(stderr, "accelsel: rank: --with-predictions also predicts one node of '%s' "
                            "(%u accelerators), the reference of its rows' efficiency\n",
                    name_of(&q), (unsigned)r.per_node);
    }
    return status;
}

/* One NAME:COUNTS item (cut in place at its colon). */
static int parse_item(spec_rows *s, char *item)
{
    char *colon = strrchr(item, ':');
    if (colon == NULL || colon == item)
        return cli_usage_error("rank: --with-predictions item '%s' is not NAME:COUNTS "
                               "(e.g. h200-sxm-141gb:8,16,64)", item);
    *colon = '\0';
    uint32_t *counts = NULL;
    size_t n = 0, index;
    char where[128];
    snprintf(where, sizeof where, "rank: --with-predictions, the counts of '%.64s'", item);
    int status = predict_parse_counts(where, colon + 1, &counts, &n);
    int is_system = accelsel_catalog_find_system(s->cat, item, &index) == 0;
    /* An unknown name fails here, before the second that calibration takes. */
    int rc = is_system ? 0 : accelsel_catalog_find_device(s->cat, item, &index);
    if (status == CLI_OK && rc != 0)
        status = cli_fail(rc, "rank: --with-predictions");
    for (size_t i = 0; status == CLI_OK && i < n; i++)
        status = add_request(s, item, is_system, counts[i]);
    free(counts);
    return status;
}

static int parse_spec(spec_rows *s, char *spec)
{
    int status = CLI_OK;
    for (char *item = spec, *next; item != NULL && status == CLI_OK; item = next) {
        next = strchr(item, ';');
        if (next != NULL)
            *next++ = '\0';
        status = parse_item(s, item);
    }
    return status;
}

static int open_inputs(spec_rows *s)
{
    int rc = accelsel_catalog_load_builtin(&s->cat);
    if (rc != 0)
        return cli_fail(rc, "built-in catalog");
    rc = accelsel_network_load_zoo(&s->net, "resnet50", NULL);
    return rc != 0 ? cli_fail(rc, "--with-predictions: resnet50") : CLI_OK;
}

/* Calibrated on the built-in rows (about half a second), after the spec is read. */
static int open_predictor(spec_rows *s)
{
    accelsel_predictor_options o;
    accelsel_predictor_options_init(&o, ACCELSEL_PREDICTOR_OPTIONS_VERSION);
    o.calibrate_builtin = 1;
    int rc = accelsel_predictor_new(&s->pred, s->cat, &o);
    return rc != 0 ? cli_fail(rc, "--with-predictions: predictor") : CLI_OK;
}

int rank_add_predictions(const char *spec, accelsel_dataset **ds)
{
    spec_rows s;
    memset(&s, 0, sizeof s);
    char *copy = malloc(strlen(spec) + 1);
    if (copy == NULL)
        return rank_oom();
    strcpy(copy, spec);
    int status = open_inputs(&s);
    if (status == CLI_OK)
        status = parse_spec(&s, copy);
    if (status == CLI_OK)
        status = open_predictor(&s);
    if (status == CLI_OK)
        status = add_references(&s);
    accelsel_dataset *out = NULL;
    if (status == CLI_OK) {
        int rc = accelsel_predictor_append_predictions(&out, s.pred, *ds, s.reqs, s.n);
        status = rc != 0 ? cli_fail(rc, "--with-predictions") : CLI_OK;
    }
    if (status == CLI_OK) {
        accelsel_dataset_free(*ds);
        *ds = out;
    }
    free(copy);
    free(s.reqs);
    accelsel_network_free(s.net);
    accelsel_predictor_free(s.pred);
    accelsel_catalog_free(s.cat);
    return status;
}
