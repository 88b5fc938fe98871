#include "core/rng.h"

#include <math.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void asel_rng_seed(asel_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

void asel_rng_stream(asel_rng *r, uint64_t seed, uint64_t index)
{
    /* Mix the index through splitmix64 so that neighbouring indices give
     * unrelated states rather than overlapping sequences. */
    uint64_t x = seed ^ 0x6a09e667f3bcc909ULL;
    uint64_t a = splitmix64(&x);
    uint64_t y = index + 0x3c6ef372fe94f82bULL;
    asel_rng_seed(r, a ^ splitmix64(&y));
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t asel_rng_next(asel_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double asel_rng_uniform(asel_rng *r)
{
    return (double)(asel_rng_next(r) >> 11) * 0x1.0p-53;
}

uint64_t asel_rng_below(asel_rng *r, uint64_t n)
{
    /* Lemire's rejection: reject the low values that would bias the modulo. */
    uint64_t threshold = (0 - n) % n;
    for (;;) {
        uint64_t x = asel_rng_next(r);
        if (x >= threshold)
            return x % n;
    }
}

double asel_rng_normal(asel_rng *r)
{
    double u1 = asel_rng_uniform(r);
    double u2 = asel_rng_uniform(r);
    return sqrt(-2.0 * log(1.0 - u1)) * cos(2.0 * 3.14159265358979323846 * u2);
}

void asel_rng_shuffle(asel_rng *r, size_t *v, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)asel_rng_below(r, i);
        size_t t = v[i - 1];
        v[i - 1] = v[j];
        v[j] = t;
    }
}
