/* The inside of accelsel_dataset: lib/data's internal interface. lib/data
 * alone builds and changes a dataset (asel_ds_create, asel_ds_put,
 * asel_ds_take_rows, ...). The modules that DESIGN.md's arrows let use data
 * (learn, rank, select, perf, recommend) may include this header to read one
 * without copying (n_rows, the interned column names) and to word messages
 * about its rows (asel_ds_row_place, asel_ds_has_value, asel_ds_not_numeric);
 * they never write a field. tests/check_layering.py keeps everyone else out. */
#ifndef ASEL_TABLE_H
#define ASEL_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/dataset.h"
#include "data/levels.h"

typedef struct asel_column {
    char *name;
    int type;           /* ACCELSEL_COLUMN_NUMERIC or ACCELSEL_COLUMN_CATEGORICAL */
    double *num;        /* numeric: one value per row, NaN = missing */
    int32_t *codes;     /* categorical: one level code per row, -1 = missing */
    asel_levels levels; /* categorical: the level strings */
} asel_column;

struct accelsel_dataset {
    size_t n_rows;
    size_t n_cols, cap_cols;
    asel_column *cols;
    /* The column names, interned in column order (so a name's code is its
     * column's index): lookups by name in constant time, so that adding
     * many columns is not quadratic. */
    asel_levels names;
    /* Where the rows came from, for messages about a value: the line of each
     * row in the file it was read from, and that file's name (both NULL when
     * the rows were built in memory). Row subsets keep their rows' lines. */
    uint64_t *lines;
    char *source;
};

/* An empty dataset of @p n_rows rows: 0 or ACCELSEL_ENOMEM (recorded). */
int asel_ds_create(accelsel_dataset **out, size_t n_rows);

/* Give @p dst the origin of @p src's rows @p rows[0..dst->n_rows-1] (NULL:
 * the same rows in order). 0 or ACCELSEL_ENOMEM (recorded). */
int asel_ds_copy_origin(accelsel_dataset *dst, const accelsel_dataset *src, const size_t *rows);

/* Where row @p row of @p ds is, for a message: "line 302 of data.csv" when
 * the rows were read from a file, else "dataset row 241" (0-based). */
void asel_ds_row_place(const accelsel_dataset *ds, size_t row, char *buf, size_t cap);

/* 1 if some row of column @p col of @p ds has a value, 0 if every row misses it. */
int asel_ds_has_value(const accelsel_dataset *ds, size_t col);

/* ACCELSEL_ETYPE for text column @p col of @p ds where numbers are needed:
 * "@p what: column 'x' is categorical (line 5 of data.csv: '137.8 min' is not
 * a number); @p need", naming the first value that does not read as a
 * number, so that a unit or a thousands separator is found at once. */
int asel_ds_not_numeric(const accelsel_dataset *ds, size_t col, const char *what,
                        const char *need);

/* Free what a column owns (not the struct itself). */
void asel_column_clear(asel_column *c);

/* Hand @p c to @p ds: replaces the column of the same name, else appends.
 * On success @p ds owns it; on failure (ACCELSEL_ENOMEM) the caller still does. */
int asel_ds_put(accelsel_dataset *ds, asel_column *c);

/* Index of the column named @p name, or SIZE_MAX. */
size_t asel_ds_lookup(const accelsel_dataset *ds, const char *name);

/* As asel_ds_lookup(), but an unknown name is ACCELSEL_ENOTFOUND with a
 * message naming it and the closest existing column (@p fn names the caller). */
int asel_ds_find(const accelsel_dataset *ds, const char *fn, const char *name, size_t *col);

/* A new dataset holding rows @p rows[0..n-1] of @p ds (indices checked by the
 * caller), with each categorical column's levels rebuilt in their new order of
 * first appearance. */
int asel_ds_take_rows(accelsel_dataset **out, const accelsel_dataset *ds, const size_t *rows,
                      size_t n);

#endif
