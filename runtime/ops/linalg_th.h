// TH's tensor-level LAPACK (schemas/math/tensor_lapack.yaml): Torch7's
// THTensor_(gesv ... btrisolve) for Float and Double, `fn` naming the C
// function (its dtype picks float or double). Tensors arrive as the C
// wrappers pass them: typed-checked, NULL where the caller passed NULL.
//
// Conventions (docs/lapack.md): matrix results are column-major (strides
// (1, rows)) unless a function says otherwise; a NULL input means the
// result (a = NULL: a = ra_) where TH allowed it; every argument is
// checked and every input copied before LAPACK runs, and results are
// written only after it succeeded, so a result may be an input and a
// call that raises changes nothing. Numeric failures (singular, not
// positive definite) are RuntimeErrors naming the routine and LAPACK's
// info.
#pragma once

#include "ember/tensor_impl.h"
#include "runtime/th/args.h"

namespace ember::rt::linalg {

// linalg_solve.cpp
void th_gesv(const th::Fn& fn, TensorImpl* rb, TensorImpl* ra, TensorImpl* b, TensorImpl* a);
void th_trtrs(const th::Fn& fn, TensorImpl* rb, TensorImpl* ra, TensorImpl* b, TensorImpl* a, const char* uplo,
              const char* trans, const char* diag);
void th_gels(const th::Fn& fn, TensorImpl* rb, TensorImpl* ra, TensorImpl* b, TensorImpl* a);
void th_potrs(const th::Fn& fn, TensorImpl* rb, TensorImpl* b, TensorImpl* a, const char* uplo);

// linalg_eigen.cpp
void th_syev(const th::Fn& fn, TensorImpl* re, TensorImpl* rv, TensorImpl* a, const char* jobz, const char* uplo);
void th_geev(const th::Fn& fn, TensorImpl* re, TensorImpl* rv, TensorImpl* a, const char* jobvr);

// linalg_svd.cpp; ra may be NULL (gesvd: no copy of LAPACK's scratch wanted).
void th_gesvd2(const th::Fn& fn, TensorImpl* ru, TensorImpl* rs, TensorImpl* rv, TensorImpl* ra, TensorImpl* a,
               const char* jobu);

// linalg_inverse.cpp
void th_getri(const th::Fn& fn, TensorImpl* ra, TensorImpl* a);
void th_potri(const th::Fn& fn, TensorImpl* ra, TensorImpl* a, const char* uplo);

// linalg_cholesky.cpp
void th_potrf(const th::Fn& fn, TensorImpl* ra, TensorImpl* a, const char* uplo);
void th_pstrf(const th::Fn& fn, TensorImpl* ra, TensorImpl* rpiv, TensorImpl* a, const char* uplo, double tol);

// linalg_qr.cpp
void th_qr(const th::Fn& fn, TensorImpl* rq, TensorImpl* rr, TensorImpl* a);
void th_geqrf(const th::Fn& fn, TensorImpl* ra, TensorImpl* rtau, TensorImpl* a);
void th_orgqr(const th::Fn& fn, TensorImpl* ra, TensorImpl* a, TensorImpl* tau);
void th_ormqr(const th::Fn& fn, TensorImpl* ra, TensorImpl* a, TensorImpl* tau, TensorImpl* c, const char* side,
              const char* trans);

// linalg_batched_lu.cpp
void th_btrifact(const th::Fn& fn, TensorImpl* ra, TensorImpl* rpivots, TensorImpl* rinfo, int pivot, TensorImpl* a);
void th_btrisolve(const th::Fn& fn, TensorImpl* rb, TensorImpl* b, TensorImpl* atf, TensorImpl* pivots);

// linalg_triangle.cpp
void th_copy_uplo_triangle(const th::Fn& fn, TensorImpl* a, const char* uplo);
void th_clear_uplo_triangle(const th::Fn& fn, TensorImpl* a, const char* uplo);

}  // namespace ember::rt::linalg
