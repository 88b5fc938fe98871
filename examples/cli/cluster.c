/* accelsel cluster: group the rows of a dataset (the built-in MLPerf results
 * or a CSV file) by k-means or Ward on chosen features, optionally choosing
 * k, and print labels, centroids, quality indices and cluster profiles. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "progress.h"

static const char usage_text[] =
    "usage: accelsel cluster [--csv FILE [--na LIST]] [--benchmark NAME] [--where EXPR ...]\n"
    "                        [--features LIST] [--k N | --k A..B [--criterion C]]\n"
    "                        [--algorithm kmeans|ward] [--init CENTROIDS.csv]\n"
    "                        [--standardize yes|no] [--missing drop|impute] [--seed N]\n"
    "                        [--n-init N] [--max-iter N] [--tol X] [--threads N]\n"
    "                        [--save MODEL.yaml] [--format table|json|csv|yaml [--raw]]\n"
    "\n"
    "Cluster the built-in MLPerf Training ResNet-50 results, those of another\n"
    "MLPerf Training benchmark (--benchmark; accelsel data --list), or the CSV\n"
    "file FILE.\n";

static const char epilog[] =
    "\n"
    "The profiles name their own columns cluster, size and COL_median, COL_min,\n"
    "COL_max after each numeric COL, and keep a text column's name for its most\n"
    "common value: a text column of FILE that would take one of those names is\n"
    "renamed NAME_input (a note on stderr says so), and the options name it so.\n";

static const char default_features[] =
    "log10(total_accelerators),log10(time_to_train_min),log10(throughput_img_s)";
/* On the rows of another MLPerf benchmark than ResNet-50, which have no
 * throughput in images per second. */
static const char benchmark_features[] = "log10(total_accelerators),log10(time_to_train_min)";

typedef struct cl_args {
    const char *csv, *na, *benchmark, *features, *init, *save;
    cli_list where;
    uint32_t k_min, k_max, n_init, max_iter, threads;
    int range, criterion, format;
    int raw; /* --raw: CSV cells as they are */
    int algorithm, missing, standardize; /* ACCELSEL_CLUSTER_*, ACCELSEL_MISSING_*, 0 or 1 */
    uint64_t seed;
    double tol;
} cl_args;

typedef struct cl_run {
    accelsel_dataset *ds;
    char *spec;  /* writable copy of the feature list */
    char **cols; /* column names inside spec */
    int *tr;
    size_t n_cols;
    accelsel_features *f;
    accelsel_cluster_selection *sel;
    accelsel_cluster_model *m;
    double *init;
} cl_run;

static const char *const yes_no[] = {"no", "yes", NULL};
static const char *const missing_names[] = {"drop", "impute", NULL};
static const int missing_values[] = {ACCELSEL_MISSING_DROP, ACCELSEL_MISSING_IMPUTE};
static const char *const formats[] = {"table", "csv", "json", "yaml", NULL};

#define CL_N_OPTS 19

/* The table, --k as given (N or A..B) and the default it shows. */
typedef struct cl_table {
    cli_opt opts[CL_N_OPTS];
    cli_command cmd;
    cli_names criteria, algorithms;
    const char *k;
    char k_default[24];
    int k_given, criterion_given;
} cl_table;

#define CL_UINT(opt, dst, fld, low, text) \
    {.name = opt, .kind = CLI_ARG_U32, .dest = dst, .meta = "N", .field = fld, .lo = low, \
     .hi = UINT32_MAX, .help = text}
#define CL_CHOICE(opt, m, dst, fld, names, vals, text) \
    {.name = opt, .kind = CLI_ARG_CHOICE, .dest = dst, .meta = m, .field = fld, \
     .choices = names, .values = vals, .help = text}

/* @p a holds the library's defaults (INIT) when this is called: the help shows them. */
static void cl_table_init(cl_table *t, cl_args *a)
{
    memset(t, 0, sizeof *t);
    cli_names_kselect(&t->criteria);
    cli_names_algorithms(&t->algorithms);
    snprintf(t->k_default, sizeof t->k_default, "%lu", (unsigned long)a->k_min);
    const cli_opt opts[CL_N_OPTS] = {
        {.name = "--csv", .kind = CLI_ARG_STRING, .dest = &a->csv, .meta = "FILE",
         .help = "read FILE (RFC 4180, header row) instead of the\nbuilt-in data"},
        {.name = "--na", .kind = CLI_ARG_STRING, .dest = &a->na, .meta = "LIST",
         .field = "na_values", .help = "further spellings of a missing value in FILE,\n"
                                       "comma-separated"},
        {.name = "--benchmark", .kind = CLI_ARG_STRING, .dest = &a->benchmark, .meta = "NAME",
         .field = "benchmark",
         .help = "the built-in results of MLPerf Training benchmark\nNAME (gpt3, bert, ...; "
                 "resnet is the default\ntable; all: every benchmark); with --csv, the rows\n"
                 "of FILE whose benchmark column is NAME"},
        {.name = "--where", .kind = CLI_ARG_LIST, .dest = &a->where, .meta = "EXPR",
         .help = "keep rows where COL=VALUE, or numeric COL in MIN..MAX;\nrepeatable. On the "
                 "built-in data, also\ntotal_accelerators=1.. (CPU-only systems report 0\n"
                 "accelerators)"},
        {.name = "--features", .kind = CLI_ARG_STRING, .dest = &a->features, .meta = "LIST",
         .field = "features",
         .help = "comma-separated columns; log10(COL) takes the\nlogarithm first; categorical "
                 "columns are one-hot\nencoded; @D;\non the rows of another MLPerf benchmark "
                 "(a text\ncolumn benchmark not all resnet), whose epochs\ncount no ImageNet "
                 "images,\nlog10(total_accelerators),log10(time_to_train_min)"},
        {.name = "--k", .kind = CLI_ARG_STRING, .dest = &t->k, .meta = "N|A..B", .field = "k",
         .given = &t->k_given, .shown_default = t->k_default,
         .help = "number of clusters (@D), or try every k in A..B\nand keep the best by "
                 "--criterion"},
        CL_CHOICE("--criterion", "C", &a->criterion, "criterion", t->criteria.names, t->criteria.values,
                  "silhouette (highest), ch (Calinski-Harabasz, highest),\ndb (Davies-Bouldin, "
                  "lowest), elbow (of the inertia) or\ngap (gap statistic, 10 uniform "
                  "references);\n@D"),
        CL_CHOICE("--algorithm", "A", &a->algorithm, "algorithm", t->algorithms.names, t->algorithms.values,
                  "kmeans (k-means++, --n-init restarts) or ward\n(@D)"),
        {.name = "--init", .kind = CLI_ARG_STRING, .dest = &a->init, .meta = "FILE",
         .help = "initial k-means centres: a CSV with the feature\ncolumns in original units, "
                 "one row per cluster (sets\nk; one run)"},
        CL_CHOICE("--standardize", "Y", &a->standardize, "standardize", yes_no, NULL,
                  "yes (z-score every numeric feature) or no\n(@D)"),
        CL_CHOICE("--missing", "M", &a->missing, "missing", missing_names, missing_values,
                  "drop (rows missing a feature are not clustered) or\nimpute (median, or most "
                  "common level); @D"),
        {.name = "--seed", .kind = CLI_ARG_UINT, .dest = &a->seed, .meta = "N", .field = "seed",
         .hi = UINT64_MAX, .help = "seed of the k-means++ seeding (@D)"},
        CL_UINT("--n-init", &a->n_init, "n_init", 1, "k-means restarts (@D)"),
        CL_UINT("--max-iter", &a->max_iter, "max_iter", 1, "k-means iterations at most (@D)"),
        {.name = "--tol", .kind = CLI_ARG_DOUBLE, .dest = &a->tol, .meta = "X", .field = "tol",
         .dhi = INFINITY, .want = "a number >= 0",
         .help = "relative centre-shift tolerance (@D)"},
        CL_UINT("--threads", &a->threads, "n_threads", 0, "threads, 0 = all cores (@D)"),
        {.name = "--save", .kind = CLI_ARG_STRING, .dest = &a->save, .meta = "FILE",
         .help = "also write the fitted model as YAML"},
        {.name = "--format", .kind = CLI_ARG_CHOICE, .dest = &a->format, .meta = "F",
         .choices = formats,
         .help = "table, json, csv or yaml (@D); json: labels,\ncentroids, inertia, silhouette, "
                 "calinski_harabasz,\ndavies_bouldin, profiles, ...; csv: the cluster\n"
                 "profiles; yaml: the model"},
        CLI_OPT_RAW(&a->raw),
    };
    memcpy(t->opts, opts, sizeof opts);
    t->opts[6].given = &t->criterion_given; /* --criterion */
    t->cmd = (cli_command){.name = "cluster", .usage = usage_text, .epilog = epilog,
                           .opts = t->opts, .n_opts = CL_N_OPTS};
}

/* --k: N or A..B, as the other numbers read. */
static int parse_k(const char *s, cl_args *a)
{
    uint64_t lo, hi;
    int kind = cli_parse_uint_range(s, 1, UINT32_MAX, &lo, &hi);
    if (kind < 0)
        return cli_usage_error("cluster: --k must be a whole number from 1 to 4294967295 or a "
                               "range A..B of them, not '%s'", s);
    a->range = kind;
    a->k_min = (uint32_t)lo;
    a->k_max = (uint32_t)hi;
    return CLI_OK;
}

static int parse_args(const cl_table *t, int argc, char **argv, cl_args *a)
{
    int rc = cli_args_parse(&t->cmd, argc, argv);
    if (rc == CLI_OK && t->k != NULL)
        rc = parse_k(t->k, a);
    if (rc != CLI_OK)
        return rc;
    if (a->na != NULL && a->csv == NULL)
        return cli_usage_error("cluster: --na goes with --csv (the built-in data has its own)");
    if (t->criterion_given && !a->range)
        return cli_usage_error("cluster: --criterion chooses k: it goes with --k A..B");
    return cli_set_csv_raw("cluster", a->raw, a->format);
}

static int out_of_memory(void)
{
    fputs("accelsel: cluster: out of memory\n", stderr);
    return CLI_FAIL;
}

static void run_free(cl_run *r)
{
    accelsel_cluster_model_free(r->m);
    accelsel_cluster_selection_free(r->sel);
    accelsel_features_free(r->f);
    accelsel_dataset_free(r->ds);
    free(r->spec);
    free(r->cols);
    free(r->tr);
    free(r->init);
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

/* The transform of one feature: log10(COL) takes log10 first; categorical
 * columns are one-hot; numeric ones z-scored when standardising. */
static int feature_transform(const cl_run *r, char **name, int standardize)
{
    size_t n = strlen(*name), col;
    int log = n > 7 && strncmp(*name, "log10(", 6) == 0 && (*name)[n - 1] == ')';
    if (log) {
        (*name)[n - 1] = '\0';
        *name = trim(*name + 6);
    }
    if (!log && accelsel_dataset_column_index(r->ds, *name, &col) == 0 &&
        accelsel_dataset_column_type(r->ds, col) == ACCELSEL_COLUMN_CATEGORICAL)
        return ACCELSEL_TRANSFORM_ONEHOT;
    if (log)
        return standardize ? ACCELSEL_TRANSFORM_LOG10_ZSCORE : ACCELSEL_TRANSFORM_LOG10;
    return standardize ? ACCELSEL_TRANSFORM_ZSCORE : ACCELSEL_TRANSFORM_NONE;
}

/* The default features, or on the rows of another MLPerf benchmark than
 * ResNet-50 those without throughput (with a note); @p features else. */
static const char *default_or_benchmark(const accelsel_dataset *ds, const char *features)
{
    size_t col;
    if (features != default_features || accelsel_dataset_column_index(ds, "benchmark", &col) != 0)
        return features;
    for (size_t i = 0; i < accelsel_dataset_rows(ds); i++) {
        const char *b = accelsel_dataset_string(ds, i, col);
        if (b != NULL && strcmp(b, "resnet") != 0) {
            fprintf(stderr, "accelsel: cluster: rows of an MLPerf benchmark other than "
                            "ResNet-50: the default features are %s (no throughput)\n",
                    benchmark_features);
            return benchmark_features;
        }
    }
    return features;
}

static int parse_features(cl_run *r, const cl_args *a, const char *features)
{
    size_t n = 1;
    for (const char *p = features; *p; p++)
        n += *p == ',';
    r->spec = strdup(features);
    r->cols = calloc(n, sizeof *r->cols);
    r->tr = calloc(n, sizeof *r->tr);
    if (r->spec == NULL || r->cols == NULL || r->tr == NULL)
        return out_of_memory();
    char *save = NULL;
    for (char *tok = strtok_r(r->spec, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *name = trim(tok);
        if (*name == '\0')
            continue;
        r->tr[r->n_cols] = feature_transform(r, &name, (int)a->standardize);
        r->cols[r->n_cols++] = name;
    }
    if (r->n_cols == 0)
        return cli_usage_error("cluster: --features lists no column");
    return CLI_OK;
}

/* Keep the rows matching every --where expression and, on the built-in
 * data, those with accelerators, as `rank` does. */
static int filter_rows(cl_run *r, const cl_args *a)
{
    int status = a->csv ? CLI_OK : cli_filter(&r->ds, "cluster", "total_accelerators=1..");
    for (size_t i = 0; status == CLI_OK && i < a->where.n; i++)
        status = cli_filter(&r->ds, "cluster", a->where.items[i]);
    return status;
}

static int load_data(cl_run *r, const cl_args *a)
{
    int rc, status = cli_load_dataset(&r->ds, a->csv, a->na, a->benchmark);
    if (status == CLI_OK)
        status = cli_keep_profile_names(&r->ds, "cluster");
    if (status == CLI_OK)
        status = filter_rows(r, a);
    if (status == CLI_OK)
        status = parse_features(r, a, default_or_benchmark(r->ds, a->features));
    if (status != CLI_OK)
        return status;
    accelsel_features_options fo = ACCELSEL_FEATURES_OPTIONS_INIT;
    fo.missing = a->missing;
    rc = accelsel_features_fit(&r->f, r->ds, (const char *const *)r->cols, r->tr, r->n_cols, &fo);
    return rc == 0 ? CLI_OK : cli_fail(rc, "features");
}

/* Rows of @p ds through the features into a new matrix (caller frees), with
 * the row of @p ds of each matrix row in @p kept (NULL: not wanted); errors
 * are said to come from @p what. */
static int to_matrix(const cl_run *r, const accelsel_dataset *ds, const char *what, double **x,
                     size_t *n, size_t *kept)
{
    size_t rows = accelsel_dataset_rows(ds), d = accelsel_features_dim(r->f), cells = rows * d;
    *x = malloc((cells ? cells : 1) * sizeof **x);
    if (*x == NULL)
        return out_of_memory();
    int rc = accelsel_features_transform(r->f, ds, *x, rows * d, n, kept);
    return rc == 0 ? CLI_OK : cli_fail(rc, what);
}

static void set_options(const cl_args *a, accelsel_cluster_options *o)
{
    accelsel_cluster_options_init(o, ACCELSEL_CLUSTER_OPTIONS_VERSION);
    o->algorithm = a->algorithm;
    o->k = a->k_min;
    o->n_init = a->n_init;
    o->max_iter = a->max_iter;
    o->tol = a->tol;
    o->seed = a->seed;
    o->n_threads = a->threads;
}

static int k_progress(double fraction, void *payload)
{
    cli_progress_update(payload, fraction, NULL);
    return 0;
}

static int choose_k(cl_run *r, const cl_args *a, uint32_t *k)
{
    double *x = NULL;
    size_t n = 0;
    int status = to_matrix(r, r->ds, "features", &x, &n, NULL);
    if (status == CLI_OK) {
        accelsel_cluster_options o;
        set_options(a, &o);
        /* A k range (the gap statistic above all) can take a while on a large
         * table; the bar never mixes with machine-readable output. */
        cli_progress *bar = a->format == CLI_FORMAT_TABLE ? cli_progress_new("choosing k") : NULL;
        if (bar != NULL) {
            o.progress = k_progress;
            o.payload = bar;
        }
        int rc = accelsel_cluster_select_k(&r->sel, x, n, accelsel_features_dim(r->f), a->k_min,
                                           a->k_max, a->criterion, &o);
        cli_progress_done(bar);
        status = rc == 0 ? CLI_OK : cli_fail(rc, "choosing k");
        if (rc == 0)
            *k = accelsel_cluster_selection_best_k(r->sel);
    }
    free(x);
    return status;
}

/* CLI_FAIL when the centres of @p what lack a feature in some of their
 * @p rows: only @p n were kept, those of @p kept. */
static int check_complete(const char *what, const size_t *kept, size_t n, size_t rows)
{
    if (n == rows)
        return CLI_OK;
    size_t first = 0;
    while (first < n && kept[first] == first)
        first++;
    fprintf(stderr, "accelsel: %s: data row %zu (after the header) misses a feature; %zu of its "
                    "%zu rows do\n", what, first + 1, rows - n, rows);
    return CLI_FAIL;
}

/* Initial centres from a CSV in original units, through the features; every
 * error names the file. */
static int load_init(cl_run *r, const cl_args *a, uint32_t *k, int k_given)
{
    char what[300];
    snprintf(what, sizeof what, "cluster: --init %s", a->init);
    if (cli_check_input_file(a->init) != CLI_OK)
        return CLI_FAIL;
    accelsel_dataset *c = NULL;
    int rc = accelsel_dataset_load_csv(&c, a->init, NULL);
    if (rc != 0)
        return cli_fail(rc, what);
    size_t rows = accelsel_dataset_rows(c), n = 0;
    size_t *kept = malloc((rows ? rows : 1) * sizeof *kept);
    int status = kept != NULL ? to_matrix(r, c, what, &r->init, &n, kept) : out_of_memory();
    accelsel_dataset_free(c);
    if (status == CLI_OK)
        status = check_complete(what, kept, n, rows);
    free(kept);
    if (status != CLI_OK)
        return status;
    if (k_given && n != *k)
        return cli_usage_error("cluster: --k %u but %s has %zu centres", *k, a->init, n);
    *k = (uint32_t)n;
    return CLI_OK;
}

static int fit(cl_run *r, cl_args *a, int k_given)
{
    uint32_t k = a->k_min;
    int status = CLI_OK;
    if (a->range && a->init != NULL)
        return cli_usage_error("cluster: --init sets k; it cannot go with --k A..B");
    if (a->range)
        status = choose_k(r, a, &k);
    else if (a->init != NULL)
        status = load_init(r, a, &k, k_given);
    if (status != CLI_OK)
        return status;
    a->k_min = k;
    accelsel_cluster_options o;
    set_options(a, &o);
    o.init = r->init;
    int rc = accelsel_cluster_fit_dataset(&r->m, r->ds, r->f, &o);
    if (rc != 0)
        return cli_fail(rc, "clustering");
    if (a->save != NULL && (rc = accelsel_cluster_model_save_yaml(r->m, a->save)) != 0)
        return cli_fail(rc, a->save);
    return CLI_OK;
}

static void json_numbers(FILE *f, const double *v, size_t n)
{
    fputc('[', f);
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputs(", ", f);
        cli_json_number(f, v[i]);
    }
    fputc(']', f);
}

static void json_matrix(FILE *f, const char *key, const double *v, size_t rows, size_t cols)
{
    fprintf(f, ",\n \"%s\": [", key);
    for (size_t i = 0; i < rows; i++) {
        fputs(i ? ",\n  " : "\n  ", f);
        json_numbers(f, v + i * cols, cols);
    }
    fputs("]", f);
}

static void json_names(FILE *f, const char *key, const accelsel_features *ft, int inputs)
{
    size_t n = inputs ? accelsel_features_n_inputs(ft) : accelsel_features_dim(ft);
    fprintf(f, ",\n \"%s\": [", key);
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputs(", ", f);
        cli_json_string(f, inputs ? accelsel_features_input_name(ft, i)
                                  : accelsel_features_name(ft, i));
    }
    fputs("]", f);
}

static void json_sizes(FILE *f, const char *key, const size_t *wide, const uint32_t *narrow,
                       size_t n)
{
    fprintf(f, ",\n \"%s\": [", key);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%zu", i ? ", " : "", wide ? wide[i] : (size_t)narrow[i]);
    fputs("]", f);
}

static void json_selection(FILE *f, const accelsel_cluster_selection *s)
{
    fprintf(f, ",\n \"selection\": {\"criterion\": \"%s\", \"best_k\": %u, \"table\": [",
            accelsel_kselect_name(accelsel_cluster_selection_criterion(s)),
            accelsel_cluster_selection_best_k(s));
    for (size_t i = 0; i < accelsel_cluster_selection_count(s); i++) {
        fprintf(f, "%s{\"k\": %u", i ? ",\n  " : "\n  ", accelsel_cluster_selection_k(s, i));
        for (int j = 0; j < 6; j++) {
            fprintf(f, ", \"%s\": ", accelsel_cluster_score_name(ACCELSEL_SCORE_INERTIA + j));
            cli_json_number(f, accelsel_cluster_selection_score(s, i, ACCELSEL_SCORE_INERTIA + j));
        }
        fputs("}", f);
    }
    fputs("]}", f);
}

static int print_json(FILE *f, const cl_run *r)
{
    const accelsel_cluster_model *m = r->m;
    size_t k = accelsel_cluster_model_k(m), n = accelsel_cluster_model_n_rows(m);
    size_t d = accelsel_cluster_model_dim(m), ni = accelsel_features_n_inputs(r->f);
    fprintf(f, "{\"algorithm\": \"%s\", \"k\": %zu, \"n_rows\": %zu, \"n_iter\": %u",
            accelsel_cluster_algorithm_name((uint32_t)accelsel_cluster_model_algorithm(m)), k, n,
            accelsel_cluster_model_n_iter(m));
    json_names(f, "features", r->f, 0);
    json_names(f, "inputs", r->f, 1);
    json_sizes(f, "rows", accelsel_cluster_model_row_index(m), NULL, n);
    json_sizes(f, "labels", NULL, accelsel_cluster_model_labels(m), n);
    json_matrix(f, "centroids", accelsel_cluster_model_centroids(m), k, d);
    json_matrix(f, "centroids_original", accelsel_cluster_model_centroids_original(m), k, ni);
    const double v[] = {accelsel_cluster_model_inertia(m), accelsel_cluster_model_silhouette(m),
                        accelsel_cluster_model_calinski_harabasz(m),
                        accelsel_cluster_model_davies_bouldin(m)};
    for (int i = 0; i < 4; i++) {
        fprintf(f, ",\n \"%s\": ", accelsel_cluster_score_name(ACCELSEL_SCORE_INERTIA + i));
        cli_json_number(f, v[i]);
    }
    if (r->sel != NULL)
        json_selection(f, r->sel);
    fputs(",\n \"profiles\": ", f);
    cli_print_dataset(f, accelsel_cluster_model_profiles(m), CLI_FORMAT_JSON);
    fputs("}\n", f);
    return CLI_OK;
}

static void table_selection(FILE *f, const accelsel_cluster_selection *s)
{
    static const char *const rule[] = {"highest silhouette", "highest Calinski-Harabasz",
                                       "lowest Davies-Bouldin", "elbow of the inertia",
                                       "gap statistic (Tibshirani et al. 2001)"};
    int c = accelsel_cluster_selection_criterion(s);
    fprintf(f, "\nchoice of k by %s: k = %u\n  %4s %14s %11s %18s %15s %9s %9s\n",
            rule[c - ACCELSEL_KSELECT_SILHOUETTE], accelsel_cluster_selection_best_k(s), "k",
            "inertia", "silhouette", "calinski_harabasz", "davies_bouldin", "gap", "gap_se");
    for (size_t i = 0; i < accelsel_cluster_selection_count(s); i++) {
        uint32_t k = accelsel_cluster_selection_k(s, i);
        fprintf(f, "%s %4u", k == accelsel_cluster_selection_best_k(s) ? "->" : "  ", k);
        const int w[] = {14, 11, 18, 15, 9, 9};
        for (int j = 0; j < 6; j++)
            fprintf(f, " %*.6g", w[j],
                    accelsel_cluster_selection_score(s, i, ACCELSEL_SCORE_INERTIA + j));
        fputc('\n', f);
    }
}

/* Size and original-unit centroid of each cluster, one line each. */
static void table_centroids(FILE *f, const cl_run *r)
{
    const accelsel_cluster_model *m = r->m;
    size_t k = accelsel_cluster_model_k(m), ni = accelsel_features_n_inputs(r->f);
    const double *co = accelsel_cluster_model_centroids_original(m);
    const accelsel_dataset *p = accelsel_cluster_model_profiles(m);
    fputs("\ncentroids in original units (geometric means for log10 features):\n  cluster   size",
          f);
    for (size_t i = 0; i < ni; i++) {
        fputs("  ", f);
        cli_print_text(f, accelsel_features_input_name(r->f, i));
    }
    fputc('\n', f);
    for (size_t j = 0; j < k; j++) {
        fprintf(f, "  %7zu %6.0f", j, accelsel_dataset_number(p, j, 1));
        for (size_t i = 0; i < ni; i++) {
            char name[256];
            cli_table_text(name, sizeof name, accelsel_features_input_name(r->f, i));
            int w = (int)strlen(name);
            if (isnan(co[j * ni + i]))
                fprintf(f, "  %*s", w, "(one-hot)");
            else
                fprintf(f, "  %*.6g", w, co[j * ni + i]);
        }
        fputc('\n', f);
    }
}

static int print_table(FILE *f, const cl_run *r)
{
    const accelsel_cluster_model *m = r->m;
    size_t n = accelsel_cluster_model_n_rows(m), rows = accelsel_dataset_rows(r->ds);
    fprintf(f, "%s, k = %zu, %zu of %zu rows clustered\n"
               "(clusters numbered from 0; accelsel rank differs in its defaults: it keeps\n"
               "the closed division and unique logs, derives efficiency, chooses k in 2..10,\n"
               "uses seed 42 and numbers its groups from 1)\nfeatures:",
            accelsel_cluster_model_algorithm(m) == ACCELSEL_CLUSTER_WARD ? "Ward" : "k-means",
            accelsel_cluster_model_k(m), n, rows);
    for (size_t j = 0; j < accelsel_features_dim(r->f); j++) {
        fputs(j ? ", " : " ", f);
        cli_print_text(f, accelsel_features_name(r->f, j));
    }
    fprintf(f, "\ninertia %.6g  silhouette %.4f  Calinski-Harabasz %.6g  Davies-Bouldin %.4f\n",
            accelsel_cluster_model_inertia(m), accelsel_cluster_model_silhouette(m),
            accelsel_cluster_model_calinski_harabasz(m), accelsel_cluster_model_davies_bouldin(m));
    if (r->sel != NULL)
        table_selection(f, r->sel);
    table_centroids(f, r);
    fputs("\n(every column's median, min, max and most common value per cluster:"
          " --format csv)\n",
          f);
    return CLI_OK;
}

static int print_result(const cl_run *r, int format)
{
    if (format == CLI_FORMAT_JSON)
        return print_json(stdout, r);
    if (format == CLI_FORMAT_CSV)
        return cli_print_dataset(stdout, accelsel_cluster_model_profiles(r->m), CLI_FORMAT_CSV);
    if (format == CLI_FORMAT_TABLE)
        return print_table(stdout, r);
    char *text = NULL;
    size_t len = 0;
    int rc = accelsel_cluster_model_save_yaml_buffer(r->m, &text, &len);
    if (rc != 0)
        return cli_fail(rc, "cannot format the model");
    fwrite(text, 1, len, stdout);
    accelsel_free(text);
    return CLI_OK;
}

int cli_cluster(int argc, char **argv)
{
    accelsel_cluster_options d = ACCELSEL_CLUSTER_OPTIONS_INIT; /* the library's defaults */
    accelsel_features_options fd = ACCELSEL_FEATURES_OPTIONS_INIT;
    cl_args a = {.features = default_features,
                 .k_min = d.k,
                 .k_max = d.k,
                 .n_init = d.n_init,
                 .max_iter = d.max_iter,
                 .threads = d.n_threads,
                 .criterion = ACCELSEL_KSELECT_SILHOUETTE,
                 .format = CLI_FORMAT_TABLE,
                 .algorithm = d.algorithm,
                 .missing = fd.missing,
                 .standardize = 1,
                 .seed = d.seed,
                 .tol = d.tol};
    cl_table t;
    cl_table_init(&t, &a);
    if (cli_args_help_asked(&t.cmd, argc, argv))
        return CLI_OK;
    int status = parse_args(&t, argc, argv, &a);
    cl_run r = {0};
    if (status == CLI_OK)
        status = load_data(&r, &a);
    if (status == CLI_OK)
        status = fit(&r, &a, t.k_given);
    if (status == CLI_OK)
        status = print_result(&r, a.format);
    run_free(&r);
    free(a.where.items);
    return status;
}
