/* Datasets: building, accessors, filters, selections, matrix export, CSV
 * save and its round trip, argument checks and allocation failures. */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accelsel/dataset.h"
#include "testutil.h"

static const char small_csv[] = "name,gpu,n,t\n"
                                "a,A100,8,10\n"
                                "b,V100,8,20\n"
                                "c,A100,16,6\n"
                                "d,,32,\n"
                                "e,A100,64,2.5\n";

static accelsel_dataset *load(const char *text)
{
    accelsel_dataset *ds = NULL;
    int rc = accelsel_dataset_load_csv_buffer(&ds, text, strlen(text), NULL);
    ck_assert_msg(rc == 0, "load failed: %s", accelsel_last_error()->message);
    return ds;
}

static int same_double(double a, double b)
{
    return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

/* Equal names, types, values (bit for bit), missing cells and level order. */
static void assert_same(const accelsel_dataset *a, const accelsel_dataset *b)
{
    ck_assert_uint_eq(accelsel_dataset_rows(a), accelsel_dataset_rows(b));
    ck_assert_uint_eq(accelsel_dataset_cols(a), accelsel_dataset_cols(b));
    for (size_t c = 0; c < accelsel_dataset_cols(a); c++) {
        ck_assert_str_eq(accelsel_dataset_column_name(a, c), accelsel_dataset_column_name(b, c));
        int type = accelsel_dataset_column_type(a, c);
        ck_assert_int_eq(type, accelsel_dataset_column_type(b, c));
        for (size_t r = 0; r < accelsel_dataset_rows(a); r++) {
            if (type == ACCELSEL_COLUMN_NUMERIC)
                ck_assert_msg(same_double(accelsel_dataset_number(a, r, c), accelsel_dataset_number(b, r, c)),
                              "column %zu row %zu", c, r);
            else
                ck_assert_int_eq(accelsel_dataset_code(a, r, c), accelsel_dataset_code(b, r, c));
        }
        ck_assert_uint_eq(accelsel_dataset_levels(a, c), accelsel_dataset_levels(b, c));
        for (size_t l = 0; l < accelsel_dataset_levels(a, c); l++)
            ck_assert_str_eq(accelsel_dataset_level(a, c, l), accelsel_dataset_level(b, c, l));
    }
}

static void assert_error(int rc, int want, const char *fragment)
{
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(rc == want, "status %d, want %d (%s)", rc, want, e->message);
    ck_assert_int_eq(e->code, want);
    ck_assert_msg(strstr(e->message, fragment) != NULL, "'%s' lacks '%s'", e->message, fragment);
}

START_TEST(builder_add_and_replace)
{
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, 3), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(ds), 3);
    ck_assert_uint_eq(accelsel_dataset_cols(ds), 0);
    double x[] = {1, NAN, 3};
    const char *k[] = {"a", NULL, "a"};
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "x", x, 3), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "k", k, 3), 0);
    x[0] = 99; /* copied, not kept */
    ck_assert(accelsel_dataset_number(ds, 0, 0) == 1);
    ck_assert_int_eq(accelsel_dataset_is_missing(ds, 1, 0), 1);
    ck_assert_uint_eq(accelsel_dataset_levels(ds, 1), 1);
    ck_assert_int_eq(accelsel_dataset_code(ds, 2, 1), 0);
    /* Replacing keeps the position and may change the type. */
    double y[] = {4, 5, 6};
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "k", y, 3), 0);
    ck_assert_uint_eq(accelsel_dataset_cols(ds), 2);
    ck_assert_str_eq(accelsel_dataset_column_name(ds, 1), "k");
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 1), ACCELSEL_COLUMN_NUMERIC);
    ck_assert(accelsel_dataset_numeric(ds, 1)[2] == 6);
    const char *z[] = {"p", "q", "p"};
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "x", z, 3), 0);
    ck_assert_str_eq(accelsel_dataset_column_name(ds, 0), "x");
    ck_assert_str_eq(accelsel_dataset_string(ds, 1, 0), "q");
    /* Failures leave the dataset unchanged. */
    assert_error(accelsel_dataset_add_numeric(ds, "w", y, 2), ACCELSEL_EINVAL, "2 values, the dataset 3 rows");
    assert_error(accelsel_dataset_add_numeric(ds, "", y, 3), ACCELSEL_EINVAL, "empty column name");
    assert_error(accelsel_dataset_add_numeric(ds, "\xC3", y, 3), ACCELSEL_EINVAL, "not valid UTF-8");
    const char *bad[] = {"ok", "\xED\xA0\x80", NULL};
    assert_error(accelsel_dataset_add_categorical(ds, "x", bad, 3), ACCELSEL_EINVAL, "row 1 in column 'x'");
    ck_assert_str_eq(accelsel_dataset_string(ds, 1, 0), "q");
    ck_assert_uint_eq(accelsel_dataset_cols(ds), 2);
    /* Infinities are kept as values. */
    double inf[] = {INFINITY, -INFINITY, 0};
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "inf", inf, 3), 0);
    ck_assert_int_eq(accelsel_dataset_is_missing(ds, 0, 2), 0);
    accelsel_dataset_free(ds);
    /* Zero rows: values may be NULL. */
    ck_assert_int_eq(accelsel_dataset_new(&ds, 0), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "e", NULL, 0), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "f", NULL, 0), 0);
    ck_assert_uint_eq(accelsel_dataset_cols(ds), 2);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(accessors_out_of_range)
{
    accelsel_dataset *ds = load(small_csv);
    ck_assert_uint_eq(accelsel_dataset_rows(NULL), 0);
    ck_assert_uint_eq(accelsel_dataset_cols(NULL), 0);
    ck_assert_ptr_null(accelsel_dataset_column_name(ds, 4));
    ck_assert_ptr_null(accelsel_dataset_column_name(NULL, 0));
    assert_error(accelsel_dataset_column_type(ds, 4), ACCELSEL_EINVAL, "column 4 out of range");
    ck_assert_ptr_null(accelsel_dataset_numeric(ds, 1));     /* categorical */
    ck_assert_ptr_nonnull(accelsel_dataset_numeric(ds, 2));
    ck_assert(isnan(accelsel_dataset_number(ds, 5, 2)));     /* row out of range */
    ck_assert(isnan(accelsel_dataset_number(ds, 0, 1)));     /* not numeric */
    ck_assert_ptr_null(accelsel_dataset_string(ds, 0, 2));   /* not categorical */
    ck_assert_ptr_null(accelsel_dataset_string(ds, 3, 1));   /* missing */
    ck_assert_ptr_null(accelsel_dataset_string(ds, 9, 1));
    assert_error(accelsel_dataset_is_missing(ds, 5, 0), ACCELSEL_EINVAL, "out of range");
    ck_assert_int_eq(accelsel_dataset_is_missing(ds, 3, 3), 1);
    ck_assert_uint_eq(accelsel_dataset_levels(ds, 2), 0);
    ck_assert_uint_eq(accelsel_dataset_levels(ds, 1), 2);    /* A100, V100 */
    ck_assert_ptr_null(accelsel_dataset_level(ds, 1, 2));
    ck_assert_str_eq(accelsel_dataset_level(ds, 1, 1), "V100");
    ck_assert_int_eq(accelsel_dataset_code(ds, 3, 1), -1);
    assert_error((int)accelsel_dataset_code(ds, 0, 2), ACCELSEL_ETYPE, "column 'n' is numeric");
    assert_error((int)accelsel_dataset_code(ds, 5, 1), ACCELSEL_ERANGE, "out of range");
    assert_error((int)accelsel_dataset_code(NULL, 0, 0), ACCELSEL_ERANGE, "ds is NULL");
    size_t col = 0;
    ck_assert_int_eq(accelsel_dataset_column_index(ds, "t", &col), 0);
    ck_assert_uint_eq(col, 3);
    assert_error(accelsel_dataset_column_index(ds, "gpus", &col), ACCELSEL_ENOTFOUND,
                 "no column 'gpus' (closest: 'gpu')");
    accelsel_dataset_free(ds);
}
END_TEST

/* The values of column "name" joined, e.g. "a,c,e". */
static const char *names_of(const accelsel_dataset *ds)
{
    static char out[256];
    size_t col, used = 0;
    ck_assert_int_eq(accelsel_dataset_column_index(ds, "name", &col), 0);
    out[0] = '\0';
    for (size_t r = 0; r < accelsel_dataset_rows(ds); r++)
        used += (size_t)snprintf(out + used, sizeof out - used, "%s%s", r ? "," : "",
                                 accelsel_dataset_string(ds, r, col));
    return out;
}

static const char *expr(const accelsel_dataset *ds, const char *e)
{
    accelsel_dataset *f = NULL;
    int rc = accelsel_dataset_filter_expr(&f, ds, e);
    ck_assert_msg(rc == 0, "%s: %s", e, accelsel_last_error()->message);
    ck_assert_uint_eq(accelsel_dataset_cols(f), 4);
    const char *s = names_of(f);
    accelsel_dataset_free(f);
    return s;
}

START_TEST(filters)
{
    accelsel_dataset *ds = load(small_csv), *f = NULL;
    ck_assert_int_eq(accelsel_dataset_filter_equal(&f, ds, "gpu", "A100"), 0);
    ck_assert_str_eq(names_of(f), "a,c,e");
    ck_assert_uint_eq(accelsel_dataset_levels(f, 1), 1); /* levels follow the rows kept */
    accelsel_dataset_free(f);
    ck_assert_int_eq(accelsel_dataset_filter_equal(&f, ds, "n", "8.0"), 0); /* compared as numbers */
    ck_assert_str_eq(names_of(f), "a,b");
    accelsel_dataset_free(f);
    ck_assert_int_eq(accelsel_dataset_filter_equal(&f, ds, "gpu", "H100"), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(f), 0);
    ck_assert_uint_eq(accelsel_dataset_cols(f), 4);
    accelsel_dataset_free(f);
    ck_assert_int_eq(accelsel_dataset_filter_range(&f, ds, "n", 10, 40), 0);
    ck_assert_str_eq(names_of(f), "c,d");
    accelsel_dataset_free(f);
    ck_assert_int_eq(accelsel_dataset_filter_range(&f, ds, "t", -INFINITY, INFINITY), 0);
    ck_assert_str_eq(names_of(f), "a,b,c,e"); /* missing never matches */
    accelsel_dataset_free(f);
    assert_error(accelsel_dataset_filter_equal(&f, ds, "n", "eight"), ACCELSEL_EINVAL,
                 "'eight' is not a number");
    assert_error(accelsel_dataset_filter_range(&f, ds, "gpu", 0, 1), ACCELSEL_ETYPE,
                 "'gpu' is categorical");
    assert_error(accelsel_dataset_filter_range(&f, ds, "n", 2, 1), ACCELSEL_EINVAL, "invalid range");
    assert_error(accelsel_dataset_filter_range(&f, ds, "n", NAN, 1), ACCELSEL_EINVAL, "invalid range");
    assert_error(accelsel_dataset_filter_equal(&f, ds, "gpuu", "A100"), ACCELSEL_ENOTFOUND,
                 "closest: 'gpu'");
    ck_assert_ptr_null(f);

    ck_assert_str_eq(expr(ds, "gpu=A100"), "a,c,e");
    ck_assert_str_eq(expr(ds, "n=8"), "a,b");
    ck_assert_str_eq(expr(ds, "n=16.."), "c,d,e");
    ck_assert_str_eq(expr(ds, "n=..8"), "a,b");
    ck_assert_str_eq(expr(ds, "n=8..16"), "a,b,c");
    ck_assert_str_eq(expr(ds, "t=.."), "a,b,c,e");
    ck_assert_str_eq(expr(ds, "t=2.5..6"), "c,e");
    ck_assert_str_eq(expr(ds, "gpu=A1..00"), ""); /* a plain value on a categorical column */
    assert_error(accelsel_dataset_filter_expr(&f, ds, "=5"), ACCELSEL_EPARSE, "empty column name");
    assert_error(accelsel_dataset_filter_expr(&f, ds, "n"), ACCELSEL_EPARSE, "no '='");
    assert_error(accelsel_dataset_filter_expr(&f, ds, "n=a..9"), ACCELSEL_EINVAL, "bound 'a'");
    assert_error(accelsel_dataset_filter_expr(&f, ds, "nn=1"), ACCELSEL_ENOTFOUND, "closest: 'n'");
    ck_assert_ptr_null(f);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(select_rows_columns_and_matrix)
{
    accelsel_dataset *ds = load(small_csv), *s = NULL;
    size_t rows[] = {4, 0, 4};
    ck_assert_int_eq(accelsel_dataset_select_rows(&s, ds, rows, 3), 0);
    ck_assert_str_eq(names_of(s), "e,a,e");
    ck_assert_uint_eq(accelsel_dataset_levels(s, 1), 1);
    accelsel_dataset_free(s);
    ck_assert_int_eq(accelsel_dataset_select_rows(&s, ds, NULL, 0), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(s), 0);
    accelsel_dataset_free(s);
    rows[1] = 5;
    assert_error(accelsel_dataset_select_rows(&s, ds, rows, 3), ACCELSEL_EINVAL, "rows[1] = 5 out of range");

    size_t cols[] = {3, 1};
    ck_assert_int_eq(accelsel_dataset_select_columns(&s, ds, cols, 2), 0);
    ck_assert_str_eq(accelsel_dataset_column_name(s, 0), "t");
    ck_assert_str_eq(accelsel_dataset_string(s, 1, 1), "V100");
    ck_assert_uint_eq(accelsel_dataset_rows(s), 5);
    accelsel_dataset_free(s);
    cols[1] = 3;
    assert_error(accelsel_dataset_select_columns(&s, ds, cols, 2), ACCELSEL_EINVAL, "selected twice");
    cols[1] = 7;
    assert_error(accelsel_dataset_select_columns(&s, ds, cols, 2), ACCELSEL_EINVAL, "out of range");

    size_t mcols[] = {3, 2};
    double m[10];
    ck_assert_int_eq(accelsel_dataset_to_matrix(ds, mcols, 2, m, 10), 0);
    double want[] = {10, 8, 20, 8, 6, 16, NAN, 32, 2.5, 64};
    for (int i = 0; i < 10; i++)
        ck_assert(same_double(m[i], want[i]));
    assert_error(accelsel_dataset_to_matrix(ds, mcols, 2, m, 9), ACCELSEL_EINVAL, "capacity 9");
    mcols[1] = 1;
    assert_error(accelsel_dataset_to_matrix(ds, mcols, 2, m, 10), ACCELSEL_ETYPE, "'gpu' is categorical");
    accelsel_dataset_free(ds);
}
END_TEST

/* A dataset with every kind of value the writer must protect. */
static accelsel_dataset *tricky(void)
{
    /* Empty text and missing-value words cannot survive (they read back as
     * missing, as documented); everything else a writer must protect can. */
    const char *text[] = {"a,b", "he said \"hi\"", "line\nbreak", " lead", "trail\t", "N.A.",
                          "-",   "n/a/b",          "42",         "1e999", "h\xC3\xA9llo", NULL};
    const char *numeric_text[] = {"1", "2.50", "003", NULL, "inf", "-0", "1", "7", "8", "9", "10", "11"};
    const char *mixed[] = {"x", "1", "2", NULL, "x", "y", "1", "1", "1", "1", "1", "1"};
    double num[] = {-0.0, INFINITY, -INFINITY, 0.1, 1e-300, DBL_MAX, NAN, 1.0 / 3, 5e-324, 123456789012345678.0, 1e21, -2};
    double none[12];
    for (int i = 0; i < 12; i++)
        none[i] = NAN;
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, 12), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "text, quoted \"name\"", text, 12), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "numeric_text", numeric_text, 12), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "mixed", mixed, 12), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "num", num, 12), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "none", none, 12), 0);
    return ds;
}

START_TEST(save_quotes_only_when_needed)
{
    /* Expected text written by hand from the rules in dataset.h. */
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, 3), 0);
    const char *k[] = {"a b", "NA", NULL};
    const char *c[] = {"7", "07", "7"};
    const char *m[] = {"x", "7", NULL};
    double v[] = {0.1, NAN, -2e-7};
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "k", k, 3), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "codes", c, 3), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "m", m, 3), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "v", v, 3), 0);
    char *out = NULL;
    size_t len = 0;
    ck_assert_int_eq(accelsel_dataset_save_csv_buffer(ds, &out, &len), 0);
    ck_assert_str_eq(out, "k,codes,m,v\n"
                          "a b,7,x,0.1\n"
                          "NA,07,7,\n"
                          ",7,,-2.0e-07\n");
    ck_assert_uint_eq(len, strlen(out));
    accelsel_free(out);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(save_load_round_trip)
{
    accelsel_dataset *ds = tricky(), *back = NULL;
    char *text = NULL;
    size_t len = 0;
    /* numeric_text holds only numbers as text: it needs the option on reload. */
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    const char *keep[] = {"numeric_text"};
    o.categorical = keep;
    o.n_categorical = 1;
    ck_assert_int_eq(accelsel_dataset_save_csv_buffer(ds, &text, &len), 0);
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&back, text, len, NULL), 0);
    ck_assert_int_eq(accelsel_dataset_column_type(back, 1), ACCELSEL_COLUMN_NUMERIC);
    accelsel_dataset_free(back);
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&back, text, len, &o), 0);
    assert_same(ds, back);
    accelsel_dataset_free(back);
    /* Through a file, and a second generation gives the same bytes. */
    char path[] = "/tmp/accelsel_ds_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(accelsel_dataset_save_csv(ds, path), 0);
    ck_assert_int_eq(accelsel_dataset_load_csv(&back, path, &o), 0);
    assert_same(ds, back);
    char *again = NULL;
    ck_assert_int_eq(accelsel_dataset_save_csv_buffer(back, &again, NULL), 0);
    ck_assert_str_eq(text, again);
    accelsel_free(again);
    accelsel_dataset_free(back);
    remove(path);
    close(fd);
    accelsel_free(text);
    accelsel_dataset_free(ds);

    /* One column whose last value is missing: written "", a row when read. */
    double one[] = {1, NAN};
    ck_assert_int_eq(accelsel_dataset_new(&ds, 2), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "x", one, 2), 0);
    ck_assert_int_eq(accelsel_dataset_save_csv_buffer(ds, &text, &len), 0);
    ck_assert_str_eq(text, "x\n1\n\"\"\n");
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&back, text, len, NULL), 0);
    assert_same(ds, back);
    accelsel_free(text);
    accelsel_dataset_free(back);
    accelsel_dataset_free(ds);

    ds = load(small_csv);
    assert_error(accelsel_dataset_save_csv(ds, "/nonexistent/dir/out.csv"), ACCELSEL_EIO,
                 "'/nonexistent/dir/out.csv': No such file or directory");
    accelsel_dataset_free(ds);
}
END_TEST

/* The text of @p ds as CSV, loaded back: equal to @p ds. */
static char *save_and_reload(const accelsel_dataset *ds)
{
    char *text = NULL;
    size_t len = 0;
    accelsel_dataset *back = NULL;
    ck_assert_int_eq(accelsel_dataset_save_csv_buffer(ds, &text, &len), 0);
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&back, text, len, NULL), 0);
    assert_same(ds, back);
    accelsel_dataset_free(back);
    return text;
}

/* In a one-column table a missing value is "" (pandas drops blank lines and
 * Python's csv reads them as rows of no field), in either kind of column,
 * first, inside and last; with two columns it stays an empty field. The
 * expected text is written by hand from the rules in dataset.h. */
START_TEST(one_column_missing_is_quoted)
{
    accelsel_dataset *ds = NULL;
    const double v[] = {NAN, 1, NAN, NAN, 3, NAN};
    ck_assert_int_eq(accelsel_dataset_new(&ds, 6), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "v", v, 6), 0);
    char *text = save_and_reload(ds);
    ck_assert_str_eq(text, "v\n\"\"\n1\n\"\"\n\"\"\n3\n\"\"\n");
    accelsel_free(text);
    const char *k[] = {NULL, "a", NULL, "b"};
    accelsel_dataset_free(ds);
    ck_assert_int_eq(accelsel_dataset_new(&ds, 4), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "k", k, 4), 0);
    text = save_and_reload(ds);
    ck_assert_str_eq(text, "k\n\"\"\na\n\"\"\nb\n");
    accelsel_free(text);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "v", v, 4), 0);
    text = save_and_reload(ds);
    ck_assert_str_eq(text, "k,v\n,\na,1\n,\nb,\n");
    accelsel_free(text);
    accelsel_dataset_free(ds);
}
END_TEST

/* Lines by hand: the header is line 1; row "b" spans lines 3-4 (a quoted
 * line break), so "c" starts on line 5 and "d" on 6. */
START_TEST(row_lines_follow_the_rows)
{
    accelsel_dataset *ds = load("name,n\na,1\n\"b\nb\",2\nc,3\nd,4\n"), *f = NULL, *g = NULL;
    const uint64_t want[] = {2, 3, 5, 6};
    ck_assert_uint_eq(accelsel_dataset_rows(ds), 4);
    for (size_t r = 0; r < 4; r++)
        ck_assert_uint_eq(accelsel_dataset_row_line(ds, r), want[r]);
    ck_assert_uint_eq(accelsel_dataset_row_line(ds, 4), 0);
    ck_assert_uint_eq(accelsel_dataset_row_line(NULL, 0), 0);
    ck_assert_int_eq(accelsel_dataset_filter_expr(&f, ds, "n=2.."), 0);
    ck_assert_uint_eq(accelsel_dataset_row_line(f, 0), 3);
    ck_assert_uint_eq(accelsel_dataset_row_line(f, 2), 6);
    size_t pick[] = {2, 0};
    ck_assert_int_eq(accelsel_dataset_select_rows(&g, f, pick, 2), 0);
    ck_assert_uint_eq(accelsel_dataset_row_line(g, 0), 6);
    ck_assert_uint_eq(accelsel_dataset_row_line(g, 1), 3);
    accelsel_dataset_free(g), accelsel_dataset_free(f), accelsel_dataset_free(ds);
    ck_assert_int_eq(accelsel_dataset_new(&ds, 2), 0); /* built in memory: no lines */
    ck_assert_uint_eq(accelsel_dataset_row_line(ds, 0), 0);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(null_arguments)
{
    accelsel_dataset *ds = load(small_csv), *out = (accelsel_dataset *)1;
    double v = 0, m[4];
    size_t col = 0, idx[] = {0};
    char *text = (char *)1;
    const char *sv[] = {"a"};
    assert_error(accelsel_dataset_new(NULL, 1), ACCELSEL_EINVAL, "'out'");
    assert_error(accelsel_dataset_add_numeric(NULL, "x", &v, 1), ACCELSEL_EINVAL, "'ds'");
    assert_error(accelsel_dataset_add_numeric(ds, NULL, &v, 5), ACCELSEL_EINVAL, "'name'");
    assert_error(accelsel_dataset_add_numeric(ds, "x", NULL, 5), ACCELSEL_EINVAL, "'values'");
    assert_error(accelsel_dataset_add_categorical(ds, "x", NULL, 5), ACCELSEL_EINVAL, "'values'");
    assert_error(accelsel_dataset_add_categorical(NULL, "x", sv, 1), ACCELSEL_EINVAL, "'ds'");
    assert_error(accelsel_dataset_column_index(NULL, "n", &col), ACCELSEL_EINVAL, "'ds'");
    assert_error(accelsel_dataset_column_index(ds, NULL, &col), ACCELSEL_EINVAL, "'name'");
    assert_error(accelsel_dataset_column_index(ds, "n", NULL), ACCELSEL_EINVAL, "'col'");
    assert_error(accelsel_dataset_column_type(NULL, 0), ACCELSEL_EINVAL, "'ds'");
    assert_error(accelsel_dataset_is_missing(NULL, 0, 0), ACCELSEL_EINVAL, "'ds'");
    assert_error(accelsel_dataset_filter_equal(NULL, ds, "n", "1"), ACCELSEL_EINVAL, "'out'");
    assert_error(accelsel_dataset_filter_equal(&out, NULL, "n", "1"), ACCELSEL_EINVAL, "'ds'");
    ck_assert_ptr_null(out);
    assert_error(accelsel_dataset_filter_equal(&out, ds, NULL, "1"), ACCELSEL_EINVAL, "'column'");
    assert_error(accelsel_dataset_filter_equal(&out, ds, "n", NULL), ACCELSEL_EINVAL, "'value'");
    assert_error(accelsel_dataset_filter_range(&out, ds, NULL, 0, 1), ACCELSEL_EINVAL, "'column'");
    assert_error(accelsel_dataset_filter_expr(&out, ds, NULL), ACCELSEL_EINVAL, "'expr'");
    assert_error(accelsel_dataset_filter_expr(&out, NULL, "n=1"), ACCELSEL_EINVAL, "'ds'");
    assert_error(accelsel_dataset_select_rows(&out, ds, NULL, 1), ACCELSEL_EINVAL, "'rows'");
    assert_error(accelsel_dataset_select_rows(NULL, ds, idx, 1), ACCELSEL_EINVAL, "'out'");
    assert_error(accelsel_dataset_select_columns(&out, NULL, idx, 1), ACCELSEL_EINVAL, "'ds'");
    assert_error(accelsel_dataset_select_columns(&out, ds, NULL, 1), ACCELSEL_EINVAL, "'cols'");
    assert_error(accelsel_dataset_to_matrix(NULL, idx, 1, m, 4), ACCELSEL_EINVAL, "'ds'");
    assert_error(accelsel_dataset_to_matrix(ds, NULL, 1, m, 4), ACCELSEL_EINVAL, "'cols'");
    assert_error(accelsel_dataset_to_matrix(ds, idx, 1, NULL, 4), ACCELSEL_EINVAL, "'matrix'");
    assert_error(accelsel_dataset_save_csv(NULL, "/tmp/x.csv"), ACCELSEL_EINVAL, "'ds'");
    assert_error(accelsel_dataset_save_csv(ds, NULL), ACCELSEL_EINVAL, "'path'");
    assert_error(accelsel_dataset_save_csv_buffer(NULL, &text, NULL), ACCELSEL_EINVAL, "'ds'");
    ck_assert_ptr_null(text);
    assert_error(accelsel_dataset_save_csv_buffer(ds, NULL, NULL), ACCELSEL_EINVAL, "'out'");
    assert_error(accelsel_dataset_load_csv(NULL, "x", NULL), ACCELSEL_EINVAL, "'out'");
    assert_error(accelsel_dataset_load_csv(&out, NULL, NULL), ACCELSEL_EINVAL, "'path'");
    accelsel_dataset_free(NULL);
    accelsel_dataset_free(ds);
}
END_TEST

/* Load, filter, select and save with the n-th allocation failing. */
static int scenario(void *ctx)
{
    const char *text = ctx;
    accelsel_dataset *ds = NULL, *f = NULL, *s = NULL;
    char *out = NULL;
    size_t cols[] = {3, 0};
    int rc = accelsel_dataset_load_csv_buffer(&ds, text, strlen(text), NULL);
    if (rc == 0)
        rc = accelsel_dataset_filter_expr(&f, ds, "gpu=A100");
    if (rc == 0)
        rc = accelsel_dataset_select_columns(&s, f, cols, 2);
    accelsel_dataset_free(f);
    f = NULL;
    if (rc == 0)
        rc = accelsel_dataset_filter_expr(&f, ds, "n=9..");
    if (rc == 0)
        rc = accelsel_dataset_save_csv_buffer(f, &out, NULL);
    if (rc == 0)
        ck_assert_str_eq(out, "name,gpu,n,t\nc,A100,16,6\nd,,32,\ne,A100,64,2.5\n");
    accelsel_free(out);
    accelsel_dataset_free(s);
    accelsel_dataset_free(f);
    accelsel_dataset_free(ds);
    return rc;
}

START_TEST(allocation_failures_leak_nothing)
{
    testutil_alloc_sweep(scenario, (void *)small_csv, 20);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dataset");
    TCase *tc = tcase_create("dataset");
    tcase_add_test(tc, builder_add_and_replace);
    tcase_add_test(tc, accessors_out_of_range);
    tcase_add_test(tc, filters);
    tcase_add_test(tc, row_lines_follow_the_rows);
    tcase_add_test(tc, select_rows_columns_and_matrix);
    tcase_add_test(tc, save_quotes_only_when_needed);
    tcase_add_test(tc, save_load_round_trip);
    tcase_add_test(tc, one_column_missing_is_quoted);
    tcase_add_test(tc, null_arguments);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
