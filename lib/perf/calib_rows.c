/* Reading MLPerf rows as configurations. Only configuration columns are
 * read for the prediction; time_to_train_min, epochs_mean, round, family,
 * division and same_runs_as are kept apart for calibration and reports. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "perf/cells.h"
#include "perf/plan_model.h"
#include "perf/rows.h"
#include "perf/software.h"
#include "perf/step.h"

size_t asel_perf_column(const accelsel_dataset *ds, const char *name)
{
    size_t n = accelsel_dataset_cols(ds);
    for (size_t c = 0; c < n; c++)
        if (strcmp(accelsel_dataset_column_name(ds, c), name) == 0)
            return c;
    return SIZE_MAX;
}

static size_t col(const accelsel_dataset *ds, const char *name)
{
    return asel_perf_column(ds, name);
}

static const char *str(const accelsel_dataset *ds, size_t r, size_t c)
{
    return c == SIZE_MAX ? NULL : accelsel_dataset_string(ds, r, c);
}

/* The configuration cells of a row that are numbers. */
typedef struct row_cells {
    asel_perf_cell total, nodes, per_node, batch, cores, sockets;
} row_cells;

static int read_cells(const accelsel_dataset *ds, size_t r, const asel_perf_cols *c, row_cells *k)
{
    int rc;
    if ((rc = asel_perf_read_cell(ds, r, c->total, &k->total)) < 0 ||
        (rc = asel_perf_read_cell(ds, r, c->nodes, &k->nodes)) < 0 ||
        (rc = asel_perf_read_cell(ds, r, c->per_node, &k->per_node)) < 0 ||
        (rc = asel_perf_read_cell(ds, r, c->batch, &k->batch)) < 0 ||
        (rc = asel_perf_read_cell(ds, r, c->host_cores, &k->cores)) < 0)
        return rc;
    return asel_perf_read_cell(ds, r, c->host_n, &k->sockets);
}

const char *asel_perf_row_accelerator(const accelsel_catalog *cat, const char *model,
                                      const char *family)
{
    size_t d;
    if (model && accelsel_catalog_find_device(cat, model, &d) == 0)
        return model;
    return family && accelsel_catalog_find_device(cat, family, &d) == 0 ? family : NULL;
}

/* The catalog device the row names (asel_perf_row_accelerator()). */
static const char *accel_name(const accelsel_predictor *p, const accelsel_dataset *ds, size_t r,
                              const asel_perf_cols *c)
{
    return asel_perf_row_accelerator(p->cat, str(ds, r, c->model), str(ds, r, c->family));
}

/* MLPerf marks CPU-only systems with the family "none (CPU only)", an
 * accelerator name such as "NA" and no accelerators: the host CPU is then the
 * device, one per socket. A row whose count is missing or zero but whose
 * accelerator the catalog knows is an accelerator row with its count missing. */
static int cpu_row(const accelsel_predictor *p, const accelsel_dataset *ds, size_t r,
                   const asel_perf_cols *c, const row_cells *k)
{
    const char *fam = str(ds, r, c->family);
    if (fam && strcasestr(fam, "cpu") != NULL)
        return 1;
    return (!k->total.present || k->total.v == 0) && accel_name(p, ds, r, c) == NULL;
}

/* A CPU-only row: its host CPU, one device per socket, on its nodes. */
static const char *fill_cpu(const accelsel_predictor *p, const accelsel_dataset *ds, size_t r,
                            const asel_perf_cols *c, const row_cells *k, accelsel_predict_request *q,
                            char *buf, size_t n)
{
    const char *why = NULL;
    uint32_t nodes = asel_perf_count_cell(&k->nodes, "number_of_nodes", buf, n, &why);
    uint32_t sockets = asel_perf_cell_whole(&k->sockets, UINT32_MAX) ? (uint32_t)k->sockets.v : 0;
    q->device = str(ds, r, c->host);
    size_t d;
    if (sockets == 0 && q->device && accelsel_catalog_find_device(p->cat, q->device, &d) == 0) {
        double cores = k->cores.v, per = accelsel_catalog_device(p->cat, d)->cores;
        sockets = cores > 0 && cores < 1e6 && per > 0 ? (uint32_t)fmax(1.0, round(cores / per)) : 1;
    }
    q->per_node = sockets > 0 ? sockets : 1;
    q->nodes = nodes > 0 ? nodes : 1;
    return why;
}

/* The counts of an accelerator row from total_accelerators @p t,
 * number_of_nodes @p n and accelerators_per_node @p a (0 = absent), any two
 * of which fix the third. Where the given ones disagree (v0.5's TPU rows
 * count host VMs as nodes and the pod's cores per node) the total decides:
 * its nodes are @p n if that divides it, else of @p a if that divides it,
 * else those of the count alone, and *disagree is set. NULL, or why not. */
static const char *accel_counts(uint32_t t, uint32_t n, uint32_t a, accelsel_predict_request *q,
                                int *disagree, char *buf, size_t len)
{
    *disagree = 0;
    if (t == 0 && (n == 0 || a == 0))
        return "missing accelerator count";
    if (t == 0 && (uint64_t)n * a > UINT32_MAX) {
        snprintf(buf, len, "number_of_nodes %u x accelerators_per_node %u is above %u", n, a,
                 UINT32_MAX);
        return buf;
    }
    q->count = t > 0 ? t : n * a;
    int fits_n = n > 0 && q->count % n == 0, fits_a = a > 0 && q->count % a == 0;
    *disagree = (n > 0 && !fits_n) || (a > 0 && !fits_a) ||
                (n > 0 && a > 0 && (uint64_t)n * a != q->count);
    if (fits_n)
        q->nodes = n;
    else if (fits_a)
        q->per_node = a;
    return NULL;
}

/* An accelerator row: device, counts, interconnect, host cores. */
static const char *fill_accel(const accelsel_predictor *p, const accelsel_dataset *ds, size_t r,
                              const asel_perf_cols *c, const row_cells *k, accelsel_predict_request *q,
                              int *disagree, char *buf, size_t n)
{
    size_t d;
    const char *why = NULL;
    q->device = accel_name(p, ds, r, c);
    if (q->device == NULL) /* unknown: resolving it names the nearest devices */
        q->device = str(ds, r, c->model);
    asel_perf_cell total = k->total;
    total.present &= total.v != 0; /* no accelerators: the count is missing */
    uint32_t t = asel_perf_count_cell(&total, "accelerator count", buf, n, &why);
    uint32_t nodes = why ? 0 : asel_perf_count_cell(&k->nodes, "number_of_nodes", buf, n, &why);
    uint32_t per = why ? 0 : asel_perf_count_cell(&k->per_node, "accelerators_per_node", buf, n, &why);
    if (why == NULL)
        why = accel_counts(t, nodes, per, q, disagree, buf, n);
    const char *link = str(ds, r, c->link);
    if (link && accelsel_catalog_find_link(p->cat, link, &d) == 0)
        q->intra_link = link;
    double sockets = k->sockets.v;
    if (k->cores.present && asel_perf_cell_whole(&k->cores, UINT32_MAX))
        q->host_cores_per_node = (uint32_t)fmin(
            UINT32_MAX, k->cores.v * (sockets > 0 && sockets < 64 ? sockets : 1));
    return why;
}

/* NULL if the batch cell is absent or a whole number from 1 to 2^53 (where
 * whole numbers end for a double: 1e308 samples needed "inf bytes"), else
 * the note. */
static const char *batch_note(const asel_perf_cell *b, char *buf, size_t n)
{
    const char *why = asel_perf_check_cell(b, "global_batch_size", INFINITY, buf, n);
    if (why == NULL && b->present && b->v > ASEL_PERF_BATCH_MAX) {
        snprintf(buf, n, "global_batch_size %g is out of range: above 2^53 = %.0f samples", b->v,
                 ASEL_PERF_BATCH_MAX);
        why = buf;
    }
    return why;
}

int asel_perf_is_resnet(const char *benchmark)
{
    return benchmark == NULL || benchmark[0] == '\0' || strncasecmp(benchmark, "resnet", 6) == 0 ||
           strcasecmp(benchmark, "image_classification") == 0;
}

/* Whether row @p r is of the rows' kind: ResNet-50's (rows->net), else an
 * LLM benchmark's, whose index goes to out->bench. NULL, or the note. */
static const char *benchmark_note(const asel_perf_rows *rows, const accelsel_dataset *ds,
                                  size_t r, const asel_perf_cols *c, asel_perf_row *out,
                                  char *buf, size_t n)
{
    const char *benchmark = str(ds, r, c->benchmark);
    out->bench = rows->net != NULL ? -1 : asel_llm_bench_find(benchmark);
    if (rows->net != NULL && !asel_perf_is_resnet(benchmark))
        snprintf(buf, n, "benchmark '%.*s%s' is not ResNet-50, the network rows are predicted as",
                 ASEL_QUOTE_MAX, benchmark, asel_ellipsis(benchmark));
    else if (rows->net == NULL && out->bench < 0)
        snprintf(buf, n, "benchmark '%.*s%s' is none of the LLM benchmarks (gpt3, "
                 "llama2_70b_lora, llama31_405b)", ASEL_QUOTE_MAX, benchmark ? benchmark : "",
                 asel_ellipsis(benchmark ? benchmark : ""));
    else
        return NULL;
    return buf;
}

/* The request of row @p r into @p q: NULL, or why the row cannot be
 * predicted (a note, in @p buf where formatted). *disagree as accel_counts(). */
static const char *configure(const accelsel_predictor *p, const accelsel_dataset *ds, size_t r,
                             const asel_perf_cols *c, const row_cells *k, accelsel_predict_request *q,
                             int *disagree, char *buf, size_t n)
{
    const char *why;
    *disagree = 0;
    if (cpu_row(p, ds, r, c, k))
        why = fill_cpu(p, ds, r, c, k, q, buf, n);
    else
        why = fill_accel(p, ds, r, c, k, q, disagree, buf, n);
    if (q->device == NULL)
        return "no accelerator or host processor name";
    if (why == NULL)
        why = batch_note(&k->batch, buf, n);
    /* v0.5's TPU rows give 0 host cores where none were recorded: no bound. */
    asel_perf_cell cores = k->cores;
    cores.present &= cores.v != 0;
    if (why == NULL)
        why = asel_perf_check_cell(&cores, "host_processor_core_count", UINT32_MAX, buf, n);
    /* A missing batch is the default, 256 per device. */
    q->global_batch = k->batch.present ? k->batch.v : 0;
    return why;
}

/* The row's round: asel_perf_round_cell() of the cell, whose text *shown
 * then points to. A numeric round column (every round spelt X.Y) is read as
 * the shortest text of each number in @p num, ".0" added to a whole one:
 * such a column cannot tell v3.1 from v3.10. */
static int row_round(const accelsel_dataset *ds, size_t r, size_t c, char num[40],
                     const char **shown)
{
    *shown = str(ds, r, c);
    if (c != SIZE_MAX && accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC) {
        double v = accelsel_dataset_number(ds, r, c);
        if (isnan(v))
            return -1;
        asel_format_double(num, v);
        if (strchr(num, '.') == NULL)
            strcat(num, ".0");
        *shown = num;
    }
    return asel_perf_round_cell(*shown);
}

/* The note of a row whose counts disagree: the columns given and the
 * layout predicted. NULL on ACCELSEL_ENOMEM. */
static char *layout_note(const row_cells *k, const asel_perf_config *cfg)
{
    const struct { const char *name; const asel_perf_cell *x; } all[] = {
        { "total_accelerators", &k->total }, { "number_of_nodes", &k->nodes },
        { "accelerators_per_node", &k->per_node } };
    char text[256];
    size_t len = 0, given = 0;
    for (size_t i = 0; i < 3; i++)
        given += all[i].x->present;
    for (size_t i = 0, seen = 0; i < 3; i++)
        if (all[i].x->present) /* whole numbers up to 2^32 - 1: no exponent */
            len += (size_t)snprintf(text + len, sizeof text - len, "%s%s %.0f",
                                    seen++ == 0 ? "" : seen == given ? " and " : ", ",
                                    all[i].name, all[i].x->v);
    snprintf(text + len, sizeof text - len, " disagree: predicted as %.0f nodes of %.0f",
             cfg->nodes, cfg->per_node);
    return asel_strdup(text);
}

/* The division as tables write it: "closed", "Closed", " closed ". */
static int is_closed(const char *div)
{
    if (div == NULL)
        return 1;
    size_t b = 0, e = strlen(div);
    asel_trim_blanks(div, &b, &e);
    return e - b == 6 && strncasecmp(div + b, "closed", 6) == 0;
}

static int read_row(const accelsel_predictor *p, const accelsel_dataset *ds, size_t r,
                    const asel_perf_cols *c, const asel_perf_rows *rows, asel_perf_row *out)
{
    row_cells k;
    asel_perf_cell time, epochs;
    int rc = read_cells(ds, r, c, &k), disagree = 0;
    if (rc < 0 || (rc = asel_perf_read_cell(ds, r, c->time, &time)) < 0 ||
        (rc = asel_perf_read_cell(ds, r, c->epochs, &epochs)) < 0)
        return rc;
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = rows->net;
    char buf[192], num[40];
    const char *why = benchmark_note(rows, ds, r, c, out, buf, sizeof buf), *round;
    if (why == NULL)
        why = configure(p, ds, r, c, &k, &q, &disagree, buf, sizeof buf);
    if (why == NULL && out->bench >= 0 &&
        (why = asel_plan_row_cells(rows, ds, r, c, out, &q, buf, sizeof buf, &rc)) == NULL &&
        rc < 0)
        return rc;
    out->round = row_round(ds, r, c->round, num, &round);
    if (why == NULL && out->round == -2) {
        snprintf(buf, sizeof buf, "round '%.*s%s' is not a round name (vX.Y or X.Y)",
                 ASEL_QUOTE_MAX, round, asel_ellipsis(round));
        why = buf;
    }
    out->round = out->round < 0 ? -1 : out->round;
    if (why == NULL)
        rc = out->bench >= 0 ? asel_plan_resolve(p, &q, &out->cfg, &out->gbs)
                             : asel_perf_resolve(p, &q, &out->cfg);
    if (rc == ACCELSEL_ENOMEM)
        return rc;
    out->ok = why == NULL && rc == 0;
    if (!out->ok)
        out->note = asel_strdup(why ? why : accelsel_last_error()->message);
    else if (disagree)
        out->note = layout_note(&k, &out->cfg);
    if ((!out->ok || disagree) && out->note == NULL)
        return asel_enomem();
    out->measured_min = time.v;
    out->epochs_mean = epochs.v;
    out->family = str(ds, r, c->family) ? str(ds, r, c->family) : "";
    out->closed = is_closed(str(ds, r, c->division));
    const char *same = str(ds, r, c->same_runs);
    out->repeat = same != NULL && same[0] != '\0';
    return 0;
}

/* The networks of the rows: ResNet-50 with its fusable layers, or the
 * network of each LLM benchmark that a row of @p ds names (column @p bench). */
static int load_networks(asel_perf_rows *out, const accelsel_dataset *ds, size_t bench, int llm)
{
    int rc = 0;
    for (size_t r = 0; llm && rc == 0 && r < accelsel_dataset_rows(ds); r++) {
        int i = asel_llm_bench_find(str(ds, r, bench));
        if (i >= 0 && out->llm[i] == NULL)
            rc = accelsel_network_load_zoo(&out->llm[i], asel_llm_benches[i].network, NULL);
    }
    if (llm || rc < 0)
        return rc;
    if ((rc = accelsel_network_load_zoo(&out->net, "resnet50", NULL)) < 0)
        return rc;
    return asel_perf_fusable_layers(out->net, &out->fusable);
}

static int rows_read(asel_perf_rows *out, const accelsel_predictor *p, const accelsel_dataset *ds,
                     int measured, int llm)
{
    *out = (asel_perf_rows){ 0 };
    size_t need;
    int rc;
    if ((rc = accelsel_dataset_column_index(ds, "accelerator_model_name", &need)) < 0 ||
        (rc = accelsel_dataset_column_index(ds, "total_accelerators", &need)) < 0 ||
        (measured && (rc = accelsel_dataset_column_index(ds, "time_to_train_min", &need)) < 0))
        return rc;
    asel_perf_cols c = {
        col(ds, "accelerator_model_name"), col(ds, "accelerator_family"),
        col(ds, "total_accelerators"), col(ds, "number_of_nodes"),
        col(ds, "accelerators_per_node"), col(ds, "accelerator_interconnect"),
        col(ds, "host_processor_model_name"), col(ds, "host_processors_per_node"),
        col(ds, "host_processor_core_count"), col(ds, "global_batch_size"),
        col(ds, "time_to_train_min"), col(ds, "epochs_mean"), col(ds, "round"),
        col(ds, "division"), col(ds, "same_runs_as"), col(ds, "benchmark"),
        col(ds, "precision"), col(ds, "tensor_parallel"), col(ds, "pipeline_parallel"),
        col(ds, "context_parallel"), col(ds, "sequence_parallel"), col(ds, "data_parallel"),
        col(ds, "micro_batch_size"), col(ds, "samples_to_converge_mean") };
    size_t n = accelsel_dataset_rows(ds);
    if ((rc = load_networks(out, ds, c.benchmark, llm)) < 0) {
        asel_perf_rows_free(out);
        return rc;
    }
    if ((rc = asel_alloc_array(&out->row, n ? n : 1, sizeof *out->row)) < 0) {
        asel_perf_rows_free(out);
        return rc;
    }
    memset(out->row, 0, (n ? n : 1) * sizeof *out->row);
    out->n = n;
    for (size_t r = 0; r < n; r++)
        if ((rc = read_row(p, ds, r, &c, out, &out->row[r])) < 0) {
            asel_perf_rows_free(out);
            return rc;
        }
    return 0;
}

int asel_perf_rows_read(asel_perf_rows *out, const accelsel_predictor *p,
                        const accelsel_dataset *ds, int measured)
{
    return rows_read(out, p, ds, measured, 0);
}

int asel_plan_rows_read(asel_perf_rows *out, const accelsel_predictor *p,
                        const accelsel_dataset *ds)
{
    return rows_read(out, p, ds, 1, 1);
}

void asel_perf_rows_free(asel_perf_rows *rows)
{
    for (size_t i = 0; rows->row && i < rows->n; i++)
        asel_free(rows->row[i].note);
    asel_free(rows->row);
    asel_free(rows->fusable);
    accelsel_network_free(rows->net);
    for (int i = 0; i < ASEL_LLM_BENCHES; i++)
        accelsel_network_free(rows->llm[i]);
    *rows = (asel_perf_rows){ 0 };
}

void asel_perf_row_step(const asel_perf_params *par, const asel_perf_row *r,
                        const asel_perf_rows *rows, asel_perf_step *s)
{
    asel_perf_device_step(par, r->cfg.dev, rows->net, rows->fusable, r->cfg.per_device_batch,
                          r->cfg.precision, r->cfg.stack, s, NULL, 0);
}

static int row_run_step(const asel_perf_params *par, double corr, const asel_perf_row *r,
                        const accelsel_network *net, const asel_perf_step *s,
                        accelsel_prediction *res)
{
    return asel_perf_run_step(par, corr * asel_perf_software_factor(par, r->round), &r->cfg, net,
                              s, res);
}

int asel_perf_row_run(const asel_perf_params *par, double corr, const asel_perf_row *r,
                      const asel_perf_rows *rows, accelsel_prediction *res)
{
    asel_perf_step s;
    asel_perf_row_step(par, r, rows, &s);
    return row_run_step(par, corr, r, rows->net, &s, res);
}

double asel_perf_row_minutes_step(const asel_perf_params *par, double corr, const asel_perf_row *r,
                                  const asel_perf_rows *rows, const asel_perf_step *s)
{
    accelsel_prediction res = { .version = ACCELSEL_PREDICTION_VERSION };
    if (row_run_step(par, corr, r, rows->net, s, &res) < 0)
        return NAN;
    return res.time_to_train_s / 60.0;
}

double asel_perf_row_minutes(const asel_perf_params *par, double corr, const asel_perf_row *r,
                             const asel_perf_rows *rows)
{
    asel_perf_step s;
    asel_perf_row_step(par, r, rows, &s);
    return asel_perf_row_minutes_step(par, corr, r, rows, &s);
}
