/* The step-measurement loaders (include/accelsel/steps.h): the header
 * first (a missing column is the first thing wrong), then the CSV reader
 * with the format's text columns kept as text, then every row checked. */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/file.h"
#include "data/csv_load.h"
#include "perf/steps.h"

extern const unsigned char asel_steps_builtin_csv[];
extern const size_t asel_steps_builtin_csv_len;

ACCELSEL_API int accelsel_steps_options_init(accelsel_steps_options *opts, unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_steps_options_init", "opts");
    if (version != ACCELSEL_STEPS_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown step options version %u", version);
    accelsel_steps_options d = ACCELSEL_STEPS_OPTIONS_INIT;
    *opts = d;
    return 0;
}

ACCELSEL_API size_t accelsel_steps_options_size(void)
{
    return sizeof(accelsel_steps_options);
}

static int check_options(const accelsel_steps_options *o)
{
    if (o != NULL && o->version != ACCELSEL_STEPS_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", "unknown step options version %u",
                                o->version);
    return 0;
}

/* Read the rows and check them, with l->cat set. */
static int load_rows(asel_steps_load *l)
{
    const char *names[ST_TEXT_MAX];
    size_t n;
    int rc = asel_steps_header(l, names, &n);
    if (rc != 0)
        return rc;
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    o.max_field_len = l->max_field_len;
    o.categorical = names;
    o.n_categorical = n;
    o.n_threads = 1; /* step files are small */
    if ((rc = asel_csv_parse(&l->ds, l->data, l->len, &o, l->source, ASEL_CSV_MIN_PART)) != 0)
        return rc;
    if (accelsel_dataset_rows(l->ds) == 0)
        return asel_error(ACCELSEL_EEMPTY, "%s: no step rows after the header", l->source);
    size_t nets = accelsel_dataset_levels(l->ds, l->col[ST_NETWORK]);
    size_t devs = accelsel_dataset_levels(l->ds, l->col[ST_DEVICE]);
    if ((rc = asel_alloc_array(&l->side, nets ? nets : 1, sizeof *l->side)) != 0 ||
        (rc = asel_alloc_array(&l->device, devs ? devs : 1, sizeof *l->device)) != 0)
        return rc;
    memset(l->side, 0, (nets ? nets : 1) * sizeof *l->side);
    memset(l->device, 0, (devs ? devs : 1) * sizeof *l->device);
    return asel_steps_check_rows(l);
}

int asel_steps_parse(accelsel_dataset **out, const accelsel_catalog *cat, const char *data,
                     size_t len, const char *source, const accelsel_steps_options *opts)
{
    asel_steps_load l;
    memset(&l, 0, sizeof l);
    l.data = data;
    l.len = len;
    l.source = source;
    l.max_field_len = opts != NULL ? opts->max_field_len : 0;
    l.min_timed = opts != NULL && opts->min_steps_timed > 0 ? opts->min_steps_timed
                                                            : ACCELSEL_STEPS_MIN_TIMED;
    accelsel_catalog *own = NULL;
    int rc = cat == NULL ? accelsel_catalog_load_builtin(&own) : 0;
    l.cat = cat != NULL ? cat : own;
    if (rc == 0)
        rc = load_rows(&l);
    asel_free(l.side);
    asel_free(l.device);
    accelsel_catalog_free(own);
    if (rc != 0) {
        accelsel_dataset_free(l.ds);
        return rc;
    }
    *out = l.ds;
    return 0;
}

ACCELSEL_API int accelsel_steps_load_file(accelsel_dataset **out, const accelsel_catalog *cat,
                                          const char *path, const accelsel_steps_options *opts)
{
    static const char fn[] = "accelsel_steps_load_file";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (path == NULL)
        return asel_einval(fn, "path");
    int rc = check_options(opts);
    char *data;
    size_t len;
    if (rc != 0 || (rc = asel_read_file(path, &data, &len)) != 0)
        return rc;
    rc = asel_steps_parse(out, cat, data, len, path, opts);
    asel_free(data);
    return rc;
}

ACCELSEL_API int accelsel_steps_load_buffer(accelsel_dataset **out, const accelsel_catalog *cat,
                                            const char *data, size_t len,
                                            const accelsel_steps_options *opts)
{
    static const char fn[] = "accelsel_steps_load_buffer";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (data == NULL && len > 0)
        return asel_einval(fn, "data");
    int rc = check_options(opts);
    return rc != 0 ? rc : asel_steps_parse(out, cat, data != NULL ? data : "", len, "<buffer>", opts);
}

ACCELSEL_API int accelsel_steps_load_builtin(accelsel_dataset **out, const accelsel_catalog *cat)
{
    if (out == NULL)
        return asel_einval("accelsel_steps_load_builtin", "out");
    *out = NULL;
    return asel_steps_parse(out, cat, (const char *)asel_steps_builtin_csv,
                            asel_steps_builtin_csv_len, "steps-builtin", NULL);
}
