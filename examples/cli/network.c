/* accelsel network: list the model zoo, show a zoo model or validate a
 * network file, with per-layer shapes, parameters, FLOPs, bytes and
 * arithmetic intensity. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "args.h"

static const char usage_text[] =
    "usage: accelsel network list [--format table|json|yaml]\n"
    "       accelsel network show NAME|hf:FILE.json [--format table|json|yaml] [--bytes-per-element N]\n"
    "       accelsel network validate FILE|hf:FILE.json [--format table|json|yaml]\n"
    "                                [--bytes-per-element N]\n"
    "\n"
    "  list      the compiled-in model zoo: name, parameters, forward MACs, description\n"
    "  show      one zoo model layer by layer (NAME as printed by 'list')\n"
    "  validate  load a network YAML file (docs/network-format.md), check it, and show it;\n"
    "            hf:FILE.json reads a Hugging Face-style config.json instead\n"
    "            layer by layer; exit status 1 with the error's line and column if invalid\n"
    "\n"
    "Per layer: name, kind, output shape (per sample), parameters, FLOPs (2 x MACs +\n"
    "elementwise), bytes (input + output + weights) and intensity (FLOPs per byte).\n";

static const char *const formats[] = {"table", "json", "yaml", NULL};
static const int format_values[] = {CLI_FORMAT_TABLE, CLI_FORMAT_JSON, CLI_FORMAT_YAML};

typedef struct net_args {
    const char *words[2]; /* the command and its NAME or FILE */
    size_t n_words;
    const char *command, *target;
    int format;
    uint64_t bytes; /* the library's default until --bytes-per-element is given */
    int has_bytes;
} net_args;

#define NET_N_OPTS 2

static void net_table(cli_opt *t, cli_command *c, net_args *a)
{
    const cli_opt opts[NET_N_OPTS] = {
        {.name = "--format", .kind = CLI_ARG_CHOICE, .dest = &a->format, .meta = "F",
         .choices = formats, .values = format_values, .help = "table, json or yaml (@D)"},
        {.name = "--bytes-per-element", .kind = CLI_ARG_UINT, .dest = &a->bytes, .meta = "N",
         .field = "bytes_per_element", .lo = 1, .hi = 8, .given = &a->has_bytes,
         .help = "element width for bytes, 1..8: 4 is fp32, 2 fp16/bf16\n(@D)"},
    };
    memcpy(t, opts, sizeof opts);
    *c = (cli_command){.name = "network", .usage = usage_text, .opts = t, .n_opts = NET_N_OPTS,
                       .positional = a->words, .max_positional = 2, .n_positional = &a->n_words};
}

static int parse_args(const cli_command *c, int argc, char **argv, net_args *a)
{
    int rc = cli_args_parse(c, argc, argv);
    if (rc != CLI_OK)
        return rc;
    a->command = a->n_words > 0 ? a->words[0] : NULL;
    a->target = a->n_words > 1 ? a->words[1] : NULL;
    if (a->command == NULL)
        return cli_usage_error("network: which command? list, show or validate");
    int needs_target = strcmp(a->command, "list") != 0;
    if (needs_target && strcmp(a->command, "show") != 0 && strcmp(a->command, "validate") != 0)
        return cli_usage_error("network: unknown command '%s' (list, show or validate)",
                               a->command);
    if (needs_target != (a->target != NULL))
        return cli_usage_error(needs_target ? "network %s: needs a %s"
                                            : "network %s: takes no argument%s",
                               a->command, needs_target ? (a->command[0] == 's' ? "NAME" : "FILE")
                                                        : "");
    if (!needs_target && a->has_bytes)
        return cli_usage_error("network list: --bytes-per-element goes with show and validate "
                               "(the list counts no bytes)");
    return CLI_OK;
}

/* "64x56x56" */
static void shape_text(const accelsel_layer_info *l, char *buf, size_t cap)
{
    size_t at = 0;
    buf[0] = '\0';
    for (uint32_t d = 0; d < l->rank && at < cap; d++)
        at += (size_t)snprintf(buf + at, cap - at, "%s%llu", d ? "x" : "",
                               (unsigned long long)l->shape[d]);
}

/* Input + output + weight bytes in decimal, exactly: each fits 64 bits but
 * their sum may not (a linear layer of 2^31 - 1 by 2^31 - 1 has 2^64 - 2^33
 * weight bytes at fp32), and a wrapped sum printed 8589934584. The sum is
 * held as four 32-bit words and divided by 10^9 a group of digits at a time. */
static void layer_bytes(const accelsel_layer_info *l, char *out, size_t size)
{
    uint64_t lo = 0, carry = 0;
    const uint64_t part[3] = {l->input_bytes, l->output_bytes, l->weight_bytes};
    for (int k = 0; k < 3; k++)
        carry += __builtin_add_overflow(lo, part[k], &lo);
    uint32_t w[4] = {0, (uint32_t)carry, (uint32_t)(lo >> 32), (uint32_t)lo}; /* w[0] highest */
    uint32_t group[4];
    int n = 0, zero;
    do {
        uint64_t rem = 0;
        zero = 1;
        for (int k = 0; k < 4; k++) {
            uint64_t cur = (rem << 32) | w[k];
            w[k] = (uint32_t)(cur / 1000000000u);
            rem = cur % 1000000000u;
            zero &= w[k] == 0;
        }
        group[n++] = (uint32_t)rem;
    } while (!zero);
    size_t at = (size_t)snprintf(out, size, "%u", (unsigned)group[--n]);
    while (n > 0 && at < size)
        at += (size_t)snprintf(out + at, size - at, "%09u", (unsigned)group[--n]);
}

static void print_table(const accelsel_network *net)
{
    printf("%-36s %-16s %-16s %12s %15s %13s %9s\n", "layer", "kind", "output", "params",
           "flops", "bytes", "intensity");
    for (size_t i = 0; i < accelsel_network_layer_count(net); i++) {
        const accelsel_layer_info *l = accelsel_network_layer(net, i);
        char shape[64], raw[40], kind[40], name[256], bytes[32];
        shape_text(l, shape, sizeof shape);
        layer_bytes(l, bytes, sizeof bytes);
        snprintf(raw, sizeof raw, "%s%s%s", l->kind_name, l->op != NULL ? "/" : "",
                 l->op != NULL ? l->op : "");
        /* Names come from the network file: no control character reaches the terminal. */
        cli_table_text(kind, sizeof kind, raw);
        cli_table_text(name, sizeof name, l->name);
        printf("%-36s %-16s %-16s %12llu %15llu %13s %9.2f\n", name, kind, shape,
               (unsigned long long)l->params, (unsigned long long)l->flops, bytes,
               l->intensity);
    }
    const accelsel_network_totals *t = accelsel_network_get_totals(net);
    char net_name[256];
    cli_table_text(net_name, sizeof net_name, accelsel_network_name(net));
    printf("\n%s: %llu layers (%llu input%s, %llu output%s), %llu parameters, %llu MACs, "
           "%llu FLOPs per sample; weights %llu bytes, activations %llu bytes at %u bytes "
           "per element\n",
           net_name, (unsigned long long)t->layers,
           (unsigned long long)t->inputs, t->inputs == 1 ? "" : "s",
           (unsigned long long)t->outputs, t->outputs == 1 ? "" : "s",
           (unsigned long long)t->params, (unsigned long long)t->macs,
           (unsigned long long)t->flops, (unsigned long long)t->weight_bytes,
           (unsigned long long)t->activation_bytes, accelsel_network_bytes_per_element(net));
    const accelsel_network_recipe *r = accelsel_network_get_recipe(net);
    if (r->source == NULL) {
        puts("training recipe: none (give predict --epochs or --samples and --epoch-samples)");
        return;
    }
    fputs("training recipe: ", stdout);
    cli_print_text(stdout, r->dataset != NULL ? r->dataset : "?");
    fputs("; ", stdout);
    cli_print_text(stdout, r->source);
    fputc('\n', stdout);
}

typedef struct count_field {
    const char *key;
    unsigned long long value;
} count_field;

/* The integer figures of a layer, in output order. */
static size_t layer_counts(const accelsel_layer_info *l, count_field *f)
{
    const count_field all[] = {
        {"params", l->params},
        {"macs", l->macs},
        {"elementwise_flops", l->elementwise_flops},
        {"flops", l->flops},
        {"input_bytes", l->input_bytes},
        {"output_bytes", l->output_bytes},
        {"weight_bytes", l->weight_bytes},
    };
    memcpy(f, all, sizeof all);
    return sizeof all / sizeof all[0];
}

static size_t total_counts(const accelsel_network *net, count_field *f)
{
    const accelsel_network_totals *t = accelsel_network_get_totals(net);
    const count_field all[] = {
        {"layers", t->layers},
        {"inputs", t->inputs},
        {"outputs", t->outputs},
        {"params", t->params},
        {"macs", t->macs},
        {"elementwise_flops", t->elementwise_flops},
        {"flops", t->flops},
        {"weight_bytes", t->weight_bytes},
        {"activation_bytes", t->activation_bytes},
        {"bytes_per_element", accelsel_network_bytes_per_element(net)},
    };
    memcpy(f, all, sizeof all);
    return sizeof all / sizeof all[0];
}

/* Names of layer @p i's inputs as a JSON array (also valid YAML flow). */
static void print_inputs(const accelsel_network *net, size_t i)
{
    const size_t *in;
    size_t n = 0;
    accelsel_network_layer_inputs(net, i, &in, &n);
    fputc('[', stdout);
    for (size_t e = 0; e < n; e++) {
        fputs(e ? ", " : "", stdout);
        cli_json_string(stdout, accelsel_network_layer(net, in[e])->name);
    }
    fputc(']', stdout);
}

static void print_shape(const accelsel_layer_info *l)
{
    fputc('[', stdout);
    for (uint32_t d = 0; d < l->rank; d++)
        printf("%s%llu", d ? ", " : "", (unsigned long long)l->shape[d]);
    fputc(']', stdout);
}

/* One layer as a JSON object or a YAML list item: the same fields and order. */
static void print_layer(const accelsel_network *net, size_t i, int yaml)
{
    const accelsel_layer_info *l = accelsel_network_layer(net, i);
    const char *sep = yaml ? "\n    " : ", ";
    fputs(yaml ? "  - name: " : "    {\"name\": ", stdout);
    cli_json_string(stdout, l->name);
    printf(yaml ? "%skind: %s" : "%s\"kind\": \"%s\"", sep, l->kind_name);
    if (l->op != NULL) {
        printf(yaml ? "%sop: " : "%s\"op\": ", sep);
        cli_json_string(stdout, l->op);
    }
    printf(yaml ? "%sinputs: " : "%s\"inputs\": ", sep);
    print_inputs(net, i);
    printf(yaml ? "%sshape: " : "%s\"shape\": ", sep);
    print_shape(l);
    count_field f[8];
    size_t n = layer_counts(l, f);
    for (size_t k = 0; k < n; k++)
        printf(yaml ? "%s%s: %llu" : "%s\"%s\": %llu", sep, f[k].key, f[k].value);
    printf(yaml ? "%sintensity: " : "%s\"intensity\": ", sep);
    cli_json_number(stdout, l->intensity);
    fputs(yaml ? "\n" : "}", stdout);
}

static void print_structured(const accelsel_network *net, int yaml)
{
    fputs(yaml ? "name: " : "{\n  \"name\": ", stdout);
    cli_json_string(stdout, accelsel_network_name(net));
    fputs(yaml ? "\ntotals:\n" : ",\n  \"totals\": {", stdout);
    count_field f[10];
    size_t n = total_counts(net, f);
    for (size_t k = 0; k < n; k++) {
        if (yaml)
            printf("  %s: %llu\n", f[k].key, f[k].value);
        else
            printf("%s\"%s\": %llu", k ? ", " : "", f[k].key, f[k].value);
    }
    fputs(yaml ? "layers:\n" : "},\n  \"layers\": [\n", stdout);
    for (size_t i = 0; i < accelsel_network_layer_count(net); i++) {
        if (!yaml && i > 0)
            fputs(",\n", stdout);
        print_layer(net, i, yaml);
    }
    fputs(yaml ? "" : "\n  ]\n}\n", stdout);
}

static int print_report(const accelsel_network *net, int format)
{
    if (format == CLI_FORMAT_TABLE)
        print_table(net);
    else
        print_structured(net, format == CLI_FORMAT_YAML);
    return CLI_OK;
}

static void print_list_entry(size_t i, const accelsel_network_totals *t, int format)
{
    const char *name = accelsel_network_zoo_name(i), *about = accelsel_network_zoo_description(i);
    unsigned long long params = t->params, macs = t->macs;
    if (format == CLI_FORMAT_TABLE) {
        printf("%-15s %12llu %16llu  %s\n", name, params, macs, about);
        return;
    }
    if (format == CLI_FORMAT_YAML) {
        printf("- name: %s\n  params: %llu\n  macs: %llu\n  description: ", name, params, macs);
    } else {
        printf("%s  {\"name\": \"%s\", \"params\": %llu, \"macs\": %llu, \"description\": ",
               i ? ",\n" : "", name, params, macs);
    }
    cli_json_string(stdout, about);
    fputs(format == CLI_FORMAT_YAML ? "\n" : "}", stdout);
}

static int list_zoo(int format)
{
    if (format == CLI_FORMAT_TABLE)
        printf("%-15s %12s %16s  %s\n", "name", "params", "macs", "description");
    if (format == CLI_FORMAT_JSON)
        fputs("[\n", stdout);
    for (size_t i = 0; accelsel_network_zoo_name(i) != NULL; i++) {
        accelsel_network *net = NULL;
        int rc = accelsel_network_load_zoo(&net, accelsel_network_zoo_name(i), NULL);
        if (rc != 0)
            return cli_fail(rc, accelsel_network_zoo_name(i));
        print_list_entry(i, accelsel_network_get_totals(net), format);
        accelsel_network_free(net);
    }
    if (format == CLI_FORMAT_JSON)
        fputs("\n]\n", stdout);
    return CLI_OK;
}

/* The zoo's spelling of @p name, matched ignoring ASCII case as catalog
 * names are ("ResNet50" is resnet50); @p name itself when none matches, so
 * that the library's message lists the nearest names. */
static const char *zoo_name(const char *name)
{
    for (size_t i = 0; accelsel_network_zoo_name(i) != NULL; i++)
        if (strcasecmp(accelsel_network_zoo_name(i), name) == 0)
            return accelsel_network_zoo_name(i);
    return name;
}

int cli_network(int argc, char **argv)
{
    accelsel_network_options opts = ACCELSEL_NETWORK_OPTIONS_INIT;
    net_args a = {.format = CLI_FORMAT_TABLE, .bytes = opts.bytes_per_element};
    cli_opt table[NET_N_OPTS];
    cli_command c;
    net_table(table, &c, &a);
    if (cli_args_help_asked(&c, argc, argv))
        return CLI_OK;
    int rc = parse_args(&c, argc, argv, &a);
    if (rc != CLI_OK)
        return rc;
    if (strcmp(a.command, "list") == 0)
        return list_zoo(a.format);
    opts.bytes_per_element = (unsigned)a.bytes;
    accelsel_network *net = NULL;
    int hf = strncmp(a.target, "hf:", 3) == 0;
    const char *path = hf ? a.target + 3 : a.target;
    if (strcmp(a.command, "show") == 0 && !hf)
        rc = accelsel_network_load_zoo(&net, zoo_name(a.target), &opts);
    else if (cli_check_input_file(path) != CLI_OK)
        return CLI_FAIL;
    else if (hf)
        rc = accelsel_network_load_hf_file(&net, path, &opts);
    else
        rc = accelsel_network_load_file(&net, path, &opts);
    if (rc != 0 && strcmp(a.command, "validate") == 0 && a.format == CLI_FORMAT_JSON)
        cli_print_invalid_json(stdout, a.target, rc);
    if (rc != 0)
        return cli_fail(rc, a.target);
    rc = print_report(net, a.format);
    accelsel_network_free(net);
    return rc;
}
