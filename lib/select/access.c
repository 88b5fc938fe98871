/* The getters of accelsel_selection, and reading its rows. */
#include <math.h>

#include "select/select_impl.h"

ACCELSEL_API size_t accelsel_selection_rows_in(const accelsel_selection *s)
{
    return s != NULL ? s->rows_in : 0;
}

ACCELSEL_API const accelsel_dataset *accelsel_selection_dataset(const accelsel_selection *s)
{
    return s != NULL ? s->ds : NULL;
}

ACCELSEL_API size_t accelsel_selection_note_count(const accelsel_selection *s)
{
    return s != NULL ? s->n_notes : 0;
}

ACCELSEL_API const char *accelsel_selection_note(const accelsel_selection *s, size_t i)
{
    return s != NULL && i < s->n_notes ? s->notes[i] : NULL;
}

ACCELSEL_API const accelsel_importance *accelsel_selection_importance(const accelsel_selection *s)
{
    return s != NULL ? s->imp : NULL;
}

ACCELSEL_API const char *accelsel_selection_target(const accelsel_selection *s)
{
    return s != NULL && s->imp != NULL ? s->target : NULL;
}

ACCELSEL_API size_t accelsel_selection_constant_count(const accelsel_selection *s)
{
    return s != NULL ? s->n_constant : 0;
}

ACCELSEL_API const char *accelsel_selection_constant(const accelsel_selection *s, size_t i)
{
    return s != NULL && i < s->n_constant ? s->constant[i] : NULL;
}

ACCELSEL_API const accelsel_features *accelsel_selection_features(const accelsel_selection *s)
{
    return s != NULL ? s->feat : NULL;
}

ACCELSEL_API const double *accelsel_selection_matrix(const accelsel_selection *s, size_t *n,
                                                     size_t *d, const size_t **rows)
{
    if (n != NULL)
        *n = s != NULL ? s->n : 0;
    if (d != NULL)
        *d = s != NULL ? s->d : 0;
    if (rows != NULL)
        *rows = s != NULL ? s->matrix_rows : NULL;
    return s != NULL ? s->matrix : NULL;
}

ACCELSEL_API const accelsel_cluster_selection *
accelsel_selection_k_choice(const accelsel_selection *s)
{
    return s != NULL ? s->ksel : NULL;
}

ACCELSEL_API uint32_t accelsel_selection_k_min(const accelsel_selection *s)
{
    return s != NULL ? s->k_min : 0;
}

ACCELSEL_API uint32_t accelsel_selection_k_max(const accelsel_selection *s)
{
    return s != NULL ? s->k_max : 0;
}

ACCELSEL_API const accelsel_cluster_model *accelsel_selection_model(const accelsel_selection *s)
{
    return s != NULL ? s->model : NULL;
}

ACCELSEL_API const uint32_t *accelsel_selection_row_labels(const accelsel_selection *s)
{
    return s != NULL ? s->group_of_row : NULL;
}

ACCELSEL_API const accelsel_criterion *accelsel_selection_criteria(const accelsel_selection *s,
                                                                   size_t *n)
{
    if (n != NULL)
        *n = s != NULL ? s->n_crit : 0;
    return s != NULL ? s->crit : NULL;
}

ACCELSEL_API const accelsel_ranking *accelsel_selection_group_ranking(const accelsel_selection *s)
{
    return s != NULL ? s->groups : NULL;
}

ACCELSEL_API const accelsel_ranking *accelsel_selection_row_ranking(const accelsel_selection *s)
{
    return s != NULL ? s->rows : NULL;
}

ACCELSEL_API const accelsel_sensitivity *accelsel_selection_sensitivity(const accelsel_selection *s)
{
    return s != NULL ? s->sens : NULL;
}

ACCELSEL_API const char *accelsel_selection_k_reason(const accelsel_selection *s)
{
    return s != NULL ? s->k_reason : NULL;
}

ACCELSEL_API const char *accelsel_selection_recommendation(const accelsel_selection *s)
{
    return s != NULL ? s->advice : NULL;
}

double asel_sel_row_number(const accelsel_selection *s, size_t row, const char *column)
{
    size_t col;
    return asel_sel_find(s->ds, column, &col) ? accelsel_dataset_number(s->ds, row, col) : NAN;
}

const char *asel_sel_row_text(const accelsel_selection *s, size_t row, const char *column)
{
    size_t col;
    return asel_sel_find(s->ds, column, &col) ? accelsel_dataset_string(s->ds, row, col) : NULL;
}

ACCELSEL_API const size_t *accelsel_selection_row_order(const accelsel_selection *s)
{
    return s != NULL ? accelsel_ranking_order(s->rows) : NULL;
}

ACCELSEL_API size_t accelsel_selection_row_rank(const accelsel_selection *s, size_t row)
{
    return s != NULL && row < accelsel_dataset_rows(s->ds) ? accelsel_ranking_ranks(s->rows)[row]
                                                           : 0;
}

