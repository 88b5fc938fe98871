/* The requests of a parsed what-if spec: each NAME a catalog system (COUNTS
 * are node counts) or else a device (COUNTS are accelerator counts). */
#include "core/alloc.h"
#include "core/error.h"
#include "perf/spec.h"

static size_t total_counts(const accelsel_predict_spec *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++)
        n += s->item[i].n;
    return n;
}

/* The requests of item @p it at @p r, and its kind; an unknown name fails
 * with the catalog's message (the nearest names), blaming the spec. */
static int item_requests(const asel_spec_item *it, const accelsel_catalog *cat,
                         const accelsel_network *net, accelsel_predict_request *r)
{
    size_t index;
    int is_system = accelsel_catalog_find_system(cat, it->name, &index) == 0;
    if (!is_system && accelsel_catalog_find_device(cat, it->name, &index) != 0)
        return asel_error_blame("spec");
    for (size_t k = 0; k < it->n; k++) {
        accelsel_predict_request_init(&r[k], ACCELSEL_PREDICT_REQUEST_VERSION);
        r[k].network = net;
        if (is_system) {
            r[k].system = it->name;
            r[k].nodes = it->counts[k];
        } else {
            r[k].device = it->name;
            r[k].count = it->counts[k];
        }
    }
    return 0;
}

ACCELSEL_API int accelsel_predict_spec_requests(accelsel_predict_request **out, size_t *n,
                                                const accelsel_predict_spec *spec,
                                                const accelsel_catalog *cat,
                                                const accelsel_network *net)
{
    if (out != NULL)
        *out = NULL;
    if (n != NULL)
        *n = 0;
    const char *bad = out == NULL ? "out" : n == NULL ? "n" : spec == NULL ? "spec"
                      : cat == NULL ? "cat" : net == NULL ? "net" : NULL;
    if (bad != NULL)
        return asel_error_field(ACCELSEL_EINVAL, bad,
                                "accelsel_predict_spec_requests: invalid argument '%s'", bad);
    size_t total = total_counts(spec), at = 0;
    accelsel_predict_request *r = asel_calloc(total ? total : 1, sizeof *r);
    if (r == NULL)
        return asel_enomem();
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < spec->n; at += spec->item[i++].n)
        rc = item_requests(&spec->item[i], cat, net, r + at);
    if (rc != 0) {
        asel_free(r);
        return rc;
    }
    *out = r;
    *n = total;
    return 0;
}
