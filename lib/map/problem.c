/* Building a mapping problem: slots, units, layers, then the cost tables. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "map/map_impl.h"
#include "map/problem_build.h"

int accelsel_mapping_problem_options_init(accelsel_mapping_problem_options *opts,
                                          unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_mapping_problem_options_init", "opts");
    if (version != ACCELSEL_MAPPING_PROBLEM_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "mapping problem options version %u is not known",
                          version);
    *opts = (accelsel_mapping_problem_options)ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
    return 0;
}

size_t accelsel_mapping_problem_options_size(void)
{
    return sizeof(accelsel_mapping_problem_options);
}

size_t accelsel_mapping_slot_size(void)
{
    return sizeof(accelsel_mapping_slot);
}

static int check_options(const char *fn, const accelsel_mapping_problem_options *o)
{
    if (o->version != ACCELSEL_MAPPING_PROBLEM_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", "%s: options version %u is not known", fn,
                          o->version);
    if (o->batch == 0)
        return asel_error_field(ACCELSEL_EINVAL, "batch", "%s: batch must be at least 1", fn);
    if (o->objective != ACCELSEL_OBJECTIVE_LATENCY && o->objective != ACCELSEL_OBJECTIVE_THROUGHPUT)
        return asel_error_field(ACCELSEL_EINVAL, "objective", "%s: unknown objective %d", fn,
                                (int)o->objective);
    return 0;
}

static int finish(accelsel_mapping_problem *p, const accelsel_catalog *cat,
                  const accelsel_network *net, const accelsel_mapping_problem_options *o,
                  const asel_map_slot_src *src, accelsel_mapping_problem **out)
{
    int rc = asel_map_build_slots(p, cat, src);
    if (rc == 0)
        rc = asel_map_build_layers(p, net);
    if (rc == 0) {
        p->batch = o->batch;
        p->objective = o->objective;
        p->gmax = (o->max_group_size == 0 || o->max_group_size > p->n_slots)
                      ? (unsigned)p->n_slots
                      : o->max_group_size;
        rc = asel_map_build_costs(p, cat, net);
    }
    if (rc != 0) {
        accelsel_mapping_problem_free(p);
        return rc;
    }
    *out = p;
    return 0;
}

static accelsel_mapping_problem *problem_alloc(void)
{
    accelsel_mapping_problem *p = asel_calloc(1, sizeof *p);
    if (p == NULL)
        asel_enomem();
    return p;
}

int accelsel_mapping_problem_new(accelsel_mapping_problem **out, const accelsel_catalog *cat,
                                 const char *system, const accelsel_network *net,
                                 const accelsel_mapping_problem_options *opts)
{
    static const char fn[] = "accelsel_mapping_problem_new";
    accelsel_mapping_problem_options def = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
    if (out != NULL)
        *out = NULL;
    if (out == NULL || cat == NULL || system == NULL || net == NULL)
        return asel_einval(fn, out == NULL ? "out" : cat == NULL ? "cat" : system == NULL ? "system" : "net");
    const accelsel_mapping_problem_options *o = opts ? opts : &def;
    int rc = check_options(fn, o);
    size_t sys;
    if (rc == 0)
        rc = accelsel_catalog_find_system(cat, system, &sys);
    if (rc != 0)
        return rc;
    accelsel_mapping_problem *p = problem_alloc();
    if (p == NULL)
        return ACCELSEL_ENOMEM;
    asel_map_slot_src src = {sys, NULL, 0, NULL};
    return finish(p, cat, net, o, &src, out);
}

int accelsel_mapping_problem_new_slots(accelsel_mapping_problem **out,
                                       const accelsel_catalog *cat,
                                       const accelsel_mapping_slot *slots, size_t n_slots,
                                       const char *link, const accelsel_network *net,
                                       const accelsel_mapping_problem_options *opts)
{
    static const char fn[] = "accelsel_mapping_problem_new_slots";
    accelsel_mapping_problem_options def = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
    if (out != NULL)
        *out = NULL;
    if (out == NULL || cat == NULL || slots == NULL || net == NULL)
        return asel_einval(fn, out == NULL ? "out" : cat == NULL ? "cat" : slots == NULL ? "slots" : "net");
    if (n_slots == 0)
        return asel_error(ACCELSEL_EINVAL, "%s: no slots", fn);
    const accelsel_mapping_problem_options *o = opts ? opts : &def;
    int rc = check_options(fn, o);
    if (rc != 0)
        return rc;
    accelsel_mapping_problem *p = problem_alloc();
    if (p == NULL)
        return ACCELSEL_ENOMEM;
    asel_map_slot_src src = {(size_t)-1, slots, n_slots, link};
    return finish(p, cat, net, o, &src, out);
}

void accelsel_mapping_problem_free(accelsel_mapping_problem *p)
{
    if (p == NULL)
        return;
    asel_arena_release(&p->arena);
    asel_free(p);
}

size_t accelsel_mapping_problem_slot_count(const accelsel_mapping_problem *p)
{
    return p ? p->n_slots : 0;
}

size_t accelsel_mapping_problem_layer_count(const accelsel_mapping_problem *p)
{
    return p ? p->n_layers : 0;
}

const char *accelsel_mapping_problem_layer_name(const accelsel_mapping_problem *p, size_t layer)
{
    return p && layer < p->n_layers ? p->layer_name[layer] : NULL;
}

size_t accelsel_mapping_problem_pool_count(const accelsel_mapping_problem *p, size_t slot)
{
    return p && slot < p->n_slots ? p->pool_off[slot + 1] - p->pool_off[slot] : 0;
}

const char *accelsel_mapping_problem_pool_design(const accelsel_mapping_problem *p, size_t slot,
                                                 size_t k)
{
    if (k >= accelsel_mapping_problem_pool_count(p, slot))
        return NULL;
    return p->unit_name[p->pool_unit[p->pool_off[slot] + k]];
}

const char *accelsel_mapping_problem_system(const accelsel_mapping_problem *p)
{
    return p ? p->system : NULL;
}

const char *accelsel_mapping_problem_network(const accelsel_mapping_problem *p)
{
    return p ? p->network : NULL;
}

uint32_t accelsel_mapping_problem_batch(const accelsel_mapping_problem *p)
{
    return p ? p->batch : 0;
}

int accelsel_mapping_problem_objective(const accelsel_mapping_problem *p)
{
    return p ? p->objective : ACCELSEL_EINVAL;
}
