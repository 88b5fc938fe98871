/* accelsel rank: column lists such as "log10(accelerators),efficiency" into
 * column names and feature transforms (log10 then z-score, or the library's
 * default: z-score for numbers, one-hot for categories). */
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

void rank_spec_free(rank_spec *s)
{
    for (size_t i = 0; s->columns != NULL && i < s->n; i++)
        free(s->columns[i]);
    free(s->columns);
    free(s->transforms);
    memset(s, 0, sizeof *s);
}

static int is_space(char c)
{
    return c == ' ' || c == '\t';
}

/* One item [b, e) of the list, spaces trimmed, into slot s->n. */
static int parse_item(const char *b, const char *e, const char *option, rank_spec *s)
{
    while (b < e && is_space(*b))
        b++;
    while (e > b && is_space(e[-1]))
        e--;
    int transform = ACCELSEL_TRANSFORM_DEFAULT;
    if (e - b > 7 && strncmp(b, "log10(", 6) == 0 && e[-1] == ')') {
        transform = ACCELSEL_TRANSFORM_LOG10_ZSCORE;
        b += 6;
        e--;
    }
    if (b == e)
        return cli_usage_error("rank: %s has an empty column name", option);
    char *name = malloc((size_t)(e - b) + 1);
    if (name == NULL)
        return rank_oom();
    memcpy(name, b, (size_t)(e - b));
    name[e - b] = '\0';
    s->columns[s->n] = name;
    s->transforms[s->n++] = transform;
    return CLI_OK;
}

int rank_spec_parse(const char *text, const char *option, rank_spec *out)
{
    memset(out, 0, sizeof *out);
    size_t cap = 1;
    for (const char *p = text; *p; p++)
        cap += *p == ',';
    out->columns = calloc(cap, sizeof *out->columns);
    out->transforms = calloc(cap, sizeof *out->transforms);
    int status = out->columns && out->transforms ? CLI_OK : rank_oom();
    for (const char *b = text; status == CLI_OK; b++) {
        const char *e = strchr(b, ',');
        if (e == NULL)
            e = b + strlen(b);
        status = parse_item(b, e, option, out);
        if (*e == '\0')
            break;
        b = e;
    }
    if (status != CLI_OK)
        rank_spec_free(out);
    return status;
}
