/* accelsel rank: the whole selection method (importance, clustering, ranking)
 * split over rank_*.c. Shared types of those files; public API only. */
#ifndef ACCELSEL_RANK_CLI_H
#define ACCELSEL_RANK_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "cli.h"

/* What the command line asked for; every field has a documented default. */
typedef struct rank_args {
    const char *csv;        /* NULL: the built-in MLPerf data */
    const char *na;         /* extra missing-value spellings in csv, comma-separated */
    const char *benchmark;  /* --benchmark: an MLPerf benchmark's rows, or NULL */
    const char **where;     /* --where expressions, applied after derive */
    int rows;               /* ACCELSEL_SELECTION_ROWS_*: --rows kept|all */
    size_t n_where;
    const char *features;   /* clustering features, "log10(col)" or "col"; NULL: default */
    const char *variables;  /* importance inputs, same syntax; NULL: default */
    const char *target;     /* importance target: a column or "log10(col)"; NULL: default */
    uint32_t k;             /* 0: choose k over [k_min, k_max] */
    uint32_t k_min, k_max;
    int k_by;               /* ACCELSEL_KSELECT_* */
    uint32_t algorithm;     /* ACCELSEL_CLUSTER_* */
    const char *criteria;   /* COL:WEIGHT:benefit|cost,... on data columns; NULL: default */
    int method;             /* ACCELSEL_RANK_* */
    uint64_t seed;
    size_t top;
    int format;             /* CLI_FORMAT_TABLE, _JSON or _CSV */
    int raw;                /* --raw: CSV cells as they are */
    const char *plot;       /* SVG file to write, or NULL */
    const char *with_predictions; /* predicted configurations to add, or NULL */
    const char *name_column; /* --name-column, or NULL: system_name, else the first text
                                column whose values are unique, else the rows' lines */
    const char *catalog;     /* --catalog FILE merged over the built-in one, or NULL */
    const char *cloud_prices; /* --cloud-prices FILE, or NULL: the built-in ones */
} rank_args;

/* What the library's selection computed, borrowed from it (see
 * include/accelsel/select.h); rank_result_free() frees the selection. */
typedef struct rank_result {
    accelsel_selection *selection;      /* owns everything below */
    size_t rows_in;                     /* rows before any filter */
    const accelsel_dataset *ds;         /* kept rows with derived columns */
    const accelsel_importance *imp;     /* NULL when importance was skipped */
    const char *const *constant;        /* variables left out as constant */
    size_t n_constant;
    const accelsel_features *feat;      /* the clustering transform */
    const double *matrix;               /* n x d feature matrix of the clustered rows */
    const size_t *matrix_rows;          /* n: the ds row of each matrix row */
    size_t n, d;
    const accelsel_cluster_selection *sel; /* NULL when k was given */
    const accelsel_cluster_model *model;
    const uint32_t *group_of_row;       /* per ds row: label, or UINT32_MAX if not clustered */
    const accelsel_criterion *crit;     /* the criteria, on data columns */
    size_t n_crit;
    const accelsel_ranking *groups;     /* ranking of the profile rows (one per cluster) */
    const accelsel_sensitivity *sens;   /* of that ranking; NULL for fewer than 2 groups or Pareto */
    const accelsel_ranking *rows;       /* ranking of every kept row */
    const accelsel_dataset *input;      /* the rows the selection was given (priced) */
    const char *name_column;            /* what rows are called; NULL: their lines */
    int priced;                         /* the rows' accelerators were priced */
} rank_result;

/* An input row the ranking leaves out, and why (rank_rows.c). */
typedef struct rank_drop {
    uint64_t line;    /* its line in the file; 0 for a predicted row */
    const char *name; /* by the name column; NULL if none */
    char reason[160];
} rank_drop;

typedef struct rank_drops {
    rank_drop *item;
    size_t n;
} rank_drops;

/* rank_rows.c: the name column (--name-column, else system_name, else the
 * first text column of the input whose values are all there and unique);
 * CLI_FAIL with the message printed for a --name-column that is not a text
 * column. A row's name, NULL when there is no name column. */
int rank_choose_name(rank_result *r, const rank_args *a);
const char *rank_row_name(const rank_result *r, size_t row);

/* Every input row that is not ranked, in input order, then the kept rows
 * that lack a criterion; freed with rank_drops_free(). */
int rank_dropped(const rank_result *r, const rank_args *a, rank_drops *d);
void rank_drops_free(rank_drops *d);
void rank_print_dropped_table(FILE *f, const rank_result *r, const rank_drops *d);
void rank_print_dropped_json(FILE *f, const rank_drops *d);
void rank_print_dropped_stderr(const rank_result *r, const rank_drops *d);

/* Group number shown to people for cluster label @p label. */
#define RANK_GROUP(label) ((unsigned)(label) + 1u)

/* rank_predicted.c: --with-predictions SPEC appended to *ds (replaced); its
 * paragraph of the usage text. */
int rank_add_predictions(const char *spec, accelsel_dataset **ds);
extern const char rank_predictions_usage[];

/* rank_profile.c: cells of the kept rows for the reports (NaN or NULL where
 * the column is absent), and the table's cell of a group's most common value
 * (accelsel_selection_mode()): "NVIDIA H100 30/38", " (tie)" when another
 * value is as common, ", N missing" for rows without one; "-" when none. */
double rank_row_number(const rank_result *r, size_t row, const char *column);
const char *rank_row_text(const rank_result *r, size_t row, const char *column);
int rank_mode(const rank_result *r, size_t group, const char *column, char *out, size_t size);

/* The values of k reported (those tried, or the one given) and the scores
 * of the i-th: score[ACCELSEL_SCORE_x - 1], NaN where not computed. */
#define RANK_N_SCORES 6
size_t rank_k_count(const rank_result *r);
uint32_t rank_k_scores(const rank_result *r, size_t i, double score[RANK_N_SCORES]);

/* Why this k, and the plain-language recommendation (the library's text). */
const char *rank_k_reason(const rank_result *r);
const char *rank_advice(const rank_result *r);

/* rank_table.c, rank_json.c: the reports. */
int rank_print_table(FILE *f, const rank_args *a, const rank_result *r);
int rank_print_json(FILE *f, const rank_args *a, const rank_result *r);
int rank_print_csv(FILE *f, const rank_args *a, const rank_result *r);

/* rank_plot.c: the two-panel SVG. */
int rank_plot(const char *path, const rank_result *r);

void rank_result_free(rank_result *r);

/* Print that memory ran out (in the command, not the library); CLI_FAIL. */
int rank_oom(void);

#endif
