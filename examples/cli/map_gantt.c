/* accelsel map --gantt: slots against time, one bar per layer on every slot
 * of its group, coloured by sharding strategy, with a legend. Written here
 * rather than through accelsel_plot_svg(), whose panels are scatter and line
 * plots only. Names from files are escaped; the file is written only once the
 * whole document is built. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"

#define LEFT 170.0   /* room for the slot labels */
#define PLOT_W 720.0
#define TOP 50.0
#define ROW_H 30.0
#define BAR_H 22.0

static const char *const palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
#define N_COLOURS (sizeof palette / sizeof palette[0])

static void xml_text(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default:
            /* XML 1.0 allows no control characters but tab, newline and return. */
            fputc(*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r' ? '?' : *p, f);
        }
    }
}

/* Whether layer @p l draws a bar one can see (some slot, some time). */
static int visible(const map_view_layer *l)
{
    return l->n_slots > 0 && l->end_s > l->start_s;
}

/* Index of @p strategy in the legend, added if new and @p add; *n if absent. */
static size_t strategy_index(const char **names, size_t *n, const char *strategy, int add)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp(names[i], strategy) == 0)
            return i;
    if (!add)
        return *n;
    names[*n] = strategy;
    return (*n)++;
}

/* Axis unit for a time span: seconds, milliseconds or microseconds. */
static double time_unit(double span, const char **name)
{
    if (span >= 1.0) {
        *name = "s";
        return 1.0;
    }
    *name = span >= 1e-3 ? "ms" : "us";
    return span >= 1e-3 ? 1e3 : 1e6;
}

static double tick_step(double span)
{
    double raw = span / 6.0, mag = pow(10.0, floor(log10(raw))), r = raw / mag;
    return mag * (r <= 1.0 ? 1.0 : r <= 2.0 ? 2.0 : r <= 5.0 ? 5.0 : 10.0);
}

static void draw_axis(FILE *f, double span, double bottom)
{
    const char *unit;
    double scale = time_unit(span, &unit), step = tick_step(span * scale);
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n", LEFT,
            bottom, LEFT + PLOT_W, bottom);
    for (double t = 0; t <= span * scale * (1 + 1e-9); t += step) {
        double x = LEFT + PLOT_W * t / (span * scale);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n"
                   "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n",
                x, bottom, x, bottom + 5, x, bottom + 18, t);
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">time (%s)</text>\n",
            LEFT + PLOT_W / 2, bottom + 36, unit);
}

static void draw_bars(FILE *f, const map_view *v, double span, const char **legend, size_t *n_legend)
{
    for (size_t i = 0; i < v->n_layers; i++) {
        const map_view_layer *l = &v->layers[i];
        /* The legend lists the strategies of the bars one sees; a layer of
         * no duration keeps its bar (and tooltip), grey unless its strategy
         * is listed. */
        size_t at = strategy_index(legend, n_legend, l->strategy, 0);
        const char *fill = at < *n_legend ? palette[at % N_COLOURS] : "#bbbbbb";
        double x = LEFT + PLOT_W * l->start_s / span;
        double w = PLOT_W * (l->end_s - l->start_s) / span;
        for (size_t k = 0; k < l->n_slots; k++) {
            fprintf(f, "<rect x=\"%.3f\" y=\"%.1f\" width=\"%.3f\" height=\"%.1f\" fill=\"%s\" "
                       "stroke=\"white\" stroke-width=\"0.3\"><title>",
                    x, TOP + ROW_H * (double)l->slots[k] + (ROW_H - BAR_H) / 2, w > 0 ? w : 0,
                    BAR_H, fill);
            xml_text(f, l->name);
            fputs(" (", f);
            xml_text(f, l->strategy);
            fputs(" on ", f);
            xml_text(f, l->design);
            fprintf(f, "): %.6g s to %.6g s</title></rect>\n", l->start_s, l->end_s);
        }
    }
}

static void draw_labels(FILE *f, const map_view *v)
{
    for (size_t s = 0; s < v->n_slots; s++) {
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">slot %zu: ", LEFT - 8,
                TOP + ROW_H * (double)s + ROW_H / 2 + 4, s);
        xml_text(f, v->designs[s] != NULL ? v->designs[s] : "-");
        fputs("</text>\n", f);
    }
}

static void draw_legend(FILE *f, const char **legend, size_t n, double y)
{
    for (size_t i = 0; i < n; i++) {
        double x = LEFT + 150.0 * (double)(i % 5);
        double yy = y + 20.0 * (double)(i / 5);
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\">",
                x, yy, palette[i % N_COLOURS], x + 16, yy + 11);
        xml_text(f, legend[i]);
        fputs("</text>\n", f);
    }
}

static void draw(FILE *f, const map_view *v, const char **legend)
{
    double span = v->latency_s; /* the output's transfer to the host may end the batch */
    for (size_t i = 0; i < v->n_layers; i++)
        span = fmax(span, v->layers[i].end_s);
    if (!(span > 0))
        span = 1; /* an empty or instantaneous mapping still gets an axis */
    double bottom = TOP + ROW_H * (double)v->n_slots + 4;
    size_t n_legend = 0;
    for (size_t i = 0; i < v->n_layers; i++)
        strategy_index(legend, &n_legend, v->layers[i].strategy, visible(&v->layers[i]));
    double height = bottom + 60 + 20.0 * (double)((n_legend + 4) / 5) + 10;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
               "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
               "<text x=\"%.1f\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">",
            LEFT + PLOT_W + 20, height, LEFT + PLOT_W + 20, height, LEFT + PLOT_W / 2);
    xml_text(f, v->title);
    fputs("</text>\n", f);
    draw_labels(f, v);
    draw_bars(f, v, span, legend, &n_legend);
    draw_axis(f, span, bottom);
    draw_legend(f, legend, n_legend, bottom + 48);
    fputs("</svg>\n", f);
}

int map_gantt(const char *path, const map_view *v)
{
    const char **legend = malloc((v->n_layers ? v->n_layers : 1) * sizeof *legend);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = legend != NULL ? open_memstream(&text, &len) : NULL;
    if (mem == NULL) {
        free(legend);
        fputs("accelsel: map: --gantt: out of memory\n", stderr);
        return CLI_FAIL;
    }
    draw(mem, v, legend);
    free(legend);
    int ok = fclose(mem) == 0;
    int status = ok ? map_write_file("--gantt", path, text, len) : CLI_FAIL;
    if (!ok)
        fputs("accelsel: map: --gantt: out of memory\n", stderr);
    free(text);
    return status;
}
