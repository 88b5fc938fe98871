/* Step 2: the performance groups -- the feature matrix, the choice of k
 * (its range clamped to the distinct rows), the clustering. */
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/kmeans.h"
#include "select/select_impl.h"

/* With the default features, a column the data lacks is a usage matter: the
 * caller must name features that fit the data. */
static int check_default_features(const accelsel_dataset *ds, const asel_spec *spec)
{
    for (size_t i = 0; i < spec->n; i++)
        if (!asel_sel_has(ds, spec->columns[i]))
            return asel_error_field(ACCELSEL_EINVAL, "features",
                                    "the default features need the column '%s', which the "
                                    "data lacks; name the clustering features",
                                    spec->columns[i]);
    return 0;
}

/* The clustering features of every row they do not drop, as a matrix. */
static int feature_matrix(accelsel_selection *s, const accelsel_selection_options *o)
{
    asel_spec spec;
    const char *defaults = asel_sel_other_benchmark(s->ds) ? ACCELSEL_SELECTION_BENCHMARK_FEATURES
                                                           : ACCELSEL_SELECTION_DEFAULT_FEATURES;
    int rc = asel_spec_parse(o->features ? o->features : defaults, "features", &spec);
    if (rc == 0 && o->features == NULL)
        rc = check_default_features(s->ds, &spec);
    if (rc == 0) {
        accelsel_features_options fo = ACCELSEL_FEATURES_OPTIONS_INIT;
        fo.missing = ACCELSEL_MISSING_DROP;
        rc = accelsel_features_fit(&s->feat, s->ds, (const char *const *)spec.columns,
                                   spec.transforms, spec.n, &fo);
        if (rc != 0)
            rc = asel_sel_blame("features");
    }
    asel_spec_free(&spec);
    if (rc != 0)
        return rc;
    size_t rows = accelsel_dataset_rows(s->ds);
    s->d = accelsel_features_dim(s->feat);
    if (asel_alloc_array(&s->matrix, (rows ? rows : 1) * s->d, sizeof *s->matrix) != 0 ||
        asel_alloc_array(&s->matrix_rows, rows ? rows : 1, sizeof *s->matrix_rows) != 0)
        return ACCELSEL_ENOMEM;
    rc = accelsel_features_transform(s->feat, s->ds, s->matrix, rows * s->d, &s->n,
                                     s->matrix_rows);
    return rc == 0 ? 0 : asel_sel_blame("features");
}

/* The error of a k range left empty by the clamp, blamed on the option to
 * give: k_min when a lower k_min would do, else k (too few distinct rows for
 * any choice of k, though a given k up to their number still fits). */
static int empty_k_range(const accelsel_selection *s, const accelsel_selection_options *o,
                         size_t m)
{
    char of[64] = "";
    if (m < s->n)
        snprintf(of, sizeof of, " (of %zu rows)", s->n);
    if (m >= 3)
        return asel_error_field(ACCELSEL_EINVAL, "k_min", "k from %u needs at least %u "
                                "%sclustered rows; there are %zu%s", o->k_min, o->k_min + 1,
                                m < s->n ? "distinct " : "", m, of);
    return asel_error_field(ACCELSEL_EINVAL, "k", "%zu %sclustered rows%s are too few to choose "
                            "k from %u; give k (at most %zu)", m, m < s->n ? "distinct " : "", of,
                            o->k_min, m);
}

/* The range of k tried: at most m - 1 groups for m distinct clustered rows
 * (in feature space), said in a note when clamped. Repeated rows cannot be
 * split, so k beyond m cannot be fitted, and at k = m every group is one
 * point repeated: the silhouette would favour it while it groups nothing. */
static int k_range(accelsel_selection *s, const accelsel_selection_options *o)
{
    if (o->k != 0) {
        s->k_min = s->k_max = o->k; /* more groups than rows: the clustering says so */
        return 0;
    }
    size_t m;
    int rc = asel_km_distinct_rows(s->matrix, s->n, s->d, &m);
    if (rc != 0)
        return rc;
    size_t top = m > 1 ? m - 1 : 1;
    s->k_min = o->k_min;
    s->k_max = o->k_max < top ? o->k_max : (uint32_t)top;
    if (s->k_min > s->k_max)
        return empty_k_range(s, o, m);
    if (s->k_max == o->k_max)
        return 0;
    char of[64] = "";
    if (m < s->n)
        snprintf(of, sizeof of, ", %zu of them distinct", m);
    return asel_sel_note(s, "k range clamped to %u..%u: %zu rows were clustered%s", s->k_min,
                         s->k_max, s->n, of);
}

/* The label of every dataset row, UINT32_MAX where the row was not clustered. */
static int label_rows(accelsel_selection *s)
{
    size_t rows = accelsel_dataset_rows(s->ds), n = accelsel_cluster_model_n_rows(s->model);
    const uint32_t *labels = accelsel_cluster_model_labels(s->model);
    const size_t *index = accelsel_cluster_model_row_index(s->model);
    if (asel_alloc_array(&s->group_of_row, rows ? rows : 1, sizeof *s->group_of_row) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < rows; i++)
        s->group_of_row[i] = UINT32_MAX;
    for (size_t i = 0; i < n; i++)
        s->group_of_row[index[i]] = labels[i];
    return 0;
}

int asel_sel_cluster(accelsel_selection *s, const accelsel_selection_options *o)
{
    int rc = feature_matrix(s, o);
    if (rc == 0)
        rc = k_range(s, o);
    if (rc != 0)
        return rc;
    accelsel_cluster_options co = ACCELSEL_CLUSTER_OPTIONS_INIT;
    co.algorithm = o->algorithm;
    co.seed = o->seed;
    co.k = o->k;
    if (o->k == 0) {
        rc = accelsel_cluster_select_k(&s->ksel, s->matrix, s->n, s->d, s->k_min, s->k_max,
                                       o->k_by, &co);
        if (rc != 0)
            return asel_sel_blame("k_by");
        co.k = accelsel_cluster_selection_best_k(s->ksel);
    }
    rc = accelsel_cluster_fit_dataset(&s->model, s->ds, s->feat, &co);
    return rc == 0 ? label_rows(s) : asel_sel_blame(o->k != 0 ? "k" : "features");
}
