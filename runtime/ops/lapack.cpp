#include "runtime/ops/lapack.h"

#include <cstddef>
#include <type_traits>

#include "ember/error.h"
#include "runtime/ops/openblas.h"

namespace ember::rt::lapack {

namespace {

// Fortran's hidden length of a CHARACTER*1 argument (gfortran >= 8 passes
// size_t). Reference LAPACK reads only the first character of each flag,
// so the length is always 1.
constexpr size_t kFlag = 1;

// The routine `name` of T's precision (sgesv_ / dgesv_) as a function of
// type F. A missing routine is a RuntimeError, and not remembered: the
// callers keep the pointer in a function-local static, whose initialisation
// runs again after it throws.
template <class T, class F>
F* routine(const std::string& op, const char* name) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>);
  const std::string symbol = str(std::is_same_v<T, float> ? "s" : "d", name, "_");
  void* f = openblas::symbol(symbol.c_str());
  if (!f)
    fail(ErrorKind::Runtime, str(op, ": LAPACK's ", symbol, " is not available (OpenBLAS ",
                                 openblas::available() ? str(openblas::library_path(), " lacks it") : openblas::library_path(),
                                 ")"));
  return reinterpret_cast<F*>(f);
}

}  // namespace

template <class T>
void gesv(const std::string& op, int n, int nrhs, T* a, int lda, int* ipiv, T* b, int ldb, int* info) {
  using F = void(const int*, const int*, T*, const int*, int*, T*, const int*, int*);
  static F* const f = routine<T, F>(op, "gesv");
  f(&n, &nrhs, a, &lda, ipiv, b, &ldb, info);
}

template <class T>
void trtrs(const std::string& op, char uplo, char trans, char diag, int n, int nrhs, T* a, int lda, T* b, int ldb,
           int* info) {
  using F = void(const char*, const char*, const char*, const int*, const int*, const T*, const int*, T*, const int*,
                 int*, size_t, size_t, size_t);
  static F* const f = routine<T, F>(op, "trtrs");
  f(&uplo, &trans, &diag, &n, &nrhs, a, &lda, b, &ldb, info, kFlag, kFlag, kFlag);
}

template <class T>
void gels(const std::string& op, char trans, int m, int n, int nrhs, T* a, int lda, T* b, int ldb, T* work, int lwork,
          int* info) {
  using F = void(const char*, const int*, const int*, const int*, T*, const int*, T*, const int*, T*, const int*,
                 int*, size_t);
  static F* const f = routine<T, F>(op, "gels");
  f(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info, kFlag);
}

template <class T>
void syev(const std::string& op, char jobz, char uplo, int n, T* a, int lda, T* w, T* work, int lwork, int* info) {
  using F = void(const char*, const char*, const int*, T*, const int*, T*, T*, const int*, int*, size_t, size_t);
  static F* const f = routine<T, F>(op, "syev");
  f(&jobz, &uplo, &n, a, &lda, w, work, &lwork, info, kFlag, kFlag);
}

template <class T>
void geev(const std::string& op, char jobvl, char jobvr, int n, T* a, int lda, T* wr, T* wi, T* vl, int ldvl, T* vr,
          int ldvr, T* work, int lwork, int* info) {
  using F = void(const char*, const char*, const int*, T*, const int*, T*, T*, T*, const int*, T*, const int*, T*,
                 const int*, int*, size_t, size_t);
  static F* const f = routine<T, F>(op, "geev");
  f(&jobvl, &jobvr, &n, a, &lda, wr, wi, vl, &ldvl, vr, &ldvr, work, &lwork, info, kFlag, kFlag);
}

template <class T>
void gesvd(const std::string& op, char jobu, char jobvt, int m, int n, T* a, int lda, T* s, T* u, int ldu, T* vt,
           int ldvt, T* work, int lwork, int* info) {
  using F = void(const char*, const char*, const int*, const int*, T*, const int*, T*, T*, const int*, T*, const int*,
                 T*, const int*, int*, size_t, size_t);
  static F* const f = routine<T, F>(op, "gesvd");
  f(&jobu, &jobvt, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, info, kFlag, kFlag);
}

template <class T>
void getrf(const std::string& op, int m, int n, T* a, int lda, int* ipiv, int* info) {
  using F = void(const int*, const int*, T*, const int*, int*, int*);
  static F* const f = routine<T, F>(op, "getrf");
  f(&m, &n, a, &lda, ipiv, info);
}

template <class T>
void getrs(const std::string& op, char trans, int n, int nrhs, T* a, int lda, int* ipiv, T* b, int ldb, int* info) {
  using F = void(const char*, const int*, const int*, const T*, const int*, const int*, T*, const int*, int*, size_t);
  static F* const f = routine<T, F>(op, "getrs");
  f(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, kFlag);
}

template <class T>
void getri(const std::string& op, int n, T* a, int lda, int* ipiv, T* work, int lwork, int* info) {
  using F = void(const int*, T*, const int*, const int*, T*, const int*, int*);
  static F* const f = routine<T, F>(op, "getri");
  f(&n, a, &lda, ipiv, work, &lwork, info);
}

template <class T>
void potrf(const std::string& op, char uplo, int n, T* a, int lda, int* info) {
  using F = void(const char*, const int*, T*, const int*, int*, size_t);
  static F* const f = routine<T, F>(op, "potrf");
  f(&uplo, &n, a, &lda, info, kFlag);
}

template <class T>
void potri(const std::string& op, char uplo, int n, T* a, int lda, int* info) {
  using F = void(const char*, const int*, T*, const int*, int*, size_t);
  static F* const f = routine<T, F>(op, "potri");
  f(&uplo, &n, a, &lda, info, kFlag);
}

template <class T>
void potrs(const std::string& op, char uplo, int n, int nrhs, T* a, int lda, T* b, int ldb, int* info) {
  using F = void(const char*, const int*, const int*, const T*, const int*, T*, const int*, int*, size_t);
  static F* const f = routine<T, F>(op, "potrs");
  f(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, kFlag);
}

template <class T>
void pstrf(const std::string& op, char uplo, int n, T* a, int lda, int* piv, int* rank, T tol, T* work, int* info) {
  using F = void(const char*, const int*, T*, const int*, int*, int*, const T*, T*, int*, size_t);
  static F* const f = routine<T, F>(op, "pstrf");
  f(&uplo, &n, a, &lda, piv, rank, &tol, work, info, kFlag);
}

template <class T>
void geqrf(const std::string& op, int m, int n, T* a, int lda, T* tau, T* work, int lwork, int* info) {
  using F = void(const int*, const int*, T*, const int*, T*, T*, const int*, int*);
  static F* const f = routine<T, F>(op, "geqrf");
  f(&m, &n, a, &lda, tau, work, &lwork, info);
}

template <class T>
void orgqr(const std::string& op, int m, int n, int k, T* a, int lda, T* tau, T* work, int lwork, int* info) {
  using F = void(const int*, const int*, const int*, T*, const int*, const T*, T*, const int*, int*);
  static F* const f = routine<T, F>(op, "orgqr");
  f(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}

template <class T>
void ormqr(const std::string& op, char side, char trans, int m, int n, int k, T* a, int lda, T* tau, T* c, int ldc,
           T* work, int lwork, int* info) {
  using F = void(const char*, const char*, const int*, const int*, const int*, const T*, const int*, const T*, T*,
                 const int*, T*, const int*, int*, size_t, size_t);
  static F* const f = routine<T, F>(op, "ormqr");
  f(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info, kFlag, kFlag);
}

#define EMBER_LAPACK_INSTANTIATE(T)                                                                                  \
  template void gesv<T>(const std::string&, int, int, T*, int, int*, T*, int, int*);                                 \
  template void trtrs<T>(const std::string&, char, char, char, int, int, T*, int, T*, int, int*);                    \
  template void gels<T>(const std::string&, char, int, int, int, T*, int, T*, int, T*, int, int*);                   \
  template void syev<T>(const std::string&, char, char, int, T*, int, T*, T*, int, int*);                            \
  template void geev<T>(const std::string&, char, char, int, T*, int, T*, T*, T*, int, T*, int, T*, int, int*);      \
  template void gesvd<T>(const std::string&, char, char, int, int, T*, int, T*, T*, int, T*, int, T*, int, int*);    \
  template void getrf<T>(const std::string&, int, int, T*, int, int*, int*);                                         \
  template void getrs<T>(const std::string&, char, int, int, T*, int, int*, T*, int, int*);                          \
  template void getri<T>(const std::string&, int, T*, int, int*, T*, int, int*);                                     \
  template void potrf<T>(const std::string&, char, int, T*, int, int*);                                              \
  template void potri<T>(const std::string&, char, int, T*, int, int*);                                              \
  template void potrs<T>(const std::string&, char, int, int, T*, int, T*, int, int*);                                \
  template void pstrf<T>(const std::string&, char, int, T*, int, int*, int*, T, T*, int*);                           \
  template void geqrf<T>(const std::string&, int, int, T*, int, T*, T*, int, int*);                                  \
  template void orgqr<T>(const std::string&, int, int, int, T*, int, T*, T*, int, int*);                             \
  template void ormqr<T>(const std::string&, char, char, int, int, int, T*, int, T*, T*, int, T*, int, int*);
EMBER_LAPACK_INSTANTIATE(float)
EMBER_LAPACK_INSTANTIATE(double)
#undef EMBER_LAPACK_INSTANTIATE

}  // namespace ember::rt::lapack
