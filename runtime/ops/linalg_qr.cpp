// TH's QR family: geqrf (LAPACK's compact form: R and Householder
// reflectors), orgqr (Q from the reflectors), ormqr (a product with Q
// without forming it) and qr (Q and R themselves, geqrf then orgqr).
#include <algorithm>
#include <vector>

#include "ember/error.h"
#include "runtime/ops/lapack.h"
#include "runtime/ops/linalg_args.h"
#include "runtime/ops/linalg_matrix.h"
#include "runtime/ops/linalg_th.h"

namespace ember::rt::linalg {

namespace {

// xGEQRF on A (m x n) in place; tau gets min(m, n) scales.
template <class T>
void factor(const th::Fn& fn, ColMajor<T>& A, std::vector<T>& tau) {
  const int k = std::min(A.rows, A.cols);
  tau.assign(std::max(1, k), T(0));
  if (k == 0) return;
  int info = 0;
  T optimum = 0;
  lapack::geqrf<T>(fn.str(), A.rows, A.cols, A.data(), A.ld, tau.data(), &optimum, -1, &info);
  check_accepted(fn, "geqrf", info);
  std::vector<T> work = workspace(optimum);
  lapack::geqrf<T>(fn.str(), A.rows, A.cols, A.data(), A.ld, tau.data(), work.data(), static_cast<int>(work.size()),
                   &info);
  check_accepted(fn, "geqrf", info);
}

// xORGQR(m, k, k) as TH called it: A's first k columns become Q's.
template <class T>
void form_q(const th::Fn& fn, ColMajor<T>& A, std::vector<T>& tau, int k) {
  if (k == 0) return;
  int info = 0;
  T optimum = 0;
  lapack::orgqr<T>(fn.str(), A.rows, k, k, A.data(), A.ld, tau.data(), &optimum, -1, &info);
  check_accepted(fn, "orgqr", info);
  std::vector<T> work = workspace(optimum);
  lapack::orgqr<T>(fn.str(), A.rows, k, k, A.data(), A.ld, tau.data(), work.data(), static_cast<int>(work.size()),
                   &info);
  check_accepted(fn, "orgqr", info);
}

// tau's k scales (1-D, k <= `most`), read through its stride.
template <class T>
std::vector<T> read_tau(const TensorImpl* tau) {
  std::vector<T> v(std::max<int64_t>(1, tau->size[0]));
  for (int64_t i = 0; i < tau->size[0]; ++i) v[i] = *element<T>(tau, i, 0);
  return v;
}

int tau_count(const th::Fn& fn, const TensorImpl* tau, int most, const char* bound) {
  need_dims(fn, tau, "tau", 1);
  const int k = lapack_size(fn, tau, 0, "tau");
  if (k > most) fail(ErrorKind::Value, str(fn, ": tau has ", k, " elements, more than ", bound, " = ", most), "tau");
  return k;
}

}  // namespace

void th_qr(const th::Fn& fn, TensorImpl* rq, TensorImpl* rr, TensorImpl* a) {
  need(fn, rq, "rq_");
  need(fn, rr, "rr_");
  need(fn, a, "a");
  need_dims(fn, a, "a", 2);
  const int m = lapack_size(fn, a, 0, "a"), n = lapack_size(fn, a, 1, "a"), k = std::min(m, n);
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a);
    std::vector<T> tau;
    factor(fn, A, tau);
    std::vector<T> r(static_cast<size_t>(k) * n, T(0));
    for (int i = 0; i < k; ++i)
      for (int j = i; j < n; ++j) r[static_cast<size_t>(i) * n + j] = A.at(i, j);
    form_q(fn, A, tau, k);
    resize(rr, {k, n}, {n, 1}, "linalg");
    std::copy(r.begin(), r.end(), data<T>(rr));
    write_col_major(rq, A, m, k, m);
  });
}

void th_geqrf(const th::Fn& fn, TensorImpl* ra, TensorImpl* rtau, TensorImpl* a) {
  need(fn, ra, "ra_");
  need(fn, rtau, "rtau_");
  need(fn, a, "a");
  need_dims(fn, a, "a", 2);
  const int m = lapack_size(fn, a, 0, "a"), n = lapack_size(fn, a, 1, "a");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a);
    std::vector<T> tau;
    factor(fn, A, tau);
    write_col_major(ra, A, m, n);
    write_vector(rtau, tau.data(), std::min(m, n));
  });
}

void th_orgqr(const th::Fn& fn, TensorImpl* ra, TensorImpl* a, TensorImpl* tau) {
  need(fn, ra, "ra_");
  need(fn, tau, "tau");
  if (!a) a = ra;
  need_dims(fn, a, "a", 2);
  const int m = lapack_size(fn, a, 0, "a"), n = lapack_size(fn, a, 1, "a");
  const int k = tau_count(fn, tau, std::min(m, n), "min(m, n) of a");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a);
    std::vector<T> t = read_tau<T>(tau);
    form_q(fn, A, t, k);
    write_col_major(ra, A, m, n);
  });
}

void th_ormqr(const th::Fn& fn, TensorImpl* ra, TensorImpl* a, TensorImpl* tau, TensorImpl* c, const char* side,
              const char* trans) {
  need(fn, ra, "ra_");
  need(fn, tau, "tau");
  need(fn, c, "c");
  if (!a) a = ra;
  const char sd = flag(fn, side, "LR", "side"), tr = flag(fn, trans, "NT", "trans");
  need_dims(fn, c, "c", 2);
  need_dims(fn, a, "a", 2);
  const int m = lapack_size(fn, c, 0, "c"), n = lapack_size(fn, c, 1, "c");
  const int nq = sd == 'L' ? m : n;  // Q's order
  if (a->size[0] != nq)
    fail(ErrorKind::Value,
         str(fn, ": a has ", a->size[0], " rows, but Q must be of order ", nq, " (c's ", sd == 'L' ? "rows" : "columns",
             " with side '", sd, "')"),
         "a");
  lapack_size(fn, a, 1, "a");
  const int k = tau_count(fn, tau, static_cast<int>(std::min<int64_t>(nq, a->size[1])), "the reflectors a holds");
  for_dtype(fn, [&](auto v) {
    using T = decltype(v);
    ColMajor<T> A = read_matrix<T>(a), C = read_matrix<T>(c);
    std::vector<T> t = read_tau<T>(tau);
    if (m > 0 && n > 0 && k > 0) {
      int info = 0;
      T optimum = 0;
      lapack::ormqr<T>(fn.str(), sd, tr, m, n, k, A.data(), A.ld, t.data(), C.data(), C.ld, &optimum, -1, &info);
      check_accepted(fn, "ormqr", info);
      std::vector<T> work = workspace(optimum);
      lapack::ormqr<T>(fn.str(), sd, tr, m, n, k, A.data(), A.ld, t.data(), C.data(), C.ld, work.data(),
                       static_cast<int>(work.size()), &info);
      check_accepted(fn, "ormqr", info);
    }
    write_col_major(ra, C, m, n);
  });
}

}  // namespace ember::rt::linalg
