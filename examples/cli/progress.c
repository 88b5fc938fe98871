/* The CLI's progress bar: one line on stderr, redrawn in place with '\r'. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"

#define BAR_WIDTH 30
#define REDRAW_NS 50000000LL /* 20 redraws a second are enough for a person to follow */

struct cli_progress {
    char label[32];
    int percent;        /* whole percent last drawn; -1 before the first draw */
    long long drawn_ns; /* monotonic time of the last draw */
    size_t width;       /* characters of the longest line drawn, cleared at the end */
};

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

cli_progress *cli_progress_new(const char *label)
{
    if (!isatty(STDERR_FILENO))
        return NULL;
    cli_progress *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    snprintf(p->label, sizeof p->label, "%s", label != NULL ? label : "");
    p->percent = -1;
    return p;
}

void cli_progress_update(cli_progress *p, double fraction, const char *detail)
{
    if (p == NULL)
        return;
    fraction = fraction > 0 ? (fraction < 1 ? fraction : 1) : 0; /* NaN becomes 0 */
    int percent = (int)(fraction * 100.0);
    long long t = now_ns();
    if (percent == p->percent && t - p->drawn_ns < REDRAW_NS)
        return;
    char bar[BAR_WIDTH + 1];
    int filled = (int)(fraction * BAR_WIDTH);
    memset(bar, '#', (size_t)filled);
    memset(bar + filled, '.', (size_t)(BAR_WIDTH - filled));
    bar[BAR_WIDTH] = '\0';
    char line[160];
    int n = snprintf(line, sizeof line, "%s [%s] %3d%%%s%.60s", p->label, bar, percent,
                     detail != NULL ? "  " : "", detail != NULL ? detail : "");
    size_t len = n < 0 ? 0 : (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
    /* Pad over the tail of a longer previous line. */
    fprintf(stderr, "\r%s%*s", line, (int)(p->width > len ? p->width - len : 0), "");
    fflush(stderr);
    p->width = len > p->width ? len : p->width;
    p->percent = percent;
    p->drawn_ns = t;
}

void cli_progress_done(cli_progress *p)
{
    if (p == NULL)
        return;
    if (p->percent >= 0) {
        fprintf(stderr, "\r%*s\r", (int)p->width, "");
        fflush(stderr);
    }
    free(p);
}
