/* A program built only from the installed headers and pkg-config flags. */
#include <accelsel/accelsel.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    int major = -1;
    const char *v = accelsel_version(&major, NULL, NULL);
    if (major != ACCELSEL_VERSION_MAJOR) {
        fprintf(stderr, "version mismatch: %s\n", v);
        return 1;
    }
    accelsel_dataset *ds = NULL;
    int rc = accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet");
    if (rc != 0) {
        fprintf(stderr, "%s\n", accelsel_last_error()->message);
        return 1;
    }
    size_t rows = accelsel_dataset_rows(ds);
    accelsel_dataset_free(ds);
    if (rows != 343) {
        fprintf(stderr, "built-in dataset has %zu rows, expected 343\n", rows);
        return 1;
    }
    rc = accelsel_dataset_load_csv(&ds, "/nonexistent/file.csv", NULL);
    if (rc != ACCELSEL_EIO || strstr(accelsel_last_error()->message, "/nonexistent/file.csv") == NULL)
        return 1;
    printf("consumer ok: libaccelsel %s\n", v);
    return 0;
}
