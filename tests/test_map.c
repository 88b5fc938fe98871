/* Mapping problems: evaluation against a hand-computed timeline (also on
 * systems with missing, one-way and unequal links, under both objectives),
 * the GA against exhaustive search on random small instances, thread-count
 * invariance, cancellation and time budgets (in the seeding too), the
 * history and the population order, baselines, YAML round trips, bad
 * input and allocation failures. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accelsel/catalog.h"
#include "accelsel/map.h"
#include "accelsel/network.h"
#include "core/rng.h"
#include "map/ga_branches.h"
#include "map/ga_polish.h"
#include "map/layout_dp.h"
#include "map/map_impl.h"
#include "testutil.h"

/* Two 16-MAC tiled designs at 1 MHz with 1-byte operands, links and host at
 * 1 MB/s without latency: small numbers that are easy to follow by hand.
 * Partial topologies: partial-3 lacks the link 0-2, tri-3 has it at half
 * speed (link slow), oneway-2 links 0 -> 1 only, asym-2 and asym-2r link
 * the pair at full speed one way and half speed the other. */
static const char catalog_yaml[] =
    "version: 1\n"
    "links:\n"
    "  - {name: l, technology: board, bw_bytes_s: 1e6, source: test}\n"
    "  - {name: h, technology: pcie, bw_bytes_s: 1e6, source: test}\n"
    "  - {name: dead, technology: board, bw_bytes_s: 1e-300, source: test}\n"
    "  - {name: slow, technology: board, bw_bytes_s: 0.5e6, source: test}\n"
    "designs:\n"
    "  - {name: t4, dataflow: tiled, platform: FPGA, precision: int8, tm: 4, tn: 4, macs: 16,\n"
    "     clock_hz: 1e6, buffer_bytes: 1e6, source: test}\n"
    "  - {name: t8, dataflow: tiled, platform: FPGA, precision: int8, tm: 8, tn: 2, macs: 16,\n"
    "     clock_hz: 1e6, buffer_bytes: 1e6, source: test}\n"
    "  - {name: nobuf, dataflow: tiled, platform: FPGA, precision: int8, tm: 4, tn: 4, macs: 16,\n"
    "     clock_hz: 1e6, source: test}\n"
    "  - {name: f4, dataflow: tiled, platform: FPGA, precision: fp32, tm: 4, tn: 4, macs: 16,\n"
    "     clock_hz: 1e6, buffer_bytes: 1e6, source: test}\n"
    "  - {name: slow, dataflow: tiled, platform: FPGA, precision: int8, tm: 2, tn: 2, macs: 4,\n"
    "     clock_hz: 1e6, buffer_bytes: 1e6, source: test}\n"
    "systems:\n"
    "  - name: tiny-2\n"
    "    host_link: h\n"
    "    slots:\n"
    "      - {designs: [t4, t8], memory_bytes: 1e9, memory_bw_bytes_s: 1e6}\n"
    "      - {designs: [t4, t8], memory_bytes: 1e9, memory_bw_bytes_s: 1e6}\n"
    "    links: [{slots: [0, 1], link: l}]\n"
    "    source: test\n"
    "  - name: apart-2\n"
    "    host_link: h\n"
    "    slots:\n"
    "      - {designs: [t4], memory_bytes: 1e9, memory_bw_bytes_s: 1e6}\n"
    "      - {designs: [t8], memory_bytes: 1e9, memory_bw_bytes_s: 1e6}\n"
    "    source: test\n"
    "  - name: small-mem\n"
    "    host_link: h\n"
    "    slots:\n"
    "      - {designs: [t4], memory_bytes: 100, memory_bw_bytes_s: 1e6}\n"
    "    source: test\n"
    "  - name: needs-buffer\n"
    "    host_link: h\n"
    "    slots:\n"
    "      - {designs: [t4, nobuf], memory_bytes: 1e9, memory_bw_bytes_s: 1e6}\n"
    "    source: test\n"
    "  - name: partial-3\n"
    "    host_link: h\n"
    "    slots: [&s {designs: [t4], memory_bytes: 1e9, memory_bw_bytes_s: 1e6}, *s, *s]\n"
    "    links: [{slots: [0, 1], link: l}, {slots: [1, 2], link: l}]\n"
    "    source: test\n"
    "  - name: tri-3\n"
    "    host_link: h\n"
    "    slots: [*s, *s, *s]\n"
    "    links: [{slots: [0, 1], link: l}, {slots: [0, 2], link: slow}, {slots: [1, 2], link: l}]\n"
    "    source: test\n"
    "  - {name: oneway-2, host_link: h, slots: [*s, *s], link_matrix: [[~, l], [~, ~]], source: test}\n"
    "  - {name: asym-2, host_link: h, slots: [*s, *s], link_matrix: [[~, l], [slow, ~]], source: test}\n"
    "  - {name: asym-2r, host_link: h, slots: [*s, *s], link_matrix: [[~, slow], [l, ~]], "
    "source: test}\n"
    "  - name: split-only-2\n"
    "    host_link: h\n"
    "    slots: [&m {designs: [t4, t8], memory_bytes: 700, memory_bw_bytes_s: 1e6}, *m]\n"
    "    links: [{slots: [0, 1], link: l}]\n"
    "    source: test\n"
    "  - name: wide-narrow\n"
    "    host_link: h\n"
    "    slots:\n"
    "      - {designs: [f4], memory_bytes: 2000, memory_bw_bytes_s: 1e6}\n"
    "      - {designs: [t4], memory_bytes: 600, memory_bw_bytes_s: 1e6}\n"
    "    links: [{slots: [0, 1], link: l}]\n"
    "    source: test\n"
    "  - name: mixed-mem\n"
    "    host_link: h\n"
    "    slots:\n"
    "      - {designs: [slow], memory_bytes: 1e9, memory_bw_bytes_s: 1e6}\n"
    "      - {designs: [t4], memory_bytes: 700, memory_bw_bytes_s: 1e6}\n"
    "    links: [{slots: [0, 1], link: l}]\n"
    "    source: test\n";

/* x [4, 8, 8] -> c1 (8 channels, 3 x 3) -> c2 (4 channels, 1 x 1). */
static const char net_yaml[] =
    "version: 1\n"
    "name: two-convs\n"
    "inputs:\n"
    "  - {name: x, shape: [4, 8, 8]}\n"
    "layers:\n"
    "  - {name: c1, kind: conv2d, inputs: [x], out_channels: 8, kernel: 3, padding: 1, bias: false}\n"
    "  - {name: c2, kind: conv2d, inputs: [c1], out_channels: 4, kernel: 1, bias: false}\n";

static accelsel_catalog *catalog(void)
{
    accelsel_catalog *cat;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, catalog_yaml, sizeof catalog_yaml - 1), 0);
    return cat;
}

static accelsel_network *network(const char *yaml)
{
    accelsel_network *net;
    accelsel_network_options o = ACCELSEL_NETWORK_OPTIONS_INIT;
    o.bytes_per_element = 1;
    int rc = accelsel_network_load_buffer(&net, yaml, strlen(yaml), &o);
    ck_assert_msg(rc == 0, "%s", accelsel_last_error()->message);
    return net;
}

static accelsel_mapping_problem *problem(const char *system, const char *yaml, uint32_t batch)
{
    accelsel_catalog *cat = catalog();
    accelsel_network *net = network(yaml);
    accelsel_mapping_problem_options o = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
    accelsel_mapping_problem *p;
    o.batch = batch;
    int rc = accelsel_mapping_problem_new(&p, cat, system, net, &o);
    ck_assert_msg(rc == 0, "%s", accelsel_last_error()->message);
    accelsel_catalog_free(cat); /* the problem keeps what it needs */
    accelsel_network_free(net);
    return p;
}

/* Two towers (a -> ca, b -> cb) joined by a concat, then one conv; and in
 * the first tower a fork (ca read by d1 and d2, summed). The forks: the
 * inputs (towers 0 and 1, the concat and what follows belong to neither)
 * and ca (d1 and d2 alone, the sum to both). The branch move gives the two
 * towers the two slots, one each, and leaves the shared layers alone. */
START_TEST(branch_move_splits_siblings)
{
    static const char y[] =
        "version: 1\nname: towers\ninputs:\n  - {name: a, shape: [4, 8, 8]}\n"
        "  - {name: b, shape: [4, 8, 8]}\nlayers:\n"
        "  - {name: ca, kind: conv2d, inputs: [a], out_channels: 4, kernel: 1}\n"
        "  - {name: d1, kind: conv2d, inputs: [ca], out_channels: 4, kernel: 1}\n"
        "  - {name: d2, kind: conv2d, inputs: [ca], out_channels: 4, kernel: 1}\n"
        "  - {name: s, kind: add, inputs: [d1, d2]}\n"
        "  - {name: cb, kind: conv2d, inputs: [b], out_channels: 4, kernel: 1}\n"
        "  - {name: cat, kind: concat, inputs: [s, cb]}\n"
        "  - {name: c, kind: conv2d, inputs: [cat], out_channels: 4, kernel: 1}\n";
    enum { A, B, CA, D1, D2, S, CB, CAT, C, N };
    accelsel_mapping_problem *p = problem("tiny-2", y, 1);
    asel_ga_forks f;
    ck_assert_int_eq(asel_ga_forks_build(p, &f), 0);
    ck_assert_uint_eq(f.n, 2);
    static const int8_t want[2][N] = { { 0, 1, 0, 0, 0, 0, 1, -1, -1 },
                                       { -1, -1, -1, 0, 1, -1, -1, -1, -1 } };
    for (size_t k = 0; k < 2; k++) {
        ck_assert_uint_eq(f.n_kids[k], 2);
        for (size_t l = 0; l < N; l++)
            ck_assert_msg(f.owner[k * N + l] == want[k][l], "fork %zu layer %zu: %d", k, l,
                          f.owner[k * N + l]);
    }
    asel_map_genomes gs;
    ck_assert_int_eq(asel_map_genomes_new(&gs, p, 1), 0);
    for (uint64_t seed = 0; seed < 8; seed++) {
        for (size_t l = 0; l < N; l++)
            gs.g[0].group[l] = 3;
        asel_rng r;
        asel_rng_stream(&r, seed, 0);
        asel_ga_branch_move(p, &f, &gs.g[0], &r);
        const uint64_t *g = gs.g[0].group;
        int towers = g[CA] != 3;
        uint64_t x = towers ? g[CA] : g[D1], y2 = towers ? g[CB] : g[D2];
        ck_assert((x == 1 && y2 == 2) || (x == 2 && y2 == 1));
        ck_assert_uint_eq(g[CAT], 3);
        ck_assert_uint_eq(g[C], 3);
        ck_assert_uint_eq(g[S], towers ? x : 3);
    }
    asel_map_genomes_free(&gs);
    asel_ga_forks_free(&f);
    accelsel_mapping_problem_free(p);
}
END_TEST

static void check_breakdown(const accelsel_mapping *m)
{
    const accelsel_mapping_breakdown *b = accelsel_mapping_get_breakdown(m);
    double total = b->compute_s + b->communication_s + b->idle_s;
    ck_assert_double_eq_tol(total, b->used_slots * b->latency_s, 1e-12);
    ck_assert_double_eq_tol(b->communication_s, b->comm_between_s + b->comm_within_s + b->comm_host_s,
                            1e-15);
}

/* Evaluate layers c1, c2 (indices 1, 2; x is 0) on the given groups, every
 * slot on the first design of its pool; the status, the mapping in @p m. */
static int try_eval(const accelsel_mapping_problem *p, uint64_t g1, int s1, uint64_t g2, int s2,
                    accelsel_mapping **m)
{
    uint32_t design[ACCELSEL_MAPPING_MAX_SLOTS] = {0};
    uint64_t groups[3] = {0, g1, g2};
    int32_t strat[3] = {0, s1, s2};
    accelsel_mapping_spec spec = {ACCELSEL_MAPPING_SPEC_VERSION,
                                  accelsel_mapping_problem_slot_count(p), design, 3, groups, strat};
    return accelsel_mapping_evaluate(m, p, &spec);
}

static accelsel_mapping *eval(const accelsel_mapping_problem *p, uint64_t g1, int s1, uint64_t g2,
                              int s2)
{
    accelsel_mapping *m;
    int rc = try_eval(p, g1, s1, g2, s2, &m);
    ck_assert_msg(rc == 0, "%s", accelsel_last_error()->message);
    return m;
}

/* try_eval() must refuse with EINFEASIBLE, the message holding @p a and @p b. */
static void refused(const accelsel_mapping_problem *p, uint64_t g1, int s1, uint64_t g2, int s2,
                    const char *a, const char *b)
{
    accelsel_mapping *m = (accelsel_mapping *)&m;
    int rc = try_eval(p, g1, s1, g2, s2, &m);
    const char *msg = accelsel_last_error()->message;
    ck_assert_msg(rc == ACCELSEL_EINFEASIBLE, "status %d: %s", rc, msg);
    ck_assert_ptr_null(m);
    ck_assert_msg(strstr(msg, a) != NULL && strstr(msg, b) != NULL, "'%s' lacks '%s' or '%s'", msg,
                  a, b);
}

/* The objective of try_eval(), which must succeed. */
static double objective_of(const accelsel_mapping_problem *p, uint64_t g1, int s1, uint64_t g2,
                           int s2)
{
    accelsel_mapping *m = eval(p, g1, s1, g2, s2);
    double v = accelsel_mapping_objective_s(m);
    check_breakdown(m);
    accelsel_mapping_free(m);
    return v;
}

START_TEST(evaluate_matches_the_hand_timeline)
{
    accelsel_mapping_problem *p = problem("tiny-2", net_yaml, 1);
    /* c1 on t4 (4 x 4 channels, 1 pixel per cycle): ceil(8/4) ceil(4/4) x 9 x 8 x 8
     * = 1152 cycles = 1.152 ms; traffic 256 + 512 + 288 B = 1.056 ms; the slower
     * wins: 1.152 ms. c2: ceil(4/4) ceil(8/4) x 8 x 8 = 128 cycles, but 512 + 256
     * + 32 B = 0.8 ms of traffic. Input from the host 256 B = 0.256 ms, output
     * 256 B = 0.256 ms, c1's output to the other slot 512 B = 0.512 ms. */
    accelsel_mapping *same = eval(p, 1, 0, 1, 0);
    ck_assert_double_eq_tol(accelsel_mapping_objective_s(same), 0.256e-3 + 1.152e-3 + 0.8e-3 + 0.256e-3, 1e-15);
    const accelsel_mapping_layer_info *c1 = accelsel_mapping_layer(same, 1);
    ck_assert_str_eq(c1->name, "c1");
    ck_assert_double_eq_tol(c1->start_s, 0, 1e-18);
    ck_assert_double_eq_tol(c1->end_s, 1.408e-3, 1e-15);
    ck_assert_double_eq_tol(c1->compute_s, 1.152e-3, 1e-15);
    ck_assert_str_eq(c1->design, "t4");
    check_breakdown(same);
    accelsel_mapping *apart = eval(p, 1, 0, 2, 0);
    ck_assert_double_eq_tol(accelsel_mapping_objective_s(apart),
                            0.256e-3 + 1.152e-3 + 0.512e-3 + 0.8e-3 + 0.256e-3, 1e-15);
    ck_assert_double_eq_tol(accelsel_mapping_get_breakdown(apart)->comm_between_s, 0.512e-3, 1e-15);
    check_breakdown(apart);
    /* c1 split by output channels over both slots: 4 channels each, 576 cycles =
     * 0.576 ms, traffic 256 + 256 + 144 B = 0.656 ms; all-gather 1/2 x 512 B =
     * 0.256 ms; c2 stays on slot 0, which already holds all of c1's output. */
    accelsel_mapping *split = eval(p, 3, ACCELSEL_STRATEGY_OUTPUT_CHANNELS, 1, 0);
    ck_assert_double_eq_tol(accelsel_mapping_objective_s(split),
                            0.256e-3 + 0.656e-3 + 0.256e-3 + 0.8e-3 + 0.256e-3, 1e-15);
    ck_assert_double_eq_tol(accelsel_mapping_layer(split, 1)->comm_within_s, 0.256e-3, 1e-15);
    check_breakdown(split);
    /* NONE on two slots is costed on the lowest slot alone. */
    accelsel_mapping *none2 = eval(p, 3, 0, 3, 0);
    ck_assert_uint_eq(accelsel_mapping_layer(none2, 1)->slots, 1);
    ck_assert_double_eq(accelsel_mapping_objective_s(none2), accelsel_mapping_objective_s(same));
    /* Peak memory of slot 0 in `same`: weights 288 + 32 B, largest activations
     * in + out of c1: 256 + 512 B. */
    ck_assert_double_eq(accelsel_mapping_memory_bytes(same, 0), 288 + 32 + 768);
    ck_assert_double_eq(accelsel_mapping_memory_bytes(same, 1), 0);
    accelsel_mapping_free(same);
    accelsel_mapping_free(apart);
    accelsel_mapping_free(split);
    accelsel_mapping_free(none2);
    accelsel_mapping_problem_free(p);
}
END_TEST

START_TEST(none_runs_on_the_fastest_member)
{
    /* Slot 1 has twice the memory bandwidth: c2 (800 B of traffic, 128 cycles)
     * takes 0.4 ms there against 0.8 ms on slot 0, so none on {0, 1} puts it on
     * slot 1, which then receives c1's 512 B (0.512 ms):
     * 0.256 + 1.152 + 0.512 + 0.4 + 0.256 ms. */
    accelsel_catalog *cat = catalog();
    accelsel_network *net = network(net_yaml);
    const char *pool[] = {"t4"};
    accelsel_mapping_slot slots[2] = {
        {ACCELSEL_MAPPING_SLOT_VERSION, NULL, pool, 1, 1e9, 1e6, "h"},
        {ACCELSEL_MAPPING_SLOT_VERSION, NULL, pool, 1, 1e9, 2e6, "h"}};
    accelsel_mapping_problem *p;
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, slots, 2, "l", net, NULL), 0);
    accelsel_mapping *m = eval(p, 1, 0, 3, 0);
    ck_assert_uint_eq(accelsel_mapping_layer(m, 2)->slots, 2);
    ck_assert_double_eq_tol(accelsel_mapping_objective_s(m),
                            0.256e-3 + 1.152e-3 + 0.512e-3 + 0.4e-3 + 0.256e-3, 1e-15);
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(p);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}
END_TEST

START_TEST(throughput_is_the_busiest_slot)
{
    accelsel_catalog *cat = catalog();
    accelsel_network *net = network(net_yaml);
    accelsel_mapping_problem_options o = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
    accelsel_mapping_problem *p;
    o.objective = ACCELSEL_OBJECTIVE_THROUGHPUT;
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, "tiny-2", net, &o), 0);
    /* Slot 0: input 0.256 + c1 1.152 = 1.408 ms; slot 1: receive 0.512 + c2 0.8
     * + output 0.256 = 1.568 ms. */
    accelsel_mapping *m = eval(p, 1, 0, 2, 0);
    ck_assert_double_eq_tol(accelsel_mapping_objective_s(m), 1.568e-3, 1e-15);
    ck_assert_int_eq(accelsel_mapping_objective(m), ACCELSEL_OBJECTIVE_THROUGHPUT);
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(p);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}
END_TEST

enum { NONE = ACCELSEL_STRATEGY_NONE, BATCH = ACCELSEL_STRATEGY_BATCH,
       OC = ACCELSEL_STRATEGY_OUTPUT_CHANNELS };

/* Slot 0 has no host link: c1 there cannot receive the network input, c2
 * there cannot send the network output back. Under either objective such
 * a mapping is EINFEASIBLE with the same message (under throughput it was
 * scored 0 s), and the GA finds the best feasible mapping. c1 must run on
 * slot 1 and the output leave from it, so slot 1 is busy at least 0.256 +
 * 1.152 + 0.256 ms plus c2's time there: 0.8 ms alone, and no less split
 * (output channels: receive 0.512 + 0.656 + all-gather 0.128 ms). Both
 * objectives: 2.464 ms. c2 split by output channels over both slots is
 * feasible, since slot 1 holds the whole output after the all-gather and
 * sends it: 0.256 + 1.152 + 0.512 + 0.656 + 0.128 + 0.256 ms. */
START_TEST(missing_links_are_infeasible_under_throughput)
{
    accelsel_catalog *cat = catalog();
    accelsel_network *net = network(net_yaml);
    const char *pool[] = {"t4"};
    accelsel_mapping_slot slots[2] = {
        {ACCELSEL_MAPPING_SLOT_VERSION, NULL, pool, 1, 1e9, 1e6, NULL},
        {ACCELSEL_MAPPING_SLOT_VERSION, NULL, pool, 1, 1e9, 1e6, "h"}};
    for (int objective = 1; objective >= 0; objective--) { /* throughput first */
        accelsel_mapping_problem_options po = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
        accelsel_mapping_problem *p;
        po.objective = objective;
        ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, slots, 2, "l", net, &po), 0);
        refused(p, 1, NONE, 1, NONE, "layer 'c1'", "host"); /* throughput said 0 s */
        refused(p, 1, NONE, 2, NONE, "layer 'c1'", "host");
        refused(p, 2, NONE, 1, NONE, "layer 'c2'", "host");
        refused(p, 3, OC, 2, NONE, "layer 'c1'", "host");
        /* The walk itself: infinite, never 0 or NaN. */
        asel_map_genomes gs;
        asel_map_scratch sc;
        ck_assert_int_eq(asel_map_genomes_new(&gs, p, 1), 0);
        ck_assert_int_eq(asel_map_scratch_new(&sc, p), 0);
        for (size_t l = 0; l < 3; l++)
            gs.g[0].group[l] = 1;
        ck_assert(isinf(asel_map_walk(p, &gs.g[0], &sc, NULL)));
        asel_map_scratch_free(&sc);
        asel_map_genomes_free(&gs);
        accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
        accelsel_mapping *m;
        o.n_threads = 1;
        o.seed = 1;
        ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), 0);
        ck_assert_double_eq_tol(accelsel_mapping_objective_s(m), 2.464e-3, 1e-15);
        ck_assert_uint_eq(accelsel_mapping_layer(m, 1)->slots, 2);
        ck_assert(isfinite(accelsel_mapping_get_breakdown(m)->latency_s));
        accelsel_mapping_free(m);
        ck_assert_double_eq_tol(objective_of(p, 2, NONE, 3, OC),
                                (0.256 + 1.152 + 0.512 + 0.656 + 0.128 + 0.256) * 1e-3, 1e-15);
        accelsel_mapping_problem_free(p);
    }
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}
END_TEST

/* partial-3 lacks the link 0-2: a collective over {0, 2} is refused naming
 * the layer and those two slots (it named the network input and slot 0).
 * (A layer whose input cannot arrive is refused for that first.) */
START_TEST(a_collective_without_a_link_names_its_layer_and_slots)
{
    accelsel_mapping_problem *p = problem("partial-3", net_yaml, 1);
    refused(p, 5, OC, 1, NONE, "layer 'c1'", "slots 0 and 2");
    refused(p, 2, NONE, 5, OC, "layer 'c2'", "slots 0 and 2"); /* its inputs arrive */
    accelsel_mapping_problem_free(p);
}
END_TEST

/* A collective needs both directions of a pair: on oneway-2 (0 -> 1 only)
 * c1 split over both slots is refused, while a plain 0 -> 1 transfer is
 * fine (0.256 + 1.152 + 0.512 + 0.8 + 0.256 ms) and 1 -> 0 is not. With
 * both directions at different speeds the slower (0.5 MB/s) prices it,
 * whichever direction that is: all-gather of 256 B in 0.512 ms, so 0.256
 * + 0.656 + 0.512 + 0.8 + 0.256 ms. */
START_TEST(collectives_need_links_both_ways)
{
    accelsel_mapping_problem *p = problem("oneway-2", net_yaml, 1);
    refused(p, 3, OC, 1, NONE, "layer 'c1'", "slots 0 and 1");
    ck_assert_double_eq_tol(objective_of(p, 1, NONE, 2, NONE),
                            (0.256 + 1.152 + 0.512 + 0.8 + 0.256) * 1e-3, 1e-15);
    refused(p, 2, NONE, 1, NONE, "layer 'c2'", "from slot 1 on slot 0");
    accelsel_mapping_problem_free(p);
    const char *asym[] = {"asym-2", "asym-2r"};
    for (int i = 0; i < 2; i++) {
        p = problem(asym[i], net_yaml, 1);
        ck_assert_double_eq_tol(objective_of(p, 3, OC, 1, NONE),
                                (0.256 + 0.656 + 0.512 + 0.8 + 0.256) * 1e-3, 1e-15);
        accelsel_mapping_problem_free(p);
    }
}
END_TEST

/* After c1's all-gather over {0, 1} both slots hold its whole output, so
 * c2 on slot 2 reads it from slot 1, the one linked to it (partial-3:
 * refused before) or linked faster (tri-3, where 0 -> 2 is half speed):
 * 0.256 + 0.656 + 0.256 + 0.512 + 0.8 + 0.256 ms. After a batch split
 * each owner holds only its samples, so the reader needs every owner's
 * link and pays the slowest: batch 2, c1 split over {1, 2} (1.152 ms a
 * sample each, inputs 256 B each), c2 on slot 0 receives 1024 B at the
 * 0.5 MB/s of 2 -> 0 (2.048 ms), computes 1568 B of traffic (1.568 ms) and
 * sends 512 B (0.512 ms); on partial-3 the missing owner link is named. */
START_TEST(readers_take_the_nearest_full_copy)
{
    const double oc = (0.256 + 0.656 + 0.256 + 0.512 + 0.8 + 0.256) * 1e-3;
    const char *systems[] = {"partial-3", "tri-3"};
    for (int i = 0; i < 2; i++) {
        accelsel_mapping_problem *p = problem(systems[i], net_yaml, 1);
        ck_assert_double_eq_tol(objective_of(p, 3, OC, 4, NONE), oc, 1e-15);
        accelsel_mapping_problem_free(p);
    }
    accelsel_mapping_problem *p = problem("tri-3", net_yaml, 2);
    ck_assert_double_eq_tol(objective_of(p, 6, BATCH, 1, NONE),
                            (0.256 + 1.152 + 2.048 + 1.568 + 0.512) * 1e-3, 1e-15);
    accelsel_mapping_problem_free(p);
    p = problem("partial-3", net_yaml, 2);
    refused(p, 3, BATCH, 4, NONE, "layer 'c2'", "from slot 0 on slot 2");
    accelsel_mapping_problem_free(p);
}
END_TEST

/* A small random DAG: a chain of three convolutions, or two branches and
 * their sum, with random channels, kernels, sizes; text in @p buf. */
static void random_network(unsigned *state, char *buf, size_t cap)
{
#define RND(n) ((*state = *state * 1103515245u + 12345u) >> 16) % (n)
    unsigned c = 1 + RND(6), h = 2 + RND(6), a = 1 + RND(12), b = 1 + RND(12), k1 = RND(2) ? 3 : 1;
    unsigned k2 = RND(2) ? 3 : 1;
    if (RND(2))
        snprintf(buf, cap,
                 "version: 1\nname: chain\ninputs: [{name: x, shape: [%u, %u, %u]}]\nlayers:\n"
                 "  - {name: a, kind: conv2d, inputs: [x], out_channels: %u, kernel: %u, padding: %u}\n"
                 "  - {name: b, kind: conv2d, inputs: [a], out_channels: %u, kernel: %u, padding: %u}\n"
                 "  - {name: c, kind: conv2d, inputs: [b], out_channels: %u, kernel: 1}\n",
                 c, h, h, a, k1, k1 / 2, b, k2, k2 / 2, 1 + RND(12));
    else
        snprintf(buf, cap,
                 "version: 1\nname: branches\ninputs: [{name: x, shape: [%u, %u, %u]}]\nlayers:\n"
                 "  - {name: a, kind: conv2d, inputs: [x], out_channels: %u, kernel: %u, padding: %u}\n"
                 "  - {name: b, kind: conv2d, inputs: [x], out_channels: %u, kernel: %u, padding: %u}\n"
                 "  - {name: c, kind: add, inputs: [a, b]}\n",
                 c, h, h, a, k1, k1 / 2, a, k2, k2 / 2);
#undef RND
}

START_TEST(ga_finds_the_exhaustive_optimum)
{
    size_t instances = testutil_reps(20);
    unsigned state = 2024;
    char yaml[1024];
    for (size_t i = 0; i < instances; i++) {
        random_network(&state, yaml, sizeof yaml);
        accelsel_mapping_problem *p = problem("tiny-2", yaml, 1 + state % 4);
        accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
        accelsel_mapping *best, *m;
        o.method = "exhaustive";
        ck_assert_int_eq(accelsel_mapping_solve(&best, p, &o), 0);
        double opt = accelsel_mapping_objective_s(best);
        int found = 0;
        o.method = "ga";
        o.n_threads = 1;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            o.seed = seed;
            ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), 0);
            double v = accelsel_mapping_objective_s(m);
            ck_assert_msg(v >= opt * (1 - 1e-12), "GA below the exhaustive optimum");
            found += v <= opt * (1 + 1e-9);
            accelsel_mapping_free(m);
        }
        ck_assert_msg(found >= 19, "instance %zu: optimum found by %d of 20 seeds\n%s", i, found, yaml);
        accelsel_mapping_free(best);
        accelsel_mapping_problem_free(p);
    }
}
END_TEST

/* A genome of @p p with slot designs @p d0, @p d1 and every layer on both
 * slots, and the network's layers that are not inputs in topological order. */
static void two_slot_genome(const accelsel_mapping_problem *p, asel_map_genomes *gs,
                            asel_ga_layers *cl, uint32_t d0, uint32_t d1)
{
    ck_assert_int_eq(asel_map_genomes_new(gs, p, 1), 0);
    gs->g[0].design[0] = d0;
    gs->g[0].design[1] = d1;
    cl->n = 0;
    cl->at = calloc(p->n_layers, sizeof *cl->at);
    ck_assert_ptr_nonnull(cl->at);
    for (size_t i = 0; i < p->n_layers; i++) {
        gs->g[0].group[i] = 3;
        gs->g[0].strat[i] = 0;
        if (!p->is_input[p->topo[i]])
            cl->at[cl->n++] = p->topo[i];
    }
}

/* On a chain whose weights fit, the layout is exact: for the designs of
 * each of the four configurations it gives the soonest mapping, so the
 * best of the four is the exhaustive optimum over all mappings. */
START_TEST(layout_is_exact_on_a_chain)
{
    unsigned state = 77;
    char yaml[1024];
    for (size_t chains = 0; chains < testutil_reps(20);) {
        random_network(&state, yaml, sizeof yaml);
        if (strstr(yaml, "name: chain") == NULL)
            continue;
        chains++;
        accelsel_mapping_problem *p = problem("tiny-2", yaml, 1 + state % 4);
        accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
        accelsel_mapping *best;
        o.method = "exhaustive";
        ck_assert_int_eq(accelsel_mapping_solve(&best, p, &o), 0);
        double opt = accelsel_mapping_objective_s(best), least = INFINITY;
        asel_map_layout w;
        asel_map_scratch sc;
        ck_assert_int_eq(asel_map_layout_new(&w, p), 0);
        ck_assert_int_eq(asel_map_scratch_new(&sc, p), 0);
        for (uint32_t d = 0; d < 4; d++) {
            asel_map_genomes gs;
            asel_ga_layers cl;
            two_slot_genome(p, &gs, &cl, d & 1, d >> 1);
            asel_map_layout_run(p, cl.at, cl.n, 3, NULL, &w, &gs.g[0]);
            double v = asel_map_walk(p, &gs.g[0], &sc, NULL);
            ck_assert_msg(v >= opt * (1 - 1e-12), "layout below the exhaustive optimum");
            least = fmin(least, v);
            free(cl.at);
            asel_map_genomes_free(&gs);
        }
        ck_assert_msg(fabs(least - opt) <= 1e-9 * opt, "layout %g, optimum %g\n%s", least, opt,
                      yaml);
        asel_map_scratch_free(&sc);
        asel_map_layout_free(&w);
        accelsel_mapping_free(best);
        accelsel_mapping_problem_free(p);
    }
}
END_TEST

/* With slot 0 busy for a second (far longer than the layer), one layer is
 * laid out on slot 1 alone; with both free it uses the group of both, which
 * the output-channel split over two equal slots makes sooner (the tiny
 * system's links are fast next to 16 MACs at 1 MHz). */
START_TEST(timed_layout_avoids_busy_slots)
{
    const char *y = "version: 1\nname: one\ninputs: [{name: x, shape: [8, 8, 8]}]\nlayers:\n"
                    "  - {name: a, kind: conv2d, inputs: [x], out_channels: 16, kernel: 3, "
                    "padding: 1}\n";
    accelsel_mapping_problem *p = problem("tiny-2", y, 1);
    asel_map_layout w;
    asel_map_genomes gs;
    asel_ga_layers cl;
    ck_assert_int_eq(asel_map_layout_new(&w, p), 0);
    two_slot_genome(p, &gs, &cl, 0, 0);
    double free_at[2] = {0, 0}, end[2] = {0, 0};
    asel_map_timing tm = {free_at, end};
    asel_map_layout_run(p, cl.at, cl.n, 3, &tm, &w, &gs.g[0]);
    ck_assert_uint_eq(gs.g[0].group[cl.at[0]], 3);
    ck_assert_int_ne(gs.g[0].strat[cl.at[0]], ACCELSEL_STRATEGY_NONE);
    free_at[0] = 1.0;
    asel_map_layout_run(p, cl.at, cl.n, 3, &tm, &w, &gs.g[0]);
    ck_assert_uint_eq(gs.g[0].group[cl.at[0]], 2);
    free(cl.at);
    asel_map_genomes_free(&gs);
    asel_map_layout_free(&w);
    accelsel_mapping_problem_free(p);
}
END_TEST

static accelsel_mapping_problem *zoo_problem(const char *system, const char *name)
{
    accelsel_catalog *cat;
    accelsel_network *net;
    accelsel_mapping_problem *p;
    ck_assert_int_eq(accelsel_catalog_load_builtin(&cat), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&net, name, NULL), 0);
    int rc = accelsel_mapping_problem_new(&p, cat, system, net, NULL);
    ck_assert_msg(rc == 0, "%s", accelsel_last_error()->message);
    accelsel_catalog_free(cat);
    accelsel_network_free(net);
    return p;
}

static int same_spec(const accelsel_mapping *a, const accelsel_mapping *b)
{
    accelsel_mapping_spec x, y;
    accelsel_mapping_get_spec(a, &x);
    accelsel_mapping_get_spec(b, &y);
    return x.n_slots == y.n_slots && x.n_layers == y.n_layers &&
           memcmp(x.slot_design, y.slot_design, x.n_slots * sizeof *x.slot_design) == 0 &&
           memcmp(x.layer_slots, y.layer_slots, x.n_layers * sizeof *x.layer_slots) == 0 &&
           memcmp(x.layer_strategy, y.layer_strategy, x.n_layers * sizeof *x.layer_strategy) == 0;
}

START_TEST(same_seed_same_mapping_at_any_thread_count)
{
    accelsel_mapping_problem *p = zoo_problem("adaptive-8", "two-tower");
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_mapping *one, *many;
    o.seed = 7;
    o.generations = (uint32_t)testutil_reps(20) + 2;
    o.n_threads = 1;
    ck_assert_int_eq(accelsel_mapping_solve(&one, p, &o), 0);
    o.n_threads = 3;
    ck_assert_int_eq(accelsel_mapping_solve(&many, p, &o), 0);
    ck_assert(same_spec(one, many));
    ck_assert_double_eq(accelsel_mapping_objective_s(one), accelsel_mapping_objective_s(many));
    ck_assert_uint_eq(accelsel_mapping_evaluations(one), accelsel_mapping_evaluations(many));
    const double *h;
    size_t n;
    ck_assert_int_eq(accelsel_mapping_history(one, &h, &n), 0);
    ck_assert_uint_eq(n, accelsel_mapping_generations(one) + 2); /* + the local search */
    for (size_t i = 1; i < n; i++)
        ck_assert(h[i] <= h[i - 1]); /* elitism: the best never gets worse */
    ck_assert_double_eq(h[n - 1], accelsel_mapping_objective_s(one));
    accelsel_mapping_free(one);
    accelsel_mapping_free(many);
    accelsel_mapping_problem_free(p);
}
END_TEST

/* Counts the reports after generations (generation 0 reports come from
 * the seeding and the baselines) and stops after the third. */
static int stop_at_three(uint32_t generation, double best, uint64_t evaluations, void *payload)
{
    (void)best;
    (void)evaluations;
    *(int *)payload += generation > 0;
    return generation >= 3;
}

START_TEST(cancel_returns_the_best_so_far)
{
    accelsel_mapping_problem *p = zoo_problem("adaptive-4", "casia-surf");
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_mapping *m;
    int calls = 0;
    o.progress = stop_at_three;
    o.payload = &calls;
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), ACCELSEL_ECANCELED);
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(calls, 3);
    ck_assert_uint_eq(accelsel_mapping_generations(m), 3);
    ck_assert(isfinite(accelsel_mapping_objective_s(m)));
    accelsel_mapping_free(m);
    /* A baseline reports generation 0 and goes on. */
    o.method = "single";
    calls = 0;
    o.progress = stop_at_three;
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), 0);
    ck_assert_int_eq(calls, 0);
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(p);
}
END_TEST

/* Records its first report (generation, best, evaluations, calls) and stops. */
static int stop_at_once(uint32_t generation, double best, uint64_t evaluations, void *payload)
{
    double *seen = payload;
    if (seen[3]++ == 0) {
        seen[0] = generation;
        seen[1] = best;
        seen[2] = (double)evaluations;
    }
    return 1;
}

/* The GA's seeding (computation-first, one walk, then h2h, thousands of
 * walks on casia-surf) hears the callback every ASEL_MAP_CHECK_EVERY walks
 * and stops there: canceled at the first report, the GA returns the best
 * seed after 1 + ASEL_MAP_CHECK_EVERY walks, before generation 0; h2h
 * alone after ASEL_MAP_CHECK_EVERY. A time budget already spent skips h2h
 * and every generation after 0: one walk, then at most six walks per
 * candidate of generation 0 (four strategy vectors and two inner
 * generations). */
START_TEST(the_seeding_heeds_cancel_and_budget)
{
    accelsel_mapping_problem *p = zoo_problem("adaptive-4", "casia-surf");
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_mapping *m;
    const char *methods[] = {"ga", "h2h"};
    for (int i = 0; i < 2; i++) {
        double seen[4] = {0, 0, 0, 0};
        const double *h;
        size_t n;
        o.method = methods[i];
        o.n_threads = 1;
        o.progress = stop_at_once;
        o.payload = seen;
        ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), ACCELSEL_ECANCELED);
        ck_assert_ptr_nonnull(m);
        ck_assert_double_eq(seen[3], 1);
        ck_assert_double_eq(seen[0], 0);
        ck_assert_uint_eq(accelsel_mapping_generations(m), 0);
        ck_assert_uint_eq(accelsel_mapping_evaluations(m), (i == 0) + ASEL_MAP_CHECK_EVERY);
        ck_assert_double_eq(seen[2], (double)accelsel_mapping_evaluations(m));
        ck_assert_double_eq(accelsel_mapping_objective_s(m), seen[1]);
        ck_assert_int_eq(accelsel_mapping_history(m, &h, &n), 0);
        ck_assert_uint_eq(n, i == 0); /* the seeds' best; a baseline keeps none */
        accelsel_mapping_free(m);
    }
    o.method = NULL;
    o.progress = NULL;
    o.population = 16;
    o.time_budget_s = 1e-9;
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), 0);
    ck_assert_uint_eq(accelsel_mapping_generations(m), 0);
    ck_assert_uint_le(accelsel_mapping_evaluations(m), 1 + 6 * 16);
    ck_assert(isfinite(accelsel_mapping_objective_s(m)));
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(p);
}
END_TEST

/* A budget already spent stops the baselines at their first look at the
 * clock: h2h (computation-first with every slot on its first design, one
 * walk, and no pass) returns that mapping; exhaustive search refuses once
 * it has walked ASEL_MAP_CHECK_EVERY of its candidates, since part of the
 * space proves nothing. Without a budget both finish. */
START_TEST(baselines_heed_the_budget)
{
    accelsel_mapping_problem *p = problem("tiny-2", net_yaml, 1);
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_mapping *m;
    o.time_budget_s = 1e-9;
    o.method = "h2h";
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), 0);
    ck_assert_uint_eq(accelsel_mapping_evaluations(m), 1);
    ck_assert_str_eq(accelsel_mapping_slot_design(m, 0), "t4");
    ck_assert_str_eq(accelsel_mapping_slot_design(m, 1), "t4");
    accelsel_mapping_free(m);
    o.method = "exhaustive";
    m = (accelsel_mapping *)&m;
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), ACCELSEL_ERANGE);
    ck_assert_ptr_null(m);
    char want[64];
    snprintf(want, sizeof want, "time budget after %d of", ASEL_MAP_CHECK_EVERY);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, want));
    o.time_budget_s = 0;
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), 0);
    ck_assert_uint_gt(accelsel_mapping_evaluations(m), ASEL_MAP_CHECK_EVERY);
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(p);
}
END_TEST

/* h2h by hand on tiny-2 (the figures of evaluate_matches_the_hand_timeline):
 * computation-first puts both convolutions on slot 0, t4 on both slots (t8
 * is no faster: c1 takes 1152 cycles on either, c2 its 0.8 ms of traffic).
 * Latency 0.256 + 1.152 + 0.8 + 0.256 = 2.464 ms; a move adds c1's output
 * transfer, 0.512 ms: one pass, no move, 1 + 2 layers x 2 slots
 * evaluations. Throughput: the period is slot 0's 2.464 ms; c1 alone on
 * slot 1 gives max(0.256 + 1.152, 0.512 + 0.8 + 0.256) = 1.568 ms, kept;
 * c2 joining it would make slot 1 2.464 ms again. A second pass keeps
 * nothing: 1 + 2 x 4 evaluations. A move is judged from its layer on,
 * against the kept timeline, so these tries walk a layer or two. */
START_TEST(h2h_moves_by_hand)
{
    accelsel_catalog *cat = catalog();
    accelsel_network *net = network(net_yaml);
    accelsel_mapping_problem_options po = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    const uint64_t want[2][2] = {{1, 1}, {2, 1}};
    const double period[2] = {2.464e-3, 1.568e-3}, latency[2] = {2.464e-3, 2.976e-3};
    o.method = "h2h";
    for (int obj = 0; obj < 2; obj++) {
        accelsel_mapping_problem *p;
        accelsel_mapping *m;
        po.objective = obj;
        ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, "tiny-2", net, &po), 0);
        ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), 0);
        ck_assert_uint_eq(accelsel_mapping_layer(m, 1)->slots, want[obj][0]);
        ck_assert_uint_eq(accelsel_mapping_layer(m, 2)->slots, want[obj][1]);
        ck_assert_str_eq(accelsel_mapping_slot_design(m, 0), "t4");
        ck_assert_str_eq(accelsel_mapping_slot_design(m, 1), "t4");
        ck_assert_double_eq_tol(accelsel_mapping_get_breakdown(m)->latency_s, latency[obj], 1e-15);
        ck_assert_double_eq_tol(accelsel_mapping_get_breakdown(m)->period_s, period[obj], 1e-15);
        ck_assert_uint_eq(accelsel_mapping_evaluations(m), obj == 0 ? 5 : 9);
        accelsel_mapping_free(m);
        accelsel_mapping_problem_free(p);
    }
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}
END_TEST

/* An allocator that fills every block it hands out with times, random
 * doubles in [0, 10 ms) from the generator at @p payload (what a heap
 * that held other walks holds), so that a read of memory the library
 * never wrote shows. */
static void *filled_malloc(size_t size, void *payload)
{
    unsigned char *b = malloc(size ? size : 1);
    for (size_t i = 0; b != NULL && i + sizeof(double) <= size; i += sizeof(double)) {
        double t = 1e-2 * (double)(asel_rng_next(payload) >> 11) / 9007199254740992.0;
        memcpy(b + i, &t, sizeof t);
    }
    return b;
}

static void *plain_realloc(void *ptr, size_t size, void *payload)
{
    (void)payload;
    return realloc(ptr, size);
}

static void plain_free(void *ptr, void *payload)
{
    (void)payload;
    free(ptr);
}

/* Counts the reports and sums their evaluation counts, each weighted by
 * its place, so that two runs agree only if they report alike. */
static int count_reports(uint32_t generation, double best, uint64_t evaluations, void *payload)
{
    uint64_t *seen = payload;
    (void)generation;
    (void)best;
    seen[0]++;
    seen[1] += seen[0] * evaluations;
    return 0;
}

/* multi-task under throughput at batch 5 on two RTX 4090 of 30 MB without
 * a host link and two tpu-v1 slots of 2 MB: trunk.bn1 needs 2007040 bytes
 * on a TPU slot, and a short GA ends infeasible. Its local search reads
 * the scratch's ends and groups after every walk (the fork moves), and a
 * walk that the memory pass refuses writes none: the scratch was not
 * cleared when made, so the moves read what the heap held, and the same
 * seed searched differently. Under allocators that fill blocks with bytes
 * of two random streams the run is the same, report for report. */
START_TEST(an_infeasible_search_reads_no_stale_heap)
{
    asel_rng fill[2];
    uint64_t seen[2][2] = {{0, 0}, {0, 0}};
    int rc[2];
    char msg[2][256];
    for (int k = 0; k < 2; k++) {
        asel_rng_stream(&fill[k], 11, (uint64_t)k);
        accelsel_allocator a = {ACCELSEL_ALLOCATOR_VERSION, filled_malloc, plain_realloc,
                                plain_free, &fill[k]};
        ck_assert_int_eq(accelsel_set_allocator(&a), 0);
        accelsel_catalog *cat;
        accelsel_network *net;
        accelsel_mapping_problem *p;
        accelsel_mapping *m = NULL;
        const char *tpu[] = {"tpu-v1"};
        accelsel_mapping_slot slots[4] = {
            {ACCELSEL_MAPPING_SLOT_VERSION, "rtx-4090", NULL, 0, 30e6, NAN, NULL},
            {ACCELSEL_MAPPING_SLOT_VERSION, "rtx-4090", NULL, 0, 30e6, NAN, NULL},
            {ACCELSEL_MAPPING_SLOT_VERSION, NULL, tpu, 1, 2e6, 20e9, "pcie3-x16"},
            {ACCELSEL_MAPPING_SLOT_VERSION, NULL, tpu, 1, 2e6, 20e9, "pcie3-x16"}};
        accelsel_mapping_problem_options po = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
        po.objective = ACCELSEL_OBJECTIVE_THROUGHPUT;
        po.batch = 5;
        ck_assert_int_eq(accelsel_catalog_load_builtin(&cat), 0);
        ck_assert_int_eq(accelsel_network_load_zoo(&net, "multi-task", NULL), 0);
        ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, slots, 4, "pcie3-x16", net, &po),
                         0);
        accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
        o.seed = 7, o.generations = 4, o.population = 8, o.n_threads = 1;
        o.progress = count_reports, o.payload = seen[k];
        rc[k] = accelsel_mapping_solve(&m, p, &o);
        snprintf(msg[k], sizeof msg[k], "%s", accelsel_last_error()->message);
        accelsel_mapping_free(m);
        accelsel_mapping_problem_free(p);
        accelsel_network_free(net);
        accelsel_catalog_free(cat);
        ck_assert_int_eq(accelsel_set_allocator(NULL), 0);
    }
    ck_assert_int_eq(rc[0], ACCELSEL_EINFEASIBLE);
    ck_assert_int_eq(rc[1], rc[0]);
    ck_assert_str_eq(msg[1], msg[0]);
    ck_assert_msg(seen[0][0] == seen[1][0] && seen[0][1] == seen[1][1],
                  "%llu reports, weighted evaluations %llu; %llu, %llu", (unsigned long long)seen[0][0],
                  (unsigned long long)seen[0][1], (unsigned long long)seen[1][0],
                  (unsigned long long)seen[1][1]);
}
END_TEST

/* The history grows as generations run: a run allowed UINT32_MAX
 * generations that stops by patience allocates no more at its peak than
 * the same run allowed 1000 (it asked for the whole history up front,
 * 34 GB, and failed), and both give the same mapping. */
START_TEST(history_grows_with_the_generations_run)
{
    const uint32_t allowed[2] = {1000, UINT32_MAX};
    size_t peak[2];
    uint32_t gens[2];
    double value[2];
    for (int i = 0; i < 2; i++) {
        testutil_alloc_fail_at(0);
        accelsel_mapping_problem *p = problem("tiny-2", net_yaml, 1);
        accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
        accelsel_mapping *m;
        const double *h;
        size_t n;
        o.n_threads = 1;
        o.seed = 3;
        o.patience = 2;
        o.generations = allowed[i];
        int rc = accelsel_mapping_solve(&m, p, &o);
        ck_assert_msg(rc == 0, "%s", accelsel_last_error()->message);
        gens[i] = accelsel_mapping_generations(m);
        value[i] = accelsel_mapping_objective_s(m);
        ck_assert_int_eq(accelsel_mapping_history(m, &h, &n), 0);
        ck_assert_uint_eq(n, gens[i] + 2);
        accelsel_mapping_free(m);
        accelsel_mapping_problem_free(p);
        peak[i] = testutil_alloc_peak_bytes();
        testutil_alloc_reset();
    }
    ck_assert_uint_eq(gens[0], gens[1]);
    ck_assert_uint_lt(gens[0], 1000);
    ck_assert_double_eq(value[0], value[1]);
    ck_assert_uint_eq(peak[0], peak[1]);
}
END_TEST

/* Whether score @p a comes before @p b, written out: a feasible value
 * first, the smaller; of two infeasible (infinite) ones, the smaller excess. */
static int before(asel_ga_score a, asel_ga_score b)
{
    if (isfinite(a.value) != isfinite(b.value))
        return isfinite(a.value);
    return isfinite(a.value) ? a.value < b.value : a.excess < b.excess;
}

/* The population order: by value, infeasible candidates (infinite value)
 * after every feasible one and among themselves by excess, equal scores in
 * index order. Checked against each index's rank counted directly (scores
 * before it, and equal ones before it in index order), on sizes up to a
 * large population, with many ties. */
START_TEST(population_sort_is_stable)
{
    const size_t sizes[] = {0, 1, 2, 3, 7, 64, 65, 1000, 5000};
    const asel_ga_score values[] = {{3, 0}, {1, 0}, {2, 0}, {INFINITY, INFINITY}, {1, 0},
                                    {0.5, 0}, {2, 0}, {INFINITY, 7}, {INFINITY, 2}};
    const size_t nv = sizeof values / sizeof values[0];
    unsigned state = 99;
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t n = sizes[k];
        asel_ga_score *fit = malloc((n + 1) * sizeof *fit);
        size_t *order = malloc((n + 1) * sizeof *order), *tmp = malloc((n + 1) * sizeof *tmp);
        ck_assert(fit && order && tmp);
        for (size_t i = 0; i < n; i++) {
            state = state * 1103515245u + 12345u;
            fit[i] = values[(state >> 16) % nv];
        }
        asel_ga_sort_order(fit, n, order, tmp);
        for (size_t i = 0; i < n; i++) {
            size_t rank = 0;
            for (size_t j = 0; j < n; j++)
                rank += before(fit[j], fit[i]) || (!before(fit[i], fit[j]) && j < i);
            ck_assert_uint_eq(order[rank], i);
        }
        free(fit);
        free(order);
        free(tmp);
    }
}
END_TEST

/* Cancels at the first report after the last generation: the first pass
 * of the closing local search, reported with the last generation's number. */
static int stop_in_local_search(uint32_t generation, double best, uint64_t evaluations,
                                void *payload)
{
    double *seen = payload; /* last generation, its best, calls */
    (void)evaluations;
    if (generation == 0) /* the seeding */
        return 0;
    int again = seen[2] > 0 && generation == (uint32_t)seen[0];
    seen[0] = generation;
    seen[1] = best;
    seen[2]++;
    return again;
}

START_TEST(cancel_in_the_local_search)
{
    accelsel_mapping_problem *p = zoo_problem("adaptive-4", "two-tower");
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_mapping *m;
    double seen[3] = {0, 0, 0};
    o.generations = 3;
    o.progress = stop_in_local_search;
    o.payload = seen;
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), ACCELSEL_ECANCELED);
    ck_assert_ptr_nonnull(m);
    ck_assert_uint_eq(accelsel_mapping_generations(m), 3);
    ck_assert_double_eq(seen[2], 4); /* generations 1 to 3, then one pass */
    ck_assert_double_eq(accelsel_mapping_objective_s(m), seen[1]);
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(p);
}
END_TEST

/* The local search from one mapping of @p p (every slot the first design,
 * every layer on all slots): @p work bounds it; returns the walks it took,
 * its result in @p value and the work it did in @p done (may be NULL). */
static uint64_t local_search(const accelsel_mapping_problem *p, uint64_t work, double *value,
                             uint64_t *done)
{
    asel_map_genomes gs;
    asel_ga_layers cl = {calloc(p->n_layers, sizeof(size_t)), 0};
    asel_ga_forks forks;
    asel_map_layout lay;
    asel_map_scratch sc;
    ck_assert_ptr_nonnull(cl.at);
    ck_assert_int_eq(asel_map_genomes_new(&gs, p, 2), 0);
    ck_assert_int_eq(asel_ga_forks_build(p, &forks), 0);
    ck_assert_int_eq(asel_map_layout_new(&lay, p), 0);
    ck_assert_int_eq(asel_map_scratch_new(&sc, p), 0);
    for (size_t i = 0; i < p->n_layers; i++) {
        gs.g[0].group[p->topo[i]] = asel_map_all_slots(p);
        gs.g[0].strat[p->topo[i]] = ACCELSEL_STRATEGY_NONE;
        if (!p->is_input[p->topo[i]])
            cl.at[cl.n++] = p->topo[i];
    }
    asel_ga_score score = {asel_map_walk(p, &gs.g[0], &sc, NULL), 0};
    asel_ga_polish s;
    asel_ga_polish_tools tools = {&gs.g[1], &sc, &lay, &forks};
    asel_ga_polish_limits limits = {0, work};
    uint64_t walks = 0;
    asel_ga_polish_start(&s, p, &cl, &gs.g[0], &score, &tools, &walks, &limits);
    for (int pass = 0; pass < 100 && asel_ga_polish_pass(&s); pass++)
        ;
    *value = score.value;
    if (done != NULL)
        *done = s.work;
    ck_assert_double_eq(*value, asel_map_walk(p, &gs.g[0], &sc, NULL));
    asel_map_scratch_free(&sc);
    asel_map_layout_free(&lay);
    asel_ga_forks_free(&forks);
    asel_map_genomes_free(&gs);
    free(cl.at);
    return walks;
}

/* A local search stops, wherever it is, once its work reaches its limit:
 * with a limit of one walk it walks once (its first layout alone costs
 * more), without one it walks thousands of times and gains. */
START_TEST(local_search_stops_at_its_work_limit)
{
    accelsel_mapping_problem *p = zoo_problem("adaptive-8", "casia-surf");
    double start, bounded, free_run;
    uint64_t walks = local_search(p, 1, &bounded, NULL);
    ck_assert_uint_eq(walks, 1);
    walks = local_search(p, UINT64_MAX, &free_run, NULL);
    ck_assert_uint_gt(walks, 1000);
    local_search(p, 0, &start, NULL); /* a limit already reached: the mapping as it was */
    ck_assert(free_run < 0.5 * start);
    ck_assert(bounded <= start);
    accelsel_mapping_problem_free(p);
}
END_TEST

START_TEST(baselines_and_the_ga)
{
    accelsel_mapping_problem *p = zoo_problem("adaptive-4", "resnet50");
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_mapping *m;
    o.generations = (uint32_t)testutil_reps(50);
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), 0);
    double ga = accelsel_mapping_objective_s(m);
    accelsel_mapping_free(m);
    /* The GA starts from the computation-first and h2h mappings and keeps its
     * best: it is never worse than they are. */
    for (size_t i = 1; accelsel_mapping_method_name(i); i++) {
        o.method = accelsel_mapping_method_name(i);
        int rc = accelsel_mapping_solve(&m, p, &o);
        if (strcmp(o.method, "exhaustive") == 0) {
            ck_assert_int_eq(rc, ACCELSEL_ERANGE);
            ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "candidates"));
            continue;
        }
        ck_assert_msg(rc == 0, "%s: %s", o.method, accelsel_last_error()->message);
        ck_assert_str_eq(accelsel_mapping_method(m), o.method);
        if (strcmp(o.method, "computation-first") == 0 || strcmp(o.method, "h2h") == 0)
            ck_assert(ga <= accelsel_mapping_objective_s(m));
        check_breakdown(m);
        accelsel_mapping_free(m);
    }
    accelsel_mapping_problem_free(p);
}
END_TEST

START_TEST(yaml_round_trip)
{
    accelsel_mapping_problem *p = zoo_problem("adaptive-8", "multi-task");
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_mapping *m, *back;
    char *text, *again;
    size_t len, len2;
    o.generations = 5;
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), 0);
    ck_assert_int_eq(accelsel_mapping_save_buffer(m, &text, &len), 0);
    ck_assert_int_eq(accelsel_mapping_load_buffer(&back, p, text, len), 0);
    ck_assert_str_eq(accelsel_mapping_method(back), "load");
    ck_assert(same_spec(m, back));
    ck_assert_double_eq(accelsel_mapping_objective_s(m), accelsel_mapping_objective_s(back));
    ck_assert_int_eq(accelsel_mapping_save_buffer(back, &again, &len2), 0);
    ck_assert_str_eq(text, again);
    char path[] = "/tmp/accelsel-map-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    accelsel_mapping *fromfile;
    ck_assert_int_eq(accelsel_mapping_save_file(m, path), 0);
    ck_assert_int_eq(accelsel_mapping_load_file(&fromfile, p, path), 0);
    ck_assert(same_spec(m, fromfile));
    remove(path);
    accelsel_free(text);
    accelsel_free(again);
    accelsel_mapping_free(m);
    accelsel_mapping_free(back);
    accelsel_mapping_free(fromfile);
    accelsel_mapping_problem_free(p);
}
END_TEST

/* Malformed mapping files on problem tiny-2 / two-convs, with the status
 * and a piece of the message. */
static const struct {
    const char *text, *status_text;
    int status;
} bad_files[] = {
    {"", "empty mapping", ACCELSEL_EPARSE},
    {"version: 2\nslots: []\nlayers: []\n", "version 2", ACCELSEL_EVERSION},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 1, design: t4}]\nlayers: []\nextra: 1\n",
     "extra", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 2, design: t4}]\nlayers: []\n", "unknown slot 2", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: zz}]\nlayers: []\n", "unknown design 'zz'", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: nobuf}]\nlayers: []\n", "unknown design", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 0, design: t4}]\nlayers: []\n", "twice", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}]\nlayers: []\n", "slot 1 has no design", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 1, design: t8}]\nlayers: [{name: c1, slots: [0]}]\n",
     "layer 'c2' is not mapped", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 1, design: t8}]\n"
     "layers: [{name: q9, slots: [0]}]\n", "unknown layer 'q9'", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 1, design: t8}]\n"
     "layers: [{name: x, slots: [0]}]\n", "network input", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 1, design: t8}]\n"
     "layers: [{name: c1, slots: [5]}]\n", "unknown slot 5", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 1, design: t8}]\n"
     "layers: [{name: c1, slots: []}]\n", "no slots", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 1, design: t8}]\n"
     "layers: [{name: c1, slots: [0], strategy: diagonal}]\n", "unknown strategy", ACCELSEL_EPARSE},
    {"version: 1\nsystem: other\nslots: []\nlayers: []\n", "system 'other'", ACCELSEL_EPARSE},
    {"version: 1\nbatch: 3\nslots: []\nlayers: []\n", "batch 3", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 1, design: t8}]\nlayers:\n"
     "  - {name: c1, slots: [0]}\n  - {name: c1, slots: [1]}\n", "given twice", ACCELSEL_EPARSE},
    /* What must be a YAML mapping or list is named, with what it holds. */
    {"- 1\n", "the top level of a mapping file must be a YAML mapping of 'version', 'slots' and "
     "'layers', not a YAML list", ACCELSEL_EPARSE},
    {"version: 1\nslots: 3\nlayers: []\n", "'slots' must be a YAML list of slots, not a YAML "
     "scalar", ACCELSEL_EPARSE},
    {"version: 1\nslots: [3]\nlayers: []\n", "each item of 'slots' must be a YAML mapping of "
     "'slot' and 'design', not a YAML scalar", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 1, design: t8}]\nlayers: {a: 1}\n",
     "'layers' must be a YAML list of layers, not a YAML mapping", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 1, design: t8}]\nlayers: [[c1]]\n",
     "each item of 'layers' must be a YAML mapping of 'name', 'slots' and 'strategy', not a "
     "YAML list", ACCELSEL_EPARSE},
    {"version: 1\nslots: [{slot: 0, design: t4}, {slot: 1, design: t8}]\n"
     "layers: [{name: c1, slots: 0}]\n", "'slots' of layer 'c1' must be a YAML list of slot "
     "indices, not a YAML scalar", ACCELSEL_EPARSE},
};

START_TEST(malformed_mapping_files)
{
    accelsel_mapping_problem *p = problem("tiny-2", net_yaml, 1);
    accelsel_mapping *m = (accelsel_mapping *)&m;
    const char *t = bad_files[_i].text;
    int rc = accelsel_mapping_load_buffer(&m, p, t, strlen(t));
    ck_assert_msg(rc == bad_files[_i].status, "case %d: %d %s", _i, rc, accelsel_last_error()->message);
    ck_assert_ptr_null(m);
    ck_assert_msg(strstr(accelsel_last_error()->message, bad_files[_i].status_text) != NULL,
                  "case %d: '%s'", _i, accelsel_last_error()->message);
    accelsel_mapping_problem_free(p);
}
END_TEST

START_TEST(pool_membership_in_files)
{
    accelsel_mapping_problem *p = problem("apart-2", net_yaml, 1);
    accelsel_mapping *m;
    const char *t = "version: 1\nslots: [{slot: 0, design: t8}, {slot: 1, design: t8}]\nlayers: []\n";
    ck_assert_int_eq(accelsel_mapping_load_buffer(&m, p, t, strlen(t)), ACCELSEL_EPARSE);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "not in the pool of slot 0"));
    accelsel_mapping_problem_free(p);
}
END_TEST

START_TEST(bad_problems_and_mappings)
{
    accelsel_catalog *cat = catalog();
    accelsel_network *net = network(net_yaml);
    accelsel_mapping_problem *p = (accelsel_mapping_problem *)&p;
    /* A design without a figure the model needs. */
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, "needs-buffer", net, NULL), ACCELSEL_EDATA);
    ck_assert_ptr_null(p);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "'nobuf'"));
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "buffer_bytes"));
    /* A layer that fits no slot: c1 holds 256 + 512 B of activations even split. */
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, "small-mem", net, NULL),
                     ACCELSEL_EINFEASIBLE);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "layer 'c1'"));
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "bytes"));
    /* A mapping that needs a link the system lacks. */
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, "apart-2", net, NULL), 0);
    uint32_t design[2] = {0, 0};
    uint64_t groups[3] = {0, 1, 2};
    int32_t strat[3] = {0, 0, 0};
    accelsel_mapping_spec spec = {ACCELSEL_MAPPING_SPEC_VERSION, 2, design, 3, groups, strat};
    accelsel_mapping *m = (accelsel_mapping *)&m;
    ck_assert_int_eq(accelsel_mapping_evaluate(&m, p, &spec), ACCELSEL_EINFEASIBLE);
    ck_assert_ptr_null(m);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "from slot 0 on slot 1"));
    /* Solvers avoid it: the GA keeps the layers on one slot. */
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, NULL), 0);
    ck_assert(isfinite(accelsel_mapping_objective_s(m)));
    accelsel_mapping_free(m);
    /* Spec errors name what is wrong. */
    design[0] = 1;
    ck_assert_int_eq(accelsel_mapping_evaluate(&m, p, &spec), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "outside its pool"));
    design[0] = 0;
    groups[1] = 4;
    ck_assert_int_eq(accelsel_mapping_evaluate(&m, p, &spec), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "names slot 2"));
    groups[1] = 0;
    ck_assert_int_eq(accelsel_mapping_evaluate(&m, p, &spec), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "'c1' has no slots"));
    accelsel_mapping_problem_free(p);
    /* Explicit slots: a zero-bandwidth-like link named, an empty slot. */
    const char *pool[] = {"t4"};
    accelsel_mapping_slot slots[2] = {
        {ACCELSEL_MAPPING_SLOT_VERSION, NULL, pool, 1, 1e9, 1e6, "h"},
        {ACCELSEL_MAPPING_SLOT_VERSION, NULL, pool, 1, 1e9, 1e6, "h"}};
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, slots, 2, "l", net, NULL), 0);
    ck_assert_str_eq(accelsel_mapping_problem_pool_design(p, 1, 0), "t4");
    accelsel_mapping_problem_free(p);
    slots[1].n_designs = 0;
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, slots, 2, "l", net, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "slot 1"));
    slots[1].n_designs = 1;
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, slots, 2, "nosuch", net, NULL),
                     ACCELSEL_ENOTFOUND);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}
END_TEST

START_TEST(fixed_device_slots)
{
    /* dgx-a100: eight A100s priced by the predictor's layer model. */
    accelsel_mapping_problem *p = zoo_problem("dgx-a100", "resnet50");
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_mapping *m;
    ck_assert_uint_eq(accelsel_mapping_problem_slot_count(p), 8);
    ck_assert_uint_eq(accelsel_mapping_problem_pool_count(p, 0), 1);
    o.method = "single";
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), 0);
    ck_assert(accelsel_mapping_objective_s(m) > 0);
    ck_assert_ptr_nonnull(strstr(accelsel_mapping_slot_design(m, 0), "a100"));
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(p);
}
END_TEST

/* The objective of resnet50 on one slot of @p device with bandwidth @p bw
 * (NaN: the device's), all layers on it; or the build's error code. */
static int one_slot_objective(const accelsel_catalog *cat, const accelsel_network *net,
                              const char *device, double memory, double bw, double *objective)
{
    accelsel_mapping_slot slot = {ACCELSEL_MAPPING_SLOT_VERSION, device, NULL, 0, memory, bw,
                                  "pcie4-x16"};
    accelsel_mapping_problem *p;
    accelsel_mapping *m;
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    o.method = "single";
    int rc = accelsel_mapping_problem_new_slots(&p, cat, &slot, 1, NULL, net, NULL);
    if (rc != 0)
        return rc;
    rc = accelsel_mapping_solve(&m, p, &o);
    ck_assert_msg(rc == 0, "%s: %s", device, accelsel_last_error()->message);
    *objective = accelsel_mapping_objective_s(m);
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(p);
    return 0;
}

/* A fixed slot takes the bandwidth it is given (NaN: the device's own, the
 * same objective as giving that figure); a bf16-only device (TPU) is a
 * slot too; figures that are not positive and finite are named. */
START_TEST(fixed_slots_take_the_slot_figures)
{
    accelsel_catalog *cat;
    accelsel_network *net;
    ck_assert_int_eq(accelsel_catalog_load_builtin(&cat), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "resnet50", NULL), 0);
    size_t d;
    ck_assert_int_eq(accelsel_catalog_find_device(cat, "a100-sxm4-40gb", &d), 0);
    double own = accelsel_catalog_device(cat, d)->memory_bw_bytes_s, t_nan, t_own, t_slow;
    ck_assert_int_eq(one_slot_objective(cat, net, "a100-sxm4-40gb", NAN, NAN, &t_nan), 0);
    ck_assert_int_eq(one_slot_objective(cat, net, "a100-sxm4-40gb", NAN, own, &t_own), 0);
    ck_assert_int_eq(one_slot_objective(cat, net, "a100-sxm4-40gb", NAN, own / 100, &t_slow), 0);
    ck_assert_double_eq(t_nan, t_own);
    ck_assert(t_slow > 2 * t_own); /* memory-bound layers take 100x as long */
    double t_tpu;
    ck_assert_int_eq(one_slot_objective(cat, net, "tpu-v3", NAN, NAN, &t_tpu), 0);
    ck_assert(isfinite(t_tpu) && t_tpu > 0);
    const double bad[] = {0, -1, INFINITY};
    for (size_t i = 0; i < 3; i++) {
        ck_assert_int_eq(one_slot_objective(cat, net, "a100-sxm4-40gb", NAN, bad[i], &t_own),
                         ACCELSEL_EINVAL);
        ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "memory_bw_bytes_s"));
        ck_assert_int_eq(one_slot_objective(cat, net, "a100-sxm4-40gb", bad[i], NAN, &t_own),
                         ACCELSEL_EINVAL);
        ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "slot 0: memory_bytes"));
    }
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}
END_TEST

/* Two towers of four 3 x 3 convolutions from one input, summed, then a
 * 1 x 1 convolution: one fork (x) of two branches. */
static const char towers_yaml[] =
    "version: 1\nname: towers\ninputs: [{name: x, shape: [8, 8, 8]}]\nlayers:\n"
    "  - {name: a1, kind: conv2d, inputs: [x], out_channels: 8, kernel: 3, padding: 1}\n"
    "  - {name: a2, kind: conv2d, inputs: [a1], out_channels: 8, kernel: 3, padding: 1}\n"
    "  - {name: a3, kind: conv2d, inputs: [a2], out_channels: 8, kernel: 3, padding: 1}\n"
    "  - {name: a4, kind: conv2d, inputs: [a3], out_channels: 8, kernel: 3, padding: 1}\n"
    "  - {name: b1, kind: conv2d, inputs: [x], out_channels: 8, kernel: 3, padding: 1}\n"
    "  - {name: b2, kind: conv2d, inputs: [b1], out_channels: 8, kernel: 3, padding: 1}\n"
    "  - {name: b3, kind: conv2d, inputs: [b2], out_channels: 8, kernel: 3, padding: 1}\n"
    "  - {name: b4, kind: conv2d, inputs: [b3], out_channels: 8, kernel: 3, padding: 1}\n"
    "  - {name: s, kind: add, inputs: [a4, b4]}\n"
    "  - {name: c, kind: conv2d, inputs: [s], out_channels: 8, kernel: 1}\n";

/* Network @p yaml on @p n explicit slots of designs t4 and t8 (1 GB, 1 MB/s
 * memory), every pair joined by link l, each on host link h. */
static accelsel_mapping_problem *many_slots(size_t n, const char *yaml)
{
    static const char *pool[] = {"t4", "t8"};
    accelsel_mapping_slot slots[ACCELSEL_MAPPING_MAX_SLOTS];
    accelsel_catalog *cat = catalog();
    accelsel_network *net = network(yaml);
    accelsel_mapping_problem *p;
    for (size_t i = 0; i < n; i++)
        slots[i] = (accelsel_mapping_slot){ACCELSEL_MAPPING_SLOT_VERSION, NULL, pool, 2, 1e9, 1e6,
                                           "h"};
    int rc = accelsel_mapping_problem_new_slots(&p, cat, slots, n, "l", net, NULL);
    ck_assert_msg(rc == 0, "%s", accelsel_last_error()->message);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
    return p;
}

/* The closing local search looks at its work limit before every move, so
 * it ends at most one move past it. On sixteen slots a layout has at most
 * 48 states (each slot alone, and 8 groups with each of 4 splits); one of
 * at most the 10 layers that are not inputs prices 480 cells, which count
 * as ceil(480 / 11) = 44 walks. A move runs at most three layouts (a
 * partition tried: two branches and the last spread) and three walks, so a
 * limit of W ends with at most W - 1 + 3 x 44 + 3 work. It used to look
 * only between whole rounds of slot exchanges at a fork (and between
 * forks, segments and layers): a round tries dozens of partitions of the
 * two towers. */
START_TEST(local_search_stops_within_a_move_of_its_work_limit)
{
    accelsel_mapping_problem *p = many_slots(16, towers_yaml);
    double v;
    uint64_t all, done;
    local_search(p, UINT64_MAX, &v, &all);
    ck_assert_uint_gt(all, 2000); /* long enough for the limits below to cut it short */
    for (uint64_t w = 1; w < all; w += 1 + w / 4) {
        local_search(p, w, &v, &done);
        ck_assert_msg(done <= w - 1 + 3 * 44 + 3, "work limit %llu: %llu work",
                      (unsigned long long)w, (unsigned long long)done);
    }
    accelsel_mapping_problem_free(p);
}
END_TEST

/* Reports that carry the last generation's number: its own, then the
 * local search's; the evaluations at each. Cancels at report n_stop
 * (0: never). */
typedef struct reports {
    uint32_t last;
    size_t n, n_stop;
    uint64_t at[4096];
} reports;

static int record_reports(uint32_t generation, double best, uint64_t evaluations, void *payload)
{
    reports *r = payload;
    (void)best;
    if (generation != r->last || r->n == sizeof r->at / sizeof r->at[0])
        return 0;
    r->at[r->n++] = evaluations;
    return r->n == r->n_stop;
}

/* The progress callback hears from the local search after every slice of
 * population x 6 work (what a generation walks) of each of its two
 * candidates, and a slice ends one move past it: between two reports the
 * search walks at most 2 x (24 + 2) times with a population of 4. It heard
 * only after whole passes, hundreds of walks apart on sixteen slots (tens
 * of seconds on 64 slots with many branches), so a cancel waited as long. */
START_TEST(local_search_reports_between_moves)
{
    accelsel_mapping_problem *p = many_slots(16, towers_yaml);
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_mapping *m;
    const uint64_t bound = 2 * (4 * 6 + 2);
    static reports r;
    r = (reports){200, 0, 0, {0}};
    o.generations = 200; /* the search may do as much work as the generations walk */
    o.patience = 200;
    o.population = 4;
    o.n_threads = 1;
    o.progress = record_reports;
    o.payload = &r;
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), 0);
    uint64_t total = accelsel_mapping_evaluations(m);
    ck_assert_uint_gt(total - r.at[0], 10 * bound); /* a long search: the bound matters */
    ck_assert_uint_ge(r.n, 10);
    for (size_t i = 1; i < r.n; i++)
        ck_assert_msg(r.at[i] - r.at[i - 1] <= bound, "report %zu: %llu walks after the last", i,
                      (unsigned long long)(r.at[i] - r.at[i - 1]));
    ck_assert_uint_eq(r.at[r.n - 1], total);
    accelsel_mapping_free(m);
    /* Canceled at its first report, the search has walked at most one
     * slice of each candidate. */
    r = (reports){200, 0, 2, {0}};
    ck_assert_int_eq(accelsel_mapping_solve(&m, p, &o), ACCELSEL_ECANCELED);
    ck_assert_uint_eq(r.n, 2);
    ck_assert_uint_le(accelsel_mapping_evaluations(m) - r.at[0], bound);
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(p);
}
END_TEST

/* A layout counts as the walks it costs: its (layer, state) cells over the
 * network's layers, rounded up. One layer laid out on tiny-2 with both
 * slots on t4 prices 6 cells (each slot alone, and the pair with each of
 * the four splits); over the 7 layers of a chain of six convolutions that
 * is one walk. It counted 6 / 7 = 0, so a search of one-layer branches
 * never reached its work limit. */
START_TEST(one_layer_layouts_count_as_work)
{
    static const char y[] =
        "version: 1\nname: six\ninputs: [{name: x, shape: [4, 8, 8]}]\nlayers:\n"
        "  - {name: c1, kind: conv2d, inputs: [x], out_channels: 4, kernel: 1}\n"
        "  - {name: c2, kind: conv2d, inputs: [c1], out_channels: 4, kernel: 1}\n"
        "  - {name: c3, kind: conv2d, inputs: [c2], out_channels: 4, kernel: 1}\n"
        "  - {name: c4, kind: conv2d, inputs: [c3], out_channels: 4, kernel: 1}\n"
        "  - {name: c5, kind: conv2d, inputs: [c4], out_channels: 4, kernel: 1}\n"
        "  - {name: c6, kind: conv2d, inputs: [c5], out_channels: 4, kernel: 1}\n";
    accelsel_mapping_problem *p = problem("tiny-2", y, 1);
    asel_map_genomes gs, trial;
    asel_ga_layers cl;
    asel_map_layout lay;
    asel_map_scratch sc;
    asel_ga_forks forks;
    ck_assert_uint_eq(p->n_layers, 7);
    two_slot_genome(p, &gs, &cl, 0, 0);
    ck_assert_int_eq(asel_map_layout_new(&lay, p), 0);
    ck_assert_int_eq(asel_map_scratch_new(&sc, p), 0);
    ck_assert_int_eq(asel_ga_forks_build(p, &forks), 0);
    ck_assert_int_eq(asel_map_genomes_new(&trial, p, 1), 0);
    asel_map_genome_copy(p, &trial.g[0], &gs.g[0]);
    ck_assert_uint_eq(asel_map_layout_run(p, cl.at, 1, 3, NULL, &lay, &trial.g[0]), 6);
    asel_ga_score score = {asel_map_walk(p, &gs.g[0], &sc, NULL), 0};
    asel_ga_polish s;
    asel_ga_polish_tools tools = {&trial.g[0], &sc, &lay, &forks};
    asel_ga_polish_limits limits = {0, UINT64_MAX};
    uint64_t walks = 0;
    asel_ga_polish_start(&s, p, &cl, &gs.g[0], &score, &tools, &walks, &limits);
    asel_ga_polish_lay(&s, cl.at, 1, 3, NULL);
    ck_assert_uint_eq(s.work, 1);
    ck_assert_uint_eq(walks, 0);
    asel_map_genomes_free(&trial);
    asel_ga_forks_free(&forks);
    asel_map_scratch_free(&sc);
    asel_map_layout_free(&lay);
    free(cl.at);
    asel_map_genomes_free(&gs);
    accelsel_mapping_problem_free(p);
}
END_TEST

/* A chain of four 3 x 3 convolutions of 8 channels on 8 x 8 pixels without
 * bias, one byte each: a layer holds 512 B of inputs and 512 B of outputs. */
static const char chain4_yaml[] =
    "version: 1\nname: chain4\ninputs: [{name: x, shape: [8, 8, 8]}]\nlayers:\n"
    "  - {name: l0, kind: conv2d, inputs: [x], out_channels: 8, kernel: 3, padding: 1, "
    "bias: false}\n"
    "  - {name: l1, kind: conv2d, inputs: [l0], out_channels: 8, kernel: 3, padding: 1, "
    "bias: false}\n"
    "  - {name: l2, kind: conv2d, inputs: [l1], out_channels: 8, kernel: 3, padding: 1, "
    "bias: false}\n"
    "  - {name: l3, kind: conv2d, inputs: [l2], out_channels: 8, kernel: 3, padding: 1, "
    "bias: false}\n";

/* Every mapping of a two-slot problem of at most 15 layers walked: each
 * slot's design (of two), each layer's group (slot 0, slot 1, both) and
 * applicable strategy. The least objective, and into @p feasible how many
 * mappings are feasible. */
static double enumerate(const accelsel_mapping_problem *p, size_t *feasible)
{
    asel_map_genomes gs;
    asel_map_scratch sc;
    size_t L = p->n_layers, idx[16] = {0};
    double least = INFINITY;
    ck_assert_uint_lt(L, 16);
    ck_assert_int_eq(asel_map_genomes_new(&gs, p, 1), 0);
    ck_assert_int_eq(asel_map_scratch_new(&sc, p), 0);
    *feasible = 0;
    for (int more = 1; more;) {
        asel_map_genome *g = &gs.g[0];
        int ok = 1;
        g->design[0] = (uint32_t)(idx[0] % 2);
        g->design[1] = (uint32_t)(idx[0] / 2);
        for (size_t l = 0; l < L; l++) { /* idx[l + 1]: group x strategies + strategy */
            g->group[l] = p->is_input[l] ? 1 : 1 + idx[l + 1] / ACCELSEL_STRATEGY_COUNT;
            g->strat[l] = (int8_t)(p->is_input[l] ? 0 : idx[l + 1] % ACCELSEL_STRATEGY_COUNT);
            ok &= p->applies[l * ACCELSEL_STRATEGY_COUNT + (size_t)g->strat[l]];
        }
        if (ok) {
            double v = asel_map_walk(p, g, &sc, NULL);
            *feasible += isfinite(v);
            least = fmin(least, v);
        }
        more = 0; /* the next combination: 4 design pairs, 3 x STRATEGY_COUNT per layer */
        for (size_t i = 0; !more && i <= L; i++) {
            size_t radix = i == 0 ? 4 : (p->is_input[i - 1] ? 1 : 3 * ACCELSEL_STRATEGY_COUNT);
            idx[i] = (idx[i] + 1) % radix;
            more = idx[i] != 0;
        }
    }
    asel_map_scratch_free(&sc);
    asel_map_genomes_free(&gs);
    return least;
}

/* The chain on two slots of 700 B: a layer alone holds 1024 B, split by
 * output or input channels 512 + 256 = 768 B, by rows 256 + 256 = 512 B;
 * so the only feasible mappings split every layer by rows over both slots
 * (one per pair of designs: 4), as the enumeration confirms. The GA found
 * none with 7 of 20 seeds (ACCELSEL_EINFEASIBLE): every infeasible
 * candidate scored infinity, nothing led toward a feasible one, and the
 * greedy strategies ignored memory. Now every seed finds the optimum, with
 * the same mapping at any thread count. */
START_TEST(ga_finds_the_split_that_fits_memory)
{
    accelsel_mapping_problem *p = problem("split-only-2", chain4_yaml, 1);
    size_t feasible;
    double opt = enumerate(p, &feasible);
    ck_assert_uint_eq(feasible, 4);
    ck_assert(isfinite(opt));
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    for (uint64_t seed = 0; seed < testutil_reps(20); seed++) {
        accelsel_mapping *m, *m3;
        o.seed = seed;
        o.n_threads = 1;
        int rc = accelsel_mapping_solve(&m, p, &o);
        ck_assert_msg(rc == 0, "seed %llu: %s", (unsigned long long)seed,
                      accelsel_last_error()->message);
        ck_assert_msg(fabs(accelsel_mapping_objective_s(m) - opt) <= 1e-9 * opt,
                      "seed %llu: %g, optimum %g", (unsigned long long)seed,
                      accelsel_mapping_objective_s(m), opt);
        for (size_t l = 1; l < 5; l++) {
            ck_assert_uint_eq(accelsel_mapping_layer(m, l)->slots, 3);
            ck_assert_int_eq(accelsel_mapping_layer(m, l)->strategy, ACCELSEL_STRATEGY_SPATIAL);
        }
        o.n_threads = 3;
        ck_assert_int_eq(accelsel_mapping_solve(&m3, p, &o), 0);
        ck_assert(same_spec(m, m3));
        accelsel_mapping_free(m);
        accelsel_mapping_free(m3);
    }
    accelsel_mapping_problem_free(p);
}
END_TEST

/* On mixed-mem the t4 slot computes every layer of the chain fastest (16
 * MACs against 4) but holds 700 B, less than any layer alone (1024 B);
 * the slow slot holds 1 GB. Computation-first and h2h put each layer on
 * the fastest slot that holds it: all on slot 0, the mapping evaluated
 * directly. They picked the fastest slot whatever its memory, and both
 * were infeasible. */
START_TEST(baselines_place_layers_where_they_fit)
{
    accelsel_mapping_problem *p = problem("mixed-mem", chain4_yaml, 1);
    uint32_t design[2] = {0, 0};
    uint64_t groups[5] = {1, 1, 1, 1, 1};
    int32_t strat[5] = {0, 0, 0, 0, 0};
    accelsel_mapping_spec spec = {ACCELSEL_MAPPING_SPEC_VERSION, 2, design, 5, groups, strat};
    accelsel_mapping *want, *m;
    ck_assert_int_eq(accelsel_mapping_evaluate(&want, p, &spec), 0);
    const char *methods[] = {"computation-first", "h2h"};
    for (int i = 0; i < 2; i++) {
        accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
        o.method = methods[i];
        int rc = accelsel_mapping_solve(&m, p, &o);
        ck_assert_msg(rc == 0, "%s: %s", methods[i], accelsel_last_error()->message);
        for (size_t l = 1; l < 5; l++)
            ck_assert_uint_eq(accelsel_mapping_layer(m, l)->slots, 1);
        ck_assert_double_eq(accelsel_mapping_objective_s(m), accelsel_mapping_objective_s(want));
        accelsel_mapping_free(m);
    }
    accelsel_mapping_free(want);
    accelsel_mapping_problem_free(p);
}
END_TEST

/* On wide-narrow, slot 0 holds 2000 B but takes only the fp32 design f4,
 * on which layer a holds 4 x 1024 B alone and 4 x 512 = 2048 B split by
 * rows over two slots; slot 1 (int8 t4, 600 B) holds the 512 B of that
 * split, but a split needs two slots that hold their shares. No mapping is
 * feasible, and the build says so, naming the layer, the share, and slot
 * 0's shortfall. The check compared the least share on any design (512 B)
 * with the largest memory of any slot (2000 B), and the problem built. */
START_TEST(a_layer_must_fit_slots_that_can_take_it)
{
    static const char y[] =
        "version: 1\nname: one\ninputs: [{name: x, shape: [8, 8, 8]}]\nlayers:\n"
        "  - {name: a, kind: conv2d, inputs: [x], out_channels: 8, kernel: 3, padding: 1}\n";
    accelsel_catalog *cat = catalog();
    accelsel_network *net = network(y);
    accelsel_mapping_problem *p = (accelsel_mapping_problem *)&p;
    ck_assert_int_eq(accelsel_mapping_problem_new(&p, cat, "wide-narrow", net, NULL),
                     ACCELSEL_EINFEASIBLE);
    ck_assert_ptr_null(p);
    const char *msg = accelsel_last_error()->message;
    ck_assert_msg(strstr(msg, "layer 'a'") && strstr(msg, "over 2 slots (spatial, 512 bytes") &&
                      strstr(msg, "only 1 of the 2 slots") &&
                      strstr(msg, "slot 0, would need 2048 bytes and holds 2000"),
                  "%s", msg);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}
END_TEST

/* Slot figures whose times are not finite: a memory bandwidth of 5e-324
 * B/s (positive, so it passed) made every layer's time infinite, and every
 * mapping failed with "the mapping has no finite time", naming nothing.
 * The build refuses it, naming the slot and the figure. At 1e-305 B/s each
 * time is finite (c1 moves 1056 B: 1.056e308 s; c2 800 B) but their sum
 * is not: the evaluation names the layer whose end overflows and its slot. */
START_TEST(times_that_are_not_finite_are_named)
{
    accelsel_catalog *cat = catalog();
    accelsel_network *net = network(net_yaml);
    const char *pool[] = {"t4"};
    accelsel_mapping_slot slot = {ACCELSEL_MAPPING_SLOT_VERSION, NULL, pool, 1, 1e9, 5e-324, "h"};
    accelsel_mapping_problem *p = (accelsel_mapping_problem *)&p;
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, &slot, 1, NULL, net, NULL),
                     ACCELSEL_EDATA);
    ck_assert_ptr_null(p);
    const char *msg = accelsel_last_error()->message;
    ck_assert_msg(strstr(msg, "slot 0") && strstr(msg, "memory_bw_bytes_s 4.94066e-324"), "%s",
                  msg);
    slot.memory_bw_bytes_s = 1e-305;
    ck_assert_int_eq(accelsel_mapping_problem_new_slots(&p, cat, &slot, 1, NULL, net, NULL), 0);
    uint32_t design[1] = {0};
    uint64_t groups[3] = {0, 1, 1};
    int32_t strat[3] = {0, 0, 0};
    accelsel_mapping_spec spec = {ACCELSEL_MAPPING_SPEC_VERSION, 1, design, 3, groups, strat};
    accelsel_mapping *m = (accelsel_mapping *)&m;
    ck_assert_int_eq(accelsel_mapping_evaluate(&m, p, &spec), ACCELSEL_EINFEASIBLE);
    ck_assert_ptr_null(m);
    msg = accelsel_last_error()->message;
    ck_assert_msg(strstr(msg, "layer 'c2' on slot 0 (design 't4')"), "%s", msg);
    accelsel_mapping_problem_free(p);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}
END_TEST

/* Slot bandwidths from 1e-290 down to the least double, halving: every
 * solve either fails as infeasible or out of range, or returns a mapping
 * whose latency and breakdown parts are all finite. Somewhere on the way
 * each slot's time is finite while their sum over two slots is not. */
START_TEST(no_mapping_has_parts_beyond_a_double)
{
    accelsel_catalog *cat = catalog();
    accelsel_network *net = network(net_yaml);
    const char *pool[] = {"t4"};
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    o.generations = 3, o.population = 6, o.n_threads = 1;
    int sums_refused = 0;
    for (double bw = 1e-290; bw > 0; bw /= 2) {
        accelsel_mapping_slot slot = {ACCELSEL_MAPPING_SLOT_VERSION, NULL, pool, 1, 1e9, bw, "h"};
        accelsel_mapping_slot two[2] = {slot, slot};
        accelsel_mapping_problem *p = NULL;
        accelsel_mapping *m = NULL;
        int rc = accelsel_mapping_problem_new_slots(&p, cat, two, 2, "l", net, NULL);
        if (rc == 0)
            rc = accelsel_mapping_solve(&m, p, &o);
        ck_assert_msg(rc == 0 || rc == ACCELSEL_EINFEASIBLE || rc == ACCELSEL_EDATA,
                      "bw %g: %d %s", bw, rc, accelsel_last_error()->message);
        sums_refused += rc == ACCELSEL_EINFEASIBLE &&
                        strstr(accelsel_last_error()->message, "sums beyond a double") != NULL;
        if (rc == 0) {
            const accelsel_mapping_breakdown *b = accelsel_mapping_get_breakdown(m);
            ck_assert_msg(isfinite(b->latency_s) && isfinite(b->compute_s) &&
                              isfinite(b->communication_s) && isfinite(b->idle_s),
                          "bw %g: latency %g compute %g communication %g idle %g", bw,
                          b->latency_s, b->compute_s, b->communication_s, b->idle_s);
        }
        accelsel_mapping_free(m);
        accelsel_mapping_problem_free(p);
    }
    ck_assert_int_gt(sums_refused, 0);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}
END_TEST

static int build_evaluate_solve_save_load(void *ctx)
{
    (void)ctx;
    accelsel_catalog *cat = NULL;
    accelsel_network *net = NULL;
    accelsel_mapping_problem *p = NULL;
    accelsel_mapping *m = NULL, *back = NULL;
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    accelsel_network_options no = ACCELSEL_NETWORK_OPTIONS_INIT;
    char *text = NULL;
    size_t len;
    o.generations = 2;
    o.population = 4;
    o.n_threads = 1;
    no.bytes_per_element = 1;
    int rc = accelsel_catalog_load_buffer(&cat, catalog_yaml, sizeof catalog_yaml - 1);
    if (rc == 0)
        rc = accelsel_network_load_buffer(&net, net_yaml, sizeof net_yaml - 1, &no);
    if (rc == 0)
        rc = accelsel_mapping_problem_new(&p, cat, "tiny-2", net, NULL);
    if (rc == 0)
        rc = accelsel_mapping_solve(&m, p, &o);
    if (rc == 0)
        rc = accelsel_mapping_save_buffer(m, &text, &len);
    if (rc == 0)
        rc = accelsel_mapping_load_buffer(&back, p, text, len);
    accelsel_free(text);
    accelsel_mapping_free(back);
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(p);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
    return rc;
}

START_TEST(allocation_failures_leak_nothing)
{
    testutil_alloc_sweep(build_evaluate_solve_save_load, NULL, 50);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("map");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, branch_move_splits_siblings);
    tcase_add_test(tc, evaluate_matches_the_hand_timeline);
    tcase_add_test(tc, none_runs_on_the_fastest_member);
    tcase_add_test(tc, throughput_is_the_busiest_slot);
    tcase_add_test(tc, missing_links_are_infeasible_under_throughput);
    tcase_add_test(tc, a_collective_without_a_link_names_its_layer_and_slots);
    tcase_add_test(tc, collectives_need_links_both_ways);
    tcase_add_test(tc, readers_take_the_nearest_full_copy);
    tcase_add_test(tc, ga_finds_the_exhaustive_optimum);
    tcase_add_test(tc, same_seed_same_mapping_at_any_thread_count);
    tcase_add_test(tc, cancel_returns_the_best_so_far);
    tcase_add_test(tc, cancel_in_the_local_search);
    tcase_add_test(tc, the_seeding_heeds_cancel_and_budget);
    tcase_add_test(tc, baselines_heed_the_budget);
    tcase_add_test(tc, h2h_moves_by_hand);
    tcase_add_test(tc, an_infeasible_search_reads_no_stale_heap);
    tcase_add_test(tc, history_grows_with_the_generations_run);
    tcase_add_test(tc, population_sort_is_stable);
    tcase_add_test(tc, local_search_stops_at_its_work_limit);
    tcase_add_test(tc, layout_is_exact_on_a_chain);
    tcase_add_test(tc, timed_layout_avoids_busy_slots);
    tcase_add_test(tc, baselines_and_the_ga);
    tcase_add_test(tc, yaml_round_trip);
    tcase_add_loop_test(tc, malformed_mapping_files, 0, (int)(sizeof bad_files / sizeof bad_files[0]));
    tcase_add_test(tc, pool_membership_in_files);
    tcase_add_test(tc, bad_problems_and_mappings);
    tcase_add_test(tc, fixed_device_slots);
    tcase_add_test(tc, fixed_slots_take_the_slot_figures);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    tcase_add_test(tc, local_search_stops_within_a_move_of_its_work_limit);
    tcase_add_test(tc, local_search_reports_between_moves);
    tcase_add_test(tc, one_layer_layouts_count_as_work);
    tcase_add_test(tc, ga_finds_the_split_that_fits_memory);
    tcase_add_test(tc, baselines_place_layers_where_they_fit);
    tcase_add_test(tc, a_layer_must_fit_slots_that_can_take_it);
    tcase_add_test(tc, times_that_are_not_finite_are_named);
    tcase_add_test(tc, no_mapping_has_parts_beyond_a_double);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
