/* The named fields of the parameter file, shared by writer and reader so
 * that both walk the same list in the same order. */
#ifndef ASEL_PERF_PARAMS_FIELDS_H
#define ASEL_PERF_PARAMS_FIELDS_H

#include <stddef.h>

#include "perf/params.h"

typedef struct asel_perf_field {
    const char *key;
    size_t offset;   /* of the double in asel_perf_kind_params or asel_perf_params */
    double min, max; /* the documented range (docs/predictor.md) */
    int since;       /* the file version that introduced the key */
    int whole;       /* 1: a count (tile and block sizes), so a whole number */
} asel_perf_field;

/* The version written; every earlier one is still read, its missing keys
 * (since a later version) keeping their defaults. */
#define ASEL_PERF_PARAMS_FILE_VERSION 5

/* The most fields one list holds (a test counts them). */
#define ASEL_PERF_FIELDS_MAX 32

extern const asel_perf_field asel_perf_kind_fields[];  /* NULL-key terminated */
extern const asel_perf_field asel_perf_global_fields[];
extern const char *const asel_perf_kind_keys[ASEL_PERF_KINDS]; /* "cpu", "gpu", "accel" */

/* 0 if every field of @p par is in its range, so that a parameter file
 * saved from it loads; else ACCELSEL_EDATA naming the first one outside
 * (a calibration driven there by rows far beyond the model). */
int asel_perf_params_check(const asel_perf_params *par);

#endif
