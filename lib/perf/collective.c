/* Latency-bandwidth cost of gradient all-reduce (docs/predictor.md,
 * "Data-parallel systems"): the ring algorithm moves 2 (p-1)/p of the
 * buffer through each member's link in 2 (p-1) steps. */
#include "perf/step.h"

double asel_perf_ring_allreduce(double bytes, double p, double bw, double lat)
{
    if (p <= 1 || bytes <= 0) /* nothing to reduce sends no message */
        return 0;
    return 2.0 * (p - 1) / p * bytes / bw + 2.0 * (p - 1) * lat;
}

/* Reduce-scatter or all-gather alone: half of a ring all-reduce. */
static double ring_half(double bytes, double p, double bw, double lat)
{
    return 0.5 * asel_perf_ring_allreduce(bytes, p, bw, lat);
}

double asel_perf_allreduce(double bytes, double nodes, double per_node, const asel_perf_links *l)
{
    if (nodes <= 1)
        return asel_perf_ring_allreduce(bytes, per_node, l->intra_bw, l->intra_lat);
    if (per_node <= 1)
        return asel_perf_ring_allreduce(bytes, nodes, l->inter_bw, l->inter_lat);
    double shard = bytes / per_node;
    return ring_half(bytes, per_node, l->intra_bw, l->intra_lat) +
           asel_perf_ring_allreduce(shard, nodes, l->inter_bw, l->inter_lat) +
           ring_half(bytes, per_node, l->intra_bw, l->intra_lat);
}
