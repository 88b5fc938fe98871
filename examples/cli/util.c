/* Helpers shared by the subcommands: errors, formats, JSON and tables. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "args.h"

int cli_check_input_file(const char *path)
{
    struct stat st;
    const char *allow = getenv("ACCELSEL_ALLOW_SPECIAL_FILES");
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode) ||
        (allow != NULL && strcmp(allow, "1") == 0))
        return CLI_OK; /* the library reports a missing file or a directory */
    fprintf(stderr,
            "accelsel: '%s' is not a regular file (a device, pipe or socket can be endless); "
            "set ACCELSEL_ALLOW_SPECIAL_FILES=1 to read it\n",
            path);
    return CLI_FAIL;
}

int cli_svg_name(const char *command, const char *option, const char *path)
{
    size_t len = strlen(path);
    if (len >= 5 && strcmp(path + len - 4, ".svg") == 0)
        return CLI_OK;
    return cli_usage_error("%s: %s '%s' does not end in .svg (the figure is SVG; name the "
                           "file FILE.svg)", command, option, path);
}

int cli_write_svg(const char *command, const char *path, const accelsel_plot_panel *panels,
                  size_t n)
{
    char *svg = NULL;
    size_t len = 0;
    int rc = accelsel_plot_svg(&svg, &len, panels, n);
    if (rc != 0)
        return cli_fail(rc, "--plot");
    FILE *f = fopen(path, "wb");
    int ok = f != NULL && fwrite(svg, 1, len, f) == len;
    if (f != NULL && fclose(f) != 0)
        ok = 0;
    accelsel_free(svg);
    if (!ok) {
        fprintf(stderr, "accelsel: %s: --plot: cannot write '%s': %s\n", command, path,
                strerror(errno));
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* Whether the library's error @p e already names @p what, a file or entry
 * it was given: as the source of a located error (its message then starts
 * "what:line:column: "), or quoted in a file error ("cannot open 'what'"),
 * which has no source to say it. */
static int names_already(const accelsel_error *e, const char *detail, const char *what)
{
    size_t n = strlen(what);
    if (n == 0)
        return 0;
    if (e->source != NULL && strcmp(e->source, what) == 0 && detail == e->message)
        return 1;
    for (const char *p = strchr(detail, '\''); p != NULL; p = strchr(p + 1, '\''))
        if (strncmp(p + 1, what, n) == 0 && p[n + 1] == '\'')
            return 1;
    return 0;
}

int cli_fail(int rc, const char *what)
{
    const accelsel_error *e = accelsel_last_error();
    const char *command, *option = e->code == rc ? cli_args_option_of(e->field, &command) : NULL;
    if (option != NULL) { /* the library blames a value the command line gave */
        fprintf(stderr, "accelsel: %s: %s: %s (%s)\n", command, option, e->message,
                accelsel_status_name(rc));
        return CLI_FAIL;
    }
    const char *detail = e->code == rc && e->message[0] ? e->message : accelsel_strerror(rc);
    /* "accelsel: bad.yaml: bad.yaml:2:1: ..." says the path twice */
    if (names_already(e, detail, what))
        fprintf(stderr, "accelsel: %s (%s)\n", detail, accelsel_status_name(rc));
    else
        fprintf(stderr, "accelsel: %s: %s (%s)\n", what, detail, accelsel_status_name(rc));
    return CLI_FAIL;
}

int cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("accelsel: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return CLI_USAGE;
}

int cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return 1;
    return 0;
}

/* The end of the run of ASCII digits at @p p (locale-free, unlike isdigit). */
static const char *digits_end(const char *p)
{
    while (*p >= '0' && *p <= '9')
        p++;
    return p;
}

/* Whether @p s, the whole text, is a number in the dataset reader's syntax. */
static int number_syntax(const char *s)
{
    const char *p = s + (*s == '+' || *s == '-');
    if (strcasecmp(p, "inf") == 0 || strcasecmp(p, "infinity") == 0)
        return 1;
    const char *q = digits_end(p);
    size_t digits = (size_t)(q - p);
    if (*q == '.') {
        const char *frac = q + 1;
        q = digits_end(frac);
        digits += (size_t)(q - frac);
    }
    if (digits == 0)
        return 0;
    if (*q == 'e' || *q == 'E') {
        q += 1 + (q[1] == '+' || q[1] == '-');
        if (*q < '0' || *q > '9')
            return 0;
        q = digits_end(q);
    }
    return *q == '\0';
}

int cli_parse_number(const char *s, double *out)
{
    if (!number_syntax(s))
        return -1;
    errno = 0;
    double v = strtod(s, NULL);
    if (errno == ERANGE && isinf(v))
        return -1; /* beyond a double: the reader refuses it too (ERANGE) */
    *out = v;
    return 0;
}

/* Largest magnitude below which every integer is a double: integral values
 * under it are exact whatever their spelling. */
#define CLI_EXACT_INT 9007199254740992.0 /* 2^53 */

int cli_parse_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    double v;
    if (cli_parse_number(s, &v) != 0 || v < 0 || v != floor(v))
        return -1;
    const char *d = s + (*s == '+');
    uint64_t u;
    if (*d != '\0' && *digits_end(d) == '\0') {
        /* plain digits: exact up to 2^64 - 1, where a double would round */
        errno = 0;
        unsigned long long x = strtoull(d, NULL, 10);
        if (errno == ERANGE)
            return -1;
        u = x;
    } else if (v > CLI_EXACT_INT) {
        return -1; /* 1e19 or 9007199254740993.0: the double may not be what was written */
    } else {
        u = (uint64_t)v;
    }
    if (u < lo || u > hi)
        return -1;
    *out = u;
    return 0;
}

int cli_parse_uint_range(const char *s, uint64_t lo, uint64_t hi, uint64_t *first, uint64_t *last)
{
    const char *dots = strstr(s, "..");
    if (dots == NULL) {
        if (cli_parse_uint(s, lo, hi, first) != 0)
            return -1;
        *last = *first;
        return 0;
    }
    char head[24];
    if ((size_t)(dots - s) >= sizeof head)
        return -1;
    memcpy(head, s, (size_t)(dots - s));
    head[dots - s] = '\0';
    if (cli_parse_uint(head, lo, hi, first) != 0 || cli_parse_uint(dots + 2, lo, hi, last) != 0 ||
        *first > *last)
        return -1;
    return 1;
}

/* The code point of the control character or line separator that starts at
 * @p p, with its length in *len; -1 for anything else. C0 controls, DEL,
 * the C1 controls U+0080..U+009F (0x9B is a terminal's escape introducer)
 * and U+2028, U+2029 (line breaks to a YAML reader). */
static long control_at(const unsigned char *p, size_t *len)
{
    *len = 1;
    if (p[0] < 0x20 || p[0] == 0x7f)
        return p[0];
    *len = 2;
    if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
        return p[1];
    *len = 3;
    if (p[0] == 0xe2 && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9))
        return 0x2000 + (p[2] - 0x80);
    return -1;
}

/* A JSON string literal, also a valid YAML double-quoted scalar: both read
 * \uXXXX, and YAML forbids DEL and C1 controls raw, which JSON allows. */
void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t len;
        long cp = control_at(p, &len);
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (cp == '\n' || cp == '\r' || cp == '\t')
            fputs(cp == '\n' ? "\\n" : cp == '\r' ? "\\r" : "\\t", f);
        else if (cp >= 0)
            fprintf(f, "\\u%04lx", cp);
        else
            fputc(*p, f);
        p += cp >= 0 ? len : 1;
    }
    fputc('"', f);
}

/* Room for any escape that escape_at() writes: the longest is "\\u2028", but
 * the compiler sizes "\\u%04lx" for any long. */
#define ESCAPE_CAP 24

/* The table spelling of the character that starts at @p p, in @p esc; the
 * number of bytes of @p p it stands for. */
static size_t escape_at(const unsigned char *p, char esc[ESCAPE_CAP])
{
    size_t len;
    long cp = control_at(p, &len);
    if (cp == '\n' || cp == '\t' || cp == '\r')
        snprintf(esc, ESCAPE_CAP, "\\%c", cp == '\n' ? 'n' : cp == '\t' ? 't' : 'r');
    else if (cp >= 0 && cp < 0x100)
        snprintf(esc, ESCAPE_CAP, "\\x%02lx", cp);
    else if (cp >= 0)
        snprintf(esc, ESCAPE_CAP, "\\u%04lx", cp);
    else if (*p == '\\')
        snprintf(esc, ESCAPE_CAP, "\\\\");
    else
        snprintf(esc, ESCAPE_CAP, "%c", *p);
    return cp >= 0 ? len : 1;
}

/* The escaped units of @p s that fit in @p cap - 1 bytes, whole; returns
 * whether all of @p s fitted. */
static int escape_into(char *out, size_t cap, const char *s)
{
    size_t n = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        char esc[ESCAPE_CAP];
        size_t used = escape_at(p, esc), e = strlen(esc);
        if (n + e >= cap)
            break;
        memcpy(out + n, esc, e);
        n += e;
        p += used;
    }
    out[n] = '\0';
    return *p == '\0';
}

void cli_table_text(char *out, size_t cap, const char *s)
{
    /* text cut to fit ends in "..." so that a cell never looks whole when it is not */
    if (!escape_into(out, cap, s) && cap > 4) {
        escape_into(out, cap - 3, s);
        strcat(out, "...");
    }
}

void cli_print_text(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        char esc[ESCAPE_CAP];
        p += escape_at(p, esc);
        fputs(esc, f);
    }
}

void cli_json_number(FILE *f, double v)
{
    if (!isfinite(v)) {
        fputs("null", f); /* JSON has no NaN or inf; null is also YAML's null */
        return;
    }
    if (v == floor(v) && fabs(v) < CLI_EXACT_INT) {
        /* JSON readers take 42949672960 as an integer and 4.294967296e+10
         * as a float; +0.0 keeps -0 from printing as "-0" */
        fprintf(f, "%.0f", v + 0.0);
        return;
    }
    char buf[ACCELSEL_FORMAT_DOUBLE_SIZE];
    accelsel_format_double(buf, sizeof buf, v);
    fputs(buf, f);
}

/* Text of one cell for tables and CSV; "" when missing. */
static void cell_text(const accelsel_dataset *ds, size_t r, size_t c, char *buf, size_t cap)
{
    if (accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC) {
        double v = accelsel_dataset_number(ds, r, c);
        if (isnan(v))
            buf[0] = '\0';
        else
            snprintf(buf, cap, "%.10g", v);
        return;
    }
    const char *s = accelsel_dataset_string(ds, r, c);
    cli_table_text(buf, cap, s ? s : "");
}

/* Display width of UTF-8 text: one column per code point. */
static size_t text_width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

static int print_table(FILE *f, const accelsel_dataset *ds)
{
    size_t nr = accelsel_dataset_rows(ds), nc = accelsel_dataset_cols(ds);
    size_t *width = calloc(nc ? nc : 1, sizeof *width);
    if (width == NULL)
        return CLI_FAIL;
    char buf[512];
    for (size_t c = 0; c < nc; c++) {
        cli_table_text(buf, sizeof buf, accelsel_dataset_column_name(ds, c));
        width[c] = text_width(buf);
        for (size_t r = 0; r < nr; r++) {
            cell_text(ds, r, c, buf, sizeof buf);
            size_t w = text_width(buf);
            width[c] = w > width[c] ? w : width[c];
        }
    }
    for (size_t r = 0; r <= nr; r++) {
        for (size_t c = 0; c < nc; c++) {
            const char *s = buf;
            if (r == 0)
                cli_table_text(buf, sizeof buf, accelsel_dataset_column_name(ds, c));
            else
                cell_text(ds, r - 1, c, buf, sizeof buf);
            int numeric = accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC;
            size_t pad = width[c] - text_width(s);
            if (numeric && r > 0)
                fprintf(f, "%*s%s", (int)pad, "", s);
            else
                fprintf(f, "%s%*s", s, c + 1 < nc ? (int)pad : 0, "");
            fputs(c + 1 < nc ? "  " : "\n", f);
        }
    }
    free(width);
    return CLI_OK;
}

static int print_json(FILE *f, const accelsel_dataset *ds)
{
    size_t nr = accelsel_dataset_rows(ds), nc = accelsel_dataset_cols(ds);
    fputs("[", f);
    for (size_t r = 0; r < nr; r++) {
        fputs(r ? ",\n {" : "\n {", f);
        for (size_t c = 0; c < nc; c++) {
            if (c)
                fputs(", ", f);
            cli_json_string(f, accelsel_dataset_column_name(ds, c));
            fputs(": ", f);
            if (accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC) {
                cli_json_number(f, accelsel_dataset_number(ds, r, c));
            } else {
                const char *s = accelsel_dataset_string(ds, r, c);
                if (s)
                    cli_json_string(f, s);
                else
                    fputs("null", f);
            }
        }
        fputs("}", f);
    }
    fputs("\n]\n", f);
    return CLI_OK;
}

/* Whether CSV cells are written as they are (--raw), not escaped: set once
 * by the command's parser (one command runs per process), before any output. */
static int csv_raw;

int cli_set_csv_raw(const char *command, int raw, int format)
{
    if (raw && format != CLI_FORMAT_CSV)
        return cli_usage_error("%s: --raw goes with CSV output (--format csv): tables and JSON "
                               "always escape control characters", command);
    csv_raw = raw;
    return CLI_OK;
}

/* Whether cli_print_text() would write @p s otherwise than as it is. */
static int needs_escape(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        char esc[ESCAPE_CAP];
        size_t used = escape_at(p, esc);
        if (strlen(esc) != used || memcmp(esc, p, used) != 0)
            return 1;
        p += used;
    }
    return 0;
}

/* @p s escaped as cli_print_text() writes it, in new memory (NULL for NULL
 * and when out of memory: *failed says which). */
static char *escaped_copy(const char *s, int *failed)
{
    if (s == NULL)
        return NULL;
    size_t n = 0;
    char esc[ESCAPE_CAP];
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        p += escape_at(p, esc);
        n += strlen(esc);
    }
    char *out = malloc(n + 1), *at = out;
    if (out == NULL) {
        *failed = 1;
        return NULL;
    }
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        p += escape_at(p, esc);
        size_t e = strlen(esc);
        memcpy(at, esc, e);
        at += e;
    }
    *at = '\0';
    return out;
}

/* Whether a column name or text cell of @p ds needs escaping. */
static int dataset_needs_escape(const accelsel_dataset *ds)
{
    size_t nr = accelsel_dataset_rows(ds), nc = accelsel_dataset_cols(ds);
    for (size_t c = 0; c < nc; c++) {
        if (needs_escape(accelsel_dataset_column_name(ds, c)))
            return 1;
        if (accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC)
            continue;
        for (size_t r = 0; r < nr; r++) {
            const char *v = accelsel_dataset_string(ds, r, c);
            if (v != NULL && needs_escape(v))
                return 1;
        }
    }
    return 0;
}

/* Column @p c of @p ds into @p out, its name and text cells escaped; a
 * library status. Escaping is one-to-one (a backslash is doubled), so
 * distinct names stay distinct. */
static int add_escaped_column(accelsel_dataset *out, const accelsel_dataset *ds, size_t c)
{
    size_t nr = accelsel_dataset_rows(ds);
    int failed = 0, rc;
    char *name = escaped_copy(accelsel_dataset_column_name(ds, c), &failed);
    if (failed)
        return ACCELSEL_ENOMEM;
    if (accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC) {
        rc = accelsel_dataset_add_numeric(out, name, accelsel_dataset_numeric(ds, c), nr);
        free(name);
        return rc;
    }
    char **v = calloc(nr ? nr : 1, sizeof *v);
    failed = v == NULL;
    for (size_t r = 0; !failed && r < nr; r++)
        v[r] = escaped_copy(accelsel_dataset_string(ds, r, c), &failed);
    rc = failed ? ACCELSEL_ENOMEM
                : accelsel_dataset_add_categorical(out, name, (const char *const *)v, nr);
    for (size_t r = 0; v != NULL && r < nr; r++)
        free(v[r]);
    free(v);
    free(name);
    return rc;
}

/* The one CSV writer of the command line: the library's (RFC 4180 quoting,
 * shortest round-trip numbers), with the column names and text cells
 * escaped as tables show them unless --raw said to write them as they are,
 * so that no cell of an input file sends an escape sequence to a terminal. */
static int print_csv(FILE *f, const accelsel_dataset *ds)
{
    accelsel_dataset *escaped = NULL;
    int rc = 0;
    if (!csv_raw && dataset_needs_escape(ds)) {
        rc = accelsel_dataset_new(&escaped, accelsel_dataset_rows(ds));
        for (size_t c = 0; rc == 0 && c < accelsel_dataset_cols(ds); c++)
            rc = add_escaped_column(escaped, ds, c);
    }
    char *text = NULL;
    size_t len = 0;
    if (rc == 0)
        rc = accelsel_dataset_save_csv_buffer(escaped != NULL ? escaped : ds, &text, &len);
    accelsel_dataset_free(escaped);
    if (rc != 0)
        return cli_fail(rc, "cannot format CSV");
    fwrite(text, 1, len, f);
    accelsel_free(text);
    return CLI_OK;
}

int cli_print_dataset(FILE *f, const accelsel_dataset *ds, int format)
{
    if (format == CLI_FORMAT_JSON)
        return print_json(f, ds);
    if (format == CLI_FORMAT_TABLE)
        return print_table(f, ds);
    return print_csv(f, ds);
}

void cli_print_invalid_json(FILE *f, const char *file, int rc)
{
    const accelsel_error *e = accelsel_last_error();
    fputs("{\"file\": ", f);
    cli_json_string(f, file);
    fputs(", \"valid\": false, \"status\": ", f);
    cli_json_string(f, accelsel_status_name(rc));
    fputs(", \"message\": ", f);
    cli_json_string(f, e->message);
    fprintf(f, ", \"line\": %lu, \"column\": %lu}\n", (unsigned long)e->line,
            (unsigned long)e->column);
}
