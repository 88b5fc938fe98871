/* The problem the mapping fuzz targets load and evaluate on: three slots
 * (two adaptive with pools of two designs, one with one design), a small
 * DAG with a branch, built once per process. */
#ifndef FUZZ_MAPPING_FIXTURE_H
#define FUZZ_MAPPING_FIXTURE_H

#include <stddef.h>

#include "accelsel/catalog.h"
#include "accelsel/map.h"
#include "accelsel/network.h"

static const char fuzz_map_catalog[] =
    "version: 1\n"
    "links: [{name: l, technology: board, bw_bytes_s: 1e6, source: s}]\n"
    "designs:\n"
    "  - {name: t4, dataflow: tiled, precision: int8, tm: 4, tn: 4, macs: 16, clock_hz: 1e6,\n"
    "     buffer_bytes: 1e6, source: s}\n"
    "  - {name: ws, dataflow: weight-stationary, precision: int8, pe_rows: 4, pe_cols: 4,\n"
    "     clock_hz: 1e6, buffer_bytes: 1e3, source: s}\n"
    "systems:\n"
    "  - name: three\n"
    "    host_link: l\n"
    "    slots:\n"
    "      - {designs: [t4, ws], memory_bytes: 1e9, memory_bw_bytes_s: 1e6}\n"
    "      - {designs: [t4, ws], memory_bytes: 1e9, memory_bw_bytes_s: 2e6}\n"
    "      - {designs: [ws], memory_bytes: 1e9, memory_bw_bytes_s: 1e6}\n"
    "    links: [{slots: [0, 1], link: l}, {slots: [1, 2], link: l}]\n"
    "    source: s\n";

static const char fuzz_map_network[] =
    "version: 1\nname: n\ninputs: [{name: x, shape: [4, 8, 8]}]\nlayers:\n"
    "  - {name: a, kind: conv2d, inputs: [x], out_channels: 8, kernel: 3, padding: 1}\n"
    "  - {name: b, kind: conv2d, inputs: [x], out_channels: 8, kernel: 1}\n"
    "  - {name: c, kind: add, inputs: [a, b]}\n"
    "  - {name: d, kind: pool, inputs: [c], mode: avg, global: true}\n"
    "  - {name: e, kind: linear, inputs: [d], out_features: 10}\n";

/* The fixture problem, or NULL if it cannot be built (then nothing is fuzzed). */
static const accelsel_mapping_problem *fuzz_map_problem(void)
{
    static accelsel_mapping_problem *p;
    if (p == NULL) {
        accelsel_catalog *cat = NULL;
        accelsel_network *net = NULL;
        accelsel_mapping_problem_options o = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
        o.batch = 2;
        if (accelsel_catalog_load_buffer(&cat, fuzz_map_catalog, sizeof fuzz_map_catalog - 1) == 0 &&
            accelsel_network_load_buffer(&net, fuzz_map_network, sizeof fuzz_map_network - 1, NULL) == 0)
            accelsel_mapping_problem_new(&p, cat, "three", net, &o);
        accelsel_network_free(net);
        accelsel_catalog_free(cat);
    }
    return p;
}

#endif
