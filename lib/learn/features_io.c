/* A feature transform as YAML, inside a fitted model's file. Doubles are
 * written in shortest round-trip form so that a reloaded transform gives
 * bit-identical matrices. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/repeat.h"
#include "learn/features_impl.h"

static const char *const transform_names[] = {
    "default", "none", "log10", "zscore", "minmax", "log10_zscore", "onehot",
};

static void write_input(asel_buf *b, const asel_feat_input *in, int ind)
{
    asel_buf_printf(b, "%*s- name: ", ind, "");
    asel_yaml_write_scalar(b, in->name);
    asel_buf_printf(b, "\n%*s  transform: %s\n", ind, "", transform_names[in->transform]);
    if (in->type == ACCELSEL_COLUMN_CATEGORICAL) {
        asel_buf_printf(b, "%*s  impute_level: %zu\n%*s  levels:\n", ind, "", in->impute_level, ind,
                        "");
        for (size_t l = 0; l < in->n_out; l++) {
            asel_buf_printf(b, "%*s    - ", ind, "");
            asel_yaml_write_scalar(b, in->levels[l]);
            asel_buf_puts(b, "\n");
        }
        return;
    }
    const char *keys[] = {"impute", "center", "scale"};
    const double vals[] = {in->impute, in->center, in->scale};
    for (int k = 0; k < 3; k++) {
        asel_buf_printf(b, "%*s  %s: ", ind, "", keys[k]);
        asel_buf_double(b, vals[k]);
        asel_buf_puts(b, "\n");
    }
}

void asel_features_write_yaml(asel_buf *b, const accelsel_features *f, int indent)
{
    asel_buf_printf(b, "%*smissing: %s\n%*sinputs:\n", indent, "",
                    f->missing == ACCELSEL_MISSING_DROP ? "drop" : "impute", indent, "");
    for (size_t i = 0; i < f->n_inputs; i++)
        write_input(b, &f->in[i], indent + 2);
}

static int read_levels(asel_feat_input *in, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    const asel_yaml_node *seq = asel_yaml_get(map, "levels");
    if (seq == NULL)
        return asel_yaml_fail(doc, map, "missing required key 'levels'");
    int rc = asel_yaml_expect(doc, seq, ASEL_YAML_SEQ, "levels");
    if (rc == 0 && seq->n == 0)
        rc = asel_yaml_fail(doc, seq, "'levels' is empty");
    if (rc == 0)
        rc = asel_alloc_array(&in->levels, seq->n, sizeof *in->levels);
    for (size_t l = 0; rc == 0 && l < seq->n; l++) {
        const char *s;
        if ((rc = asel_yaml_as_string(doc, seq->items[l], "level", &s)) != 0)
            break;
        if ((in->levels[l] = asel_strdup(s)) == NULL)
            rc = asel_enomem();
        else
            in->n_out++;
    }
    size_t dup = SIZE_MAX, first;
    if (rc == 0)
        rc = asel_first_repeat((const char *const *)in->levels, in->n_out, &dup, &first);
    if (rc == 0 && dup != SIZE_MAX)
        rc = asel_yaml_fail(doc, seq->items[dup], "level '%s' appears twice (first at line %u)",
                            in->levels[dup], (unsigned)seq->items[first]->line);
    int64_t imp = 0;
    if (rc == 0)
        rc = asel_yaml_get_int(doc, map, "impute_level", 1, 0, (int64_t)in->n_out - 1, &imp);
    in->impute_level = (size_t)imp;
    return rc;
}

static int read_numeric(asel_feat_input *in, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    int rc = asel_yaml_get_double(doc, map, "impute", 1, -HUGE_VAL, HUGE_VAL, &in->impute);
    if (rc == 0)
        rc = asel_yaml_get_double(doc, map, "center", 1, -HUGE_VAL, HUGE_VAL, &in->center);
    if (rc == 0)
        rc = asel_yaml_get_double(doc, map, "scale", 1, -HUGE_VAL, HUGE_VAL, &in->scale);
    if (rc == 0 && !(in->scale > 0))
        rc = asel_yaml_fail(doc, asel_yaml_get(map, "scale"), "'scale' must be > 0");
    if (rc == 0 && asel_feat_is_log(in->transform) && !(in->impute > 0))
        rc = asel_yaml_fail(doc, asel_yaml_get(map, "impute"), "'impute' must be > 0 under log10");
    return rc;
}

static int read_input(asel_feat_input *in, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    static const char *const num_keys[] = {"name", "transform", "impute", "center", "scale", NULL};
    static const char *const cat_keys[] = {"name", "transform", "impute_level", "levels", NULL};
    const char *name, *t;
    int rc = asel_yaml_expect(doc, map, ASEL_YAML_MAP, "input");
    if (rc == 0)
        rc = asel_yaml_get_string(doc, map, "name", 1, &name);
    if (rc == 0)
        rc = asel_yaml_get_string(doc, map, "transform", 1, &t);
    if (rc != 0)
        return rc;
    in->transform = 0;
    for (int k = 1; k <= ACCELSEL_TRANSFORM_ONEHOT; k++)
        if (strcmp(t, transform_names[k]) == 0)
            in->transform = k;
    if (in->transform == 0)
        return asel_yaml_fail(doc, asel_yaml_get(map, "transform"), "unknown transform '%s'", t);
    if (name[0] == '\0')
        return asel_yaml_fail(doc, asel_yaml_get(map, "name"), "input 'name' is empty");
    if ((in->name = asel_strdup(name)) == NULL)
        return asel_enomem();
    int cat = in->transform == ACCELSEL_TRANSFORM_ONEHOT;
    in->type = cat ? ACCELSEL_COLUMN_CATEGORICAL : ACCELSEL_COLUMN_NUMERIC;
    if ((rc = asel_yaml_check_keys(doc, map, cat ? cat_keys : num_keys)) != 0)
        return rc;
    if (cat)
        return read_levels(in, doc, map);
    return read_numeric(in, doc, map);
}

static int read_missing(const asel_yaml_doc *doc, const asel_yaml_node *node, uint32_t *missing)
{
    const char *s;
    int rc = asel_yaml_get_string(doc, node, "missing", 1, &s);
    if (rc != 0)
        return rc;
    if (strcmp(s, "drop") == 0 || strcmp(s, "impute") == 0) {
        *missing = s[0] == 'd' ? ACCELSEL_MISSING_DROP : ACCELSEL_MISSING_IMPUTE;
        return 0;
    }
    return asel_yaml_fail(doc, asel_yaml_get(node, "missing"), "unknown missing-value policy '%s'",
                          s);
}

/* Each input names a different column (as accelsel_features_fit() requires). */
static int check_names(const accelsel_features *f, const asel_yaml_doc *doc,
                       const asel_yaml_node *seq)
{
    const char **names = NULL;
    size_t dup = SIZE_MAX, first;
    int rc = asel_alloc_array(&names, f->n_inputs, sizeof *names);
    for (size_t i = 0; rc == 0 && i < f->n_inputs; i++)
        names[i] = f->in[i].name;
    if (rc == 0)
        rc = asel_first_repeat(names, f->n_inputs, &dup, &first);
    asel_free(names);
    if (rc == 0 && dup != SIZE_MAX)
        rc = asel_yaml_fail(doc, seq->items[dup], "input '%s' appears twice (first at line %u)",
                            f->in[dup].name, (unsigned)seq->items[first]->line);
    return rc;
}

int asel_features_read_yaml(accelsel_features **out, const asel_yaml_doc *doc,
                            const asel_yaml_node *node)
{
    static const char *const keys[] = {"missing", "inputs", NULL};
    *out = NULL;
    uint32_t missing = 0;
    const asel_yaml_node *seq = NULL;
    int rc = asel_yaml_expect(doc, node, ASEL_YAML_MAP, "features");
    if (rc == 0 && (rc = asel_yaml_check_keys(doc, node, keys)) == 0 &&
        (rc = read_missing(doc, node, &missing)) == 0) {
        seq = asel_yaml_get(node, "inputs");
        rc = seq ? asel_yaml_expect(doc, seq, ASEL_YAML_SEQ, "inputs")
                 : asel_yaml_fail(doc, node, "missing required key 'inputs'");
    }
    if (rc == 0 && seq->n == 0)
        rc = asel_yaml_fail(doc, seq, "'inputs' is empty");
    accelsel_features *f = NULL;
    if (rc == 0)
        rc = asel_features_alloc(&f, seq->n);
    for (size_t i = 0; rc == 0 && i < seq->n; i++)
        rc = read_input(&f->in[i], doc, seq->items[i]);
    if (rc == 0)
        rc = check_names(f, doc, seq);
    if (rc == 0) {
        f->missing = missing;
        rc = asel_features_finish(f);
    }
    if (rc != 0)
        accelsel_features_free(f);
    else
        *out = f;
    return rc;
}
