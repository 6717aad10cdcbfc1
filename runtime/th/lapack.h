// TH's LAPACK wrappers THLapack_(gesv ... ormqr) (schemas/math/lapack.yaml)
// as templates the generated C functions instantiate for Float and Double:
// LAPACK's arguments in LAPACK's order, column-major, forwarded to
// OpenBLAS's s/d routine (runtime/ops/lapack.h).
//
// Before the call, the checks LAPACK's routines make themselves (sizes,
// leading dims, flags, workspace sizes), and NULL pointers where the
// routine would read or write them: a ValueError naming the C function
// and the parameter, so xerbla never prints and a bad call never reaches
// LAPACK. Flags are case-insensitive, as LAPACK's LSAME. What LAPACK finds
// in the numbers (a singular U, a matrix that is not positive definite,
// an SVD that does not converge) is its info > 0, returned in *info as
// LAPACK returns it: deciding whether it is an error is the caller's (TH's
// tensor functions raise it).
#pragma once

#include <algorithm>
#include <cctype>
#include <cstring>

#include "ember/error.h"
#include "runtime/ops/lapack.h"
#include "runtime/th/args.h"

namespace ember::rt {

namespace th_lapack_detail {

// `c` upper-cased when it is one of `allowed` (upper case), else a ValueError.
inline char flag(char c, const char* allowed, const th::Fn& fn, const char* arg) {
  const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (!u || !std::strchr(allowed, u)) {
    std::string list;
    for (const char* a = allowed; *a; ++a) list += str(list.empty() ? "" : ", ", *a);
    fail(ErrorKind::Value, str(fn, ": ", arg, " is '", c, "', not one of ", list), arg);
  }
  return u;
}

inline void at_least(int v, int low, const th::Fn& fn, const char* arg, const char* what) {
  if (v < low) fail(ErrorKind::Value, str(fn, ": ", arg, " is ", v, ", must be at least ", what, " = ", low), arg);
}

// An n×n matrix A with leading dim lda (LAPACK's n >= 0, lda >= max(1, n)).
inline void square_matrix(int n, int lda, const th::Fn& fn) {
  at_least(n, 0, fn, "n", "0");
  at_least(lda, std::max(1, n), fn, "lda", "max(1, n)");
}

// A·X = B with A n×n and B n×nrhs (n, nrhs >= 0; lda, ldb >= max(1, n)).
inline void square_system(int n, int nrhs, int lda, int ldb, const th::Fn& fn) {
  at_least(n, 0, fn, "n", "0");
  at_least(nrhs, 0, fn, "nrhs", "0");
  at_least(lda, std::max(1, n), fn, "lda", "max(1, n)");
  at_least(ldb, std::max(1, n), fn, "ldb", "max(1, n)");
}

// An m×n matrix with leading dim lda (m, n >= 0, lda >= max(1, m)).
inline void general_matrix(int m, int n, int lda, const th::Fn& fn) {
  at_least(m, 0, fn, "m", "0");
  at_least(n, 0, fn, "n", "0");
  at_least(lda, std::max(1, m), fn, "lda", "max(1, m)");
}

// lwork is LAPACK's: -1 asks for the optimal size, else at least `low`.
inline void workspace(int lwork, int low, const th::Fn& fn, const char* what) {
  if (lwork != -1 && lwork < low)
    fail(ErrorKind::Value, str(fn, ": lwork is ", lwork, ", must be -1 (a size query) or at least ", what, " = ", low),
         "lwork");
}

template <class P>
P* data(P* p, bool needed, const th::Fn& fn, const char* arg) {
  return needed ? th::need(p, fn, arg) : p;
}

// The `op` argument of runtime/ops/lapack.h: the C function's name.
inline std::string name(const th::Fn& fn) { return fn.str(); }

}  // namespace th_lapack_detail

template <class T>
void th_lapack_gesv(int n, int nrhs, T* a, int lda, int* ipiv, T* b, int ldb, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_gesv");
  square_system(n, nrhs, lda, ldb, fn);
  th::need(info, fn, "info");
  lapack::gesv<T>(name(fn), n, nrhs, data(a, n > 0, fn, "a"), lda, data(ipiv, n > 0, fn, "ipiv"),
                  data(b, n > 0 && nrhs > 0, fn, "b"), ldb, info);
}

template <class T>
void th_lapack_trtrs(char uplo, char trans, char diag, int n, int nrhs, T* a, int lda, T* b, int ldb, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_trtrs");
  flag(uplo, "UL", fn, "uplo");
  flag(trans, "NTC", fn, "trans");
  flag(diag, "NU", fn, "diag");
  square_system(n, nrhs, lda, ldb, fn);
  th::need(info, fn, "info");
  lapack::trtrs<T>(name(fn), uplo, trans, diag, n, nrhs, data(a, n > 0, fn, "a"), lda,
                   data(b, n > 0 && nrhs > 0, fn, "b"), ldb, info);
}

template <class T>
void th_lapack_gels(char trans, int m, int n, int nrhs, T* a, int lda, T* b, int ldb, T* work, int lwork, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_gels");
  flag(trans, "NT", fn, "trans");
  at_least(m, 0, fn, "m", "0");
  at_least(n, 0, fn, "n", "0");
  at_least(nrhs, 0, fn, "nrhs", "0");
  at_least(lda, std::max(1, m), fn, "lda", "max(1, m)");
  at_least(ldb, std::max({1, m, n}), fn, "ldb", "max(1, m, n)");
  const int mn = std::min(m, n);
  workspace(lwork, std::max(1, mn + std::max(mn, nrhs)), fn, "max(1, min(m, n) + max(min(m, n), nrhs))");
  th::need(info, fn, "info");
  lapack::gels<T>(name(fn), trans, m, n, nrhs, data(a, m > 0 && n > 0, fn, "a"), lda,
                  data(b, std::max(m, n) > 0 && nrhs > 0, fn, "b"), ldb, th::need(work, fn, "work"), lwork, info);
}

template <class T>
void th_lapack_syev(char jobz, char uplo, int n, T* a, int lda, T* w, T* work, int lwork, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_syev");
  flag(jobz, "NV", fn, "jobz");
  flag(uplo, "UL", fn, "uplo");
  square_matrix(n, lda, fn);
  workspace(lwork, std::max(1, 3 * n - 1), fn, "max(1, 3n - 1)");
  th::need(info, fn, "info");
  lapack::syev<T>(name(fn), jobz, uplo, n, data(a, n > 0, fn, "a"), lda, data(w, n > 0, fn, "w"),
                  th::need(work, fn, "work"), lwork, info);
}

template <class T>
void th_lapack_geev(char jobvl, char jobvr, int n, T* a, int lda, T* wr, T* wi, T* vl, int ldvl, T* vr, int ldvr,
                    T* work, int lwork, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_geev");
  const bool left = flag(jobvl, "NV", fn, "jobvl") == 'V';
  const bool right = flag(jobvr, "NV", fn, "jobvr") == 'V';
  square_matrix(n, lda, fn);
  if (left) at_least(ldvl, std::max(1, n), fn, "ldvl", "max(1, n) with jobvl 'V'");
  at_least(ldvl, 1, fn, "ldvl", "1");
  if (right) at_least(ldvr, std::max(1, n), fn, "ldvr", "max(1, n) with jobvr 'V'");
  at_least(ldvr, 1, fn, "ldvr", "1");
  if (left || right)
    workspace(lwork, std::max(1, 4 * n), fn, "max(1, 4n) with eigenvectors");
  else
    workspace(lwork, std::max(1, 3 * n), fn, "max(1, 3n)");
  th::need(info, fn, "info");
  lapack::geev<T>(name(fn), jobvl, jobvr, n, data(a, n > 0, fn, "a"), lda, data(wr, n > 0, fn, "wr"),
                  data(wi, n > 0, fn, "wi"), data(vl, left && n > 0, fn, "vl"), ldvl,
                  data(vr, right && n > 0, fn, "vr"), ldvr, th::need(work, fn, "work"), lwork, info);
}

template <class T>
void th_lapack_gesvd(char jobu, char jobvt, int m, int n, T* a, int lda, T* s, T* u, int ldu, T* vt, int ldvt,
                     T* work, int lwork, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_gesvd");
  const char ju = flag(jobu, "ASON", fn, "jobu");
  const char jv = flag(jobvt, "ASON", fn, "jobvt");
  if (ju == 'O' && jv == 'O') fail(ErrorKind::Value, str(fn, ": jobu and jobvt are both 'O'"), "jobvt");
  general_matrix(m, n, lda, fn);
  const int mn = std::min(m, n);
  if (ju == 'A' || ju == 'S') at_least(ldu, std::max(1, m), fn, "ldu", "max(1, m) with jobu 'A' or 'S'");
  at_least(ldu, 1, fn, "ldu", "1");
  if (jv == 'A') at_least(ldvt, std::max(1, n), fn, "ldvt", "max(1, n) with jobvt 'A'");
  if (jv == 'S') at_least(ldvt, std::max(1, mn), fn, "ldvt", "max(1, min(m, n)) with jobvt 'S'");
  at_least(ldvt, 1, fn, "ldvt", "1");
  workspace(lwork, mn == 0 ? 1 : std::max(3 * mn + std::max(m, n), 5 * mn), fn,
            "max(1, 3 min(m, n) + max(m, n), 5 min(m, n))");
  th::need(info, fn, "info");
  const bool any = m > 0 && n > 0;
  lapack::gesvd<T>(name(fn), jobu, jobvt, m, n, data(a, any, fn, "a"), lda, data(s, any, fn, "s"),
                   data(u, (ju == 'A' || ju == 'S') && m > 0, fn, "u"), ldu,
                   data(vt, (jv == 'A' || jv == 'S') && n > 0, fn, "vt"), ldvt, th::need(work, fn, "work"), lwork,
                   info);
}

template <class T>
void th_lapack_getrf(int m, int n, T* a, int lda, int* ipiv, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_getrf");
  general_matrix(m, n, lda, fn);
  th::need(info, fn, "info");
  const bool any = m > 0 && n > 0;
  lapack::getrf<T>(name(fn), m, n, data(a, any, fn, "a"), lda, data(ipiv, any, fn, "ipiv"), info);
}

template <class T>
void th_lapack_getrs(char trans, int n, int nrhs, T* a, int lda, int* ipiv, T* b, int ldb, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_getrs");
  flag(trans, "NTC", fn, "trans");
  square_system(n, nrhs, lda, ldb, fn);
  th::need(info, fn, "info");
  const bool any = n > 0 && nrhs > 0;
  lapack::getrs<T>(name(fn), trans, n, nrhs, data(a, any, fn, "a"), lda, data(ipiv, any, fn, "ipiv"),
                   data(b, any, fn, "b"), ldb, info);
}

template <class T>
void th_lapack_getri(int n, T* a, int lda, int* ipiv, T* work, int lwork, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_getri");
  square_matrix(n, lda, fn);
  workspace(lwork, std::max(1, n), fn, "max(1, n)");
  th::need(info, fn, "info");
  lapack::getri<T>(name(fn), n, data(a, n > 0, fn, "a"), lda, data(ipiv, n > 0, fn, "ipiv"),
                   th::need(work, fn, "work"), lwork, info);
}

template <class T>
void th_lapack_potrf(char uplo, int n, T* a, int lda, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_potrf");
  flag(uplo, "UL", fn, "uplo");
  square_matrix(n, lda, fn);
  th::need(info, fn, "info");
  lapack::potrf<T>(name(fn), uplo, n, data(a, n > 0, fn, "a"), lda, info);
}

template <class T>
void th_lapack_potri(char uplo, int n, T* a, int lda, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_potri");
  flag(uplo, "UL", fn, "uplo");
  square_matrix(n, lda, fn);
  th::need(info, fn, "info");
  lapack::potri<T>(name(fn), uplo, n, data(a, n > 0, fn, "a"), lda, info);
}

template <class T>
void th_lapack_potrs(char uplo, int n, int nrhs, T* a, int lda, T* b, int ldb, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_potrs");
  flag(uplo, "UL", fn, "uplo");
  square_system(n, nrhs, lda, ldb, fn);
  th::need(info, fn, "info");
  const bool any = n > 0 && nrhs > 0;
  lapack::potrs<T>(name(fn), uplo, n, nrhs, data(a, any, fn, "a"), lda, data(b, any, fn, "b"), ldb, info);
}

// work: 2n elements (LAPACK's xPSTRF has no lwork).
template <class T>
void th_lapack_pstrf(char uplo, int n, T* a, int lda, int* piv, int* rank, T tol, T* work, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_pstrf");
  flag(uplo, "UL", fn, "uplo");
  square_matrix(n, lda, fn);
  th::need(info, fn, "info");
  lapack::pstrf<T>(name(fn), uplo, n, data(a, n > 0, fn, "a"), lda, data(piv, n > 0, fn, "piv"),
                   th::need(rank, fn, "rank"), tol, data(work, n > 0, fn, "work"), info);
}

template <class T>
void th_lapack_geqrf(int m, int n, T* a, int lda, T* tau, T* work, int lwork, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_geqrf");
  general_matrix(m, n, lda, fn);
  workspace(lwork, std::max(1, n), fn, "max(1, n)");
  th::need(info, fn, "info");
  const bool any = m > 0 && n > 0;
  lapack::geqrf<T>(name(fn), m, n, data(a, any, fn, "a"), lda, data(tau, any, fn, "tau"),
                   th::need(work, fn, "work"), lwork, info);
}

template <class T>
void th_lapack_orgqr(int m, int n, int k, T* a, int lda, T* tau, T* work, int lwork, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_orgqr");
  at_least(m, 0, fn, "m", "0");
  at_least(n, 0, fn, "n", "0");
  if (n > m) fail(ErrorKind::Value, str(fn, ": n is ", n, ", must be at most m = ", m), "n");
  at_least(k, 0, fn, "k", "0");
  if (k > n) fail(ErrorKind::Value, str(fn, ": k is ", k, ", must be at most n = ", n), "k");
  at_least(lda, std::max(1, m), fn, "lda", "max(1, m)");
  workspace(lwork, std::max(1, n), fn, "max(1, n)");
  th::need(info, fn, "info");
  lapack::orgqr<T>(name(fn), m, n, k, data(a, n > 0, fn, "a"), lda, data(tau, k > 0, fn, "tau"),
                   th::need(work, fn, "work"), lwork, info);
}

template <class T>
void th_lapack_ormqr(char side, char trans, int m, int n, int k, T* a, int lda, T* tau, T* c, int ldc, T* work,
                     int lwork, int* info) {
  using namespace th_lapack_detail;
  const th::Fn fn = th::fn_of<T>("Lapack_ormqr");
  const bool left = flag(side, "LR", fn, "side") == 'L';
  flag(trans, "NT", fn, "trans");
  at_least(m, 0, fn, "m", "0");
  at_least(n, 0, fn, "n", "0");
  const int nq = left ? m : n, nw = left ? n : m;  // Q's order; the other dim of C
  at_least(k, 0, fn, "k", "0");
  if (k > nq)
    fail(ErrorKind::Value, str(fn, ": k is ", k, ", must be at most ", left ? "m" : "n", " = ", nq, " with side '",
                               side, "'"), "k");
  at_least(lda, std::max(1, nq), fn, "lda", left ? "max(1, m) with side 'L'" : "max(1, n) with side 'R'");
  at_least(ldc, std::max(1, m), fn, "ldc", "max(1, m)");
  workspace(lwork, std::max(1, nw), fn, left ? "max(1, n) with side 'L'" : "max(1, m) with side 'R'");
  th::need(info, fn, "info");
  const bool any = m > 0 && n > 0 && k > 0;
  lapack::ormqr<T>(name(fn), side, trans, m, n, k, data(a, any, fn, "a"), lda, data(tau, any, fn, "tau"),
                   data(c, m > 0 && n > 0, fn, "c"), ldc, th::need(work, fn, "work"), lwork, info);
}

}  // namespace ember::rt
