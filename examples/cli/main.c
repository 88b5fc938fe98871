/* accelsel: entry point and subcommand dispatch. */
#include <errno.h>
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
    {"cross", cli_cross, "each MLPerf benchmark's speed against a reference system of the round"},
    {"catalog", cli_catalog, "list the hardware catalog; show a device, design, link or system"},
    {"network", cli_network, "list the model zoo; show a model or validate a network file per layer"},
    {"predict", cli_predict, "predict training time of a network on a device or system; calibrate"},
    {"map", cli_map, "map a network's layers onto a multi-accelerator system (GA or baselines)"},
    {"recommend", cli_recommend, "what to buy or rent for a workload, under budgets and limits"},
    {"place", cli_place, "place a training job on a cluster: partition, count, start, time limit"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: accelsel [--help] [--version] <command> [options]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'accelsel <command> --help' describes a command's options.\n");
}

/* A full disk or a closed stdout often shows only when the buffer is
 * written at the end: results that did not arrive must not exit 0. */
static int finish_stdout(int status)
{
    int err = fflush(stdout) != 0 ? errno : 0, failed = err != 0 || ferror(stdout);
    if (fclose(stdout) != 0 && !failed) {
        err = errno;
        failed = 1;
    }
    if (!failed)
        return status;
    fprintf(stderr, "accelsel: cannot write to stdout: %s\n",
            err != 0 ? strerror(err) : "an earlier write failed");
    return status == CLI_OK ? CLI_FAIL : status;
}

static int run(int argc, char **argv)
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

int main(int argc, char **argv)
{
    return finish_stdout(run(argc, argv));
}
