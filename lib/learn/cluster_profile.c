/* Cluster profiles as a dataset (one row per cluster), so that clusters can
 * be ranked like any other table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/median.h"
#include "data/table.h"
#include "learn/cluster_impl.h"
#include "learn/cluster_profile.h"

typedef struct profiler {
    accelsel_cluster_model *m;
    accelsel_dataset *out;
    size_t *order; /* n positions grouped by label */
    size_t *start; /* k + 1 */
    double *vals;  /* n: one column's value per position */
    double *tmp;   /* n: one cluster's values */
    double *stat;  /* 3 x k: median, min, max */
} profiler;

/* Whether @p ds has a column named @p name: a look-up in the dataset's hash
 * of names (comparing with every earlier column made a wide table cost
 * columns squared). Unlike accelsel_dataset_column_index() it records no
 * error: a fit that succeeds leaves the thread's last error alone. */
static int has_column(const accelsel_dataset *ds, const char *name)
{
    return asel_levels_find(&ds->names, name, strlen(name)) >= 0;
}

/* Add a column, refusing a name the profile already has (adding would
 * replace that column silently). */
static int add_numeric(profiler *p, const char *name, const double *v)
{
    if (has_column(p->out, name))
        return asel_error(ACCELSEL_EDATA, "cluster profile: column '%s' would be made twice", name);
    return accelsel_dataset_add_numeric(p->out, name, v, p->m->k);
}

static int numeric_column(profiler *p, const char *name)
{
    size_t k = p->m->k;
    for (size_t j = 0; j < k; j++) {
        size_t n = 0;
        for (size_t q = p->start[j]; q < p->start[j + 1]; q++)
            if (!isnan(p->vals[p->order[q]]))
                p->tmp[n++] = p->vals[p->order[q]];
        p->stat[j] = asel_median(p->tmp, n); /* sorts: the ends are the min and max */
        p->stat[k + j] = n == 0 ? NAN : p->tmp[0];
        p->stat[2 * k + j] = n == 0 ? NAN : p->tmp[n - 1];
    }
    static const char *const suffix[] = {"median", "min", "max"};
    int rc = 0;
    for (int s = 0; rc == 0 && s < 3; s++) {
        asel_buf b = ASEL_BUF_INIT;
        char *full = NULL;
        asel_buf_printf(&b, "%s_%s", name, suffix[s]);
        if ((rc = asel_buf_finish(&b, &full, NULL)) == 0)
            rc = add_numeric(p, full, p->stat + (size_t)s * k);
        asel_free(full);
    }
    return rc;
}

size_t asel_level_mode(const size_t *count, size_t nl, size_t *ties)
{
    size_t best = SIZE_MAX;
    *ties = 0;
    for (size_t l = 0; l < nl; l++) {
        if (count[l] == 0)
            continue;
        if (best == SIZE_MAX || count[l] > count[best]) {
            best = l;
            *ties = 0;
        } else if (count[l] == count[best]) {
            (*ties)++;
        }
    }
    return best;
}

/* The most common level of a categorical column per cluster
 * (asel_level_mode()); missing if the cluster has no value. */
static int categorical_column(profiler *p, const accelsel_dataset *ds, size_t col)
{
    size_t nl = accelsel_dataset_levels(ds, col), k = p->m->k, *count = NULL;
    const char **mode = NULL;
    int rc = asel_alloc_array(&count, nl, sizeof *count);
    if (rc == 0)
        rc = asel_alloc_array(&mode, k, sizeof *mode);
    for (size_t j = 0; rc == 0 && j < k; j++) {
        memset(count, 0, nl * sizeof *count);
        size_t ties;
        for (size_t q = p->start[j]; q < p->start[j + 1]; q++) {
            int64_t code = accelsel_dataset_code(ds, p->m->row_index[p->order[q]], col);
            if (code >= 0)
                count[code]++;
        }
        size_t best = asel_level_mode(count, nl, &ties);
        mode[j] = best == SIZE_MAX ? NULL : accelsel_dataset_level(ds, col, best);
    }
    const char *name = accelsel_dataset_column_name(ds, col);
    if (rc == 0 && has_column(p->out, name))
        rc = asel_error(ACCELSEL_EDATA, "cluster profile: column '%s' would be made twice", name);
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(p->out, name, mode, k);
    asel_free(count);
    asel_free(mode);
    return rc;
}

/* Group positions by label (when @p full) and add the cluster and size columns. */
static int begin(profiler *p, accelsel_cluster_model *m, int full)
{
    size_t n = m->n, k = m->k;
    *p = (profiler){.m = m};
    int rc;
    if ((rc = asel_alloc_array(&p->start, k + 1, sizeof(size_t))) != 0 ||
        (rc = asel_alloc_array(&p->stat, 3 * k, sizeof(double))) != 0 ||
        (rc = accelsel_dataset_new(&p->out, k)) != 0)
        return rc;
    for (size_t i = 0; i < n; i++)
        p->start[m->labels[i] + 1]++;
    for (size_t j = 0; j < k; j++) {
        p->start[j + 1] += p->start[j];
        p->stat[j] = (double)j;
        p->stat[k + j] = (double)(p->start[j + 1] - p->start[j]);
    }
    if ((rc = add_numeric(p, "cluster", p->stat)) != 0 ||
        (rc = add_numeric(p, "size", p->stat + k)) != 0 || !full)
        return rc;
    size_t *pos = NULL;
    if ((rc = asel_alloc_array(&p->order, n, sizeof(size_t))) != 0 ||
        (rc = asel_alloc_array(&p->vals, n, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&p->tmp, n, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&pos, k, sizeof(size_t))) != 0)
        return rc;
    memcpy(pos, p->start, k * sizeof *pos);
    for (size_t i = 0; i < n; i++)
        p->order[pos[m->labels[i]]++] = i;
    asel_free(pos);
    return 0;
}

static int end(profiler *p, int rc)
{
    if (rc == 0) {
        p->m->profiles = p->out;
        p->out = NULL;
    }
    accelsel_dataset_free(p->out);
    asel_free(p->order);
    asel_free(p->start);
    asel_free(p->vals);
    asel_free(p->tmp);
    asel_free(p->stat);
    return rc;
}

int asel_cluster_profile_matrix(accelsel_cluster_model *m, const double *x, int full)
{
    profiler p;
    int rc = begin(&p, m, full);
    for (size_t c = 0; rc == 0 && full && c < m->d; c++) {
        char name[32];
        for (size_t i = 0; i < m->n; i++)
            p.vals[i] = x[i * m->d + c];
        snprintf(name, sizeof name, "x%zu", c);
        rc = numeric_column(&p, name);
    }
    return end(&p, rc);
}

int asel_cluster_profile_dataset(accelsel_cluster_model *m, const accelsel_dataset *ds, int full)
{
    profiler p;
    int rc = begin(&p, m, full);
    for (size_t c = 0; rc == 0 && full && c < accelsel_dataset_cols(ds); c++) {
        if (accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_CATEGORICAL) {
            rc = categorical_column(&p, ds, c);
            continue;
        }
        for (size_t i = 0; i < m->n; i++)
            p.vals[i] = accelsel_dataset_number(ds, m->row_index[i], c);
        rc = numeric_column(&p, accelsel_dataset_column_name(ds, c));
    }
    return end(&p, rc);
}
