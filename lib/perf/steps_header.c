/* The header of a step-measurement file: where the required columns are,
 * and which columns hold text, before the CSV reader types the columns
 * (a framework_version of "2.1" must stay text, not become a number). */
#include <string.h>

#include "core/csv_tok.h"
#include "core/error.h"
#include "perf/steps.h"

static const char *const required[ST_REQUIRED] = {
    "network", "device", "threads", "batch", "image_size", "precision", "framework",
    "framework_version", "steps_timed", "step_min_s", "step_median_s", "measured_at",
};

/* Columns of the format that hold text: the required ones and the
 * informational ones of docs/step-measurements.md. */
static const char *const text_columns[] = {
    "network", "device", "precision", "framework", "framework_version", "measured_at",
    "cpu_model", "torchvision_version", "python_version",
};
#define N_TEXT (sizeof text_columns / sizeof *text_columns)

const char *asel_steps_column_name(int role)
{
    return required[role];
}

static int same(const asel_csv_field *f, const char *name)
{
    return f->len == strlen(name) && memcmp(f->text, name, f->len) == 0;
}

/* Note field @p f (number @p i) if it is a column the format names. */
static void note_field(asel_steps_load *l, const asel_csv_field *f, size_t i, int *seen,
                       const char **names, size_t *n)
{
    for (int r = 0; r < ST_REQUIRED; r++)
        if (same(f, required[r]) && !seen[r]) {
            seen[r] = 1;
            l->col[r] = i;
        }
    for (size_t t = 0; t < N_TEXT; t++)
        if (same(f, text_columns[t])) {
            int dup = 0;
            for (size_t k = 0; k < *n; k++)
                dup |= names[k] == text_columns[t];
            if (!dup)
                names[(*n)++] = text_columns[t];
        }
}

/* The required columns in file order, for reporting a row's first bad cell. */
static void sort_roles(asel_steps_load *l)
{
    for (int r = 0; r < ST_REQUIRED; r++)
        l->order[r] = r;
    for (int i = 1; i < ST_REQUIRED; i++)
        for (int j = i; j > 0 && l->col[l->order[j - 1]] > l->col[l->order[j]]; j--) {
            int t = l->order[j];
            l->order[j] = l->order[j - 1];
            l->order[j - 1] = t;
        }
}

int asel_steps_header(asel_steps_load *l, const char **names, size_t *n)
{
    asel_csv_tok t;
    asel_csv_field f;
    int seen[ST_REQUIRED] = {0}, rc;
    size_t i = 0;
    *n = 0;
    asel_csv_init(&t, l->data, l->len, ',', l->max_field_len);
    while ((rc = asel_csv_next(&t, &f)) == 1) {
        note_field(l, &f, i++, seen, names, n);
        if (f.last)
            break;
    }
    asel_csv_release(&t);
    if (rc == ACCELSEL_ENOMEM)
        return asel_enomem();
    if (rc != 1) { /* no header or a malformed one: the CSV reader says where */
        *n = 0;
        return 0;
    }
    for (int r = 0; r < ST_REQUIRED; r++)
        if (!seen[r])
            return asel_error_at(ACCELSEL_EPARSE, l->source, 1, 1,
                                 "missing required column '%s' (docs/step-measurements.md)",
                                 required[r]);
    sort_roles(l);
    return 0;
}
