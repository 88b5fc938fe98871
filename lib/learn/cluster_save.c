/* Writing a cluster model as YAML. Every double goes through asel_buf_double
 * (shortest text that reads back to the same bits; nan/inf spelled out), so
 * a reload is identical. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/file.h"
#include "learn/cluster_impl.h"
#include "learn/features_impl.h"

#define PER_LINE 16 /* values per line in long flow sequences */

static void put_doubles(asel_buf *b, const double *v, size_t n, int ind)
{
    asel_buf_puts(b, "[");
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            asel_buf_puts(b, i % PER_LINE ? ", " : ",\n");
        if (i > 0 && i % PER_LINE == 0)
            asel_buf_printf(b, "%*s", ind, "");
        asel_buf_double(b, v[i]);
    }
    asel_buf_puts(b, "]\n");
}

/* Integers from @p wide if not NULL, else from @p narrow. */
static void put_ints(asel_buf *b, const char *key, const size_t *wide, const uint32_t *narrow,
                     size_t n)
{
    asel_buf_printf(b, "%s: [", key);
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            asel_buf_puts(b, i % PER_LINE ? ", " : ",\n  ");
        asel_buf_printf(b, "%zu", wide ? wide[i] : (size_t)narrow[i]);
    }
    asel_buf_puts(b, "]\n");
}

static void put_matrix(asel_buf *b, const char *key, const double *v, size_t rows, size_t cols)
{
    asel_buf_printf(b, "%s:\n", key);
    for (size_t r = 0; r < rows; r++) {
        asel_buf_puts(b, "  - ");
        put_doubles(b, v + r * cols, cols, 5);
    }
}

static void put_header(asel_buf *b, const accelsel_cluster_model *m)
{
    asel_buf_printf(b, "format: accelsel-cluster-model\nversion: 1\nalgorithm: %s\n",
                    accelsel_cluster_algorithm_name(m->algorithm));
    asel_buf_printf(b, "k: %zu\ndim: %zu\nn_rows: %zu\nn_iter: %u\n", m->k, m->d, m->n, m->n_iter);
    const char *keys[] = {"inertia", "silhouette", "calinski_harabasz", "davies_bouldin"};
    const double vals[] = {m->inertia, m->silhouette, m->ch, m->db};
    for (int i = 0; i < 4; i++) {
        asel_buf_printf(b, "%s: ", keys[i]);
        asel_buf_double(b, vals[i]);
        asel_buf_puts(b, "\n");
    }
}

static void put_merges(asel_buf *b, const accelsel_cluster_model *m)
{
    asel_buf_puts(b, "merges:\n");
    for (size_t i = 0; i < m->n_merges; i++) {
        asel_buf_printf(b, "  - [%zu, %zu, ", m->merges[i].a, m->merges[i].b);
        asel_buf_double(b, m->merges[i].height);
        asel_buf_printf(b, ", %zu]\n", m->merges[i].size);
    }
}

static void put_profiles(asel_buf *b, const accelsel_dataset *p)
{
    size_t k = accelsel_dataset_rows(p);
    asel_buf_puts(b, "profiles:\n");
    for (size_t c = 0; c < accelsel_dataset_cols(p); c++) {
        asel_buf_puts(b, "  - name: ");
        asel_yaml_write_scalar(b, accelsel_dataset_column_name(p, c));
        if (accelsel_dataset_column_type(p, c) == ACCELSEL_COLUMN_NUMERIC) {
            asel_buf_puts(b, "\n    type: numeric\n    values: ");
            put_doubles(b, accelsel_dataset_numeric(p, c), k, 6);
            continue;
        }
        asel_buf_puts(b, "\n    type: categorical\n    values:\n");
        for (size_t r = 0; r < k; r++) {
            const char *s = accelsel_dataset_string(p, r, c);
            asel_buf_puts(b, "      - ");
            if (s == NULL)
                asel_buf_puts(b, "null");
            else
                asel_yaml_write_scalar(b, s);
            asel_buf_puts(b, "\n");
        }
    }
}

ACCELSEL_API int accelsel_cluster_model_save_yaml_buffer(const accelsel_cluster_model *m,
                                                         char **out, size_t *len)
{
    if (out != NULL)
        *out = NULL;
    if (m == NULL || out == NULL)
        return asel_einval("accelsel_cluster_model_save_yaml_buffer", m == NULL ? "m" : "out");
    asel_buf b = ASEL_BUF_INIT;
    put_header(&b, m);
    put_matrix(&b, "centroids", m->centroids, m->k, m->d);
    put_matrix(&b, "centroids_original", m->centroids_orig, m->k, m->n_orig);
    put_ints(&b, "labels", NULL, m->labels, m->n);
    if (m->row_index != NULL)
        put_ints(&b, "row_index", m->row_index, NULL, m->n);
    if (m->merges != NULL)
        put_merges(&b, m);
    if (m->features != NULL) {
        asel_buf_puts(&b, "features:\n");
        asel_features_write_yaml(&b, m->features, 2);
    }
    put_profiles(&b, m->profiles);
    return asel_buf_finish(&b, out, len);
}

ACCELSEL_API int accelsel_cluster_model_save_yaml(const accelsel_cluster_model *m, const char *path)
{
    if (m == NULL || path == NULL)
        return asel_einval("accelsel_cluster_model_save_yaml", m == NULL ? "m" : "path");
    char *text = NULL;
    size_t len = 0;
    int rc = accelsel_cluster_model_save_yaml_buffer(m, &text, &len);
    if (rc == 0)
        rc = asel_write_file(path, text, len);
    asel_free(text);
    return rc;
}
