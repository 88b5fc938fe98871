/* Device steps shared by the predictions of one network (perf/step_cache.h). */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/step_cache.h"

int asel_perf_step_cache_init(asel_perf_step_cache *cache, const accelsel_network *net)
{
    *cache = (asel_perf_step_cache){ .net = net, .kept = asel_perf_kept_elements(net) };
    return asel_perf_fusable_layers(net, &cache->fusable);
}

void asel_perf_step_cache_release(asel_perf_step_cache *cache)
{
    asel_free(cache->fusable);
    asel_free(cache->entries);
    *cache = (asel_perf_step_cache){ 0 };
}

static int same(const asel_perf_step_entry *e, const asel_perf_config *c)
{
    return e->dev_index == c->dev_index && e->threads == c->threads &&
           e->batch == c->per_device_batch && e->precision == c->precision &&
           e->stack == c->stack;
}

int asel_perf_step_cache_get(asel_perf_step_cache *cache, const asel_perf_params *par,
                             const asel_perf_config *c, const asel_perf_step **step)
{
    for (size_t i = cache->n; i-- > 0;)
        if (same(&cache->entries[i], c)) {
            *step = &cache->entries[i].step;
            return 0;
        }
    int rc = asel_array_grow(&cache->entries, &cache->cap, cache->n + 1,
                             sizeof *cache->entries, 8);
    if (rc < 0)
        return rc;
    asel_perf_step_entry *e = &cache->entries[cache->n++];
    *e = (asel_perf_step_entry){ .dev_index = c->dev_index, .threads = c->threads,
                                 .batch = c->per_device_batch, .precision = c->precision,
                                 .stack = c->stack };
    asel_perf_device_step(par, c->dev, cache->net, cache->fusable, c->per_device_batch,
                          c->precision, c->stack, &e->step, NULL, 0);
    *step = &e->step;
    return 0;
}
