/* The public face of core's numbers: the shortest round-trip text of a
 * double and quantiles, the ones the library itself writes and takes, so
 * that a front end prints and summarises as the library does. */
#include <math.h>
#include <string.h>

#include "accelsel/common.h"
#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/median.h"

ACCELSEL_API int accelsel_format_double(char *out, size_t cap, double v)
{
    if (out == NULL)
        return asel_error_field(ACCELSEL_EINVAL, "out",
                                "accelsel_format_double: invalid argument 'out'");
    if (cap < ACCELSEL_FORMAT_DOUBLE_SIZE)
        return asel_error_field(ACCELSEL_EINVAL, "cap",
                                "accelsel_format_double: cap is %zu, needs at least %d", cap,
                                ACCELSEL_FORMAT_DOUBLE_SIZE);
    char text[32];
    asel_format_double(text, v);
    memcpy(out, text, strlen(text) + 1);
    return 0;
}

static int check_quantiles(const double *v, size_t n, const double *q, size_t n_q, double *out)
{
    const char *bad = v == NULL && n > 0 ? "v" : q == NULL && n_q > 0 ? "q"
                      : out == NULL && n_q > 0 ? "out" : NULL;
    if (bad != NULL)
        return asel_error_field(ACCELSEL_EINVAL, bad, "accelsel_quantiles: invalid argument '%s'",
                                bad);
    for (size_t k = 0; k < n_q; k++)
        if (!(q[k] >= 0 && q[k] <= 1))
            return asel_error_field(ACCELSEL_EINVAL, "q",
                                    "accelsel_quantiles: q[%zu] is %g, not in [0, 1]", k, q[k]);
    return 0;
}

ACCELSEL_API int accelsel_quantiles(const double *v, size_t n, const double *q, size_t n_q,
                                    double *out)
{
    int rc = check_quantiles(v, n, q, n_q, out);
    if (rc != 0)
        return rc;
    double *s = asel_malloc((n ? n : 1) * sizeof *s);
    if (s == NULL)
        return asel_enomem();
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!isnan(v[i]))
            s[m++] = v[i];
    asel_sort_doubles(s, m);
    for (size_t k = 0; k < n_q; k++)
        out[k] = asel_quantile_sorted(s, m, q[k]);
    asel_free(s);
    return 0;
}
