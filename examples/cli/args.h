/* The one argument parser of the command line: each command declares a table
 * of its options, and the reading, the number rule, missing values, unknown
 * options, --help and the help text are done here, the same way for all. */
#ifndef ACCELSEL_CLI_ARGS_H
#define ACCELSEL_CLI_ARGS_H

#include "cli.h"

typedef enum cli_arg_kind {
    CLI_ARG_FLAG,   /* no value: *(int *)dest = 1 */
    CLI_ARG_UINT,   /* a whole number in [lo, hi]: *(uint64_t *)dest */
    CLI_ARG_U32,    /* the same, hi at most UINT32_MAX, for a library's uint32_t: *(uint32_t *)dest */
    CLI_ARG_DOUBLE, /* a number in [dlo, dhi], above dlo when lo_open: *(double *)dest */
    CLI_ARG_STRING, /* non-empty text: *(const char **)dest */
    CLI_ARG_CHOICE, /* one of choices: *(int *)dest = values[i], or i when values is NULL */
    CLI_ARG_LIST    /* repeatable non-empty text: appended to *(cli_list *)dest */
} cli_arg_kind;

/* The values of a repeatable option, in the order given; items is freed
 * with free() by the command (NULL when none was given). */
typedef struct cli_list {
    const char **items;
    size_t n;
} cli_list;

/* One option of a command. Only the members its kind reads need be set. */
typedef struct cli_opt {
    const char *name;  /* "--batch" */
    char short_name;   /* 'k' for -k, or 0 */
    cli_arg_kind kind;
    void *dest;
    const char *meta;  /* the value's name in the help, "N", "FILE" */
    /* Help lines, split by '\n'; "@D" is replaced by "default V" with the
     * value dest holds before parsing: the command sets it from the
     * library's *_INIT, so that the help never keeps its own copy. */
    const char *help;
    const char *shown_default; /* what "@D" shows when dest cannot hold it, or NULL */
    const char *field; /* the options or request member it feeds, or NULL */
    uint64_t lo, hi;
    double dlo, dhi;
    int lo_open;
    const char *const *choices; /* NULL-terminated */
    const int *values;
    const char *want;  /* what a value must be, for messages; else said by kind */
    int *given;        /* set to 1 when the option is given, or NULL */
    int empty_ok;      /* "" is a value (rank's --target '' skips a step), not a missing one */
} cli_opt;

/* --raw of the commands that write CSV (see cli_set_csv_raw()). */
#define CLI_OPT_RAW(to)                                                                   \
    {.name = "--raw", .kind = CLI_ARG_FLAG, .dest = (to),                                 \
     .help = "with csv: write the cells as they are; by default\ncontrol characters are "  \
             "written as tables show\nthem (\\x1b, \\r, \\n, a backslash doubled), so that\n" \
             "no cell sends an escape sequence to a terminal"}

/* A command: its name as messages say it ("map", "catalog show"), its
 * usage lines before the options and the text after them. */
typedef struct cli_command {
    const char *name;
    const char *usage;
    const char *epilog;
    const cli_opt *opts;
    size_t n_opts;
    /* The first words of argv that are not options, or NULL for none. */
    const char **positional;
    size_t max_positional, *n_positional;
    /* Refusals say "CMD: --name 'v' is not WANT" (predict's wording, which
     * scripts and its tests quote), not "CMD: --name must be WANT, not 'v'". */
    int value_first;
} cli_command;

/* Parse argv[1..argc-1] into the table's destinations. An option given
 * twice takes its last value (a list keeps each). CLI_OK; CLI_USAGE with
 * the message printed ("CMD: --name must be ..., not 'v'"); CLI_FAIL out
 * of memory. Call cli_args_wants_help() first. */
int cli_args_parse(const cli_command *c, int argc, char **argv);

/* Whether --help or -h is among the arguments; then the help is printed on
 * stdout, since the command is to do nothing else. */
int cli_args_help_asked(const cli_command *c, int argc, char **argv);

/* Write the help of @p c: usage, the options with their help lines and
 * defaults, epilog. */
void cli_args_help(const cli_command *c, FILE *f);

/* The option of the command being parsed or run that feeds the library's
 * field @p field (accelsel_error.field), with the command's name in
 * *command; NULL when none does. cli_fail() says a refusal so. */
const char *cli_args_option_of(const char *field, const char **command);

/* The choices of an option whose names the library owns: names[i] is the
 * library's name of values[i], NULL-terminated, for cli_opt's choices and
 * values. */
typedef struct cli_names {
    const char *names[8];
    int values[8];
} cli_names;

/* The criteria for k (accelsel_kselect_name()). */
void cli_names_kselect(cli_names *out);
/* The clustering algorithms (accelsel_cluster_algorithm_name()). */
void cli_names_algorithms(cli_names *out);

#endif
