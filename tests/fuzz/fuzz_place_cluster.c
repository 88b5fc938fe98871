/* Fuzz the cluster file reader (include/accelsel/place.h): load against
 * the built-in catalog, and on success save, reload and save again (the
 * two texts must be identical), then prepare a small job on the cluster and
 * decide: whatever the file holds, a decision succeeds or fails with a
 * documented status. */
#include <stdint.h>
#include <stdlib.h>

#include "accelsel/accelsel.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int load_errors[] = { ACCELSEL_EPARSE, ACCELSEL_EVERSION, ACCELSEL_ENOMEM, 0 };
static const int job_errors[] = { ACCELSEL_EINVAL, ACCELSEL_EEMPTY, ACCELSEL_EINFEASIBLE,
                                  ACCELSEL_EDATA, ACCELSEL_ERANGE, ACCELSEL_ENOMEM, 0 };
static const int decide_errors[] = { ACCELSEL_EINVAL, ACCELSEL_EEMPTY, 0 };

static accelsel_catalog *cat;
static accelsel_predictor *pred;
static accelsel_network *net;

static void fixture(void)
{
    if (cat != NULL)
        return;
    if (accelsel_catalog_load_builtin(&cat) != 0 || accelsel_predictor_new(&pred, cat, NULL) != 0 ||
        accelsel_network_load_zoo(&net, "small-cnn", NULL) != 0)
        abort();
}

static void decide(const accelsel_place_cluster *c)
{
    accelsel_job_spec j = ACCELSEL_JOB_SPEC_INIT;
    accelsel_place_job *job = NULL;
    j.network = net, j.max_count = 64, j.deadline = 1e6;
    int rc = accelsel_place_job_new(&job, pred, c, &j);
    if (rc != 0) {
        fuzz_check_failure(rc, job, job_errors, 0);
        return;
    }
    accelsel_decision d = ACCELSEL_DECISION_INIT;
    rc = accelsel_place_decide(&d, job, NULL);
    if (rc != 0)
        fuzz_check_failure(rc, NULL, decide_errors, 0);
    else if (!(d.choice.start_s >= accelsel_place_cluster_now(c) && d.choice.run_s > 0 &&
               d.choice.time_limit_s >= d.choice.run_s && d.n_alternatives <= 2))
        __builtin_trap();
    accelsel_place_job_free(job);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fixture();
    accelsel_place_cluster *c = NULL, *again = NULL;
    int rc = accelsel_place_cluster_load_buffer(&c, cat, (const char *)data, size);
    if (rc != 0) {
        fuzz_check_failure(rc, c, load_errors, 1);
        return 0;
    }
    char *first = NULL, *second = NULL;
    size_t first_len = 0, second_len = 0;
    if (accelsel_place_cluster_save_buffer(c, &first, &first_len) != 0)
        __builtin_trap();
    fuzz_check_reload(accelsel_place_cluster_load_buffer(&again, cat, first, first_len), first);
    if (accelsel_place_cluster_save_buffer(again, &second, &second_len) != 0)
        __builtin_trap();
    fuzz_check_same(first, first_len, second, second_len);
    decide(c);
    accelsel_free(first);
    accelsel_free(second);
    accelsel_place_cluster_free(again);
    accelsel_place_cluster_free(c);
    return 0;
}
