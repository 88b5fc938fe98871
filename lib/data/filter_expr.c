/* The text filter of the CLI's --where: COL=VALUE or COL=MIN..MAX. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "data/filter.h"

static const char fn[] = "accelsel_dataset_filter_expr";

/* One bound of a range; empty means open (@p open_value). */
static int parse_bound(const char *s, size_t len, double open_value, double *v)
{
    if (len == 0) {
        *v = open_value;
        return 0;
    }
    int rc = asel_parse_double(s, len, v);
    if (rc == ACCELSEL_ENOMEM)
        return asel_enomem();
    int shown = len > ASEL_QUOTE_MAX ? ASEL_QUOTE_MAX : (int)len;
    const char *more = len > ASEL_QUOTE_MAX ? "..." : "";
    if (rc == ACCELSEL_ERANGE)
        return asel_error(rc, "%s: range bound '%.*s%s' overflows a double", fn, shown, s, more);
    if (rc != 0)
        return asel_error(ACCELSEL_EINVAL, "%s: range bound '%.*s%s' is not a number", fn, shown,
                          s, more);
    return 0;
}

/* A range "MIN..MAX" applies to numeric columns only; on a categorical
 * column the same text is an ordinary value to match. */
static int apply(accelsel_dataset **out, const accelsel_dataset *ds, size_t col, const char *value)
{
    const char *dots = strstr(value, "..");
    if (dots == NULL || ds->cols[col].type != ACCELSEL_COLUMN_NUMERIC)
        return asel_filter_equal(out, ds, fn, col, value);
    double min, max;
    int rc = parse_bound(value, (size_t)(dots - value), -INFINITY, &min);
    if (rc == 0)
        rc = parse_bound(dots + 2, strlen(dots + 2), INFINITY, &max);
    return rc != 0 ? rc : asel_filter_range(out, ds, fn, col, min, max);
}

static int malformed(const char *expr, const char *why)
{
    return asel_error(ACCELSEL_EPARSE, "%s: '%.*s%s' is not COL=VALUE or COL=MIN..MAX (%s)", fn,
                      ASEL_QUOTE_MAX, expr, asel_ellipsis(expr), why);
}

/* A column name in double quotes, "" standing for one quote (as in CSV), so
 * that a name holding '=' can be filtered: "x=y"=4. Sets *name (allocated)
 * and *rest (the text after the closing quote). */
static int quoted_name(const char *expr, char **name, const char **rest)
{
    asel_buf b = ASEL_BUF_INIT;
    const char *p = expr + 1;
    for (;; p++) {
        if (*p == '\0') {
            asel_buf_release(&b);
            return malformed(expr, "unterminated quoted column name");
        }
        if (*p == '"' && p[1] != '"')
            break;
        asel_buf_append(&b, p, 1);
        p += *p == '"';
    }
    *rest = p + 1;
    return asel_buf_finish(&b, name, NULL) != 0 ? asel_enomem() : 0;
}

ACCELSEL_API int accelsel_dataset_filter_expr(accelsel_dataset **out, const accelsel_dataset *ds,
                                              const char *expr)
{
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (ds == NULL)
        return asel_einval(fn, "ds");
    if (expr == NULL)
        return asel_einval(fn, "expr");
    char *name = NULL;
    const char *eq = NULL;
    int rc = 0;
    if (expr[0] == '"') {
        if ((rc = quoted_name(expr, &name, &eq)) != 0)
            return rc;
        if (*eq != '=') {
            asel_free(name);
            return malformed(expr, "no '=' after the quoted column name");
        }
    } else {
        eq = strchr(expr, '=');
        if (eq == NULL || eq == expr)
            return malformed(expr, eq == NULL ? "no '='" : "empty column name");
        if ((name = asel_strndup(expr, (size_t)(eq - expr))) == NULL)
            return asel_enomem();
    }
    size_t col;
    rc = asel_ds_find(ds, fn, name, &col);
    asel_free(name);
    return rc != 0 ? rc : apply(out, ds, col, eq + 1);
}
