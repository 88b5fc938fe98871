#include "core/strhash.h"

#define FNV_BASIS 0xcbf29ce484222325u
#define FNV_PRIME 0x100000001b3u

static uint64_t finish(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53u;
    return h ^ (h >> 33);
}

uint64_t asel_str_hash(uint64_t seed, const char *s, int fold)
{
    uint64_t h = FNV_BASIS ^ seed;
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (fold && c >= 'A' && c <= 'Z')
            c = (unsigned char)(c - 'A' + 'a');
        h = (h ^ c) * FNV_PRIME;
    }
    return finish(h);
}

uint64_t asel_mem_hash(uint64_t seed, const char *s, size_t len)
{
    uint64_t h = FNV_BASIS ^ seed;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * FNV_PRIME;
    return finish(h);
}

uint64_t asel_str_hash_seed(const void *table)
{
    return (uint64_t)(uintptr_t)table * 0x9e3779b97f4a7c15u;
}
