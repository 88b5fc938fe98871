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
    const char **where;     /* --where expressions, applied after derive */
    size_t n_where;
    const char *features;   /* clustering features, "log10(col)" or "col", comma-separated */
    const char *variables;  /* importance inputs, same syntax */
    const char *target;     /* importance target: a column or "log10(col)" */
    uint32_t k;             /* 0: choose k over [k_min, k_max] */
    uint32_t k_min, k_max;
    int k_by;               /* ACCELSEL_KSELECT_* */
    uint32_t algorithm;     /* ACCELSEL_CLUSTER_* */
    const char *criteria;   /* COL:WEIGHT:benefit|cost,... on data columns */
    int method;             /* ACCELSEL_RANK_* */
    uint64_t seed;
    size_t top;
    int format;             /* CLI_FORMAT_TABLE, _JSON or _CSV */
    const char *plot;       /* SVG file to write, or NULL */
    const char *with_predictions; /* predicted configurations to add, or NULL */
} rank_args;

/* Everything the method computed, owned here; freed by rank_result_free(). */
typedef struct rank_result {
    size_t rows_in;            /* rows before any filter */
    accelsel_dataset *ds;      /* kept rows with derived columns */
    accelsel_importance *imp;
    char **constant;           /* --variables left out: constant over the kept rows */
    size_t n_constant;
    accelsel_features *feat;   /* the clustering transform */
    double *matrix;            /* n x d feature matrix of the clustered rows */
    size_t *matrix_rows;       /* n: the ds row of each matrix row */
    size_t n, d;
    accelsel_cluster_selection *sel; /* NULL when k was given */
    accelsel_cluster_model *model;
    uint32_t *group_of_row;    /* per ds row: label, or UINT32_MAX if not clustered */
    accelsel_criterion *crit;  /* parsed --criteria, on data columns */
    size_t n_crit;
    accelsel_criterion *crit_median; /* the same on the profiles' COL_median columns */
    char **median_names;
    accelsel_ranking *groups;  /* ranking of the profile rows (one per cluster) */
    accelsel_sensitivity *sens; /* of that ranking; NULL for fewer than 2 groups */
    accelsel_ranking *rows;    /* ranking of every kept row */
} rank_result;

/* How people call ranking method @p method: "TOPSIS", "weighted sum", "Pareto fronts". */
const char *rank_method_title(int method);

/* Group number shown to people for cluster label @p label. */
#define RANK_GROUP(label) ((unsigned)(label) + 1u)

/* rank_data.c: load, default filters, derive, --where; the target column. */
int rank_load(const rank_args *a, rank_result *r);
int rank_add_target(accelsel_dataset *ds, const char *target);

/* rank_predicted.c: --with-predictions SPEC appended to *ds (replaced); its
 * paragraph of the usage text. */
int rank_add_predictions(const char *spec, accelsel_dataset **ds);
extern const char rank_predictions_usage[];

/* rank_spec.c: "log10(col)" lists into column names and transforms. */
typedef struct rank_spec {
    char **columns;
    int *transforms;
    size_t n;
} rank_spec;
int rank_spec_parse(const char *text, const char *option, rank_spec *out);
void rank_spec_free(rank_spec *s);

/* rank_learn.c: importance, the feature matrix, the choice of k, the model. */
int rank_importance(const rank_args *a, rank_result *r);
int rank_cluster(const rank_args *a, rank_result *r);

/* rank_order.c: criteria, the ranking of groups and of rows, sensitivity. */
int rank_criteria(const rank_args *a, rank_result *r);
int rank_order(const rank_args *a, rank_result *r);

/* rank_profile.c: reading the profiles and rows for the reports. */
double rank_profile_number(const rank_result *r, size_t group, const char *column);
const char *rank_profile_text(const rank_result *r, size_t group, const char *column);
double rank_row_number(const rank_result *r, size_t row, const char *column);
const char *rank_row_text(const rank_result *r, size_t row, const char *column);
size_t rank_profile_size(const rank_result *r, size_t group);
/* Group of ranked position @p i (0 = best) of the group ranking. */
size_t rank_group_at(const rank_result *r, size_t i);
/* Importance features ordered by permutation importance, best first
 * (caller frees); NULL when out of memory. */
size_t *rank_importance_order(const accelsel_importance *imp);

/* The values of k reported (those tried, or the one given) and the scores
 * of the i-th: score[ACCELSEL_SCORE_x - 1], NaN where not computed. */
#define RANK_N_SCORES 6
size_t rank_k_count(const rank_result *r);
uint32_t rank_k_scores(const rank_result *r, size_t i, double score[RANK_N_SCORES]);

/* rank_advice.c: why this k, and the plain-language recommendation; text
 * the caller frees, NULL when out of memory. */
char *rank_k_reason(const rank_args *a, const rank_result *r);
char *rank_advice(const rank_args *a, const rank_result *r);

/* rank_table.c, rank_json.c: the reports. */
int rank_print_table(FILE *f, const rank_args *a, const rank_result *r);
int rank_print_json(FILE *f, const rank_args *a, const rank_result *r);
int rank_print_csv(FILE *f, const rank_args *a, const rank_result *r);

/* rank_plot.c: the two-panel SVG. */
int rank_plot(const char *path, const rank_result *r);

/* The default filters and settings, as documented in --help. */
extern const char rank_default_features[];
extern const char rank_default_variables[];
extern const char rank_default_target[];
extern const char rank_default_criteria[];

void rank_result_free(rank_result *r);

/* Print that memory ran out (in the command, not the library); CLI_FAIL. */
int rank_oom(void);

#endif
