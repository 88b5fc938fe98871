/* The one rule for the most common value of a categorical column in a
 * group of rows, shared by the cluster profiles and the selection's
 * summaries so that both name the same value. */
#ifndef ASEL_CLUSTER_PROFILE_H
#define ASEL_CLUSTER_PROFILE_H

#include <stddef.h>

/* The level with the largest of the @p nl counts @p count; among equal
 * counts the lowest level code, the level the dataset saw first. *ties gets
 * the number of other levels with that count. SIZE_MAX (and *ties 0) when
 * every count is 0. */
size_t asel_level_mode(const size_t *count, size_t nl, size_t *ties);

#endif
