/* accelsel predict: one prediction as a table or as JSON, with its breakdown
 * and per-layer times. */
#include <math.h>
#include <string.h>

#include "predict.h"

typedef struct named_value {
    const char *key;
    double value;
} named_value;

/* The breakdown of a step, in the order of the JSON keys. */
static size_t breakdown(const accelsel_prediction *r, named_value *out)
{
    const named_value all[] = {
        {"compute_s", r->compute_s},
        {"memory_s", r->memory_s},
        {"communication_s", r->communication_s},
        {"exposed_communication_s", r->exposed_communication_s},
        {"overhead_s", r->overhead_s},
        {"transfer_s", r->transfer_s},
        {"input_s", r->input_s},
    };
    memcpy(out, all, sizeof all);
    return sizeof all / sizeof all[0];
}

static const char *bound_name(int bound)
{
    return bound == ACCELSEL_BOUND_COMPUTE ? "compute"
           : bound == ACCELSEL_BOUND_MEMORY ? "memory"
           : bound == ACCELSEL_BOUND_OVERHEAD ? "overhead"
                                              : "-";
}

static const char *precision_name(int p)
{
    const char *s = accelsel_precision_name(p);
    return s != NULL ? s : "?";
}

/* The device the library resolved, by its catalog name. */
static const char *device_name(const accelsel_catalog *cat, const accelsel_prediction *r)
{
    const accelsel_device_info *d =
        r->device_index >= 0 ? accelsel_catalog_device(cat, (size_t)r->device_index) : NULL;
    return d != NULL ? d->name : "?";
}

/* The device, and the system when one was named; names from the network and
 * catalog files reach the terminal escaped. */
static void print_where(const predict_args *a, const accelsel_catalog *cat,
                        const accelsel_prediction *r)
{
    cli_print_text(stdout, device_name(cat, r));
    if (a->system != NULL) {
        fputs(" (system ", stdout);
        cli_print_text(stdout, a->system);
        fputc(')', stdout);
    }
}

static void print_layers_table(const accelsel_layer_prediction *rows, size_t n)
{
    printf("\n%-36s %12s %12s %12s %12s %12s %12s  %s\n", "layer", "forward_s", "backward_s",
           "update_s", "compute_s", "memory_s", "overhead_s", "bound");
    for (size_t i = 0; i < n; i++) {
        char name[256];
        cli_table_text(name, sizeof name, rows[i].name);
        printf("%-36s %12.4g %12.4g %12.4g %12.4g %12.4g %12.4g  %s\n", name, rows[i].forward_s,
               rows[i].backward_s, rows[i].update_s, rows[i].compute_s, rows[i].memory_s,
               rows[i].overhead_s, bound_name(rows[i].bound));
    }
}

static void print_table(const predict_args *a, const accelsel_catalog *cat,
                        const accelsel_network *net, const accelsel_prediction *r)
{
    fputs("network          ", stdout);
    cli_print_text(stdout, accelsel_network_name(net));
    fputs("\nconfiguration    ", stdout);
    print_where(a, cat, r);
    printf(": %u accelerator%s (%u node%s x %u)\n", r->count, r->count == 1 ? "" : "s", r->nodes,
           r->nodes == 1 ? "" : "s", r->per_node);
    printf("precision        %s\n", precision_name(r->precision));
    printf("global batch     %.0f (%.6g per device)\n", r->global_batch, r->per_device_batch);
    printf("epochs           %.4g\n", r->epochs);
    printf("step             %.6g s\n", r->step_s);
    printf("epoch            %.6g s\n", r->epoch_s);
    printf("time to train    %.6g min\n", r->time_to_train_s / 60.0);
    printf("throughput       %.6g samples/s\n", r->throughput_samples_s);
    printf("memory           %.4g GB needed per device, %.4g GB available\n",
           r->memory_needed_bytes / 1e9, r->memory_available_bytes / 1e9);
    predict_print_provenance_table(a, net, r);
    if (!a->breakdown)
        return;
    named_value b[8];
    size_t n = breakdown(r, b);
    printf("\nbreakdown of a step (per device, seconds): the step is the longer of the\n"
           "device's work (compute- and memory-bound layers, overhead, exposed\n"
           "communication and transfer, one after another) and the host's input\n"
           "pipeline (input_s); communication_s is the whole all-reduce:\n");
    for (size_t i = 0; i < n; i++)
        printf("  %-24s %12.6g  %5.1f %%\n", b[i].key, b[i].value,
               r->step_s > 0 ? 100.0 * b[i].value / r->step_s : NAN);
}

static void json_field(const char *key, double v, int last)
{
    printf("  \"%s\": ", key);
    cli_json_number(stdout, v);
    fputs(last ? "\n" : ",\n", stdout);
}

static void print_layers_json(const accelsel_layer_prediction *rows, size_t n)
{
    fputs(",\n  \"layers\": [", stdout);
    for (size_t i = 0; i < n; i++) {
        const named_value v[] = {
            {"forward_s", rows[i].forward_s}, {"backward_s", rows[i].backward_s},
            {"update_s", rows[i].update_s},   {"compute_s", rows[i].compute_s},
            {"memory_s", rows[i].memory_s},   {"overhead_s", rows[i].overhead_s},
        };
        fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", stdout);
        cli_json_string(stdout, rows[i].name);
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
            printf(", \"%s\": ", v[k].key);
            cli_json_number(stdout, v[k].value);
        }
        printf(", \"bound\": \"%s\"}", bound_name(rows[i].bound));
    }
    fputs(n ? "\n  ]" : "]", stdout);
}

static void print_json(const predict_args *a, const accelsel_catalog *cat,
                       const accelsel_network *net,
                       const accelsel_prediction *r, const accelsel_layer_prediction *rows,
                       size_t n_rows)
{
    fputs("{\n  \"network\": ", stdout);
    cli_json_string(stdout, accelsel_network_name(net));
    fputs(",\n  \"device\": ", stdout);
    cli_json_string(stdout, device_name(cat, r));
    if (a->system != NULL) {
        fputs(",\n  \"system\": ", stdout);
        cli_json_string(stdout, a->system);
    }
    printf(",\n  \"count\": %u,\n  \"nodes\": %u,\n  \"per_node\": %u,\n", r->count, r->nodes,
           r->per_node);
    printf("  \"precision\": \"%s\",\n", precision_name(r->precision));
    const named_value top[] = {
        {"time_to_train_min", r->time_to_train_s / 60.0},
        {"epochs", r->epochs},
        {"step_s", r->step_s},
        {"epoch_s", r->epoch_s},
        {"throughput_samples_s", r->throughput_samples_s},
        {"per_device_batch", r->per_device_batch},
        {"global_batch", r->global_batch},
        {"memory_needed_bytes", r->memory_needed_bytes},
        {"memory_available_bytes", r->memory_available_bytes},
        {"correction", r->correction},
    };
    for (size_t i = 0; i < sizeof top / sizeof top[0]; i++)
        json_field(top[i].key, top[i].value, 0);
    predict_print_provenance_json(a, net, r);
    named_value b[8];
    size_t n = breakdown(r, b);
    fputs("  \"breakdown\": {", stdout);
    for (size_t i = 0; i < n; i++) {
        printf("%s\"%s\": ", i ? ", " : "", b[i].key);
        cli_json_number(stdout, b[i].value);
    }
    fputs("}", stdout);
    if (rows != NULL)
        print_layers_json(rows, n_rows);
    fputs("\n}\n", stdout);
}

int predict_print(const predict_args *a, const accelsel_catalog *cat, const accelsel_network *net,
                  const accelsel_prediction *res, const accelsel_layer_prediction *rows,
                  size_t n_rows)
{
    if (a->format == CLI_FORMAT_JSON) {
        print_json(a, cat, net, res, rows, n_rows);
        return CLI_OK;
    }
    print_table(a, cat, net, res);
    if (rows != NULL)
        print_layers_table(rows, n_rows);
    return CLI_OK;
}
