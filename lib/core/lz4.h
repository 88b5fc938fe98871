/* Decoding of LZ4 blocks (the block format of lz4.org, without the frame
 * format): the built-in tables are compiled in compressed by
 * `tools/embed.py --lz4`. No domain knowledge. */
#ifndef ASEL_LZ4_H
#define ASEL_LZ4_H

#include <stddef.h>

/* Decode the @p n bytes at @p src into exactly @p cap bytes at @p dst.
 * Returns 0, or ACCELSEL_EPARSE with a message when the block is malformed:
 * a length that runs past the input or the output, a match offset of 0 or
 * before the start of the output, or a block that decodes to another size
 * than @p cap. Nothing outside the two buffers is read or written. */
int asel_lz4_decode(const unsigned char *src, size_t n, unsigned char *dst, size_t cap);

#endif
