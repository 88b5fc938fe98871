/* CSV: the RFC 4180 tokenizer, a table of malformed inputs with the exact
 * status and position expected, valid edge cases and type inference. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/dataset.h"
#include "core/csv_tok.h"
#include "data/csv_load.h"
#include "testutil.h"

/* Fields of @p text joined as "text|" with a '/' after each record's last
 * field, so a whole tokenization compares as one string. */
static const char *tokens(const char *text, char delim)
{
    size_t len = strlen(text);
    static char out[1024];
    asel_csv_tok t;
    asel_csv_field f;
    size_t used = 0;
    asel_csv_init(&t, text, len, (unsigned char)delim, 0);
    int rc;
    while ((rc = asel_csv_next(&t, &f)) == 1)
        used += (size_t)snprintf(out + used, sizeof out - used, "%s%.*s%s", f.quoted ? "Q" : "",
                                 (int)f.len, f.text, f.last ? "/" : "|");
    asel_csv_release(&t);
    ck_assert_int_eq(rc, 0);
    out[used] = '\0';
    return out;
}

START_TEST(tokenizer_fields_and_records)
{
    ck_assert_str_eq(tokens("a,b\n1,2\n", ','), "a|b/1|2/");
    ck_assert_str_eq(tokens("a,b\n1,2", ','), "a|b/1|2/");             /* no final newline */
    ck_assert_str_eq(tokens("a,b\r\n1,\r\n", ','), "a|b/1|/");         /* CRLF, empty last field */
    ck_assert_str_eq(tokens("a,b\r1,2\r", ','), "a|b/1|2/");           /* lone CR */
    ck_assert_str_eq(tokens("\"x,y\",\"he said \"\"hi\"\"\"\n", ','),
                     "Qx,y|Qhe said \"hi\"/");
    ck_assert_str_eq(tokens("\"l1\nl2\",z\n", ','), "Ql1\nl2|z/");   /* embedded newline */
    ck_assert_str_eq(tokens("a;b\n\"\";\n", ';'), "a|b/Q|/");           /* other delimiter */
    ck_assert_str_eq(tokens("a\n\n1\n", ','), "a//1/");                 /* blank line: one empty field */
    ck_assert_str_eq(tokens("a,", ','), "a|/");                           /* delimiter at EOF */
    ck_assert_str_eq(tokens("", ','), "");
}
END_TEST

START_TEST(tokenizer_positions)
{
    /* Offsets count every byte; positions skip the BOM in columns, and a
     * quoted field's line breaks (here CRLF and a lone CR) advance the line. */
    const char text[] = "\xEF\xBB\xBFid,name\n1,\"two\r\nlines\r\"\n22,x\n";
    asel_csv_tok t;
    asel_csv_field f;
    asel_csv_init(&t, text, sizeof text - 1, ',', 0);
    size_t want_offset[] = {3, 6, 11, 13, 27, 30};
    size_t want_pos[][2] = {{1, 1}, {1, 4}, {2, 1}, {2, 3}, {5, 1}, {5, 4}};
    for (size_t i = 0; i < 6; i++) {
        ck_assert_int_eq(asel_csv_next(&t, &f), 1);
        ck_assert_uint_eq(f.offset, want_offset[i]);
        size_t line, column;
        asel_csv_position(text, sizeof text - 1, f.offset, &line, &column);
        ck_assert_uint_eq(line, want_pos[i][0]);
        ck_assert_uint_eq(column, want_pos[i][1]);
    }
    ck_assert_int_eq(asel_csv_next(&t, &f), 0);
    asel_csv_release(&t);
}
END_TEST

START_TEST(tokenizer_ranges_and_errors)
{
    /* A range reads whole records and ends as if the input did. */
    const char text[] = "a,b\n1,2\n3,4\n5,6\n";
    asel_csv_tok t;
    asel_csv_field f;
    asel_csv_init(&t, text, sizeof text - 1, ',', 0);
    asel_csv_range(&t, 8, 12);
    ck_assert_int_eq(asel_csv_next(&t, &f), 1);
    ck_assert_int_eq(f.text[0], '3');
    ck_assert_int_eq(asel_csv_next(&t, &f), 1);
    ck_assert_int_eq(f.last, 1);
    ck_assert_int_eq(asel_csv_next(&t, &f), 0);
    ck_assert_int_eq(asel_csv_blank_tail(&t), 0); /* the real input goes on */
    /* Errors leave what and where, and record nothing. */
    accelsel_dataset *none = NULL;
    accelsel_dataset_new(NULL, 0); /* a known last error to compare with */
    asel_csv_init(&t, "x,\"ab\"c\n", 9, ',', 0);
    ck_assert_int_eq(asel_csv_next(&t, &f), 1);
    ck_assert_int_eq(asel_csv_next(&t, &f), ACCELSEL_EPARSE);
    ck_assert_str_eq(t.err_what, "text after closing quote");
    ck_assert_uint_eq(t.err_offset, 6);
    ck_assert_int_eq(accelsel_last_error()->code, ACCELSEL_EINVAL);
    asel_csv_release(&t);
    ck_assert_ptr_null(none);
}
END_TEST

START_TEST(tokenizer_blank_flag_and_tail)
{
    asel_csv_tok t;
    asel_csv_field f;
    asel_csv_init(&t, "a\n\n\r\n", 5, ',', 0);
    ck_assert_int_eq(asel_csv_next(&t, &f), 1);
    ck_assert_int_eq(f.blank, 0);
    ck_assert_int_eq(asel_csv_next(&t, &f), 1);
    ck_assert_int_eq(f.blank, 1);
    ck_assert_int_eq(asel_csv_blank_tail(&t), 1);
    asel_csv_release(&t);
}
END_TEST

/* One malformed input and the exact failure expected. */
typedef struct bad_case {
    const char *text;
    size_t len; /* 0 = strlen(text) */
    int delimiter;      /* 0 = default */
    uint64_t max_field_len;
    int status;
    unsigned line, column;
    const char *fragment;
} bad_case;

static const bad_case bad_csv[] = {
    /* ragged rows: too few at the row start, too many at the extra field */
    {"a,b\n1,2\n3\n", 0, 0, 0, ACCELSEL_EPARSE, 3, 1, "row has 1 field, the header 2"},
    {"a,b\n1,2,3\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 5, "more fields than the header's 2"},
    {"a,b\n1,2,\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 5, "more fields"},
    {"a,b\n\n1,2\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 1, "row has 1 field"},
    {"a,b\n\"x\ny\"\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 1, "row has 1 field"},
    {"a,b\r\n1,2\r\n3\r\n", 0, 0, 0, ACCELSEL_EPARSE, 3, 1, "row has 1 field"},
    {"a,b\r1,2\r3\r", 0, 0, 0, ACCELSEL_EPARSE, 3, 1, "row has 1 field"},
    /* quotes */
    {"a,b\n1,\"xy\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 3, "unterminated quoted field"},
    {"a\n\"x\n\ny", 0, 0, 0, ACCELSEL_EPARSE, 2, 1, "unterminated quoted field"},
    {"a,b\n1,x\"y\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 4, "quote inside an unquoted field"},
    {"a,b\n\"a\"b,1\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 4, "text after closing quote"},
    {"a\n\"a\" \n", 0, 0, 0, ACCELSEL_EPARSE, 2, 4, "text after closing quote"},
    /* UTF-8 */
    {"a\xFF,b\n1,2\n", 0, 0, 0, ACCELSEL_EPARSE, 1, 2, "invalid UTF-8"},
    {"a\n\xC0\xAF\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 1, "invalid UTF-8"},         /* overlong '/' */
    {"a\nx\xE0\x80\xAF\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 2, "invalid UTF-8"},    /* overlong, 3 bytes */
    {"a\n\xED\xA0\x80\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 1, "invalid UTF-8"},     /* surrogate U+D800 */
    {"a\nab\xE2\x82\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 3, "invalid UTF-8"},       /* truncated euro sign */
    {"a\nab\xE2\x82", 0, 0, 0, ACCELSEL_EPARSE, 2, 3, "invalid UTF-8"},         /* truncated at EOF */
    {"a\n\x80\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 1, "invalid UTF-8"},             /* stray continuation */
    {"a\n\xF4\x90\x80\x80\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 1, "invalid UTF-8"}, /* above U+10FFFF */
    {"a\n\"x\ny\xFF\"\n", 0, 0, 0, ACCELSEL_EPARSE, 3, 2, "invalid UTF-8"},     /* inside quotes */
    /* NUL bytes */
    {"a,b\n1,\0\n", 8, 0, 0, ACCELSEL_EPARSE, 2, 3, "NUL byte"},
    {"a\n\"\0\"\n", 6, 0, 0, ACCELSEL_EPARSE, 2, 2, "NUL byte"},
    /* header */
    {"a,b,a\n1,2,3\n", 0, 0, 0, ACCELSEL_EPARSE, 1, 5, "duplicate column name (header field 3)"},
    {"\xEF\xBB\xBF" "a,a\n", 0, 0, 0, ACCELSEL_EPARSE, 1, 3, "duplicate column name"},
    {"a,,c\n", 0, 0, 0, ACCELSEL_EPARSE, 1, 3, "empty column name (header field 2)"},
    {"a,\"\"\n", 0, 0, 0, ACCELSEL_EPARSE, 1, 3, "empty column name"},
    {"\na\n", 0, 0, 0, ACCELSEL_EPARSE, 1, 1, "empty column name"},
    {"", 0, 0, 0, ACCELSEL_EPARSE, 1, 1, "no header"},
    {"\xEF\xBB\xBF", 0, 0, 0, ACCELSEL_EPARSE, 1, 1, "no header"},
    /* field length */
    {"a\nabcd\n", 0, 0, 3, ACCELSEL_EPARSE, 2, 1, "longer than max_field_len"},
    {"a\n\"ab\"\"c\"\n", 0, 0, 3, ACCELSEL_EPARSE, 2, 1, "longer than max_field_len"},
    {"abcd\n1\n", 0, 0, 3, ACCELSEL_EPARSE, 1, 1, "longer than max_field_len"},
    /* a number followed by more text in the same field is read as text */
    {"x\n1\"\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 2, "quote inside an unquoted field"},
    {"x,y\n1,2.5\"\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 6, "quote inside an unquoted field"},
    {"x\n1\0\n", 5, 0, 0, ACCELSEL_EPARSE, 2, 2, "NUL byte"},
    {"x\n-2e3\xFF\n", 0, 0, 0, ACCELSEL_EPARSE, 2, 5, "invalid UTF-8"},
    {"x,y\n1,2345\n", 0, 0, 3, ACCELSEL_EPARSE, 2, 3, "longer than max_field_len"},
    {"x\n1.25\r\n", 0, 0, 3, ACCELSEL_EPARSE, 2, 1, "longer than max_field_len"},
    /* numbers that overflow a double in a numeric column */
    {"a,b\n1,2\n3,1e999\n", 0, 0, 0, ACCELSEL_ERANGE, 3, 3, "numeric column 'b'"},
    {"x\n1\n2\n-1e400\n", 0, 0, 0, ACCELSEL_ERANGE, 4, 1, "too large for a double"},
    {"x,y\n1e999,1\n2,1e999\n", 0, 0, 0, ACCELSEL_ERANGE, 2, 1, "column 'x'"}, /* first in the file */
    /* options */
    {"a\n1\n", 0, '"', 0, ACCELSEL_EINVAL, 0, 0, "delimiter 34"},
    {"a\n1\n", 0, 200, 0, ACCELSEL_EINVAL, 0, 0, "delimiter 200"},
    {"a\n1\n", 0, '\n', 0, ACCELSEL_EINVAL, 0, 0, "delimiter 10"},
    {"a\n1\n", 0, -1, 0, ACCELSEL_EINVAL, 0, 0, "delimiter 0"},
};

START_TEST(malformed_csv)
{
    const bad_case *b = &bad_csv[_i];
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    if (b->delimiter != 0)
        o.delimiter = b->delimiter < 0 ? 0u : (uint32_t)b->delimiter;
    o.max_field_len = b->max_field_len;
    accelsel_dataset *ds = (accelsel_dataset *)&o; /* must come back NULL */
    size_t len = b->len ? b->len : strlen(b->text);
    int rc = accelsel_dataset_load_csv_buffer(&ds, b->text, len, &o);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(rc == b->status, "case %d: status %d, want %d (%s)", _i, rc, b->status, e->message);
    ck_assert_ptr_null(ds);
    ck_assert_int_eq(e->code, b->status);
    ck_assert_msg(e->line == b->line && e->column == b->column, "case %d: at %u:%u, want %u:%u (%s)",
                  _i, e->line, e->column, b->line, b->column, e->message);
    ck_assert_msg(strstr(e->message, b->fragment) != NULL, "case %d: message '%s' lacks '%s'", _i,
                  e->message, b->fragment);
    if (b->line != 0) {
        char where[64];
        snprintf(where, sizeof where, "<buffer>:%u:%u: ", b->line, b->column);
        ck_assert_msg(strncmp(e->message, where, strlen(where)) == 0, "case %d: %s", _i, e->message);
        ck_assert_str_eq(e->source, "<buffer>");
    }
}
END_TEST

/* The same inputs cut into parts of a few bytes, parsed on 4 threads: the
 * first failure in the input is still the one reported. */
START_TEST(malformed_csv_in_parts)
{
    const bad_case *b = &bad_csv[_i];
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    if (b->status == ACCELSEL_EINVAL)
        return; /* option checks come before parsing */
    o.max_field_len = b->max_field_len;
    o.n_threads = 4;
    size_t len = b->len ? b->len : strlen(b->text);
    for (size_t min_part = 1; min_part <= 4; min_part++) {
        accelsel_dataset *ds = NULL;
        int rc = asel_csv_parse(&ds, b->text, len, &o, "<buffer>", min_part);
        const accelsel_error *e = accelsel_last_error();
        ck_assert_msg(rc == b->status, "case %d: status %d, want %d (%s)", _i, rc, b->status,
                      e->message);
        ck_assert_msg(e->line == b->line && e->column == b->column,
                      "case %d, parts of %zu: at %u:%u, want %u:%u (%s)", _i, min_part, e->line,
                      e->column, b->line, b->column, e->message);
        ck_assert_ptr_nonnull(strstr(e->message, b->fragment));
        ck_assert_ptr_null(ds);
    }
}
END_TEST

static accelsel_dataset *load(const char *text, const accelsel_csv_options *o)
{
    accelsel_dataset *ds = NULL;
    int rc = accelsel_dataset_load_csv_buffer(&ds, text, strlen(text), o);
    ck_assert_msg(rc == 0, "load failed: %s", accelsel_last_error()->message);
    return ds;
}

START_TEST(options_version_and_unknown_categorical)
{
    accelsel_csv_options o;
    ck_assert_int_eq(accelsel_csv_options_init(&o, 2), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_csv_options_init(NULL, 1), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_csv_options_init(&o, ACCELSEL_CSV_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(o.delimiter, ',');
    ck_assert_uint_eq(accelsel_csv_options_size(), sizeof o);
    accelsel_dataset *ds = NULL;
    o.version = 7;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, "a\n", 2, &o), ACCELSEL_EVERSION);
    o.version = ACCELSEL_CSV_OPTIONS_VERSION;
    const char *names[] = {"zone"};
    o.categorical = names;
    o.n_categorical = 1;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, "id,zones\n1,2\n", 13, &o),
                     ACCELSEL_ENOTFOUND);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "'zones'"));
    o.categorical = NULL;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, "a\n", 2, &o), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(NULL, "a\n", 2, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, NULL, 2, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_null(ds);
}
END_TEST

START_TEST(valid_edge_cases)
{
    /* BOM, CRLF, a quoted field with comma, doubled quotes and a line break,
     * an empty last field, no final line break. */
    accelsel_dataset *ds =
        load("\xEF\xBB\xBFname,note,v\r\nx,\"a, \"\"b\"\"\r\nc\",1.5\r\ny,,", NULL);
    ck_assert_uint_eq(accelsel_dataset_rows(ds), 2);
    ck_assert_uint_eq(accelsel_dataset_cols(ds), 3);
    ck_assert_str_eq(accelsel_dataset_column_name(ds, 0), "name"); /* BOM not in the name */
    ck_assert_str_eq(accelsel_dataset_string(ds, 0, 1), "a, \"b\"\r\nc");
    ck_assert_ptr_null(accelsel_dataset_string(ds, 1, 1));
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 2), ACCELSEL_COLUMN_NUMERIC);
    ck_assert(accelsel_dataset_number(ds, 0, 2) == 1.5);
    ck_assert(isnan(accelsel_dataset_number(ds, 1, 2)));
    accelsel_dataset_free(ds);

    /* Trailing line break or not, and trailing blank lines, give the same rows. */
    const char *forms[] = {"a,b\n1,2", "a,b\n1,2\n", "a,b\n1,2\r\n\r\n", "a,b\n1,2\n\n\n"};
    for (size_t i = 0; i < 4; i++) {
        ds = load(forms[i], NULL);
        ck_assert_uint_eq(accelsel_dataset_rows(ds), 1);
        accelsel_dataset_free(ds);
    }
    /* In one column a blank line is a missing value; the text after the last
     * line break is not a row. */
    ds = load("x\n1\n\n3\n\n", NULL);
    ck_assert_uint_eq(accelsel_dataset_rows(ds), 4);
    ck_assert(isnan(accelsel_dataset_number(ds, 1, 0)) && isnan(accelsel_dataset_number(ds, 3, 0)));
    ck_assert(accelsel_dataset_number(ds, 2, 0) == 3);
    accelsel_dataset_free(ds);

    /* Header only: columns without rows. */
    ds = load("a,b\n", NULL);
    ck_assert_uint_eq(accelsel_dataset_rows(ds), 0);
    ck_assert_uint_eq(accelsel_dataset_cols(ds), 2);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(missing_tokens_are_never_zero)
{
    accelsel_dataset *ds = load("v,k\n1,a\nNA,NA\nn/a,N/A\nnan,NaN\n,\n2,b\n", NULL);
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 0), ACCELSEL_COLUMN_NUMERIC);
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 1), ACCELSEL_COLUMN_CATEGORICAL);
    for (size_t r = 1; r <= 4; r++) {
        ck_assert(isnan(accelsel_dataset_number(ds, r, 0)));
        ck_assert_int_eq(accelsel_dataset_is_missing(ds, r, 0), 1);
        ck_assert_int_eq(accelsel_dataset_is_missing(ds, r, 1), 1);
        ck_assert_int_eq(accelsel_dataset_code(ds, r, 1), -1);
    }
    ck_assert_uint_eq(accelsel_dataset_levels(ds, 1), 2); /* a, b: the tokens are no levels */
    accelsel_dataset_free(ds);
    /* A column that is entirely missing is numeric. */
    ds = load("a,b\n1,\n2,NA\n", NULL);
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 1), ACCELSEL_COLUMN_NUMERIC);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(quoted_fields_and_extra_missing_spellings)
{
    /* A file written with every field quoted (Python's csv.QUOTE_ALL) and one
     * with None written as "" (csv.QUOTE_NONNUMERIC): numbers stay numbers,
     * "" is missing. "-" and "?" are missing only when the options say so. */
    const char *text = "\"n\",\"name\",\"v\"\n\"1\",\"a\",\"2.5\"\n\"-\",\"\",\"\"\n\"3\",\"?\",\"4\"\n";
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, text, strlen(text), NULL), 0);
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 0), ACCELSEL_COLUMN_CATEGORICAL); /* "-" is text */
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 2), ACCELSEL_COLUMN_NUMERIC);
    ck_assert(accelsel_dataset_number(ds, 0, 2) == 2.5);
    ck_assert(isnan(accelsel_dataset_number(ds, 1, 2)));
    ck_assert_int_eq(accelsel_dataset_is_missing(ds, 1, 1), 1);
    ck_assert_str_eq(accelsel_dataset_string(ds, 2, 1), "?");
    accelsel_dataset_free(ds);
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    const char *missing[] = {"-", "?"};
    o.missing = missing;
    o.n_missing = 2;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, text, strlen(text), &o), 0);
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 0), ACCELSEL_COLUMN_NUMERIC);
    ck_assert(isnan(accelsel_dataset_number(ds, 1, 0)));
    ck_assert(accelsel_dataset_number(ds, 2, 0) == 3.0);
    ck_assert_int_eq(accelsel_dataset_is_missing(ds, 2, 1), 1);
    accelsel_dataset_free(ds);
    o.missing = NULL;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, text, strlen(text), &o), ACCELSEL_EINVAL);
    ck_assert(strstr(accelsel_last_error()->message, "missing") != NULL);
    missing[1] = NULL;
    o.missing = missing;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, text, strlen(text), &o), ACCELSEL_EINVAL);
    ck_assert(strstr(accelsel_last_error()->message, "missing[1] is NULL") != NULL);
}
END_TEST

START_TEST(type_inference)
{
    /* x: numbers in every form the parser takes; y: numeric until row 4,
     * whose text turns it categorical, keeping the earlier values' own text;
     * z: quotes do not make text, "2" is a number; w: a quoted NA is missing;
     * u: an overflowing number is only text in a categorical column. */
    accelsel_dataset *ds = load("x,y,z,w,u\n"
                                "-1.5e3,0042,1,\"NA\",1e999\n"
                                "+.5,1.50,\"2\",b,abc\n"
                                "inf,,3,,\n"
                                "-Infinity,v2,4,c,\n",
                                NULL);
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 0), ACCELSEL_COLUMN_NUMERIC);
    ck_assert(accelsel_dataset_number(ds, 0, 0) == -1500.0);
    ck_assert(accelsel_dataset_number(ds, 1, 0) == 0.5);
    ck_assert(accelsel_dataset_number(ds, 2, 0) == INFINITY);
    ck_assert(accelsel_dataset_number(ds, 3, 0) == -INFINITY);
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 1), ACCELSEL_COLUMN_CATEGORICAL);
    ck_assert_str_eq(accelsel_dataset_string(ds, 0, 1), "0042");
    ck_assert_str_eq(accelsel_dataset_string(ds, 1, 1), "1.50");
    ck_assert_ptr_null(accelsel_dataset_string(ds, 2, 1));
    ck_assert_str_eq(accelsel_dataset_string(ds, 3, 1), "v2");
    ck_assert_str_eq(accelsel_dataset_level(ds, 1, 0), "0042"); /* order of first appearance */
    ck_assert_str_eq(accelsel_dataset_level(ds, 1, 2), "v2");
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 2), ACCELSEL_COLUMN_NUMERIC);
    ck_assert(accelsel_dataset_number(ds, 1, 2) == 2.0);
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 3), ACCELSEL_COLUMN_CATEGORICAL);
    ck_assert_int_eq(accelsel_dataset_is_missing(ds, 0, 3), 1);
    ck_assert_int_eq(accelsel_dataset_is_missing(ds, 2, 3), 1);
    ck_assert_str_eq(accelsel_dataset_string(ds, 1, 3), "b");
    ck_assert_str_eq(accelsel_dataset_string(ds, 0, 4), "1e999");
    accelsel_dataset_free(ds);

    /* Forced categorical keeps leading zeros. */
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    const char *cat[] = {"code"};
    o.categorical = cat;
    o.n_categorical = 1;
    o.delimiter = '\t';
    ds = load("code\tv\n0042\t1\n7\t2\n0042\t3\n", &o);
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 0), ACCELSEL_COLUMN_CATEGORICAL);
    ck_assert_str_eq(accelsel_dataset_string(ds, 2, 0), "0042");
    ck_assert_int_eq(accelsel_dataset_code(ds, 2, 0), 0);
    ck_assert_uint_eq(accelsel_dataset_levels(ds, 0), 2);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(numbers_are_correctly_rounded)
{
    /* Decimal to double, checked against values written exactly in hex:
     * 0.1 = 0x1.999999999999ap-4; 2^-1074 is the smallest subnormal;
     * 1.7976931348623157e308 is DBL_MAX. */
    accelsel_dataset *ds = load("v\n0.1\n4.9406564584124654e-324\n1.7976931348623157e308\n-0\n", NULL);
    ck_assert(accelsel_dataset_number(ds, 0, 0) == 0x1.999999999999ap-4);
    ck_assert(accelsel_dataset_number(ds, 1, 0) == 0x1p-1074);
    ck_assert(accelsel_dataset_number(ds, 2, 0) == 0x1.fffffffffffffp+1023);
    ck_assert(signbit(accelsel_dataset_number(ds, 3, 0)));
    accelsel_dataset_free(ds);
}
END_TEST

/* Numbers are read where they start when they fill their field; anything
 * else in the field, or a delimiter that can occur in a number, leaves the
 * field to the general reading. */
START_TEST(numbers_read_in_one_pass_end_at_the_field)
{
    accelsel_dataset *ds = load("a,b,c,d\n1.5x,1e,12 ,-3\r\n2,3,4,5e-1\r7,+8,.9,Inf", NULL);
    ck_assert_uint_eq(accelsel_dataset_rows(ds), 3);
    ck_assert_str_eq(accelsel_dataset_string(ds, 0, 0), "1.5x");
    ck_assert_str_eq(accelsel_dataset_string(ds, 0, 1), "1e");
    ck_assert_str_eq(accelsel_dataset_string(ds, 0, 2), "12 ");
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 3), ACCELSEL_COLUMN_NUMERIC);
    ck_assert(accelsel_dataset_number(ds, 0, 3) == -3.0);
    ck_assert(accelsel_dataset_number(ds, 1, 3) == 0.5);
    ck_assert(accelsel_dataset_number(ds, 2, 3) == INFINITY);
    ck_assert_str_eq(accelsel_dataset_string(ds, 2, 1), "+8"); /* a categorical column's text */
    accelsel_dataset_free(ds);

    /* Delimiters that occur in numbers: "1.5" is two fields with '.'. */
    static const struct {
        char delim;
        const char *text;
        double x, y;
    } cases[] = {{'.', "x.y\n1.5\n", 1, 5},
                 {'e', "xey\n1e5\n", 1, 5},
                 {'-', "x-y\n3-4\n", 3, 4},
                 {'+', "x+y\n3+4\n", 3, 4},
                 {'7', "x7y\n172\n", 1, 2},
                 {'i', "xiy\n1i2\n", 1, 2},
                 {'n', "xny\n1n2\n", 1, 2}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
        o.delimiter = (uint32_t)(unsigned char)cases[i].delim;
        ds = load(cases[i].text, &o);
        ck_assert_msg(accelsel_dataset_cols(ds) == 2 && accelsel_dataset_rows(ds) == 1, "'%c'",
                      cases[i].delim);
        ck_assert_msg(accelsel_dataset_number(ds, 0, 0) == cases[i].x &&
                          accelsel_dataset_number(ds, 0, 1) == cases[i].y,
                      "'%c'", cases[i].delim);
        accelsel_dataset_free(ds);
    }
}
END_TEST

START_TEST(max_field_len_is_inclusive)
{
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    o.max_field_len = 3;
    accelsel_dataset *ds = load("abc\n\"a\"\"b\"\nxyz\n", &o); /* "a""b" is 3 bytes unquoted */
    ck_assert_str_eq(accelsel_dataset_string(ds, 0, 0), "a\"b");
    accelsel_dataset_free(ds);
}
END_TEST

static void assert_same(const accelsel_dataset *a, const accelsel_dataset *b)
{
    ck_assert_uint_eq(accelsel_dataset_rows(a), accelsel_dataset_rows(b));
    ck_assert_uint_eq(accelsel_dataset_cols(a), accelsel_dataset_cols(b));
    for (size_t c = 0; c < accelsel_dataset_cols(a); c++) {
        int type = accelsel_dataset_column_type(a, c);
        ck_assert_int_eq(accelsel_dataset_column_type(b, c), type);
        ck_assert_uint_eq(accelsel_dataset_levels(a, c), accelsel_dataset_levels(b, c));
        for (size_t l = 0; l < accelsel_dataset_levels(a, c); l++)
            ck_assert_str_eq(accelsel_dataset_level(a, c, l), accelsel_dataset_level(b, c, l));
        for (size_t r = 0; r < accelsel_dataset_rows(a); r++) {
            double x = accelsel_dataset_number(a, r, c), y = accelsel_dataset_number(b, r, c);
            ck_assert(type != ACCELSEL_COLUMN_NUMERIC || x == y || (isnan(x) && isnan(y)));
            ck_assert(type == ACCELSEL_COLUMN_NUMERIC ||
                      accelsel_dataset_code(a, r, c) == accelsel_dataset_code(b, r, c));
        }
    }
}

/* Parts of every size from 1 byte up, on 1 to 4 threads, give the dataset
 * that one part gives: quoted line breaks and quotes near the cuts, columns
 * that turn categorical in a late part only, overflow in a column that ends
 * categorical, levels first seen in different parts, trailing blank lines. */
START_TEST(parts_give_the_same_dataset)
{
    static const char text[] = "id,note,v,late,big\r\n"
                               "1,\"a\nb\",1.5,1,1e999\r\n"
                               "2,\"q\"\"x\"\"\",2.5,2,3\r\n"
                               "3,c,,3,\r\n"
                               "4,\"a\nb\",NA,4,x\r\n"
                               "5,c,7,five,2\r\n"
                               "6,\"\",8,6,\r\n"
                               "\r\n\r\n";
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    o.n_threads = 1;
    accelsel_dataset *one = NULL;
    ck_assert_int_eq(asel_csv_parse(&one, text, sizeof text - 1, &o, "<t>", SIZE_MAX), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(one), 6);
    ck_assert_int_eq(accelsel_dataset_column_type(one, 3), ACCELSEL_COLUMN_CATEGORICAL);
    ck_assert_str_eq(accelsel_dataset_string(one, 0, 4), "1e999");
    ck_assert_str_eq(accelsel_dataset_string(one, 1, 1), "q\"x\"");
    for (unsigned threads = 1; threads <= 4; threads++)
        for (size_t min_part = 1; min_part < sizeof text; min_part++) {
            accelsel_dataset *many = NULL;
            o.n_threads = threads;
            ck_assert_int_eq(asel_csv_parse(&many, text, sizeof text - 1, &o, "<t>", min_part), 0);
            assert_same(one, many);
            accelsel_dataset_free(many);
        }
    accelsel_dataset_free(one);

    /* One column: every blank line is a row, wherever the cuts fall. */
    static const char single[] = "x\r\n1\r\n\r\n\"\"\r\n\r\n2\n\n";
    o.n_threads = 1;
    ck_assert_int_eq(asel_csv_parse(&one, single, sizeof single - 1, &o, "<t>", SIZE_MAX), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(one), 6); /* 1, -, "", -, 2, - */
    for (size_t min_part = 1; min_part < sizeof single; min_part++) {
        accelsel_dataset *many = NULL;
        o.n_threads = 3;
        ck_assert_int_eq(asel_csv_parse(&many, single, sizeof single - 1, &o, "<t>", min_part), 0);
        assert_same(one, many);
        accelsel_dataset_free(many);
    }
    accelsel_dataset_free(one);
}
END_TEST

START_TEST(many_rows_grow_and_flip_late)
{
    /* 5000 rows: the arrays grow several times, and column b turns
     * categorical at the last row, so all earlier rows are read again. */
    static char text[80000];
    size_t used = (size_t)snprintf(text, sizeof text, "a,b\n");
    for (int i = 0; i < 5000; i++)
        used += (size_t)snprintf(text + used, sizeof text - used, "%d,%d.25\n", i, i % 7);
    snprintf(text + used, sizeof text - used, "5000,\"q\"\n");
    accelsel_dataset *ds = load(text, NULL);
    ck_assert_uint_eq(accelsel_dataset_rows(ds), 5001);
    ck_assert(accelsel_dataset_number(ds, 4999, 0) == 4999);
    ck_assert_int_eq(accelsel_dataset_column_type(ds, 1), ACCELSEL_COLUMN_CATEGORICAL);
    ck_assert_uint_eq(accelsel_dataset_levels(ds, 1), 8); /* 0.25 .. 6.25 and q */
    ck_assert_str_eq(accelsel_dataset_string(ds, 13, 1), "6.25");
    ck_assert_str_eq(accelsel_dataset_string(ds, 5000, 1), "q");
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(load_file_and_missing_file)
{
    accelsel_dataset *ds = (accelsel_dataset *)1;
    ck_assert_int_eq(accelsel_dataset_load_csv(&ds, "/nonexistent/dir/x.csv", NULL), ACCELSEL_EIO);
    ck_assert_ptr_null(ds);
    const char *msg = accelsel_last_error()->message;
    ck_assert_ptr_nonnull(strstr(msg, "/nonexistent/dir/x.csv"));
    ck_assert_ptr_nonnull(strstr(msg, "No such file or directory"));
    char path[] = "/tmp/accelsel_csv_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("a,b\n1,x\n3,\"y\n", f);
    fclose(f);
    ck_assert_int_eq(accelsel_dataset_load_csv(&ds, path, NULL), ACCELSEL_EPARSE);
    ck_assert_str_eq(accelsel_last_error()->source, path); /* errors name the file */
    ck_assert_uint_eq(accelsel_last_error()->line, 3);
    ck_assert_uint_eq(accelsel_last_error()->column, 3);
    remove(path);
}
END_TEST

/* Load with the n-th allocation failing, for every n until one succeeds;
 * @p min_part and @p threads choose one part or many in parallel. */
static size_t sweep(const char *text, const accelsel_csv_options *base, size_t min_part,
                    unsigned threads)
{
    accelsel_csv_options o = *base;
    o.n_threads = threads;
    for (size_t n = 1;; n++) {
        accelsel_dataset *ds = NULL;
        testutil_alloc_fail_at(n);
        int rc = asel_csv_parse(&ds, text, strlen(text), &o, "<t>", min_part);
        accelsel_dataset_free(ds);
        long live = testutil_alloc_live();
        testutil_alloc_reset();
        ck_assert_msg(rc == 0 || rc == ACCELSEL_ENOMEM, "n=%zu rc=%d", n, rc);
        ck_assert_msg(live == 0, "n=%zu leaked %ld", n, live);
        ck_assert(rc != 0 || ds != NULL);
        if (rc == 0)
            return n;
    }
}

/* Found by fuzzing: a column name that itself starts with U+FEFF (after the
 * file's byte-order mark) was written unquoted, so on reload the reader took
 * it for a byte-order mark and the name lost it. Quoted, it survives. */
START_TEST(save_quotes_a_leading_byte_order_mark)
{
    static const char text[] = "\xEF\xBB\xBF\xEF\xBB\xBF`";
    accelsel_dataset *ds = load(text, NULL), *back = NULL;
    ck_assert_str_eq(accelsel_dataset_column_name(ds, 0), "\xEF\xBB\xBF`");
    char *saved = NULL, *again = NULL;
    size_t len = 0;
    ck_assert_int_eq(accelsel_dataset_save_csv_buffer(ds, &saved, &len), 0);
    ck_assert_str_eq(saved, "\"\xEF\xBB\xBF`\"\n");
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&back, saved, len, NULL), 0);
    ck_assert_str_eq(accelsel_dataset_column_name(back, 0), "\xEF\xBB\xBF`");
    ck_assert_int_eq(accelsel_dataset_save_csv_buffer(back, &again, NULL), 0);
    ck_assert_str_eq(saved, again);
    accelsel_free(again);
    accelsel_free(saved);
    accelsel_dataset_free(back);
    accelsel_dataset_free(ds);
}
END_TEST

/* Found while fuzzing: each new column was looked up by name among all the
 * earlier ones, so a wide header took time quadratic in its length (60000
 * columns: about 25 s). Linear now; the test case's 10 s timeout fails the
 * quadratic version. */
START_TEST(wide_header_loads_in_linear_time)
{
    enum { N = 60000 };
    size_t cap = 16 * (size_t)N, len = 0;
    char *text = malloc(cap);
    ck_assert_ptr_nonnull(text);
    for (int i = 0; i < N; i++)
        len += (size_t)snprintf(text + len, cap - len, "c%d%c", i, i + 1 < N ? ',' : '\n');
    for (int i = 0; i < N; i++)
        len += (size_t)snprintf(text + len, cap - len, "%d%c", i, i + 1 < N ? ',' : '\n');
    accelsel_dataset *ds = load(text, NULL);
    ck_assert_uint_eq(accelsel_dataset_cols(ds), N);
    size_t col = 0;
    ck_assert_int_eq(accelsel_dataset_column_index(ds, "c59999", &col), 0);
    ck_assert_uint_eq(col, N - 1);
    ck_assert(accelsel_dataset_number(ds, 0, col) == 59999.0);
    accelsel_dataset_free(ds);
    /* The same header with the last name repeating the first. */
    len = (size_t)(strstr(text, "c59999\n") - text);
    memcpy(text + len, "c0\n", 4);
    ds = (accelsel_dataset *)&ds;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, text, len + 3, NULL), ACCELSEL_EPARSE);
    ck_assert_ptr_null(ds);
    ck_assert_uint_eq(accelsel_last_error()->column, len + 1);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "duplicate column name"));
    free(text);
}
END_TEST

START_TEST(allocation_failures_leak_nothing)
{
    /* Quoted fields with doubled quotes (tokenizer scratch), a late flip to
     * categorical (re-read), growth past the first arrays, forced columns. */
    static char text[8000];
    size_t used = (size_t)snprintf(text, sizeof text, "id,label,v,c\n");
    for (int i = 0; i < 200; i++)
        used += (size_t)snprintf(text + used, sizeof text - used, "%d,\"l\"\"%d\",%d.5,%d\n", i,
                                 i % 9, i, i % 3);
    snprintf(text + used, sizeof text - used, "200,x,text,1\n");
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    const char *cat[] = {"c"};
    o.categorical = cat;
    o.n_categorical = 1;
    ck_assert_uint_gt(sweep(text, &o, SIZE_MAX, 1), 10);
    ck_assert_uint_gt(sweep(text, &o, 500, 3), 10); /* about 13 parts merged */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("csv");
    TCase *tc = tcase_create("csv");
    tcase_add_test(tc, tokenizer_fields_and_records);
    tcase_add_test(tc, tokenizer_positions);
    tcase_add_test(tc, tokenizer_ranges_and_errors);
    tcase_add_test(tc, tokenizer_blank_flag_and_tail);
    tcase_add_loop_test(tc, malformed_csv, 0, (int)(sizeof bad_csv / sizeof bad_csv[0]));
    tcase_add_loop_test(tc, malformed_csv_in_parts, 0, (int)(sizeof bad_csv / sizeof bad_csv[0]));
    tcase_add_test(tc, parts_give_the_same_dataset);
    tcase_add_test(tc, options_version_and_unknown_categorical);
    tcase_add_test(tc, valid_edge_cases);
    tcase_add_test(tc, missing_tokens_are_never_zero);
    tcase_add_test(tc, type_inference);
    tcase_add_test(tc, quoted_fields_and_extra_missing_spellings);
    tcase_add_test(tc, numbers_are_correctly_rounded);
    tcase_add_test(tc, numbers_read_in_one_pass_end_at_the_field);
    tcase_add_test(tc, max_field_len_is_inclusive);
    tcase_add_test(tc, many_rows_grow_and_flip_late);
    tcase_add_test(tc, load_file_and_missing_file);
    tcase_add_test(tc, save_quotes_a_leading_byte_order_mark);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    TCase *linear = tcase_create("linear time");
    tcase_set_timeout(linear, 10);
    tcase_add_test(linear, wide_header_loads_in_linear_time);
    suite_add_tcase(s, linear);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
