/* What a parameter file says about the fit it holds (file version 3 on):
 * the workload it was made on and the held-out error bands of its
 * evaluation (docs/predictor.md, "Parameter file"). */
#ifndef ASEL_PERF_PARAMS_SCOPE_H
#define ASEL_PERF_PARAMS_SCOPE_H

#include <stdint.h>

#include "core/buf.h"
#include "core/yaml_doc.h"
#include "perf/predictor_impl.h"

/* The keys `workload` and `error_bands` of @p root into @p p: both
 * required from version 3; before it, the defaults stay. 0 or
 * ACCELSEL_EPARSE at the value. */
int asel_perf_read_scope(const asel_yaml_doc *doc, const asel_yaml_node *root, int64_t version,
                         accelsel_predictor *p);

/* Both keys of @p p, as asel_perf_read_scope() reads them. */
void asel_perf_write_scope(asel_buf *b, const accelsel_predictor *p);

#endif
