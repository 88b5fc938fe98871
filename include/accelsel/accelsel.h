/*
 * libaccelsel: choosing and using accelerator hardware for deep learning.
 * Including this header includes every public header of the library.
 */
#ifndef ACCELSEL_ACCELSEL_H
#define ACCELSEL_ACCELSEL_H

#include <accelsel/common.h>
#include <accelsel/dataset.h>
#include <accelsel/derive.h>
#include <accelsel/plot.h>
#include <accelsel/features.h>
#include <accelsel/cluster.h>
#include <accelsel/importance.h>
#include <accelsel/rank.h>
#include <accelsel/network.h>
#include <accelsel/catalog.h>
#include <accelsel/select.h>
#include <accelsel/map.h>
#include <accelsel/predict.h>
#include <accelsel/steps.h>
#include <accelsel/recommend.h>
#include <accelsel/place.h>

#endif /* ACCELSEL_ACCELSEL_H */
