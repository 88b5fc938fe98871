/* LZ4 block decoding. A block is a list of sequences: a token (high nibble
 * literal length, low nibble match length - 4, each 15 continued by bytes
 * that add up to a byte below 255), the literals, then a little-endian
 * 16-bit offset back into the output and the match, which may overlap what
 * it copies. The last sequence has literals only. */
#include <stdint.h>
#include <string.h>

#include "core/error.h"
#include "core/lz4.h"

static int malformed(const char *what, size_t at)
{
    return asel_error(ACCELSEL_EPARSE, "compressed data: %s at byte %zu", what, at);
}

/* Add the continuation bytes of a length whose nibble was 15. */
static int more_length(const unsigned char *src, size_t n, size_t *at, size_t *len)
{
    unsigned char b;
    do {
        if (*at >= n || *len > SIZE_MAX - 255)
            return -1;
        b = src[(*at)++];
        *len += b;
    } while (b == 255);
    return 0;
}

int asel_lz4_decode(const unsigned char *src, size_t n, unsigned char *dst, size_t cap)
{
    size_t in = 0, out = 0;
    while (in < n) {
        size_t token = in, lit = src[in] >> 4, match = src[in] & 15;
        in++;
        if (lit == 15 && more_length(src, n, &in, &lit) != 0)
            return malformed("a literal length runs past the end", token);
        if (lit > n - in || lit > cap - out)
            return malformed("literals run past the end", token);
        memcpy(dst + out, src + in, lit);
        in += lit;
        out += lit;
        if (in == n)
            break;
        if (n - in < 2)
            return malformed("an offset runs past the end", in);
        size_t offset = src[in] | (size_t)src[in + 1] << 8;
        if (offset == 0 || offset > out)
            return malformed("an offset points before the start", in);
        in += 2;
        if (match == 15 && more_length(src, n, &in, &match) != 0)
            return malformed("a match length runs past the end", token);
        if (cap - out < 4 || match > cap - out - 4)
            return malformed("a match runs past the end", token);
        match += 4;
        for (size_t i = 0; i < match; i++) /* byte by byte: a match may overlap itself */
            dst[out + i] = dst[out - offset + i];
        out += match;
    }
    return out == cap ? 0 : malformed("the block decodes to another size than expected", n);
}
