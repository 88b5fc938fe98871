/* Fuzz the fitted cluster model reader: load, and on success save, reload
 * and save again; the two saved texts must be identical; then label a row
 * of zeros, and rows of a dataset through the model's features. */
#include <stdint.h>

#include "accelsel/cluster.h"
#include "fuzz_rows.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The statuses the header documents for this input. */
static const int errors[] = {ACCELSEL_EPARSE, ACCELSEL_EVERSION, ACCELSEL_ENOMEM, 0};

static void check_labels(const accelsel_cluster_model *m, const uint32_t *labels, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (labels[i] >= accelsel_cluster_model_k(m))
            __builtin_trap();
}

static void use(const accelsel_cluster_model *m)
{
    size_t d = accelsel_cluster_model_dim(m), n = 0;
    double *zeros = calloc(d, sizeof *zeros);
    uint32_t labels[2];
    if (zeros == NULL || accelsel_cluster_model_predict(m, zeros, 1, d, labels) != 0)
        __builtin_trap();
    check_labels(m, labels, 1);
    free(zeros);
    const accelsel_features *f = accelsel_cluster_model_features(m);
    if (f == NULL)
        return;
    fuzz_use_features(f);
    accelsel_dataset *ds = fuzz_rows_for(f);
    int rc = accelsel_cluster_model_predict_dataset(m, ds, labels, 2, &n, NULL);
    fuzz_check_transform_status(rc);
    check_labels(m, labels, rc == 0 ? n : 0);
    accelsel_dataset_free(ds);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    accelsel_cluster_model *m = NULL, *again = NULL;
    int rc = accelsel_cluster_model_load_yaml_buffer(&m, (const char *)data, size);
    if (rc != 0) {
        fuzz_check_failure(rc, m, errors, 1);
        return 0;
    }
    char *first = NULL, *second = NULL;
    size_t first_len = 0, second_len = 0;
    if (accelsel_cluster_model_save_yaml_buffer(m, &first, &first_len) != 0)
        __builtin_trap();
    fuzz_check_reload(accelsel_cluster_model_load_yaml_buffer(&again, first, first_len), first);
    if (accelsel_cluster_model_save_yaml_buffer(again, &second, &second_len) != 0)
        __builtin_trap();
    fuzz_check_same(first, first_len, second, second_len);
    use(m);
    accelsel_free(first);
    accelsel_free(second);
    accelsel_cluster_model_free(again);
    accelsel_cluster_model_free(m);
    return 0;
}
