#include "core/yaml_anchor.h"

#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/strhash.h"

/* The slot holding @p name, or the empty slot where it would go. */
static asel_yaml_anchor_slot *find(const asel_yaml_anchors *t, asel_yaml_anchor_slot *slots,
                                   size_t cap, const char *name)
{
    size_t i = (size_t)asel_str_hash(t->seed, name, 0) & (cap - 1);
    while (slots[i].name != NULL && strcmp(slots[i].name, name) != 0)
        i = (i + 1) & (cap - 1);
    return &slots[i];
}

static int grow(asel_yaml_anchors *t)
{
    if (t->cap == 0)
        t->seed = asel_str_hash_seed(t);
    size_t cap = t->cap ? t->cap * 2 : 16;
    asel_yaml_anchor_slot *slots = asel_calloc(cap, sizeof *slots);
    if (slots == NULL)
        return asel_enomem();
    for (size_t i = 0; i < t->cap; i++)
        if (t->slots[i].name != NULL)
            *find(t, slots, cap, t->slots[i].name) = t->slots[i];
    asel_free(t->slots);
    t->slots = slots;
    t->cap = cap;
    return 0;
}

int asel_yaml_anchors_put(asel_yaml_anchors *t, const char *name, void *node)
{
    if (2 * (t->n + 1) > t->cap && grow(t) != 0)
        return ACCELSEL_ENOMEM;
    asel_yaml_anchor_slot *s = find(t, t->slots, t->cap, name);
    if (s->name == NULL) {
        if ((s->name = asel_strdup(name)) == NULL)
            return asel_enomem();
        t->n++;
    }
    s->node = node;
    return 0;
}

void *asel_yaml_anchors_get(const asel_yaml_anchors *t, const char *name)
{
    return t->cap == 0 ? NULL : find(t, t->slots, t->cap, name)->node;
}

void asel_yaml_anchors_free(asel_yaml_anchors *t)
{
    for (size_t i = 0; i < t->cap; i++)
        asel_free(t->slots[i].name);
    asel_free(t->slots);
    *t = (asel_yaml_anchors)ASEL_YAML_ANCHORS_INIT;
}
