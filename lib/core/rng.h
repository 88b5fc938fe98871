/* xoshiro256** (Blackman and Vigna, 2018), seeded through splitmix64.
 * A generator is a value owned by its caller: no shared state. For work split
 * across threads, derive one stream per task index with asel_rng_stream(), so
 * that results do not depend on how many threads run the tasks. */
#ifndef ASEL_RNG_H
#define ASEL_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct asel_rng {
    uint64_t s[4];
} asel_rng;

/* Seed from a 64-bit value (any value, 0 included, is a valid seed). */
void asel_rng_seed(asel_rng *r, uint64_t seed);

/* An independent generator for task @p index of a computation seeded with
 * @p seed: the same (seed, index) always gives the same stream. */
void asel_rng_stream(asel_rng *r, uint64_t seed, uint64_t index);

uint64_t asel_rng_next(asel_rng *r);

/* Uniform double in [0, 1) with 53 random bits. */
double asel_rng_uniform(asel_rng *r);

/* Uniform integer in [0, n) without modulo bias; n must be > 0. */
uint64_t asel_rng_below(asel_rng *r, uint64_t n);

/* Standard normal deviate (Box-Muller, one value per call). */
double asel_rng_normal(asel_rng *r);

/* Fisher-Yates shuffle of @p n size_t values. */
void asel_rng_shuffle(asel_rng *r, size_t *v, size_t n);

#endif
