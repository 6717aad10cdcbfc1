// The C-only entries of schemas/math/tensor_lapack.yaml: each C function
// THFloatTensor_<name> / THDoubleTensor_<name> calls th_tensor_<name><T>
// with its own arguments, which names the C function and hands over to
// the implementation in runtime/ops/linalg_*.cpp (runtime/ops/linalg_th.h).
#pragma once

#include "ember/tensor_impl.h"
#include "runtime/ops/linalg_th.h"
#include "runtime/th/args.h"

namespace ember::rt {

template <class T>
void th_tensor_gesv(TensorImpl* rb, TensorImpl* ra, TensorImpl* b, TensorImpl* a) {
  linalg::th_gesv(th::fn_of<T>("Tensor_gesv"), rb, ra, b, a);
}
template <class T>
void th_tensor_trtrs(TensorImpl* rb, TensorImpl* ra, TensorImpl* b, TensorImpl* a, const char* uplo, const char* trans,
                     const char* diag) {
  linalg::th_trtrs(th::fn_of<T>("Tensor_trtrs"), rb, ra, b, a, uplo, trans, diag);
}
template <class T>
void th_tensor_gels(TensorImpl* rb, TensorImpl* ra, TensorImpl* b, TensorImpl* a) {
  linalg::th_gels(th::fn_of<T>("Tensor_gels"), rb, ra, b, a);
}
template <class T>
void th_tensor_syev(TensorImpl* re, TensorImpl* rv, TensorImpl* a, const char* jobz, const char* uplo) {
  linalg::th_syev(th::fn_of<T>("Tensor_syev"), re, rv, a, jobz, uplo);
}
template <class T>
void th_tensor_geev(TensorImpl* re, TensorImpl* rv, TensorImpl* a, const char* jobvr) {
  linalg::th_geev(th::fn_of<T>("Tensor_geev"), re, rv, a, jobvr);
}
// TH's gesvd is gesvd2 without the copy of LAPACK's scratch: `a` must be given.
template <class T>
void th_tensor_gesvd(TensorImpl* ru, TensorImpl* rs, TensorImpl* rv, TensorImpl* a, const char* jobu) {
  const th::Fn fn = th::fn_of<T>("Tensor_gesvd");
  linalg::th_gesvd2(fn, ru, rs, rv, nullptr, th::need(a, fn, "a"), jobu);
}
template <class T>
void th_tensor_gesvd2(TensorImpl* ru, TensorImpl* rs, TensorImpl* rv, TensorImpl* ra, TensorImpl* a, const char* jobu) {
  const th::Fn fn = th::fn_of<T>("Tensor_gesvd2");
  linalg::th_gesvd2(fn, ru, rs, rv, th::need(ra, fn, "ra_"), a, jobu);
}
template <class T>
void th_tensor_getri(TensorImpl* ra, TensorImpl* a) {
  linalg::th_getri(th::fn_of<T>("Tensor_getri"), ra, a);
}
template <class T>
void th_tensor_potrf(TensorImpl* ra, TensorImpl* a, const char* uplo) {
  linalg::th_potrf(th::fn_of<T>("Tensor_potrf"), ra, a, uplo);
}
template <class T>
void th_tensor_potrs(TensorImpl* rb, TensorImpl* b, TensorImpl* a, const char* uplo) {
  linalg::th_potrs(th::fn_of<T>("Tensor_potrs"), rb, b, a, uplo);
}
template <class T>
void th_tensor_potri(TensorImpl* ra, TensorImpl* a, const char* uplo) {
  linalg::th_potri(th::fn_of<T>("Tensor_potri"), ra, a, uplo);
}
template <class T>
void th_tensor_pstrf(TensorImpl* ra, TensorImpl* rpiv, TensorImpl* a, const char* uplo, T tol) {
  linalg::th_pstrf(th::fn_of<T>("Tensor_pstrf"), ra, rpiv, a, uplo, static_cast<double>(tol));
}
template <class T>
void th_tensor_qr(TensorImpl* rq, TensorImpl* rr, TensorImpl* a) {
  linalg::th_qr(th::fn_of<T>("Tensor_qr"), rq, rr, a);
}
template <class T>
void th_tensor_geqrf(TensorImpl* ra, TensorImpl* rtau, TensorImpl* a) {
  linalg::th_geqrf(th::fn_of<T>("Tensor_geqrf"), ra, rtau, a);
}
template <class T>
void th_tensor_orgqr(TensorImpl* ra, TensorImpl* a, TensorImpl* tau) {
  linalg::th_orgqr(th::fn_of<T>("Tensor_orgqr"), ra, a, tau);
}
template <class T>
void th_tensor_ormqr(TensorImpl* ra, TensorImpl* a, TensorImpl* tau, TensorImpl* c, const char* side,
                     const char* trans) {
  linalg::th_ormqr(th::fn_of<T>("Tensor_ormqr"), ra, a, tau, c, side, trans);
}
template <class T>
void th_tensor_btrifact(TensorImpl* ra, TensorImpl* rpivots, TensorImpl* rinfo, int pivot, TensorImpl* a) {
  linalg::th_btrifact(th::fn_of<T>("Tensor_btrifact"), ra, rpivots, rinfo, pivot, a);
}
template <class T>
void th_tensor_btrisolve(TensorImpl* rb, TensorImpl* b, TensorImpl* atf, TensorImpl* pivots) {
  linalg::th_btrisolve(th::fn_of<T>("Tensor_btrisolve"), rb, b, atf, pivots);
}
template <class T>
void th_tensor_copy_uplo_triangle(TensorImpl* a, const char* uplo) {
  linalg::th_copy_uplo_triangle(th::fn_of<T>("Tensor_copyUpLoTriangle"), a, uplo);
}
template <class T>
void th_tensor_clear_uplo_triangle(TensorImpl* a, const char* uplo) {
  linalg::th_clear_uplo_triangle(th::fn_of<T>("Tensor_clearUpLoTriangle"), a, uplo);
}

}  // namespace ember::rt
