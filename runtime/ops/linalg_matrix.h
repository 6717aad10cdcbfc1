// The working matrices of the linear-algebra functions (runtime/ops/
// linalg_*.cpp): LAPACK's column-major layout, owned by the call.
//
// Every input is read into one of these before LAPACK runs and every
// result is written from one after it succeeded, so a result may be an
// input (TH's ra_ == a), inputs may have any strides, and a call that
// raises has written nothing.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "ember/tensor_impl.h"

namespace ember::rt::linalg {

// rows x cols, element (i, j) at v[i + j * ld], ld >= max(1, rows).
template <class T>
struct ColMajor {
  int rows = 0, cols = 0, ld = 1;
  std::vector<T> v;

  ColMajor() = default;
  ColMajor(int r, int c, int l = 0)
      : rows(r), cols(c), ld(std::max({1, r, l})), v(static_cast<size_t>(ld) * std::max(1, c), T(0)) {}
  T& at(int i, int j) { return v[static_cast<size_t>(j) * ld + i]; }
  T at(int i, int j) const { return v[static_cast<size_t>(j) * ld + i]; }
  T* data() { return v.data(); }
};

// Element (i, j) of a 2-D tensor, or (i) of a 1-D one read as a column.
template <class T>
T* element(const TensorImpl* t, int64_t i, int64_t j) {
  const int64_t off = i * t->stride[0] + (t->nDimension > 1 ? j * t->stride[1] : 0);
  return data<T>(t) + off;
}

// The 2-D `t` (a 1-D one as one column) as a working copy of at least
// `ld` rows; the rows past t's stay zero.
template <class T>
ColMajor<T> read_matrix(const TensorImpl* t, int ld = 0) {
  const int rows = static_cast<int>(t->size[0]);
  const int cols = t->nDimension > 1 ? static_cast<int>(t->size[1]) : 1;
  ColMajor<T> m(rows, cols, ld);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) m.at(i, j) = *element<T>(t, i, j);
  return m;
}

// Makes `r` rows x cols with strides (1, ld) (TH's transposed-contiguous
// results; ld defaults to rows) and writes m's first rows and cols there.
template <class T>
void write_col_major(TensorImpl* r, const ColMajor<T>& m, int rows, int cols, int ld = 0) {
  const int64_t lead = std::max({1, rows, ld});
  resize(r, {rows, cols}, {1, lead}, "linalg");
  T* p = data<T>(r);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) p[i + j * lead] = m.at(i, j);
}

// Makes `r` a contiguous vector of n elements holding v.
template <class T>
void write_vector(TensorImpl* r, const T* v, int n) {
  resize(r, {n}, {1}, "linalg");
  std::copy(v, v + n, data<T>(r));
}

}  // namespace ember::rt::linalg
