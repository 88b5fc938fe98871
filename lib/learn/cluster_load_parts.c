/* Reading the arrays and the profile table of a saved cluster model. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/repeat.h"
#include "learn/cluster_load.h"

int asel_cl_double(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what,
                   double *out)
{
    if (node->kind == ASEL_YAML_SCALAR && !node->quoted && strcmp(node->value, "nan") == 0) {
        *out = NAN;
        return 0;
    }
    if (node->kind != ASEL_YAML_SCALAR || node->quoted ||
        asel_parse_double(node->value, node->len, out) != 0)
        return asel_yaml_fail(doc, node, "'%s' must be a number", what);
    return 0;
}

int asel_cl_get_index(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                      double min, double max, double *out)
{
    const asel_yaml_node *n = asel_yaml_get(map, key);
    if (n == NULL)
        return asel_yaml_fail(doc, map, "missing required key '%s'", key);
    double v;
    int rc = asel_cl_double(doc, n, key, &v);
    if (rc == 0 && !isnan(v) && !(v >= min && v <= max))
        rc = asel_yaml_fail(doc, n, "'%s' = %s is outside [%g, %g] (nan if undefined)", key,
                            n->value, min, max);
    if (rc == 0)
        *out = v;
    return rc;
}

int asel_cl_seq(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what, size_t n)
{
    int rc = asel_yaml_expect(doc, node, ASEL_YAML_SEQ, what);
    if (rc == 0 && node->n != n)
        rc = asel_yaml_fail(doc, node, "'%s' has %zu values; expected %zu", what, node->n, n);
    return rc;
}

int asel_cl_doubles(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what,
                    size_t n, double *out)
{
    int rc = asel_cl_seq(doc, node, what, n);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = asel_cl_double(doc, node->items[i], what, &out[i]);
    return rc;
}

int asel_cl_matrix(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                   size_t rows, size_t cols, double *out)
{
    const asel_yaml_node *node = asel_yaml_get(map, key);
    if (node == NULL)
        return asel_yaml_fail(doc, map, "missing required key '%s'", key);
    int rc = asel_cl_seq(doc, node, key, rows);
    for (size_t r = 0; rc == 0 && r < rows; r++)
        rc = asel_cl_doubles(doc, node->items[r], key, cols, out + r * cols);
    return rc;
}

int asel_cl_bounded_matrix(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                           size_t rows, size_t cols, double bound, double *out)
{
    int rc = asel_cl_matrix(doc, map, key, rows, cols, out);
    const asel_yaml_node *seq = rc == 0 ? asel_yaml_get(map, key) : NULL;
    for (size_t i = 0; rc == 0 && i < rows * cols; i++) {
        const asel_yaml_node *v = seq->items[i / cols]->items[i % cols];
        if (!isfinite(out[i]))
            rc = asel_yaml_fail(doc, v, "'%s' must be finite, not '%s'", key, v->value);
        else if (fabs(out[i]) > bound)
            rc = asel_yaml_fail(doc, v,
                                "'%s' value %s is beyond %.3g, the largest magnitude that "
                                "data of this size can have",
                                key, v->value, bound);
    }
    return rc;
}

int asel_cl_ints(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what, size_t n,
                 size_t max, size_t *wide, uint32_t *narrow)
{
    int rc = asel_cl_seq(doc, node, what, n);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        int64_t v = 0;
        rc = asel_yaml_as_int(doc, node->items[i], what, 0, (int64_t)max, &v);
        if (wide != NULL)
            wide[i] = (size_t)v;
        else
            narrow[i] = (uint32_t)v;
    }
    return rc;
}

static int profile_strings(const asel_yaml_doc *doc, const asel_yaml_node *seq, size_t k,
                           accelsel_dataset *p, const char *name)
{
    const char **v = NULL;
    int rc = asel_cl_seq(doc, seq, "values", k);
    if (rc == 0)
        rc = asel_alloc_array(&v, k, sizeof *v);
    for (size_t r = 0; rc == 0 && r < k; r++) {
        const asel_yaml_node *it = seq->items[r];
        if (it->kind == ASEL_YAML_SCALAR && !it->quoted && strcmp(it->value, "null") == 0)
            v[r] = NULL;
        else
            rc = asel_yaml_as_string(doc, it, "values", &v[r]);
    }
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(p, name, v, k);
    asel_free(v);
    return rc;
}

static int profile_column(const asel_yaml_doc *doc, const asel_yaml_node *col, size_t k,
                          accelsel_dataset *p, double *tmp)
{
    static const char *const keys[] = {"name", "type", "values", NULL};
    const char *name, *type;
    int rc = asel_yaml_expect(doc, col, ASEL_YAML_MAP, "profile column");
    if (rc == 0 && (rc = asel_yaml_check_keys(doc, col, keys)) == 0 &&
        (rc = asel_yaml_get_string(doc, col, "name", 1, &name)) == 0)
        rc = asel_yaml_get_string(doc, col, "type", 1, &type);
    if (rc != 0)
        return rc;
    if (name[0] == '\0')
        return asel_yaml_fail(doc, asel_yaml_get(col, "name"), "profile column 'name' is empty");
    const asel_yaml_node *values = asel_yaml_get(col, "values");
    if (values == NULL)
        return asel_yaml_fail(doc, col, "missing required key 'values'");
    if (strcmp(type, "categorical") == 0)
        return profile_strings(doc, values, k, p, name);
    if (strcmp(type, "numeric") != 0)
        return asel_yaml_fail(doc, asel_yaml_get(col, "type"), "unknown column type '%s'", type);
    if ((rc = asel_cl_doubles(doc, values, "values", k, tmp)) != 0)
        return rc;
    return accelsel_dataset_add_numeric(p, name, tmp, k);
}

/* The first column whose name repeats an earlier one (*later = SIZE_MAX if
 * none), found before any column is added: adding one would replace the
 * earlier column. Columns without a usable name fail when they are read. */
static int repeated_name(const asel_yaml_node *seq, size_t *later)
{
    const char **names = NULL;
    size_t earlier;
    int rc = asel_alloc_array(&names, seq->n ? seq->n : 1, sizeof *names);
    for (size_t c = 0; rc == 0 && c < seq->n; c++) {
        const asel_yaml_node *col = seq->items[c], *name = NULL;
        if (col->kind == ASEL_YAML_MAP)
            name = asel_yaml_get(col, "name");
        names[c] = name != NULL && name->kind == ASEL_YAML_SCALAR ? name->value : NULL;
    }
    if (rc == 0)
        rc = asel_first_repeat(names, seq->n, later, &earlier);
    asel_free(names);
    return rc;
}

int asel_cl_profiles(const asel_yaml_doc *doc, const asel_yaml_node *root, size_t k,
                     accelsel_dataset **out)
{
    const asel_yaml_node *seq = asel_yaml_get(root, "profiles");
    if (seq == NULL)
        return asel_yaml_fail(doc, root, "missing required key 'profiles'");
    double *tmp = NULL;
    size_t dup = SIZE_MAX;
    int rc = asel_yaml_expect(doc, seq, ASEL_YAML_SEQ, "profiles");
    if (rc == 0 && (rc = repeated_name(seq, &dup)) == 0 &&
        (rc = asel_alloc_array(&tmp, k, sizeof *tmp)) == 0)
        rc = accelsel_dataset_new(out, k);
    for (size_t c = 0; rc == 0 && c < seq->n; c++)
        rc = c == dup ? asel_yaml_fail(doc, seq->items[c], "profile column '%s' appears twice",
                                       asel_yaml_get(seq->items[c], "name")->value)
                      : profile_column(doc, seq->items[c], k, *out, tmp);
    asel_free(tmp);
    return rc;
}
