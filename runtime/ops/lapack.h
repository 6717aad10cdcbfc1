// LAPACK's routines for Float and Double, from the OpenBLAS that
// runtime/ops/openblas.h loads (Debian's libopenblas exports the reference
// LAPACK next to its BLAS; ember links neither, Note [OpenBLAS core type]).
//
// Each takes LAPACK's own arguments in LAPACK's order, column-major, and
// reaches s<name>_ (float) or d<name>_ (double) with Fortran's calling
// convention: every argument by address, then one hidden length per
// character flag. They do not check their arguments: the callers
// (runtime/th/lapack.h) do, so LAPACK's xerbla never prints. `op` names
// the caller in the RuntimeError raised when OpenBLAS is not loaded or
// lacks the routine; the routine is looked up once, at its first call.
//
// Workspace arguments (work, lwork) are LAPACK's: lwork == -1 asks for the
// optimal size in work[0].
#pragma once

#include <string>

namespace ember::rt::lapack {

template <class T>
void gesv(const std::string& op, int n, int nrhs, T* a, int lda, int* ipiv, T* b, int ldb, int* info);
template <class T>
void trtrs(const std::string& op, char uplo, char trans, char diag, int n, int nrhs, T* a, int lda, T* b, int ldb,
           int* info);
template <class T>
void gels(const std::string& op, char trans, int m, int n, int nrhs, T* a, int lda, T* b, int ldb, T* work, int lwork,
          int* info);
template <class T>
void syev(const std::string& op, char jobz, char uplo, int n, T* a, int lda, T* w, T* work, int lwork, int* info);
template <class T>
void geev(const std::string& op, char jobvl, char jobvr, int n, T* a, int lda, T* wr, T* wi, T* vl, int ldvl, T* vr,
          int ldvr, T* work, int lwork, int* info);
template <class T>
void gesvd(const std::string& op, char jobu, char jobvt, int m, int n, T* a, int lda, T* s, T* u, int ldu, T* vt,
           int ldvt, T* work, int lwork, int* info);
template <class T>
void getrf(const std::string& op, int m, int n, T* a, int lda, int* ipiv, int* info);
template <class T>
void getrs(const std::string& op, char trans, int n, int nrhs, T* a, int lda, int* ipiv, T* b, int ldb, int* info);
template <class T>
void getri(const std::string& op, int n, T* a, int lda, int* ipiv, T* work, int lwork, int* info);
template <class T>
void potrf(const std::string& op, char uplo, int n, T* a, int lda, int* info);
template <class T>
void potri(const std::string& op, char uplo, int n, T* a, int lda, int* info);
template <class T>
void potrs(const std::string& op, char uplo, int n, int nrhs, T* a, int lda, T* b, int ldb, int* info);
template <class T>
void pstrf(const std::string& op, char uplo, int n, T* a, int lda, int* piv, int* rank, T tol, T* work, int* info);
template <class T>
void geqrf(const std::string& op, int m, int n, T* a, int lda, T* tau, T* work, int lwork, int* info);
template <class T>
void orgqr(const std::string& op, int m, int n, int k, T* a, int lda, T* tau, T* work, int lwork, int* info);
template <class T>
void ormqr(const std::string& op, char side, char trans, int m, int n, int k, T* a, int lda, T* tau, T* c, int ldc,
           T* work, int lwork, int* info);

}  // namespace ember::rt::lapack
