/* Fuzz the --where expression parser (accelsel_dataset_filter_expr) on a
 * small fixed dataset with numeric, categorical, missing and infinite values.
 * On success the result has every column and no more rows, and saves. */
#include <stdint.h>
#include <stdlib.h>

#include "accelsel/dataset.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The statuses the header documents for this input. */
static const int errors[] = {ACCELSEL_EINVAL, ACCELSEL_EPARSE, ACCELSEL_ERANGE,
                             ACCELSEL_ENOTFOUND, ACCELSEL_ENOMEM, 0};

static const char table[] =
    "system,n,time min,code,range,größe\n"
    "dgx-a100,8,28.5,0042,a..b,1e3\n"
    "tpu v3,64,inf,7,1..2,\n"
    "\"a=b\",,-inf,NA,..,-0\n"
    "dgx-a100,1,NaN,,x,2.5e-310\n";

static const accelsel_dataset *fixed(void)
{
    static accelsel_dataset *ds;
    static const char *const categorical[] = {"code"};
    accelsel_csv_options opts = ACCELSEL_CSV_OPTIONS_INIT;
    opts.categorical = categorical;
    opts.n_categorical = 1;
    if (ds == NULL && accelsel_dataset_load_csv_buffer(&ds, table, sizeof table - 1, &opts) != 0)
        __builtin_trap();
    return ds;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const accelsel_dataset *ds = fixed();
    char *expr = malloc(size + 1);
    if (expr == NULL)
        return 0;
    memcpy(expr, data, size);
    expr[size] = '\0';
    accelsel_dataset *out = NULL;
    int rc = accelsel_dataset_filter_expr(&out, ds, expr);
    if (rc != 0) {
        fuzz_check_failure(rc, out, errors, 0);
    } else {
        char *text = NULL;
        if (accelsel_dataset_rows(out) > accelsel_dataset_rows(ds) ||
            accelsel_dataset_cols(out) != accelsel_dataset_cols(ds) ||
            accelsel_dataset_save_csv_buffer(out, &text, NULL) != 0)
            __builtin_trap();
        accelsel_free(text);
        accelsel_dataset_free(out);
    }
    free(expr);
    return 0;
}
