/* Whole-file reading for the loaders. */
#ifndef ASEL_FILE_H
#define ASEL_FILE_H

#include <stddef.h>

/* Read the file at @p path into a new NUL-terminated buffer, up to and
 * including its first NUL byte (the formats read are text: the loader then
 * reports the NUL, and /dev/zero is not read without end): 0,
 * ACCELSEL_EIO (the message names the path and the system's reason) or
 * ACCELSEL_ENOMEM. The caller frees *data with asel_free. */
int asel_read_file(const char *path, char **data, size_t *len);

/* Write @p len bytes to @p path (created or truncated): 0 or ACCELSEL_EIO. */
int asel_write_file(const char *path, const char *data, size_t len);

#endif
