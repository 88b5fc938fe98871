/* Preparing a job: the spec's rules, its partitions and its candidates. */
#ifndef ASEL_PLACE_JOB_H
#define ASEL_PLACE_JOB_H

#include "place/place_impl.h"

/* 0, or ACCELSEL_EVERSION / ACCELSEL_EINVAL naming the member of @p spec
 * that breaks the rules of accelsel_job_spec on its own. */
int asel_place_check_spec(const accelsel_job_spec *spec);

/* allowed[i] = 1 for each partition of @p c that the comma-separated
 * @p list names (every partition for NULL or ""), else 0: 0, or
 * ACCELSEL_EINVAL for an empty name and ACCELSEL_ENOTFOUND for an unknown
 * one (field "partitions", the nearest name in the message). */
int asel_place_allowed(const accelsel_place_cluster *c, const char *list, unsigned char *allowed);

/* The candidate counts of partition @p info from @p lo to @p hi: up to one
 * node's accelerators, then whole nodes; written to @p out unless NULL.
 * Returns how many. */
size_t asel_place_counts(const accelsel_partition_info *info, uint32_t lo, uint32_t hi,
                         uint32_t *out);

#endif
