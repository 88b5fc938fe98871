/* Column lists such as "log10(accelerators),efficiency" into column names
 * and feature transforms (log10 then z-score, or the library's default:
 * z-score for numbers, one-hot for categories). */
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "select/select_impl.h"

void asel_spec_free(asel_spec *s)
{
    for (size_t i = 0; s->columns != NULL && i < s->n; i++)
        asel_free(s->columns[i]);
    asel_free(s->columns);
    asel_free(s->transforms);
    memset(s, 0, sizeof *s);
}

/* One item [b, e) of the list, spaces trimmed, into slot s->n. */
static int parse_item(const char *b, const char *e, const char *field, asel_spec *s)
{
    size_t from = 0, to = (size_t)(e - b);
    asel_trim_blanks(b, &from, &to);
    e = b + to;
    b += from;
    int transform = ACCELSEL_TRANSFORM_DEFAULT;
    if (e - b > 7 && strncmp(b, "log10(", 6) == 0 && e[-1] == ')') {
        transform = ACCELSEL_TRANSFORM_LOG10_ZSCORE;
        b += 6;
        e--;
    }
    if (b == e)
        return asel_error_field(ACCELSEL_EPARSE, field, "an empty column name");
    if ((s->columns[s->n] = asel_strndup(b, (size_t)(e - b))) == NULL)
        return asel_enomem();
    s->transforms[s->n++] = transform;
    return 0;
}

int asel_spec_parse(const char *text, const char *field, asel_spec *out)
{
    memset(out, 0, sizeof *out);
    size_t cap = 1;
    for (const char *p = text; *p; p++)
        cap += *p == ',';
    int rc = asel_alloc_array(&out->columns, cap, sizeof *out->columns);
    if (rc == 0)
        rc = asel_alloc_array(&out->transforms, cap, sizeof *out->transforms);
    for (const char *b = text; rc == 0; b++) {
        const char *e = strchr(b, ',');
        if (e == NULL)
            e = b + strlen(b);
        rc = parse_item(b, e, field, out);
        if (*e == '\0')
            break;
        b = e;
    }
    if (rc != 0)
        asel_spec_free(out);
    return rc;
}
