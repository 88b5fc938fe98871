/* The learned time factors of a predictor (docs/predictor.md,
 * "Calibration"): one per catalog device, refined at each accelerator count
 * the device has rows for. */
#ifndef ASEL_PERF_CORRECTIONS_H
#define ASEL_PERF_CORRECTIONS_H

#include <stddef.h>

/* The range of a factor, device or count, in a parameter file and out of a
 * calibration: beyond it the rows' times are not the model's to explain. */
#define ASEL_PERF_CORR_MIN 1e-6
#define ASEL_PERF_CORR_MAX 1e6

typedef struct asel_perf_count_corr {
    size_t dev;    /* catalog device index */
    double count;  /* accelerators (devices) of the configuration */
    double factor; /* on top of the device's factor */
} asel_perf_count_corr;

typedef struct asel_perf_corr {
    size_t n_dev;
    double *dev;               /* per catalog device; 1 = none */
    asel_perf_count_corr *cnt; /* sorted by (dev, count), each pair once */
    size_t n_cnt;
} asel_perf_corr;

/* n_dev factors of 1 and no count factor: 0 or ACCELSEL_ENOMEM (then @p c
 * holds nothing to free). */
int asel_perf_corr_init(asel_perf_corr *c, size_t n_dev);

void asel_perf_corr_free(asel_perf_corr *c);

/* Every factor back to 1, the count factors dropped. */
void asel_perf_corr_reset(asel_perf_corr *c);

/* Replace @p dst's factors by @p src's (same n_dev): 0 or ACCELSEL_ENOMEM,
 * @p dst unchanged on failure. */
int asel_perf_corr_assign(asel_perf_corr *dst, const asel_perf_corr *src);

/* Room for @p n count factors, replacing any there were (n_cnt = 0); the
 * caller appends them and leaves them in (dev, count) order: 0 or
 * ACCELSEL_ENOMEM. */
int asel_perf_corr_reserve(asel_perf_corr *c, size_t n);

/* The time factor of @p count devices of catalog device @p dev: the
 * device's factor times the count's, where it has one. */
double asel_perf_corr_factor(const asel_perf_corr *c, size_t dev, double count);

/* What asel_perf_corr_factor() applies to @p count devices of @p dev:
 * ACCELSEL_CORRECTION_DEVICE_COUNT (a factor of that count),
 * ACCELSEL_CORRECTION_DEVICE (the device's alone) or ACCELSEL_CORRECTION_NONE. */
int asel_perf_corr_kind(const asel_perf_corr *c, size_t dev, double count);

/* asel_perf_corr_factor() into *f, checked: a device factor times a count
 * factor, each in range, may not be (a parameter file of 1e-6 and 1e-6).
 * 0, or ACCELSEL_ERANGE naming device @p name when the product is outside
 * [ASEL_PERF_CORR_MIN, ASEL_PERF_CORR_MAX]. */
int asel_perf_corr_get(const asel_perf_corr *c, size_t dev, double count, const char *name,
                       double *f);

#endif
