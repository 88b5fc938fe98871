/* Pieces of the cluster model loader; each reports ACCELSEL_EPARSE at the
 * offending node's position, naming the key. */
#ifndef ASEL_CLUSTER_LOAD_H
#define ASEL_CLUSTER_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/dataset.h"
#include "core/yaml_doc.h"

/* A number (shortest-form text, inf, -inf or nan). */
int asel_cl_double(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what,
                   double *out);

/* Required key @p key of @p map: an index of the fit, nan where it was
 * skipped or undefined, else a number in [min, max] (max may be inf). */
int asel_cl_get_index(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                      double min, double max, double *out);

/* A sequence of exactly @p n items. */
int asel_cl_seq(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what, size_t n);

/* @p n numbers into @p out. */
int asel_cl_doubles(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what,
                    size_t n, double *out);

/* Required key @p key of @p map: @p rows sequences of @p cols numbers. */
int asel_cl_matrix(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                   size_t rows, size_t cols, double *out);

/* As asel_cl_matrix(), with every value finite and |value| <= @p bound (a
 * fitted model's centroids are means of rows within asel_value_bound(); NaN
 * or infinity would make every prediction meaningless, and larger values
 * overflow its squared distances). */
int asel_cl_bounded_matrix(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                           size_t rows, size_t cols, double bound, double *out);

/* @p n integers in [0, max] into @p wide (if not NULL) or @p narrow. */
int asel_cl_ints(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what, size_t n,
                 size_t max, size_t *wide, uint32_t *narrow);

/* The profile table (k rows) of @p root's "profiles" key. */
int asel_cl_profiles(const asel_yaml_doc *doc, const asel_yaml_node *root, size_t k,
                     accelsel_dataset **out);

#endif
