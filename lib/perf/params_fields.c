/* The named fields of the parameter file with their documented ranges
 * (docs/predictor.md, "Parameter file"), and the check that a set of
 * parameters lies within them. */
#include <stddef.h>
#include <string.h>

#include "core/error.h"
#include "perf/params_fields.h"

#define KF(name, lo, hi) { #name, offsetof(asel_perf_kind_params, name), lo, hi, 1, 0 }
/* A count of rows or columns: a tile of 127.5 rows pads nothing sensibly. */
#define KW(name, lo, hi) { #name, offsetof(asel_perf_kind_params, name), lo, hi, 1, 1 }
/* The eager stack's, since version 4. */
#define KE(name, lo, hi) { #name, offsetof(asel_perf_kind_params, name), lo, hi, 4, 0 }
/* The parallel plans', since version 5. */
#define KP(name, lo, hi) { #name, offsetof(asel_perf_kind_params, name), lo, hi, 5, 0 }
const asel_perf_field asel_perf_kind_fields[] = {
    KF(compute_eff, 1e-6, 1), KF(memory_eff, 1e-6, 1), KF(overhead_s, 0, 1),
    KF(comm_eff, 1e-6, 1), KF(overlap, 0, 1), KF(cache_ratio, 1, 1e3),
    KW(tile_m, 1, 65536), KW(tile_n, 0, 65536), KW(block_m, 0, 1e9), KW(block_n, 0, 1e9),
    KF(host_rate, 1e-3, 1e9), KF(fusion, 0, 1), KE(eager_compute_eff, 1e-6, 4),
    KE(eager_pixels_half, 0, 1e6), KE(eager_wgrad_half, 0, 1e6), KE(eager_grouped_eff, 1e-6, 1),
    KE(eager_elementwise_eff, 1e-6, 1), KE(eager_dispatch_s, 0, 1), KE(eager_sync_s, 0, 1),
    KE(eager_fault_s_per_byte, 0, 1e-6), KP(plan_gemm_eff, 1e-6, 1),
    KP(plan_attention_eff, 1e-6, 1), KP(plan_comm_eff, 1e-6, 1), KP(plan_tp_overlap, 0, 1),
    KP(plan_step_s, 0, 100), { NULL, 0, 0, 0, 0, 0 },
};
#define GF(name, lo, hi, since) { #name, offsetof(asel_perf_params, name), lo, hi, since, 0 }
const asel_perf_field asel_perf_global_fields[] = {
    GF(backward_ratio, 0, 100, 1), GF(update_bytes, 0, 1e4, 1), GF(link_latency_s, 0, 1, 1),
    GF(epochs_e0, 1e-6, 1e6, 1), GF(epochs_b0, 1, 1e12, 1), GF(epochs_alpha, 0, 10, 1),
    GF(software_trend, -1, 1, 2), GF(software_year, 1900, 2200, 2), GF(plan_trend, -1, 1, 5),
    GF(plan_year, 1900, 2200, 5), { NULL, 0, 0, 0, 0, 0 },
};
const char *const asel_perf_kind_keys[ASEL_PERF_KINDS] = { "cpu", "gpu", "accel" };

/* 0, or ACCELSEL_EDATA naming the first field of @p list in @p base outside
 * its range; @p kind is the kind's key, or NULL for a global. */
static int fields_in_range(const asel_perf_field *list, const void *base, const char *kind)
{
    for (const asel_perf_field *f = list; f->key; f++) {
        double v = *(const double *)((const char *)base + f->offset);
        /* The epochs relation is fitted on epochs_mean alone, never on times. */
        const char *why = strncmp(f->key, "epochs_", 7) == 0
                              ? "epochs_mean and batches are beyond what the epochs relation "
                                "explains"
                              : "times are beyond what the model explains";
        if (!(v >= f->min && v <= f->max))
            return asel_error(ACCELSEL_EDATA,
                              "calibration gives %s%s'%s' = %.17g, outside [%g, %g]: the rows' %s",
                              kind ? kind : "", kind ? " " : "", f->key, v, f->min, f->max, why);
    }
    return 0;
}

int asel_perf_params_check(const asel_perf_params *par)
{
    int rc = 0;
    for (int k = 0; rc == 0 && k < ASEL_PERF_KINDS; k++)
        rc = fields_in_range(asel_perf_kind_fields, &par->kind[k], asel_perf_kind_keys[k]);
    return rc == 0 ? fields_in_range(asel_perf_global_fields, par, NULL) : rc;
}
