/* Table-driven reading and writing of an entry's numeric figures. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hw/load.h"
#include "hw/slot_rules.h"

static const double *cfield_double(const void *info, const asel_hw_figure *f)
{
    return (const double *)((const char *)info + f->offset);
}

static void set_absent(void *info, const asel_hw_figure *f)
{
    char *p = (char *)info + f->offset;
    switch (f->type) {
    case ASEL_HW_F_DOUBLE:
    case ASEL_HW_F_BYTES:
        *(double *)p = NAN;
        break;
    case ASEL_HW_F_PREC:
        for (int k = 0; k < ACCELSEL_PRECISION_COUNT; k++)
            ((double *)p)[k] = NAN;
        break;
    case ASEL_HW_F_I32:
        *(int32_t *)p = 0;
        break;
    case ASEL_HW_F_U32:
        *(uint32_t *)p = 0;
        break;
    case ASEL_HW_F_U64:
        *(uint64_t *)p = 0;
        break;
    }
}

/* A size, rate or price (hw/slot_rules.h: the rule that explicit slots
 * given to the mapper keep too). */
static int read_positive(const asel_hw_loader *ld, const asel_yaml_node *node, const char *what,
                         double *out)
{
    double v;
    int rc = asel_yaml_as_double(ld->doc, node, what, -DBL_MAX, DBL_MAX, &v);
    const char *fault = rc == 0 ? asel_hw_positive_fault(v) : NULL;
    if (fault != NULL)
        return asel_yaml_fail(ld->doc, node, "'%s' %s, not %s", what, fault, node->value);
    if (rc == 0)
        *out = v;
    return rc;
}

/* A count of bytes (hw/slot_rules.h). */
static int read_bytes(const asel_hw_loader *ld, const asel_yaml_node *node, const char *what,
                      double *out)
{
    int rc = read_positive(ld, node, what, out);
    const char *fault = rc == 0 ? asel_hw_bytes_fault(*out) : NULL;
    if (fault != NULL)
        return asel_yaml_fail(ld->doc, node, "'%s' %s, not %s", what, fault, node->value);
    return rc;
}

static int read_precisions(const asel_hw_loader *ld, const asel_yaml_node *node,
                           const asel_hw_figure *f, double *out)
{
    int rc = asel_yaml_expect(ld->doc, node, ASEL_YAML_MAP, f->key);
    if (rc != 0)
        return rc;
    for (size_t i = 0; i < node->n; i++) {
        const asel_yaml_node *k = node->keys[i];
        int p = 0;
        while (p < ACCELSEL_PRECISION_COUNT && strcmp(k->value, accelsel_precision_name(p)) != 0)
            p++;
        if (p == ACCELSEL_PRECISION_COUNT)
            return asel_yaml_fail(ld->doc, k, "unknown precision '%s' in '%s' (known: fp64, fp32, "
                                  "tf32, fp16, bf16, fp8, int8)", k->value, f->key);
        char what[64];
        snprintf(what, sizeof what, "%s.%s", f->key, k->value);
        if ((rc = read_positive(ld, node->items[i], what, &out[p])) != 0)
            return rc;
    }
    return 0;
}

static int read_one(const asel_hw_loader *ld, const asel_yaml_node *node, const asel_hw_figure *f,
                    void *info)
{
    char *p = (char *)info + f->offset;
    int64_t v = 0;
    int rc;
    switch (f->type) {
    case ASEL_HW_F_DOUBLE:
        return read_positive(ld, node, f->key, (double *)p);
    case ASEL_HW_F_BYTES:
        return read_bytes(ld, node, f->key, (double *)p);
    case ASEL_HW_F_PREC:
        return read_precisions(ld, node, f, (double *)p);
    default:
        rc = asel_yaml_as_int(ld->doc, node, f->key, f->min, f->max, &v);
        if (rc != 0)
            return rc;
        if (f->type == ASEL_HW_F_I32)
            *(int32_t *)p = (int32_t)v;
        else if (f->type == ASEL_HW_F_U32)
            *(uint32_t *)p = (uint32_t)v;
        else
            *(uint64_t *)p = (uint64_t)v;
        return 0;
    }
}

int asel_hw_read_figures(const asel_hw_loader *ld, const asel_yaml_node *map,
                         const asel_hw_figure *figs, size_t n_figs, void *info)
{
    for (size_t i = 0; i < n_figs; i++) {
        const asel_hw_figure *f = &figs[i];
        set_absent(info, f);
        const asel_yaml_node *node = asel_yaml_get(map, f->key);
        if (node == NULL && f->required)
            return asel_yaml_fail(ld->doc, map, "missing required key '%s'", f->key);
        int rc = node != NULL ? read_one(ld, node, f, info) : 0;
        if (rc != 0)
            return rc;
    }
    return 0;
}

static int present(const asel_hw_figure *f, const void *info, int prec)
{
    const char *p = (const char *)info + f->offset;
    switch (f->type) {
    case ASEL_HW_F_DOUBLE:
    case ASEL_HW_F_BYTES:
        return !isnan(*(const double *)p);
    case ASEL_HW_F_PREC:
        return !isnan(((const double *)p)[prec]);
    case ASEL_HW_F_I32:
        return *(const int32_t *)p != 0;
    case ASEL_HW_F_U32:
        return *(const uint32_t *)p != 0;
    case ASEL_HW_F_U64:
        return *(const uint64_t *)p != 0;
    }
    return 0;
}

int asel_hw_figure_present(const asel_hw_figure *figs, size_t n_figs, const void *info,
                           const char *key)
{
    for (size_t i = 0; i < n_figs; i++) {
        const asel_hw_figure *f = &figs[i];
        size_t kl = strlen(f->key);
        if (strncmp(key, f->key, kl) != 0)
            continue;
        if (f->type != ASEL_HW_F_PREC && key[kl] == '\0')
            return present(f, info, 0);
        if (f->type == ASEL_HW_F_PREC && key[kl] == '.')
            for (int p = 0; p < ACCELSEL_PRECISION_COUNT; p++)
                if (strcmp(key + kl + 1, accelsel_precision_name(p)) == 0)
                    return present(f, info, p);
    }
    return 0;
}

static int computed(const accelsel_provenance *p, size_t n_given, const char *key)
{
    for (size_t i = n_given; i < p->n_derived; i++)
        if (strcmp(p->derived[i], key) == 0)
            return 1;
    return 0;
}

static void write_precisions(asel_buf *b, const asel_hw_figure *f, const double *v,
                             const accelsel_provenance *p, size_t n_given)
{
    int header = 0;
    for (int k = 0; k < ACCELSEL_PRECISION_COUNT; k++) {
        char key[64];
        snprintf(key, sizeof key, "%s.%s", f->key, accelsel_precision_name(k));
        if (isnan(v[k]) || computed(p, n_given, key))
            continue;
        if (!header)
            asel_buf_printf(b, "    %s:\n", f->key);
        header = 1;
        asel_buf_printf(b, "      %s: ", accelsel_precision_name(k));
        asel_buf_double(b, v[k]);
        asel_buf_puts(b, "\n");
    }
}

void asel_hw_write_figures(asel_buf *b, const asel_hw_figure *figs, size_t n_figs,
                           const void *info, const accelsel_provenance *p, size_t n_derived_given)
{
    for (size_t i = 0; i < n_figs; i++) {
        const asel_hw_figure *f = &figs[i];
        const char *at = (const char *)info + f->offset;
        if (f->type == ASEL_HW_F_PREC) {
            write_precisions(b, f, cfield_double(info, f), p, n_derived_given);
            continue;
        }
        if (!present(f, info, 0) || computed(p, n_derived_given, f->key))
            continue;
        if (f->type == ASEL_HW_F_DOUBLE || f->type == ASEL_HW_F_BYTES)
            asel_hw_put_double(b, f->key, *cfield_double(info, f));
        else if (f->type == ASEL_HW_F_I32)
            asel_buf_printf(b, "    %s: %d\n", f->key, (int)*(const int32_t *)at);
        else if (f->type == ASEL_HW_F_U32)
            asel_buf_printf(b, "    %s: %u\n", f->key, (unsigned)*(const uint32_t *)at);
        else
            asel_buf_printf(b, "    %s: %llu\n", f->key,
                            (unsigned long long)*(const uint64_t *)at);
    }
}
