/* Step 1: which variables drive the target (variable importance). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "select/select_impl.h"

/* The column a list item or target names: "log10(x)" names x. */
void asel_sel_base_name(const char *item, char *out, size_t size)
{
    size_t len = strlen(item);
    if (len > 7 && strncmp(item, "log10(", 6) == 0 && item[len - 1] == ')')
        snprintf(out, size, "%.*s", (int)(len - 7), item + 6);
    else
        snprintf(out, size, "%s", item);
}

/* 1 if column @p name exists and has at most one distinct present value. */
static int is_constant(const accelsel_dataset *ds, const char *name)
{
    size_t col, n = accelsel_dataset_rows(ds), seen = 0;
    if (accelsel_dataset_column_index(ds, name, &col) != 0)
        return 0; /* the fit reports it */
    const double *v = accelsel_dataset_numeric(ds, col);
    double first = NAN;
    for (size_t i = 0; i < n; i++) {
        double x = v != NULL ? v[i] : (double)accelsel_dataset_code(ds, i, col);
        if (v != NULL ? isnan(x) : x < 0)
            continue; /* missing */
        if (seen++ == 0)
            first = x;
        else if (x != first)
            return 0;
    }
    return 1;
}

/* Move the variables that cannot explain anything (one value over the rows,
 * e.g. round after where round=...) from @p spec to s->constant. */
static int drop_constant(accelsel_selection *s, asel_spec *spec)
{
    if (asel_alloc_array(&s->constant, spec->n ? spec->n : 1, sizeof *s->constant) != 0)
        return ACCELSEL_ENOMEM;
    if (accelsel_dataset_rows(s->ds) < 2)
        return 0; /* too few rows for importance: the module says so */
    size_t kept = 0;
    for (size_t i = 0; i < spec->n; i++) {
        if (is_constant(s->ds, spec->columns[i])) {
            s->constant[s->n_constant++] = spec->columns[i];
            continue;
        }
        spec->columns[kept] = spec->columns[i];
        spec->transforms[kept++] = spec->transforms[i];
    }
    spec->n = kept;
    return kept > 0 ? 0
                    : asel_error_field(ACCELSEL_EDATA, "variables", "every column has a single "
                                                       "value over the rows");
}

/* The default variables that the data has, as one list (caller frees). */
static char *default_variables(const accelsel_dataset *ds)
{
    char *list = asel_calloc(1, sizeof ACCELSEL_SELECTION_DEFAULT_VARIABLES);
    const char *b = ACCELSEL_SELECTION_DEFAULT_VARIABLES;
    while (list != NULL && *b) {
        size_t len = strcspn(b, ",");
        char item[64], base[64];
        snprintf(item, sizeof item, "%.*s", (int)len, b);
        asel_sel_base_name(item, base, sizeof base);
        if (asel_sel_has(ds, base)) {
            if (list[0])
                strcat(list, ",");
            strcat(list, item);
        }
        b += len + (b[len] == ',');
    }
    return list;
}

/* The target and variables to use, or a note saying why importance is skipped. */
static int importance_inputs(accelsel_selection *s, const accelsel_selection_options *o,
                             char **variables)
{
    char base[256];
    *variables = NULL;
    if (o->target != NULL && o->target[0] == '\0')
        return asel_sel_note(s, "variable importance skipped: no target given");
    const char *target = o->target != NULL ? o->target : ACCELSEL_SELECTION_DEFAULT_TARGET;
    asel_sel_base_name(target, base, sizeof base);
    if (o->target == NULL && !asel_sel_has(s->ds, base))
        return asel_sel_note(s, "variable importance skipped: the default target %s needs the "
                                "column %s; give a target", target, base);
    /* An explicit target is checked before importance may be skipped for
     * want of variables, so that a mistyped target is never ignored. */
    size_t col;
    int logged;
    int rc = o->target != NULL ? asel_sel_target_column(s->ds, target, &col, &logged) : 0;
    if (rc != 0)
        return rc;
    *variables = o->variables != NULL ? asel_strdup(o->variables) : default_variables(s->ds);
    if (*variables == NULL)
        return asel_enomem();
    if ((*variables)[0] == '\0') {
        asel_free(*variables);
        *variables = NULL;
        return asel_sel_note(s, "variable importance skipped: the data has none of the default "
                                "variables; give variables");
    }
    if ((s->target = asel_strdup(target)) == NULL)
        return asel_enomem();
    return asel_sel_add_target(s->ds, target);
}

static int fit_spec(const accelsel_dataset *ds, const asel_spec *spec, const char *field,
                    uint32_t missing, accelsel_features **out)
{
    accelsel_features_options o = ACCELSEL_FEATURES_OPTIONS_INIT;
    o.missing = missing;
    int rc = accelsel_features_fit(out, ds, (const char *const *)spec->columns, spec->transforms,
                                   spec->n, &o);
    return rc == 0 ? 0 : asel_sel_blame(field);
}

int asel_sel_importance(accelsel_selection *s, const accelsel_selection_options *o)
{
    char *variables;
    int rc = importance_inputs(s, o, &variables);
    if (rc != 0 || variables == NULL) {
        asel_free(variables); /* the target may fail after the variables were made */
        return rc;
    }
    asel_spec spec = {NULL, NULL, 0};
    accelsel_features *f = NULL;
    rc = asel_spec_parse(variables, "variables", &spec);
    asel_free(variables);
    if (rc == 0)
        rc = drop_constant(s, &spec);
    if (rc == 0)
        rc = fit_spec(s->ds, &spec, "variables", ACCELSEL_MISSING_IMPUTE, &f);
    asel_spec_free(&spec);
    if (rc != 0)
        return rc;
    accelsel_importance_options io = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    io.seed = o->seed;
    rc = accelsel_importance_compute_features(&s->imp, s->ds, f, s->target, &io);
    accelsel_features_free(f);
    return rc == 0 ? asel_sel_importance_order(s) : asel_sel_blame("target");
}
