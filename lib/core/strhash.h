/* A string hash for the hash tables of names (YAML anchors, catalog names,
 * the levels of categorical columns). */
#ifndef ASEL_STRHASH_H
#define ASEL_STRHASH_H

#include <stddef.h>
#include <stdint.h>

/* FNV-1a of the NUL-terminated @p s from a basis mixed with @p seed, then
 * MurmurHash3's finaliser so that the low bits (used as a table index)
 * depend on every bit. With @p fold, ASCII letters hash as lower case.
 * Tables seed it with their own address, which differs from run to run, so
 * that input cannot be written to make all its names collide. */
uint64_t asel_str_hash(uint64_t seed, const char *s, int fold);

/* The same hash of the @p len bytes at @p s (which may hold NUL bytes),
 * without folding. */
uint64_t asel_mem_hash(uint64_t seed, const char *s, size_t len);

/* A seed from the address of @p table. */
uint64_t asel_str_hash_seed(const void *table);

#endif
