/* The rules that a slot of a system keeps wherever it comes from: read
 * from a catalog file (system_read.c, figures.c) or given to
 * accelsel_mapping_problem_new_slots() (lib/map/build_slots.c). One rule
 * in one place, so that neither path lets through what the other refuses;
 * each path reports a fault in its own terms (a file's line and column, a
 * call's slot index) around the same words. */
#ifndef ASEL_HW_SLOT_RULES_H
#define ASEL_HW_SLOT_RULES_H

#include <stddef.h>

/* Why @p v cannot be a positive figure (a size, rate or price: finite and
 * above zero), as "must be ..." words, or NULL when it can. */
const char *asel_hw_positive_fault(double v);

/* Why @p v cannot be a count of bytes (memory_bytes and the other byte
 * figures: a positive figure that is a whole number, at least 1), or NULL.
 * 0.5 or 5e-324 bytes would pass as positive, show as "0 GiB" and make
 * later messages say that a slot has 0 bytes. */
const char *asel_hw_bytes_fault(double v);

/* The first entry of design pool @p pool (@p n catalog design indices,
 * each below @p n_designs) that repeats an earlier one, into @p at (@p n
 * when none does), and the earlier one into @p first. Names and aliases
 * resolve to indices first, so "eyeriss" and "Eyeriss" repeat. Marks per
 * design, not a comparison of each entry with the earlier ones: a pool may
 * name every design. 0, or ACCELSEL_ENOMEM (recorded). */
int asel_hw_pool_repeat(const size_t *pool, size_t n, size_t n_designs, size_t *at,
                        size_t *first);

#endif
