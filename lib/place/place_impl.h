/* Internal layout of a placement cluster and of a prepared job. */
#ifndef ASEL_PLACE_IMPL_H
#define ASEL_PLACE_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/place.h"

/* The accelerators of a partition free over time, from the cluster's now
 * on: avail[k] from at[k] to at[k + 1], the last for ever; at[0] is now. */
typedef struct asel_place_profile {
    double *at;
    uint32_t *avail;
    size_t n;
} asel_place_profile;

/* A partition: its public view, the storage behind it, and its profile. */
typedef struct asel_place_partition {
    accelsel_partition_info info; /* name and busy point at the two below */
    char *name;
    accelsel_busy *busy;          /* as set and taken */
    uint32_t down;
    asel_place_profile profile;
} asel_place_partition;

struct accelsel_place_cluster {
    const accelsel_catalog *cat; /* borrowed */
    double now;
    asel_place_partition *parts;
    size_t n, cap;
};

/* The checked form of @p spec, its names looked up in @p c's catalog, as
 * partition @p out (name copied, all free): 0 or the errors of
 * accelsel_place_cluster_add(), accelsel_error.field naming the member at
 * fault (the cluster loader turns it into a position). */
int asel_place_partition_make(const accelsel_place_cluster *c, const accelsel_partition_spec *spec,
                              asel_place_partition *out);

/* accelsel_place_cluster_request() of a partition and count known to fit
 * (a job's candidate). */
void asel_place_request(const accelsel_place_cluster *c, size_t partition, uint32_t count,
                        accelsel_predict_request *q);

/* Free what partition @p pt owns. */
void asel_place_partition_release(asel_place_partition *pt);

/* @p in (NULL: the defaults) as the options of this library's version, the
 * fields of a caller's older version completed with their defaults, into
 * *out: 0 or ACCELSEL_EVERSION (field "version"). */
int asel_place_options_read(const accelsel_place_options *in, accelsel_place_options *out);

/* The earliest time from which @p count accelerators of @p pt are free for
 * @p run seconds; INFINITY if never (the rest are down). */
double asel_place_start(const asel_place_partition *pt, uint32_t count, double run);

/* The state of a new partition: all free, the profile at @p now. 0 or
 * ACCELSEL_ENOMEM. */
int asel_place_state_init(asel_place_partition *pt, double now);

/* One candidate of a job: a count on a partition and its prediction. The
 * margins are the held-out error figures that apply to it (percent; NaN
 * where the predictor has none). */
typedef struct asel_place_candidate {
    uint32_t count, nodes, per_node;
    int32_t precision;
    uint32_t error_group;
    double run_s, throughput, median_pct, p90_pct;
} asel_place_candidate;

/* The candidates of one allowed partition: cand[first .. first + n), in
 * ascending count. */
typedef struct asel_place_span {
    size_t partition, first, n;
} asel_place_span;

struct accelsel_place_job {
    const accelsel_place_cluster *cluster; /* borrowed */
    double deadline;                       /* 0 = none */
    asel_place_candidate *cand;
    size_t n_cand;
    asel_place_span *span;                 /* allowed partitions, in the cluster's order */
    size_t n_span;
};

#endif
