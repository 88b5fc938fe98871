/* accelsel.parse_job(text) and accelsel.place(predictor, cluster, job
 * [, options]): a job's text form as a table, and a decision as a table,
 * with the names of include/accelsel/place.h. */
#include <math.h>
#include <string.h>

#include "lua_accelsel.h"

static const char *const job_keys[] = {
    "network", "global_batch", "per_device_batch", "epochs", "total_samples", "precision",
    "stack", "min_count", "max_count", "deadline", "partitions", NULL
};
static const char *const option_keys[] = { "policy", "margin", NULL };

/* accelsel.parse_job(text): {network = NAME, ...} with the fields the text
 * gives; an error (status ACCELSEL_EPARSE) names the column. */
int la_parse_job(lua_State *L)
{
    const char *text = luaL_checkstring(L, 1);
    accelsel_job_spec s = ACCELSEL_JOB_SPEC_INIT;
    void **slot = la_owned(L, accelsel_free); /* frees the name, whatever happens */
    char *network = NULL;
    int rc = accelsel_job_spec_parse(&s, &network, text);
    *slot = network;
    if (rc < 0)
        return la_fail(L, rc);
    lua_createtable(L, 0, 10);
    la_set_string(L, "network", network);
    const struct { const char *key; double v; } nums[] = {
        { "global_batch", s.global_batch }, { "per_device_batch", s.per_device_batch },
        { "epochs", s.epochs }, { "total_samples", s.total_samples },
        { "min_count", s.min_count }, { "max_count", s.max_count }, { "deadline", s.deadline },
    };
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
        if (nums[i].v > 0)
            la_set_number(L, nums[i].key, nums[i].v);
    la_set_string(L, "precision", s.precision == ACCELSEL_PRECISION_AUTO
                                      ? "auto"
                                      : accelsel_precision_name(s.precision));
    la_set_string(L, "stack", accelsel_stack_name(s.stack));
    return 1;
}

static void read_job(lua_State *L, int t, accelsel_job_spec *s)
{
    la_number(L, t, "global_batch", &s->global_batch);
    la_number(L, t, "per_device_batch", &s->per_device_batch);
    la_number(L, t, "epochs", &s->epochs);
    la_number(L, t, "total_samples", &s->total_samples);
    la_precision(L, t, "precision", &s->precision);
    la_stack(L, t, "stack", &s->stack);
    la_count(L, t, "min_count", &s->min_count);
    la_count(L, t, "max_count", &s->max_count);
    la_number(L, t, "deadline", &s->deadline);
    la_string(L, t, "partitions", &s->partitions);
}

/* A name among the library's names of @p name_of, into *out. */
static void choice(lua_State *L, int t, const char *key, const char *(*name_of)(uint32_t),
                   uint32_t n, uint32_t *out)
{
    const char *s = NULL;
    la_string(L, t, key, &s);
    for (uint32_t i = 0; s != NULL && i < n; i++)
        if (strcmp(name_of(i), s) == 0) {
            *out = i;
            return;
        }
    if (s != NULL)
        luaL_error(L, "'%s': unknown name '%s'", key, s);
}

static void push_placement(lua_State *L, const accelsel_place_cluster *c,
                           const accelsel_placement *p)
{
    lua_createtable(L, 0, 16);
    la_set_string(L, "partition", accelsel_place_cluster_partition(c, p->partition)->name);
    la_set_number(L, "count", p->count);
    la_set_number(L, "nodes", p->nodes);
    la_set_number(L, "per_node", p->per_node);
    la_set_string(L, "precision", accelsel_precision_name(p->precision));
    la_set_number(L, "start_s", p->start_s);
    la_set_number(L, "run_s", p->run_s);
    la_set_number(L, "completion_s", p->completion_s);
    la_set_number(L, "time_limit_s", p->time_limit_s);
    la_set_number(L, "margin_pct", p->margin_pct);
    la_set_string(L, "error_group", accelsel_error_group_name(p->error_group));
    lua_pushboolean(L, p->deadline_met);
    lua_setfield(L, -2, "deadline_met");
    la_set_number(L, "accelerator_hours", p->accelerator_hours);
    la_set_number(L, "throughput_samples_s", p->throughput_samples_s);
}

static void free_job(void *job)
{
    accelsel_place_job_free(job);
}

/* accelsel.place(predictor, cluster, job [, options]): the decision. */
int la_place(lua_State *L)
{
    const accelsel_predictor *p = la_check(L, 1, LA_PREDICTOR);
    const accelsel_place_cluster *c = la_check(L, 2, LA_CLUSTER);
    la_check_keys(L, 3, "job", job_keys);
    accelsel_place_options o = ACCELSEL_PLACE_OPTIONS_INIT;
    if (!lua_isnoneornil(L, 4)) {
        la_check_keys(L, 4, "options", option_keys);
        choice(L, 4, "policy", accelsel_place_policy_name, ACCELSEL_POLICY_COUNT, &o.policy);
        choice(L, 4, "margin", accelsel_place_margin_name, ACCELSEL_MARGIN_COUNT, &o.margin);
    }
    accelsel_job_spec s = ACCELSEL_JOB_SPEC_INIT;
    read_job(L, 3, &s);
    s.network = la_network_field(L, 3);
    void **slot = la_owned(L, free_job); /* frees the job, whatever happens */
    accelsel_place_job *job = NULL;
    accelsel_decision d = ACCELSEL_DECISION_INIT;
    int rc = accelsel_place_job_new(&job, p, c, &s);
    *slot = job;
    if (rc == 0)
        rc = accelsel_place_decide(&d, job, &o);
    if (rc < 0)
        return la_fail(L, rc);
    push_placement(L, c, &d.choice);
    la_set_string(L, "policy", accelsel_place_policy_name(d.policy));
    lua_createtable(L, (int)d.n_alternatives, 0);
    for (uint32_t i = 0; i < d.n_alternatives; i++) {
        push_placement(L, c, &d.alternatives[i]);
        lua_rawseti(L, -2, (int)i + 1);
    }
    lua_setfield(L, -2, "alternatives");
    return 1;
}
