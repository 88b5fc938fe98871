/* Moving data over a link: latency plus bytes over bandwidth, for transfers
 * between slot groups, to and from the host, and collective steps. */
#ifndef ASEL_PERF_XFER_MODEL_H
#define ASEL_PERF_XFER_MODEL_H

/* Seconds to send @p bytes in @p steps messages over a link of @p bw bytes/s
 * and @p latency s (NaN latency counts as 0). 0 for no bytes; INFINITY when
 * bytes must move and @p bw is not positive. */
double asel_xfer_time(double bytes, double steps, double bw, double latency);

#endif
