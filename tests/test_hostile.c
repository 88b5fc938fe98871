/* The hostile-inputs table (docs/hostile-inputs.md): malformed and adversarial
 * inputs for every parser and entry point that takes outside data, each with
 * the status, a fragment of the message and, where the format has positions,
 * the line and byte column a demanding user should get.
 *
 * The expectations come from the headers and the format pages, worked out by
 * hand: positions by counting the bytes of the input (the comments show the
 * sums), limits from their documented formulas. None is copied from the
 * library's output. Inputs that must be accepted are in the table too, with
 * status 0 and a check of what they must give, so that the line between
 * refused and accepted is part of the record.
 *
 * Every case also asserts that the handle written through the out pointer is
 * NULL after a failure (it starts as a dangling sentinel, so the library must
 * write it) and that nothing leaks (every allocation goes through a counting
 * allocator). A second loop fails each allocation of each small case in turn:
 * the result must be the case's status or ACCELSEL_ENOMEM, never a leak. */
#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

/* The entry points. */
typedef enum entry {
    CSV,       /* accelsel_dataset_load_csv_buffer() */
    CSV_FILE,  /* accelsel_dataset_load_csv() */
    CAT,       /* accelsel_catalog_load_buffer() */
    CAT_FILE,  /* accelsel_catalog_load_file() */
    NET,       /* accelsel_network_load_buffer() */
    NET_FILE,  /* accelsel_network_load_file() */
    MODEL,     /* accelsel_cluster_model_load_yaml_buffer() */
    MODEL_FILE, /* accelsel_cluster_model_load_yaml() */
    FILTER,    /* accelsel_dataset_filter_expr() on the fixture */
    CRITERIA,  /* accelsel_criteria_parse() */
    RANK,      /* accelsel_ranking_compute() (TOPSIS) of parsed criteria on the fixture */
    METHOD,    /* accelsel_rank_method_from_name() */
    ZOO,       /* accelsel_network_load_zoo() */
    BENCH,     /* accelsel_dataset_load_benchmark() */
    FIT,       /* accelsel_cluster_fit() of the 4 x 2 matrix with "key=value,..." options */
    MAP,       /* accelsel_mapping_load_buffer() on the two-slot mapping fixture */
    MAP_FILE,  /* accelsel_mapping_load_file() on the same */
    PARAMS,    /* accelsel_predictor_load_params_buffer() against a one-device catalog */
    STEPS,     /* accelsel_steps_load_buffer() against a catalog of one 2-core CPU, "c" */
    CLOUD,     /* accelsel_cloud_prices_load_buffer() against a catalog of one GPU, "g" */
    /* The predictor on a step table: the text read as a plain CSV
     * (accelsel_dataset_load_csv_buffer(), so that the rows are not the
     * step loader's), a physical predictor on a 2-core CPU "c" with the
     * figures a prediction needs (run_predictor_steps). */
    PSTEPS,    /* accelsel_predictor_predict_steps() */
    ESTEPS,    /* accelsel_predictor_evaluate_steps() */
    CSTEPS,    /* accelsel_predictor_calibrate_steps(); a failure leaves the predictor as it was */
    PLACE,     /* accelsel_place_cluster_load_buffer() against the catalog of run_place() */
    PLACE_FILE, /* accelsel_place_cluster_load_file() on the same */
    JOBTEXT,   /* accelsel_job_spec_parse() */
    PLAN,      /* accelsel_plan_parse(); a failure leaves the plan as it was */
    HF         /* accelsel_network_load_hf_buffer() */
} entry;
#define N_ENTRIES (HF + 1) /* keep HF the last entry */

/* Option variants (CSV and network loads). */
enum {
    O_NONE,          /* NULL options */
    O_LIMIT_1K,      /* max_field_len = 1024 */
    O_LIMIT_1M,      /* max_field_len = 1 MiB */
    O_THREADS_MAX,   /* n_threads = UINT32_MAX, what (uint32_t)-1 gives */
    O_THREADS_4,     /* n_threads = 4 */
    O_DELIM_QUOTE,   /* delimiter '"' */
    O_DELIM_HIGH,    /* delimiter 0xE9 (a Latin-1 byte, not ASCII) */
    O_VERSION_99,    /* version 99 */
    O_CAT_NULL,      /* n_categorical = 1 with a NULL array */
    O_CAT_UNKNOWN,   /* categorical = {"gpus"} */
    O_MISSING_NULL,  /* n_missing = 2 with a NULL second entry */
    O_NET_NODES_10,  /* max_yaml_nodes = 10 */
    O_NET_BPE_9,     /* bytes_per_element = 9 */
    O_NET_BPE_0,     /* bytes_per_element = 0 */
    O_NET_VERSION_0  /* version 0 */
};

typedef struct hcase {
    entry entry;
    const char *name;
    const char *text; /* the input (may hold NUL bytes); for *_FILE a file's text or a path spec */
    size_t len;
    char *(*gen)(size_t *len); /* builds a large input instead (malloc'd) */
    int opts;
    int status;
    const char *fragment;
    uint32_t line, column; /* 0, 0: the error has no position */
    void (*check)(const void *result); /* status 0: what the result must hold */
} hcase;

#define T(s) s, sizeof(s) - 1, NULL
#define G(fn) NULL, 0, fn
/* NULL data with a non-zero length. */
#define NULL_DATA NULL, 5, NULL

/* ---- Generators ---------------------------------------------------------- */

#define MB100 ((size_t)100 * 1000 * 1000)

/* Room for @p cap bytes and a NUL: the text entries take C strings. */
static char *text_of(size_t cap)
{
    char *s = malloc(cap + 1);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* A header "a" and one field of @p n bytes of @p c, with @p before and @p after around it. */
static char *one_field(size_t *len, const char *before, size_t n, char c, const char *after)
{
    size_t lb = strlen(before), la = strlen(after);
    char *s = text_of(lb + n + la);
    memcpy(s, before, lb);
    memset(s + lb, c, n);
    memcpy(s + lb + n, after, la + 1);
    *len = lb + n + la;
    return s;
}

static char *gen_field_2k(size_t *len)
{
    return one_field(len, "a\n", 2000, 'x', "\n");
}

static char *gen_line_100m(size_t *len)
{
    return one_field(len, "a\n", MB100, 'x', "\n");
}

/* "\xC3\x28": a two-byte lead followed by '(' (not a continuation byte). */
static char *gen_line_100m_bad_utf8(size_t *len)
{
    return one_field(len, "a\n", MB100, 'x', "\xC3\x28\n");
}

static char *gen_quote_100m_open(size_t *len)
{
    return one_field(len, "a\n\"", MB100, 'x', "");
}

static char *gen_header_100m(size_t *len)
{
    return one_field(len, "", MB100, 'h', "\n1,2\n");
}

/* A quoted field of 100 MB of doubled quotes (which the reader unescapes). */
static char *gen_quotes_100m(size_t *len)
{
    return one_field(len, "a\n\"", MB100, '"', "\"\n");
}

/* Two million columns c0..c1999999, then a row of one field. */
static char *gen_2m_columns(size_t *len)
{
    size_t n = 2000000;
    char *s = text_of(n * 10 + 8), *p = s;
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, "%sc%zu", i ? "," : "", i);
    p += sprintf(p, "\n1\n");
    *len = (size_t)(p - s);
    return s;
}

/* A million rows "1,2" (4 MB: four parts for four threads) with a short row
 * at row 600000 and a long one at row 900000: the first in the input is
 * reported whatever the threads do. Row r (0-based) is on line r + 2. */
static char *gen_rows_two_errors(size_t *len)
{
    size_t n = 1000000;
    char *s = text_of(n * 8 + 8), *p = s;
    p += sprintf(p, "a,b\n");
    for (size_t r = 0; r < n; r++)
        p += sprintf(p, "%s\n", r == 600000 ? "1" : r == 900000 ? "1,2,3" : "1,2");
    *len = (size_t)(p - s);
    return s;
}


static char *done(testutil_text *t, size_t *len)
{
    *len = t->len;
    return t->s;
}

#define SLOTS_DEVICE "version: 1\ndevices:\n  - {name: g, vendor: v, kind: gpu, source: s}\n"

/* 65 explicit slots: one over the documented bound of 64. */
static char *gen_65_slots(size_t *len)
{
    testutil_text t = {0};
    testutil_put(&t, SLOTS_DEVICE "systems:\n  - name: big\n    source: s\n    slots:\n");
    for (int i = 0; i < 65; i++)
        testutil_put(&t, "      - {device: g}\n");
    return done(&t, len);
}

#define POOL 25000
/* 25000 designs and 64 slots whose pools name all of them (the slots are
 * aliases of the first): 1.6 million pool entries in 1.7 MB. Repeats in a
 * pool were found by comparing each entry with the earlier ones: 64 x 3e8
 * comparisons (with 256 slots, 83 s in a plain build, 0.8 s since). */
static char *gen_pool_aliases(size_t *len)
{
    testutil_text t = {0};
    testutil_put(&t, "version: 1\ndesigns:\n");
    for (int i = 0; i < POOL; i++)
        testutil_put(&t, "  - {name: d%d, dataflow: tiled, precision: int8, source: s}\n", i);
    testutil_put(&t, "systems:\n  - name: fpga\n    source: s\n    slots:\n      - &s {designs: [");
    for (int i = 0; i < POOL; i++)
        testutil_put(&t, "%sd%d", i ? ", " : "", i);
    testutil_put(&t, "]}\n");
    for (int i = 1; i < 64; i++)
        testutil_put(&t, "      - *s\n");
    return done(&t, len);
}

/* A device whose notes are a 100 MB line, with a bad figure after it. */
static char *gen_notes_100m(size_t *len)
{
    return one_field(len,
                     "version: 1\ndevices:\n  - name: g\n    vendor: v\n    kind: gpu\n"
                     "    source: s\n    notes: ",
                     MB100, 'n', "\n    tdp_w: -1\n");
}

/* 10000 '[' after a key (the YAML depth limit is 256). */
static char *gen_deep(const char *before, size_t *len)
{
    return one_field(len, before, 10000, '[', "\n");
}

static char *gen_cat_deep(size_t *len)
{
    return gen_deep("version: 1\nx: ", len);
}

static char *gen_net_deep(size_t *len)
{
    return gen_deep("name: t\ninputs: ", len);
}

#define WIDE 30000
/* WIDE inputs x0.. of shape [1]. */
static void wide_inputs(testutil_text *t, int n)
{
    testutil_put(t, "name: wide\ninputs:\n");
    for (int i = 0; i < n; i++)
        testutil_put(t, "  - {name: x%d, shape: [1]}\n", i);
    testutil_put(t, "layers:\n");
}

/* 100 add layers of the same 30000 distinct inputs (an alias): 3 million
 * edges in 1 MB. Repeated inputs were found by comparing each input of a
 * layer with the earlier ones, three times per layer: 100 x 1.4e9 steps,
 * 116 s in a plain build (0.9 s now; and an edge list grown by one element
 * per input copied it all each time under ASan's allocator). */
static char *gen_wide_adds(size_t *len)
{
    testutil_text t = {0};
    wide_inputs(&t, WIDE);
    testutil_put(&t, "  - {name: a0, kind: add, inputs: &i [");
    for (int i = 0; i < WIDE; i++)
        testutil_put(&t, "%sx%d", i ? ", " : "", i);
    testutil_put(&t, "]}\n");
    for (int i = 1; i < 100; i++)
        testutil_put(&t, "  - {name: a%d, kind: add, inputs: *i}\n", i);
    return done(&t, len);
}

/* An add of 50000 inputs and b, with b reading the add: a cycle through a
 * layer of 50001 inputs. The walk that names the cycle takes one step per
 * layer (50002) and used to scan the add's inputs at each of its 25001
 * visits. Lines: 1 name, 2 inputs:, 3..50002 the inputs, 50003 layers:,
 * 50004 the add's map, which starts at "name" in column 5. */
static char *gen_wide_cycle(size_t *len)
{
    testutil_text t = {0};
    wide_inputs(&t, 50000);
    testutil_put(&t, "  - name: a\n    kind: add\n    inputs: [");
    for (int i = 0; i < 50000; i++)
        testutil_put(&t, "x%d, ", i);
    testutil_put(&t, "b]\n  - {name: b, kind: batchnorm, inputs: [a]}\n");
    return done(&t, len);
}

static char *gen_parens(size_t *len)
{
    return one_field(len, "", 100000, '(', "n=1");
}

static char *gen_long_number(size_t *len)
{
    return one_field(len, "n=", 100000, '9', "");
}

/* 100000 items and a trailing comma: the empty last item starts at byte
 * 9 x 100000 = 900000, column 900001. */
static char *gen_criteria_100k(size_t *len)
{
    testutil_text t = {0};
    for (int i = 0; i < 100000; i++)
        testutil_put(&t, "a:1:cost,");
    return done(&t, len);
}

static char *gen_long_zoo_name(size_t *len)
{
    return one_field(len, "resnet", 100000, '5', "0");
}

static char *gen_long_benchmark_name(size_t *len)
{
    return one_field(len, "gpt", 100000, '3', "");
}

/* ---- Checks of accepted inputs ------------------------------------------- */

static void check_one_step_row(const void *r)
{
    ck_assert_uint_eq(accelsel_dataset_rows(r), 1);
}

/* A system's partition of 2 nodes of 4, 3 of them busy: 5 free by default. */
static void check_default_free(const void *r)
{
    const accelsel_partition_info *p = accelsel_place_cluster_partition(r, 0);
    ck_assert(p->nodes == 2 && p->per_node == 4 && p->total == 8 && p->free == 5);
}

/* Aliases of a busy group: the three groups are one group's values. */
static void check_busy_aliases(const void *r)
{
    const accelsel_partition_info *p = accelsel_place_cluster_partition(r, 0);
    ck_assert_uint_eq(p->n_busy, 3);
    for (size_t i = 0; i < 3; i++)
        ck_assert(p->busy[i].count == 1 && p->busy[i].until == 5);
}

/* The predictor's step entries (run_predictor_steps): its catalog, for the
 * checks that predict again with a fresh predictor. */
static const accelsel_catalog *pstep_cat;

static double column_at(const accelsel_dataset *t, const char *name, size_t row)
{
    size_t c;
    ck_assert_int_eq(accelsel_dataset_column_index(t, name, &c), 0);
    return accelsel_dataset_numeric(t, c)[row];
}

/* One row predicted: a positive time, and ape = 100 |p / m - 1| of the
 * row's 0.05 s. */
static void check_one_predicted_step(const void *r)
{
    ck_assert_uint_eq(accelsel_dataset_rows(r), 1);
    double p = column_at(r, "predicted_step_s", 0), m = column_at(r, "measured_step_s", 0);
    ck_assert_double_eq(m, 0.05);
    ck_assert(isfinite(p) && p > 0);
    ck_assert_double_eq_tol(column_at(r, "ape", 0), 100 * fabs(p / m - 1), 1e-9);
}

/* A row whose memory the device lacks: NaN predicted and NaN error. */
static void check_infeasible_step(const void *r)
{
    ck_assert_uint_eq(accelsel_dataset_rows(r), 1);
    ck_assert(isnan(column_at(r, "predicted_step_s", 0)));
    ck_assert(isnan(column_at(r, "ape", 0)));
}

/* Leave one network out of two: a row per network and "all", 1, 1 and 2
 * rows. */
static void check_two_networks_evaluated(const void *r)
{
    ck_assert_uint_eq(accelsel_dataset_rows(r), 3);
    size_t c;
    ck_assert_int_eq(accelsel_dataset_column_index(r, "network", &c), 0);
    ck_assert_str_eq(accelsel_dataset_string(r, 0, c), "small-cnn");
    ck_assert_str_eq(accelsel_dataset_string(r, 2, c), "all");
    ck_assert_double_eq(column_at(r, "rows", 0), 1);
    ck_assert_double_eq(column_at(r, "rows", 2), 2);
}

/* Tuned rows alone: no fold has an eager row to fit on, so each network's
 * held-out figure is the start's. */
static void check_nothing_to_refit(const void *r)
{
    ck_assert_uint_eq(accelsel_dataset_rows(r), 2);
    ck_assert_double_eq(column_at(r, "model_median_ape", 1), column_at(r, "start_median_ape", 1));
}

/* The calibrated predictor's step of the row (0.05 s measured) is at most
 * half as far off, in log terms, as a fresh physical predictor's. The
 * check allocates through the library: under the allocation-failure loop
 * an ENOMEM of its own ends it (the plain run checks it whole). */
static void check_calibrated_closer(const void *r)
{
    static const char row[] = "network,device,threads,batch,precision,framework,step_median_s\n"
                              "small-cnn,c,1,32,fp32,pytorch-eager,0.05\n";
    accelsel_dataset *ds = NULL, *a = NULL, *b = NULL;
    accelsel_predictor *fresh = NULL;
    int rc = accelsel_dataset_load_csv_buffer(&ds, row, strlen(row), NULL);
    if (rc == 0)
        rc = accelsel_predictor_new(&fresh, pstep_cat, TEST_PHYSICAL);
    if (rc == 0)
        rc = accelsel_predictor_predict_steps(&a, fresh, ds);
    if (rc == 0)
        rc = accelsel_predictor_predict_steps(&b, r, ds);
    ck_assert_msg(rc == 0 || rc == ACCELSEL_ENOMEM, "%s", accelsel_last_error()->message);
    if (rc == 0) {
        double before = fabs(log(column_at(a, "predicted_step_s", 0) / 0.05));
        double after = fabs(log(column_at(b, "predicted_step_s", 0) / 0.05));
        ck_assert_msg(after <= before / 2, "log error %g after calibrating, %g before", after,
                      before);
    }
    accelsel_dataset_free(a);
    accelsel_dataset_free(b);
    accelsel_predictor_free(fresh);
    accelsel_dataset_free(ds);
}

static void check_header_only(const void *r)
{
    ck_assert_uint_eq(accelsel_dataset_rows(r), 0);
    ck_assert_uint_eq(accelsel_dataset_cols(r), 2);
}

/* "a,b\r1,2\r3,4\r": two rows, numeric. */
static void check_cr_only(const void *r)
{
    ck_assert_uint_eq(accelsel_dataset_rows(r), 2);
    ck_assert(accelsel_dataset_number(r, 1, 1) == 4.0);
}

/* nan is missing; inf, -Infinity and 1e-999 (which rounds to 0) are numbers. */
static void check_special_numbers(const void *r)
{
    ck_assert_uint_eq(accelsel_dataset_rows(r), 4);
    ck_assert_int_eq(accelsel_dataset_column_type(r, 0), ACCELSEL_COLUMN_NUMERIC);
    ck_assert_int_eq(accelsel_dataset_is_missing(r, 0, 0), 1);
    ck_assert(accelsel_dataset_number(r, 1, 0) == INFINITY);
    ck_assert(accelsel_dataset_number(r, 2, 0) == -INFINITY);
    ck_assert(accelsel_dataset_number(r, 3, 0) == 0.0);
}

/* An overflowing number in a column that is text anyway is just text. */
static void check_overflow_in_text(const void *r)
{
    ck_assert_int_eq(accelsel_dataset_column_type(r, 0), ACCELSEL_COLUMN_CATEGORICAL);
    ck_assert_str_eq(accelsel_dataset_string(r, 0, 0), "1e999");
}

/* Only the first byte-order mark is one: the second is part of the name. */
static void check_two_boms(const void *r)
{
    ck_assert_str_eq(accelsel_dataset_column_name(r, 0), "\xEF\xBB\xBF" "a");
}

static void check_one_row(const void *r)
{
    ck_assert_uint_eq(accelsel_dataset_rows(r), 1);
}

static void check_line_100m(const void *r)
{
    ck_assert_uint_eq(accelsel_dataset_rows(r), 1);
    ck_assert_uint_eq(strlen(accelsel_dataset_string(r, 0, 0)), MB100);
}

static void check_pool_aliases(const void *r)
{
    ck_assert_uint_eq(accelsel_catalog_system(r, 0)->n_slots, 64);
    const accelsel_slot_info *slot = accelsel_catalog_system_slot(r, 0, 63);
    ck_assert_uint_eq(slot->n_designs, POOL);
    ck_assert_uint_eq(slot->designs[POOL - 1], POOL - 1);
}

static void check_wide_adds(const void *r)
{
    ck_assert_uint_eq(accelsel_network_layer_count(r), WIDE + 100);
    /* One FLOP per element per added input: 29999 for the [1] output. */
    ck_assert_uint_eq(accelsel_network_layer(r, WIDE + 99)->elementwise_flops, WIDE - 1);
}

static void check_model(const void *r)
{
    ck_assert_uint_eq(accelsel_cluster_model_k(r), 2);
}

/* The rows {0,0}, {0,1} and {10,10}, {10,11} are two clusters. */
static void check_two_clusters(const void *r)
{
    const uint32_t *l = accelsel_cluster_model_labels(r);
    ck_assert_uint_eq(l[0], l[1]);
    ck_assert_uint_eq(l[2], l[3]);
    ck_assert_uint_ne(l[0], l[2]);
}

/* "n=..": both bounds open, every row with a value (all three). */
static void check_all_rows(const void *r)
{
    ck_assert_uint_eq(accelsel_dataset_rows(r), 3);
}

/* ---- The table ----------------------------------------------------------- */

#define EPARSE ACCELSEL_EPARSE
/* A step-measurement header, and a row on the catalog's CPU "c" (run_steps). */
#define S_HEAD "network,device,threads,batch,image_size,precision,framework,framework_version," \
               "steps_timed,step_min_s,step_median_s,measured_at\n"
#define S_ROW(net, threads, side, min, median, date) \
    net ",c," threads ",32," side ",fp32,pt-eager,1.13,5," min "," median "," date "\n"
#define EINVAL ACCELSEL_EINVAL
/* A cloud-price header, and a row of provider p and region r (run_cloud). */
#define C_HEAD "provider,instance,accelerator,accelerators_per_instance,usd_per_accelerator_hour," \
               "region,date,source\n"
#define C_ROW(instance, accel, per, rate, date) \
    "p," instance "," accel "," per "," rate ",r," date ",s\n"
#define PL(body) "version: 1\npartitions:\n" body
/* A step table for the predictor's entries: the seven columns it reads. */
#define PS_HEAD "network,device,threads,batch,precision,framework,step_median_s\n"
#define PS_ROW(net, device, threads, batch, framework, median) \
    net "," device "," threads "," batch ",fp32," framework "," median "\n"

/* Catalog pieces. Line 1 "version: 1", line 2 "devices:", line 3 the device
 * "  - {name: g, vendor: v, kind: gpu, source: s" (45 bytes: "  - {" 5,
 * "name: g" to 12, ", vendor: v" to 23, ", kind: gpu" to 34, ", source: s"
 * to 45), then ", KEY: VALUE}". */
#define DEV(extra) "version: 1\ndevices:\n  - {name: g, vendor: v, kind: gpu, source: s" extra "}\n"
/* A CPU on line 3 whose peak is computed: 45 bytes as above, ", cores: 64" to
 * 56, ", clock_hz: 2e9" to 71, ", flops_per_cycle: " to 90: the value at 91. */
#define CPU(fpc) "version: 1\ndevices:\n  - {name: c, vendor: v, kind: cpu, source: s, cores: 64, " \
                 "clock_hz: 2e9, flops_per_cycle: " fpc "}\n"
/* A design on line 3: "  - {name: d, dataflow: tiled, precision: fp32, source: s" is 57 bytes. */
#define DESIGN(extra) "version: 1\ndesigns:\n  - {name: d, dataflow: tiled, precision: fp32, source: s" extra "}\n"
/* Two links (lines 3-4), a GPU (line 6) and a system whose slots start on line 11. */
#define SYS(body) "version: 1\nlinks:\n  - {name: l, technology: pcie, bw_bytes_s: 1e9, source: s}\n" \
                  "  - {name: m, technology: pcie, bw_bytes_s: 2e9, source: s}\n" \
                  "devices:\n  - {name: g, vendor: v, kind: gpu, source: s}\n" \
                  "systems:\n  - name: x\n    source: s\n" body
#define TWO_SLOTS "    slots:\n      - {device: g}\n      - {device: g}\n"

/* Billion laughs, nine levels of ten. Bytes: line "a: &a [x, x, ...]" is
 * 7 + 10 + 18 + 2 = 37, each of the eight alias lines 7 + 20 + 18 + 2 = 47:
 * 413 in all, a budget of 64 + 16 x 413 = 6672 nodes. An alias costs its
 * nodes and one more per 4 bytes of their text: *a 11 + 10 / 4 = 13, *b
 * 111 + 100 / 4 = 136, *c 1111 + 1000 / 4 = 1361. Counting: root 1; key a
 * and its list of ten: 13; key b, its list and ten *a: 145; key c, its list
 * and ten *b: 1507; key d (1508), its list (1509), then *c: the fourth would
 * make 6953, over the budget. It is on line 4 at column 8 + 3 x 4 = 20. */
#define LAUGHS "a: &a [x, x, x, x, x, x, x, x, x, x]\n" \
               "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n" \
               "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n" \
               "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n" \
               "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n" \
               "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n" \
               "g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n" \
               "h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]\n" \
               "i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]\n"

/* Network pieces: lines 1-3 the name and an input [3, 8, 8], line 4
 * "layers:", then one layer per line, "  - {name: " being 11 bytes. */
#define NET_H "name: t\ninputs:\n  - {name: x, shape: [3, 8, 8]}\nlayers:\n"
/* An input on line 3: "  - {name: x, shape: [" is 22 bytes. */
#define NET_IN(shape) "name: t\ninputs:\n  - {name: x, shape: [" shape "]}\nlayers:\n" \
                      "  - {name: f, kind: flatten, inputs: [x]}\n"

/* A cluster model, one key per line: 1-3 format, version, algorithm; 4 k;
 * 5 dim; 6 n_rows; 7-11 the scores; 12-14 centroids; 15-17
 * centroids_original; 18 labels; 19-21 profiles. */
#define M_HEAD "format: accelsel-cluster-model\nversion: 1\nalgorithm: kmeans\n"
#define M_SIZES "k: 2\ndim: 2\nn_rows: 4\n"
#define M_SCORES "n_iter: 2\ninertia: 1\nsilhouette: 0.9\ncalinski_harabasz: 400\ndavies_bouldin: 0.07\n"
#define M_CEN "centroids:\n  - [10, 10.5]\n  - [0, 0.5]\n"
#define M_ORIG "centroids_original:\n  - [10, 10.5]\n  - [0, 0.5]\n"
#define M_LABELS "labels: [1, 1, 0, 0]\n"
#define M_PROF "profiles:\n  - {name: cluster, type: numeric, values: [0, 1]}\n" \
               "  - {name: size, type: numeric, values: [2, 2]}\n"
#define MODEL_OK M_HEAD M_SIZES M_SCORES M_CEN M_ORIG M_LABELS M_PROF

#define MAP_H "version: 1\nslots:\n"
#define MAP_S "version: 1\nslots:\n  - {slot: 0, design: t4}\n  - {slot: 1, design: t4}\nlayers:\n"
/* The first lines of a predictor parameter file. */
#define P_FORMAT "format: accelsel-predictor-params\n"
#define P_HEAD P_FORMAT "version: 1\n"
/* A whole version-1 parameter file against the one-device catalog ("g"):
 * lines 1-2 the header, 3 kinds, 4-6 cpu, gpu and accel (P_KIND each),
 * 7-12 the global figures, 13 corrections, 14 count_corrections. */
#define P_KIND "{compute_eff: 0.5, memory_eff: 0.6, overhead_s: 0, comm_eff: 0.5, overlap: 0.5, " \
               "cache_ratio: 4, tile_m: 6, tile_n: 0, block_m: 0, block_n: 0, host_rate: 1000, " \
               "fusion: 0.5}"
#define P_FULL(corr, counts) P_HEAD "kinds:\n  cpu: " P_KIND "\n  gpu: " P_KIND "\n  accel: " P_KIND "\n" \
                             "backward_ratio: 2\nupdate_bytes: 20\nlink_latency_s: 5e-06\n" \
                             "epochs_e0: 35\nepochs_b0: 3584\nepochs_alpha: 0.3\n" \
                             "corrections: " corr "\ncount_corrections: " counts "\n"

static const hcase cases[] = {
    /* ---- CSV: structure ---- */
    {CSV, "empty input", T(""), O_NONE, EPARSE, "no header: the input is empty", 1, 1, NULL},
    {CSV, "only a byte-order mark", T("\xEF\xBB\xBF"), O_NONE, EPARSE, "no header", 1, 1, NULL},
    {CSV, "only a line end", T("\n"), O_NONE, EPARSE, "empty column name (header field 1)", 1, 1,
     NULL},
    {CSV, "header only: no rows", T("a,b\n"), O_NONE, 0, NULL, 0, 0, check_header_only},
    {CSV, "duplicate column name", T("a,b,a\n1,2,3\n"), O_NONE, EPARSE,
     "duplicate column name (header field 3)", 1, 5, NULL},
    {CSV, "empty column name", T("a,,b\n"), O_NONE, EPARSE, "empty column name (header field 2)",
     1, 3, NULL},
    {CSV, "short row", T("a,b,c\n1,2\n"), O_NONE, EPARSE, "row has 2 fields, the header 3", 2, 1,
     NULL},
    {CSV, "long row, at the extra field", T("a,b\n1,2,3\n"), O_NONE, EPARSE,
     "row has more fields than the header's 2", 2, 5, NULL},
    {CSV, "blank line between rows", T("a,b\n1,2\n\n3,4\n"), O_NONE, EPARSE,
     "row has 1 field, the header 2", 3, 1, NULL},
    {CSV, "unterminated quote, at the quote", T("a,b\n1,\"xyz\n2,3\n"), O_NONE, EPARSE,
     "unterminated quoted field", 2, 3, NULL},
    {CSV, "text after a closing quote", T("a\n\"x\"y\n"), O_NONE, EPARSE, "text after closing quote",
     2, 4, NULL},
    {CSV, "quote inside an unquoted field", T("a\nx\"y\n"), O_NONE, EPARSE,
     "quote inside an unquoted field", 2, 2, NULL},
    {CSV, "CR-only line ends", T("a,b\r1,2\r3,4\r"), O_NONE, 0, NULL, 0, 0, check_cr_only},
    {CSV, "CR-only line ends, error on the second line", T("a,b\r1,2,3\r"), O_NONE, EPARSE,
     "row has more fields than the header's 2", 2, 5, NULL},
    /* A line break inside quotes counts: the quote opens on line 2, the bad row is line 4. */
    {CSV, "CRLF and a quoted line break before the error", T("a\r\n\"x\r\ny\"\r\n1,2\r\n"), O_NONE,
     EPARSE, "row has more fields than the header's 1", 4, 3, NULL},
    /* ---- CSV: bytes ---- */
    {CSV, "NUL byte in a field", T("a,b\n1,x\0y\n"), O_NONE, EPARSE, "NUL byte in input", 2, 4, NULL},
    {CSV, "NUL byte in the header", T("a\0,b\n"), O_NONE, EPARSE, "NUL byte in input", 1, 2, NULL},
    {CSV, "NUL byte inside quotes", T("a\n\"x\0\"\n"), O_NONE, EPARSE, "NUL byte in input", 2, 3,
     NULL},
    {CSV, "overlong '/' (C0 AF)", T("a\n\xC0\xAF\n"), O_NONE, EPARSE, "invalid UTF-8", 2, 1, NULL},
    {CSV, "overlong three-byte NUL (E0 80 80)", T("a\nx\xE0\x80\x80\n"), O_NONE, EPARSE,
     "invalid UTF-8", 2, 2, NULL},
    {CSV, "UTF-16 surrogate encoded (ED A0 80)", T("a\n\xED\xA0\x80\n"), O_NONE, EPARSE,
     "invalid UTF-8", 2, 1, NULL},
    {CSV, "sequence cut by the end of input", T("a\nx\xE2\x82"), O_NONE, EPARSE, "invalid UTF-8", 2,
     2, NULL},
    {CSV, "lone continuation byte", T("a\n\x80\n"), O_NONE, EPARSE, "invalid UTF-8", 2, 1, NULL},
    {CSV, "above U+10FFFF (F4 90 80 80)", T("a\n\"\xF4\x90\x80\x80\"\n"), O_NONE, EPARSE,
     "invalid UTF-8", 2, 2, NULL},
    {CSV, "UTF-16 byte-order mark", T("\xFF\xFE" "a\0"), O_NONE, EPARSE, "invalid UTF-8", 1, 1, NULL},
    /* The mark is not counted in the first line's columns: 'b' is column 3. */
    {CSV, "byte-order mark, then an error in the header", T("\xEF\xBB\xBF" "a,\xFF\n"), O_NONE,
     EPARSE, "invalid UTF-8", 1, 3, NULL},
    {CSV, "two byte-order marks", T("\xEF\xBB\xBF\xEF\xBB\xBF" "a\n1\n"), O_NONE, 0, NULL, 0, 0,
     check_two_boms},
    /* ---- CSV: numbers ---- */
    {CSV, "1e999 in a numeric column", T("a\n1\n1e999\n"), O_NONE, ACCELSEL_ERANGE,
     "number too large for a double in numeric column 'a'", 3, 1, NULL},
    {CSV, "-1e999, the first of two", T("a,b\n1,-1e999\n1e400,2\n"), O_NONE, ACCELSEL_ERANGE,
     "in numeric column 'b'", 2, 3, NULL},
    {CSV, "1e999 in a text column", T("a\n1e999\nx\n"), O_NONE, 0, NULL, 0, 0,
     check_overflow_in_text},
    {CSV, "nan, inf, -Infinity, 1e-999", T("a\nnan\ninf\n-Infinity\n1e-999\n"), O_NONE, 0, NULL, 0,
     0, check_special_numbers},
    /* ---- CSV: options ---- */
    {CSV, "delimiter '\"'", T("a\n"), O_DELIM_QUOTE, EINVAL, "delimiter 34 is not an ASCII byte", 0,
     0, NULL},
    {CSV, "delimiter above ASCII", T("a\n"), O_DELIM_HIGH, EINVAL, "delimiter 233", 0, 0, NULL},
    {CSV, "options version 99", T("a\n"), O_VERSION_99, ACCELSEL_EVERSION,
     "unknown accelsel_csv_options version 99", 0, 0, NULL},
    {CSV, "categorical count without an array", T("a\n"), O_CAT_NULL, EINVAL,
     "invalid argument 'categorical'", 0, 0, NULL},
    {CSV, "categorical names an unknown column", T("gpu,n\nA,1\n"), O_CAT_UNKNOWN,
     ACCELSEL_ENOTFOUND, "no column 'gpus' (closest: 'gpu')", 0, 0, NULL},
    {CSV, "missing-value list with a NULL entry", T("a\n"), O_MISSING_NULL, EINVAL,
     "missing[1] is NULL", 0, 0, NULL},
    {CSV, "n_threads = UINT32_MAX", T("a,b\n1,2\n"), O_THREADS_MAX, 0, NULL, 0, 0, check_one_row},
    {CSV, "NULL data with a length", NULL_DATA, O_NONE, EINVAL, "invalid argument 'data'", 0, 0,
     NULL},
    /* ---- CSV: size ---- */
    {CSV, "2000-byte field, limit 1024", G(gen_field_2k), O_LIMIT_1K, EPARSE,
     "field longer than max_field_len", 2, 1, NULL},
    {CSV, "100 MB line, no limit: one value", G(gen_line_100m), O_NONE, 0, NULL, 0, 0,
     check_line_100m},
    {CSV, "100 MB line, limit 1 MiB", G(gen_line_100m), O_LIMIT_1M, EPARSE,
     "field longer than max_field_len", 2, 1, NULL},
    {CSV, "100 MB line, bad UTF-8 at its end", G(gen_line_100m_bad_utf8), O_NONE, EPARSE,
     "invalid UTF-8", 2, 100000001, NULL},
    {CSV, "100 MB quoted field never closed", G(gen_quote_100m_open), O_NONE, EPARSE,
     "unterminated quoted field", 2, 1, NULL},
    {CSV, "100 MB of doubled quotes, limit 1 MiB", G(gen_quotes_100m), O_LIMIT_1M, EPARSE,
     "field longer than max_field_len", 2, 1, NULL},
    {CSV, "100 MB column name, then a long row", G(gen_header_100m), O_NONE, EPARSE,
     "row has more fields than the header's 1", 2, 3, NULL},
    {CSV, "two million columns, then a row of one", G(gen_2m_columns), O_NONE, EPARSE,
     "row has 1 field, the header 2000000", 2, 1, NULL},
    {CSV, "4 MB on four threads, two bad rows", G(gen_rows_two_errors), O_THREADS_4, EPARSE,
     "row has 1 field, the header 2", 600002, 1, NULL},

    /* ---- Catalog: figures (the value's column: 45 + ", KEY: " + 1) ---- */
    {CAT, "negative size", T(DEV(", memory_bytes: -1")), O_NONE, EPARSE,
     "'memory_bytes' must be positive, not -1", 3, 62, NULL},
    {CAT, "zero power", T(DEV(", tdp_w: 0")), O_NONE, EPARSE, "'tdp_w' must be positive, not 0", 3,
     55, NULL},
    {CAT, "nan", T(DEV(", tdp_w: nan")), O_NONE, EPARSE, "'tdp_w' must be a number, not 'nan'", 3,
     55, NULL},
    {CAT, "YAML's .nan", T(DEV(", tdp_w: .nan")), O_NONE, EPARSE, "'tdp_w' must be a number", 3, 55,
     NULL},
    {CAT, "inf", T(DEV(", tdp_w: inf")), O_NONE, EPARSE, "'tdp_w' is not a finite number: 'inf'", 3,
     55, NULL},
    {CAT, "1e999", T(DEV(", price_usd: 1e999")), O_NONE, EPARSE,
     "'price_usd' is not a finite number: '1e999'", 3, 59, NULL},
    {CAT, "a number in quotes", T(DEV(", tdp_w: \"300\"")), O_NONE, EPARSE, "'tdp_w' must be a number",
     3, 55, NULL},
    {CAT, "a list for a number", T(DEV(", tdp_w: [300]")), O_NONE, EPARSE, "'tdp_w' must be a number",
     3, 55, NULL},
    {CAT, "negative count", T(DEV(", cores: -4")), O_NONE, EPARSE,
     "'cores' = -4 is outside [1, 1000000]", 3, 55, NULL},
    {CAT, "count beyond 64 bits", T(DEV(", cores: 99999999999999999999")), O_NONE, EPARSE,
     "'cores' = 99999999999999999999 does not fit in 64 bits", 3, 55, NULL},
    {CAT, "year out of range", T(DEV(", release_year: 3000")), O_NONE, EPARSE,
     "'release_year' = 3000 is outside [1950, 2100]", 3, 62, NULL},
    {CAT, "peak of an unknown precision", T(DEV(", peak_flops: {fp128: 1e12}")), O_NONE, EPARSE,
     "unknown precision 'fp128' in 'peak_flops'", 3, 61, NULL},
    {CAT, "negative peak", T(DEV(", peak_flops: {fp16: -1e12}")), O_NONE, EPARSE,
     "'peak_flops.fp16' must be positive", 3, 67, NULL},
    /* 64 x 2e9 x 1e300 overflows: the computed peak must be as finite as a given one. */
    {CAT, "computed CPU peak overflows", T(CPU("{fp32: 1e300}")), O_NONE, EPARSE,
     "peak_flops.fp32 = cores x clock_hz x flops_per_cycle.fp32 is not a finite number", 3, 91, NULL},
    /* 2 x 2^40 x 1e300 overflows; clock_hz's value is at 57 + ", macs: 1099511627776" (21)
     * + ", clock_hz: " (12) + 1 = 91. */
    {CAT, "computed design peak overflows", T(DESIGN(", macs: 1099511627776, clock_hz: 1e300")),
     O_NONE, EPARSE, "peak_ops = 2 x macs x clock_hz is not a finite number", 3, 91, NULL},
    {CAT, "macs beyond the bound", T(DESIGN(", macs: 1099511627777")), O_NONE, EPARSE,
     "'macs' = 1099511627777 is outside [1, 1099511627776]", 3, 66, NULL},
    /* ---- Catalog: keys, names, references ---- */
    {CAT, "unknown key", T(DEV(", colour: red")), O_NONE, EPARSE, "unknown key 'colour'", 3, 48,
     NULL},
    {CAT, "duplicate key", T("version: 1\ndevices: []\nversion: 1\n"), O_NONE, EPARSE,
     "duplicate key 'version' (first at line 1)", 3, 1, NULL},
    {CAT, "duplicate device name, other case",
     T("version: 1\ndevices:\n  - {name: gpu-a, vendor: v, kind: gpu, source: s}\n"
       "  - {name: GPU-A, vendor: v, kind: gpu, source: s}\n"),
     O_NONE, EPARSE, "duplicate device name 'GPU-A' (already used at line 3)", 4, 12, NULL},
    {CAT, "an alias equal to another name",
     T("version: 1\ndevices:\n  - {name: a, vendor: v, kind: gpu, source: s}\n"
       "  - {name: b, aliases: [x, A], vendor: v, kind: gpu, source: s}\n"),
     O_NONE, EPARSE, "duplicate device name 'A' (already used at line 3)", 4, 28, NULL},
    {CAT, "unknown device kind", T("version: 1\ndevices:\n  - {name: q, vendor: v, kind: quantum, source: s}\n"),
     O_NONE, EPARSE, "unknown device kind 'quantum'", 3, 32, NULL},
    {CAT, "NUL byte through an escape", T("version: 1\ndevices:\n  - {name: \"a\\0b\", vendor: v, kind: gpu, source: s}\n"),
     O_NONE, EPARSE, "'name' contains a NUL byte", 3, 12, NULL},
    /* A NUL in a key (a "\0" escape) is refused where the document is
     * built, for every format, at the key: read as a C string, the key would
     * be its prefix before the NUL. The message shows the key to its NUL,
     * "\0", and "..." when more follows. */
    {CAT, "a NUL in a top-level key (an unknown key, not 'devices')", T("version: 1\n\"devices\\0x\": []\n"),
     O_NONE, EPARSE, "key 'devices\\0...' contains a NUL byte", 2, 1, NULL},
    {CAT, "a NUL in a device's key", T(DEV(", \"tdp_w\\0\": 300")), O_NONE, EPARSE,
     "key 'tdp_w\\0' contains a NUL byte", 3, 48, NULL},
    /* "  - {name: g, vendor: v, kind: gpu, source: s" 45, ", peak_flops: {" 15: column 61. */
    {CAT, "a NUL in a precision (not fp16)", T(DEV(", peak_flops: {\"fp16\\0junk\": 1e12}")), O_NONE,
     EPARSE, "key 'fp16\\0...' contains a NUL byte", 3, 61, NULL},
    /* "fp16: 1e12, " is 12 bytes more: the second key at 73. */
    {CAT, "a duplicate through a NUL", T(DEV(", peak_flops: {fp16: 1e12, \"fp16\\0\": 2e12}")), O_NONE,
     EPARSE, "key 'fp16\\0' contains a NUL byte", 3, 73, NULL},
    {CAT, "the same precisions without the NUL: a duplicate",
     T(DEV(", peak_flops: {fp16: 1e12, \"fp16\": 2e12}")), O_NONE, EPARSE,
     "duplicate key 'fp16' (first at line 3)", 3, 73, NULL},
    {CAT, "a figure's source for a figure not given", T(DEV(", sources: {tdp_w: x}")), O_NONE,
     EPARSE, "'sources' names figure 'tdp_w', which this entry does not give", 3, 58, NULL},
    {CAT, "system names an unknown device", T(SYS("    device: nope\n    nodes: 1\n    devices_per_node: 1\n")),
     O_NONE, EPARSE, "'device' refers to unknown device 'nope'", 10, 13, NULL},
    {CAT, "system names an unknown link",
     T(SYS("    device: g\n    nodes: 1\n    devices_per_node: 8\n    intra_node_link: nvlink9\n")),
     O_NONE, EPARSE, "'intra_node_link' refers to unknown link 'nvlink9'", 13, 22, NULL},
    {CAT, "host_cpu is a GPU", T(SYS("    device: g\n    nodes: 1\n    devices_per_node: 1\n    host_cpu: g\n")),
     O_NONE, EPARSE, "host_cpu 'g' is a gpu, not a cpu", 13, 15, NULL},
    {CAT, "zero nodes", T(SYS("    device: g\n    nodes: 0\n    devices_per_node: 1\n")), O_NONE,
     EPARSE, "'nodes' = 0 is outside [1, 1073741824]", 11, 12, NULL},
    {CAT, "2^31 devices per node", T(SYS("    device: g\n    nodes: 1\n    devices_per_node: 2147483648\n")),
     O_NONE, EPARSE, "'devices_per_node' = 2147483648 is outside [1, 1073741824]", 12, 23, NULL},
    /* ---- Catalog: slots ---- */
    {CAT, "no slots", T(SYS("    slots: []\n")), O_NONE, EPARSE, "'slots' is empty", 10, 12, NULL},
    {CAT, "65 slots", G(gen_65_slots), O_NONE, EPARSE, "more than 64 slots", 8, 7, NULL},
    {CAT, "slot index out of range", T(SYS(TWO_SLOTS "    links:\n      - {slots: [0, 5], link: l}\n")),
     O_NONE, EPARSE, "'slots' = 5 is outside [0, 1]", 14, 21, NULL},
    {CAT, "negative slot index", T(SYS(TWO_SLOTS "    links:\n      - {slots: [-1, 1], link: l}\n")),
     O_NONE, EPARSE, "'slots' = -1 is outside [0, 1]", 14, 18, NULL},
    {CAT, "a slot linked to itself", T(SYS(TWO_SLOTS "    links:\n      - {slots: [1, 1], link: l}\n")),
     O_NONE, EPARSE, "a slot cannot link to itself (slot 1)", 14, 17, NULL},
    {CAT, "a pair linked twice",
     T(SYS(TWO_SLOTS "    links:\n      - {slots: [0, 1], link: l}\n      - {slots: [1, 0], link: m}\n")),
     O_NONE, EPARSE, "slots 1 and 0 are linked twice", 15, 17, NULL},
    {CAT, "link matrix of the wrong size",
     T(SYS(TWO_SLOTS "    link_matrix: [[~, l]]\n")), O_NONE, EPARSE,
     "'link_matrix' must have 2 rows, one per slot", 13, 18, NULL},
    {CAT, "a design twice in a pool",
     T("version: 1\ndesigns:\n  - {name: d, dataflow: tiled, precision: int8, source: s}\n"
       "systems:\n  - name: f\n    source: s\n    slots:\n      - {designs: [d, D]}\n"),
     O_NONE, EPARSE, "design 'D' is twice in the pool", 8, 23, NULL},
    {CAT, "64 slots of a 25000-design pool (aliases)", G(gen_pool_aliases), O_NONE, 0, NULL, 0, 0,
     check_pool_aliases},
    /* ---- Catalog: YAML ---- */
    {CAT, "10000 nested lists", G(gen_cat_deep), O_NONE, EPARSE, "nesting deeper than 256 levels", 2,
     259, NULL},
    {CAT, "billion laughs", T(LAUGHS), O_NONE, EPARSE, "document too large: more than 6672 nodes", 4,
     20, NULL},
    {CAT, "alias of itself", T("version: 1\nx: &a [*a]\n"), O_NONE, EPARSE, "unknown alias '*a'", 2,
     8, NULL},
    {CAT, "merge key", T("version: 1\ndevices:\n  - &d {name: g, vendor: v, kind: gpu, source: s}\n"
                         "  - {<<: *d, name: h}\n"),
     O_NONE, EPARSE, "unknown key '<<'", 4, 6, NULL},
    {CAT, "a mapping as a key", T("version: 1\n? {a: 1}\n: 2\n"), O_NONE, EPARSE,
     "mapping keys must be plain strings", 2, 3, NULL},
    /* libyaml's reader reports the byte; the position is computed from it. */
    {CAT, "NUL byte", T("version: 1\ndevices: [\0]\n"), O_NONE, EPARSE,
     "control characters are not allowed at byte 21", 2, 11, NULL},
    {CAT, "invalid UTF-8", T("version: 1\nx: \xC3\x28\n"), O_NONE, EPARSE,
     "invalid trailing UTF-8 octet at byte 15", 2, 5, NULL},
    {CAT, "UTF-16 (the formats are UTF-8)", T("\xFF\xFEv\0e\0r\0s\0i\0o\0n\0:\0 \0" "1\0\n\0"), O_NONE,
     EPARSE, "invalid leading UTF-8 octet at byte 0", 1, 1, NULL},
    /* Columns are bytes: "  - {name: " 11, "\xC3\xA9\xC3\xA9" 4 bytes (2 characters), then
     * ", vendor: v, kind: gpu, source: s" 33 to 48, ", tdp_w: " 9: column 58. */
    {CAT, "column after two-byte characters",
     T("version: 1\ndevices:\n  - {name: \xC3\xA9\xC3\xA9, vendor: v, kind: gpu, source: s, tdp_w: -1}\n"),
     O_NONE, EPARSE, "'tdp_w' must be positive, not -1", 3, 58, NULL},
    /* U+2028 ends a line for libyaml, not in the file: the error is on line 3. */
    {CAT, "line separator inside a name",
     T("version: 1\ndevices:\n  - {name: \"a\xE2\x80\xA8" "b\", vendor: v, kind: gpu, source: s, tdp_w: -1}\n"),
     O_NONE, EPARSE, "'tdp_w' must be positive, not -1", 3, 61, NULL},
    {CAT, "tab for indentation", T("version: 1\ndevices:\n\t- {name: g}\n"), O_NONE, EPARSE,
     "found character that cannot start any token", 3, 1, NULL},
    /* A byte-order mark before the first key is skipped and not counted:
     * "version: " is 9 bytes, the value at column 10; on line 3, "  - {name: g"
     * 12, ", vendor: v, kind: gpu, source: s" 33, ", tdp_w: " 9: column 55. */
    {CAT, "byte-order mark, then a bad version", T("\xEF\xBB\xBFversion: 2\n"), O_NONE,
     ACCELSEL_EVERSION, "catalog version 2 is not supported", 1, 10, NULL},
    {CAT, "byte-order mark, then a bad figure",
     T("\xEF\xBB\xBFversion: 1\ndevices:\n  - {name: g, vendor: v, kind: gpu, source: s, tdp_w: -1}\n"),
     O_NONE, EPARSE, "'tdp_w' must be positive, not -1", 3, 55, NULL},
    {CAT, "byte-order mark, then bad UTF-8 (byte 15 of the file)", T("\xEF\xBB\xBFversion: 1\nx: \xC3\x28\n"),
     O_NONE, EPARSE, "invalid trailing UTF-8 octet at byte 18", 2, 5, NULL},
    /* One rule for every YAML format: no content is an error at 1:1. */
    {CAT, "no content: only comments", T("# nothing here\n\n# nor here\n"), O_NONE, EPARSE,
     "empty catalog", 1, 1, NULL},
    {CAT, "no content: '---' alone", T("---\n"), O_NONE, EPARSE, "empty catalog", 1, 1, NULL},
    {CAT, "no content: a null document", T("--- ~\n"), O_NONE, EPARSE, "empty catalog", 1, 1, NULL},
    {CAT, "no content: a byte-order mark", T("\xEF\xBB\xBF"), O_NONE, EPARSE, "empty catalog", 1, 1, NULL},
    {CAT, "an empty mapping is not a catalog", T("{}\n"), O_NONE, EPARSE, "missing required key 'version'",
     1, 1, NULL},

    {CAT, "two documents", T("version: 1\n---\nversion: 1\n"), O_NONE, EPARSE,
     "more than one YAML document", 2, 1, NULL},
    {CAT, "a list at the top", T("- version: 1\n"), O_NONE, EPARSE,
     "a catalog must be a mapping, not a list", 1, 1, NULL},
    {CAT, "version 2", T("version: 2\n"), O_NONE, ACCELSEL_EVERSION, "catalog version 2 is not supported",
     1, 10, NULL},
    {CAT, "100 MB of notes, then a bad figure", G(gen_notes_100m), O_NONE, EPARSE,
     "'tdp_w' must be positive, not -1", 8, 12, NULL},
    {CAT, "NULL data with a length", NULL_DATA, O_NONE, EINVAL, "data is NULL", 0, 0, NULL},

    /* ---- Network: graph (NET_H: layers from line 5) ---- */
    {NET, "a cycle of two", T(NET_H "  - {name: a, kind: add, inputs: [x, b]}\n  - {name: b, kind: flatten, inputs: [a]}\n"),
     O_NONE, EPARSE, "cycle: layer 'b' depends on its own output", 6, 5, NULL},
    {NET, "unknown input", T(NET_H "  - {name: a, kind: flatten, inputs: [y]}\n"), O_NONE, EPARSE,
     "layer 'a': unknown input 'y'", 5, 39, NULL},
    {NET, "duplicate layer name", T(NET_H "  - {name: a, kind: flatten, inputs: [x]}\n  - {name: a, kind: flatten, inputs: [x]}\n"),
     O_NONE, EPARSE, "duplicate layer name 'a' (first at line 5)", 6, 5, NULL},
    {NET, "no layers", T("name: t\ninputs:\n  - {name: x, shape: [1]}\nlayers: []\n"), O_NONE, EPARSE,
     "'layers' is empty", 4, 9, NULL},
    {NET, "unknown layer kind", T(NET_H "  - {name: a, kind: conv3d, inputs: [x]}\n"), O_NONE, EPARSE,
     "unknown layer kind 'conv3d'", 5, 21, NULL},
    {NET, "an add of one input", T(NET_H "  - {name: a, kind: add, inputs: [x]}\n"), O_NONE, EPARSE,
     "add 'a' takes at least 2 inputs, not 1", 5, 5, NULL},
    /* ---- Network: shapes ---- */
    {NET, "negative dimension", T(NET_IN("-3")), O_NONE, EPARSE, "'shape' = -3 is outside [1, 2147483647]",
     3, 23, NULL},
    {NET, "zero dimension", T(NET_IN("3, 0")), O_NONE, EPARSE, "'shape' = 0 is outside", 3, 26, NULL},
    {NET, "dimension 2^40", T(NET_IN("1099511627776")), O_NONE, EPARSE,
     "'shape' = 1099511627776 is outside [1, 2147483647]", 3, 23, NULL},
    {NET, "five dimensions", T(NET_IN("1, 1, 1, 1, 1")), O_NONE, EPARSE,
     "'shape' must have 1 to 4 dimensions, not 5", 3, 22, NULL},
    /* (2^31 - 1)^4 elements overflow 64 bits: the input's map starts at column 5. */
    {NET, "elements overflow 64 bits", T(NET_IN("2147483647, 2147483647, 2147483647, 2147483647")),
     O_NONE, ACCELSEL_ERANGE, "input 'x': counts overflow 64 bits", 3, 5, NULL},
    {NET, "kernel larger than the input", T(NET_H "  - {name: a, kind: conv2d, inputs: [x], out_channels: 4, kernel: 9}\n"),
     O_NONE, EPARSE, "kernel 9x9 (dilation 1x1) does not fit the padded input 8x8", 5, 5, NULL},
    {NET, "stride of 2^31", T(NET_H "  - {name: a, kind: conv2d, inputs: [x], out_channels: 4, kernel: 3, stride: 2147483648}\n"),
     O_NONE, EPARSE, "'stride' = 2147483648 is outside [1, 2147483647]", 5, 78, NULL},
    {NET, "heads that do not divide the width",
     T("name: t\ninputs:\n  - {name: x, shape: [4, 10]}\nlayers:\n  - {name: a, kind: attention, inputs: [x], heads: 3}\n"),
     O_NONE, EPARSE, "heads", 5, 5, NULL},
    {NET, "concat axis out of range", T(NET_H "  - {name: a, kind: concat, inputs: [x, x], axis: 4}\n"),
     O_NONE, EPARSE, "'axis' = 4 is outside [0, 3]", 5, 51, NULL},
    /* ---- Parallel plans (--plan) ---- */
    {PLAN, "unknown key, with the closest", T("tp=8,pq=2"), O_NONE, EPARSE,
     "column 6: unknown key 'pq' (closest: 'pp'", 0, 0, NULL},
    {PLAN, "a degree of 0", T("tp=0"), O_NONE, EPARSE,
     "'0' is not a whole number from 1 to 4294967295 for 'tp'", 0, 0, NULL},
    {PLAN, "a degree past 32 bits", T("dp=4294967296"), O_NONE, EPARSE,
     "'4294967296' is not a whole number", 0, 0, NULL},
    {PLAN, "a key given twice", T("tp=2,mbs=1,tp=4"), O_NONE, EPARSE,
     "column 12: 'tp' is given twice", 0, 0, NULL},
    {PLAN, "a word no key takes", T("recompute=most"), O_NONE, EPARSE,
     "'most' is no value of 'recompute'", 0, 0, NULL},
    {PLAN, "a term without '='", T("tp8"), O_NONE, EPARSE, "'tp8' is not KEY=VALUE", 0, 0, NULL},
    {PLAN, "an empty plan", T(""), O_NONE, EPARSE, "'' is not KEY=VALUE", 0, 0, NULL},
    {PLAN, "a term of 64 bytes",
     T("tp=0000000000000000000000000000000000000000000000000000000000001"), O_NONE, EPARSE,
     "a term longer than 63 bytes", 0, 0, NULL},
    /* ---- Configuration files (config.json) ---- */
    {HF, "unknown model family", T("{\"model_type\": \"t5\"}"), O_NONE, EPARSE,
     "unknown model_type 't5'", 1, 16, NULL},
    {HF, "billion laughs in JSON's YAML reader", T(LAUGHS), O_NONE, EPARSE,
     "document too large: more than 6672 nodes", 4, 20, NULL},
    {HF, "heads that do not divide the hidden size",
     T("{\"model_type\": \"llama\", \"hidden_size\": 96, \"num_hidden_layers\": 2,\n"
       " \"num_attention_heads\": 5, \"intermediate_size\": 8, \"vocab_size\": 10,\n"
       " \"max_position_embeddings\": 16}"), O_NONE, EPARSE,
     "'num_attention_heads' = 5 does not divide 'hidden_size' = 96", 2, 25, NULL},
    {HF, "a vocabulary of 0",
     T("{\"model_type\": \"gpt2\", \"n_layer\": 1, \"n_embd\": 8, \"n_head\": 2,\n"
       " \"vocab_size\": 0, \"n_positions\": 4}"), O_NONE, EPARSE,
     "'vocab_size' = 0 is outside [1, 2147483647]", 2, 16, NULL},
    {HF, "layers beyond 31 bits",
     T("{\"model_type\": \"gpt2\", \"n_layer\": 1e300, \"n_embd\": 8}"), O_NONE, EPARSE,
     "'n_layer' must be an integer, not '1e300'", 1, 35, NULL},
    {HF, "a surrogate pair in a string (not read)",
     T("{\"model_type\": \"gpt2\", \"_name_or_path\": \"\\ud83d\\ude00\"}"), O_NONE, EPARSE,
     "invalid Unicode character escape code", 1, 44, NULL},
    {HF, "a NUL in the name", T("{\"model_type\": \"gpt2\", \"n_layer\": 1, \"n_embd\": 8, "
       "\"n_head\": 2, \"vocab_size\": 4, \"n_positions\": 4, \"_name_or_path\": \"a\\0b\"}"),
     O_NONE, EPARSE, "'_name_or_path' contains a NUL byte", 1, 116, NULL},
    {HF, "NULL data with a length", NULL_DATA, O_NONE, EINVAL, "invalid argument 'data'", 0, 0,
     NULL},

    /* ---- Network: YAML and options ---- */
    {NET, "billion laughs", T(LAUGHS), O_NONE, EPARSE, "document too large: more than 6672 nodes", 4,
     20, NULL},
    /* Nodes: root, name, t, inputs, list, map, name, x, shape, list: ten; "1" is the 11th. */
    {NET, "max_yaml_nodes 10", T("name: t\ninputs:\n  - {name: x, shape: [1, 2, 3]}\n"), O_NET_NODES_10,
     EPARSE, "more than 10 nodes", 3, 23, NULL},
    {NET, "10000 nested lists", G(gen_net_deep), O_NONE, EPARSE, "nesting deeper than 256 levels", 2,
     264, NULL},
    {NET, "empty document", T(""), O_NONE, EPARSE, "empty network description", 1, 1, NULL},
    {NET, "no content: '---' alone", T("---\n"), O_NONE, EPARSE, "empty network description", 1, 1, NULL},
    {NET, "byte-order mark, then an error (as without it)",
     T("\xEF\xBB\xBF" NET_H "  - {name: a, kind: concat, inputs: [x, x], axis: 4}\n"), O_NONE, EPARSE,
     "'axis' = 4 is outside [0, 3]", 5, 51, NULL},
    {NET, "a name with a NUL", T("name: \"t\\0\"\ninputs: [x]\n"), O_NONE, EPARSE,
     "'name' contains a NUL byte", 1, 7, NULL},
    {NET, "a NUL in a top-level key",
     T("name: t\ninputs:\n  - {name: x, shape: [3, 8, 8]}\n\"layers\\0z\":\n"
       "  - {name: a, kind: flatten, inputs: [x]}\n"),
     O_NONE, EPARSE, "key 'layers\\0...' contains a NUL byte", 4, 1, NULL},
    /* "  - {name: x, " is 14 bytes. */
    {NET, "a NUL in an input's key",
     T("name: t\ninputs:\n  - {name: x, \"shape\\0\": [3, 8, 8]}\nlayers:\n"
       "  - {name: a, kind: flatten, inputs: [x]}\n"),
     O_NONE, EPARSE, "key 'shape\\0' contains a NUL byte", 3, 15, NULL},
    /* "  - {name: a, kind: flatten, " is 29 bytes. */
    {NET, "a NUL in a layer's key", T(NET_H "  - {name: a, kind: flatten, \"inputs\\0\": [x]}\n"), O_NONE,
     EPARSE, "key 'inputs\\0' contains a NUL byte", 5, 30, NULL},
    {NET, "bytes_per_element 9", T("name: t\n"), O_NET_BPE_9, EINVAL, "bytes_per_element 9 is not 1..8",
     0, 0, NULL},
    {NET, "bytes_per_element 0", T("name: t\n"), O_NET_BPE_0, EINVAL, "bytes_per_element 0 is not 1..8",
     0, 0, NULL},
    {NET, "options version 0", T("name: t\n"), O_NET_VERSION_0, ACCELSEL_EVERSION,
     "unknown options version 0", 0, 0, NULL},
    {NET, "100 add layers of 30000 inputs (an alias)", G(gen_wide_adds), O_NONE, 0, NULL, 0, 0,
     check_wide_adds},
    {NET, "a cycle through a layer of 50001 inputs", G(gen_wide_cycle), O_NONE, EPARSE,
     "cycle: layer 'a' depends on its own output", 50004, 5, NULL},

    /* ---- Cluster model ---- */
    {MODEL, "a valid model", T(MODEL_OK), O_NONE, 0, NULL, 0, 0, check_model},
    {MODEL, "a valid model after a byte-order mark", T("\xEF\xBB\xBF" MODEL_OK), O_NONE, 0, NULL, 0, 0,
     check_model},
    {MODEL, "no content: only a comment", T("# a model\n"), O_NONE, EPARSE, "empty cluster model", 1, 1,
     NULL},
    {MODEL, "k = 0", T(M_HEAD "k: 0\ndim: 2\nn_rows: 4\n" M_SCORES M_CEN M_ORIG M_LABELS M_PROF),
     O_NONE, EPARSE, "'k' = 0 is outside [1, 4294967295]", 4, 4, NULL},
    {MODEL, "k = 3 with two centroids", T(M_HEAD "k: 3\ndim: 2\nn_rows: 4\n" M_SCORES M_CEN M_ORIG M_LABELS M_PROF),
     O_NONE, EPARSE, "'centroids' has 2 values; expected 3", 13, 3, NULL},
    {MODEL, "a centroid of three values", T(M_HEAD M_SIZES M_SCORES "centroids:\n  - [10, 10.5]\n  - [0, 0.5, 1]\n" M_ORIG M_LABELS M_PROF),
     O_NONE, EPARSE, "'centroids' has 3 values; expected 2", 14, 5, NULL},
    /* A fitted model's centroids are finite; a NaN one would make every prediction meaningless. */
    {MODEL, "NaN centroid", T(M_HEAD M_SIZES M_SCORES "centroids:\n  - [10, nan]\n  - [0, 0.5]\n" M_ORIG M_LABELS M_PROF),
     O_NONE, EPARSE, "'centroids' must be finite, not 'nan'", 13, 10, NULL},
    {MODEL, "infinite centroid", T(M_HEAD M_SIZES M_SCORES "centroids:\n  - [10, 10.5]\n  - [-inf, 0.5]\n" M_ORIG M_LABELS M_PROF),
     O_NONE, EPARSE, "'centroids' must be finite, not '-inf'", 14, 6, NULL},
    {MODEL, "negative n_rows", T(M_HEAD "k: 2\ndim: 2\nn_rows: -4\n" M_SCORES M_CEN M_ORIG M_LABELS M_PROF),
     O_NONE, EPARSE, "'n_rows' = -4 is outside [2, 9223372036854775807]", 6, 9, NULL},
    {MODEL, "n_rows 10^18 with four labels", T(M_HEAD "k: 2\ndim: 2\nn_rows: 1000000000000000000\n" M_SCORES M_CEN M_ORIG M_LABELS M_PROF),
     O_NONE, EPARSE, "'labels' has 4 values; expected 1000000000000000000", 18, 9, NULL},
    {MODEL, "a label of a cluster that is not there", T(M_HEAD M_SIZES M_SCORES M_CEN M_ORIG "labels: [1, 1, 0, 2]\n" M_PROF),
     O_NONE, EPARSE, "'labels' = 2 is outside [0, 1]", 18, 19, NULL},
    {MODEL, "negative n_iter", T(M_HEAD M_SIZES "n_iter: -1\ninertia: 1\nsilhouette: 0.9\ncalinski_harabasz: 400\ndavies_bouldin: 0.07\n" M_CEN M_ORIG M_LABELS M_PROF),
     O_NONE, EPARSE, "'n_iter' = -1 is outside [0, 4294967295]", 7, 9, NULL},
    {MODEL, "truncated after the first centroid", T(M_HEAD M_SIZES M_SCORES "centroids:\n  - [10, 10.5]\n"),
     O_NONE, EPARSE, "missing required key 'labels'", 1, 1, NULL},
    {MODEL, "truncated inside a list", T(M_HEAD M_SIZES M_SCORES "centroids:\n  - [10, 10.5"), O_NONE,
     EPARSE, "did not find expected ',' or ']'", 13, 14, NULL},
    {MODEL, "another format", T("format: accelsel-catalog\nversion: 1\n"), O_NONE, EPARSE,
     "not a cluster model: format 'accelsel-catalog'", 1, 9, NULL},
    {MODEL, "version 2", T("format: accelsel-cluster-model\nversion: 2\n"), O_NONE, ACCELSEL_EVERSION,
     "unknown cluster model version 2", 2, 10, NULL},
    {MODEL, "merges in a k-means model", T(MODEL_OK "merges: []\n"), O_NONE, EPARSE,
     "'merges' belongs to Ward models only", 22, 9, NULL},
    {MODEL, "a profile column twice", T(M_HEAD M_SIZES M_SCORES M_CEN M_ORIG M_LABELS M_PROF
                                        "  - {name: size, type: numeric, values: [2, 2]}\n"),
     O_NONE, EPARSE, "profile column 'size' appears twice", 22, 5, NULL},
    {MODEL, "a NUL in a top-level key (not 'k')",
     T(M_HEAD "\"k\\0\": 2\ndim: 2\nn_rows: 4\n" M_SCORES M_CEN M_ORIG M_LABELS M_PROF), O_NONE, EPARSE,
     "key 'k\\0' contains a NUL byte", 4, 1, NULL},
    /* "  - {name: cluster, " is 20 bytes. */
    {MODEL, "a NUL in a profile's key",
     T(M_HEAD M_SIZES M_SCORES M_CEN M_ORIG M_LABELS
       "profiles:\n  - {name: cluster, \"type\\0\": numeric, values: [0, 1]}\n"
       "  - {name: size, type: numeric, values: [2, 2]}\n"),
     O_NONE, EPARSE, "key 'type\\0' contains a NUL byte", 20, 21, NULL},
    {MODEL, "billion laughs", T(LAUGHS), O_NONE, EPARSE, "document too large: more than 6672 nodes", 4,
     20, NULL},

    /* ---- Filter expressions (fixture: gpu,n,t with 3 rows) ---- */
    {FILTER, "no '='", T("n"), O_NONE, EPARSE, "'n' is not COL=VALUE or COL=MIN..MAX (no '=')", 0, 0,
     NULL},
    {FILTER, "no column", T("=1"), O_NONE, EPARSE, "(empty column name)", 0, 0, NULL},
    {FILTER, "unbalanced parenthesis", T("(n=1"), O_NONE, ACCELSEL_ENOTFOUND, "no column '(n'", 0, 0,
     NULL},
    /* Quoted user text is cut (to 64 bytes and "...") so that the rest of the
     * message survives; a name that long has no useful suggestion. */
    {FILTER, "100000 parentheses", G(gen_parens), O_NONE, ACCELSEL_ENOTFOUND,
     "no column '((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((...' (closest: 'gpu')",
     0, 0,
     NULL},
    {FILTER, "an operator the syntax does not have", T("n>=1"), O_NONE, ACCELSEL_ENOTFOUND,
     "no column 'n>' (closest: 'n')", 0, 0, NULL},
    {FILTER, "unknown column", T("speed=1"), O_NONE, ACCELSEL_ENOTFOUND, "no column 'speed'", 0, 0,
     NULL},
    {FILTER, "1e999", T("n=1e999"), O_NONE, ACCELSEL_ERANGE, "'1e999' overflows a double", 0, 0, NULL},
    {FILTER, "a bound of 1e999", T("t=..1e999"), O_NONE, ACCELSEL_ERANGE,
     "range bound '1e999' overflows a double", 0, 0, NULL},
    {FILTER, "a number of 100000 digits", G(gen_long_number), O_NONE, ACCELSEL_ERANGE,
     "overflows a double", 0, 0, NULL},
    {FILTER, "not a number", T("n=abc"), O_NONE, EINVAL, "'abc' is not a number (column 'n' is numeric)",
     0, 0, NULL},
    {FILTER, "nan", T("n=nan"), O_NONE, EINVAL, "'nan' is not a number", 0, 0, NULL},
    {FILTER, "a range the wrong way round", T("n=5..1"), O_NONE, EINVAL, "invalid range [5, 1]", 0, 0,
     NULL},
    {FILTER, "three dots", T("n=1..2..3"), O_NONE, EINVAL, "range bound '2..3' is not a number", 0, 0,
     NULL},
    {FILTER, "a range of a text column is a value", T("gpu=..*"), O_NONE, 0, NULL, 0, 0, NULL},
    {FILTER, "both bounds open", T("n=.."), O_NONE, 0, NULL, 0, 0, check_all_rows},

    /* ---- Criteria (source "<criteria>", line 1, column = byte offset + 1) ---- */
    {CRITERIA, "empty", T(""), O_NONE, EPARSE, "no criteria", 1, 1, NULL},
    {CRITERIA, "blanks only", T(" \t "), O_NONE, EPARSE, "no criteria", 1, 1, NULL},
    {CRITERIA, "unknown direction", T("t:1:fast"), O_NONE, EPARSE, "direction 'fast' is not benefit or cost",
     1, 5, NULL},
    {CRITERIA, "negative weight", T("t:-1:cost"), O_NONE, EINVAL, "weight '-1' is negative", 1, 3, NULL},
    {CRITERIA, "NaN weight", T("t:nan:cost"), O_NONE, EPARSE, "weight 'nan' is not a number", 1, 3, NULL},
    {CRITERIA, "infinite weight", T("t:inf:cost"), O_NONE, EINVAL, "weight 'inf' is infinite", 1, 3, NULL},
    {CRITERIA, "weight 1e999", T("n:1:cost, t:1e999:cost"), O_NONE, ACCELSEL_ERANGE,
     "weight '1e999' is out of range", 1, 13, NULL},
    {CRITERIA, "empty item", T("t:1:cost,,n:1:cost"), O_NONE, EPARSE, "empty criterion", 1, 10, NULL},
    {CRITERIA, "missing field", T("t:1"), O_NONE, EPARSE, "criterion 't:1' is not COLUMN:WEIGHT:benefit|cost",
     1, 1, NULL},
    {CRITERIA, "no column", T(":1:cost"), O_NONE, EPARSE, "empty column name", 1, 1, NULL},
    {CRITERIA, "no weight", T("t::cost"), O_NONE, EPARSE, "weight '' is not a number", 1, 3, NULL},
    {CRITERIA, "100000 items and a trailing comma", G(gen_criteria_100k), O_NONE, EPARSE,
     "empty criterion", 1, 900001, NULL},
    /* ---- Ranking (TOPSIS on the fixture, criteria parsed first) ---- */
    {RANK, "a column twice", T("t:1:cost,t:2:benefit"), O_NONE, EINVAL,
     "criteria[1].column: column 't' is already criteria[0]", 0, 0, NULL},
    {RANK, "every weight zero", T("t:0:cost,n:0:cost"), O_NONE, EINVAL, "every weight is zero", 0, 0,
     NULL},
    {RANK, "a text column", T("gpu:1:cost"), O_NONE, ACCELSEL_ETYPE, "column 'gpu' is categorical", 0, 0,
     NULL},
    {RANK, "an unknown column", T("speed:1:cost"), O_NONE, ACCELSEL_ENOTFOUND, "no column 'speed'", 0, 0,
     NULL},
    {METHOD, "upper case", T("TOPSIS"), O_NONE, ACCELSEL_ENOTFOUND, "unknown ranking method 'TOPSIS'", 0,
     0, NULL},
    {METHOD, "empty", T(""), O_NONE, ACCELSEL_ENOTFOUND, "unknown ranking method ''", 0, 0, NULL},
    {METHOD, "a trailing line end", T("wsum\n"), O_NONE, ACCELSEL_ENOTFOUND, "unknown ranking method", 0,
     0, NULL},
    {ZOO, "unknown model", T("resnet"), O_NONE, ACCELSEL_ENOTFOUND, "no zoo network named 'resnet'", 0, 0,
     NULL},
    {ZOO, "upper case", T("ResNet50"), O_NONE, ACCELSEL_ENOTFOUND, "no zoo network named 'ResNet50'", 0,
     0, NULL},
    {ZOO, "empty name", T(""), O_NONE, ACCELSEL_ENOTFOUND, "no zoo network named ''", 0, 0, NULL},
    {ZOO, "a 100000-byte name", G(gen_long_zoo_name), O_NONE, ACCELSEL_ENOTFOUND,
     "no zoo network named 'resnet555", 0, 0, NULL},
    {BENCH, "a dataset's name", T("mlperf-training-gpt3"), O_NONE, ACCELSEL_ENOTFOUND,
     "no MLPerf Training benchmark 'mlperf-training-gpt3' (closest: 'gpt3'", 0, 0, NULL},
    {BENCH, "upper case", T("GPT3"), O_NONE, ACCELSEL_ENOTFOUND,
     "no MLPerf Training benchmark 'GPT3' (closest: 'gpt3'", 0, 0, NULL},
    {BENCH, "empty name", T(""), O_NONE, ACCELSEL_ENOTFOUND, "no MLPerf Training benchmark ''", 0,
     0, NULL},
    {BENCH, "a trailing line end", T("bert\n"), O_NONE, ACCELSEL_ENOTFOUND,
     "no MLPerf Training benchmark 'bert", 0, 0, NULL},
    {BENCH, "a 100000-byte name", G(gen_long_benchmark_name), O_NONE, ACCELSEL_ENOTFOUND,
     "no MLPerf Training benchmark 'gpt333", 0, 0, NULL},
    {BENCH, "a known one", T("ncf"), O_NONE, 0, NULL, 0, 0, NULL},

    /* ---- Counts (k-means of {0}, {0,1}, {10,10}, {10,11}) ---- */
    {FIT, "k = 0", T("k=0"), O_NONE, EINVAL, "k = 0 must be >= 1", 0, 0, NULL},
    {FIT, "k above the rows", T("k=5"), O_NONE, EINVAL, "k = 5 exceeds the 4 rows", 0, 0, NULL},
    {FIT, "k = UINT32_MAX", T("k=4294967295"), O_NONE, EINVAL, "k = 4294967295 exceeds the 4 rows", 0, 0,
     NULL},
    {FIT, "k above the distinct rows", T("k=3,same=1"), O_NONE, ACCELSEL_EDATA,
     "k = 3 exceeds the 2 distinct rows", 0, 0, NULL},
    {FIT, "no rows", T("n=0"), O_NONE, ACCELSEL_EEMPTY, "no rows to cluster", 0, 0, NULL},
    {FIT, "no columns", T("d=0"), O_NONE, EINVAL, "d is 0", 0, 0, NULL},
    {FIT, "n_init = 0", T("n_init=0"), O_NONE, EINVAL, "n_init is 0", 0, 0, NULL},
    {FIT, "max_iter = 0", T("max_iter=0"), O_NONE, EINVAL, "max_iter is 0", 0, 0, NULL},
    {FIT, "tol = NaN", T("tol=nan"), O_NONE, EINVAL, "must be finite and >= 0", 0, 0, NULL},
    {FIT, "tol = -1", T("tol=-1"), O_NONE, EINVAL, "tol = -1 must be finite and >= 0", 0, 0, NULL},
    {FIT, "silhouette_max = 1", T("silhouette_max=1"), O_NONE, EINVAL, "silhouette_max = 1 must be >= 2",
     0, 0, NULL},
    {FIT, "an unknown algorithm", T("algorithm=3"), O_NONE, EINVAL, "unknown algorithm 3", 0, 0, NULL},
    {FIT, "a NaN in the data", T("nan_at=3"), O_NONE, ACCELSEL_EDATA, "row 1 column 1 is NaN", 0, 0, NULL},
    {FIT, "n_threads = UINT32_MAX", T("n_threads=4294967295"), O_NONE, 0, NULL, 0, 0, check_two_clusters},

    /* ---- Files (a temporary directory; "@..." names a special path) ---- */
    {CSV_FILE, "no such file", T("@missing"), O_NONE, ACCELSEL_EIO, "No such file or directory", 0, 0,
     NULL},
    {CSV_FILE, "a directory", T("@dir"), O_NONE, ACCELSEL_EIO, "Is a directory", 0, 0, NULL},
    {CSV_FILE, "/dev/null", T("@/dev/null"), O_NONE, EPARSE, "no header: the input is empty", 1, 1, NULL},
    {CSV_FILE, "an empty file", T(""), O_NONE, EPARSE, "no header", 1, 1, NULL},
    {CSV_FILE, "a NUL byte, reported with the path", T("a\n1\0\n"), O_NONE, EPARSE, "NUL byte in input", 2,
     2, NULL},
    {CAT_FILE, "no such file", T("@missing"), O_NONE, ACCELSEL_EIO, "No such file or directory", 0, 0, NULL},
    {CAT_FILE, "a directory", T("@dir"), O_NONE, ACCELSEL_EIO, "Is a directory", 0, 0, NULL},
    {CAT_FILE, "/dev/null: no content", T("@/dev/null"), O_NONE, EPARSE, "empty catalog", 1, 1, NULL},
    {CAT_FILE, "/dev/zero: stops at the first NUL", T("@/dev/zero"), O_NONE, EPARSE,
     "control characters are not allowed at byte 0", 1, 1, NULL},
    {CSV_FILE, "/dev/zero: stops at the first NUL", T("@/dev/zero"), O_NONE, EPARSE, "NUL byte in input",
     1, 1, NULL},
    {NET_FILE, "/dev/zero: stops at the first NUL", T("@/dev/zero"), O_NONE, EPARSE,
     "control characters are not allowed at byte 0", 1, 1, NULL},
    {MODEL_FILE, "/dev/zero: stops at the first NUL", T("@/dev/zero"), O_NONE, EPARSE,
     "control characters are not allowed at byte 0", 1, 1, NULL},
    {CAT_FILE, "billion laughs, reported with the path", T(LAUGHS), O_NONE, EPARSE,
     "document too large: more than 6672 nodes", 4, 20, NULL},
    {NET_FILE, "no such file", T("@missing"), O_NONE, ACCELSEL_EIO, "No such file or directory", 0, 0, NULL},
    {NET_FILE, "a directory", T("@dir"), O_NONE, ACCELSEL_EIO, "Is a directory", 0, 0, NULL},
    {NET_FILE, "/dev/null", T("@/dev/null"), O_NONE, EPARSE, "empty network description", 1, 1, NULL},
    {NET_FILE, "an empty file", T(""), O_NONE, EPARSE, "empty network description", 1, 1, NULL},
    {MODEL_FILE, "no such file", T("@missing"), O_NONE, ACCELSEL_EIO, "No such file or directory", 0, 0,
     NULL},
    {MODEL_FILE, "a directory", T("@dir"), O_NONE, ACCELSEL_EIO, "Is a directory", 0, 0, NULL},
    {MODEL_FILE, "/dev/null", T("@/dev/null"), O_NONE, EPARSE, "empty cluster model", 1, 1, NULL},
    /* ---- Mapping files ---- */
    {MAP, "billion laughs", T(LAUGHS), O_NONE, EPARSE, "document too large: more than 6672 nodes", 4,
     20, NULL},
    {MAP, "an empty document", T(""), O_NONE, EPARSE, "empty mapping file", 1, 1, NULL},
    {MAP, "a list, not a map", T("- 1\n"), O_NONE, EPARSE, "a mapping", 1, 1, NULL},
    {MAP, "version 2", T("version: 2\n"), O_NONE, ACCELSEL_EVERSION, "version 2", 1, 10, NULL},
    {MAP, "unknown slot", T(MAP_H "  - {slot: 7, design: t4}\nlayers: []\n"), O_NONE, EPARSE,
     "unknown slot 7: the system has 2 slots", 3, 12, NULL},
    {MAP, "slot index past 64 bits", T(MAP_H "  - {slot: 99999999999999999999, design: t4}\nlayers: []\n"),
     O_NONE, EPARSE, "slot", 3, 12, NULL},
    {MAP, "negative slot", T(MAP_H "  - {slot: -1, design: t4}\nlayers: []\n"), O_NONE, EPARSE,
     "slot", 3, 12, NULL},
    {MAP, "unknown design", T(MAP_H "  - {slot: 0, design: t16}\nlayers: []\n"), O_NONE, EPARSE,
     "unknown design 't16'", 3, 23, NULL},
    {MAP, "a design outside the slot's pool", T(MAP_H "  - {slot: 1, design: t8}\nlayers: []\n"),
     O_NONE, EPARSE, "design 't8' is not in the pool of slot 1", 3, 23, NULL},
    {MAP, "unknown layer", T(MAP_S "  - {name: c9, slots: [0]}\n"), O_NONE, EPARSE,
     "unknown layer 'c9'", 6, 12, NULL},
    {MAP, "a layer on slot 64", T(MAP_S "  - {name: c1, slots: [64]}\n"), O_NONE, EPARSE,
     "unknown slot 64", 6, 24, NULL},
    {MAP, "a layer missing", T(MAP_S "  - {name: c1, slots: [0]}\n"), O_NONE, EPARSE,
     "layer 'c2' is not mapped", 6, 3, NULL},
    {MAP, "a strategy that is not one", T(MAP_S "  - {name: c1, slots: [0], strategy: 7}\n"), O_NONE,
     EPARSE, "unknown strategy '7'", 6, 38, NULL},
    {MAP, "slots as a map", T(MAP_S "  - {name: c1, slots: {a: 1}}\n"), O_NONE, EPARSE, "slots", 6, 23,
     NULL},
    {MAP, "a NUL byte in a name", T(MAP_S "  - {name: \"c\\0\", slots: [0]}\n"), O_NONE, EPARSE, "name",
     6, 12, NULL},
    {MAP, "both layers mapped", T(MAP_S "  - {name: c1, slots: [0]}\n  - {name: c2, slots: [1]}\n"),
     O_NONE, 0, NULL, 0, 0, NULL},
    {MAP, "a NUL in a top-level key",
     T("\"version\\0\": 1\nslots:\n  - {slot: 0, design: t4}\n  - {slot: 1, design: t4}\nlayers:\n"
       "  - {name: c1, slots: [0]}\n  - {name: c2, slots: [1]}\n"),
     O_NONE, EPARSE, "key 'version\\0' contains a NUL byte", 1, 1, NULL},
    /* "  - {slot: 0, " is 14 bytes. */
    {MAP, "a NUL in a slot's key",
     T(MAP_H "  - {slot: 0, \"design\\0x\": t4}\n  - {slot: 1, design: t4}\nlayers:\n"
       "  - {name: c1, slots: [0]}\n  - {name: c2, slots: [1]}\n"),
     O_NONE, EPARSE, "key 'design\\0...' contains a NUL byte", 3, 15, NULL},
    /* "  - {name: c1, " is 15 bytes. */
    {MAP, "a NUL in a layer's key", T(MAP_S "  - {name: c1, \"slots\\0\": [0]}\n  - {name: c2, slots: [1]}\n"),
     O_NONE, EPARSE, "key 'slots\\0' contains a NUL byte", 6, 16, NULL},
    {MAP_FILE, "no such file", T("@missing"), O_NONE, ACCELSEL_EIO, "No such file or directory", 0, 0, NULL},
    {MAP_FILE, "/dev/null", T("@/dev/null"), O_NONE, EPARSE, "empty mapping file", 1, 1, NULL},
    /* Predictor parameter files (docs/predictor.md, "Parameter file"). */
    {PARAMS, "empty input", T(""), O_NONE, EPARSE, "empty predictor parameter file", 1, 1, NULL},
    {PARAMS, "a list at the top", T("- 1\n"), O_NONE, EPARSE,
     "parameter file must be a mapping, not a list", 1, 1, NULL},
    {PARAMS, "unknown key, at the key", T(P_FORMAT "extra: 1\n"), O_NONE, EPARSE,
     "unknown key 'extra'", 2, 1, NULL},
    /* "format: " is 8 bytes: the value starts in column 9. */
    {PARAMS, "another format, at its value", T("format: x\n"), O_NONE, EPARSE,
     "not a predictor parameter file: format 'x'", 1, 9, NULL},
    /* "version: " is 9 bytes. */
    {PARAMS, "version 6, at its value", T(P_FORMAT "version: 6\n"), O_NONE, ACCELSEL_EVERSION,
     "unknown predictor parameter file version 6", 2, 10, NULL},
    /* A key of version 2 in a file of version 1, at the key. */
    {PARAMS, "a key newer than the version", T(P_FORMAT "version: 1\nsoftware_trend: 0\n"), O_NONE,
     EPARSE, "unknown key 'software_trend'", 3, 1, NULL},
    {PARAMS, "no kinds", T(P_HEAD), O_NONE, EPARSE, "missing required key 'kinds'", 1, 1, NULL},
    /* "kinds: " is 7 bytes. */
    {PARAMS, "kinds as a list", T(P_HEAD "kinds: []\n"), O_NONE, EPARSE,
     "kinds must be a mapping, not a list", 3, 8, NULL},
    {PARAMS, "an unknown device kind", T(P_HEAD "kinds: {tpu: {}}\n"), O_NONE, EPARSE,
     "unknown key 'tpu'", 3, 9, NULL},
    {PARAMS, "a whole file with a correction", T(P_FULL("{g: 2}", "{g: {2: 0.9}}")), O_NONE, 0, NULL, 0,
     0, NULL},
    {PARAMS, "a NUL in a top-level key (not 'kinds')", T(P_HEAD "\"kinds\\0\": {}\n"), O_NONE, EPARSE,
     "key 'kinds\\0' contains a NUL byte", 3, 1, NULL},
    /* "  cpu: {" is 8 bytes. */
    {PARAMS, "a NUL in a kind's key", T(P_HEAD "kinds:\n  cpu: {\"compute_eff\\0\": 0.5}\n"), O_NONE,
     EPARSE, "key 'compute_eff\\0' contains a NUL byte", 4, 9, NULL},
    /* "corrections: {" is 14 bytes: the key at 15. */
    {PARAMS, "a NUL in a correction's device (not 'g')", T(P_FULL("{\"g\\0x\": 2}", "{}")), O_NONE,
     EPARSE, "key 'g\\0...' contains a NUL byte", 13, 15, NULL},
    /* "count_corrections: {" is 20 bytes. */
    {PARAMS, "a NUL in a count correction's device", T(P_FULL("{}", "{\"g\\0\": {2: 0.9}}")), O_NONE,
     EPARSE, "key 'g\\0' contains a NUL byte", 14, 21, NULL},
    /* "count_corrections: {g: {" is 24 bytes. */
    {PARAMS, "a NUL in a count", T(P_FULL("{}", "{g: {\"2\\0\": 0.9}}")), O_NONE, EPARSE,
     "key '2\\0' contains a NUL byte", 14, 25, NULL},
    /* "  cpu: {compute_eff: " is 21 bytes. */
    {PARAMS, "an efficiency above 1, at the value", T(P_HEAD "kinds:\n  cpu: {compute_eff: 2}\n"),
     O_NONE, EPARSE, "'compute_eff' = 2 is outside [1e-06, 1]", 4, 22, NULL},
    {PARAMS, "an infinite efficiency", T(P_HEAD "kinds:\n  cpu: {compute_eff: inf}\n"), O_NONE, EPARSE,
     "'compute_eff' is not a finite number: 'inf'", 4, 22, NULL},
    {PARAMS, "a NaN efficiency: not a number to the reader", T(P_HEAD "kinds:\n  cpu: {compute_eff: nan}\n"),
     O_NONE, EPARSE, "'compute_eff' must be a number, not 'nan'", 4, 22, NULL},
    {PARAMS, "a quoted number", T(P_HEAD "kinds:\n  cpu: {compute_eff: \"0.5\"}\n"), O_NONE, EPARSE,
     "'compute_eff' must be a number", 4, 22, NULL},
    /* A tag of !!str makes a string, as quotes do. */
    {PARAMS, "a number tagged !!str", T(P_HEAD "kinds:\n  cpu: {compute_eff: !!str 0.5}\n"), O_NONE,
     EPARSE, "'compute_eff' must be a number", 4, 22, NULL},
    {PARAMS, "a number with the non-specific tag", T(P_HEAD "kinds:\n  cpu: {compute_eff: ! 0.5}\n"),
     O_NONE, EPARSE, "'compute_eff' must be a number", 4, 22, NULL},
    {PARAMS, "a field missing", T(P_HEAD "kinds:\n  cpu: {compute_eff: 0.5}\n"), O_NONE, EPARSE,
     "missing required key 'memory_eff'", 4, 8, NULL},
    /* A tile counts rows: the value starts in column 112. */
    {PARAMS, "a fractional tile size, at the value",
     T(P_HEAD "kinds:\n  cpu: {compute_eff: 0.5, memory_eff: 0.6, overhead_s: 0, comm_eff: 0.5, "
              "overlap: 0.5, cache_ratio: 4, tile_m: 6.5}\n"),
     O_NONE, EPARSE, "'tile_m' = 6.5 is not a whole number", 4, 112, NULL},
    {PARAMS, "billion laughs", T(LAUGHS), O_NONE, EPARSE, "document too large: more than 6672 nodes",
     4, 20, NULL},

    /* Step measurements (docs/step-measurements.md). In S_ROW the cells start
     * at bytes 1 (network), 11 (device), 13 (threads), 15 (batch), 18
     * (image_size), 21 (precision), 26 (framework), 35 (framework_version),
     * 40 (steps_timed), 42 (step_min_s), 47 (step_median_s), 52 (measured_at):
     * "small-cnn," is 10 bytes, "c," 2, "1," 2, "32," 3, "32," 3, "fp32," 5,
     * "pt-eager," 9, "1.13," 5, "5," 2, "0.04," 5, "0.05," 5. */
    {STEPS, "empty input", T(""), O_NONE, EPARSE, "no header: the input is empty", 1, 1, NULL},
    {STEPS, "a header alone", T(S_HEAD), O_NONE, ACCELSEL_EEMPTY, "no step rows after the header",
     0, 0, NULL},
    {STEPS, "a required column missing, at the header",
     T("network,device,threads,batch,image_size,precision,framework,framework_version,"
       "steps_timed,step_min_s,step_median_s\n"), O_NONE, EPARSE,
     "missing required column 'measured_at'", 1, 1, NULL},
    {STEPS, "one good row", T(S_HEAD S_ROW("small-cnn", "1", "32", "0.04", "0.05", "2025-06-01")),
     O_NONE, 0, NULL, 0, 0, check_one_step_row},
    {STEPS, "an unknown network, at its cell",
     T(S_HEAD S_ROW("small-cn", "1", "32", "0.04", "0.05", "2025-06-01")), O_NONE,
     ACCELSEL_ENOTFOUND, "no zoo network named 'small-cn' (closest: 'small-cnn')", 2, 1, NULL},
    {STEPS, "threads above the CPU's cores",
     T(S_HEAD S_ROW("small-cnn", "3", "32", "0.04", "0.05", "2025-06-01")), O_NONE,
     ACCELSEL_ERANGE, "column 'threads': 3 threads, more than the 2 cores of device 'c'", 2, 13,
     NULL},
    {STEPS, "an image size the network does not take",
     T(S_HEAD S_ROW("small-cnn", "1", "224", "0.04", "0.05", "2025-06-01")), O_NONE,
     ACCELSEL_EDATA, "224, but network 'small-cnn' takes input of side 32", 2, 18, NULL},
    {STEPS, "an infinite median",
     T(S_HEAD S_ROW("small-cnn", "1", "32", "0.04", "inf", "2025-06-01")), O_NONE,
     ACCELSEL_ERANGE, "a step time must be finite and above 0 seconds, not inf", 2, 47, NULL},
    {STEPS, "a minimum above the median, at the minimum",
     T(S_HEAD S_ROW("small-cnn", "1", "32", "0.06", "0.05", "2025-06-01")), O_NONE,
     ACCELSEL_EDATA, "the minimum 0.06 s is above the median 0.05 s", 2, 42, NULL},
    {STEPS, "30 February", T(S_HEAD S_ROW("small-cnn", "1", "32", "0.04", "0.05", "2025-02-30")),
     O_NONE, EPARSE, "'2025-02-30' is not an ISO 8601 date", 2, 52, NULL},
    {STEPS, "a framework without its stack",
     T(S_HEAD "small-cnn,c,1,32,32,fp32,pt,1.13,5,0.04,0.05,2025-06-01\n"), O_NONE, EPARSE,
     "column 'framework': 'pt' does not end in the stack it ran under", 2, 26, NULL},
    {STEPS, "text in a number column, on the second row",
     T(S_HEAD S_ROW("small-cnn", "1", "32", "0.04", "0.05", "2025-06-01")
       S_ROW("small-cnn", "one", "32", "0.04", "0.05", "2025-06-01")), O_NONE, EPARSE,
     "column 'threads': 'one' is not a number", 3, 13, NULL},

    /* The predictor on step tables (include/accelsel/steps.h): the columns
     * network, device, threads, batch, precision, framework, step_median_s
     * of a plain CSV. None of these errors has a position: the table is a
     * dataset, not the text. A row's failure names its number. */
    /* Cloud prices (include/accelsel/recommend.h). C_ROW's cells start at
     * columns 1, 3, 5, 7, 9, 11, 13 and 18 for one-character values. */
    {CLOUD, "empty input", T(""), O_NONE, EPARSE, "no header: the input is empty", 1, 1, NULL},
    {CLOUD, "a header alone", T(C_HEAD), O_NONE, ACCELSEL_EEMPTY, "no price rows after the header",
     0, 0, NULL},
    {CLOUD, "a required column missing, at the header",
     T("provider,instance,accelerator,usd_per_accelerator_hour,region,date,source\n"
       "p,i,g,2,r,2025,s\n"), O_NONE, EPARSE, "missing required column 'accelerators_per_instance'",
     1, 1, NULL},
    {CLOUD, "a text column missing, at the header",
     T("provider,accelerator,accelerators_per_instance,usd_per_accelerator_hour,region,date,"
       "source\np,g,1,2,r,2025,s\n"), O_NONE, EPARSE, "missing required column 'instance'",
     1, 1, NULL},
    {CLOUD, "one good row", T(C_HEAD C_ROW("i", "g", "1", "2", "2025-01-02")), O_NONE, 0, NULL, 0,
     0, NULL},
    {CLOUD, "an unknown accelerator, at its cell, with the nearest",
     T(C_HEAD C_ROW("i", "h", "1", "2", "2025")), O_NONE, ACCELSEL_ENOTFOUND,
     "column 'accelerator': no device 'h'; nearest: 'g'", 2, 5, NULL},
    {CLOUD, "a duplicate instance, naming the earlier line",
     T(C_HEAD C_ROW("i", "g", "1", "2", "2025") C_ROW("j", "g", "1", "2", "2025")
       C_ROW("i", "g", "8", "3", "2025")), O_NONE, ACCELSEL_EDATA,
     "instance 'i' of provider 'p' in region 'r' is already on line 2", 4, 3, NULL},
    {CLOUD, "text for a price",
     T(C_HEAD C_ROW("i", "g", "1", "two", "2025")), O_NONE, EPARSE,
     "column 'usd_per_accelerator_hour': 'two' is not a number", 2, 9, NULL},
    {CLOUD, "a price of 0", T(C_HEAD C_ROW("i", "g", "1", "0", "2025")), O_NONE, ACCELSEL_ERANGE,
     "0 is not a price above 0", 2, 9, NULL},
    {CLOUD, "half an accelerator an instance", T(C_HEAD C_ROW("i", "g", "0.5", "2", "2025")),
     O_NONE, ACCELSEL_ERANGE, "0.5 is not a whole number of accelerators", 2, 7, NULL},
    {CLOUD, "29 February 2023", T(C_HEAD C_ROW("i", "g", "1", "2", "2023-02-29")), O_NONE, EPARSE,
     "'2023-02-29' is not an ISO 8601 date", 2, 13, NULL},
    {CLOUD, "a quoted instance before a bad cell, counted as written",
     T(C_HEAD "p,\"i, \"\"x\"\"\",g,1,-1,r,2025,s\n"), O_NONE, ACCELSEL_ERANGE,
     "-1 is not a price above 0", 2, 18, NULL},
    {PSTEPS, "one eager row",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-eager", "0.05")),
     O_NONE, 0, NULL, 0, 0, check_one_predicted_step},
    {PSTEPS, "a row whose memory the device lacks",
     T(PS_HEAD PS_ROW("resnet50", "c", "1", "100000", "pytorch-eager", "0.05")), O_NONE, 0, NULL,
     0, 0, check_infeasible_step},
    /* A CSV column without values is numeric. */
    {PSTEPS, "a header alone", T(PS_HEAD), O_NONE, EINVAL,
     "step column 'network' is not categorical", 0, 0, NULL},
    {PSTEPS, "no step_median_s column",
     T("network,device,threads,batch,precision,framework\nsmall-cnn,c,1,32,fp32,pytorch-eager\n"),
     O_NONE, ACCELSEL_ENOTFOUND, "the step table has no column 'step_median_s'", 0, 0, NULL},
    {PSTEPS, "text in threads",
     T(PS_HEAD PS_ROW("small-cnn", "c", "one", "32", "pytorch-eager", "0.05")),
     O_NONE, EINVAL, "step column 'threads' is not numeric", 0, 0, NULL},
    {PSTEPS, "an unknown network",
     T(PS_HEAD PS_ROW("small-cn", "c", "1", "32", "pytorch-eager", "0.05")),
     O_NONE, ACCELSEL_ENOTFOUND, "step row 1: no zoo network named 'small-cn'", 0, 0, NULL},
    {PSTEPS, "a device the predictor's catalog lacks, on the second row",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-eager", "0.05")
       PS_ROW("small-cnn", "d", "1", "32", "pytorch-eager", "0.05")), O_NONE, ACCELSEL_ENOTFOUND,
     "step row 2: no device 'd'", 0, 0, NULL},
    {PSTEPS, "threads above the cores",
     T(PS_HEAD PS_ROW("small-cnn", "c", "3", "32", "pytorch-eager", "0.05")),
     O_NONE, ACCELSEL_ERANGE, "step row 1: 3 threads: device 'c' has 2 cores", 0, 0, NULL},
    {PSTEPS, "half a thread",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1.5", "32", "pytorch-eager", "0.05")),
     O_NONE, ACCELSEL_EDATA, "1.5 threads", 0, 0, NULL},
    {PSTEPS, "a framework without its stack",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pt", "0.05")),
     O_NONE, ACCELSEL_EDATA, "framework 'pt'", 0, 0, NULL},
    {PSTEPS, "a stack in capitals",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-Eager", "0.05")),
     O_NONE, ACCELSEL_EDATA, "framework 'pytorch-Eager'", 0, 0, NULL},
    {PSTEPS, "a step of 0 s", T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-eager", "0")),
     O_NONE, ACCELSEL_EDATA, "a step of 0 s", 0, 0, NULL},
    {PSTEPS, "an infinite step",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-eager", "inf")),
     O_NONE, ACCELSEL_EDATA, "a step of inf s", 0, 0, NULL},
    {ESTEPS, "two networks", T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-eager", "0.05")
                               PS_ROW("resnet18-cifar", "c", "2", "8", "pytorch-eager", "0.1")),
     O_NONE, 0, NULL, 0, 0, check_two_networks_evaluated},
    {ESTEPS, "tuned rows alone",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-tuned", "0.05")),
     O_NONE, 0, NULL, 0, 0, check_nothing_to_refit},
    {ESTEPS, "a missing network column",
     T("device,threads,batch,precision,framework,step_median_s\n"
                                           "c,1,32,fp32,pytorch-eager,0.05\n"),
     O_NONE, ACCELSEL_ENOTFOUND, "the step table has no column 'network'", 0, 0, NULL},
    {ESTEPS, "a device the predictor's catalog lacks, on the second row",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-eager", "0.05")
       PS_ROW("resnet18-cifar", "d", "1", "32", "pytorch-eager", "0.05")), O_NONE,
     ACCELSEL_ENOTFOUND, "step row 2: no device 'd'", 0, 0, NULL},
    {CSTEPS, "one eager row, far from the start",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-eager", "0.05")), O_NONE, 0, NULL, 0, 0,
     check_calibrated_closer},
    {CSTEPS, "tuned rows alone",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-tuned", "0.05")),
     O_NONE, ACCELSEL_EEMPTY, "no step row ran under the eager stack", 0, 0, NULL},
    {CSTEPS, "an unknown network after a good row",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-eager", "0.05")
       PS_ROW("small-cn", "c", "1", "32", "pytorch-eager", "0.05")), O_NONE, ACCELSEL_ENOTFOUND,
     "step row 2: no zoo network named 'small-cn'", 0, 0, NULL},
    {CSTEPS, "a wrong type: step_median_s as text",
     T(PS_HEAD PS_ROW("small-cnn", "c", "1", "32", "pytorch-eager", "fast")), O_NONE, EINVAL,
     "step column 'step_median_s' is not numeric", 0, 0, NULL},

    /* ---- Cluster files (docs/placement.md) against run_place()'s catalog.
     * PL's partitions start on line 3; "  - {" is 5 bytes, so a first
     * key is at column 6. */
    {PLACE, "an empty cluster", T(""), O_NONE, EPARSE, "empty cluster", 1, 1, NULL},
    {PLACE, "only a comment", T("# nothing\n"), O_NONE, EPARSE, "empty cluster", 1, 1, NULL},
    {PLACE, "version 2", T("version: 2\n"), O_NONE, ACCELSEL_EVERSION, "cluster version 2", 1, 10,
     NULL},
    {PLACE, "no version", T("now: 5\n"), O_NONE, EPARSE, "missing required key 'version'", 1, 1,
     NULL},
    {PLACE, "an unknown key at the top", T("version: 1\nnodes: 3\n"), O_NONE, EPARSE,
     "unknown key 'nodes'", 2, 1, NULL},
    {PLACE, "a negative clock", T("version: 1\nnow: -5\n"), O_NONE, EPARSE,
     "'now' = -5 is outside [0, ", 2, 6, NULL},
    {PLACE, "partitions as a mapping", T("version: 1\npartitions: {a: 1}\n"), O_NONE, EPARSE,
     "partitions must be a list, not a mapping", 2, 13, NULL},
    /* "  - {name: a, " is 14 bytes: device's value at 23 */
    {PLACE, "an unknown device, with the nearest names",
     T(PL("  - {name: a, device: g10, nodes: 1, per_node: 4}\n")), O_NONE, EPARSE,
     "no device 'g10'; nearest: 'g100'", 3, 23, NULL},
    {PLACE, "an unknown system, with the nearest names", T(PL("  - {name: a, system: bx}\n")),
     O_NONE, EPARSE, "no system 'bx'; nearest: 'box'", 3, 23, NULL},
    /* "  - {name: a, device: g100, nodes: " is 35 bytes */
    {PLACE, "a negative count", T(PL("  - {name: a, device: g100, nodes: -1, per_node: 4}\n")),
     O_NONE, EPARSE, "'nodes' = -1 is outside [1, 65536]", 3, 36, NULL},
    {PLACE, "a fractional count", T(PL("  - {name: a, device: g100, nodes: 1, per_node: 2.5}\n")),
     O_NONE, EPARSE, "'per_node' must be an integer, not '2.5'", 3, 49, NULL},
    {PLACE, "a count in quotes", T(PL("  - {name: a, system: box, nodes: \"2\"}\n")), O_NONE, EPARSE,
     "'nodes' must be an integer", 3, 35, NULL},
    {PLACE, "65537 nodes", T(PL("  - {name: a, device: g100, nodes: 65537, per_node: 4}\n")),
     O_NONE, EPARSE, "'nodes' = 65537 is outside [1, 65536]", 3, 36, NULL},
    {PLACE, "a device's partition without nodes", T(PL("  - {name: a, device: g100, per_node: 4}\n")),
     O_NONE, EPARSE, "partition 'a' of device 'g100' gives no nodes", 3, 5, NULL},
    /* "  - {name: a, device: g100, nodes: 1, per_node: 4, free: " is 57 bytes */
    {PLACE, "more free accelerators than the partition has",
     T(PL("  - {name: a, device: g100, nodes: 1, per_node: 4, free: 5}\n")), O_NONE, EPARSE,
     "5 accelerators free on partition 'a', which has 4", 3, 58, NULL},
    /* ... "free: 2, busy: " is 66 bytes */
    {PLACE, "free and busy above the partition",
     T(PL("  - {name: a, device: g100, nodes: 1, per_node: 4, free: 2, "
          "busy: [{count: 3, until: 1}]}\n")), O_NONE, EPARSE,
     "partition 'a' has 4 accelerators, not 2 free and 3 in use", 3, 67, NULL},
    {PLACE, "a busy group of none", T(PL("  - {name: a, system: box, busy: [{count: 0, until: 1}]}\n")),
     O_NONE, EPARSE, "'count' = 0 is outside [1, 4294967295]", 3, 43, NULL},
    {PLACE, "a busy group before time began",
     T(PL("  - {name: a, system: box, busy: [{count: 1, until: -1}]}\n")), O_NONE, EPARSE,
     "'until' = -1 is outside [0, ", 3, 53, NULL},
    {PLACE, "a busy group without its time", T(PL("  - {name: a, system: box, busy: [{count: 1}]}\n")),
     O_NONE, EPARSE, "missing required key 'until'", 3, 35, NULL},
    {PLACE, "an unknown key of a busy group",
     T(PL("  - {name: a, system: box, busy: [{count: 1, when: 3}]}\n")), O_NONE, EPARSE,
     "unknown key 'when'", 3, 46, NULL},
    /* "  - {name: a, system: box, busy: " is 33 bytes: the list at 34 */
    {PLACE, "a group that ends before it begins",
     T(PL("  - {name: a, system: box, busy: [{count: 1, from: 5, until: 4}]}\n")), O_NONE, EPARSE,
     "group 0 of partition 'a': 1 accelerators from 5 until 4", 3, 34, NULL},
    {PLACE, "holds that take more than there is",
     T(PL("  - {name: a, system: box, busy: [{count: 4, from: 10, until: 20}, "
          "{count: 1, from: 15, until: 30}]}\n")), O_NONE, EPARSE,
     "at 15 the groups of partition 'a' take 5 accelerators of the 4 that are not down", 3, 34,
     NULL},
    {PLACE, "an unknown key of a partition", T(PL("  - {name: a, system: box, gpus: 4}\n")), O_NONE,
     EPARSE, "unknown key 'gpus'", 3, 28, NULL},
    {PLACE, "a name used twice",
     T(PL("  - {name: a, system: box}\n  - {name: a, system: box}\n")), O_NONE, EPARSE,
     "partition 'a' is already in the cluster (partition 0)", 4, 12, NULL},
    {PLACE, "a comma in a name", T(PL("  - {name: \"a,b\", system: box}\n")), O_NONE, EPARSE,
     "partition name 'a,b' holds a comma at byte 2", 3, 12, NULL},
    {PLACE, "a NUL byte in a name", T(PL("  - {name: \"a\\0b\", system: box}\n")), O_NONE, EPARSE,
     "'name' contains a NUL byte", 3, 12, NULL},
    {PLACE, "a name of 64 bytes",
     T(PL("  - {name: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, "
          "system: box}\n")), O_NONE, EPARSE, "a partition name has 1 to 63 bytes, not 64", 3, 12,
     NULL},
    {PLACE, "a device and a system", T(PL("  - {name: a, device: g100, system: box}\n")), O_NONE,
     EPARSE, "names a device or a system (this one names both)", 3, 23, NULL},
    {PLACE, "neither device nor system", T(PL("  - {name: a, nodes: 1}\n")), O_NONE, EPARSE,
     "(this one names neither)", 3, 5, NULL},
    {PLACE, "more per node than the system's", T(PL("  - {name: a, system: box, per_node: 8}\n")),
     O_NONE, EPARSE, "per_node 8 is more than the 4 accelerators per node of system 'box'", 3, 38,
     NULL},
    {PLACE, "a GPU as host CPU", T(PL("  - {name: a, system: box, host_cpu: g100}\n")), O_NONE,
     EPARSE, "host CPU 'g100' is not a CPU", 3, 38, NULL},
    {PLACE, "an unknown link", T(PL("  - {name: a, system: box, intra_link: k}\n")), O_NONE, EPARSE,
     "no link 'k'", 3, 40, NULL},
    {PLACE, "a partition as a list", T(PL("  - [a, box]\n")), O_NONE, EPARSE,
     "a partition must be a mapping, not a list", 3, 5, NULL},
    /* 439 bytes: a budget of 64 + 16 x 439 = 7088 nodes. Before d's list
     * 1,511 are counted (a 12 with its key, b 132, c 1,362, the version 3,
     * the root, d's key and list); each *c costs 1,111 nodes and 1,000
     * bytes / 4: the fifth (column 8 + 4 x 4) crosses. */
    {PLACE, "an alias bomb", T("version: 1\n" LAUGHS "partitions: *i\n"), O_NONE, EPARSE,
     "document too large: more than 7088 nodes", 5, 24, NULL},
    {PLACE, "a system's counts and the free ones by default",
     T(PL("  - {name: a, system: box, nodes: 2, busy: [{count: 3, until: 9}]}\n")), O_NONE, 0, NULL,
     0, 0, check_default_free},
    {PLACE, "busy groups through aliases",
     T(PL("  - {name: a, system: box, busy: [&b {count: 1, until: 5}, *b, *b]}\n")), O_NONE, 0,
     NULL, 0, 0, check_busy_aliases},
    {PLACE_FILE, "a missing file", T("@missing"), O_NONE, ACCELSEL_EIO, "missing", 0, 0, NULL},
    {PLACE_FILE, "a directory", T("@dir"), O_NONE, ACCELSEL_EIO, "", 0, 0, NULL},
    {PLACE_FILE, "an unknown device in a file",
     T(PL("  - {name: a, device: g10, nodes: 1, per_node: 4}\n")), O_NONE, EPARSE,
     "no device 'g10'", 3, 23, NULL},

    /* ---- The text form of a job (accelsel_job_spec_parse()): columns in
     * the message, none in the error's position. */
    {JOBTEXT, "an unknown key", T("network=resnet50,epocs=40"), O_NONE, EPARSE,
     "column 18: 'epocs': unknown key; nearest: 'epochs'", 0, 0, NULL},
    {JOBTEXT, "a bad number", T("network=resnet50,batch=2k"), O_NONE, EPARSE,
     "column 24: '2k' is not a whole number from 1 to 9007199254740992", 0, 0, NULL},
    {JOBTEXT, "a NUL byte ends the text", T("network=a\0,epochs=x"), O_NONE, 0, NULL, 0, 0, NULL},
    {JOBTEXT, "a key of 100 bytes is quoted short",
     T("network=a,kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"
       "kkkkkkkkkkkkkkkkkkkk=1"), O_NONE, EPARSE,
     "column 11: 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk': unknown key",
     0, 0, NULL},
    {JOBTEXT, "blanks are not skipped", T("network=a, epochs=1"), O_NONE, EPARSE,
     "column 11: ' epochs': unknown key", 0, 0, NULL},
    {JOBTEXT, "a precision in capitals", T("network=a,precision=FP16"), O_NONE, EPARSE,
     "'FP16' is not a precision name", 0, 0, NULL},
};

#define N_CASES (sizeof cases / sizeof cases[0])

/* ---- Running a case ------------------------------------------------------ */

/* A value no library call writes: out pointers start as this, so that a
 * failure that leaves them untouched is caught. */
static char sentinel;
#define UNSET ((void *)&sentinel)

/* The temporary directory of the file cases, made before the tests fork so
 * that every test process writes into the one the main process removes. */
static char tmpdir[64];

/* The path a file case reads (NULL for the other entries): a special one,
 * or a file in tmpdir holding the case's text. */
static const char *case_path(const hcase *c, const char *data, size_t len)
{
    static char path[128];
    if (c->entry != CSV_FILE && c->entry != CAT_FILE && c->entry != NET_FILE &&
        c->entry != MODEL_FILE && c->entry != MAP_FILE && c->entry != PLACE_FILE)
        return NULL;
    if (len > 0 && data[0] == '@') {
        const char *what = data + 1;
        if (strcmp(what, "missing") == 0)
            snprintf(path, sizeof path, "%s/missing", tmpdir);
        else if (strcmp(what, "dir") == 0)
            snprintf(path, sizeof path, "%s", tmpdir);
        else
            snprintf(path, sizeof path, "%s", what);
        return path;
    }
    snprintf(path, sizeof path, "%s/input", tmpdir);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
    return path;
}

static void csv_options(int variant, accelsel_csv_options *o)
{
    static const char *const unknown[] = {"gpus"};
    static const char *const missing[] = {"-", NULL};
    ck_assert_int_eq(accelsel_csv_options_init(o, ACCELSEL_CSV_OPTIONS_VERSION), 0);
    switch (variant) {
    case O_LIMIT_1K:
        o->max_field_len = 1024;
        break;
    case O_LIMIT_1M:
        o->max_field_len = 1u << 20;
        break;
    case O_THREADS_MAX:
        o->n_threads = UINT32_MAX;
        break;
    case O_THREADS_4:
        o->n_threads = 4;
        break;
    case O_DELIM_QUOTE:
        o->delimiter = '"';
        break;
    case O_DELIM_HIGH:
        o->delimiter = 0xE9;
        break;
    case O_VERSION_99:
        o->version = 99;
        break;
    case O_CAT_NULL:
        o->n_categorical = 1;
        break;
    case O_CAT_UNKNOWN:
        o->categorical = unknown;
        o->n_categorical = 1;
        break;
    case O_MISSING_NULL:
        o->missing = missing;
        o->n_missing = 2;
        break;
    }
}

static void net_options(int variant, accelsel_network_options *o)
{
    ck_assert_int_eq(accelsel_network_options_init(o, ACCELSEL_NETWORK_OPTIONS_VERSION), 0);
    if (variant == O_NET_NODES_10)
        o->max_yaml_nodes = 10;
    else if (variant == O_NET_BPE_9)
        o->bytes_per_element = 9;
    else if (variant == O_NET_BPE_0)
        o->bytes_per_element = 0;
    else if (variant == O_NET_VERSION_0)
        o->version = 0;
}

/* The fixture of the filter and ranking cases: a text column, a count and a
 * time with one missing value. */
static const char fixture_csv[] = "gpu,n,t\nA,1,2.5\nB,2,3.5\nC,4,\n";

static int load_fixture(accelsel_dataset **ds)
{
    return accelsel_dataset_load_csv_buffer(ds, fixture_csv, sizeof fixture_csv - 1, NULL);
}

/* After a call: on failure the handle must be NULL; on success it is checked. */
static void settle(const hcase *c, int rc, void *result)
{
    if (rc != 0) {
        ck_assert_msg(result == NULL, "%s: handle not NULL after failure", c->name);
    } else {
        ck_assert_ptr_nonnull(result);
        ck_assert(result != UNSET);
        if (c->check != NULL)
            c->check(result);
    }
}

static int run_csv(const hcase *c, const char *data, size_t len, const char *path)
{
    accelsel_csv_options o;
    csv_options(c->opts, &o);
    accelsel_dataset *ds = UNSET;
    int rc = path ? accelsel_dataset_load_csv(&ds, path, c->opts == O_NONE ? NULL : &o)
                  : accelsel_dataset_load_csv_buffer(&ds, data, len, c->opts == O_NONE ? NULL : &o);
    settle(c, rc, ds);
    if (rc == 0)
        accelsel_dataset_free(ds);
    return rc;
}

static int run_catalog(const hcase *c, const char *data, size_t len, const char *path)
{
    accelsel_catalog *cat = UNSET;
    int rc = path ? accelsel_catalog_load_file(&cat, path) : accelsel_catalog_load_buffer(&cat, data, len);
    settle(c, rc, cat);
    if (rc == 0)
        accelsel_catalog_free(cat);
    return rc;
}

static int run_network(const hcase *c, const char *data, size_t len, const char *path)
{
    accelsel_network_options o;
    net_options(c->opts, &o);
    accelsel_network *net = UNSET;
    int rc = path ? accelsel_network_load_file(&net, path, c->opts == O_NONE ? NULL : &o)
                  : accelsel_network_load_buffer(&net, data, len, c->opts == O_NONE ? NULL : &o);
    settle(c, rc, net);
    if (rc == 0)
        accelsel_network_free(net);
    return rc;
}

static int run_hf(const hcase *c, const char *data, size_t len)
{
    accelsel_network *net = UNSET;
    int rc = accelsel_network_load_hf_buffer(&net, data, len, NULL);
    settle(c, rc, net);
    if (rc == 0)
        accelsel_network_free(net);
    return rc;
}

static int run_plan(const hcase *c, const char *text)
{
    accelsel_plan plan = { 77, 77, 77, 77, 77, 77, 77, 77, 77, 77 };
    int rc = accelsel_plan_parse(&plan, text);
    if (rc != 0)
        ck_assert_msg(plan.version == 77 && plan.tp == 77 && plan.recompute == 77,
                      "%s: plan written on failure", c->name);
    return rc;
}

static int run_model(const hcase *c, const char *data, size_t len, const char *path)
{
    accelsel_cluster_model *m = UNSET;
    int rc = path ? accelsel_cluster_model_load_yaml(&m, path)
                  : accelsel_cluster_model_load_yaml_buffer(&m, data, len);
    settle(c, rc, m);
    if (rc == 0)
        accelsel_cluster_model_free(m);
    return rc;
}

static int run_params(const hcase *c, const char *data, size_t len)
{
    static const char one_device[] = "version: 1\ndevices:\n  - {name: g, vendor: v, kind: gpu, source: s}\n";
    accelsel_catalog *cat = NULL;
    accelsel_predictor *p = UNSET;
    int rc = accelsel_catalog_load_buffer(&cat, one_device, strlen(one_device));
    if (rc != 0)
        return rc;
    rc = accelsel_predictor_load_params_buffer(&p, cat, data, len, NULL);
    settle(c, rc, p);
    if (rc == 0)
        accelsel_predictor_free(p);
    accelsel_catalog_free(cat);
    return rc;
}

/* A catalog with a GPU, a CPU, a link and a system of one node of 4 GPUs. */
static const char place_catalog[] =
    "version: 1\nlinks:\n  - {name: l, technology: nvlink, bw_bytes_s: 1e11, source: s}\n"
    "devices:\n  - {name: g100, vendor: v, kind: gpu, peak_flops: {fp16: 1e14}, "
    "memory_bytes: 1e10, memory_bw_bytes_s: 1e12, source: s}\n"
    "  - {name: cpu1, vendor: v, kind: cpu, cores: 8, source: s}\n"
    "systems:\n  - {name: box, device: g100, nodes: 1, devices_per_node: 4, "
    "intra_node_link: l, source: s}\n";

static int run_place(const hcase *c, const char *data, size_t len, const char *path)
{
    accelsel_catalog *cat = NULL;
    accelsel_place_cluster *cl = UNSET;
    int rc = accelsel_catalog_load_buffer(&cat, place_catalog, strlen(place_catalog));
    if (rc != 0)
        return rc;
    rc = path ? accelsel_place_cluster_load_file(&cl, cat, path)
              : accelsel_place_cluster_load_buffer(&cl, cat, data, len);
    settle(c, rc, cl);
    if (rc == 0)
        accelsel_place_cluster_free(cl);
    accelsel_catalog_free(cat);
    return rc;
}

static int run_job_text(const hcase *c, const char *text)
{
    accelsel_job_spec j = ACCELSEL_JOB_SPEC_INIT;
    char *network = UNSET;
    int rc = accelsel_job_spec_parse(&j, &network, text);
    settle(c, rc, network);
    if (rc == 0)
        accelsel_free(network);
    return rc;
}

static int run_steps(const hcase *c, const char *data, size_t len)
{
    static const char cpu[] =
        "version: 1\ndevices:\n  - {name: c, vendor: v, kind: cpu, cores: 2, clock_hz: 2.0e9, source: s}\n";
    accelsel_catalog *cat = NULL;
    accelsel_dataset *ds = UNSET;
    int rc = accelsel_catalog_load_buffer(&cat, cpu, strlen(cpu));
    if (rc != 0)
        return rc;
    rc = accelsel_steps_load_buffer(&ds, cat, data, len, NULL);
    settle(c, rc, ds);
    if (rc == 0)
        accelsel_dataset_free(ds);
    accelsel_catalog_free(cat);
    return rc;
}

static int run_cloud(const hcase *c, const char *data, size_t len)
{
    static const char gpu[] = "version: 1\ndevices:\n  - {name: g, vendor: v, kind: gpu, source: s}\n";
    accelsel_catalog *cat = NULL;
    accelsel_dataset *ds = UNSET;
    int rc = accelsel_catalog_load_buffer(&cat, gpu, strlen(gpu));
    if (rc != 0)
        return rc;
    rc = accelsel_cloud_prices_load_buffer(&ds, cat, data, len);
    settle(c, rc, ds);
    if (rc == 0)
        accelsel_dataset_free(ds);
    accelsel_catalog_free(cat);
    return rc;
}

/* The predictor's step entries: the text as a plain CSV, a physical
 * predictor on a 2-core CPU "c" of 64 GFLOP/s x 2, 20 GB/s and 1 GB. */
static int run_predictor_steps(const hcase *c, const char *data, size_t len)
{
    static const char cpu[] =
        "version: 1\ndevices:\n  - {name: c, vendor: v, kind: cpu, cores: 2, clock_hz: 2.0e9,\n"
        "     flops_per_cycle: {fp32: 32}, memory_bw_bytes_s: 20e9, memory_bytes: 1e9, source: s}\n";
    accelsel_catalog *cat = NULL;
    accelsel_dataset *ds = NULL, *out = UNSET;
    accelsel_predictor *p = NULL;
    char *before = NULL, *after = NULL;
    int rc = accelsel_catalog_load_buffer(&cat, cpu, strlen(cpu));
    if (rc == 0)
        rc = accelsel_dataset_load_csv_buffer(&ds, data, len, NULL);
    if (rc == 0)
        rc = accelsel_predictor_new(&p, cat, TEST_PHYSICAL);
    if (rc == 0 && c->entry == CSTEPS)
        rc = accelsel_predictor_save_params_buffer(p, &before, NULL);
    if (rc != 0)
        goto done;
    pstep_cat = cat;
    if (c->entry == PSTEPS || c->entry == ESTEPS) {
        rc = c->entry == PSTEPS ? accelsel_predictor_predict_steps(&out, p, ds)
                                : accelsel_predictor_evaluate_steps(&out, p, ds);
        settle(c, rc, out);
        if (rc == 0)
            accelsel_dataset_free(out);
    } else {
        rc = accelsel_predictor_calibrate_steps(p, ds);
        if (rc != 0) {
            /* The parameters as they were. The last error is the call's
             * (a successful save leaves it); under the allocation-failure
             * loop the failing allocation may be the save's own. */
            int src = accelsel_predictor_save_params_buffer(p, &after, NULL);
            ck_assert(src == 0 || src == ACCELSEL_ENOMEM);
            if (src == 0)
                ck_assert_msg(strcmp(before, after) == 0, "%s: the predictor changed", c->name);
            else
                ck_assert_int_eq(rc, c->status); /* then the calibration failed on its own */
        } else if (c->check != NULL) {
            c->check(p);
        }
    }
    pstep_cat = NULL;
done:
    accelsel_free(before);
    accelsel_free(after);
    accelsel_predictor_free(p);
    accelsel_dataset_free(ds);
    accelsel_catalog_free(cat);
    return rc;
}

static int run_filter(const hcase *c, const char *expr)
{
    accelsel_dataset *ds = NULL, *out = UNSET;
    int rc = load_fixture(&ds);
    if (rc != 0)
        return rc;
    rc = accelsel_dataset_filter_expr(&out, ds, expr);
    settle(c, rc, out);
    if (rc == 0)
        accelsel_dataset_free(out);
    accelsel_dataset_free(ds);
    return rc;
}

static int run_criteria(const hcase *c, const char *text)
{
    accelsel_criterion *cr = UNSET;
    size_t n = 99;
    int rc = accelsel_criteria_parse(&cr, &n, text);
    settle(c, rc, cr);
    if (rc != 0)
        ck_assert_uint_eq(n, 0);
    accelsel_free(rc == 0 ? cr : NULL);
    return rc;
}

static int run_rank(const hcase *c, const char *text)
{
    accelsel_dataset *ds = NULL;
    accelsel_criterion *cr = NULL;
    accelsel_ranking *r = UNSET;
    size_t n = 0;
    int rc = load_fixture(&ds);
    if (rc == 0 && (rc = accelsel_criteria_parse(&cr, &n, text)) == 0) {
        rc = accelsel_ranking_compute(&r, ds, cr, n, ACCELSEL_RANK_TOPSIS, NULL);
        settle(c, rc, r);
        if (rc == 0)
            accelsel_ranking_free(r);
    }
    accelsel_free(cr);
    accelsel_dataset_free(ds);
    return rc;
}

static int run_method(const hcase *c, const char *name)
{
    int method = -77;
    int rc = accelsel_rank_method_from_name(name, &method);
    if (rc != 0)
        ck_assert_msg(method == -77, "%s: method written on failure", c->name);
    return rc;
}

static int run_benchmark(const hcase *c, const char *name)
{
    accelsel_dataset *ds = UNSET;
    int rc = accelsel_dataset_load_benchmark(&ds, name);
    settle(c, rc, ds);
    if (rc == 0)
        accelsel_dataset_free(ds);
    return rc;
}

static int run_zoo(const hcase *c, const char *name)
{
    accelsel_network *net = UNSET;
    int rc = accelsel_network_load_zoo(&net, name, NULL);
    settle(c, rc, net);
    if (rc == 0)
        accelsel_network_free(net);
    return rc;
}

/* "key=value,key=value": options and sizes of the clustering call. */
static int run_fit(const hcase *c, const char *spec)
{
    double x[] = {0, 0, 0, 1, 10, 10, 10, 11};
    size_t n = 4, d = 2;
    accelsel_cluster_options o;
    ck_assert_int_eq(accelsel_cluster_options_init(&o, ACCELSEL_CLUSTER_OPTIONS_VERSION), 0);
    o.k = 2;
    o.seed = 1;
    for (const char *p = spec; *p != '\0';) {
        char key[32];
        double v;
        int used = 0;
        ck_assert_int_eq(sscanf(p, "%31[a-z_]=%lf%n", key, &v, &used), 2);
        p += used + (p[used] == ',');
        if (strcmp(key, "k") == 0)
            o.k = (uint32_t)v;
        else if (strcmp(key, "n") == 0)
            n = (size_t)v;
        else if (strcmp(key, "d") == 0)
            d = (size_t)v;
        else if (strcmp(key, "n_init") == 0)
            o.n_init = (uint32_t)v;
        else if (strcmp(key, "max_iter") == 0)
            o.max_iter = (uint32_t)v;
        else if (strcmp(key, "tol") == 0)
            o.tol = v;
        else if (strcmp(key, "silhouette_max") == 0)
            o.silhouette_max = (uint64_t)v;
        else if (strcmp(key, "algorithm") == 0)
            o.algorithm = (uint32_t)v;
        else if (strcmp(key, "n_threads") == 0)
            o.n_threads = (uint32_t)v;
        else if (strcmp(key, "nan_at") == 0)
            x[(size_t)v] = NAN;
        else if (strcmp(key, "same") == 0)
            x[2] = x[4] = x[6] = 0, x[3] = x[5] = x[7] = 1; /* rows 1..3 alike: 2 distinct */
        else
            ck_abort_msg("unknown key '%s'", key);
    }
    accelsel_cluster_model *m = UNSET;
    int rc = accelsel_cluster_fit(&m, x, n, d, &o);
    settle(c, rc, m);
    if (rc == 0)
        accelsel_cluster_model_free(m);
    return rc;
}

/* The mapping fixture: two slots of two small designs, two convolutions. */
static const char map_catalog[] =
    "version: 1\n"
    "links: [{name: l, technology: board, bw_bytes_s: 1e6, source: s}]\n"
    "designs:\n"
    "  - {name: t4, dataflow: tiled, precision: int8, tm: 4, tn: 4, macs: 16, clock_hz: 1e6,\n"
    "     buffer_bytes: 1e6, source: s}\n"
    "  - {name: t8, dataflow: tiled, precision: int8, tm: 8, tn: 2, macs: 16, clock_hz: 1e6,\n"
    "     buffer_bytes: 1e6, source: s}\n"
    "systems:\n"
    "  - name: two\n"
    "    host_link: l\n"
    "    slots:\n"
    "      - {designs: [t4, t8], memory_bytes: 1e9, memory_bw_bytes_s: 1e6}\n"
    "      - {designs: [t4], memory_bytes: 1e9, memory_bw_bytes_s: 1e6}\n"
    "    links: [{slots: [0, 1], link: l}]\n"
    "    source: s\n";
static const char map_network[] =
    "version: 1\nname: n\ninputs: [{name: x, shape: [4, 8, 8]}]\nlayers:\n"
    "  - {name: c1, kind: conv2d, inputs: [x], out_channels: 8, kernel: 3, padding: 1}\n"
    "  - {name: c2, kind: conv2d, inputs: [c1], out_channels: 4, kernel: 1}\n";

static int run_mapping(const hcase *c, const char *data, size_t len, const char *path)
{
    accelsel_catalog *cat = NULL;
    accelsel_network *net = NULL;
    accelsel_mapping_problem *p = NULL;
    accelsel_mapping *m = UNSET;
    int rc = accelsel_catalog_load_buffer(&cat, map_catalog, sizeof map_catalog - 1);
    if (rc == 0)
        rc = accelsel_network_load_buffer(&net, map_network, sizeof map_network - 1, NULL);
    if (rc == 0)
        rc = accelsel_mapping_problem_new(&p, cat, "two", net, NULL);
    if (rc == 0) {
        rc = path ? accelsel_mapping_load_file(&m, p, path) : accelsel_mapping_load_buffer(&m, p, data, len);
        settle(c, rc, m);
        if (rc == 0)
            accelsel_mapping_free(m);
    }
    accelsel_mapping_problem_free(p);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
    return rc;
}

/* Run case @p c on its input (read from @p path for the file entries): the status. */
static int run(const hcase *c, const char *data, size_t len, const char *path)
{
    /* The text entries take C strings: their inputs hold no NUL. */
    switch (c->entry) {
    case CSV:
    case CSV_FILE:
        return run_csv(c, data, len, path);
    case CAT:
    case CAT_FILE:
        return run_catalog(c, data, len, path);
    case NET:
    case NET_FILE:
        return run_network(c, data, len, path);
    case MODEL:
    case MODEL_FILE:
        return run_model(c, data, len, path);
    case FILTER:
        return run_filter(c, data);
    case CRITERIA:
        return run_criteria(c, data);
    case RANK:
        return run_rank(c, data);
    case METHOD:
        return run_method(c, data);
    case ZOO:
        return run_zoo(c, data);
    case BENCH:
        return run_benchmark(c, data);
    case FIT:
        return run_fit(c, data);
    case MAP:
    case MAP_FILE:
        return run_mapping(c, data, len, path);
    case PARAMS:
        return run_params(c, data, len);
    case STEPS:
        return run_steps(c, data, len);
    case CLOUD:
        return run_cloud(c, data, len);
    case PSTEPS:
    case ESTEPS:
    case CSTEPS:
        return run_predictor_steps(c, data, len);
    case PLACE:
    case PLACE_FILE:
        return run_place(c, data, len, path);
    case JOBTEXT:
        return run_job_text(c, data);
    case PLAN:
        return run_plan(c, data);
    case HF:
        return run_hf(c, data, len);
    }
    ck_abort_msg("%s: unknown entry %d", c->name, (int)c->entry);
    return -1;
}

/* The input of case @p c: its text, or a generated one to free (*owned). */
static const char *input_of(const hcase *c, size_t *len, char **owned)
{
    *owned = NULL;
    if (c->gen == NULL) {
        *len = c->len;
        return c->text;
    }
    *owned = c->gen(len);
    return *owned;
}

/* The error must say exactly what the table says, at the position it says. */
static void check_error(const hcase *c, int rc, const char *path)
{
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(rc == c->status, "%s: status %s, expected %s (%s)", c->name,
                  accelsel_status_name(rc), accelsel_status_name(c->status), e->message);
    if (rc == 0)
        return;
    ck_assert_int_eq(e->code, rc);
    ck_assert_msg(strstr(e->message, c->fragment) != NULL, "%s: message '%s' lacks '%s'", c->name,
                  e->message, c->fragment);
    ck_assert_msg(e->line == c->line && e->column == c->column,
                  "%s: position %u:%u, expected %u:%u (%s)", c->name, (unsigned)e->line,
                  (unsigned)e->column, (unsigned)c->line, (unsigned)c->column, e->message);
    if (c->line == 0)
        return;
    const char *source = path != NULL ? path : c->entry == CRITERIA ? "<criteria>" : "<buffer>";
    ck_assert_str_eq(e->source, source);
}

/* Under a memory checker (ACCELSEL_TEST_LIGHT) the small cases run once
 * each: memcheck looks for uninitialised reads, which one pass over each
 * error path shows; the large and generated inputs, and the allocation
 * sweep, run under ASan+UBSan and in the plain build. */
static int light_skips(const hcase *c)
{
    return getenv("ACCELSEL_TEST_LIGHT") != NULL && (c->gen != NULL || c->len > 4096);
}

START_TEST(hostile_input)
{
    const hcase *c = &cases[_i];
    if (light_skips(c))
        return;
    size_t len;
    char *owned;
    const char *data = input_of(c, &len, &owned);
    const char *path = case_path(c, data, len);
    testutil_alloc_fail_at(0);
    int rc = run(c, data, len, path);
    ck_assert_msg(testutil_alloc_live() == 0, "%s: %ld blocks leaked", c->name,
                  testutil_alloc_live());
    testutil_alloc_reset();
    check_error(c, rc, path);
    free(owned);
}
END_TEST

/* Small cases only: each allocation fails in turn, and the call must fail
 * with ACCELSEL_ENOMEM or give the case's own result, leaking nothing. */
START_TEST(hostile_input_allocation_failures)
{
    const hcase *c = &cases[_i];
    if (c->gen != NULL || c->len > 4096 || getenv("ACCELSEL_TEST_LIGHT") != NULL)
        return;
    const char *path = case_path(c, c->text, c->len);
    testutil_alloc_fail_at(0);
    run(c, c->text, c->len, path);
    size_t total = testutil_alloc_count();
    for (size_t n = 1; n <= total; n++) {
        testutil_alloc_fail_at(n);
        int rc = run(c, c->text, c->len, path);
        ck_assert_msg(rc == c->status || rc == ACCELSEL_ENOMEM, "%s: failing allocation %zu gave %s",
                      c->name, n, accelsel_status_name(rc));
        ck_assert_msg(testutil_alloc_live() == 0, "%s: failing allocation %zu leaked %ld blocks",
                      c->name, n, testutil_alloc_live());
    }
    testutil_alloc_reset();
}
END_TEST

/* The table covers every entry point, with at least 110 cases. */
START_TEST(table_is_complete)
{
    size_t per[N_ENTRIES] = {0};
    for (size_t i = 0; i < N_CASES; i++)
        per[cases[i].entry]++;
    ck_assert_uint_ge(N_CASES, 110);
    for (int e = CSV; e < N_ENTRIES; e++)
        ck_assert_msg(per[e] > 0, "entry %d has no case", e);
}
END_TEST

static void remove_temp_dir(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/input", tmpdir);
    unlink(path);
    rmdir(tmpdir);
}

int main(void)
{
    strcpy(tmpdir, "/tmp/accelsel-hostile-XXXXXX");
    if (mkdtemp(tmpdir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    Suite *s = suite_create("hostile");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, table_is_complete);
    tcase_add_loop_test(tc, hostile_input, 0, (int)N_CASES);
    tcase_add_loop_test(tc, hostile_input_allocation_failures, 0, (int)N_CASES);
    /* The large cases take about a second each; the quadratic behaviour some
     * of them guard against took minutes. */
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    remove_temp_dir();
    return failed == 0 ? 0 : 1;
}
