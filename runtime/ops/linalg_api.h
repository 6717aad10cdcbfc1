// PyTorch 1.13's linear algebra over TensorBase (schemas/math/linalg.yaml):
// ember::linalg::solve ... and ember.linalg.* call these. Each takes
// float32 / float64 matrices in the last two dims, batched over the
// leading ones (broadcast between two inputs), checks every argument
// first (TypeError, ValueError naming the op and the argument), and
// returns new contiguous tensors. LAPACK's numeric failures are
// RuntimeErrors naming the op, the batch element and LAPACK's info.
#pragma once

#include <tuple>

#include "ember/tensor_base.h"

namespace ember::rt {

// linalg_api_solve.cpp
TensorBase linalg_solve(const TensorBase& A, const TensorBase& B);
std::tuple<TensorBase, TensorBase, TensorBase, TensorBase> linalg_lstsq(const TensorBase& A, const TensorBase& B);
TensorBase cholesky_solve(const TensorBase& self, const TensorBase& input2, bool upper);
void cholesky_solve_out(TensorBase& out, const TensorBase& self, const TensorBase& input2, bool upper);
std::tuple<TensorBase, TensorBase> triangular_solve(const TensorBase& self, const TensorBase& A, bool upper,
                                                    bool transpose, bool unitriangular);

// linalg_api_factor.cpp
TensorBase linalg_inv(const TensorBase& A);
TensorBase linalg_cholesky(const TensorBase& A, bool upper);
std::tuple<TensorBase, TensorBase> linalg_qr(const TensorBase& A);
TensorBase linalg_det(const TensorBase& A);
std::tuple<TensorBase, TensorBase> linalg_slogdet(const TensorBase& A);

// linalg_api_spectral.cpp
std::tuple<TensorBase, TensorBase> linalg_eigh(const TensorBase& A);
std::tuple<TensorBase, TensorBase> linalg_eig(const TensorBase& A);
std::tuple<TensorBase, TensorBase, TensorBase> linalg_svd(const TensorBase& A, bool full_matrices);

}  // namespace ember::rt
