/* accelsel recommend: the answer as a table for a terminal and as JSON. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "recommend.h"

double cli_rec_num(const accelsel_recommendation *r, size_t row, const char *name)
{
    const accelsel_dataset *t = accelsel_recommendation_table(r);
    size_t col;
    return accelsel_dataset_column_index(t, name, &col) == 0
               ? accelsel_dataset_number(t, row, col) : NAN;
}

const char *cli_rec_str(const accelsel_recommendation *r, size_t row, const char *name)
{
    const accelsel_dataset *t = accelsel_recommendation_table(r);
    size_t col;
    return accelsel_dataset_column_index(t, name, &col) == 0
               ? accelsel_dataset_string(t, row, col) : NULL;
}

/* How much less a run of the first choice costs than one of @p row, in %. */
static double saving(const accelsel_recommendation *r, size_t row)
{
    double rec = cli_rec_num(r, accelsel_recommendation_order(r)[0], "cost_per_run_usd");
    return 100 * (1 - rec / cli_rec_num(r, row, "cost_per_run_usd"));
}

static void workload_line(FILE *f, const recommend_run *run)
{
    fputs("workload:", f);
    for (size_t i = 0; i < run->n_work; i++)
        fprintf(f, "%s %s x %g a month", i ? "," : "",
                accelsel_network_name(run->work[i].network), run->work[i].runs_per_month);
    fputc('\n', f);
}

static void excluded_line(FILE *f, const accelsel_recommendation *r)
{
    size_t n, rows = accelsel_dataset_rows(accelsel_recommendation_table(r));
    const accelsel_exclusion *e = accelsel_recommendation_exclusions(r, &n);
    fprintf(f, "candidates: %zu, feasible %zu, excluded %zu", rows,
            accelsel_recommendation_count(r), rows - accelsel_recommendation_count(r));
    const char *seen[16];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = 0, count = 0;
        while (j < k && strcmp(seen[j], e[i].constraint) != 0)
            j++;
        if (j < k || k == 16)
            continue;
        seen[k++] = e[i].constraint;
        for (size_t m = 0; m < n; m++)
            count += strcmp(e[m].constraint, e[i].constraint) == 0;
        fprintf(f, "%s %s %zu", k == 1 ? " (breaking" : ",", e[i].constraint, count);
    }
    fputs(k ? ")\n" : "\n", f);
}

/* A figure for the table: "-" when missing. */
static const char *fig(char *buf, size_t n, int decimals, double v)
{
    if (isnan(v))
        return "-";
    snprintf(buf, n, "%.*f", decimals, v);
    return buf;
}

static void row_line(FILE *f, const accelsel_recommendation *r, size_t row, size_t rank)
{
    char name[44], price[32], unc[32];
    cli_table_text(name, sizeof name, cli_rec_str(r, row, "name"));
    const char *way = cli_rec_str(r, row, "acquire"), *inst = cli_rec_str(r, row, "instance");
    fprintf(f, "%4zu  %-42s %9.3f %9.2f %10s %9.2f %-4s %7s\n", rank, name,
            cli_rec_num(r, row, "time_to_train_min"), cli_rec_num(r, row, "energy_kwh"),
            fig(price, sizeof price, 0, cli_rec_num(r, row, "purchase_usd")),
            cli_rec_num(r, row, "cost_per_run_usd"), way,
            fig(unc, sizeof unc, 1, cli_rec_num(r, row, "uncertainty_pct")));
    if (strcmp(way, "rent") == 0 && inst != NULL) {
        fputs("      renting ", f);
        cli_print_text(f, inst);
        fputc('\n', f);
    }
}

static void nothing_feasible(FILE *f, const accelsel_recommendation *r)
{
    int64_t miss = accelsel_recommendation_closest_miss(r);
    fputs("nothing is feasible", f);
    if (miss < 0) {
        fputs(": every candidate lacks a figure it needs\n", f);
        return;
    }
    fprintf(f, "; the binding constraint is %s: the closest miss, ",
            accelsel_recommendation_binding_constraint(r));
    cli_print_text(f, cli_rec_str(r, (size_t)miss, "name"));
    double v = cli_rec_num(r, (size_t)miss, "constraint_value"),
           l = cli_rec_num(r, (size_t)miss, "constraint_limit");
    fprintf(f, ", has %g against a limit of %g\n", v, l);
}

static void summaries(FILE *f, const recommend_run *run)
{
    const accelsel_recommendation *r = run->r;
    size_t np;
    const size_t *p = accelsel_recommendation_pareto(r, &np);
    fprintf(f, "\nPareto front, time against cost per run (%zu):\n", np);
    for (size_t i = 0; i < np; i++) {
        fputs("  ", f);
        cli_print_text(f, cli_rec_str(r, p[i], "name"));
        fprintf(f, ": %.3f min, %.2f USD\n", cli_rec_num(r, p[i], "time_to_train_min"),
                cli_rec_num(r, p[i], "cost_per_run_usd"));
    }
    fputs("\nrules of thumb under the same constraints (cost per run):\n", f);
    for (int b = 0; b < ACCELSEL_BASELINE_COUNT; b++) {
        int64_t row = accelsel_recommendation_baseline(r, b);
        if (!run->baseline_shown[b] || row < 0)
            continue;
        fprintf(f, "  %-18s ", accelsel_baseline_name(b));
        cli_print_text(f, cli_rec_str(r, (size_t)row, "name"));
        double pct = saving(r, (size_t)row);
        fprintf(f, ": %.2f USD; the first choice costs %.1f%% %s\n",
                cli_rec_num(r, (size_t)row, "cost_per_run_usd"), fabs(pct),
                pct >= 0 ? "less" : "more (it is ranked on time, energy and price too)");
    }
    double be = accelsel_recommendation_break_even_months(r);
    if (isnan(be))
        fputs("break-even of buying against renting the first choice: unknown (a price is "
              "missing)\n", f);
    else if (isinf(be))
        fputs("break-even: renting the first choice never costs more than buying it\n", f);
    else if (be > 12 * run->a->o.years)
        fprintf(f, "break-even: buying the first choice costs less than renting it after "
                   "%.1f months, beyond the %g years it is paid off over\n", be,
                run->a->o.years);
    else
        fprintf(f, "break-even: buying the first choice costs less than renting it after "
                   "%.1f months\n", be);
    double s = accelsel_recommendation_price_stability(r);
    if (!isnan(s))
        fprintf(f, "prices moved by up to +-%g%%: the first choice stays first in %.1f%% of "
                   "%u draws\n", 100 * run->a->o.price_perturbation, 100 * s,
                (unsigned)run->a->o.price_samples);
}

int cli_recommend_table(FILE *f, const recommend_run *run)
{
    const accelsel_recommendation *r = run->r;
    workload_line(f, run);
    excluded_line(f, r);
    size_t n = accelsel_recommendation_count(r);
    if (n == 0)
        nothing_feasible(f, r);
    else
        fprintf(f, "\n%4s  %-42s %9s %9s %10s %9s %-4s %7s\n", "rank", "configuration",
                "time min", "kWh", "price USD", "run USD", "way", "unc. %");
    for (size_t i = 0; i < n && i < run->a->top; i++)
        row_line(f, r, accelsel_recommendation_order(r)[i], i + 1);
    if (n > 0)
        summaries(f, run);
    fputc('\n', f);
    for (size_t i = 0; i < accelsel_recommendation_note_count(r); i++)
        fprintf(f, "Note: %s\n", accelsel_recommendation_note(r, i));
    return CLI_OK;
}
