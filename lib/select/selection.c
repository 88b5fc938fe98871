/* accelsel_selection_run(): the steps in order, and the shared helpers. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "select/select_impl.h"

int asel_sel_blame(const char *field)
{
    /* Unlike asel_error_blame(), the selection's option replaces a callee's
     * field: the callee's names its own parameter, which the caller of the
     * selection never sees. A callee told the name to word its message
     * (asel_ds_not_numeric()) put it first; the field carries it now. */
    asel_error_record e;
    asel_error_save(&e);
    if (e.code == ACCELSEL_ENOMEM)
        return e.code;
    size_t len = strlen(field);
    if (strncmp(e.message, field, len) == 0 && strncmp(e.message + len, ": ", 2) == 0)
        memmove(e.message, e.message + len + 2, strlen(e.message + len + 2) + 1);
    e.has_field = 1;
    snprintf(e.field, sizeof e.field, "%s", field);
    asel_error_restore(&e);
    return e.code;
}

int asel_sel_note(accelsel_selection *s, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (asel_array_grow(&s->notes, &s->cap_notes, s->n_notes + 1, sizeof *s->notes, 4) != 0)
        return ACCELSEL_ENOMEM;
    if ((s->notes[s->n_notes] = asel_strdup(line)) == NULL)
        return asel_enomem();
    s->n_notes++;
    return 0;
}

int asel_sel_find(const accelsel_dataset *ds, const char *name, size_t *col)
{
    for (size_t c = 0; c < accelsel_dataset_cols(ds); c++)
        if (strcmp(accelsel_dataset_column_name(ds, c), name) == 0) {
            *col = c;
            return 1;
        }
    return 0;
}

int asel_sel_has(const accelsel_dataset *ds, const char *name)
{
    size_t col;
    return asel_sel_find(ds, name, &col);
}

int asel_sel_other_benchmark(const accelsel_dataset *ds)
{
    size_t col;
    if (!asel_sel_find(ds, "benchmark", &col) ||
        accelsel_dataset_column_type(ds, col) != ACCELSEL_COLUMN_CATEGORICAL)
        return 0;
    /* The rows' values, not the levels: a filtered table may keep levels
     * that none of its rows hold. */
    for (size_t i = 0; i < accelsel_dataset_rows(ds); i++) {
        const char *v = accelsel_dataset_string(ds, i, col);
        if (v != NULL && strcmp(v, "resnet") != 0)
            return 1;
    }
    return 0;
}

/* Options that are wrong whatever the data. */
static int check_options(const accelsel_selection_options *o)
{
    if (o->version != ACCELSEL_SELECTION_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", "accelsel_selection_run: unknown "
                                "options version %u", o->version);
    if (o->n_where > 0 && o->where == NULL)
        return asel_error_field(ACCELSEL_EINVAL, "where", "NULL with n_where %llu",
                          (unsigned long long)o->n_where);
    for (uint64_t i = 0; i < o->n_where; i++)
        if (o->where[i] == NULL)
            return asel_error_field(ACCELSEL_EINVAL, "where", "entry %llu is NULL",
                                    (unsigned long long)i);
    if (o->k == 0 && (o->k_min < 1 || o->k_min > o->k_max))
        return asel_error_field(ACCELSEL_EINVAL, "k_min", "%u..%u is not a range with 1 <= k_min "
                                "<= k_max", o->k_min, o->k_max);
    if (o->k_by < ACCELSEL_KSELECT_SILHOUETTE || o->k_by > ACCELSEL_KSELECT_GAP)
        return asel_error_field(ACCELSEL_EINVAL, "k_by", "unknown criterion %d", (int)o->k_by);
    if (o->algorithm != ACCELSEL_CLUSTER_KMEANS && o->algorithm != ACCELSEL_CLUSTER_WARD)
        return asel_error_field(ACCELSEL_EINVAL, "algorithm", "unknown algorithm %u",
                                o->algorithm);
    if (accelsel_rank_method_name(o->method) == NULL)
        return asel_error_field(ACCELSEL_EINVAL, "method", "unknown ranking method %d",
                                (int)o->method);
    if (o->rows != ACCELSEL_SELECTION_ROWS_KEPT && o->rows != ACCELSEL_SELECTION_ROWS_ALL)
        return asel_error_field(ACCELSEL_EINVAL, "rows", "unknown row policy %d", (int)o->rows);
    return 0;
}

static int run_steps(accelsel_selection *s, const accelsel_dataset *data,
                     const accelsel_selection_options *o)
{
    /* Criteria first: a malformed list is found before any work. */
    int rc = asel_sel_criteria(s, o);
    if (rc == 0)
        rc = asel_sel_rows(s, data, o);
    if (rc == 0)
        rc = asel_sel_default_criteria(s, o);
    if (rc == 0)
        rc = asel_sel_importance(s, o);
    if (rc == 0)
        rc = asel_sel_cluster(s, o);
    if (rc == 0)
        rc = asel_sel_order(s, o);
    if (rc == 0)
        rc = asel_sel_text(s, o);
    return rc;
}

ACCELSEL_API int accelsel_selection_run(accelsel_selection **out, const accelsel_dataset *data,
                                        const accelsel_selection_options *opts)
{
    if (out == NULL)
        return asel_einval("accelsel_selection_run", "out");
    *out = NULL;
    if (data == NULL)
        return asel_einval("accelsel_selection_run", "data");
    accelsel_selection_options defaults = ACCELSEL_SELECTION_OPTIONS_INIT;
    const accelsel_selection_options *o = opts != NULL ? opts : &defaults;
    int rc = check_options(o);
    if (rc != 0)
        return rc;
    accelsel_selection *s = asel_calloc(1, sizeof *s);
    if (s == NULL)
        return asel_enomem();
    rc = run_steps(s, data, o);
    if (rc != 0) {
        accelsel_selection_free(s);
        return rc;
    }
    *out = s;
    return 0;
}

ACCELSEL_API void accelsel_selection_free(accelsel_selection *s)
{
    if (s == NULL)
        return;
    accelsel_dataset_free(s->ds);
    for (size_t i = 0; i < s->n_notes; i++)
        asel_free(s->notes[i]);
    asel_free(s->notes);
    asel_free(s->target);
    accelsel_importance_free(s->imp);
    for (size_t i = 0; i < s->n_constant; i++)
        asel_free(s->constant[i]);
    asel_free(s->constant);
    accelsel_features_free(s->feat);
    asel_free(s->matrix);
    asel_free(s->matrix_rows);
    accelsel_cluster_selection_free(s->ksel);
    accelsel_cluster_model_free(s->model);
    asel_free(s->group_of_row);
    accelsel_free(s->crit);
    for (size_t i = 0; s->median_names != NULL && i < s->n_crit; i++)
        asel_free(s->median_names[i]);
    asel_free(s->median_names);
    asel_free(s->crit_median);
    accelsel_ranking_free(s->groups);
    accelsel_sensitivity_free(s->sens);
    accelsel_ranking_free(s->rows);
    asel_free(s->importance_order);
    asel_free(s->k_reason);
    asel_free(s->advice);
    asel_free(s);
}
