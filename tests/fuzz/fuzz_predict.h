/* What the predictor's fuzz targets share: the built-in catalog and a zoo
 * network, loaded once, and one prediction with the predictor an input
 * produced, which must not crash whatever the input was. */
#ifndef FUZZ_PREDICT_H
#define FUZZ_PREDICT_H

#include <stdint.h>
#include <stdlib.h>

#include "accelsel/catalog.h"
#include "accelsel/network.h"
#include "accelsel/predict.h"

/* Load the built-in catalog and zoo network @p zoo into *cat and *net on the
 * first call; later calls keep them. */
static inline void fuzz_predict_inputs(accelsel_catalog **cat, accelsel_network **net,
                                       const char *zoo)
{
    if (*cat == NULL && (accelsel_catalog_load_builtin(cat) != 0 ||
                         accelsel_network_load_zoo(net, zoo, NULL) != 0))
        abort();
}

/* @p count x @p device training @p net with @p p: the call's status, the
 * result in *r. */
static inline int fuzz_predict_once(const accelsel_predictor *p, const accelsel_network *net,
                                    const char *device, uint32_t count, accelsel_prediction *r)
{
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net;
    q.device = device;
    q.count = count;
    *r = (accelsel_prediction)ACCELSEL_PREDICTION_INIT;
    return accelsel_predictor_predict(p, &q, r);
}

#endif
