/*
 * libaccelsel: ranking the rows of a dataset by several criteria (TOPSIS,
 * weighted sum, Pareto fronts) and the sensitivity of a ranking to its weights.
 *
 * Any dataset can be ranked: benchmark results, derived metrics, or the
 * profiles of fitted clusters exported as a dataset.
 *
 * Threads: this module calls no BLAS routine. Sensitivity analysis runs on its
 * own threads (n_threads); if the calling program also runs OpenBLAS work at
 * the same time, limit OpenBLAS's threads (openblas_set_num_threads(1) or the
 * environment variable OPENBLAS_NUM_THREADS=1) so the two pools do not
 * multiply. The library never changes OpenBLAS settings itself.
 */
#ifndef ACCELSEL_RANK_H
#define ACCELSEL_RANK_H

#include <stddef.h>
#include <stdint.h>

#include <accelsel/common.h>
#include <accelsel/dataset.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name Ranking methods @{ */
/** TOPSIS (Hwang and Yoon, 1981): each criterion column is divided by its
 *  Euclidean norm (vector normalisation) and multiplied by its weight; the
 *  score is the closeness coefficient D- / (D+ + D-) in [0, 1], where D+ and
 *  D- are the Euclidean distances to the ideal (best value of every criterion)
 *  and anti-ideal (worst value) rows. A criterion whose values are all 0 (zero
 *  norm) contributes 0 to both distances. If every criterion is constant over
 *  the ranked rows, D+ = D- = 0 and every row scores 0.5. */
#define ACCELSEL_RANK_TOPSIS 1
/** Weighted sum: each criterion is min-max normalised to [0, 1] over the
 *  ranked rows (1 = best: cost criteria are inverted), the score is the sum of
 *  weight x normalised value, in [0, 1]. A criterion with zero range (all
 *  values equal) contributes 0. */
#define ACCELSEL_RANK_WSUM 2
/** Pareto fronts by the fast non-dominated sort of Deb et al. (2002): front 1
 *  holds the rows no other row dominates, front 2 those dominated only by front
 *  1, and so on. Row a dominates row b when a is at least as good on every
 *  criterion and strictly better on one; rows equal on every criterion share a
 *  front. The score is 1 / front, so rows rank front by front; weights only
 *  select the criteria (weight 0 leaves a criterion out). Time for N rows
 *  and K criteria of non-zero weight: O(N log N) for K <= 2 (sort and sweep),
 *  O(N log^2 N) for K = 3 (divide and conquer with a Fenwick tree; Jensen,
 *  2003), and O(N^2 K) for K >= 4 (the dominated sets recomputed rather than
 *  stored); O(N) memory. */
#define ACCELSEL_RANK_PARETO 3
/** @} */

/** @name Criterion directions @{ */
#define ACCELSEL_CRITERION_BENEFIT 1 /**< larger values are better */
#define ACCELSEL_CRITERION_COST 2    /**< smaller values are better */
/** @} */

/** One ranking criterion: a numeric column, its weight and its direction.
 *  Plain data; new members would come with new functions, never appended. */
typedef struct accelsel_criterion {
    const char *column; /**< name of a numeric column; not kept by the library */
    double weight;      /**< finite, >= 0; weights are normalised to sum 1; 0 leaves the criterion out */
    int32_t direction;  /**< ACCELSEL_CRITERION_BENEFIT or ACCELSEL_CRITERION_COST */
} accelsel_criterion;

/** Parse criteria from text, as the CLI's --criteria option takes them:
 *  `COLUMN:WEIGHT:DIRECTION[,COLUMN:WEIGHT:DIRECTION...]`, DIRECTION being
 *  `benefit` or `cost`, e.g. `"time_min:2:cost,n_accel:1:cost"`. Spaces and
 *  tabs around each field are ignored. The last two ':' of an item separate
 *  its fields, so a column name may contain ':' (but not ','). WEIGHT is a
 *  decimal number (locale-independent).
 *
 *  @param[out] out   array of @p *n criteria in text order, with the column
 *                    names stored in the same block: free it all with one
 *                    accelsel_free(). NULL on failure.
 *  @param[out] n     number of criteria (at least 1); 0 on failure.
 *  @param[in]  text  NUL-terminated; not kept.
 *  @return 0;
 *          ACCELSEL_EINVAL if an argument is NULL or a weight is negative or
 *              infinite (the message gives its position);
 *          ACCELSEL_EPARSE for empty text, an empty item or column, a missing
 *              field, a weight that is not a number or a direction other than
 *              benefit/cost (source "<criteria>", line 1, column = byte offset);
 *          ACCELSEL_ERANGE if a weight overflows a double;
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_criteria_parse(accelsel_criterion **out, size_t *n, const char *text);

/** The name of method @p method ("topsis", "wsum", "pareto"), or NULL for an
 *  unknown value. Static storage. */
ACCELSEL_API const char *accelsel_rank_method_name(int method);

/** How people call method @p method: "TOPSIS", "weighted sum" or "Pareto
 *  fronts"; NULL for an unknown value. Static storage. */
ACCELSEL_API const char *accelsel_rank_method_title(int method);

/** The method called @p name ("topsis", "wsum" or "pareto", exact lower case).
 *  @param[in]  name    NUL-terminated; not kept.
 *  @param[out] method  the ACCELSEL_RANK_ value; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_ENOTFOUND for an
 *          unknown name (the message names it).
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_rank_method_from_name(const char *name, int *method);

/** @name Missing-value policies (accelsel_rank_options.missing) @{ */
/** Rows with a missing (NaN) value in any criterion of non-zero weight are
 *  left out of the ranking: score NaN, rank 0, front 0; they are counted by
 *  accelsel_ranking_excluded_count(). The default. */
#define ACCELSEL_RANK_MISSING_EXCLUDE 0
/** A missing value is an error: ACCELSEL_EDATA naming the column and row. */
#define ACCELSEL_RANK_MISSING_ERROR 1
/** @} */

/** @name Secondary criteria of tied rows (accelsel_rank_options.ties)
 *  Rows whose scores are exactly equal are listed by one of these, then by
 *  dataset order. @{ */
/** Their Pareto front among themselves: the non-dominated sort applied to
 *  the tied rows only, so that a tied row another tied row dominates comes
 *  after it (under the Pareto method tied rows share a front, so this is the
 *  dataset order). The default. */
#define ACCELSEL_RANK_TIES_DOMINANCE 0
/** Dataset order alone. */
#define ACCELSEL_RANK_TIES_ROW_ORDER 1
/** Higher TOPSIS closeness on the same criteria and weights first (the rows
 *  of one Pareto front, which all score 1 / front, are told apart by it). */
#define ACCELSEL_RANK_TIES_TOPSIS 2
/** @} */

/** Options for accelsel_ranking_compute(). Initialise with
 *  ACCELSEL_RANK_OPTIONS_INIT or accelsel_rank_options_init(); fields are only
 *  ever appended, and a struct of an earlier version is read up to its own
 *  fields (the later ones take their defaults). */
typedef struct accelsel_rank_options {
    unsigned int version; /**< ACCELSEL_RANK_OPTIONS_VERSION, or 1 */
    uint32_t missing;     /**< ACCELSEL_RANK_MISSING_EXCLUDE (default) or _ERROR */
    /** 1 to compute the Pareto front of every ranked row whatever the method
     *  (the time of ACCELSEL_RANK_PARETO, above), for
     *  accelsel_ranking_fronts(); 0 (default) computes them only for
     *  ACCELSEL_RANK_PARETO, which needs them for its scores. The ranking
     *  itself (scores, order, ranks) is the same either way. */
    uint32_t pareto_fronts;
    /** Since version 2: the secondary criterion of tied rows,
     *  ACCELSEL_RANK_TIES_DOMINANCE (default), _ROW_ORDER or _TOPSIS. */
    uint32_t ties;
    /** Since version 2: 1 to give rows with exactly equal scores one rank,
     *  1 + the number of rows with a strictly better score (the order is the
     *  same); 0 (default) gives every ranked row its place, 1 up. */
    uint32_t shared_ranks;
} accelsel_rank_options;

#define ACCELSEL_RANK_OPTIONS_VERSION 2
#define ACCELSEL_RANK_OPTIONS_INIT                                                                 \
    { ACCELSEL_RANK_OPTIONS_VERSION, ACCELSEL_RANK_MISSING_EXCLUDE, 0,                            \
      ACCELSEL_RANK_TIES_DOMINANCE, 0 }

/** Fill @p opts with the defaults of @p version.
 *  @param[out] opts     the options to fill; untouched on failure.
 *  @param[in]  version  ACCELSEL_RANK_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION if this
 *          library does not know @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_rank_options_init(accelsel_rank_options *opts, unsigned int version);

/** sizeof(accelsel_rank_options) in this library, for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_rank_options_size(void);

/** The ranking of a dataset's rows: scores, ranks, order and Pareto fronts.
 *  Immutable once computed: any number of threads may read one ranking. It
 *  keeps no pointer to the dataset. */
typedef struct accelsel_ranking accelsel_ranking;

/** Rank the rows of @p ds by @p criteria with @p method.
 *
 *  Rows are ordered by score, higher first. Rows whose scores are exactly
 *  equal are ordered by the secondary criterion of @p opts->ties (by default
 *  their Pareto front among themselves), then by dataset order. Rows equal on
 *  every criterion always tie and keep their dataset order. Under TOPSIS and
 *  the weighted sum a row that dominates another scores higher in exact
 *  arithmetic, so the dominance step only matters where rounding makes
 *  scores equal. Every ranked row gets a distinct rank from 1 (best) up, its
 *  place in that order, or with @p opts->shared_ranks the rank it shares with
 *  the rows of equal score.
 *
 *  Time: O(N K + N log N) for TOPSIS and the weighted sum, plus O(t^2 K) for
 *  each group of t tied rows; plus the fronts' time (ACCELSEL_RANK_PARETO:
 *  O(N log N) up to O(N^2 K) by K) for the Pareto method, or for any method
 *  when @p opts->pareto_fronts is 1 (N ranked rows, K criteria).
 *
 *  @param[out] out         the new ranking, freed with accelsel_ranking_free();
 *                          NULL on any failure.
 *  @param[in]  ds          the dataset; only read, not kept.
 *  @param[in]  criteria    @p n_criteria criteria, each naming a different
 *                          numeric column; copied.
 *  @param[in]  n_criteria  at least 1.
 *  @param[in]  method      ACCELSEL_RANK_TOPSIS, _WSUM or _PARETO.
 *  @param[in]  opts        NULL for defaults.
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument, @p n_criteria 0, an unknown
 *              @p method or direction, a weight that is NaN, infinite or
 *              negative, all weights zero, a column named twice or a bad
 *              @p opts field (missing or ties not one of their values,
 *              pareto_fronts or shared_ranks not 0 or 1; accelsel_error.field
 *              names the parameter or member, "criteria" or "missing", and
 *              the message the entry, e.g. "criteria[1].weight");
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_EEMPTY if @p ds has no rows, or no row has a value for every criterion;
 *          ACCELSEL_ENOTFOUND for an unknown column (the message names it);
 *          ACCELSEL_ETYPE for a categorical column (the message names it);
 *          ACCELSEL_EDATA for an infinite value, or a missing one under
 *              ACCELSEL_RANK_MISSING_ERROR (the message names column and 0-based row);
 *          ACCELSEL_ENOMEM (nothing leaks).
 *  Thread safety: may be called from any thread; @p ds may be shared with
 *  other readers meanwhile. */
ACCELSEL_API int accelsel_ranking_compute(accelsel_ranking **out, const accelsel_dataset *ds,
                                          const accelsel_criterion *criteria, size_t n_criteria,
                                          int method, const accelsel_rank_options *opts);

/** The method the ranking was computed with; ACCELSEL_EINVAL if @p r is NULL
 *  (the error names it).
 *  @param[in] r  the ranking; only read. */
ACCELSEL_API int accelsel_ranking_method(const accelsel_ranking *r);

/** Number of rows of the ranked dataset (the length of the per-row arrays);
 *  0 if @p r is NULL. */
ACCELSEL_API size_t accelsel_ranking_rows(const accelsel_ranking *r);

/** Number of rows that received a rank; 0 if @p r is NULL. */
ACCELSEL_API size_t accelsel_ranking_ranked_count(const accelsel_ranking *r);

/** Number of rows left out for missing values; 0 if @p r is NULL. */
ACCELSEL_API size_t accelsel_ranking_excluded_count(const accelsel_ranking *r);

/** Number of Pareto fronts among the ranked rows; 0 if @p r is NULL or the
 *  fronts were not computed (see accelsel_ranking_fronts()). */
ACCELSEL_API size_t accelsel_ranking_front_count(const accelsel_ranking *r);

/** Score of every row (accelsel_ranking_rows() values, higher is better; NaN
 *  for excluded rows); see the ACCELSEL_RANK_ methods for their scales.
 *  NULL if @p r is NULL. Valid until @p r is freed. */
ACCELSEL_API const double *accelsel_ranking_scores(const accelsel_ranking *r);

/** Rank of every row (accelsel_ranking_rows() values: 1 = best, 0 = excluded).
 *  NULL if @p r is NULL. Valid until @p r is freed. */
ACCELSEL_API const size_t *accelsel_ranking_ranks(const accelsel_ranking *r);

/** The ranked rows' indices in the dataset, best first
 *  (accelsel_ranking_ranked_count() values). NULL if @p r is NULL. Valid until
 *  @p r is freed. */
ACCELSEL_API const size_t *accelsel_ranking_order(const accelsel_ranking *r);

/** Pareto front of every row (accelsel_ranking_rows() values: 1 =
 *  non-dominated, 0 = excluded), over all ranked rows. Computed for
 *  ACCELSEL_RANK_PARETO, and for the other methods only when
 *  accelsel_rank_options.pareto_fronts was 1; otherwise NULL. NULL also if
 *  @p r is NULL. Valid until @p r is freed. */
ACCELSEL_API const size_t *accelsel_ranking_fronts(const accelsel_ranking *r);

/** Number of criteria the ranking was given; 0 if @p r is NULL. */
ACCELSEL_API size_t accelsel_ranking_criterion_count(const accelsel_ranking *r);

/** The weights actually used, in criteria order, normalised to sum 1
 *  (accelsel_ranking_criterion_count() values). NULL if @p r is NULL. Valid
 *  until @p r is freed. */
ACCELSEL_API const double *accelsel_ranking_weights(const accelsel_ranking *r);

/** Free a ranking. Accepts NULL. Every pointer it handed out becomes invalid;
 *  no other thread may be using it. */
ACCELSEL_API void accelsel_ranking_free(accelsel_ranking *r);

/** Kendall's rank correlation tau-b of two samples, with the correction for
 *  ties of either sample (as scipy.stats.kendalltau's default), computed in
 *  O(n log n) (Knight, 1966).
 *  @param[in]  x, y  @p n values each; compared exactly.
 *  @param[in]  n     at least 2.
 *  @param[out] tau   in [-1, 1]; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or @p n < 2;
 *          ACCELSEL_EDATA for a NaN value, or if either sample is constant
 *              (tau-b is undefined then);
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_kendall_tau_b(const double *x, const double *y, size_t n, double *tau);

/** Options for accelsel_sensitivity_compute(). Initialise with
 *  ACCELSEL_SENSITIVITY_OPTIONS_INIT or accelsel_sensitivity_options_init();
 *  fields are only ever appended. */
typedef struct accelsel_sensitivity_options {
    unsigned int version;  /**< ACCELSEL_SENSITIVITY_OPTIONS_VERSION */
    uint32_t n_samples;    /**< perturbed weight vectors to draw, >= 1; default 1000 */
    uint32_t n_threads;    /**< worker threads; 0 = all online cores (default) */
    uint64_t seed;         /**< random seed; default 42 */
    double perturbation;   /**< relative half-width X of the perturbation, in [0, 1); default 0.2 (+-20%) */
} accelsel_sensitivity_options;

#define ACCELSEL_SENSITIVITY_OPTIONS_VERSION 1
#define ACCELSEL_SENSITIVITY_OPTIONS_INIT { ACCELSEL_SENSITIVITY_OPTIONS_VERSION, 1000, 0, 42, 0.2 }

/** Fill @p opts with the defaults of @p version.
 *  @param[out] opts     the options to fill; untouched on failure.
 *  @param[in]  version  ACCELSEL_SENSITIVITY_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION if this
 *          library does not know @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_sensitivity_options_init(accelsel_sensitivity_options *opts,
                                                   unsigned int version);

/** sizeof(accelsel_sensitivity_options) in this library, for bindings to check
 *  their layout. Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_sensitivity_options_size(void);

/** How stable a ranking is under perturbed weights. Immutable: any number of
 *  threads may read one. */
typedef struct accelsel_sensitivity accelsel_sensitivity;

/** Re-rank the rows of @p base under @p opts->n_samples random weight vectors
 *  and compare each with @p base.
 *
 *  Sample s multiplies every weight w_j of @p base by 1 + u_j, u_j drawn
 *  uniformly in [-X, X) (X = @p opts->perturbation), and renormalises the
 *  weights to sum 1 (weights of 0 stay 0). The rows are scored again by the
 *  method of @p base on the same data and compared with the base scores by
 *  Kendall's tau-b (accelsel_kendall_tau_b()); when every row ties in both
 *  scorings they agree and tau is 1, when every row ties in only one of them
 *  tau is 0 (no pair is ordered alike). Sample s also counts as keeping the
 *  top-1 when its best row, ties broken as in accelsel_ranking_compute(), is
 *  the best row of @p base (a tie at the top is broken by the secondary
 *  criterion of @p base for dominance and row order; under
 *  ACCELSEL_RANK_TIES_TOPSIS by row order, the samples' TOPSIS closeness not
 *  being computed). A Pareto ranking does not depend on the weights,
 *  so it is always stable (tau 1).
 *
 *  Each sample draws from its own random stream (seed, s), so the results are
 *  identical for the same seed whatever @p opts->n_threads.
 *
 *  @param[out] out       the result, freed with accelsel_sensitivity_free(); NULL on failure.
 *  @param[in]  base      the ranking to perturb; only read.
 *  @param[in]  opts      NULL for defaults.
 *  @param[in]  progress  NULL, or called on the calling thread after each batch
 *                        of samples with the fraction done (0, 1]; returning
 *                        non-zero stops the computation with ACCELSEL_ECANCELED.
 *  @param[in]  payload   passed to @p progress unchanged.
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument, n_samples 0 or a perturbation
 *              outside [0, 1) or NaN (the message names the field);
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_EDATA if @p base ranked fewer than 2 rows;
 *          ACCELSEL_ECANCELED if @p progress asked to stop;
 *          ACCELSEL_ENOMEM (nothing leaks).
 *  Thread safety: may be called from any thread; @p base may be shared. */
ACCELSEL_API int accelsel_sensitivity_compute(accelsel_sensitivity **out,
                                              const accelsel_ranking *base,
                                              const accelsel_sensitivity_options *opts,
                                              int (*progress)(double fraction, void *payload),
                                              void *payload);

/** Number of samples drawn; 0 if @p s is NULL. */
ACCELSEL_API size_t accelsel_sensitivity_samples(const accelsel_sensitivity *s);

/** The relative half-width of the weight perturbation the samples were
 *  drawn with (accelsel_sensitivity_options.perturbation); NaN if @p s is
 *  NULL. */
ACCELSEL_API double accelsel_sensitivity_perturbation(const accelsel_sensitivity *s);

/** Mean of the samples' tau-b; NaN if @p s is NULL. */
ACCELSEL_API double accelsel_sensitivity_tau_mean(const accelsel_sensitivity *s);

/** Smallest tau-b over the samples; NaN if @p s is NULL. */
ACCELSEL_API double accelsel_sensitivity_tau_min(const accelsel_sensitivity *s);

/** Fraction of samples (in [0, 1]) whose best row is the base ranking's best
 *  row; NaN if @p s is NULL. */
ACCELSEL_API double accelsel_sensitivity_top1_fraction(const accelsel_sensitivity *s);

/** The tau-b of every sample, in sample order (accelsel_sensitivity_samples()
 *  values). NULL if @p s is NULL. Valid until @p s is freed. */
ACCELSEL_API const double *accelsel_sensitivity_taus(const accelsel_sensitivity *s);

/** Free a sensitivity result. Accepts NULL. Every pointer it handed out becomes
 *  invalid; no other thread may be using it. */
ACCELSEL_API void accelsel_sensitivity_free(accelsel_sensitivity *s);

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_RANK_H */
