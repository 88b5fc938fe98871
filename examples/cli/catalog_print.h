/* Printing catalog entries for `accelsel catalog`: tables, text and JSON. */
#ifndef ACCELSEL_CLI_CATALOG_PRINT_H
#define ACCELSEL_CLI_CATALOG_PRINT_H

#include <stdint.h>
#include <stdio.h>

#include "cli.h"

/* The catalog's lists, in this order: devices, designs, links, systems. */
#define CLI_CATALOG_LISTS 4

size_t cli_catalog_count(const accelsel_catalog *cat, int list);
const char *cli_catalog_name(const accelsel_catalog *cat, int list, size_t i);

/* List number of a --type value ("devices", ...), or -1. */
int cli_catalog_list_of(const char *type);

/* Index of the entry of @p list called @p name (or an alias), or -1. */
int64_t cli_catalog_find(const accelsel_catalog *cat, int list, const char *name);

/* @p v as text: in full when it is a whole number below 1e15 ("1073741824",
 * not "1.07374e+09"), else to 6 significant digits. */
void cli_catalog_number(char *out, size_t size, double v);

/* A byte count in the largest binary unit that keeps it >= 1 ("40 GiB",
 * "1 EiB", "512 B"), the number as cli_catalog_number() writes it. */
void cli_catalog_bytes(char *out, size_t size, double v);

/* One list as an aligned table, with a "devices (N):" heading if @p heading. */
void cli_catalog_table(FILE *f, const accelsel_catalog *cat, int list, int heading);

/* Every entry called @p name, one "key: value" line per field. */
void cli_catalog_show_text(FILE *f, const accelsel_catalog *cat, const char *name);

/* The whole catalog (or list @p only when >= 0) as one JSON object of arrays. */
int cli_catalog_json(FILE *f, const accelsel_catalog *cat, int only);

/* Every entry called @p name as a JSON object keyed by kind ("device", ...). */
int cli_catalog_show_json(FILE *f, const accelsel_catalog *cat, const char *name);

/* One entry as a JSON object. */
void cli_catalog_json_entry(FILE *f, const accelsel_catalog *cat, int list, size_t i);

#endif
