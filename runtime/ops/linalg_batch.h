// Batches of matrices for the C++/Python linear algebra (runtime/ops/
// linalg_api_*.cpp): argument checks, the broadcast batch shape of two
// inputs, and moving one matrix between a tensor (any strides) and a
// column-major working copy (runtime/ops/linalg_matrix.h).
#pragma once

#include <cstdint>
#include <vector>

#include "ember/tensor_base.h"
#include "runtime/ops/linalg_matrix.h"

namespace ember::rt::linalg {

// TypeError unless `t` is float32 or float64.
void need_floating(const char* op, const TensorBase& t, const char* arg);
// TypeError unless b's dtype is a's.
void need_same_dtype(const char* op, const TensorBase& a, const char* a_arg, const TensorBase& b, const char* b_arg);
// ValueError unless `t` has at least 2 dims; its last two sizes as LAPACK ints.
void need_matrices(const char* op, const TensorBase& t, const char* arg, int* rows, int* cols);
// need_matrices, and square: the order.
int need_square_matrices(const char* op, const TensorBase& t, const char* arg);

// The leading (batch) sizes of `t`, all but its last `matrix_dims`.
std::vector<int64_t> batch_of(const TensorBase& t, int matrix_dims = 2);
// The broadcast of two batch shapes (ValueError naming b_arg when they do not broadcast).
std::vector<int64_t> broadcast_batch(const char* op, const std::vector<int64_t>& a, const std::vector<int64_t>& b,
                                     const char* b_arg);
int64_t count(const std::vector<int64_t>& shape);
// `batch` + `tail` as one shape.
std::vector<int64_t> joined(const std::vector<int64_t>& batch, std::initializer_list<int64_t> tail);

// Where matrix `index` (row-major over `batch`) of `t` starts, `t` having
// `matrix_dims` trailing dims and leading dims broadcast to `batch`.
int64_t batch_offset(const TensorBase& t, const std::vector<int64_t>& batch, int64_t index, int matrix_dims = 2);

// The rows x cols matrix of `t` at element offset `offset` (its last two
// strides; with one matrix dim, a column), into a working copy of at
// least `ld` rows.
template <class T>
ColMajor<T> read_at(const TensorBase& t, int64_t offset, int rows, int cols, int matrix_dims = 2, int ld = 0) {
  const int64_t d = t.dim();
  const int64_t rs = t.stride(d - matrix_dims), cs = matrix_dims > 1 ? t.stride(d - 1) : 0;
  const T* p = static_cast<const T*>(t.data_ptr()) + offset;
  ColMajor<T> m(rows, cols, ld);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) m.at(i, j) = p[i * rs + j * cs];
  return m;
}

// Writes m's first rows x cols, row-major, at `out` (a contiguous result).
template <class T>
void store(T* out, const ColMajor<T>& m, int rows, int cols) {
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) out[static_cast<int64_t>(i) * cols + j] = m.at(i, j);
}

// Calls f(float{}) or f(double{}) for t's dtype (checked floating first).
template <class F>
void for_floating(const TensorBase& t, F&& f) {
  if (t.dtype() == DType::Double)
    f(double{});
  else
    f(float{});
}

// " (batch element 3)" when there is a batch, for numeric errors.
std::string batch_text(const std::vector<int64_t>& batch, int64_t index);

}  // namespace ember::rt::linalg
