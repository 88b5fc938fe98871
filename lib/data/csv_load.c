/* Reading CSV into a dataset: the header on the calling thread, then the
 * body cut into record-aligned parts parsed on up to n_threads threads and
 * merged in input order, so the result never depends on the thread count. */
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/file.h"
#include "core/pool.h"
#include "data/csv_load.h"

/* Parts per thread: more parts than threads even out uneven parts. */
enum { PARTS_PER_THREAD = 4 };

static uint32_t clamp32(size_t v)
{
    return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

int asel_csv_raise(const asel_csv_input *in, int code, size_t offset, const char *msg)
{
    if (code == ACCELSEL_ENOMEM)
        return asel_enomem();
    if (offset == SIZE_MAX)
        return asel_error(code, "%s: %s", in->source, msg);
    size_t line, column;
    asel_csv_position(in->data, in->len, offset, &line, &column);
    return asel_error_at(code, in->source, clamp32(line), clamp32(column), "%s", msg);
}

static int parse_task(void *ctx, size_t index, size_t worker)
{
    (void)worker;
    asel_csv_part_parse(&((asel_csv_part *)ctx)[index]);
    return 0; /* every part runs, so that the first failure in the input is known */
}

/* Parse the parts; then the first failure in input order, if any, is the load's. */
static int parse_parts(const asel_csv_input *in, asel_csv_part *parts, size_t n, size_t workers)
{
    if (n == 1)
        asel_csv_part_parse(&parts[0]);
    else
        asel_pool_run(workers, n, parse_task, parts);
    for (size_t p = 0; p < n; p++)
        if (parts[p].rc != 0)
            return asel_csv_raise(in, parts[p].rc, parts[p].err_offset, parts[p].err);
    return 0;
}

static int parse_body(const asel_csv_input *in, accelsel_dataset *ds, size_t body,
                      unsigned int n_threads, size_t min_part)
{
    /* No more threads than parts the body can be cut into: n_threads is the
     * caller's number (UINT32_MAX from a -1 would otherwise size arrays and
     * thread lists by it). */
    size_t possible = min_part ? (in->len - body) / min_part + 1 : SIZE_MAX;
    size_t workers = asel_pool_threads(n_threads, possible);
    size_t max_parts = workers > 1 ? workers * PARTS_PER_THREAD : 1;
    size_t *bounds = NULL;
    asel_csv_part *parts = NULL;
    int rc = asel_alloc_array(&bounds, max_parts + 1, sizeof *bounds);
    size_t n = rc == 0 ? asel_csv_split(in, body, max_parts, min_part, bounds) : 0;
    if (rc == 0)
        rc = asel_alloc_array(&parts, n, sizeof *parts);
    for (size_t p = 0; p < n && rc == 0; p++) {
        parts[p].in = in;
        parts[p].begin = bounds[p];
        parts[p].end = bounds[p + 1];
    }
    if (rc == 0)
        rc = parse_parts(in, parts, n, workers < n ? workers : n);
    if (rc == 0)
        rc = asel_csv_merge(in, ds, parts, n, workers);
    for (size_t p = 0; parts != NULL && p < n; p++)
        asel_csv_part_free(&parts[p]);
    asel_free(parts);
    asel_free(bounds);
    return rc;
}

/* The extra missing-value spellings of @p in in the hash table @p set. */
static int missing_set(asel_csv_input *in, asel_levels *set)
{
    for (size_t i = 0; i < in->n_missing; i++) {
        const char *s = in->missing[i];
        double v;
        int32_t code;
        if (asel_levels_intern(set, s, strlen(s), &code) != 0)
            return asel_enomem();
        in->missing_numeric |= asel_parse_double(s, strlen(s), &v) == 0;
    }
    in->missing_set = in->n_missing > 0 ? set : NULL;
    return 0;
}

int asel_csv_parse(accelsel_dataset **out, const char *data, size_t len,
                   const accelsel_csv_options *opts, const char *source, size_t min_part)
{
    accelsel_csv_options defaults = ACCELSEL_CSV_OPTIONS_INIT;
    const accelsel_csv_options *o = opts != NULL ? opts : &defaults;
    asel_csv_input in = {data, len, source, (unsigned char)o->delimiter, o->max_field_len, 0, NULL,
                         o->missing, (size_t)o->n_missing, NULL, 0};
    asel_levels missing = ASEL_LEVELS_INIT;
    int rc = missing_set(&in, &missing);
    accelsel_dataset *ds = NULL;
    int *types = NULL;
    size_t body;
    if (rc == 0)
        rc = asel_csv_read_header(&in, o->categorical, (size_t)o->n_categorical, &ds, &types, &body);
    if (rc != 0) {
        asel_levels_free(&missing);
        return rc;
    }
    in.n_cols = ds->n_cols;
    in.types = types;
    rc = parse_body(&in, ds, body, o->n_threads, min_part);
    asel_free(types);
    asel_levels_free(&missing);
    if (rc != 0) {
        accelsel_dataset_free(ds);
        return rc;
    }
    *out = ds;
    return 0;
}

ACCELSEL_API int accelsel_dataset_load_csv_buffer(accelsel_dataset **out, const char *data,
                                                  size_t len, const accelsel_csv_options *opts)
{
    static const char fn[] = "accelsel_dataset_load_csv_buffer";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (data == NULL && len != 0)
        return asel_einval(fn, "data");
    int rc = opts != NULL ? asel_csv_options_check(opts, fn) : 0;
    if (rc != 0)
        return rc;
    return asel_csv_parse(out, data != NULL ? data : "", len, opts, "<buffer>", ASEL_CSV_MIN_PART);
}

ACCELSEL_API int accelsel_dataset_load_csv(accelsel_dataset **out, const char *path,
                                           const accelsel_csv_options *opts)
{
    static const char fn[] = "accelsel_dataset_load_csv";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (path == NULL)
        return asel_einval(fn, "path");
    int rc = opts != NULL ? asel_csv_options_check(opts, fn) : 0;
    if (rc != 0)
        return rc;
    char *data;
    size_t len;
    if ((rc = asel_read_file(path, &data, &len)) != 0)
        return rc;
    rc = asel_csv_parse(out, data, len, opts, path, ASEL_CSV_MIN_PART);
    asel_free(data);
    return rc;
}
