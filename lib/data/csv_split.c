/* Cutting a CSV body into parts that hold whole records, so that the parts
 * can be parsed independently. A line break ends a record exactly when an
 * even number of quotes precedes it (RFC 4180 quotes open and close fields,
 * and a doubled quote counts twice), so counting quotes finds safe cuts. */
#include <string.h>

#include "data/csv_load.h"

static size_t count_quotes(const char *p, const char *end)
{
    size_t n = 0;
    while ((p = memchr(p, '"', (size_t)(end - p))) != NULL) {
        n++;
        p++;
    }
    return n;
}

/* The first record start after @p pos, given the quote parity at @p pos;
 * in->len if there is none. */
static size_t next_record(const asel_csv_input *in, size_t pos, int in_quotes)
{
    const char *d = in->data;
    while (pos < in->len) {
        char c = d[pos++];
        if (c == '"')
            in_quotes = !in_quotes;
        else if (!in_quotes && (c == '\n' || (c == '\r' && (pos == in->len || d[pos] != '\n'))))
            return pos;
    }
    return in->len;
}

size_t asel_csv_split(const asel_csv_input *in, size_t begin, size_t max_parts, size_t min_part,
                      size_t *bounds)
{
    size_t body = in->len - begin, parts = min_part ? body / min_part : max_parts, n = 1;
    parts = parts < 1 ? 1 : parts > max_parts ? max_parts : parts;
    size_t step = body / parts, scanned = begin;
    int in_quotes = 0;
    bounds[0] = begin;
    for (size_t k = 1; k < parts; k++) {
        size_t target = begin + k * step;
        if (target <= bounds[n - 1])
            continue;
        in_quotes ^= (int)(count_quotes(in->data + scanned, in->data + target) & 1);
        size_t cut = next_record(in, target, in_quotes);
        if (cut >= in->len)
            break;
        bounds[n++] = scanned = cut;
        in_quotes = 0; /* a record starts at the cut */
    }
    bounds[n] = in->len;
    return n;
}
