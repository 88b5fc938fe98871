/* lib/select: the selection method as one call; internal layout and steps. */
#ifndef ASEL_SELECT_IMPL_H
#define ASEL_SELECT_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/select.h"

struct accelsel_selection {
    size_t rows_in;
    uint32_t filters;                 /* the row filters that applied, a bit each */
    accelsel_dataset *ds;             /* kept rows with derived columns */
    char **notes;                     /* what was skipped or clamped */
    size_t n_notes, cap_notes;
    char *target;                     /* NULL: no importance */
    accelsel_importance *imp;
    char **constant;                  /* variables left out as constant */
    size_t n_constant;
    accelsel_features *feat;
    double *matrix;                   /* n x d */
    size_t *matrix_rows;
    size_t n, d;
    uint32_t k_min, k_max;
    accelsel_cluster_selection *ksel; /* NULL when k was given */
    accelsel_cluster_model *model;
    uint32_t *group_of_row;
    accelsel_criterion *crit;         /* one block (accelsel_criteria_parse) */
    size_t n_crit;
    accelsel_criterion *crit_median;  /* the same on COL_median columns */
    char **median_names;
    accelsel_ranking *groups;
    accelsel_sensitivity *sens;
    accelsel_ranking *rows;
    size_t *importance_order;         /* importance features, most important first */
    char *k_reason;
    char *advice;
};

/* A column list "log10(a),b" as names and transforms. */
typedef struct asel_spec {
    char **columns;
    int *transforms;
    size_t n;
} asel_spec;

int asel_spec_parse(const char *text, const char *field, asel_spec *out);
void asel_spec_free(asel_spec *s);

/* Blame the option @p field for this thread's last error (not an
 * allocation failure), replacing a callee's field; returns its code. */
int asel_sel_blame(const char *field);
/* Record a note (printf-style); 0 or ACCELSEL_ENOMEM. */
int asel_sel_note(accelsel_selection *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The column that list item @p item names ("log10(x)" names x). */
void asel_sel_base_name(const char *item, char *out, size_t size);
/* 1 if @p ds has a column @p name. */
int asel_sel_has(const accelsel_dataset *ds, const char *name);
/* 1 and its index in *col if @p ds has a column @p name, recording no error. */
int asel_sel_find(const accelsel_dataset *ds, const char *name, size_t *col);
/* The importance features, most important first, into s->importance_order. */
int asel_sel_importance_order(accelsel_selection *s);

/* The steps, in order; each returns 0 or a status with the error set. */
int asel_sel_rows(accelsel_selection *s, const accelsel_dataset *data,
                  const accelsel_selection_options *o);
/* The numeric column @p target names into @p col: the column of that whole
 * name, else COL for log10(COL) (then @p logged is 1); ACCELSEL_ENOTFOUND or
 * ACCELSEL_ETYPE blaming the field "target". */
int asel_sel_target_column(const accelsel_dataset *ds, const char *target, size_t *col,
                           int *logged);
/* Add the column log10(COL) for a target written so; checks it as above. */
int asel_sel_add_target(accelsel_dataset *ds, const char *target);
int asel_sel_importance(accelsel_selection *s, const accelsel_selection_options *o);
int asel_sel_cluster(accelsel_selection *s, const accelsel_selection_options *o);
/* The criteria given, parsed before any work; asel_sel_default_criteria()
 * parses the default ones once the rows are known. */
int asel_sel_criteria(accelsel_selection *s, const accelsel_selection_options *o);
int asel_sel_default_criteria(accelsel_selection *s, const accelsel_selection_options *o);
/* 1 if @p ds holds rows of an MLPerf benchmark other than ResNet-50: a
 * categorical `benchmark` column with another value than "resnet". */
int asel_sel_other_benchmark(const accelsel_dataset *ds);
/* The rankings, ties shared and listed by the secondary criterion. */
int asel_sel_order(accelsel_selection *s, const accelsel_selection_options *o);
int asel_sel_text(accelsel_selection *s, const accelsel_selection_options *o);

/* Reading the rows (NaN or NULL where absent). */
double asel_sel_row_number(const accelsel_selection *s, size_t row, const char *column);
const char *asel_sel_row_text(const accelsel_selection *s, size_t row, const char *column);

#endif
