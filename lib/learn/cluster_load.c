/* Loading a cluster model saved by accelsel_cluster_model_save_yaml(). */
#include <limits.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/file.h"
#include "learn/cluster_impl.h"
#include "learn/cluster_load.h"
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
    int algorithm =
        rc == 0 && strcmp(alg, "ward") == 0 ? ACCELSEL_CLUSTER_WARD : ACCELSEL_CLUSTER_KMEANS;
    if (rc == 0 && strcmp(alg, "ward") != 0 && strcmp(alg, "kmeans") != 0)
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
    if (rc == 0)
        rc = asel_cl_get_double(doc, root, "inertia", &m->inertia);
    if (rc == 0)
        rc = asel_cl_get_double(doc, root, "silhouette", &m->silhouette);
    if (rc == 0)
        rc = asel_cl_get_double(doc, root, "calinski_harabasz", &m->ch);
    if (rc == 0)
        rc = asel_cl_get_double(doc, root, "davies_bouldin", &m->db);
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
    int rc = asel_cl_seq(doc, seq, "merges", m->n_merges);
    for (size_t i = 0; rc == 0 && i < m->n_merges; i++) {
        const asel_yaml_node *row = seq->items[i];
        size_t ab[2] = {0, 0};
        int64_t size = 0;
        asel_ward_merge *g = &m->merges[i];
        if ((rc = asel_cl_seq(doc, row, "merge", 4)) != 0)
            break;
        for (int j = 0; rc == 0 && j < 2; j++) {
            int64_t v = 0;
            rc = asel_yaml_as_int(doc, row->items[j], "merge", 0, (int64_t)(m->n + i - 1), &v);
            ab[j] = (size_t)v;
        }
        if (rc == 0)
            rc = asel_cl_double(doc, row->items[2], "merge", &g->height);
        if (rc == 0)
            rc = asel_yaml_as_int(doc, row->items[3], "merge", 2, (int64_t)m->n, &size);
        *g = (asel_ward_merge){ab[0], ab[1], g->height, (size_t)size};
    }
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
        (rc = asel_cl_finite_matrix(doc, root, "centroids", m->k, m->d, m->centroids)) == 0)
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
