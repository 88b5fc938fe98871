/* accelsel: entry point and subcommand dispatch. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    {"data", cli_data, "show a dataset (built-in MLPerf results or a CSV), filtered and derived"},
    {"rank", cli_rank, "run the selection method: importance, performance groups, rankings"},
    {"cluster", cli_cluster, "cluster rows by k-means or Ward; choose k; profiles of the groups"},
    {"catalog", cli_catalog, "list the hardware catalog; show a device, design, link or system"},
    {"network", cli_network, "list the model zoo; show a model or validate a network file per layer"},
    {"predict", cli_predict, "predict training time of a network on a device or system; calibrate"},
    {"map", cli_map, "map a network's layers onto a multi-accelerator system (GA or baselines)"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: accelsel [--help] [--version] <command> [options]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'accelsel <command> --help' describes a command's options.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return CLI_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("accelsel %s\n", accelsel_version(NULL, NULL, NULL));
        return CLI_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    return cli_usage_error("unknown command '%s' (see accelsel --help)", argv[1]);
}
