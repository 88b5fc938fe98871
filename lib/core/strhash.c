#include "core/strhash.h"

uint64_t asel_str_hash(uint64_t seed, const char *s, int fold)
{
    uint64_t h = 0xcbf29ce484222325u ^ seed;
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (fold && c >= 'A' && c <= 'Z')
            c = (unsigned char)(c - 'A' + 'a');
        h = (h ^ c) * 0x100000001b3u;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53u;
    return h ^ (h >> 33);
}

uint64_t asel_str_hash_seed(const void *table)
{
    return (uint64_t)(uintptr_t)table * 0x9e3779b97f4a7c15u;
}
