/* accelsel predict --calibrate --plans FILE|builtin: the parallel plans
 * fitted on MLPerf's LLM rows (docs/predictor.md, "LLM rows"), with
 * --evaluate their held-out evaluation per benchmark beside the lookup and
 * linear scaling. */
#include <string.h>

#include "predict.h"

int predict_load_llm_rows(const char *what, const char *na, accelsel_dataset **ds)
{
    if (strcmp(what, "builtin") != 0)
        return cli_load_dataset(ds, what, na, NULL);
    int rc = accelsel_dataset_load_builtin(ds, "mlperf-training");
    return rc != 0 ? cli_fail(rc, "the built-in MLPerf rows") : CLI_OK;
}

static int print_tables(const predict_args *a, const accelsel_dataset *fit,
                        const accelsel_dataset *eval)
{
    if (a->format == CLI_FORMAT_CSV)
        return cli_print_dataset(stdout, eval != NULL ? eval : fit, CLI_FORMAT_CSV);
    if (a->format == CLI_FORMAT_JSON) {
        fputs(", \"plan_calibration\": ", stdout);
        int status = cli_print_dataset(stdout, fit, CLI_FORMAT_JSON);
        if (status == CLI_OK && eval != NULL) {
            fputs(", \"plan_evaluation\": ", stdout);
            status = cli_print_dataset(stdout, eval, CLI_FORMAT_JSON);
        }
        return status;
    }
    printf("\nParallel plans on the LLM rows: absolute percentage error of the time to\n"
           "train per accelerator family, fitted rows (fit) and held-out rounds (holdout)\n\n");
    int status = cli_print_dataset(stdout, fit, CLI_FORMAT_TABLE);
    if (status == CLI_OK && eval != NULL) {
        printf("\nParallel plans, held out per benchmark: a = the lookup (same benchmark,\n"
               "accelerator and count, latest earlier round) answers; b = the device has\n"
               "fitted rows; c = none; linear = the device's best measured sequences per\n"
               "second and accelerator, scaled to the count; searched_rows = rows whose\n"
               "plan the row does not name\n\n");
        status = cli_print_dataset(stdout, eval, CLI_FORMAT_TABLE);
    }
    return status;
}

int predict_calibrate_plans(const predict_args *a, predict_env *env, const accelsel_dataset *llm)
{
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.holdout_rounds = a->holdout_rounds;
    accelsel_dataset *eval = NULL;
    accelsel_calibration_report *report = NULL;
    int rc = 0;
    /* Held out before the fit, from the parameters it starts from. */
    if (a->evaluate && (rc = accelsel_predictor_evaluate_plans(&eval, env->pred, llm, &o)) != 0)
        return cli_fail(rc, "plan evaluation");
    int status = CLI_OK;
    if ((rc = accelsel_predictor_calibrate_plans(&report, env->pred, llm, &o)) != 0)
        status = cli_fail(rc, "plan calibration");
    if (status == CLI_OK)
        status = print_tables(a, accelsel_calibration_report_table(report), eval);
    accelsel_calibration_report_free(report);
    accelsel_dataset_free(eval);
    return status;
}
