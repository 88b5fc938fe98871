/* A feature transform's lifetime (allocation, output names, copies) and its
 * read-only accessors. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/features_impl.h"

int asel_features_alloc(accelsel_features **out, size_t n_inputs)
{
    accelsel_features *f = NULL;
    int rc = asel_alloc_array(&f, 1, sizeof *f);
    if (rc == 0 && (rc = asel_alloc_array(&f->in, n_inputs, sizeof *f->in)) != 0) {
        asel_free(f);
        f = NULL;
    }
    if (f != NULL)
        f->n_inputs = n_inputs;
    *out = f;
    return rc;
}

ACCELSEL_API void accelsel_features_free(accelsel_features *f)
{
    if (f == NULL)
        return;
    for (size_t i = 0; i < f->n_inputs; i++) {
        asel_feat_input *in = &f->in[i];
        for (size_t l = 0; in->levels != NULL && l < in->n_out; l++)
            asel_free(in->levels[l]);
        asel_free(in->levels);
        asel_free(in->name);
    }
    for (size_t j = 0; f->names != NULL && j < f->dim; j++)
        asel_free(f->names[j]);
    asel_free(f->names);
    asel_free(f->in);
    asel_free(f);
}

static char *output_name(const asel_feat_input *in, size_t level)
{
    asel_buf b = ASEL_BUF_INIT;
    if (in->type == ACCELSEL_COLUMN_CATEGORICAL)
        asel_buf_printf(&b, "%s=%s", in->name, in->levels[level]);
    else if (asel_feat_is_log(in->transform))
        asel_buf_printf(&b, "log10(%s)", in->name);
    else
        asel_buf_puts(&b, in->name);
    char *s = NULL;
    return asel_buf_finish(&b, &s, NULL) == 0 ? s : NULL;
}

int asel_features_finish(accelsel_features *f)
{
    size_t dim = 0;
    for (size_t i = 0; i < f->n_inputs; i++) {
        asel_feat_input *in = &f->in[i];
        if (in->type == ACCELSEL_COLUMN_NUMERIC)
            in->n_out = 1;
        in->first = dim;
        dim += in->n_out;
    }
    int rc = asel_alloc_array(&f->names, dim, sizeof *f->names);
    if (rc != 0)
        return rc;
    f->dim = dim;
    for (size_t i = 0; i < f->n_inputs; i++)
        for (size_t l = 0; l < f->in[i].n_out; l++)
            if ((f->names[f->in[i].first + l] = output_name(&f->in[i], l)) == NULL)
                return asel_enomem();
    return 0;
}

static int copy_input(asel_feat_input *dst, const asel_feat_input *src)
{
    *dst = *src;
    dst->name = NULL;
    dst->levels = NULL;
    size_t n_levels = dst->n_out;
    dst->n_out = 0;
    if ((dst->name = asel_strdup(src->name)) == NULL)
        return asel_enomem();
    if (src->type != ACCELSEL_COLUMN_CATEGORICAL)
        return 0;
    int rc = asel_alloc_array(&dst->levels, n_levels, sizeof *dst->levels);
    for (size_t l = 0; rc == 0 && l < n_levels; l++, dst->n_out++)
        if ((dst->levels[l] = asel_strdup(src->levels[l])) == NULL)
            rc = asel_enomem();
    return rc;
}

int asel_features_clone(accelsel_features **out, const accelsel_features *f)
{
    accelsel_features *c = NULL;
    int rc = asel_features_alloc(&c, f->n_inputs);
    for (size_t i = 0; rc == 0 && i < f->n_inputs; i++)
        rc = copy_input(&c->in[i], &f->in[i]);
    if (rc == 0) {
        c->missing = f->missing;
        rc = asel_features_finish(c);
    }
    if (rc != 0) {
        accelsel_features_free(c);
        c = NULL;
    }
    *out = c;
    return rc;
}

ACCELSEL_API size_t accelsel_features_dim(const accelsel_features *f)
{
    return f ? f->dim : 0;
}

ACCELSEL_API const char *accelsel_features_name(const accelsel_features *f, size_t j)
{
    return f && j < f->dim ? f->names[j] : NULL;
}

ACCELSEL_API size_t accelsel_features_n_inputs(const accelsel_features *f)
{
    return f ? f->n_inputs : 0;
}

ACCELSEL_API const char *accelsel_features_input_name(const accelsel_features *f, size_t i)
{
    return f && i < f->n_inputs ? f->in[i].name : NULL;
}

ACCELSEL_API int accelsel_features_input_transform(const accelsel_features *f, size_t i)
{
    if (f == NULL || i >= f->n_inputs)
        return asel_einval("accelsel_features_input_transform", f == NULL ? "f" : "i");
    return f->in[i].transform;
}

ACCELSEL_API int accelsel_features_missing_policy(const accelsel_features *f)
{
    if (f == NULL)
        return asel_einval("accelsel_features_missing_policy", "f");
    return (int)f->missing;
}

ACCELSEL_API int accelsel_features_scaling(const accelsel_features *f, size_t j, double *center,
                                           double *scale)
{
    if (f == NULL || j >= f->dim)
        return asel_einval("accelsel_features_scaling", f == NULL ? "f" : "j");
    double c = 0, s = 1;
    for (size_t i = 0; i < f->n_inputs; i++)
        if (f->in[i].type == ACCELSEL_COLUMN_NUMERIC && f->in[i].first == j) {
            c = f->in[i].center;
            s = f->in[i].scale;
        }
    if (center != NULL)
        *center = c;
    if (scale != NULL)
        *scale = s;
    return 0;
}
