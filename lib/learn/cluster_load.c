/* Loading a cluster model saved by accelsel_cluster_model_save_yaml(). */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/file.h"
#include "learn/cluster_impl.h"
#include "learn/cluster_load.h"
#include "learn/cluster_quality.h"
#include "learn/features_impl.h"

static const char *const root_keys[] = {
    "format",    "version",        "algorithm", "k",         "dim",       "n_rows",
    "n_iter",    "inertia",        "silhouette", "calinski_harabasz", "davies_bouldin",
    "centroids", "centroids_original", "labels", "row_index", "merges",   "features",
    "profiles",  NULL,
};

static int read_version(const asel_yaml_doc *doc, const asel_yaml_node *root)
{
    const char *format;
    int64_t version = 0;
    int rc = asel_yaml_get_string(doc, root, "format", 1, &format);
    if (rc == 0 && strcmp(format, "accelsel-cluster-model") != 0)
        return asel_yaml_fail(doc, asel_yaml_get(root, "format"),
                              "not a cluster model: format '%s'", format);
    if (rc == 0)
        rc = asel_yaml_get_int(doc, root, "version", 1, INT64_MIN, INT64_MAX, &version);
    if (rc == 0 && version != 1) {
        const asel_yaml_node *v = asel_yaml_get(root, "version");
        return asel_error_at(ACCELSEL_EVERSION, asel_yaml_source(doc), v->line, v->column,
                             "unknown cluster model version %lld", (long long)version);
    }
    return rc;
}

/* Algorithm and sizes, then a model allocated for them. */
static int read_shape(const asel_yaml_doc *doc, const asel_yaml_node *root,
                      accelsel_cluster_model **out)
{
    const char *alg;
    int64_t k = 0, d = 0, n = 0;
    int rc = asel_yaml_get_string(doc, root, "algorithm", 1, &alg);
    uint32_t algorithm = ACCELSEL_CLUSTER_KMEANS;
    if (rc == 0 && accelsel_cluster_algorithm_from_name(alg, &algorithm) != 0)
        return asel_yaml_fail(doc, asel_yaml_get(root, "algorithm"), "unknown algorithm '%s'", alg);
    if (rc == 0)
        rc = asel_yaml_get_int(doc, root, "k", 1, 1, UINT32_MAX, &k);
    if (rc == 0)
        rc = asel_yaml_get_int(doc, root, "dim", 1, 1, INT_MAX, &d);
    if (rc == 0)
        rc = asel_yaml_get_int(doc, root, "n_rows", 1, k, INT64_MAX, &n);
    /* Sizes are checked against the arrays before anything is allocated, so
     * that a forged size cannot ask for more memory than the text implies. */
    const asel_yaml_node *labels = asel_yaml_get(root, "labels"),
                         *cen = asel_yaml_get(root, "centroids");
    if (rc == 0 && (labels == NULL || cen == NULL))
        rc = asel_yaml_fail(doc, root, "missing required key '%s'",
                            labels ? "centroids" : "labels");
    if (rc == 0 && (rc = asel_cl_seq(doc, labels, "labels", (size_t)n)) == 0 &&
        (rc = asel_cl_seq(doc, cen, "centroids", (size_t)k)) == 0)
        rc = asel_cl_seq(doc, cen->items[0], "centroids", (size_t)d);
    if (rc == 0)
        rc = asel_cluster_model_alloc(out, (size_t)n, (size_t)d, (size_t)k, algorithm);
    return rc;
}

static int read_scalars(const asel_yaml_doc *doc, const asel_yaml_node *root,
                        accelsel_cluster_model *m)
{
    int64_t it = 0;
    int rc = asel_yaml_get_int(doc, root, "n_iter", 1, 0, UINT32_MAX, &it);
    m->n_iter = (uint32_t)it;
    /* A sum of squares of bounded values is finite; CH and DB are ratios
     * that a near-zero denominator can carry to infinity. */
    if (rc == 0)
        rc = asel_yaml_get_double(doc, root, "inertia", 1, 0.0, HUGE_VAL, &m->inertia);
    if (rc == 0)
        rc = asel_cl_get_index(doc, root, "silhouette", -1.0, 1.0, &m->silhouette);
    if (rc == 0)
        rc = asel_cl_get_index(doc, root, "calinski_harabasz", 0.0, HUGE_VAL, &m->ch);
    if (rc == 0)
        rc = asel_cl_get_index(doc, root, "davies_bouldin", 0.0, HUGE_VAL, &m->db);
    return rc;
}

/* The clusters that merge @p i joins: ids below n + i (rows, then earlier
 * merges), two different ones that no earlier merge took (@p merged marks
 * those that one did). */
static int read_pair(const asel_yaml_doc *doc, const asel_yaml_node *row, size_t i,
                     const accelsel_cluster_model *m, unsigned char *merged, size_t ab[2])
{
    int rc = 0;
    for (int j = 0; rc == 0 && j < 2; j++) {
        const asel_yaml_node *id = row->items[j];
        int64_t v = 0;
        rc = asel_yaml_as_int(doc, id, "merge", 0, (int64_t)(m->n + i - 1), &v);
        ab[j] = (size_t)v;
        if (rc == 0 && j == 1 && ab[1] == ab[0])
            rc = asel_yaml_fail(doc, id, "merge %zu joins cluster %s with itself", i, id->value);
        else if (rc == 0 && merged[ab[j]])
            rc = asel_yaml_fail(doc, id, "merge %zu: cluster %s was merged before", i, id->value);
        if (rc == 0)
            merged[ab[j]] = 1;
    }
    return rc;
}

/* Merge @p i's height: finite and at least @p lowest, the previous height
 * (0 for the first), as the merges come in increasing height. */
static int read_height(const asel_yaml_doc *doc, const asel_yaml_node *node, size_t i,
                       double lowest, double *out)
{
    int rc = asel_cl_double(doc, node, "merge", out);
    if (rc == 0 && !(isfinite(*out) && *out >= lowest))
        rc = asel_yaml_fail(doc, node, "merge %zu: height %s must be finite and at least %g "
                            "(heights are >= 0 and never decrease)", i, node->value, lowest);
    return rc;
}

/* Rows in cluster @p id of a Ward tree whose merges before @p id are read. */
static size_t cluster_size(const accelsel_cluster_model *m, size_t id)
{
    return id < m->n ? 1 : m->merges[id - m->n].size;
}

/* Merge @p i's size: the rows of its two clusters together. */
static int read_size(const asel_yaml_doc *doc, const asel_yaml_node *node, size_t i,
                     const accelsel_cluster_model *m, const size_t ab[2], size_t *out)
{
    int64_t size = 0;
    *out = cluster_size(m, ab[0]) + cluster_size(m, ab[1]);
    int rc = asel_yaml_as_int(doc, node, "merge", 2, (int64_t)m->n, &size);
    if (rc == 0 && (size_t)size != *out)
        rc = asel_yaml_fail(doc, node, "merge %zu: size %s is not %zu, the rows of clusters %zu "
                            "and %zu together", i, node->value, *out, ab[0], ab[1]);
    return rc;
}

/* Merge @p i, valid as SciPy's is_valid_linkage() requires and in order of
 * height. */
static int read_merge(const asel_yaml_doc *doc, const asel_yaml_node *row, size_t i,
                      accelsel_cluster_model *m, unsigned char *merged)
{
    size_t ab[2] = {0, 0}, size = 0;
    double height = 0.0;
    int rc = asel_cl_seq(doc, row, "merge", 4);
    if (rc == 0)
        rc = read_pair(doc, row, i, m, merged, ab);
    if (rc == 0)
        rc = read_height(doc, row->items[2], i, i > 0 ? m->merges[i - 1].height : 0.0, &height);
    if (rc == 0)
        rc = read_size(doc, row->items[3], i, m, ab, &size);
    if (rc == 0)
        m->merges[i] = (asel_ward_merge){ab[0], ab[1], height, size};
    return rc;
}

static int read_merges(const asel_yaml_doc *doc, const asel_yaml_node *root,
                       accelsel_cluster_model *m)
{
    const asel_yaml_node *seq = asel_yaml_get(root, "merges");
    if (m->algorithm != ACCELSEL_CLUSTER_WARD)
        return seq ? asel_yaml_fail(doc, seq, "'merges' belongs to Ward models only") : 0;
    if (seq == NULL)
        return asel_yaml_fail(doc, root, "missing required key 'merges'");
    unsigned char *merged = NULL;
    int rc = asel_cl_seq(doc, seq, "merges", m->n_merges);
    if (rc == 0)
        rc = asel_alloc_array(&merged, m->n + m->n_merges, 1);
    for (size_t i = 0; rc == 0 && i < m->n_merges; i++)
        rc = read_merge(doc, seq->items[i], i, m, merged);
    asel_free(merged);
    return rc;
}

/* Features (dataset fits) with their row index, and the original-unit centroids. */
static int read_features(const asel_yaml_doc *doc, const asel_yaml_node *root,
                         accelsel_cluster_model *m)
{
    const asel_yaml_node *fn = asel_yaml_get(root, "features"),
                         *ri = asel_yaml_get(root, "row_index");
    int rc = 0;
    if ((fn == NULL) != (ri == NULL))
        return asel_yaml_fail(doc, fn ? fn : ri, "'features' and 'row_index' come together");
    if (fn != NULL && (rc = asel_features_read_yaml(&m->features, doc, fn)) == 0 &&
        accelsel_features_dim(m->features) != m->d)
        rc = asel_yaml_fail(doc, fn, "the features give %zu columns; 'dim' is %zu",
                            accelsel_features_dim(m->features), m->d);
    if (rc == 0 && ri != NULL && (rc = asel_alloc_array(&m->row_index, m->n, sizeof(size_t))) == 0)
        rc = asel_cl_ints(doc, ri, "row_index", m->n, SIZE_MAX >> 1, m->row_index, NULL);
    m->n_orig = m->features ? accelsel_features_n_inputs(m->features) : m->d;
    if (rc == 0)
        rc = asel_alloc_array(&m->centroids_orig, m->k * m->n_orig, sizeof(double));
    if (rc == 0)
        rc = asel_cl_matrix(doc, root, "centroids_original", m->k, m->n_orig, m->centroids_orig);
    return rc;
}

static int read_model(const asel_yaml_doc *doc, accelsel_cluster_model **out)
{
    const asel_yaml_node *root = asel_yaml_root(doc);
    accelsel_cluster_model *m = NULL;
    int rc = asel_yaml_expect(doc, root, ASEL_YAML_MAP, "cluster model");
    if (rc == 0 && (rc = asel_yaml_check_keys(doc, root, root_keys)) == 0 &&
        (rc = read_version(doc, root)) == 0 && (rc = read_shape(doc, root, &m)) == 0 &&
        (rc = read_scalars(doc, root, m)) == 0 &&
        (rc = asel_cl_bounded_matrix(doc, root, "centroids", m->k, m->d,
                                      asel_value_bound(m->n, m->d), m->centroids)) == 0)
        rc = asel_cl_ints(doc, asel_yaml_get(root, "labels"), "labels", m->n, m->k - 1, NULL,
                          m->labels);
    if (rc == 0 && (rc = read_merges(doc, root, m)) == 0 && (rc = read_features(doc, root, m)) == 0)
        rc = asel_cl_profiles(doc, root, m->k, &m->profiles);
    if (rc != 0)
        accelsel_cluster_model_free(m);
    else
        *out = m;
    return rc;
}

static int load_text(accelsel_cluster_model **out, const char *data, size_t len, const char *source)
{
    asel_yaml_doc *doc = NULL;
    int rc = asel_yaml_parse_as(&doc, data, len, source, 0, "cluster model");
    if (rc == 0)
        rc = read_model(doc, out);
    asel_yaml_free(doc);
    return rc;
}

ACCELSEL_API int accelsel_cluster_model_load_yaml_buffer(accelsel_cluster_model **out,
                                                         const char *data, size_t len)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || (data == NULL && len != 0))
        return asel_einval("accelsel_cluster_model_load_yaml_buffer", out == NULL ? "out" : "data");
    return load_text(out, data ? data : "", len, "<buffer>");
}

ACCELSEL_API int accelsel_cluster_model_load_yaml(accelsel_cluster_model **out, const char *path)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || path == NULL)
        return asel_einval("accelsel_cluster_model_load_yaml", out == NULL ? "out" : "path");
    char *data = NULL;
    size_t len = 0;
    int rc = asel_read_file(path, &data, &len);
    if (rc == 0)
        rc = load_text(out, data, len, path);
    asel_free(data);
    return rc;
}
