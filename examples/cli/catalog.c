/* accelsel catalog: list the hardware catalog (built-in or a file), show one
 * entry, or validate a catalog file. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "args.h"
#include "catalog_print.h"

static const char usage_text[] =
    "usage: accelsel catalog list [--type devices|designs|links|systems] [--catalog FILE]\n"
    "                             [--format table|json|yaml]\n"
    "       accelsel catalog show NAME [--catalog FILE] [--format table|json|yaml]\n"
    "       accelsel catalog validate FILE [--format table|json]\n"
    "\n"
    "  list       every entry of the catalog (or of one list, with --type)\n"
    "  show NAME  the device, design, link or system called NAME (a name or an\n"
    "             alias such as an MLPerf accelerator spelling; case is ignored)\n"
    "  validate   read FILE and report its entries, or the first error with its line\n"
    "\n";

typedef struct catalog_args {
    const char *words[2]; /* the action and its NAME or FILE */
    size_t n_words;
    const char *action, *target, *file, *type;
    int format;
} catalog_args;

static const char *const formats[] = {"table", "json", "yaml", NULL};
static const int format_values[] = {CLI_FORMAT_TABLE, CLI_FORMAT_JSON, CLI_FORMAT_YAML};

#define CATALOG_N_OPTS 3

static void catalog_table(cli_opt *t, cli_command *c, catalog_args *a)
{
    const cli_opt opts[CATALOG_N_OPTS] = {
        {.name = "--type", .kind = CLI_ARG_STRING, .dest = &a->type, .meta = "LIST",
         .help = "list: only devices, designs, links or systems"},
        {.name = "--catalog", .kind = CLI_ARG_STRING, .dest = &a->file, .meta = "FILE",
         .help = "the built-in catalog with FILE merged over it, as in\nevery command: an entry "
                 "of FILE replaces the\nbuilt-in entry of its name; an alias of FILE's\nentry "
                 "that names a built-in entry that stays is\nleft to that entry, so an entry "
                 "copied with\nshow NAME --format yaml and renamed adds a device\n(validate "
                 "reads FILE on its own)"},
        {.name = "--format", .kind = CLI_ARG_CHOICE, .dest = &a->format, .meta = "F",
         .choices = formats, .values = format_values,
         .help = "table, json or yaml (@D; yaml writes catalog\nYAML)"},
    };
    memcpy(t, opts, sizeof opts);
    *c = (cli_command){.name = "catalog", .usage = usage_text, .opts = t,
                       .n_opts = CATALOG_N_OPTS, .positional = a->words, .max_positional = 2,
                       .n_positional = &a->n_words};
}

static int parse(const cli_command *c, int argc, char **argv, catalog_args *a)
{
    int rc = cli_args_parse(c, argc, argv);
    if (rc != CLI_OK)
        return rc;
    a->action = a->n_words > 0 ? a->words[0] : NULL;
    a->target = a->n_words > 1 ? a->words[1] : NULL;
    if (a->action == NULL)
        return cli_usage_error("catalog: say list, show NAME or validate FILE (see --help)");
    int wants_target = strcmp(a->action, "list") != 0;
    if (wants_target != (a->target != NULL))
        return cli_usage_error("catalog: %s %s", a->action,
                               wants_target ? "needs an argument" : "takes no argument");
    return CLI_OK;
}

/* Write @p cat as YAML, or only the entries named in @p names when n > 0. */
static int print_yaml(const accelsel_catalog *cat, const char *const *names, size_t n)
{
    accelsel_catalog *part = NULL;
    int rc = n > 0 ? accelsel_catalog_select(&part, cat, names, n) : 0;
    char *text = NULL;
    if (rc == 0)
        rc = accelsel_catalog_save_buffer(part != NULL ? part : cat, &text, NULL);
    accelsel_catalog_free(part);
    if (rc != 0)
        return cli_fail(rc, "cannot write YAML");
    fputs(text, stdout);
    accelsel_free(text);
    return CLI_OK;
}

/* Names of every entry of one list, for --type with --format yaml. */
static int yaml_of_list(const accelsel_catalog *cat, int list)
{
    size_t n = cli_catalog_count(cat, list);
    const char **names = calloc(n ? n : 1, sizeof *names);
    if (names == NULL)
        return cli_usage_error("catalog: out of memory");
    for (size_t i = 0; i < n; i++)
        names[i] = cli_catalog_name(cat, list, i);
    /* An empty list selects nothing: write an empty catalog, not the whole one. */
    int rc = n > 0 ? print_yaml(cat, names, n) : (fputs("version: 1\n", stdout), CLI_OK);
    free(names);
    return rc;
}

static int list(const accelsel_catalog *cat, const catalog_args *a)
{
    int only = -1;
    if (a->type != NULL && (only = cli_catalog_list_of(a->type)) < 0)
        return cli_usage_error("catalog: unknown --type '%s' (devices, designs, links, systems)",
                               a->type);
    if (a->format == CLI_FORMAT_YAML)
        return only < 0 ? print_yaml(cat, NULL, 0) : yaml_of_list(cat, only);
    if (a->format == CLI_FORMAT_JSON)
        return cli_catalog_json(stdout, cat, only);
    for (int l = 0; l < CLI_CATALOG_LISTS; l++)
        if (only < 0 || only == l)
            cli_catalog_table(stdout, cat, l, only < 0);
    return CLI_OK;
}

static int show(const accelsel_catalog *cat, const catalog_args *a);

/* 1 if @p text begins with @p family (ASCII case ignored, as names are
 * matched everywhere) followed by its end, a space, '-' or '_'. */
static int in_family(const char *text, const char *family)
{
    size_t n = strlen(family);
    if (strncasecmp(text, family, n) != 0)
        return 0;
    return text[n] == '\0' || text[n] == ' ' || text[n] == '-' || text[n] == '_';
}

static int device_in_family(const accelsel_device_info *d, const char *family)
{
    if (in_family(d->name, family))
        return 1;
    for (size_t i = 0; i < d->n_aliases; i++)
        if (in_family(d->aliases[i], family))
            return 1;
    return 0;
}

/* A family spelling, as the data's accelerator_family ("NVIDIA H100"): one
 * member is shown, several are listed; none is the library's not-found. */
static int show_family(const accelsel_catalog *cat, const catalog_args *a)
{
    size_t n = accelsel_catalog_device_count(cat), members = 0, last = 0;
    for (size_t i = 0; i < n; i++)
        if (device_in_family(accelsel_catalog_device(cat, i), a->target)) {
            members++;
            last = i;
        }
    if (members == 0) {
        size_t i;
        return cli_fail(accelsel_catalog_find_device(cat, a->target, &i), a->target);
    }
    if (members == 1) {
        catalog_args one = *a;
        one.target = accelsel_catalog_device(cat, last)->name;
        return show(cat, &one);
    }
    if (a->format == CLI_FORMAT_TABLE) {
        putchar('\'');
        cli_print_text(stdout, a->target);
        printf("' is a family of %zu devices in the catalog; 'accelsel catalog show NAME' "
               "shows one:\n", members);
    } else {
        fputs(a->format == CLI_FORMAT_JSON ? "{\"family\": " : "family: ", stdout);
        cli_json_string(stdout, a->target);
        fputs(a->format == CLI_FORMAT_JSON ? ", \"members\": [" : "\nmembers:\n", stdout);
    }
    for (size_t i = 0, k = 0; i < n; i++) {
        const accelsel_device_info *d = accelsel_catalog_device(cat, i);
        if (!device_in_family(d, a->target))
            continue;
        if (a->format == CLI_FORMAT_JSON) {
            fputs(k++ ? ", " : "", stdout);
            cli_json_string(stdout, d->name);
        } else {
            fputs(a->format == CLI_FORMAT_TABLE ? "  " : "  - ", stdout);
            if (a->format == CLI_FORMAT_TABLE)
                cli_print_text(stdout, d->name);
            else
                cli_json_string(stdout, d->name);
            fputc('\n', stdout);
        }
    }
    if (a->format == CLI_FORMAT_JSON)
        fputs("]}\n", stdout);
    return CLI_OK;
}

static int show(const accelsel_catalog *cat, const catalog_args *a)
{
    size_t found = 0;
    for (int l = 0; l < CLI_CATALOG_LISTS; l++)
        found += cli_catalog_find(cat, l, a->target) >= 0;
    if (found == 0)
        return show_family(cat, a);
    if (a->format == CLI_FORMAT_YAML)
        return print_yaml(cat, &a->target, 1);
    if (a->format == CLI_FORMAT_JSON)
        return cli_catalog_show_json(stdout, cat, a->target);
    cli_catalog_show_text(stdout, cat, a->target);
    return CLI_OK;
}

static int validate(const catalog_args *a)
{
    if (a->file != NULL)
        return cli_usage_error("catalog: validate takes its FILE as argument, not --catalog");
    if (a->format == CLI_FORMAT_YAML)
        return cli_usage_error("catalog: validate writes table or json");
    if (cli_check_input_file(a->target) != CLI_OK)
        return CLI_FAIL;
    accelsel_catalog *cat = NULL;
    int rc = accelsel_catalog_load_file(&cat, a->target);
    if (rc != 0 && a->format == CLI_FORMAT_JSON)
        cli_print_invalid_json(stdout, a->target, rc);
    if (rc != 0)
        return cli_fail(rc, "invalid catalog");
    size_t n[CLI_CATALOG_LISTS];
    for (int l = 0; l < CLI_CATALOG_LISTS; l++)
        n[l] = cli_catalog_count(cat, l);
    if (a->format == CLI_FORMAT_JSON) {
        fputs("{\"file\": ", stdout);
        cli_json_string(stdout, a->target);
        printf(", \"valid\": true, \"devices\": %zu, \"designs\": %zu, \"links\": %zu, "
               "\"systems\": %zu}\n", n[0], n[1], n[2], n[3]);
    } else {
        printf("%s: valid: %zu devices, %zu designs, %zu links, %zu systems\n", a->target, n[0],
               n[1], n[2], n[3]);
    }
    accelsel_catalog_free(cat);
    return CLI_OK;
}

int cli_catalog(int argc, char **argv)
{
    catalog_args a = {.format = CLI_FORMAT_TABLE};
    cli_opt table[CATALOG_N_OPTS];
    cli_command c;
    catalog_table(table, &c, &a);
    if (cli_args_help_asked(&c, argc, argv))
        return CLI_OK;
    int rc = parse(&c, argc, argv, &a);
    if (rc != CLI_OK)
        return rc;
    if (a.type != NULL && strcmp(a.action, "list") != 0)
        return cli_usage_error("catalog: --type is for list");
    if (strcmp(a.action, "validate") == 0)
        return validate(&a);
    if (strcmp(a.action, "list") != 0 && strcmp(a.action, "show") != 0)
        return cli_usage_error("catalog: unknown action '%s' (list, show or validate)", a.action);
    accelsel_catalog *cat = NULL;
    if ((rc = cli_open_catalog(&cat, a.file)) != CLI_OK)
        return rc;
    rc = strcmp(a.action, "list") == 0 ? list(cat, &a) : show(cat, &a);
    accelsel_catalog_free(cat);
    return rc;
}
