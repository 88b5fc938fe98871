/* accelsel cross: the table, a block per round of the library's rows (one
 * per system and benchmark), a row per system and a column per benchmark. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cross.h"

const char *cross_speed_column(const cross_args *a)
{
    return a->per == 1 ? "speed_vs_reference" : "speed_per_accelerator_vs_reference";
}

/* The columns the table reads; SIZE_MAX for an absent optional one. */
typedef struct cols {
    size_t round, submitter, name, family, acc, bench, ref, ref_acc, speed;
} cols;

static size_t col(const accelsel_dataset *ds, const char *name)
{
    size_t c;
    return accelsel_dataset_column_index(ds, name, &c) == 0 ? c : SIZE_MAX;
}

static const char *text(const accelsel_dataset *ds, size_t c, size_t row)
{
    const char *s = c == SIZE_MAX ? NULL : accelsel_dataset_string(ds, row, c);
    return s != NULL ? s : "";
}

size_t cross_system_end(const accelsel_dataset *cx, size_t lo)
{
    size_t c[3] = {col(cx, "round"), col(cx, "submitter"), col(cx, "system_name")}, hi = lo + 1;
    size_t acc = col(cx, "accelerators");
    for (; hi < accelsel_dataset_rows(cx); hi++) {
        for (int k = 0; k < 3; k++)
            if (strcmp(text(cx, c[k], lo), text(cx, c[k], hi)) != 0)
                return hi;
        if (accelsel_dataset_number(cx, lo, acc) != accelsel_dataset_number(cx, hi, acc))
            return hi;
    }
    return hi;
}

/* The benchmarks of rows [lo, hi), in order of first appearance: *n of them. */
static void benchmarks(const accelsel_dataset *ds, const cols *c, size_t lo, size_t hi,
                       const char **out, size_t *n)
{
    *n = 0;
    for (size_t i = lo; i < hi; i++) {
        const char *b = text(ds, c->bench, i);
        size_t k = 0;
        while (k < *n && strcmp(out[k], b) != 0)
            k++;
        if (k == *n)
            out[(*n)++] = b;
    }
}

static void head(FILE *f, const cross_args *a, const accelsel_dataset *ds, const cols *c,
                 size_t row, const char **bench, size_t n_bench)
{
    cli_print_text(f, text(ds, c->round, row));
    fputs(": reference ", f);
    cli_print_text(f, text(ds, c->ref, row));
    fprintf(f, " (%g accelerators); speed %s against it, - where either did not run the "
               "benchmark\n",
            accelsel_dataset_number(ds, row, c->ref_acc),
            a->per == 1 ? "of the whole system" : "per accelerator");
    fprintf(f, "  %-40s %-24s %7s", "system", "accelerator family", "accel.");
    for (size_t b = 0; b < n_bench; b++) {
        char shown[24];
        cli_table_text(shown, sizeof shown, bench[b]);
        fprintf(f, " %*s", (int)(strlen(shown) > 7 ? strlen(shown) : 7), shown);
    }
    fputc('\n', f);
}

/* One system: rows [lo, hi). */
static void line(FILE *f, const accelsel_dataset *ds, const cols *c, size_t lo, size_t hi,
                 const char **bench, size_t n_bench)
{
    char name[41], family[25];
    cli_table_text(name, sizeof name, text(ds, c->name, lo));
    cli_table_text(family, sizeof family, text(ds, c->family, lo));
    fprintf(f, "  %-40s %-24s %7g", name, family, accelsel_dataset_number(ds, lo, c->acc));
    for (size_t b = 0; b < n_bench; b++) {
        int width = (int)(strlen(bench[b]) > 7 ? strlen(bench[b]) : 7);
        double v = NAN;
        for (size_t i = lo; i < hi; i++)
            if (strcmp(text(ds, c->bench, i), bench[b]) == 0)
                v = accelsel_dataset_number(ds, i, c->speed);
        if (isnan(v))
            fprintf(f, " %*s", width, "-");
        else
            fprintf(f, " %*.2f", width, v);
    }
    fputc('\n', f);
}

/* The block of the round of rows [lo, hi). */
static int block(FILE *f, const cross_args *a, const accelsel_dataset *ds, const cols *c,
                 size_t lo, size_t hi)
{
    const char **bench = malloc((hi - lo) * sizeof *bench);
    if (bench == NULL) {
        fputs("accelsel: cross: out of memory\n", stderr);
        return CLI_FAIL;
    }
    size_t n_bench;
    benchmarks(ds, c, lo, hi, bench, &n_bench);
    head(f, a, ds, c, lo, bench, n_bench);
    for (size_t i = lo, j; i < hi; i = j) {
        j = cross_system_end(ds, i);
        line(f, ds, c, i, j, bench, n_bench);
    }
    fputc('\n', f);
    free(bench);
    return CLI_OK;
}

int cross_print_table(FILE *f, const cross_args *a, const accelsel_dataset *cx)
{
    cols c = {col(cx, "round"), col(cx, "submitter"), col(cx, "system_name"),
              col(cx, "accelerator_family"), col(cx, "accelerators"), col(cx, "benchmark"),
              col(cx, "reference_system"), col(cx, "reference_accelerators"),
              col(cx, cross_speed_column(a))};
    size_t n = accelsel_dataset_rows(cx);
    int status = CLI_OK;
    for (size_t i = 0, j; status == CLI_OK && i < n; i = j) {
        for (j = i + 1; j < n && strcmp(text(cx, c.round, i), text(cx, c.round, j)) == 0; j++)
            ;
        status = block(f, a, cx, &c, i, j);
    }
    return status;
}
