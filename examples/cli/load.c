/* Reading the dataset a subcommand works on: a CSV file or the built-in data. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Split a copy of @p list at commas: *parts[0..*n-1] point into *copy. */
static int split(const char *list, char **copy, const char ***parts, size_t *n)
{
    size_t count = 1;
    for (const char *p = list; *p; p++)
        count += *p == ',';
    *copy = malloc(strlen(list) + 1);
    *parts = malloc(count * sizeof **parts);
    if (*copy == NULL || *parts == NULL)
        return -1;
    strcpy(*copy, list);
    *n = 0;
    for (char *s = *copy, *next; s != NULL; s = next) {
        next = strchr(s, ',');
        if (next != NULL)
            *next++ = '\0';
        (*parts)[(*n)++] = s;
    }
    return 0;
}

int cli_load_dataset(accelsel_dataset **ds, const char *csv, const char *na)
{
    if (csv == NULL) {
        int rc = accelsel_dataset_load_builtin(ds, "mlperf-training-resnet");
        return rc != 0 ? cli_fail(rc, "built-in data") : CLI_OK;
    }
    if (cli_check_input_file(csv) != CLI_OK)
        return CLI_FAIL;
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    char *copy = NULL;
    const char **parts = NULL;
    size_t n = 0;
    if (na != NULL && split(na, &copy, &parts, &n) != 0) {
        free(copy);
        free(parts);
        fputs("accelsel: out of memory\n", stderr);
        return CLI_FAIL;
    }
    o.missing = parts;
    o.n_missing = n;
    int rc = accelsel_dataset_load_csv(ds, csv, &o);
    free(copy);
    free(parts);
    return rc != 0 ? cli_fail(rc, csv) : CLI_OK;
}
