/* Per-device and per-count time factors: storage and lookup. */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "accelsel/predict.h"
#include "perf/corrections.h"

int asel_perf_corr_init(asel_perf_corr *c, size_t n_dev)
{
    *c = (asel_perf_corr){ n_dev, asel_calloc(n_dev ? n_dev : 1, sizeof(double)), NULL, 0 };
    if (c->dev == NULL)
        return asel_enomem();
    asel_perf_corr_reset(c);
    return 0;
}

void asel_perf_corr_free(asel_perf_corr *c)
{
    asel_free(c->dev);
    asel_free(c->cnt);
    *c = (asel_perf_corr){ 0 };
}

void asel_perf_corr_reset(asel_perf_corr *c)
{
    for (size_t i = 0; i < c->n_dev; i++)
        c->dev[i] = 1.0;
    asel_free(c->cnt);
    c->cnt = NULL;
    c->n_cnt = 0;
}

int asel_perf_corr_reserve(asel_perf_corr *c, size_t n)
{
    asel_perf_count_corr *cnt = asel_calloc(n ? n : 1, sizeof *cnt);
    if (cnt == NULL)
        return asel_enomem();
    asel_free(c->cnt);
    c->cnt = cnt;
    c->n_cnt = 0;
    return 0;
}

int asel_perf_corr_assign(asel_perf_corr *dst, const asel_perf_corr *src)
{
    asel_perf_count_corr *cnt = asel_calloc(src->n_cnt ? src->n_cnt : 1, sizeof *cnt);
    if (cnt == NULL)
        return asel_enomem();
    if (src->n_cnt)
        memcpy(cnt, src->cnt, src->n_cnt * sizeof *cnt);
    if (dst->n_dev)
        memcpy(dst->dev, src->dev, dst->n_dev * sizeof *dst->dev);
    asel_free(dst->cnt);
    dst->cnt = cnt;
    dst->n_cnt = src->n_cnt;
    return 0;
}

static int before(const asel_perf_count_corr *e, size_t dev, double count)
{
    return e->dev < dev || (e->dev == dev && e->count < count);
}

/* The count factor of (@p dev, @p count), or NULL. */
static const asel_perf_count_corr *find_count(const asel_perf_corr *c, size_t dev, double count)
{
    size_t lo = 0, hi = c->n_cnt;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (before(&c->cnt[mid], dev, count))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < c->n_cnt && c->cnt[lo].dev == dev && c->cnt[lo].count == count ? &c->cnt[lo]
                                                                                : NULL;
}

double asel_perf_corr_factor(const asel_perf_corr *c, size_t dev, double count)
{
    double f = dev < c->n_dev ? c->dev[dev] : 1.0;
    const asel_perf_count_corr *e = find_count(c, dev, count);
    return e != NULL ? f * e->factor : f;
}

int asel_perf_corr_kind(const asel_perf_corr *c, size_t dev, double count)
{
    if (find_count(c, dev, count) != NULL)
        return ACCELSEL_CORRECTION_DEVICE_COUNT;
    return dev < c->n_dev && c->dev[dev] != 1.0 ? ACCELSEL_CORRECTION_DEVICE
                                                : ACCELSEL_CORRECTION_NONE;
}

int asel_perf_corr_get(const asel_perf_corr *c, size_t dev, double count, const char *name,
                       double *f)
{
    *f = asel_perf_corr_factor(c, dev, count);
    if (*f >= ASEL_PERF_CORR_MIN && *f <= ASEL_PERF_CORR_MAX)
        return 0;
    return asel_error(ACCELSEL_ERANGE,
                      "'%s' at %g accelerators: its corrections multiply to %g, outside [%g, %g]",
                      name, count, *f, ASEL_PERF_CORR_MIN, ASEL_PERF_CORR_MAX);
}
