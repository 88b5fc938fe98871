/* accelsel predict --calibrate: fit the predictor's global parameters and
 * corrections (per device and count) on a dataset, print the errors per accelerator
 * family (fitted rows and held-out rounds), optionally the held-out
 * protocols beside the naive peer, then the eager stack (--steps) and the
 * parallel plans (--plans), and save the parameters. */
#include <string.h>

#include "predict.h"

static void calibrate_options(const predict_args *a, accelsel_calibrate_options *o)
{
    accelsel_calibrate_options init = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    *o = init;
    o->holdout_rounds = a->holdout_rounds;
}

/* The held-out protocols, run from the parameters before this calibration so
 * that no fitted value has seen a held-out row. Caller frees *out. */
static int evaluate(const predict_args *a, const predict_env *env, const accelsel_dataset *ds,
                    accelsel_dataset **out)
{
    accelsel_calibrate_options o;
    calibrate_options(a, &o);
    int rc = accelsel_predictor_evaluate(out, env->pred, ds, &o); /* NULL rounds: v3.0,v3.1 */
    return rc != 0 ? cli_fail(rc, "evaluation") : CLI_OK;
}

static int print_tables(const predict_args *a, const accelsel_dataset *fit,
                        const accelsel_dataset *eval)
{
    if (a->format == CLI_FORMAT_CSV) /* one table: the plans' when they are fitted too */
        return a->plans != NULL ? CLI_OK
                                : cli_print_dataset(stdout, eval != NULL ? eval : fit, CLI_FORMAT_CSV);
    if (a->format == CLI_FORMAT_JSON) { /* closed by calibrate_on(), after the plans' */
        fputs("{\"calibration\": ", stdout);
        int status = cli_print_dataset(stdout, fit, CLI_FORMAT_JSON);
        if (status == CLI_OK && eval != NULL) {
            fputs(", \"evaluation\": ", stdout);
            status = cli_print_dataset(stdout, eval, CLI_FORMAT_JSON);
        }
        return status;
    }
    printf("Calibration: absolute percentage error of the time to train, per accelerator\n"
           "family, on the rows fitted (fit) and on the held-out rounds (holdout)\n\n");
    int status = cli_print_dataset(stdout, fit, CLI_FORMAT_TABLE);
    if (status == CLI_OK && eval != NULL) {
        printf("\nHeld-out evaluation (docs/predictor.md): group a = the naive peer (same\n"
               "accelerator, same count, latest earlier round) can answer; b = known device,\n"
               "count never measured; c = device without any row in the fit\n\n");
        status = cli_print_dataset(stdout, eval, CLI_FORMAT_TABLE);
    }
    return status;
}

/* The calibrated predictions of every row, drawn against the measurements. */
static int plot(const char *path, const predict_env *env, const accelsel_dataset *ds)
{
    accelsel_dataset *rows = NULL;
    int rc = accelsel_predictor_predict_dataset(&rows, env->pred, ds, NULL);
    if (rc != 0)
        return cli_fail(rc, "predicting the rows for --plot");
    int status = predict_plot_rows(path, rows);
    accelsel_dataset_free(rows);
    return status;
}

static int calibrate_on(const predict_args *a, predict_env *env, const accelsel_dataset *ds,
                        accelsel_dataset *eval, const accelsel_dataset *steps,
                        const accelsel_dataset *llm)
{
    accelsel_calibrate_options o;
    calibrate_options(a, &o);
    accelsel_calibration_report *report = NULL;
    int rc = accelsel_predictor_calibrate(&report, env->pred, ds, &o);
    if (rc != 0)
        return cli_fail(rc, "calibration");
    int status = print_tables(a, accelsel_calibration_report_table(report), eval);
    accelsel_calibration_report_free(report);
    /* The evaluation judged this fit's procedure on these rows: its bands
     * travel with the parameters. */
    if (status == CLI_OK && eval != NULL &&
        (rc = accelsel_predictor_set_error_bands(env->pred, eval)) != 0)
        return cli_fail(rc, "error bands");
    if (status == CLI_OK && steps != NULL)
        status = predict_calibrate_steps(a, env, steps);
    if (status == CLI_OK && llm != NULL)
        status = predict_calibrate_plans(a, env, llm);
    if (status == CLI_OK && a->format == CLI_FORMAT_JSON)
        fputs("}\n", stdout);
    if (status == CLI_OK && a->save != NULL) {
        if ((rc = accelsel_predictor_save_params_file(env->pred, a->save)) != 0)
            return cli_fail(rc, a->save);
        fprintf(stderr, "accelsel: predict: fitted parameters written to %s\n", a->save);
    }
    if (status == CLI_OK && a->plot != NULL)
        status = plot(a->plot, env, ds);
    return status;
}

int predict_calibrate(const predict_args *a, predict_env *env)
{
    accelsel_dataset *ds = NULL, *eval = NULL, *steps = NULL, *llm = NULL;
    int status = cli_load_dataset(&ds, a->csv, a->na, NULL);
    if (status == CLI_OK && a->steps != NULL)
        status = predict_load_steps(a->steps, env->cat, &steps);
    if (status == CLI_OK && a->plans != NULL)
        status = predict_load_llm_rows(a->plans, a->na, &llm);
    if (status == CLI_OK && a->evaluate)
        status = evaluate(a, env, ds, &eval);
    if (status == CLI_OK)
        status = calibrate_on(a, env, ds, eval, steps, llm);
    accelsel_dataset_free(llm);
    accelsel_dataset_free(steps);
    accelsel_dataset_free(eval);
    accelsel_dataset_free(ds);
    return status;
}
