#include "core/file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/alloc.h"
#include "core/error.h"

static int io_error(const char *what, const char *path, int err)
{
    return asel_error(ACCELSEL_EIO, "%s '%s': %s", what, path, strerror(err));
}

int asel_read_file(const char *path, char **data, size_t *len)
{
    *data = NULL;
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return io_error("cannot open", path, errno);
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || S_ISDIR(st.st_mode)) {
        int err = S_ISDIR(st.st_mode) ? EISDIR : errno;
        fclose(f);
        return io_error("cannot read", path, err);
    }
    /* Grow as we go: st_size is 0 for pipes and /proc files. Every format
     * read here is text, in which a NUL byte is an error: reading stops with
     * the first one (kept, so that the loader reports it where it is), so a
     * device such as /dev/zero costs one buffer, not all of memory. */
    size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096, used = 0;
    char *buf = asel_malloc(cap);
    while (buf != NULL) {
        size_t got = fread(buf + used, 1, cap - used, f);
        const char *nul = memchr(buf + used, '\0', got);
        used += got;
        if (nul != NULL) {
            used = (size_t)(nul - buf) + 1;
            break;
        }
        if (used < cap)
            break;
        char *bigger = cap <= SIZE_MAX / 2 ? asel_realloc(buf, cap * 2) : NULL;
        if (bigger == NULL) {
            asel_free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    if (buf == NULL) {
        fclose(f);
        return asel_enomem();
    }
    if (ferror(f)) {
        int err = errno;
        fclose(f);
        asel_free(buf);
        return io_error("cannot read", path, err);
    }
    fclose(f);
    buf[used] = '\0';
    *data = buf;
    *len = used;
    return 0;
}

int asel_write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return io_error("cannot open", path, errno);
    size_t put = fwrite(data, 1, len, f);
    int err = errno;
    if (fclose(f) != 0 && put == len)
        return io_error("cannot write", path, errno);
    if (put != len)
        return io_error("cannot write", path, err);
    return 0;
}
