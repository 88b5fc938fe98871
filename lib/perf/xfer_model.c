/* Link transfer times: see xfer_model.h. */
#include <math.h>

#include "perf/xfer_model.h"

double asel_xfer_time(double bytes, double steps, double bw, double latency)
{
    if (bytes <= 0)
        return 0;
    if (!(bw > 0))
        return INFINITY;
    return (isfinite(latency) ? steps * latency : 0) + bytes / bw;
}
