/* The step-measurement loader (include/accelsel/steps.h,
 * docs/step-measurements.md): good rows read back with their values, and
 * each bad input gives its status at the line and byte column of the cell.
 *
 * Rows are written as 12 fields; the expected column of a bad field is
 * worked out here from the lengths of the fields before it (1 + the bytes
 * and commas in front), never taken from the library. The devices come from
 * a two-entry catalog in this file, so the tests do not depend on the
 * built-in one (except for the built-in rows, which name its devices). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

#define NF 12
static const char header[] = "network,device,threads,batch,image_size,precision,framework,"
                             "framework_version,steps_timed,step_min_s,step_median_s,measured_at\n";
static const char *const good[NF] = {"small-cnn", "c2", "1", "32", "32", "fp32", "pytorch-eager",
                                     "1.13.0a0", "5", "0.0412", "0.0425", "2025-06-01"};

/* A CPU of two cores and a GPU. */
static const char catalog_yaml[] =
    "version: 1\ndevices:\n"
    "  - {name: c2, vendor: v, kind: cpu, cores: 2, clock_hz: 2.0e9, source: s}\n"
    "  - {name: g1, vendor: v, kind: gpu, source: s}\n";

static accelsel_catalog *cat;

static void setup(void)
{
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, catalog_yaml, strlen(catalog_yaml)), 0);
}

static void teardown(void)
{
    accelsel_catalog_free(cat);
}

/* A row of the good fields with field @p bad (-1: none) replaced by @p text. */
static void put_row(testutil_text *t, int bad, const char *text)
{
    for (int i = 0; i < NF; i++)
        testutil_put(t, "%s%s", i == bad ? text : good[i], i + 1 < NF ? "," : "\n");
}

/* 1-based byte column of field @p bad in a row built by put_row(). */
static unsigned column_of(int bad)
{
    unsigned col = 1;
    for (int i = 0; i < bad; i++)
        col += (unsigned)strlen(good[i]) + 1;
    return col;
}

typedef struct bad_case {
    const char *name;
    int field;        /* the field replaced in the second data row (line 3) */
    const char *text; /* its text */
    int status;
    const char *fragment;
} bad_case;

static const bad_case cases[] = {
    {"unknown network", 0, "small-cn", ACCELSEL_ENOTFOUND, "closest: 'small-cnn'"},
    {"missing network", 0, "", ACCELSEL_EPARSE, "column 'network': missing value"},
    {"unknown device", 1, "c3", ACCELSEL_ENOTFOUND, "column 'device'"},
    {"threads above the cores", 2, "3", ACCELSEL_ERANGE, "more than the 2 cores of device 'c2'"},
    {"fractional threads", 2, "1.5", ACCELSEL_ERANGE, "1.5 is not a whole number"},
    {"zero batch", 3, "0", ACCELSEL_ERANGE, "column 'batch': 0 is not a whole number"},
    {"text batch", 3, "many", ACCELSEL_EPARSE, "column 'batch': 'many' is not a number"},
    {"image size of another network", 4, "224", ACCELSEL_EDATA,
     "network 'small-cnn' takes input of side 32"},
    {"precision in upper case", 5, "FP32", ACCELSEL_ENOTFOUND, "unknown precision 'FP32'"},
    {"no framework", 6, "", ACCELSEL_EPARSE, "column 'framework': missing value"},
    {"four timed steps", 8, "4", ACCELSEL_ERANGE, "4 timed steps, fewer than the 5 required"},
    {"zero minimum", 9, "0", ACCELSEL_ERANGE, "column 'step_min_s': a step time must be finite"},
    {"negative median", 10, "-0.1", ACCELSEL_ERANGE, "column 'step_median_s'"},
    {"infinite median", 10, "inf", ACCELSEL_ERANGE, "not inf"},
    {"NaN minimum reads as missing", 9, "NaN", ACCELSEL_EPARSE, "missing value"},
    {"text minimum", 9, "fast", ACCELSEL_EPARSE, "'fast' is not a number"},
    {"minimum above the median", 9, "0.05", ACCELSEL_EDATA,
     "the minimum 0.05 s is above the median 0.0425 s"},
    {"month 13", 11, "2025-13-01", ACCELSEL_EPARSE, "is not an ISO 8601 date"},
    {"29 February of a common year", 11, "2025-02-29", ACCELSEL_EPARSE, "ISO 8601"},
    {"a word for a date", 11, "yesterday", ACCELSEL_EPARSE, "'yesterday' is not an ISO"},
    {"a date and T without a time", 11, "2025-06-01T", ACCELSEL_EPARSE, "ISO 8601"},
};
#define N_CASES (sizeof cases / sizeof *cases)

static int contains(const char *s, const char *frag)
{
    return strstr(s, frag) != NULL;
}

START_TEST(bad_cell_is_reported_at_its_place)
{
    const bad_case *c = &cases[_i];
    testutil_text t = {0};
    testutil_put(&t, "%s", header);
    put_row(&t, -1, NULL);
    put_row(&t, c->field, c->text);
    accelsel_dataset *ds = (accelsel_dataset *)&t; /* must be written */
    int rc = accelsel_steps_load_buffer(&ds, cat, t.s, t.len, NULL);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(rc == c->status, "%s: status %d, want %d (%s)", c->name, rc, c->status,
                  e->message);
    ck_assert_ptr_null(ds);
    ck_assert_str_eq(e->source, "<buffer>");
    ck_assert_uint_eq(e->line, 3);
    ck_assert_uint_eq(e->column, column_of(c->field));
    ck_assert_msg(contains(e->message, c->fragment), "%s: '%s' lacks '%s'", c->name, e->message,
                  c->fragment);
    free(t.s);
}
END_TEST

START_TEST(good_rows_keep_their_values)
{
    /* An informational text column whose values read as numbers stays
     * text, and an extra column of the file's own is kept. */
    static const char csv[] =
        "network,device,threads,batch,image_size,precision,framework,framework_version,"
        "steps_timed,step_min_s,step_median_s,measured_at,cpu_model,note\n"
        "small-cnn,c2,1,32,32,fp32,pytorch-eager,2.1,5,0.0412,0.0425,2025-06-01,7.5,a\n"
        "resnet18-cifar,c2,2,128,32,fp32,pytorch-eager,2.1,12,1.5,1.5,2025-06-01T10:00:00Z,7.5,b\n"
        "resnet50,g1,64,256,224,bf16,pytorch-eager,2.1,5,0.25,0.26,2024-02-29,7.5,c\n";
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, csv, strlen(csv), NULL), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(ds), 3);
    ck_assert_uint_eq(accelsel_dataset_cols(ds), 14);
    size_t net, threads, ver, cpu, min, med, note;
    ck_assert_int_eq(accelsel_dataset_column_index(ds, "network", &net), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(ds, "threads", &threads), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(ds, "framework_version", &ver), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(ds, "cpu_model", &cpu), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(ds, "step_min_s", &min), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(ds, "step_median_s", &med), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(ds, "note", &note), 0);
    ck_assert_str_eq(accelsel_dataset_string(ds, 1, net), "resnet18-cifar");
    ck_assert_double_eq(accelsel_dataset_number(ds, 1, threads), 2);
    ck_assert_double_eq(accelsel_dataset_number(ds, 2, threads), 64); /* a GPU: host threads */
    ck_assert_int_eq(accelsel_dataset_column_type(ds, ver), ACCELSEL_COLUMN_CATEGORICAL);
    ck_assert_str_eq(accelsel_dataset_string(ds, 0, ver), "2.1");
    ck_assert_int_eq(accelsel_dataset_column_type(ds, cpu), ACCELSEL_COLUMN_CATEGORICAL);
    ck_assert_double_eq(accelsel_dataset_number(ds, 0, min), 0.0412);
    ck_assert_double_eq(accelsel_dataset_number(ds, 1, med), 1.5); /* min = median is fine */
    ck_assert_str_eq(accelsel_dataset_string(ds, 2, note), "c");
    ck_assert_uint_eq(accelsel_dataset_row_line(ds, 2), 4);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(missing_column_is_at_the_header)
{
    /* The header without step_median_s; the row has one field fewer too. */
    static const char csv[] =
        "network,device,threads,batch,image_size,precision,framework,framework_version,"
        "steps_timed,step_min_s,measured_at\n"
        "small-cnn,c2,1,32,32,fp32,pytorch-eager,1.13.0a0,5,0.0412,2025-06-01\n";
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, csv, strlen(csv), NULL), ACCELSEL_EPARSE);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_uint_eq(e->line, 1);
    ck_assert_uint_eq(e->column, 1);
    ck_assert(contains(e->message, "missing required column 'step_median_s'"));
}
END_TEST

START_TEST(first_bad_cell_in_file_order)
{
    /* device before network, both unknown: the device, at byte 1, is first. */
    static const char csv[] =
        "device,network,threads,batch,image_size,precision,framework,framework_version,"
        "steps_timed,step_min_s,step_median_s,measured_at\n"
        "c9,nope,1,32,32,fp32,pytorch-eager,1.13.0a0,5,0.0412,0.0425,2025-06-01\n";
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, csv, strlen(csv), NULL),
                     ACCELSEL_ENOTFOUND);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_uint_eq(e->line, 2);
    ck_assert_uint_eq(e->column, 1);
    ck_assert(contains(e->message, "column 'device'"));
    /* A quoted field with a doubled quote before the bad cell: "a""b" is 6
     * bytes plus its comma, so the network starts at byte 8 of line 2. */
    static const char quoted[] =
        "note,network,device,threads,batch,image_size,precision,framework,framework_version,"
        "steps_timed,step_min_s,step_median_s,measured_at\n"
        "\"a\"\"b\",nope,c2,1,32,32,fp32,pytorch-eager,1.13.0a0,5,0.0412,0.0425,2025-06-01\n";
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, quoted, strlen(quoted), NULL),
                     ACCELSEL_ENOTFOUND);
    ck_assert_uint_eq(e->line, 2);
    ck_assert_uint_eq(e->column, 8);
}
END_TEST

START_TEST(header_alone_and_malformed_csv)
{
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, header, strlen(header), NULL),
                     ACCELSEL_EEMPTY);
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, NULL, 0, NULL), ACCELSEL_EPARSE);
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, NULL, 1, NULL), ACCELSEL_EINVAL);
    /* A row with one field too many: the CSV reader's error, at the extra
     * field (the good row is 66 bytes + "2025-06-01" = 75, then ",x"). */
    testutil_text t = {0};
    testutil_put(&t, "%s", header);
    put_row(&t, 11, "2025-06-01,x");
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, t.s, t.len, NULL), ACCELSEL_EPARSE);
    ck_assert_uint_eq(accelsel_last_error()->line, 2);
    ck_assert_uint_eq(accelsel_last_error()->column, column_of(11) + 11);
    free(t.s);
}
END_TEST

START_TEST(options)
{
    accelsel_steps_options o;
    ck_assert_int_eq(accelsel_steps_options_init(&o, ACCELSEL_STEPS_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(o.min_steps_timed, 5); /* docs/step-measurements.md: at least 5 timed steps */
    ck_assert_int_eq(accelsel_steps_options_init(&o, 2), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_steps_options_init(NULL, 1), ACCELSEL_EINVAL);
    ck_assert_uint_eq(accelsel_steps_options_size(), sizeof o);
    /* One timed step is refused by default and accepted when allowed. */
    testutil_text t = {0};
    testutil_put(&t, "%s", header);
    put_row(&t, 8, "1");
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, t.s, t.len, &o), ACCELSEL_ERANGE);
    o.min_steps_timed = 1;
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, t.s, t.len, &o), 0);
    accelsel_dataset_free(ds);
    o.version = 99;
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, t.s, t.len, &o), ACCELSEL_EVERSION);
    ck_assert_ptr_null(ds);
    ck_assert_int_eq(accelsel_steps_load_buffer(NULL, cat, t.s, t.len, NULL), ACCELSEL_EINVAL);
    free(t.s);
}
END_TEST

START_TEST(file_form)
{
    char path[] = "/tmp/accelsel-steps-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    testutil_text t = {0};
    testutil_put(&t, "%s", header);
    put_row(&t, 1, "zz");
    ck_assert_int_eq(write(fd, t.s, t.len), (ssize_t)t.len);
    close(fd);
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_steps_load_file(&ds, cat, path, NULL), ACCELSEL_ENOTFOUND);
    ck_assert_str_eq(accelsel_last_error()->source, path);
    ck_assert_uint_eq(accelsel_last_error()->column, column_of(1));
    unlink(path);
    ck_assert_int_eq(accelsel_steps_load_file(&ds, cat, path, NULL), ACCELSEL_EIO);
    ck_assert_int_eq(accelsel_steps_load_file(&ds, cat, NULL, NULL), ACCELSEL_EINVAL);
    free(t.s);
}
END_TEST

/* The shipped rows: whatever they are, each one validates (it loaded) and
 * carries its provenance. */
START_TEST(builtin_rows_validate_with_provenance)
{
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_steps_load_builtin(&ds, NULL), 0);
    ck_assert_uint_gt(accelsel_dataset_rows(ds), 0);
    static const char *const prov[] = {"framework", "framework_version", "measured_at",
                                       "cpu_model", "torchvision_version", "python_version",
                                       "loadavg_before", "loadavg_after"};
    for (size_t k = 0; k < sizeof prov / sizeof *prov; k++) {
        size_t col;
        ck_assert_msg(accelsel_dataset_column_index(ds, prov[k], &col) == 0, "no %s", prov[k]);
        for (size_t r = 0; r < accelsel_dataset_rows(ds); r++)
            ck_assert_msg(!accelsel_dataset_is_missing(ds, r, col), "row %zu lacks %s", r, prov[k]);
    }
    accelsel_dataset_free(ds);
    ck_assert_int_eq(accelsel_steps_load_builtin(NULL, NULL), ACCELSEL_EINVAL);
    /* A catalog without the rows' devices refuses them. */
    ck_assert_int_eq(accelsel_steps_load_builtin(&ds, cat), ACCELSEL_ENOTFOUND);
    ck_assert_str_eq(accelsel_last_error()->source, "steps-builtin");
}
END_TEST

/* Allocation failures: a good load and one that fails at a cell (the
 * position is found again on the way out). */
static int sweep_scenario(void *ctx)
{
    int bad = *(const int *)ctx;
    testutil_text t = {0};
    testutil_put(&t, "%s", header);
    put_row(&t, -1, NULL);
    put_row(&t, bad ? 0 : -1, "\"small\"\"cn\"");
    accelsel_dataset *ds = NULL;
    int rc = accelsel_steps_load_buffer(&ds, cat, t.s, t.len, NULL);
    free(t.s);
    accelsel_dataset_free(ds);
    return bad && rc == ACCELSEL_ENOTFOUND ? 0 : rc;
}

START_TEST(allocation_failures)
{
    int bad = _i;
    testutil_alloc_sweep(sweep_scenario, &bad, 10);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("steps");
    TCase *tc = tcase_create("steps");
    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, bad_cell_is_reported_at_its_place, 0, (int)N_CASES);
    tcase_add_test(tc, good_rows_keep_their_values);
    tcase_add_test(tc, missing_column_is_at_the_header);
    tcase_add_test(tc, first_bad_cell_in_file_order);
    tcase_add_test(tc, header_alone_and_malformed_csv);
    tcase_add_test(tc, options);
    tcase_add_test(tc, file_form);
    tcase_add_test(tc, builtin_rows_validate_with_provenance);
    tcase_add_loop_test(tc, allocation_failures, 0, 2);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
