/* A job spec's own rules, and the partitions it allows. */
#include <math.h>
#include <string.h>

#include "core/buf.h"
#include "core/error.h"
#include "place/job.h"

/* The largest batch, as the predictor bounds it: 2^53. */
#define BATCH_MAX 9007199254740992.0

static int check_batch(const char *field, double v)
{
    if (!(isfinite(v) && v >= 0 && v == floor(v) && v <= BATCH_MAX))
        return asel_error_field(ACCELSEL_EINVAL, field, "%s %g is not a whole number of samples "
                                "from 0 to 2^53", field, v);
    return 0;
}

static int check_size(const char *field, double v)
{
    if (!(isfinite(v) && v >= 0))
        return asel_error_field(ACCELSEL_EINVAL, field, "%s %g is negative or not finite", field, v);
    return 0;
}

static int check_pair(const char *a, double va, const char *b, double vb)
{
    if (va > 0 && vb > 0)
        return asel_error_field(ACCELSEL_EINVAL, b, "give %s or %s, not both", a, b);
    return 0;
}

int asel_place_check_spec(const accelsel_job_spec *s)
{
    int rc;
    if (s->version != ACCELSEL_JOB_SPEC_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", "unknown job spec version %u",
                                s->version);
    if (s->network == NULL)
        return asel_einval("accelsel_place_job_new", "network");
    if ((rc = check_batch("global_batch", s->global_batch)) < 0 ||
        (rc = check_batch("per_device_batch", s->per_device_batch)) < 0 ||
        (rc = check_pair("global_batch", s->global_batch, "per_device_batch",
                         s->per_device_batch)) < 0 ||
        (rc = check_size("epochs", s->epochs)) < 0 ||
        (rc = check_size("total_samples", s->total_samples)) < 0 ||
        (rc = check_pair("epochs", s->epochs, "total_samples", s->total_samples)) < 0 ||
        (rc = check_size("deadline", s->deadline)) < 0)
        return rc;
    if (s->precision != ACCELSEL_PRECISION_AUTO &&
        (s->precision < 0 || s->precision >= ACCELSEL_PRECISION_COUNT))
        return asel_error_field(ACCELSEL_EINVAL, "precision", "precision %d is not an "
                                "ACCELSEL_PRECISION_* value", s->precision);
    if (s->stack < 0 || s->stack >= ACCELSEL_STACK_COUNT)
        return asel_error_field(ACCELSEL_EINVAL, "stack", "stack %d is not an ACCELSEL_STACK_* "
                                "value", s->stack);
    if (s->max_count > 0 && s->min_count > s->max_count)
        return asel_error_field(ACCELSEL_EINVAL, "min_count", "min_count %u is above max_count %u",
                                s->min_count, s->max_count);
    return 0;
}

/* Partition @p name (@p len bytes) of a job's list into @p allowed. */
static int allow(const accelsel_place_cluster *c, const char *name, size_t len,
                 unsigned char *allowed)
{
    char buf[ACCELSEL_PARTITION_NAME_MAX + 1];
    size_t i;
    if (len == 0)
        return asel_error_field(ACCELSEL_EINVAL, "partitions", "an empty name in the list of "
                                "partitions");
    if (len > ACCELSEL_PARTITION_NAME_MAX)
        return asel_error_field(ACCELSEL_ENOTFOUND, "partitions", "no partition '%.*s...' (a "
                                "name has at most %u bytes)", ASEL_QUOTE_MAX, name,
                                ACCELSEL_PARTITION_NAME_MAX);
    memcpy(buf, name, len);
    buf[len] = '\0';
    if (accelsel_place_cluster_find(c, buf, &i) < 0)
        return asel_error_blame("partitions");
    allowed[i] = 1;
    return 0;
}

int asel_place_allowed(const accelsel_place_cluster *c, const char *list, unsigned char *allowed)
{
    if (list == NULL || list[0] == '\0') {
        memset(allowed, 1, c->n);
        return 0;
    }
    memset(allowed, 0, c->n);
    for (const char *p = list;;) {
        const char *comma = strchr(p, ',');
        size_t b = 0, e = comma ? (size_t)(comma - p) : strlen(p);
        asel_trim_blanks(p, &b, &e);
        int rc = allow(c, p + b, e - b, allowed);
        if (rc < 0 || comma == NULL)
            return rc;
        p = comma + 1;
    }
}
