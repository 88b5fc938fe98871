/* The cells that make a row of an LLM benchmark a plan request: its
 * benchmark's network, the precision, the parallel sizes it names and the
 * sequences it trained (docs/predictor.md, "LLM rows"). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "core/error.h"
#include "perf/cells.h"
#include "perf/rows.h"

static const char *str(const accelsel_dataset *ds, size_t r, size_t c)
{
    return c == SIZE_MAX ? NULL : accelsel_dataset_string(ds, r, c);
}

/* The precision cell: fp8, int8 (MaxText's AQT), bf16, fp16; missing or
 * blank is the request's default. NULL, or the note. */
static const char *precision(const char *text, accelsel_predict_request *q, char *buf, size_t n)
{
    static const struct { const char *name; int code; } known[] = {
        {"fp8", ACCELSEL_PRECISION_FP8}, {"int8", ACCELSEL_PRECISION_INT8},
        {"bf16", ACCELSEL_PRECISION_BF16}, {"fp16", ACCELSEL_PRECISION_FP16}};
    size_t b = 0, e = text ? strlen(text) : 0;
    if (text)
        asel_trim_blanks(text, &b, &e);
    if (e == b)
        return NULL;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strlen(known[i].name) == e - b && strncasecmp(known[i].name, text + b, e - b) == 0) {
            q->precision = known[i].code;
            return NULL;
        }
    snprintf(buf, n, "precision '%.*s%s' is none of fp8, int8, bf16, fp16", ASEL_QUOTE_MAX, text,
             asel_ellipsis(text));
    return buf;
}

/* The plan sizes the row names: whole numbers from 1; sequence_parallel 0
 * or 1. A missing cell leaves its field to the search. */
static const char *plan_sizes(const accelsel_dataset *ds, size_t r, const asel_perf_cols *c,
                              accelsel_plan *pl, char *buf, size_t n, int *rc)
{
    const struct { size_t col; const char *name; uint32_t *field; } sizes[] = {
        {c->tp, "tensor_parallel", &pl->tp}, {c->pp, "pipeline_parallel", &pl->pp},
        {c->cp, "context_parallel", &pl->cp}, {c->dp, "data_parallel", &pl->dp},
        {c->mbs, "micro_batch_size", &pl->micro_batch}};
    const char *why = NULL;
    asel_perf_cell x;
    for (size_t i = 0; why == NULL && i < sizeof sizes / sizeof sizes[0]; i++) {
        if ((*rc = asel_perf_read_cell(ds, r, sizes[i].col, &x)) < 0)
            return NULL;
        *sizes[i].field = asel_perf_count_cell(&x, sizes[i].name, buf, n, &why);
    }
    if (why != NULL || (*rc = asel_perf_read_cell(ds, r, c->sp, &x)) < 0)
        return why;
    if (x.present && x.v != 0 && x.v != 1) {
        snprintf(buf, n, "sequence_parallel %g is neither 0 nor 1", x.v);
        return buf;
    }
    pl->sequence_parallel = !x.present ? ACCELSEL_PLAN_AUTO
                            : x.v == 1 ? ACCELSEL_PLAN_ON : ACCELSEL_PLAN_OFF;
    return NULL;
}

const char *asel_plan_row_cells(const asel_perf_rows *rows, const accelsel_dataset *ds, size_t r,
                                const asel_perf_cols *c, asel_perf_row *out,
                                accelsel_predict_request *q, char *buf, size_t n, int *rc)
{
    *rc = 0;
    q->network = rows->llm[out->bench];
    out->plan = (accelsel_plan)ACCELSEL_PLAN_INIT;
    const char *why = precision(str(ds, r, c->precision), q, buf, n);
    if (why == NULL)
        why = plan_sizes(ds, r, c, &out->plan, buf, n, rc);
    if (why != NULL || *rc < 0)
        return why;
    out->plan_given = out->plan.tp != 0 && out->plan.dp != 0;
    asel_perf_cell samples;
    if ((*rc = asel_perf_read_cell(ds, r, c->samples, &samples)) < 0)
        return NULL;
    if (!samples.present && asel_llm_benches[out->bench].epoch_in_tokens) {
        /* tokens, as its logs count them: in sequences of the network's */
        if ((*rc = asel_perf_read_cell(ds, r, c->epochs, &samples)) < 0)
            return NULL;
        samples.v /= (double)accelsel_network_get_transformer(q->network)->sequence;
    }
    if (!samples.present)
        return asel_llm_benches[out->bench].epoch_in_tokens
                   ? "no samples_to_converge_mean or epochs_mean: the sequences trained are not "
                     "known"
                   : "no samples_to_converge_mean: the sequences trained are not known";
    if (!(samples.v >= 1 && samples.v <= ASEL_PERF_BATCH_MAX)) {
        snprintf(buf, n, "samples_to_converge_mean %g is not a number of sequences from 1 to "
                 "2^53", samples.v);
        return buf;
    }
    out->samples = samples.v;
    return NULL;
}
