/* Filters on a column already found, shared by the public filters and the
 * expression filter (@p fn names the public function in messages). */
#ifndef ASEL_FILTER_H
#define ASEL_FILTER_H

#include <stddef.h>

#include "data/table.h"

int asel_filter_equal(accelsel_dataset **out, const accelsel_dataset *ds, const char *fn,
                      size_t col, const char *value);
int asel_filter_range(accelsel_dataset **out, const accelsel_dataset *ds, const char *fn,
                      size_t col, double min, double max);

#endif
