/* Fuzz the CSV reader: load, and on success save, reload and save again.
 * Two option sets: the defaults, and ';' with extra missing spellings (the
 * reload then reads the saved comma-separated text with the same spellings).
 * The input is also parsed in parts of a few bytes on 3 threads, which must
 * give the same dataset or the same error as one thread. */
#include <stdint.h>
#include <stdlib.h>

#include "accelsel/dataset.h"
#include "data/csv_load.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The statuses the header documents for this input. */
static const int errors[] = {ACCELSEL_EPARSE, ACCELSEL_ERANGE, ACCELSEL_ENOMEM, 0};

static void round_trip(const accelsel_dataset *ds, const accelsel_csv_options *opts)
{
    char *first = NULL, *second = NULL;
    size_t first_len = 0, second_len = 0;
    accelsel_dataset *again = NULL;
    if (accelsel_dataset_save_csv_buffer(ds, &first, &first_len) != 0)
        __builtin_trap();
    accelsel_csv_options comma = *opts;
    comma.delimiter = ',';
    fuzz_check_reload(accelsel_dataset_load_csv_buffer(&again, first, first_len, &comma), first);
    if (accelsel_dataset_rows(again) != accelsel_dataset_rows(ds) ||
        accelsel_dataset_cols(again) != accelsel_dataset_cols(ds))
        __builtin_trap();
    if (accelsel_dataset_save_csv_buffer(again, &second, &second_len) != 0)
        __builtin_trap();
    fuzz_check_same(first, first_len, second, second_len);
    accelsel_free(first);
    accelsel_free(second);
    accelsel_dataset_free(again);
}

static char *saved(const accelsel_dataset *ds)
{
    char *text = NULL;
    if (accelsel_dataset_save_csv_buffer(ds, &text, NULL) != 0)
        __builtin_trap();
    return text;
}

/* @p rc, @p ds and the last error come from the one-thread parse. */
static void same_in_parts(const uint8_t *data, size_t size, const accelsel_csv_options *opts,
                          int rc, const accelsel_dataset *ds)
{
    accelsel_error one = *accelsel_last_error();
    char *one_message = strdup(one.message);
    accelsel_csv_options threads = *opts;
    threads.n_threads = 3;
    accelsel_dataset *parts = NULL;
    size_t min_part = 1 + size % 7;
    int rc_parts = asel_csv_parse(&parts, (const char *)data, size, &threads, "<buffer>", min_part);
    const accelsel_error *e = accelsel_last_error();
    if (rc_parts != rc || (rc != 0 && (e->line != one.line || e->column != one.column ||
                                       strcmp(e->message, one_message) != 0))) {
        fprintf(stderr, "parts of %zu bytes: %d '%s', one thread: %d '%s'\n", min_part, rc_parts,
                rc_parts ? e->message : "", rc, rc ? one_message : "");
        __builtin_trap();
    }
    if (rc == 0) {
        char *a = saved(ds), *b = saved(parts);
        fuzz_check_same(a, strlen(a), b, strlen(b));
        accelsel_free(a);
        accelsel_free(b);
    }
    accelsel_dataset_free(parts);
    free(one_message);
}

static void one(const uint8_t *data, size_t size, const accelsel_csv_options *opts)
{
    accelsel_dataset *ds = NULL;
    int rc = accelsel_dataset_load_csv_buffer(&ds, (const char *)data, size, opts);
    if (rc != 0)
        fuzz_check_failure(rc, ds, errors, 1);
    same_in_parts(data, size, opts, rc, ds);
    if (rc == 0)
        round_trip(ds, opts);
    accelsel_dataset_free(ds);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const missing[] = {"-", "?"};
    accelsel_csv_options opts = ACCELSEL_CSV_OPTIONS_INIT;
    opts.n_threads = 1;
    one(data, size, &opts);
    opts.delimiter = ';';
    opts.missing = missing;
    opts.n_missing = 2;
    one(data, size, &opts);
    return 0;
}
