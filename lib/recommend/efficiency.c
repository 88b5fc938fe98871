/* E' of every candidate for every network, by accelsel_dataset_derive()'s
 * rule: against the candidate of the same round and accelerator with the
 * fewest accelerators (the predicted rows of a device, and its one-node
 * references, form one group). */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "recommend/recommend_impl.h"

/* The candidates as rows of the columns derive groups and scales by, with
 * network @p net's time. */
static int table(const asel_rec *w, size_t net, const char **text, double *num,
                 accelsel_dataset **out)
{
    size_t n = w->n;
    int rc = accelsel_dataset_new(out, n);
    for (size_t i = 0; i < n; i++)
        text[i] = w->c[i].round;
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(*out, "round", text, n);
    for (size_t i = 0; i < n; i++)
        text[i] = w->c[i].model;
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(*out, "accelerator_model_name", text, n);
    for (size_t i = 0; i < n; i++)
        num[i] = w->c[i].count;
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(*out, "total_accelerators", num, n);
    for (size_t i = 0; i < n; i++)
        num[i] = w->time[i * w->n_net + net];
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(*out, "time_to_train_min", num, n);
    return rc;
}

static int one_network(asel_rec *w, size_t net, const char **text, double *num)
{
    accelsel_dataset *t = NULL, *d = NULL;
    int rc = table(w, net, text, num, &t);
    if (rc == 0)
        rc = accelsel_dataset_derive(&d, t, NULL);
    size_t col = 0;
    if (rc == 0)
        rc = accelsel_dataset_column_index(d, "efficiency", &col);
    for (size_t i = 0; rc == 0 && i < w->n; i++)
        w->eff[i * w->n_net + net] = accelsel_dataset_number(d, i, col);
    accelsel_dataset_free(d);
    accelsel_dataset_free(t);
    return rc;
}

int asel_rec_efficiency(asel_rec *w)
{
    size_t n = w->n ? w->n : 1;
    const char **text = NULL;
    double *num = NULL;
    int rc = asel_alloc_array(&w->eff, n * w->n_net, sizeof *w->eff);
    if (rc == 0)
        rc = asel_alloc_array(&text, n, sizeof *text);
    if (rc == 0)
        rc = asel_alloc_array(&num, n, sizeof *num);
    for (size_t net = 0; rc == 0 && net < w->n_net; net++)
        rc = one_network(w, net, text, num);
    asel_free((void *)text);
    asel_free(num);
    return rc;
}
