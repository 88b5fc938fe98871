/* Fuzz the LZ4 block decoder of the built-in tables: the first two bytes
 * give the decoded size (little-endian), the rest is the block. A block
 * decodes to exactly that size or is refused with ACCELSEL_EPARSE and a
 * one-line message; nothing outside the buffers is touched (AddressSanitizer
 * watches), and decoding is deterministic. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/lz4.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int errors[] = {ACCELSEL_EPARSE, 0};
    if (size < 2)
        return 0;
    size_t cap = data[0] | (size_t)data[1] << 8;
    unsigned char *a = malloc(cap ? cap : 1), *b = malloc(cap ? cap : 1);
    if (a == NULL || b == NULL)
        __builtin_trap();
    int rc = asel_lz4_decode(data + 2, size - 2, a, cap);
    if (rc != 0) {
        fuzz_check_failure(rc, NULL, errors, 0);
    } else if (asel_lz4_decode(data + 2, size - 2, b, cap) != 0 || memcmp(a, b, cap) != 0) {
        __builtin_trap();
    }
    free(a);
    free(b);
    return 0;
}
