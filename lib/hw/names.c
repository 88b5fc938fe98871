/* Names as a person types them: the normal form that lookups fall back to
 * when a name is not in the index (docs/catalog-format.md, "Names people
 * type"). */
#include <string.h>

#include "hw/catalog_impl.h"

/* Words that name a maker, a brand or the kind of part, not the part: they
 * are dropped from both sides of a comparison. "r" and "tm" are what is
 * left of "(R)" and "(TM)". */
static const char *const noise[] = {
    "nvidia", "amd", "intel", "google", "habana", "huawei", "graphcore", "xilinx", "tesla",
    "geforce", "radeon", "instinct", "gpu", "cpu", "processor", "accelerator", "tensor", "core",
    "r", "tm", "cloud", "ai",
};

static int is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Letters, digits, '.' ("PCIe 4.0", "2.20GHz") and '+' ("8480+") make up
 * words; anything else separates them. */
static int is_word(char c)
{
    return is_alpha(c) || is_digit(c) || c == '.' || c == '+';
}

static int all_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!is_digit(s[i]))
            return 0;
    return n > 0;
}

static int is_noise(const char *w, size_t n)
{
    for (size_t i = 0; i < sizeof noise / sizeof noise[0]; i++)
        if (noise[i][0] == w[0] && strlen(noise[i]) == n && memcmp(noise[i], w, n) == 0)
            return 1;
    return 0;
}

/* A memory unit written after a number: "80GB", "80 GB", "80G", "80GiB". */
static int is_gb_unit(const char *w, size_t n)
{
    return (n == 1 && w[0] == 'g') || (n == 2 && memcmp(w, "gb", 2) == 0) ||
           (n == 3 && memcmp(w, "gib", 3) == 0);
}

/* Append word @p w (@p n bytes) as a new token; 0 when it does not fit. */
static int push(asel_hw_norm *out, size_t *used, const char *w, size_t n)
{
    if (out->n == ASEL_HW_NORM_TOKENS || *used + n + 1 > sizeof out->text)
        return 0;
    memcpy(out->text + *used, w, n);
    out->text[*used + n] = '\0';
    out->tok[out->n++] = out->text + *used;
    *used += n + 1;
    return 1;
}

int asel_hw_normalise(asel_hw_norm *out, const char *s)
{
    out->n = 0;
    out->compact[0] = '\0';
    size_t used = 0, clen = 0;
    char word[ASEL_HW_NORM_CHARS];
    while (*s) {
        if (!is_word(*s)) {
            s++;
            continue;
        }
        size_t n = 0;
        for (; is_word(*s); s++) {
            if (n + 4 >= sizeof word) /* room for a "gb" suffix */
                return 0;
            word[n++] = is_alpha(*s) ? (char)(*s | 0x20) : *s;
        }
        if (is_noise(word, n))
            continue;
        /* "80GB", "80G", "80GiB" -> "80gb"; "80" "GB" -> "80gb". */
        size_t d = 0;
        while (d < n && is_digit(word[d]))
            d++;
        if (d > 0 && d < n && is_gb_unit(word + d, n - d)) {
            memcpy(word + d, "gb", 2);
            n = d + 2;
        } else if (is_gb_unit(word, n) && out->n > 0) {
            const char *prev = out->tok[out->n - 1];
            size_t lp = strlen(prev);
            if (all_digits(prev, lp) && used + 2 <= sizeof out->text &&
                clen + 3 <= sizeof out->compact) {
                /* Grow the last token in place: it ends the text. */
                memcpy(out->text + used - 1, "gb", 3);
                used += 2;
                memcpy(out->compact + clen, "gb", 3);
                clen += 2;
                continue;
            }
        }
        if (!push(out, &used, word, n) || clen + n + 1 > sizeof out->compact)
            return 0;
        memcpy(out->compact + clen, word, n);
        clen += n;
        out->compact[clen] = '\0';
    }
    return 1;
}

/* Tokens are compared as multisets: each of @p a's is matched to a distinct
 * equal one of @p b's. */
static int same_tokens(const asel_hw_norm *a, const asel_hw_norm *b)
{
    if (a->n != b->n)
        return 0;
    int taken[ASEL_HW_NORM_TOKENS] = {0};
    for (size_t i = 0; i < a->n; i++) {
        size_t j = 0;
        while (j < b->n && (taken[j] || strcmp(a->tok[i], b->tok[j]) != 0))
            j++;
        if (j == b->n)
            return 0;
        taken[j] = 1;
    }
    return 1;
}

int asel_hw_norm_equal(const asel_hw_norm *q, const asel_hw_norm *c)
{
    if (q->n == 0 || c->n == 0)
        return 0;
    return strcmp(q->compact, c->compact) == 0 || same_tokens(q, c);
}

/* Query word @p t stands for candidate word @p c if they are equal, or if
 * @p t is a word of letters and @p c is it followed by a number: "sxm"
 * for "sxm5", "gaudi" for "gaudi2". */
static int covers(const char *t, const char *c)
{
    size_t lt = strlen(t), lc = strlen(c);
    if (lt == lc)
        return memcmp(t, c, lt) == 0;
    if (lt < 2 || lt > lc || memcmp(t, c, lt) != 0)
        return 0;
    for (size_t i = 0; i < lt; i++)
        if (!is_alpha(t[i]))
            return 0;
    return all_digits(c + lt, lc - lt);
}

/* Whether word @p t is a memory size ("24gb") of @p memory_bytes, as N GiB
 * or N GB (the catalog stores "N GB" as N GiB, 141 GB as published). */
static int is_memory_of(const char *t, double memory_bytes)
{
    size_t n = strlen(t);
    if (n < 3 || n > 8 || memcmp(t + n - 2, "gb", 2) != 0 || !all_digits(t, n - 2))
        return 0;
    double gb = 0;
    for (size_t i = 0; i + 2 < n; i++)
        gb = 10 * gb + (t[i] - '0');
    return memory_bytes == gb * 1073741824.0 || memory_bytes == gb * 1e9;
}

int asel_hw_norm_within(const asel_hw_norm *q, const asel_hw_norm *c, double memory_bytes)
{
    if (q->n == 0)
        return 0;
    for (size_t i = 0; i < q->n; i++) {
        if (is_memory_of(q->tok[i], memory_bytes))
            continue;
        size_t j = 0;
        while (j < c->n && !covers(q->tok[i], c->tok[j]))
            j++;
        if (j == c->n)
            return 0;
    }
    return 1;
}

const char *asel_hw_norm_model(const asel_hw_norm *n)
{
    for (size_t i = 0; i < n->n; i++)
        for (const char *p = n->tok[i]; *p; p++)
            if (is_digit(*p))
                return n->tok[i];
    return n->n > 0 ? n->tok[0] : "";
}
