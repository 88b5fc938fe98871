/* accelsel predict --from-steps, and the step rows of --calibrate --steps:
 * step measurements (docs/step-measurements.md) predicted, evaluated
 * leaving one network out, and the eager stack fitted on them. */
#include <stdlib.h>
#include <string.h>

#include "predict.h"

int predict_load_steps(const char *what, const accelsel_catalog *cat, accelsel_dataset **ds)
{
    int builtin = strcmp(what, "builtin") == 0;
    int rc = builtin ? accelsel_steps_load_builtin(ds, cat)
                     : accelsel_steps_load_file(ds, cat, what, NULL);
    return rc != 0 ? cli_fail(rc, builtin ? "the built-in step rows" : what) : CLI_OK;
}

/* Median and p90 of the ape column on stderr. */
static int report_errors(const accelsel_dataset *t)
{
    size_t col;
    if (accelsel_dataset_column_index(t, "ape", &col) != 0)
        return CLI_OK;
    double med, p90;
    size_t n = accelsel_dataset_rows(t);
    if (predict_median_p90(accelsel_dataset_numeric(t, col), n, &med, &p90) != CLI_OK)
        return predict_oom();
    fprintf(stderr, "accelsel: predict: %zu step rows: absolute error median %.2f %%, p90 "
                    "%.2f %%\n", n, med, p90);
    return CLI_OK;
}

int predict_from_steps(const predict_args *a, predict_env *env)
{
    accelsel_dataset *steps = NULL, *out = NULL;
    int status = predict_load_steps(a->from_steps, env->cat, &steps);
    if (status == CLI_OK) {
        int rc = a->evaluate ? accelsel_predictor_evaluate_steps(&out, env->pred, steps)
                             : accelsel_predictor_predict_steps(&out, env->pred, steps);
        status = rc != 0 ? cli_fail(rc, a->from_steps) : CLI_OK;
    }
    if (status == CLI_OK && a->evaluate && a->format == CLI_FORMAT_TABLE)
        printf("Leave one network out (docs/predictor.md, \"Software stacks\"): the eager\n"
               "stack fitted on the other networks' rows predicts each network's; start = the\n"
               "parameters before any step fit\n\n");
    if (status == CLI_OK)
        status = cli_print_dataset(stdout, out, a->format);
    if (status == CLI_OK && !a->evaluate)
        status = report_errors(out);
    accelsel_dataset_free(out);
    accelsel_dataset_free(steps);
    return status;
}

int predict_calibrate_steps(const predict_args *a, predict_env *env,
                            const accelsel_dataset *steps)
{
    accelsel_dataset *eval = NULL;
    int rc = 0, status = CLI_OK;
    /* Evaluated before the fit, from the parameters it starts from, so that
     * no held-out network has moved the values a fold starts at. */
    if (a->evaluate && (rc = accelsel_predictor_evaluate_steps(&eval, env->pred, steps)) != 0)
        return cli_fail(rc, "step evaluation");
    if ((rc = accelsel_predictor_calibrate_steps(env->pred, steps)) != 0)
        status = cli_fail(rc, "step calibration");
    if (status == CLI_OK && eval != NULL &&
        (rc = accelsel_predictor_set_error_bands(env->pred, eval)) != 0)
        status = cli_fail(rc, "step error band");
    if (status == CLI_OK && eval != NULL && a->format == CLI_FORMAT_TABLE) {
        printf("\nStep measurements, leave one network out (the eager stack)\n\n");
        status = cli_print_dataset(stdout, eval, CLI_FORMAT_TABLE);
    }
    accelsel_dataset_free(eval);
    return status;
}
