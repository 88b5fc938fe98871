/* accelsel predict: where a prediction's epochs, samples and correction came
 * from, and the held-out error band that applies to it. */
#include <math.h>
#include <stdio.h>

#include "predict.h"

/* The samples per epoch the library used, by the source it reports. */
static double epoch_samples(const predict_args *a, const accelsel_network *net,
                            const accelsel_prediction *r)
{
    if (r->epoch_samples_source == ACCELSEL_RECIPE_FROM_REQUEST)
        return a->epoch_samples;
    if (r->epoch_samples_source == ACCELSEL_RECIPE_FROM_NETWORK)
        return accelsel_network_get_recipe(net)->epoch_samples;
    return ACCELSEL_PREDICT_IMAGENET_SAMPLES;
}

static const char *epochs_note(uint32_t source)
{
    switch (source) {
    case ACCELSEL_RECIPE_FROM_REQUEST: return "as asked";
    case ACCELSEL_RECIPE_FROM_NETWORK: return "the network's training recipe";
    case ACCELSEL_RECIPE_FROM_FIT: return "the epochs relation fitted on this network's rows";
    default: return "ASSUMED: the epochs relation of MLPerf's ResNet-50; give --epochs or "
                    "--samples";
    }
}

static const char *samples_note(uint32_t source)
{
    switch (source) {
    case ACCELSEL_RECIPE_FROM_REQUEST: return "as asked";
    case ACCELSEL_RECIPE_FROM_NETWORK: return "the network's training recipe";
    default: return "ASSUMED: ImageNet-1k's training set; give --epoch-samples";
    }
}

static const char *correction_note(uint32_t source)
{
    switch (source) {
    case ACCELSEL_CORRECTION_DEVICE: return "learned for the device";
    case ACCELSEL_CORRECTION_DEVICE_COUNT: return "learned for the device at this count";
    case ACCELSEL_CORRECTION_OTHER_WORKLOAD:
        return "the device's, learned on another network, withheld";
    case ACCELSEL_CORRECTION_DISABLED: return "none asked for";
    default: return "the device has none";
    }
}

void predict_print_provenance_table(const predict_args *a, const accelsel_network *net,
                                    const accelsel_prediction *r)
{
    const accelsel_network_recipe *rec = accelsel_network_get_recipe(net);
    printf("epochs from      %s\n", epochs_note(r->epochs_source));
    printf("epoch samples    %.0f (%s)\n", epoch_samples(a, net, r),
           samples_note(r->epoch_samples_source));
    if ((r->epochs_source == ACCELSEL_RECIPE_FROM_NETWORK ||
         r->epoch_samples_source == ACCELSEL_RECIPE_FROM_NETWORK) && rec->source != NULL) {
        fputs("recipe           ", stdout);
        cli_print_text(stdout, rec->dataset != NULL ? rec->dataset : "?");
        fputs(": ", stdout);
        cli_print_text(stdout, rec->source);
        fputc('\n', stdout);
    }
    printf("correction       %.4g (%s)\n", r->correction, correction_note(r->correction_source));
    if (r->error_group == ACCELSEL_ERROR_GROUP_NONE)
        puts("error band       none: no held-out evaluation covers this prediction");
    else
        printf("error band       group %s: held-out median %.3g %%, p90 %.3g %%\n",
               accelsel_error_group_name(r->error_group), r->error_median_pct, r->error_p90_pct);
}

void predict_print_provenance_json(const predict_args *a, const accelsel_network *net,
                                   const accelsel_prediction *r)
{
    printf("  \"correction_source\": \"%s\",\n",
           accelsel_correction_source_name(r->correction_source));
    printf("  \"epochs_source\": \"%s\",\n", accelsel_recipe_source_name(r->epochs_source));
    printf("  \"epoch_samples\": %.0f,\n", epoch_samples(a, net, r));
    printf("  \"epoch_samples_source\": \"%s\",\n",
           accelsel_recipe_source_name(r->epoch_samples_source));
    printf("  \"error_band\": {\"group\": \"%s\", \"median_pct\": ",
           accelsel_error_group_name(r->error_group));
    cli_json_number(stdout, r->error_median_pct);
    fputs(", \"p90_pct\": ", stdout);
    cli_json_number(stdout, r->error_p90_pct);
    fputs("},\n", stdout);
}
