/* The name index of each catalog list: built once the list is loaded, with
 * the check that no name or alias is used twice. */
#include "core/strhash.h"
#include "hw/load.h"

asel_hw_name_slot *asel_hw_index_slot(const asel_hw_name_index *index, const char *name)
{
    size_t mask = index->cap - 1, i = (size_t)asel_str_hash(index->seed, name, 1) & mask;
    while (index->slots[i].name != NULL && !asel_hw_name_eq(index->slots[i].name, name))
        i = (i + 1) & mask;
    return &index->slots[i];
}

/* String @p k of entry @p map: 0 is the name, then the aliases. */
static const asel_yaml_node *entry_string(const asel_yaml_node *map, size_t k)
{
    if (k == 0)
        return asel_yaml_get(map, "name");
    return asel_yaml_get(map, "aliases")->items[k - 1];
}

static size_t count_strings(const accelsel_catalog *cat, asel_hw_list list)
{
    size_t total = 0;
    for (size_t i = 0; i < asel_hw_count(cat, list); i++) {
        const char *name;
        const char *const *al;
        size_t na;
        asel_hw_names(cat, list, i, &name, &al, &na);
        total += na + 1;
    }
    return total;
}

/* Add string @p k of entry @p i, or report the earlier equal one. */
static int add(const asel_hw_loader *ld, const asel_yaml_node *seq, asel_hw_list list, size_t i,
               size_t k, const char *s)
{
    asel_hw_name_slot *slot = asel_hw_index_slot(&ld->cat->index[list], s);
    if (slot->name == NULL) {
        *slot = (asel_hw_name_slot){s, i, k};
        return 0;
    }
    const asel_yaml_node *dup = entry_string(seq->items[i], k),
                         *first = entry_string(seq->items[slot->entry], slot->k);
    return asel_yaml_fail(ld->doc, dup, "duplicate %s name '%s' (already used at line %u)",
                          asel_hw_noun(list), dup->value, (unsigned)first->line);
}

int asel_hw_index_names(const asel_hw_loader *ld, const asel_yaml_node *seq, asel_hw_list list)
{
    accelsel_catalog *cat = ld->cat;
    asel_hw_name_index *index = &cat->index[list];
    size_t n = count_strings(cat, list), cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    index->slots = asel_arena_calloc(&cat->arena, cap, sizeof *index->slots);
    if (index->slots == NULL)
        return ACCELSEL_ENOMEM;
    index->cap = cap;
    index->seed = asel_str_hash_seed(index);
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < asel_hw_count(cat, list); i++) {
        const char *name;
        const char *const *al;
        size_t na;
        asel_hw_names(cat, list, i, &name, &al, &na);
        rc = add(ld, seq, list, i, 0, name);
        for (size_t k = 1; rc == 0 && k <= na; k++)
            rc = add(ld, seq, list, i, k, al[k - 1]);
    }
    return rc;
}
