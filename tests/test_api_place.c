/* The contract of every function of include/accelsel/place.h: NULL
 * arguments (the documented status, the argument named, out pointers set
 * to NULL), struct and options versions, sizes, defaults, destructors given
 * NULL, getters out of range, and allocation-failure sweeps over building,
 * loading and saving a cluster, preparing a job, deciding and parsing a
 * job's text. */
#include <check.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

static accelsel_catalog *cat;
static accelsel_predictor *pred;
static accelsel_network *net;

static const char yaml[] = "version: 1\n"
                           "partitions:\n"
                           "  - {name: a, device: a100-sxm4-80gb, nodes: 2, per_node: 4,\n"
                           "     free: 2, busy: [{count: 4, until: 60}]}\n"
                           "  - {name: t, device: t4, nodes: 1, per_node: 2}\n";

static void setup(void)
{
    ck_assert_int_eq(accelsel_catalog_load_builtin(&cat), 0);
    ck_assert_int_eq(accelsel_predictor_new(&pred, cat, NULL), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "small-cnn", NULL), 0);
}

static void teardown(void)
{
    accelsel_network_free(net);
    accelsel_predictor_free(pred);
    accelsel_catalog_free(cat);
}

static void assert_einval(int rc, const char *arg)
{
    ck_assert_int_eq(rc, ACCELSEL_EINVAL);
    ck_assert_msg(strstr(accelsel_last_error()->message, arg) != NULL, "'%s' lacks '%s'",
                  accelsel_last_error()->message, arg);
    ck_assert_str_eq(accelsel_last_error()->field, arg);
}

START_TEST(structs_options_and_names)
{
    accelsel_partition_spec ps;
    accelsel_job_spec js;
    accelsel_place_options po;
    ck_assert_int_eq(accelsel_partition_spec_init(&ps, ACCELSEL_PARTITION_SPEC_VERSION), 0);
    ck_assert(ps.name == NULL && ps.device == NULL && ps.system == NULL && ps.nodes == 0 &&
              ps.per_node == 0 && ps.intra_link == NULL && ps.inter_link == NULL &&
              ps.host_cpu == NULL);
    ck_assert_int_eq(accelsel_partition_spec_init(&ps, 2), ACCELSEL_EVERSION);
    assert_einval(accelsel_partition_spec_init(NULL, 1), "spec");
    ck_assert_int_eq(accelsel_job_spec_init(&js, ACCELSEL_JOB_SPEC_VERSION), 0);
    ck_assert_int_eq(js.precision, ACCELSEL_PRECISION_AUTO);
    ck_assert_int_eq(js.stack, ACCELSEL_STACK_TUNED);
    ck_assert(js.network == NULL && js.global_batch == 0 && js.per_device_batch == 0 &&
              js.epochs == 0 && js.total_samples == 0 && js.min_count == 0 &&
              js.max_count == 0 && js.deadline == 0 && js.partitions == NULL);
    ck_assert_int_eq(accelsel_job_spec_init(&js, 0), ACCELSEL_EVERSION);
    assert_einval(accelsel_job_spec_init(NULL, 1), "spec");
    ck_assert_int_eq(accelsel_place_options_init(&po, ACCELSEL_PLACE_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(po.policy, ACCELSEL_POLICY_EARLIEST_COMPLETION);
    ck_assert_uint_eq(po.margin, ACCELSEL_MARGIN_P90);
    ck_assert(po.min_count == 0 && po.max_count == 0 && po.partition == -1);
    memset(&po, 0xab, sizeof po); /* version 1 fills version, policy and margin alone */
    ck_assert_int_eq(accelsel_place_options_init(&po, 1), 0);
    ck_assert(po.version == 1 && po.policy == ACCELSEL_POLICY_EARLIEST_COMPLETION &&
              po.margin == ACCELSEL_MARGIN_P90 && po.min_count == 0xababababu);
    ck_assert_int_eq(accelsel_place_options_init(&po, 9), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_place_options_init(&po, 0), ACCELSEL_EVERSION);
    assert_einval(accelsel_place_options_init(NULL, 1), "opts");
    ck_assert_uint_eq(accelsel_partition_spec_size(), sizeof(accelsel_partition_spec));
    ck_assert_uint_eq(accelsel_busy_size(), sizeof(accelsel_busy));
    ck_assert_uint_eq(accelsel_partition_info_size(), sizeof(accelsel_partition_info));
    ck_assert_uint_eq(accelsel_job_spec_size(), sizeof(accelsel_job_spec));
    ck_assert_uint_eq(accelsel_place_options_size(), sizeof(accelsel_place_options));
    ck_assert_uint_eq(accelsel_placement_size(), sizeof(accelsel_placement));
    ck_assert_uint_eq(accelsel_decision_size(), sizeof(accelsel_decision));
    ck_assert_str_eq(accelsel_place_policy_name(ACCELSEL_POLICY_EARLIEST_COMPLETION),
                     "earliest-completion");
    ck_assert_str_eq(accelsel_place_policy_name(ACCELSEL_POLICY_MIN_ACCELERATOR_HOURS),
                     "min-accelerator-hours");
    ck_assert_str_eq(accelsel_place_policy_name(ACCELSEL_POLICY_MAX_THROUGHPUT_PER_ACCELERATOR),
                     "max-throughput-per-accelerator");
    ck_assert_ptr_null(accelsel_place_policy_name(ACCELSEL_POLICY_COUNT));
    ck_assert_str_eq(accelsel_place_margin_name(ACCELSEL_MARGIN_P90), "p90");
    ck_assert_str_eq(accelsel_place_margin_name(ACCELSEL_MARGIN_MEDIAN), "median");
    ck_assert_str_eq(accelsel_place_margin_name(ACCELSEL_MARGIN_NONE), "none");
    ck_assert_ptr_null(accelsel_place_margin_name(ACCELSEL_MARGIN_COUNT));
}
END_TEST

START_TEST(cluster_calls)
{
    accelsel_place_cluster *c = (accelsel_place_cluster *)&c;
    assert_einval(accelsel_place_cluster_new(NULL, cat), "out");
    assert_einval(accelsel_place_cluster_new(&c, NULL), "cat");
    ck_assert_ptr_null(c);
    c = (accelsel_place_cluster *)&c;
    assert_einval(accelsel_place_cluster_load_buffer(&c, NULL, yaml, strlen(yaml)), "cat");
    ck_assert_ptr_null(c);
    assert_einval(accelsel_place_cluster_load_buffer(NULL, cat, yaml, strlen(yaml)), "out");
    assert_einval(accelsel_place_cluster_load_buffer(&c, cat, NULL, 3), "data");
    ck_assert_int_eq(accelsel_place_cluster_load_buffer(&c, cat, NULL, 0), ACCELSEL_EPARSE);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "empty cluster"));
    assert_einval(accelsel_place_cluster_load_file(&c, cat, NULL), "path");
    assert_einval(accelsel_place_cluster_load_file(&c, NULL, "x"), "cat");
    assert_einval(accelsel_place_cluster_load_file(NULL, cat, "x"), "out");
    ck_assert_int_eq(accelsel_place_cluster_load_file(&c, cat, "/nonexistent/c.yaml"), ACCELSEL_EIO);
    ck_assert_ptr_null(c);
    ck_assert_int_eq(accelsel_place_cluster_load_buffer(&c, cat, yaml, strlen(yaml)), 0);
    accelsel_partition_spec s = ACCELSEL_PARTITION_SPEC_INIT;
    assert_einval(accelsel_place_cluster_add(NULL, &s), "c");
    assert_einval(accelsel_place_cluster_add(c, NULL), "spec");
    s.version = 5;
    ck_assert_int_eq(accelsel_place_cluster_add(c, &s), ACCELSEL_EVERSION);
    assert_einval(accelsel_place_cluster_set_now(NULL, 0), "c");
    ck_assert_int_eq(accelsel_place_cluster_set_now(c, -1), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "now");
    ck_assert_int_eq(accelsel_place_cluster_set_now(c, INFINITY), ACCELSEL_EINVAL);
    ck_assert_double_eq(accelsel_place_cluster_now(c), 0);
    ck_assert(isnan(accelsel_place_cluster_now(NULL)));
    assert_einval(accelsel_place_cluster_set_state(NULL, 0, 0, NULL, 0), "c");
    assert_einval(accelsel_place_cluster_set_state(c, 0, 0, NULL, 1), "busy");
    ck_assert_int_eq(accelsel_place_cluster_set_state(c, 2, 0, NULL, 0), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "partition");
    ck_assert_uint_eq(accelsel_place_cluster_partitions(c), 2);
    ck_assert_uint_eq(accelsel_place_cluster_partitions(NULL), 0);
    ck_assert_ptr_null(accelsel_place_cluster_partition(c, 2));
    ck_assert_ptr_null(accelsel_place_cluster_partition(NULL, 0));
    const accelsel_partition_info *a = accelsel_place_cluster_partition(c, 0);
    ck_assert_uint_eq(a->version, ACCELSEL_PARTITION_INFO_VERSION);
    ck_assert_str_eq(a->name, "a");
    size_t i = 99;
    ck_assert_int_eq(accelsel_place_cluster_find(c, "t", &i), 0);
    ck_assert_uint_eq(i, 1);
    ck_assert_int_eq(accelsel_place_cluster_find(c, "T", &i), ACCELSEL_ENOTFOUND); /* exact */
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "nearest: 't'"));
    assert_einval(accelsel_place_cluster_find(NULL, "t", &i), "c");
    assert_einval(accelsel_place_cluster_find(c, NULL, &i), "name");
    assert_einval(accelsel_place_cluster_find(c, "t", NULL), "index");
    /* The hardware of a request: "a" is 2 nodes of 4 A100 80 GB. */
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT, before;
    q.global_batch = 64;
    ck_assert_int_eq(accelsel_place_cluster_request(c, 0, 8, &q), 0);
    ck_assert_str_eq(q.device, "a100-sxm4-80gb");
    ck_assert_ptr_null(q.system);
    ck_assert(q.count == 8 && q.nodes == 2 && q.per_node == 4 && q.global_batch == 64);
    ck_assert(q.intra_link == NULL && q.inter_link == NULL && q.host_cpu == NULL);
    ck_assert_int_eq(accelsel_place_cluster_request(c, 0, 3, &q), 0);
    ck_assert(q.count == 3 && q.nodes == 1 && q.per_node == 3);
    before = q;
    ck_assert_int_eq(accelsel_place_cluster_request(c, 0, 6, &q), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "count");
    ck_assert_int_eq(accelsel_place_cluster_request(c, 0, 0, &q), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_place_cluster_request(c, 0, 12, &q), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_place_cluster_request(c, 2, 1, &q), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "partition");
    ck_assert(memcmp(&q, &before, sizeof q) == 0); /* untouched on failure */
    assert_einval(accelsel_place_cluster_request(NULL, 0, 1, &q), "c");
    assert_einval(accelsel_place_cluster_request(c, 0, 1, NULL), "req");
    q.version = 99;
    ck_assert_int_eq(accelsel_place_cluster_request(c, 0, 1, &q), ACCELSEL_EVERSION);
    /* Taking accelerators: the contract's checks. */
    assert_einval(accelsel_place_cluster_take(NULL, 0, 1, 0, 1), "c");
    ck_assert_int_eq(accelsel_place_cluster_take(c, 2, 1, 0, 1), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "partition");
    ck_assert_int_eq(accelsel_place_cluster_take(c, 0, 1, NAN, 1), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_place_cluster_take(c, 0, 1, 0, INFINITY), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_place_cluster_take(c, 0, 3, 0, 5), ACCELSEL_EINVAL); /* 2 free */
    ck_assert_int_eq(accelsel_place_cluster_take(c, 0, 2, 0, 5), 0);
    ck_assert_uint_eq(accelsel_place_cluster_partition(c, 0)->free, 0);
    char *text = (char *)&text;
    assert_einval(accelsel_place_cluster_save_buffer(NULL, &text, NULL), "c");
    ck_assert_ptr_null(text);
    assert_einval(accelsel_place_cluster_save_buffer(c, NULL, NULL), "out");
    assert_einval(accelsel_place_cluster_save_file(NULL, "x"), "c");
    assert_einval(accelsel_place_cluster_save_file(c, NULL), "path");
    ck_assert_int_eq(accelsel_place_cluster_save_file(c, "/nonexistent/dir/c.yaml"), ACCELSEL_EIO);
    size_t len = 0;
    ck_assert_int_eq(accelsel_place_cluster_save_buffer(c, &text, &len), 0);
    ck_assert_uint_eq(len, strlen(text));
    accelsel_free(text);
    accelsel_place_cluster_free(c);
    accelsel_place_cluster_free(NULL);
    /* An empty cluster: no partitions, and no job on it. */
    ck_assert_int_eq(accelsel_place_cluster_new(&c, cat), 0);
    ck_assert_int_eq(accelsel_place_cluster_find(c, "a", &i), ACCELSEL_ENOTFOUND);
    accelsel_job_spec j = ACCELSEL_JOB_SPEC_INIT;
    accelsel_place_job *job;
    j.network = net;
    ck_assert_int_eq(accelsel_place_job_new(&job, pred, c, &j), ACCELSEL_EEMPTY);
    ck_assert_int_eq(accelsel_place_cluster_save_buffer(c, &text, NULL), 0);
    ck_assert_str_eq(text, "version: 1\nnow: 0\n");
    accelsel_free(text);
    accelsel_place_cluster_free(c);
}
END_TEST

START_TEST(job_and_decision_calls)
{
    accelsel_place_cluster *c;
    ck_assert_int_eq(accelsel_place_cluster_load_buffer(&c, cat, yaml, strlen(yaml)), 0);
    accelsel_job_spec j = ACCELSEL_JOB_SPEC_INIT;
    accelsel_place_job *job = (accelsel_place_job *)&job;
    j.network = net;
    assert_einval(accelsel_place_job_new(NULL, pred, c, &j), "out");
    assert_einval(accelsel_place_job_new(&job, NULL, c, &j), "p");
    ck_assert_ptr_null(job);
    assert_einval(accelsel_place_job_new(&job, pred, NULL, &j), "c");
    assert_einval(accelsel_place_job_new(&job, pred, c, NULL), "spec");
    j.network = NULL;
    assert_einval(accelsel_place_job_new(&job, pred, c, &j), "network");
    j.network = net;
    /* Each member's own rule, named. */
    static const struct { const char *field; double v; } bad[] = {
        { "global_batch", 2.5 }, { "per_device_batch", -1 }, { "epochs", NAN },
        { "total_samples", INFINITY }, { "deadline", -5 },
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        accelsel_job_spec b = j;
        double *f = strcmp(bad[k].field, "global_batch") == 0       ? &b.global_batch
                    : strcmp(bad[k].field, "per_device_batch") == 0 ? &b.per_device_batch
                    : strcmp(bad[k].field, "epochs") == 0           ? &b.epochs
                    : strcmp(bad[k].field, "total_samples") == 0    ? &b.total_samples
                                                                    : &b.deadline;
        *f = bad[k].v;
        ck_assert_int_eq(accelsel_place_job_new(&job, pred, c, &b), ACCELSEL_EINVAL);
        ck_assert_str_eq(accelsel_last_error()->field, bad[k].field);
    }
    accelsel_job_spec b = j;
    b.global_batch = 64, b.per_device_batch = 8;
    ck_assert_int_eq(accelsel_place_job_new(&job, pred, c, &b), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "per_device_batch");
    b = j, b.epochs = 2, b.total_samples = 9;
    ck_assert_int_eq(accelsel_place_job_new(&job, pred, c, &b), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "total_samples");
    b = j, b.precision = ACCELSEL_PRECISION_COUNT;
    ck_assert_int_eq(accelsel_place_job_new(&job, pred, c, &b), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "precision");
    b = j, b.stack = 7;
    ck_assert_int_eq(accelsel_place_job_new(&job, pred, c, &b), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "stack");
    b = j, b.min_count = 4, b.max_count = 2;
    ck_assert_int_eq(accelsel_place_job_new(&job, pred, c, &b), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "min_count");
    b = j, b.global_batch = 2, b.min_count = 4;
    ck_assert_int_eq(accelsel_place_job_new(&job, pred, c, &b), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "global_batch");
    b = j, b.version = 3;
    ck_assert_int_eq(accelsel_place_job_new(&job, pred, c, &b), ACCELSEL_EVERSION);
    b = j, b.partitions = "a,,t";
    ck_assert_int_eq(accelsel_place_job_new(&job, pred, c, &b), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "partitions");
    /* A predictor of another catalog. */
    accelsel_catalog *other;
    accelsel_predictor *op;
    ck_assert_int_eq(accelsel_catalog_load_builtin(&other), 0);
    ck_assert_int_eq(accelsel_predictor_new(&op, other, NULL), 0);
    ck_assert_int_eq(accelsel_place_job_new(&job, op, c, &j), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "different catalogs"));
    accelsel_predictor_free(op);
    accelsel_catalog_free(other);
    ck_assert_int_eq(accelsel_place_job_new(&job, pred, c, &j), 0);
    accelsel_decision d = ACCELSEL_DECISION_INIT, before;
    assert_einval(accelsel_place_decide(NULL, job, NULL), "out");
    assert_einval(accelsel_place_decide(&d, NULL, NULL), "job");
    d.version = 2;
    ck_assert_int_eq(accelsel_place_decide(&d, job, NULL), ACCELSEL_EVERSION);
    d.version = ACCELSEL_DECISION_VERSION;
    before = d;
    accelsel_place_options o = ACCELSEL_PLACE_OPTIONS_INIT;
    o.version = ACCELSEL_PLACE_OPTIONS_VERSION + 1;
    ck_assert_int_eq(accelsel_place_decide(&d, job, &o), ACCELSEL_EVERSION);
    o = (accelsel_place_options)ACCELSEL_PLACE_OPTIONS_INIT, o.policy = ACCELSEL_POLICY_COUNT;
    ck_assert_int_eq(accelsel_place_decide(&d, job, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "policy");
    o.policy = 0, o.margin = ACCELSEL_MARGIN_COUNT;
    ck_assert_int_eq(accelsel_place_decide(&d, job, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "margin");
    o.margin = 0, o.min_count = 4, o.max_count = 2;
    ck_assert_int_eq(accelsel_place_decide(&d, job, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "min_count");
    o.min_count = o.max_count = 0;
    const int64_t bad_partition[] = { -2, (int64_t)accelsel_place_cluster_partitions(c), INT64_MIN };
    for (size_t i = 0; i < 3; i++) {
        o.partition = bad_partition[i];
        ck_assert_int_eq(accelsel_place_decide(&d, job, &o), ACCELSEL_EINVAL);
        ck_assert_str_eq(accelsel_last_error()->field, "partition");
    }
    o.partition = -1, o.min_count = 100000; /* no candidate has that many */
    ck_assert_int_eq(accelsel_place_decide(&d, job, &o), ACCELSEL_EEMPTY);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "leave none"));
    ck_assert(memcmp(&d, &before, sizeof d) == 0); /* untouched on failure */
    ck_assert_int_eq(accelsel_place_decide(&d, job, NULL), 0);
    ck_assert_uint_eq(d.policy, ACCELSEL_POLICY_EARLIEST_COMPLETION);
    ck_assert_uint_le(d.n_alternatives, 2);
    /* Options of version 1 (policy and margin only), in a block of their
     * size: the rest take their defaults, nothing past the block is read. */
    unsigned char *old = malloc(offsetof(accelsel_place_options, min_count));
    accelsel_place_options *o1 = (accelsel_place_options *)(void *)old;
    accelsel_decision d1 = ACCELSEL_DECISION_INIT;
    unsigned int version;
    ck_assert_ptr_nonnull(old);
    ck_assert_int_eq(accelsel_place_options_init(o1, 1), 0);
    memcpy(&version, old, sizeof version);
    ck_assert_uint_eq(version, 1);
    ck_assert_int_eq(accelsel_place_decide(&d1, job, o1), 0);
    ck_assert(memcmp(&d1, &d, sizeof d) == 0);
    free(old);
    accelsel_place_job_free(job);
    accelsel_place_job_free(NULL);
    accelsel_place_cluster_free(c);
    /* The text form. */
    char *name = (char *)&name;
    assert_einval(accelsel_job_spec_parse(NULL, &name, "network=a"), "spec");
    ck_assert_ptr_null(name);
    assert_einval(accelsel_job_spec_parse(&j, NULL, "network=a"), "network");
    assert_einval(accelsel_job_spec_parse(&j, &name, NULL), "text");
    b = j, b.version = 0;
    ck_assert_int_eq(accelsel_job_spec_parse(&b, &name, "network=a"), ACCELSEL_EVERSION);
}
END_TEST

/* ---- Allocation failures ---------------------------------------------- */

static int build_scenario(void *ctx)
{
    (void)ctx;
    accelsel_place_cluster *c = NULL, *c2 = NULL;
    char *text = NULL;
    accelsel_partition_spec s = ACCELSEL_PARTITION_SPEC_INIT;
    accelsel_busy b[2] = { { 2, 0, 30 }, { 1, 0, 10 } };
    s.name = "x", s.system = "dgx-h100", s.nodes = 2, s.inter_link = "ib-hdr";
    int rc = accelsel_place_cluster_new(&c, cat);
    if (rc == 0)
        rc = accelsel_place_cluster_add(c, &s);
    if (rc == 0)
        rc = accelsel_place_cluster_set_state(c, 0, 4, b, 2);
    if (rc == 0)
        rc = accelsel_place_cluster_take(c, 0, 4, 30, 90);
    if (rc == 0)
        rc = accelsel_place_cluster_set_now(c, 5);
    if (rc == 0)
        rc = accelsel_place_cluster_save_buffer(c, &text, NULL);
    if (rc == 0)
        rc = accelsel_place_cluster_load_buffer(&c2, cat, text, strlen(text));
    if (rc == 0)
        ck_assert_uint_eq(accelsel_place_cluster_partition(c2, 0)->n_busy, 3);
    accelsel_free(text);
    accelsel_place_cluster_free(c2);
    accelsel_place_cluster_free(c);
    return rc;
}

START_TEST(building_allocation_failures)
{
    testutil_alloc_sweep(build_scenario, NULL, 8);
}
END_TEST

static int decide_scenario(void *ctx)
{
    accelsel_place_cluster *c = ctx;
    accelsel_job_spec j = ACCELSEL_JOB_SPEC_INIT;
    accelsel_place_job *job = NULL;
    char *name = NULL;
    j.network = net;
    int rc = accelsel_job_spec_parse(&j, &name, "network=small-cnn,epochs=2,max=4");
    if (rc == 0)
        rc = accelsel_place_job_new(&job, pred, c, &j);
    accelsel_decision d = ACCELSEL_DECISION_INIT;
    if (rc == 0)
        rc = accelsel_place_decide(&d, job, NULL);
    if (rc == 0)
        ck_assert_str_eq(name, "small-cnn");
    accelsel_free(name);
    accelsel_place_job_free(job);
    return rc;
}

START_TEST(decision_allocation_failures)
{
    accelsel_place_cluster *c;
    ck_assert_int_eq(accelsel_place_cluster_load_buffer(&c, cat, yaml, strlen(yaml)), 0);
    testutil_alloc_sweep(decide_scenario, c, 4);
    accelsel_place_cluster_free(c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api_place");
    TCase *tc = tcase_create("api_place");
    tcase_set_timeout(tc, 900);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, structs_options_and_names);
    tcase_add_test(tc, cluster_calls);
    tcase_add_test(tc, job_and_decision_calls);
    tcase_add_test(tc, building_allocation_failures);
    tcase_add_test(tc, decision_allocation_failures);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
