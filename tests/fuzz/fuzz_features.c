/* Fuzz the reader of a feature transform (the `features:` section of a fitted
 * model's file, which has no public loader of its own): the input is that
 * section as a YAML document. On success write it, read it back and write
 * again; the two texts must be identical; and transform rows with it. */
#include <stdint.h>

#include "accelsel/features.h"
#include "core/alloc.h"
#include "core/yaml_doc.h"
#include "fuzz_rows.h"
#include "fuzz_util.h"
#include "learn/features_impl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The statuses the header documents for this input. */
static const int errors[] = {ACCELSEL_EPARSE, ACCELSEL_ENOMEM, 0};

static int read_text(accelsel_features **out, const char *text, size_t len)
{
    asel_yaml_doc *doc = NULL;
    *out = NULL;
    int rc = asel_yaml_parse(&doc, text, len, "<buffer>", 0);
    if (rc == 0)
        rc = asel_features_read_yaml(out, doc, asel_yaml_root(doc));
    asel_yaml_free(doc);
    return rc;
}

static void write_text(const accelsel_features *f, char **out, size_t *len)
{
    asel_buf b = ASEL_BUF_INIT;
    asel_features_write_yaml(&b, f, 0);
    if (asel_buf_finish(&b, out, len) != 0)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    accelsel_features *f = NULL, *again = NULL;
    int rc = read_text(&f, (const char *)data, size);
    if (rc != 0) {
        fuzz_check_failure(rc, f, errors, 1);
        return 0;
    }
    char *first = NULL, *second = NULL;
    size_t first_len = 0, second_len = 0;
    write_text(f, &first, &first_len);
    fuzz_check_reload(read_text(&again, first, first_len), first);
    if (accelsel_features_dim(again) != accelsel_features_dim(f))
        __builtin_trap();
    write_text(again, &second, &second_len);
    fuzz_check_same(first, first_len, second, second_len);
    fuzz_use_features(f);
    asel_free(first);
    asel_free(second);
    accelsel_features_free(again);
    accelsel_features_free(f);
    return 0;
}
