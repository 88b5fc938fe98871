/*
 * libaccelsel: status codes, error detail, versions and memory.
 * Every other public header includes this one.
 */
#ifndef ACCELSEL_COMMON_H
#define ACCELSEL_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Marks a function exported from libaccelsel.so; everything else is hidden. */
#if defined(__GNUC__) || defined(__clang__)
#define ACCELSEL_API __attribute__((visibility("default")))
#else
#define ACCELSEL_API
#endif

/** Version of the headers; accelsel_version() gives the library's. */
#define ACCELSEL_VERSION_MAJOR 0
#define ACCELSEL_VERSION_MINOR 1
#define ACCELSEL_VERSION_PATCH 0
/** MAJOR * 10000 + MINOR * 100 + PATCH, for comparisons in the preprocessor. */
#define ACCELSEL_VERSION_NUMBER                                                   \
    (ACCELSEL_VERSION_MAJOR * 10000 + ACCELSEL_VERSION_MINOR * 100 + ACCELSEL_VERSION_PATCH)

/** Worker threads: an `n_threads` option (0 = all online cores) starts at
 *  most one thread per task, and never more than the online cores or this
 *  many, whichever is more, so that a request such as (uint32_t)-1 cannot
 *  exhaust the host's threads. Results never depend on the thread count. */
#define ACCELSEL_MAX_THREADS 256

/** @name Status codes
 *  Every fallible function returns 0 on success or one of these negative
 *  codes. New codes may be added in later versions: treat any unknown
 *  negative value as a generic failure and show accelsel_strerror(). @{ */
#define ACCELSEL_OK 0           /**< success */
#define ACCELSEL_EINVAL (-1)    /**< an argument is NULL, out of range or inconsistent */
#define ACCELSEL_ENOMEM (-2)    /**< memory ran out; nothing was changed or leaked */
#define ACCELSEL_EIO (-3)       /**< a file could not be read or written */
#define ACCELSEL_EPARSE (-4)    /**< malformed input text; the detail has line and column */
#define ACCELSEL_ENOTFOUND (-5) /**< a named column, device, model or entry does not exist */
#define ACCELSEL_ERANGE (-6)    /**< a number does not fit the type or the allowed range */
#define ACCELSEL_EINFEASIBLE (-7) /**< the problem has no solution under its constraints */
#define ACCELSEL_ECANCELED (-8) /**< a progress callback asked to stop */
#define ACCELSEL_EVERSION (-9)  /**< an options struct or file of an unknown version */
#define ACCELSEL_ETYPE (-10)    /**< a column or value has the wrong type (e.g. categorical used as numeric) */
#define ACCELSEL_EEMPTY (-11)   /**< no rows or no items left to work on */
#define ACCELSEL_EDATA (-12)    /**< data unusable as asked: non-finite values, zero variance, too few distinct points */
/** @} */

/** Static English text for a status code; never NULL (unknown codes get a generic text).
 *  @param[in] code  a status code.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_strerror(int code);

/** The symbolic name of a status code, e.g. "ACCELSEL_EPARSE"; "ACCELSEL_UNKNOWN"
 *  for codes this version does not know. Static storage; never NULL.
 *  @param[in] code  a status code.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_status_name(int code);

/** Detail of the most recent failure on the calling thread. */
typedef struct accelsel_error {
    int code;            /**< the status that was returned, or 0 if none yet */
    const char *message; /**< one line, no trailing newline; "" if none */
    const char *source;  /**< file path or "<buffer>" for parse errors; NULL otherwise */
    uint32_t line;       /**< 1-based line of a parse error; 0 if not applicable */
    uint32_t column;     /**< 1-based column (in bytes) of a parse error; 0 if not applicable */
    /** The member of the options or request struct, or the parameter, at
     *  fault, spelled as in the header ("k_min", "features", "batch"; "req"
     *  for a NULL request); NULL when no one field is to blame (never for
     *  ACCELSEL_ENOMEM). The message never starts with "field: ", so that a
     *  front end may put the field in its own terms (a command-line option,
     *  a keyword argument) before it. */
    const char *field;
} accelsel_error;

/** The calling thread's last error detail.
 *  @return a pointer to thread-local storage, never NULL. It stays valid and
 *          unchanged until this thread calls another libaccelsel function that
 *          fails (successful calls leave it as it was).
 *  Thread safety: each thread sees only its own errors. */
ACCELSEL_API const accelsel_error *accelsel_last_error(void);

/** Version of the library at run time, as "MAJOR.MINOR.PATCH".
 *  @param[out] major, minor, patch  each may be NULL; set to the numbers.
 *  @return static storage, never NULL.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_version(int *major, int *minor, int *patch);

/** A replacement memory allocator (for embedding, accounting and failure tests).
 *  The three functions follow malloc/realloc/free semantics; they receive
 *  `payload` unchanged and must be thread-safe if the library is used from
 *  several threads. */
typedef struct accelsel_allocator {
    unsigned int version; /**< ACCELSEL_ALLOCATOR_VERSION */
    void *(*malloc_fn)(size_t size, void *payload);
    void *(*realloc_fn)(void *ptr, size_t size, void *payload);
    void (*free_fn)(void *ptr, void *payload);
    void *payload;
} accelsel_allocator;

#define ACCELSEL_ALLOCATOR_VERSION 1

/** Route every allocation of the library through @p allocator (copied), or back
 *  to the C library's malloc when @p allocator is NULL.
 *  Call it before any other libaccelsel function, or when no handle is alive:
 *  memory is always freed with the allocator that gave it.
 *  @param[in] allocator  the functions and their payload, or NULL; not kept
 *                        (the payload is kept and passed to every call).
 *  @return 0; ACCELSEL_EINVAL if a function pointer is NULL (the message names
 *          it); ACCELSEL_EVERSION for an unknown @p allocator->version. On
 *          failure the allocator in use is unchanged.
 *  Thread safety: not thread-safe; this is process-wide configuration. */
ACCELSEL_API int accelsel_set_allocator(const accelsel_allocator *allocator);

/** Free memory that a libaccelsel function handed to the caller (strings,
 *  buffers, arrays). Accepts NULL. Never use free() on such memory.
 *  @param[in] ptr  the memory; not usable afterwards.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API void accelsel_free(void *ptr);

/** @name Numbers as the library writes and summarises them @{ */

/** Bytes that accelsel_format_double() needs at most, the NUL included. */
#define ACCELSEL_FORMAT_DOUBLE_SIZE 32

/** The text every file the library writes (CSV, YAML, fitted models) gives
 *  @p v: the shortest decimal that reads back as exactly @p v ("%.*g" with
 *  up to 17 digits), in plain notation where that is at most two characters
 *  longer (60, not 6e+01), with a '.' in an exponent form's mantissa
 *  (1.0e-05, which YAML 1.1 reads as a number); "nan", "inf" or "-inf" for
 *  values that are not finite. Locale-independent.
 *  @param[out] out  the text, NUL-terminated; untouched on failure.
 *  @param[in]  cap  bytes at @p out: at least ACCELSEL_FORMAT_DOUBLE_SIZE.
 *  @param[in]  v    any double.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p out or a @p cap under
 *          ACCELSEL_FORMAT_DOUBLE_SIZE (accelsel_error.field "out" or "cap").
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_format_double(char *out, size_t cap, double v);

/** Quantiles of @p v as the library takes them (the calibration's median
 *  and p90 error, the group profiles' medians, the imputed medians): linear
 *  interpolation between the closest ranks (Hyndman and Fan's type 7,
 *  numpy's default method 'linear'). With the m values of @p v that are not
 *  NaN sorted ascending, s[0] <= ... <= s[m-1], quantile q lies at h = q (m
 *  - 1) and is s[floor h] + (h - floor h) (s[floor h + 1] - s[floor h]); the
 *  median (q = 0.5) of an even m is the mean of the middle two. Infinite
 *  values take part: a quantile on or beyond one is infinite (NaN only
 *  strictly between -inf and +inf).
 *  @param[in]  v    @p n values; NaN ones are skipped (missing); not changed.
 *  @param[in]  n    number of values; may be 0.
 *  @param[in]  q    @p n_q quantiles, each in [0, 1] (0.5 is the median).
 *  @param[in]  n_q  number of quantiles; may be 0.
 *  @param[out] out  @p n_q results, out[k] for q[k]; NaN where no value is
 *                   left. Untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p v with @p n > 0, a NULL @p q or
 *          @p out with @p n_q > 0, or a q[k] outside [0, 1] or NaN (the
 *          message gives k; accelsel_error.field names the argument);
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_quantiles(const double *v, size_t n, const double *q, size_t n_q,
                                    double *out);
/** @} */

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_COMMON_H */
