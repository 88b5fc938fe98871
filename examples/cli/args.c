/* The table-driven argument parser of every command (args.h). */
#include <stdlib.h>
#include <string.h>

#include "accelsel/cluster.h"
#include "args.h"

/* The option of @p c that @p arg names (--name, --name=value or -s). */
static const cli_opt *find(const cli_command *c, const char *arg, size_t len)
{
    for (size_t i = 0; i < c->n_opts; i++) {
        const cli_opt *o = &c->opts[i];
        if (strlen(o->name) == len && strncmp(arg, o->name, len) == 0)
            return o;
        if (o->short_name != 0 && len == 2 && arg[0] == '-' && arg[1] == o->short_name)
            return o;
    }
    return NULL;
}

static int bad_value(const cli_command *c, const cli_opt *o, const char *v, const char *want)
{
    if (c->value_first)
        return cli_usage_error("%s: %s '%s' is not %s", c->name, o->name, v,
                               o->want != NULL ? o->want : want);
    return cli_usage_error("%s: %s must be %s, not '%s'", c->name, o->name,
                           o->want != NULL ? o->want : want, v);
}

static int uint_value(const cli_command *c, const cli_opt *o, const char *v)
{
    uint64_t u;
    if (cli_parse_uint(v, o->lo, o->hi, &u) == 0) {
        if (o->kind == CLI_ARG_U32)
            *(uint32_t *)o->dest = (uint32_t)u;
        else
            *(uint64_t *)o->dest = u;
        return CLI_OK;
    }
    char want[64];
    snprintf(want, sizeof want, "an integer from %llu to %llu", (unsigned long long)o->lo,
             (unsigned long long)o->hi);
    return bad_value(c, o, v, want);
}

static int double_value(const cli_command *c, const cli_opt *o, const char *v)
{
    double x;
    if (cli_parse_number(v, &x) != 0 || x < o->dlo || (o->lo_open && x == o->dlo) ||
        x > o->dhi)
        return bad_value(c, o, v, "a number in range");
    *(double *)o->dest = x;
    return CLI_OK;
}

/* The choices of @p o as "a, b or c" in @p out. */
static void choice_names(const cli_opt *o, char *out, size_t cap)
{
    size_t n = 0, at = 0;
    while (o->choices[n] != NULL)
        n++;
    out[0] = '\0';
    for (size_t i = 0; i < n && at < cap; i++) {
        snprintf(out + at, cap - at, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
                 o->choices[i]);
        at = strlen(out);
    }
}

static int choice_value(const cli_command *c, const cli_opt *o, const char *v)
{
    for (size_t i = 0; o->choices[i] != NULL; i++)
        if (strcmp(v, o->choices[i]) == 0) {
            *(int *)o->dest = o->values != NULL ? o->values[i] : (int)i;
            return CLI_OK;
        }
    char names[256];
    choice_names(o, names, sizeof names);
    return bad_value(c, o, v, names);
}

static int list_value(const cli_opt *o, const char *v)
{
    cli_list *l = o->dest;
    const char **items = realloc(l->items, (l->n + 1) * sizeof *items);
    if (items == NULL) {
        fputs("accelsel: out of memory\n", stderr);
        return CLI_FAIL;
    }
    items[l->n++] = v;
    l->items = items;
    return CLI_OK;
}

static int set_value(const cli_command *c, const cli_opt *o, const char *v)
{
    if (*v == '\0' && !o->empty_ok)
        return cli_usage_error("%s: %s needs a value (see accelsel %s --help)", c->name, o->name,
                               c->name);
    switch (o->kind) {
    case CLI_ARG_UINT:
    case CLI_ARG_U32: return uint_value(c, o, v);
    case CLI_ARG_DOUBLE: return double_value(c, o, v);
    case CLI_ARG_CHOICE: return choice_value(c, o, v);
    case CLI_ARG_LIST: return list_value(o, v);
    default: *(const char **)o->dest = v; return CLI_OK;
    }
}

static int parse_option(const cli_command *c, int argc, char **argv, int *i)
{
    const char *arg = argv[*i], *eq = strchr(arg, '=');
    size_t len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
    const cli_opt *o = find(c, arg, len);
    if (o == NULL)
        return cli_usage_error("%s: unknown option '%s' (see accelsel %s --help)", c->name, arg,
                               c->name);
    if (o->given != NULL)
        *o->given = 1;
    if (o->kind == CLI_ARG_FLAG) {
        if (eq != NULL)
            return cli_usage_error("%s: %s takes no value", c->name, o->name);
        *(int *)o->dest = 1;
        return CLI_OK;
    }
    const char *v = eq != NULL ? eq + 1 : *i + 1 < argc ? argv[++*i] : NULL;
    if (v == NULL)
        return cli_usage_error("%s: %s needs a value (see accelsel %s --help)", c->name,
                               o->name, c->name);
    return set_value(c, o, v);
}

static int positional(const cli_command *c, const char *arg)
{
    if (c->positional == NULL || *c->n_positional == c->max_positional)
        return cli_usage_error("%s: unexpected argument '%s'", c->name, arg);
    c->positional[(*c->n_positional)++] = arg;
    return CLI_OK;
}

/* The options of the command being run by the library field each feeds,
 * kept by cli_args_parse() (one command runs per process) for cli_fail(),
 * which runs after the table is gone: names and fields are literals. */
#define CLI_MAX_FIELDS 48
static struct {
    const char *command, *field[CLI_MAX_FIELDS], *option[CLI_MAX_FIELDS];
    size_t n;
} blame;

static void keep_fields(const cli_command *c)
{
    blame.command = c->name;
    blame.n = 0;
    for (size_t i = 0; i < c->n_opts && blame.n < CLI_MAX_FIELDS; i++)
        if (c->opts[i].field != NULL) {
            blame.field[blame.n] = c->opts[i].field;
            blame.option[blame.n++] = c->opts[i].name;
        }
}

int cli_args_parse(const cli_command *c, int argc, char **argv)
{
    keep_fields(c);
    if (c->n_positional != NULL)
        *c->n_positional = 0;
    for (int i = 1; i < argc; i++) {
        int rc = argv[i][0] == '-' && argv[i][1] != '\0' ? parse_option(c, argc, argv, &i)
                                                         : positional(c, argv[i]);
        if (rc != CLI_OK)
            return rc;
    }
    return CLI_OK;
}

int cli_args_help_asked(const cli_command *c, int argc, char **argv)
{
    if (!cli_wants_help(argc, argv))
        return 0;
    cli_args_help(c, stdout);
    return 1;
}

/* "default V" for the value @p o holds now. */
static void default_text(const cli_opt *o, char *out, size_t cap)
{
    if (o->shown_default != NULL)
        snprintf(out, cap, "default %s", o->shown_default);
    else if (o->kind == CLI_ARG_UINT)
        snprintf(out, cap, "default %llu", (unsigned long long)*(const uint64_t *)o->dest);
    else if (o->kind == CLI_ARG_U32)
        snprintf(out, cap, "default %lu", (unsigned long)*(const uint32_t *)o->dest);
    else if (o->kind == CLI_ARG_DOUBLE)
        snprintf(out, cap, "default %g", *(const double *)o->dest);
    else if (o->kind == CLI_ARG_CHOICE) {
        int v = *(const int *)o->dest;
        for (size_t i = 0; o->choices[i] != NULL; i++)
            if ((o->values != NULL ? o->values[i] : (int)i) == v)
                snprintf(out, cap, "default %s", o->choices[i]);
    } else {
        const char *s = *(const char *const *)o->dest;
        snprintf(out, cap, "default %s", s != NULL ? s : "none");
    }
}

#define HELP_INDENT 26 /* the column where descriptions start */
#define HELP_WIDTH 80

/* Write @p text from column *col, breaking after a comma where the line
 * would pass HELP_WIDTH: a default list stays readable and whole. */
static void put_wrapped(FILE *f, const char *text, size_t *col)
{
    while (*text != '\0') {
        size_t item = strcspn(text, ",");
        item += text[item] == ',';
        if (*col + item > HELP_WIDTH && *col > HELP_INDENT) {
            fprintf(f, "\n%*s", HELP_INDENT, "");
            *col = HELP_INDENT;
            text += *text == ' ';
            item -= item > 0 && text[-1] == ' ';
        }
        fprintf(f, "%.*s", (int)item, text);
        *col += item;
        text += item;
    }
}

/* The help lines of @p o, each after the indent of the descriptions. */
static void option_help(const cli_opt *o, FILE *f)
{
    char head[64], def[1024] = "";
    snprintf(head, sizeof head, "%s%s%s", o->name, o->meta != NULL ? " " : "",
             o->meta != NULL ? o->meta : "");
    fprintf(f, "  %-24s", head);
    if (strlen(head) > 23)
        fprintf(f, "\n%*s", HELP_INDENT, "");
    const char *mark = strstr(o->help, "@D");
    if (mark != NULL)
        default_text(o, def, sizeof def);
    size_t col = HELP_INDENT;
    for (const char *p = o->help; *p; p++, col++) {
        if (p == mark) {
            put_wrapped(f, def, &col);
            p++;
            col--;
        } else if (*p == '\n') {
            fprintf(f, "\n%*s", HELP_INDENT, "");
            col = HELP_INDENT - 1;
        } else {
            fputc(*p, f);
        }
    }
    fputc('\n', f);
}

void cli_args_help(const cli_command *c, FILE *f)
{
    fputs(c->usage, f);
    for (size_t i = 0; i < c->n_opts; i++)
        if (c->opts[i].help != NULL) /* else the epilog or the command documents it */
            option_help(&c->opts[i], f);
    if (c->epilog != NULL)
        fputs(c->epilog, f);
}

const char *cli_args_option_of(const char *field, const char **command)
{
    for (size_t i = 0; field != NULL && i < blame.n; i++)
        if (strcmp(blame.field[i], field) == 0) {
            *command = blame.command;
            return blame.option[i];
        }
    return NULL;
}

/* The values from @p first on while @p name_of names them. */
static void names_from(cli_names *out, int first, const char *(*name_of)(int))
{
    size_t n = 0;
    for (int v = first; n + 1 < sizeof out->names / sizeof *out->names && name_of(v); v++) {
        out->names[n] = name_of(v);
        out->values[n++] = v;
    }
    out->names[n] = NULL;
}

void cli_names_kselect(cli_names *out)
{
    names_from(out, ACCELSEL_KSELECT_SILHOUETTE, accelsel_kselect_name);
}

static const char *algorithm_name(int v)
{
    return accelsel_cluster_algorithm_name((uint32_t)v);
}

void cli_names_algorithms(cli_names *out)
{
    names_from(out, ACCELSEL_CLUSTER_KMEANS, algorithm_name);
}
