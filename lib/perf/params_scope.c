/* The workload and the error bands of a parameter file. */
#include <math.h>
#include <string.h>

#include "core/error.h"
#include "perf/params_scope.h"

static const char *const group_keys[ASEL_PERF_GROUPS + 1] = { "a", "b", "c", "steps", NULL };

/* String @p key of @p map into @p out (capacity @p cap): 0 or ACCELSEL_EPARSE. */
static int get_text(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                    char *out, size_t cap)
{
    const char *s;
    int rc = asel_yaml_get_string(doc, map, key, 1, &s);
    if (rc == 0 && (s[0] == '\0' || strlen(s) >= cap))
        return asel_yaml_fail(doc, asel_yaml_get(map, key), "'%s' must have 1 to %zu characters",
                              key, cap - 1);
    if (rc == 0)
        memcpy(out, s, strlen(s) + 1);
    return rc;
}

/* A whole number @p key of @p map in [min, 2^53]. */
static int get_whole(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                     double min, double *out)
{
    int rc = asel_yaml_get_double(doc, map, key, 1, min, 9007199254740992.0, out);
    if (rc == 0 && *out != floor(*out))
        return asel_yaml_fail(doc, asel_yaml_get(map, key), "'%s' = %s is not a whole number",
                              key, asel_yaml_get(map, key)->value);
    return rc;
}

static int read_workload(const asel_yaml_doc *doc, const asel_yaml_node *w, asel_perf_workload *out)
{
    static const char *const keys[] = { "network", "parameters", "macs", NULL };
    int rc = asel_yaml_expect(doc, w, ASEL_YAML_MAP, "workload");
    if (rc == 0)
        rc = asel_yaml_check_keys(doc, w, keys);
    if (rc == 0)
        rc = get_text(doc, w, "network", out->name, sizeof out->name);
    if (rc == 0)
        rc = get_whole(doc, w, "parameters", 0, &out->params);
    if (rc == 0)
        rc = get_whole(doc, w, "macs", 0, &out->macs);
    return rc;
}

static int read_band(const asel_yaml_doc *doc, const asel_yaml_node *m, const char *group,
                     asel_perf_band *out)
{
    static const char *const keys[] = { "median", "p90", "rows", "protocol", NULL };
    int rc = asel_yaml_expect(doc, m, ASEL_YAML_MAP, group);
    if (rc == 0)
        rc = asel_yaml_check_keys(doc, m, keys);
    if (rc == 0)
        rc = asel_yaml_get_double(doc, m, "median", 1, 0, 1e300, &out->median);
    if (rc == 0)
        rc = asel_yaml_get_double(doc, m, "p90", 1, 0, 1e300, &out->p90);
    if (rc == 0 && out->p90 < out->median)
        return asel_yaml_fail(doc, asel_yaml_get(m, "p90"),
                              "p90 %.9g of group %s is below its median %.9g", out->p90, group,
                              out->median);
    if (rc == 0)
        rc = get_whole(doc, m, "rows", 1, &out->rows);
    if (rc == 0)
        rc = get_text(doc, m, "protocol", out->protocol, sizeof out->protocol);
    return rc;
}

static int read_bands(const asel_yaml_doc *doc, const asel_yaml_node *b, asel_perf_band *band)
{
    int rc = asel_yaml_expect(doc, b, ASEL_YAML_MAP, "error_bands");
    if (rc == 0)
        rc = asel_yaml_check_keys(doc, b, group_keys);
    for (int g = 0; rc == 0 && g < ASEL_PERF_GROUPS; g++) {
        const asel_yaml_node *m = asel_yaml_get(b, group_keys[g]);
        if (m != NULL)
            rc = read_band(doc, m, group_keys[g], &band[g]);
    }
    return rc;
}

int asel_perf_read_scope(const asel_yaml_doc *doc, const asel_yaml_node *root, int64_t version,
                         accelsel_predictor *p)
{
    if (version < 3)
        return 0;
    const asel_yaml_node *w = asel_yaml_get(root, "workload"), *b = asel_yaml_get(root, "error_bands");
    if (w == NULL || b == NULL)
        return asel_yaml_fail(doc, root, "missing required key '%s'",
                              w == NULL ? "workload" : "error_bands");
    int rc = read_workload(doc, w, &p->workload);
    return rc == 0 ? read_bands(doc, b, p->band) : rc;
}

void asel_perf_write_scope(asel_buf *b, const accelsel_predictor *p)
{
    asel_buf_puts(b, "workload: {network: ");
    asel_yaml_write_scalar(b, p->workload.name);
    asel_buf_printf(b, ", parameters: %.0f, macs: %.0f}\nerror_bands:", p->workload.params,
                    p->workload.macs);
    int any = 0;
    for (int g = 0; g < ASEL_PERF_GROUPS; g++) {
        const asel_perf_band *x = &p->band[g];
        if (x->rows == 0)
            continue;
        asel_buf_printf(b, "\n  %s: {median: ", group_keys[g]);
        asel_buf_double(b, x->median);
        asel_buf_puts(b, ", p90: ");
        asel_buf_double(b, x->p90);
        asel_buf_printf(b, ", rows: %.0f, protocol: ", x->rows);
        asel_yaml_write_scalar(b, x->protocol);
        asel_buf_puts(b, "}");
        any = 1;
    }
    asel_buf_puts(b, any ? "\n" : " {}\n");
}
