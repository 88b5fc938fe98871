/* The anchors of a YAML document by name, for resolving aliases. A hash
 * table: a document may define and use many anchors, and a search through
 * all of them for every alias made loading quadratic in the input size. */
#ifndef ASEL_YAML_ANCHOR_H
#define ASEL_YAML_ANCHOR_H

#include <stddef.h>
#include <stdint.h>

typedef struct asel_yaml_anchor_slot {
    char *name; /* owned; NULL for an empty slot */
    void *node;
} asel_yaml_anchor_slot;

typedef struct asel_yaml_anchors {
    asel_yaml_anchor_slot *slots;
    size_t cap, n; /* cap is 0 or a power of two, at most half full */
    uint64_t seed;
} asel_yaml_anchors;

#define ASEL_YAML_ANCHORS_INIT { NULL, 0, 0, 0 }

/* Map @p name (copied) to @p node; a later anchor of the same name replaces
 * the earlier one (YAML 1.1). 0 or ACCELSEL_ENOMEM (recorded). */
int asel_yaml_anchors_put(asel_yaml_anchors *t, const char *name, void *node);

/* The node of the latest anchor called @p name, or NULL. */
void *asel_yaml_anchors_get(const asel_yaml_anchors *t, const char *name);

void asel_yaml_anchors_free(asel_yaml_anchors *t);

#endif
