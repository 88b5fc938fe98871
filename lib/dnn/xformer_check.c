/* Sizes of a transformer that contradict each other, reported at the later
 * of the two keys with both values, in the reader's own words. */
#include <stdarg.h>
#include <stdio.h>

#include "core/error.h"
#include "dnn/xformer.h"

static int fail_at(const asel_xf_keys *k, int field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail_at(const asel_xf_keys *k, int field, const char *fmt, ...)
{
    char msg[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return asel_net_fail(k->source, k->pos[field], ACCELSEL_EPARSE, "%s", msg);
}

/* The later key of two in the text, where the reader noticed the clash. */
static int later(const asel_xf_keys *k, int a, int b)
{
    asel_pos pa = k->pos[a], pb = k->pos[b];
    return pb.line > pa.line || (pb.line == pa.line && pb.column > pa.column) ? b : a;
}

static int clash(const asel_xf_keys *k, int a, uint64_t va, int b, uint64_t vb, const char *what)
{
    return fail_at(k, later(k, a, b), "'%s' = %llu %s '%s' = %llu", k->key[a],
                   (unsigned long long)va, what, k->key[b], (unsigned long long)vb);
}

/* A network of more blocks is refused: its layers would be built from a
 * few bytes of text, and the largest published models have some 200. */
#define MAX_BLOCKS 1024

/* Counts past 2^63 (an upper bound of the MACs per sample, in doubles):
 * ERANGE at the layers, before any layer is built. */
static int too_large(const accelsel_transformer_info *t, const asel_xf_keys *k)
{
    double h = (double)t->hidden, s = (double)t->sequence, e = t->experts ? (double)t->experts : 1;
    double block = 4 * h * h + 3 * h * (double)t->ffn * e + h * e + 16 * h + 2 * s * h +
                   6 * h * (double)t->lora_rank;
    double tables = (double)(t->vocab + t->positions + t->type_vocab) * h;
    double bound = ((double)t->layers + 2) * block * s + tables * (s + 1) + h * h * s;
    if (bound < 0x1p63)
        return 0;
    return asel_net_fail(k->source, k->pos[ASEL_XF_LAYERS], ACCELSEL_ERANGE,
                         "'%s' = %llu blocks of '%s' = %llu at sequence %llu: counts overflow "
                         "64 bits", k->key[ASEL_XF_LAYERS], (unsigned long long)t->layers,
                         k->key[ASEL_XF_HIDDEN], (unsigned long long)t->hidden,
                         (unsigned long long)t->sequence);
}

int asel_xf_check(const accelsel_transformer_info *t, const asel_xf_keys *k)
{
    if (t->layers > MAX_BLOCKS)
        return fail_at(k, ASEL_XF_LAYERS, "'%s' = %llu is above the %d blocks a network may have",
                       k->key[ASEL_XF_LAYERS], (unsigned long long)t->layers, MAX_BLOCKS);
    if (t->hidden % t->heads != 0)
        return clash(k, ASEL_XF_HEADS, t->heads, ASEL_XF_HIDDEN, t->hidden, "does not divide");
    if (t->kv_heads > t->heads || t->heads % t->kv_heads != 0)
        return clash(k, ASEL_XF_KV_HEADS, t->kv_heads, ASEL_XF_HEADS, t->heads,
                     "does not divide");
    if (t->head_dim != t->hidden / t->heads)
        return fail_at(k, ASEL_XF_HEAD_DIM, "'%s' = %llu is not '%s' / '%s' = %llu / %llu",
                       k->key[ASEL_XF_HEAD_DIM], (unsigned long long)t->head_dim,
                       k->key[ASEL_XF_HIDDEN], k->key[ASEL_XF_HEADS],
                       (unsigned long long)t->hidden, (unsigned long long)t->heads);
    if ((t->experts == 0) != (t->top_k == 0))
        return fail_at(k, t->experts == 0 ? ASEL_XF_TOP_K : ASEL_XF_EXPERTS,
                       "'%s' and '%s' go together: experts need a top-k and a top-k experts",
                       k->key[ASEL_XF_EXPERTS], k->key[ASEL_XF_TOP_K]);
    if (t->top_k > t->experts)
        return clash(k, ASEL_XF_TOP_K, t->top_k, ASEL_XF_EXPERTS, t->experts,
                     "is more than");
    if (t->positions > 0 && t->sequence > t->positions)
        return clash(k, ASEL_XF_SEQUENCE, t->sequence, ASEL_XF_POSITIONS, t->positions,
                     "is longer than the learned positions");
    if (t->lora_rank > t->hidden)
        return clash(k, ASEL_XF_LORA_RANK, t->lora_rank, ASEL_XF_HIDDEN, t->hidden,
                     "is above");
    return too_large(t, k);
}

int asel_xf_set_sequence(accelsel_transformer_info *t, uint64_t sequence, const asel_xf_keys *k)
{
    if (sequence == 0)
        return 0;
    accelsel_transformer_info at = *t;
    at.sequence = sequence;
    if (t->positions > 0 && sequence > t->positions)
        return asel_error_field(ACCELSEL_EINVAL, "sequence",
                                "sequence %llu is longer than the %llu learned positions of "
                                "'%s' (%s line %u)",
                                (unsigned long long)sequence, (unsigned long long)t->positions,
                                k->key[ASEL_XF_POSITIONS], k->source,
                                (unsigned)k->pos[ASEL_XF_POSITIONS].line);
    int rc = too_large(&at, k);
    if (rc == 0)
        t->sequence = sequence;
    return rc;
}

int asel_xf_no_sequence(const char *name, uint64_t sequence)
{
    if (sequence == 0)
        return 0;
    return asel_error_field(ACCELSEL_EINVAL, "sequence",
                            "sequence %llu: network '%.*s%s' is not built from a transformer's "
                            "sizes, so its sequence is its inputs' shape",
                            (unsigned long long)sequence, ASEL_QUOTE_MAX, name,
                            asel_ellipsis(name));
}
