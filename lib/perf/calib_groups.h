/* The groups that calibration learns within (rows of one device at one
 * accelerator count) and the weights that favour a group's latest round. */
#ifndef ASEL_PERF_CALIB_GROUPS_H
#define ASEL_PERF_CALIB_GROUPS_H

#include <stddef.h>

#include "perf/rows.h"

typedef struct asel_perf_member {
    size_t dev;   /* catalog device index */
    double count; /* accelerators of the configuration */
    size_t pos;   /* into the caller's idx[] (and residuals) */
} asel_perf_member;

typedef struct asel_perf_groups {
    const asel_perf_rows *rows;
    const size_t *idx;      /* the fitted rows, borrowed */
    size_t n;
    asel_perf_member *m;    /* n members, sorted by (device, count, position) */
    int *rounds;            /* distinct rounds of the members, ascending */
    size_t n_rounds;
} asel_perf_groups;

/* Members and rounds of rows idx[0..n-1]: 0 or ACCELSEL_ENOMEM (then @p g
 * holds nothing to free). */
int asel_perf_groups_init(asel_perf_groups *g, const asel_perf_rows *rows, const size_t *idx,
                          size_t n);
void asel_perf_groups_free(asel_perf_groups *g);

/* End of the run of members from @p i with the same device (and, for
 * asel_perf_same_count(), the same count). */
size_t asel_perf_same_dev(const asel_perf_groups *g, size_t i);
size_t asel_perf_same_count(const asel_perf_groups *g, size_t i);

/* The round of member @p i (-1 when its row has none). */
int asel_perf_member_round(const asel_perf_groups *g, size_t i);

/* The latest round among members [from, to). */
int asel_perf_latest_round(const asel_perf_groups *g, size_t from, size_t to);

/* Recency weight of a row of round @p round in a group whose latest round
 * is @p latest: 1/2 per round of the data after @p round up to @p latest.
 * Software improves from round to round, so a group's latest results say
 * most about it now; the halving is fixed a priori (a half-life of one
 * round, about six months of software releases), not tuned on the
 * evaluation. */
double asel_perf_recency(const asel_perf_groups *g, int round, int latest);

#endif
