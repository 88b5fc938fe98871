/* The fitted feature transform's layout, shared by the features*.c files and
 * by the cluster model (which stores a copy of its features). */
#ifndef ASEL_FEATURES_IMPL_H
#define ASEL_FEATURES_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/features.h"
#include "core/buf.h"
#include "core/yaml_doc.h"

typedef struct asel_feat_input {
    char *name;
    int type;      /* ACCELSEL_COLUMN_NUMERIC or ACCELSEL_COLUMN_CATEGORICAL */
    int transform; /* resolved, never ACCELSEL_TRANSFORM_DEFAULT */
    size_t first;  /* first output column */
    size_t n_out;  /* 1 for numeric, number of levels for one-hot */
    char **levels; /* n_out one-hot levels in order of first appearance */
    double impute; /* numeric: median in raw units */
    size_t impute_level; /* categorical: index of the most common level */
    double center, scale;
} asel_feat_input;

struct accelsel_features {
    uint32_t missing;
    size_t n_inputs;
    asel_feat_input *in;
    size_t dim;
    char **names; /* dim output names */
};

/* 1 for the transforms that take log10 first. */
int asel_feat_is_log(int transform);

/* Record one input's statistics over the fitting rows @p rows of column
 * @p col (@p scratch holds n_rows doubles). Errors name the column and row. */
int asel_features_fit_numeric(asel_feat_input *in, const accelsel_dataset *ds, size_t col,
                              const size_t *rows, size_t n_rows, double *scratch);
/* The most levels a one-hot input may have (see accelsel_features_fit()). */
#define ASEL_ONEHOT_MAX_LEVELS 256

int asel_features_fit_categorical(asel_feat_input *in, const accelsel_dataset *ds, size_t col,
                                  const size_t *rows, size_t n_rows);

/* Fill every input's first/n_out and build the output names from names and
 * levels: 0 or ACCELSEL_ENOMEM. */
int asel_features_finish(accelsel_features *f);

/* Allocate an empty transform with @p n_inputs zeroed inputs. */
int asel_features_alloc(accelsel_features **out, size_t n_inputs);

/* ACCELSEL_EEMPTY for function @p fn when dropping rows with a missing
 * input left none of @p ds: names an input column (of @p cols, @p n) that has
 * no value in any row, where one has none. */
int asel_feat_no_rows(const char *fn, const accelsel_dataset *ds, const size_t *cols, size_t n);

/* Deep copy: 0 or ACCELSEL_ENOMEM. */
int asel_features_clone(accelsel_features **out, const accelsel_features *f);

/* Append the transform as a YAML mapping block indented by @p indent spaces. */
void asel_features_write_yaml(asel_buf *b, const accelsel_features *f, int indent);

/* Read what asel_features_write_yaml() wrote: 0, ACCELSEL_EPARSE (position
 * named) or ACCELSEL_ENOMEM. */
int asel_features_read_yaml(accelsel_features **out, const asel_yaml_doc *doc,
                            const asel_yaml_node *node);

#endif
