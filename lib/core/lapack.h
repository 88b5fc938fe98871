/* Fortran LAPACK routines from OpenBLAS, declared here because OpenBLAS's
 * Debian package ships no LAPACK header. All arguments are passed by
 * reference; the trailing size_t arguments are the hidden lengths of the
 * character arguments that gfortran (8 and later) expects, passed explicitly
 * so that the call matches the callee's real signature. Matrices are
 * column-major. */
#ifndef ASEL_LAPACK_H
#define ASEL_LAPACK_H

#include <stddef.h>

/* Eigenvalues (ascending, in w) and, with jobz "V", orthonormal eigenvectors
 * (overwriting the columns of a) of a symmetric n x n matrix; divide and
 * conquer. A query with lwork = liwork = -1 returns the workspace sizes in
 * work[0] and iwork[0]. info: 0 ok, < 0 bad argument, > 0 no convergence. */
void dsyevd_(const char *jobz, const char *uplo, const int *n, double *a, const int *lda,
             double *w, double *work, const int *lwork, int *iwork, const int *liwork,
             int *info, size_t jobz_len, size_t uplo_len);

#endif
