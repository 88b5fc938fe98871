/* Contract tests of include/accelsel/map.h: NULL arguments, unknown
 * versions, struct sizes, getters on NULL and out of range, names. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

static accelsel_catalog *cat;
static accelsel_network *net;
static accelsel_mapping_problem *prob;
static accelsel_mapping *map;

static void setup(void)
{
    ck_assert_int_eq(accelsel_catalog_load_builtin(&cat), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "mobilenetv2", NULL), 0);
    ck_assert_int_eq(accelsel_mapping_problem_new(&prob, cat, "adaptive-4", net, NULL), 0);
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    o.method = "computation-first";
    ck_assert_int_eq(accelsel_mapping_solve(&map, prob, &o), 0);
}

static void teardown(void)
{
    accelsel_mapping_free(map);
    accelsel_mapping_problem_free(prob);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}

START_TEST(options_init_and_sizes)
{
    accelsel_mapping_problem_options po;
    accelsel_mapping_solve_options so;
    ck_assert_int_eq(accelsel_mapping_problem_options_init(NULL, 1), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_problem_options_init(&po, 99), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_mapping_problem_options_init(&po, ACCELSEL_MAPPING_PROBLEM_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(po.batch, 1);
    ck_assert_int_eq(po.objective, ACCELSEL_OBJECTIVE_LATENCY);
    ck_assert_int_eq(accelsel_mapping_solve_options_init(NULL, 1), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_solve_options_init(&so, 0), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_mapping_solve_options_init(&so, ACCELSEL_MAPPING_SOLVE_OPTIONS_VERSION), 0);
    ck_assert_ptr_null(so.method);
    /* The defaults docs/mapping.md gives, held by the INIT itself. */
    ck_assert_uint_eq(so.generations, 100);
    ck_assert_uint_eq(so.population, 64);
    ck_assert_uint_eq(so.patience, 50);
    ck_assert_uint_eq(so.exhaustive_limit, 2000000);
    ck_assert_uint_eq(accelsel_mapping_problem_options_size(), sizeof(accelsel_mapping_problem_options));
    ck_assert_uint_eq(accelsel_mapping_solve_options_size(), sizeof(accelsel_mapping_solve_options));
    ck_assert_uint_eq(accelsel_mapping_slot_size(), sizeof(accelsel_mapping_slot));
    ck_assert_uint_eq(accelsel_mapping_spec_size(), sizeof(accelsel_mapping_spec));
    ck_assert_uint_eq(accelsel_mapping_layer_info_size(), sizeof(accelsel_mapping_layer_info));
    ck_assert_uint_eq(accelsel_mapping_breakdown_size(), sizeof(accelsel_mapping_breakdown));
}
END_TEST

START_TEST(names)
{
    ck_assert_str_eq(accelsel_strategy_name(ACCELSEL_STRATEGY_INPUT_CHANNELS), "input-channels");
    ck_assert_ptr_null(accelsel_strategy_name(-1));
    ck_assert_ptr_null(accelsel_strategy_name(ACCELSEL_STRATEGY_COUNT));
    for (int s = 0; s < ACCELSEL_STRATEGY_COUNT; s++)
        ck_assert_int_eq(accelsel_strategy_from_name(accelsel_strategy_name(s)), s);
    ck_assert_int_eq(accelsel_strategy_from_name(NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_strategy_from_name("diagonal"), ACCELSEL_ENOTFOUND);
    ck_assert_str_eq(accelsel_objective_name(ACCELSEL_OBJECTIVE_THROUGHPUT), "throughput");
    ck_assert_ptr_null(accelsel_objective_name(7));
    ck_assert_str_eq(accelsel_mapping_method_name(0), "ga");
    ck_assert_str_eq(accelsel_mapping_method_name(5), "exhaustive");
    ck_assert_ptr_null(accelsel_mapping_method_name(6));
}
END_TEST

START_TEST(problem_new_arguments)
{
    accelsel_mapping_problem *p = (accelsel_mapping_problem *)&p;
    accelsel_mapping_problem_options o = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
    ck_assert_int_eq(accelsel_mapping_problem_new(NULL, cat, "adaptive-4", net, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, NULL, "adaptive-4", net, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_null(p);
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, NULL, net, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, "adaptive-4", NULL, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, "adaptive-5", net, NULL), ACCELSEL_ENOTFOUND);
    o.version = 42;
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, "adaptive-4", net, &o), ACCELSEL_EVERSION);
    o = (accelsel_mapping_problem_options)ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
    o.batch = 0;
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, "adaptive-4", net, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "batch");
    o.batch = 1;
    o.objective = 9;
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, "adaptive-4", net, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "objective");
    ck_assert_ptr_null(p);
    const char *pool[] = {"eyeriss"};
    accelsel_mapping_slot slot = {ACCELSEL_MAPPING_SLOT_VERSION, NULL, pool, 1, 1e9, 1e9, "pcie3-x16"};
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(NULL, cat, &slot, 1, NULL, net, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, NULL, &slot, 1, NULL, net, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, NULL, 1, NULL, net, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, &slot, 0, NULL, net, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, &slot, 1, NULL, NULL, NULL), ACCELSEL_EINVAL);
    slot.version = 0;
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, &slot, 1, NULL, net, NULL), ACCELSEL_EINVAL);
    slot.version = ACCELSEL_MAPPING_SLOT_VERSION;
    slot.device = "a100-sxm4-40gb"; /* both a device and designs */
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, &slot, 1, NULL, net, NULL), ACCELSEL_EINVAL);
    slot.device = NULL;
    accelsel_mapping_slot many[ACCELSEL_MAPPING_MAX_SLOTS + 1];
    for (size_t i = 0; i <= ACCELSEL_MAPPING_MAX_SLOTS; i++)
        many[i] = slot;
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, many, ACCELSEL_MAPPING_MAX_SLOTS + 1,
                                                        NULL, net, NULL), ACCELSEL_ERANGE);
    /* A NULL design name is named by its index. */
    const char *holes[] = {"eyeriss", "eyeriss", NULL};
    accelsel_mapping_slot two[2] = {slot, slot};
    two[1].designs = holes;
    two[1].n_designs = 3;
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, two, 2, NULL, net, NULL),
                     ACCELSEL_EINVAL);
    ck_assert_ptr_null(p);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "slot 1: designs[2] is NULL"));
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, &slot, 1, NULL, net, NULL), 0);
    ck_assert_str_eq(accelsel_mapping_problem_system(p), "(explicit slots)");
    accelsel_mapping_problem_free(p);
    accelsel_mapping_problem_free(NULL);
}
END_TEST

/* new_slots refuses *@p slot (as slot 1, after a good slot 0) with
 * EINVAL and a message holding @p fragment; nothing is built. */
static void refuses_slot(const accelsel_mapping_slot *slot, const char *fragment)
{
    const char *pool[] = {"eyeriss"};
    accelsel_mapping_slot two[2] = {{ACCELSEL_MAPPING_SLOT_VERSION, NULL, pool, 1, 1e9, 1e9,
                                     "pcie3-x16"},
                                    *slot};
    accelsel_mapping_problem *p = (accelsel_mapping_problem *)&p;
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, two, 2, NULL, net, NULL),
                     ACCELSEL_EINVAL);
    ck_assert_ptr_null(p);
    const char *msg = accelsel_last_error()->message;
    ck_assert_msg(strstr(msg, "accelsel_mapping_problem_new_slots: slot 1: ") && strstr(msg, fragment),
                  "'%s' lacks '%s'", msg, fragment);
}

/* Explicit slots keep the catalog's rules for slots: a design once per
 * pool, by whatever name or case (the catalog loader: "design 'X' is twice
 * in the pool"), and a memory size that is a whole number of bytes, at
 * least 1 (0.5 and 5e-324 bytes were taken, and 1e9 + 0.5). */
START_TEST(explicit_slots_keep_the_catalog_rules)
{
    const char *twice[] = {"zhang-fpga15", "eyeriss", "Eyeriss"};
    accelsel_mapping_slot slot = {ACCELSEL_MAPPING_SLOT_VERSION, NULL, twice, 3, 1e9, 1e9,
                                  "pcie3-x16"};
    refuses_slot(&slot, "design 'Eyeriss' is twice in the pool (designs[1] and designs[2] both "
                        "name 'eyeriss')");
    slot.n_designs = 2; /* zhang-fpga15 and eyeriss: distinct */
    const double bytes[] = {0.5, 5e-324, 1e9 + 0.5};
    const char *shown[] = {"not 0.5", "not 5.0e-324", "not 1000000000.5"};
    for (size_t i = 0; i < 3; i++) {
        slot.memory_bytes = bytes[i];
        refuses_slot(&slot, "memory_bytes must be a whole number of bytes >= 1");
        ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, shown[i]));
    }
    slot.memory_bytes = -1;
    refuses_slot(&slot, "memory_bytes must be positive, not -1");
    slot.memory_bytes = 1e9;
    slot.memory_bw_bytes_s = INFINITY;
    refuses_slot(&slot, "memory_bw_bytes_s must be finite, not inf");
    /* A fixed slot's size too; NaN takes the device's. */
    accelsel_mapping_slot fixed = {ACCELSEL_MAPPING_SLOT_VERSION, "t4", NULL, 0, 2.5, NAN, NULL};
    refuses_slot(&fixed, "memory_bytes must be a whole number of bytes >= 1, not 2.5 (NaN: the "
                         "device's)");
    accelsel_mapping_slot ok[2] = {slot, fixed};
    ok[0].memory_bw_bytes_s = 1e9;
    ok[1].memory_bytes = NAN;
    accelsel_mapping_problem *p = NULL;
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, ok, 2, NULL, net, NULL), 0);
    ck_assert_uint_eq(accelsel_mapping_problem_pool_count(p, 0), 2);
    accelsel_mapping_problem_free(p);
}
END_TEST

START_TEST(problem_getters)
{
    ck_assert_uint_eq(accelsel_mapping_problem_slot_count(prob), 4);
    ck_assert_uint_eq(accelsel_mapping_problem_slot_count(NULL), 0);
    ck_assert_uint_eq(accelsel_mapping_problem_layer_count(prob), accelsel_network_layer_count(net));
    ck_assert_uint_eq(accelsel_mapping_problem_layer_count(NULL), 0);
    ck_assert_str_eq(accelsel_mapping_problem_layer_name(prob, 0), accelsel_network_layer(net, 0)->name);
    ck_assert_ptr_null(accelsel_mapping_problem_layer_name(prob, 100000));
    ck_assert_ptr_null(accelsel_mapping_problem_layer_name(NULL, 0));
    ck_assert_uint_eq(accelsel_mapping_problem_pool_count(prob, 0), 6);
    ck_assert_uint_eq(accelsel_mapping_problem_pool_count(prob, 4), 0);
    ck_assert_uint_eq(accelsel_mapping_problem_pool_count(NULL, 0), 0);
    ck_assert_str_eq(accelsel_mapping_problem_pool_design(prob, 0, 0), "zhang-fpga15");
    ck_assert_ptr_null(accelsel_mapping_problem_pool_design(prob, 0, 6));
    ck_assert_ptr_null(accelsel_mapping_problem_pool_design(NULL, 0, 0));
    ck_assert_str_eq(accelsel_mapping_problem_system(prob), "adaptive-4");
    ck_assert_ptr_null(accelsel_mapping_problem_system(NULL));
    ck_assert_str_eq(accelsel_mapping_problem_network(prob), "mobilenetv2");
    ck_assert_ptr_null(accelsel_mapping_problem_network(NULL));
    ck_assert_uint_eq(accelsel_mapping_problem_batch(prob), 1);
    ck_assert_uint_eq(accelsel_mapping_problem_batch(NULL), 0);
    ck_assert_int_eq(accelsel_mapping_problem_objective(prob), ACCELSEL_OBJECTIVE_LATENCY);
    ck_assert_int_eq(accelsel_mapping_problem_objective(NULL), ACCELSEL_EINVAL);
}
END_TEST

START_TEST(evaluate_arguments)
{
    accelsel_mapping_spec spec;
    accelsel_mapping *m = (accelsel_mapping *)&m;
    ck_assert_int_eq(accelsel_mapping_get_spec(map, &spec), 0);
    ck_assert_int_eq(accelsel_mapping_get_spec(NULL, &spec), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_get_spec(map, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_evaluate(&m, NULL, &spec), ACCELSEL_EINVAL);
    ck_assert_ptr_null(m);
    ck_assert_int_eq(accelsel_mapping_evaluate(&m, prob, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_evaluate(NULL, prob, &spec), ACCELSEL_EINVAL);
    spec.version = 3;
    ck_assert_int_eq(accelsel_mapping_evaluate(&m, prob, &spec), ACCELSEL_EVERSION);
    spec.version = ACCELSEL_MAPPING_SPEC_VERSION;
    spec.n_slots = 3;
    ck_assert_int_eq(accelsel_mapping_evaluate(&m, prob, &spec), ACCELSEL_EINVAL);
    spec.n_slots = 4;
    spec.layer_strategy = NULL;
    ck_assert_int_eq(accelsel_mapping_evaluate(&m, prob, &spec), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_get_spec(map, &spec), 0);
    ck_assert_int_eq(accelsel_mapping_evaluate(&m, prob, &spec), 0);
    /* Evaluating a solved mapping's spec gives the same value. */
    ck_assert_double_eq(accelsel_mapping_objective_s(m), accelsel_mapping_objective_s(map));
    ck_assert_str_eq(accelsel_mapping_method(m), "evaluate");
    accelsel_mapping_free(m);
}
END_TEST

START_TEST(solve_arguments)
{
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_mapping *m = (accelsel_mapping *)&m;
    ck_assert_int_eq(accelsel_mapping_solve(&m, NULL, &o), ACCELSEL_EINVAL);
    ck_assert_ptr_null(m);
    ck_assert_int_eq(accelsel_mapping_solve(NULL, prob, &o), ACCELSEL_EINVAL);
    o.version = 0;
    ck_assert_int_eq(accelsel_mapping_solve(&m, prob, &o), ACCELSEL_EVERSION);
    ck_assert_str_eq(accelsel_last_error()->field, "version");
    o.version = ACCELSEL_MAPPING_SOLVE_OPTIONS_VERSION;
    o.population = 3;
    ck_assert_int_eq(accelsel_mapping_solve(&m, prob, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "population");
    o.population = 0;
    o.time_budget_s = -1;
    ck_assert_int_eq(accelsel_mapping_solve(&m, prob, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "time_budget_s");
    o.time_budget_s = NAN;
    ck_assert_int_eq(accelsel_mapping_solve(&m, prob, &o), ACCELSEL_EINVAL);
    /* An infinite budget is no limit, as 0 is: the same mapping (the CLI's
     * --time-budget inf relies on it). */
    accelsel_mapping *none, *endless;
    o.time_budget_s = 0;
    o.generations = 3;
    o.n_threads = 1;
    ck_assert_int_eq(accelsel_mapping_solve(&none, prob, &o), 0);
    o.time_budget_s = INFINITY;
    ck_assert_int_eq(accelsel_mapping_solve(&endless, prob, &o), 0);
    ck_assert_double_eq(accelsel_mapping_objective_s(none), accelsel_mapping_objective_s(endless));
    ck_assert_uint_eq(accelsel_mapping_evaluations(none), accelsel_mapping_evaluations(endless));
    accelsel_mapping_free(none);
    accelsel_mapping_free(endless);
    o.time_budget_s = 0;
    o.method = "annealing";
    ck_assert_int_eq(accelsel_mapping_solve(&m, prob, &o), ACCELSEL_ENOTFOUND);
    ck_assert_str_eq(accelsel_last_error()->field, "method");
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "computation-first"));
    o.method = "exhaustive";
    o.exhaustive_limit = 10;
    ck_assert_int_eq(accelsel_mapping_solve(&m, prob, &o), ACCELSEL_ERANGE);
    ck_assert_ptr_null(m);
}
END_TEST

START_TEST(mapping_getters)
{
    const double *h = (const double *)&h;
    size_t n = 9;
    ck_assert(isfinite(accelsel_mapping_objective_s(map)));
    ck_assert(isnan(accelsel_mapping_objective_s(NULL)));
    ck_assert_int_eq(accelsel_mapping_objective(map), ACCELSEL_OBJECTIVE_LATENCY);
    ck_assert_int_eq(accelsel_mapping_objective(NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(accelsel_mapping_get_breakdown(map));
    ck_assert_ptr_null(accelsel_mapping_get_breakdown(NULL));
    ck_assert_uint_eq(accelsel_mapping_slot_count(map), 4);
    ck_assert_uint_eq(accelsel_mapping_slot_count(NULL), 0);
    ck_assert_ptr_nonnull(accelsel_mapping_slot_design(map, 3));
    ck_assert_ptr_null(accelsel_mapping_slot_design(map, 4));
    ck_assert_ptr_null(accelsel_mapping_slot_design(NULL, 0));
    ck_assert(accelsel_mapping_memory_bytes(map, 0) >= 0);
    ck_assert(isnan(accelsel_mapping_memory_bytes(map, 4)));
    ck_assert(isnan(accelsel_mapping_memory_bytes(NULL, 0)));
    ck_assert_uint_eq(accelsel_mapping_layer_count(map), accelsel_network_layer_count(net));
    ck_assert_uint_eq(accelsel_mapping_layer_count(NULL), 0);
    ck_assert_ptr_nonnull(accelsel_mapping_layer(map, 1));
    ck_assert_ptr_null(accelsel_mapping_layer(map, 100000));
    ck_assert_ptr_null(accelsel_mapping_layer(NULL, 0));
    ck_assert_str_eq(accelsel_mapping_method(map), "computation-first");
    ck_assert_ptr_null(accelsel_mapping_method(NULL));
    ck_assert_uint_eq(accelsel_mapping_generations(map), 0);
    ck_assert_uint_eq(accelsel_mapping_generations(NULL), 0);
    ck_assert_uint_eq(accelsel_mapping_evaluations(map), 1);
    ck_assert_uint_eq(accelsel_mapping_evaluations(NULL), 0);
    ck_assert(accelsel_mapping_seconds(map) >= 0);
    ck_assert(isnan(accelsel_mapping_seconds(NULL)));
    ck_assert_int_eq(accelsel_mapping_history(map, &h, &n), 0);
    ck_assert_ptr_null(h);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(accelsel_mapping_history(NULL, &h, &n), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_history(map, NULL, &n), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_history(map, &h, NULL), ACCELSEL_EINVAL);
    accelsel_mapping_free(NULL);
}
END_TEST

START_TEST(save_and_load_arguments)
{
    char *text = (char *)&text;
    accelsel_mapping *m = (accelsel_mapping *)&m;
    ck_assert_int_eq(accelsel_mapping_save_buffer(NULL, &text, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_null(text);
    ck_assert_int_eq(accelsel_mapping_save_buffer(map, NULL, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_save_file(NULL, "/tmp/x"), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_save_file(map, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_save_file(map, "/nonexistent-dir/m.yaml"), ACCELSEL_EIO);
    ck_assert_int_eq(accelsel_mapping_load_buffer(NULL, prob, "", 0), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_load_buffer(&m, NULL, "", 0), ACCELSEL_EINVAL);
    ck_assert_ptr_null(m);
    ck_assert_int_eq(accelsel_mapping_load_buffer(&m, prob, NULL, 1), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_load_buffer(&m, prob, NULL, 0), ACCELSEL_EPARSE);
    ck_assert_int_eq(accelsel_mapping_load_file(NULL, prob, "/tmp/x"), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_load_file(&m, NULL, "/tmp/x"), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_load_file(&m, prob, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_mapping_load_file(&m, prob, "/nonexistent-dir/m.yaml"), ACCELSEL_EIO);
    ck_assert_ptr_null(m);
    size_t len;
    ck_assert_int_eq(accelsel_mapping_save_buffer(map, &text, &len), 0);
    ck_assert_uint_eq(len, strlen(text));
    accelsel_free(text);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api_map");
    TCase *tc = tcase_create("contract");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, options_init_and_sizes);
    tcase_add_test(tc, names);
    tcase_add_test(tc, problem_new_arguments);
    tcase_add_test(tc, explicit_slots_keep_the_catalog_rules);
    tcase_add_test(tc, problem_getters);
    tcase_add_test(tc, evaluate_arguments);
    tcase_add_test(tc, solve_arguments);
    tcase_add_test(tc, mapping_getters);
    tcase_add_test(tc, save_and_load_arguments);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
