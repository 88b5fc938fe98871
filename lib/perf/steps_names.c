/* The network and device a step row names, looked up once per distinct
 * name (the rows of one file name few): the zoo gives the network's input
 * side, the catalog the device. Unknown names are reported at the cell with
 * the lookups' own suggestions of the closest names. */
#include <stdio.h>
#include <string.h>

#include "accelsel/network.h"
#include "core/error.h"
#include "perf/steps.h"

/* The side of @p net's first input: the last dimension of its shape (W of
 * [C, H, W] images, the length of a token sequence). */
static uint64_t input_side(const accelsel_network *net)
{
    for (size_t i = 0; i < accelsel_network_layer_count(net); i++) {
        const accelsel_layer_info *li = accelsel_network_layer(net, i);
        if (li->kind == ACCELSEL_LAYER_INPUT)
            return li->shape[li->rank - 1];
    }
    return 0;
}

/* Raise @p rc from a lookup at the cell, keeping the lookup's message. */
static int relay(const asel_steps_load *l, int rc, size_t row, size_t col)
{
    char msg[ASEL_MSG_MAX];
    snprintf(msg, sizeof msg, "%s", accelsel_last_error()->message);
    return rc == ACCELSEL_ENOMEM ? rc : asel_steps_raise(l, rc, row, col, "%s", msg);
}

int asel_steps_network(asel_steps_load *l, size_t row, uint64_t *side)
{
    size_t col = l->col[ST_NETWORK];
    int64_t code = accelsel_dataset_code(l->ds, row, col);
    if (code < 0)
        return asel_steps_raise(l, ACCELSEL_EPARSE, row, col, "missing value");
    if (l->side[code] == 0) {
        accelsel_network *net;
        int rc = accelsel_network_load_zoo(&net, accelsel_dataset_string(l->ds, row, col), NULL);
        if (rc != 0)
            return relay(l, rc, row, col);
        l->side[code] = input_side(net);
        accelsel_network_free(net);
    }
    *side = l->side[code];
    return 0;
}

int asel_steps_device(asel_steps_load *l, size_t row, size_t *device)
{
    size_t col = l->col[ST_DEVICE];
    int64_t code = accelsel_dataset_code(l->ds, row, col);
    if (code < 0)
        return asel_steps_raise(l, ACCELSEL_EPARSE, row, col, "missing value");
    if (l->device[code] == 0) {
        size_t index;
        int rc = accelsel_catalog_find_device(l->cat, accelsel_dataset_string(l->ds, row, col),
                                              &index);
        if (rc != 0)
            return relay(l, rc, row, col);
        l->device[code] = index + 1;
    }
    *device = l->device[code] - 1;
    return 0;
}
