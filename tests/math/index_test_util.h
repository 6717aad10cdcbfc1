// Helpers for the tests of the indexed, masked and construction ops:
// tensors of known values in several layouts, every dtype, and results
// compared with references computed by naive loops over row-major
// positions (in double, then stored in the op's dtype the way ember
// stores any double: through a Double tensor's to(dtype)).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "ember/tensor.h"

namespace ember::test {

using Shape = std::vector<int64_t>;

inline std::vector<DType> all_dtypes() {
  return {
#define EMBER_TEST_DTYPE(Name, cpp, acc) DType::Name,
      EMBER_FORALL_DTYPES(EMBER_TEST_DTYPE)
#undef EMBER_TEST_DTYPE
  };
}

inline int64_t count(const Shape& s) {
  int64_t n = 1;
  for (int64_t x : s) n *= x;
  return n;
}

// Row-major position <-> coordinates.
inline Shape unravel(int64_t i, const Shape& shape) {
  Shape at(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    at[d] = i % shape[d];
    i /= shape[d];
  }
  return at;
}
inline int64_t ravel(const Shape& at, const Shape& shape) {
  int64_t i = 0;
  for (size_t d = 0; d < shape.size(); ++d) i = i * shape[d] + at[d];
  return i;
}

// Values every dtype holds exactly: 0 .. 4 (bool: 0, 1), varying with i.
inline double pattern(int64_t i, DType d) { return d == DType::Bool ? double((i * 3 + 1) % 2) : double((i * 7 + 3) % 5); }
inline std::vector<double> patterned(const Shape& shape, DType d, int64_t seed = 0) {
  std::vector<double> v(static_cast<size_t>(count(shape)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = pattern(static_cast<int64_t>(i) + seed, d);
  return v;
}

// How a test lays a tensor out; its values (row-major) do not depend on it.
enum class Layout { Contiguous, Transposed, Narrowed };
inline std::vector<Layout> all_layouts() { return {Layout::Contiguous, Layout::Transposed, Layout::Narrowed}; }
inline const char* layout_name(Layout l) {
  return l == Layout::Contiguous ? "contiguous" : l == Layout::Transposed ? "transposed" : "narrowed";
}

inline Tensor make(const std::vector<double>& values, const Shape& shape, DType dtype,
                   Layout layout = Layout::Contiguous) {
  Tensor dense = from_vector(values, shape).to(dtype, true);
  if (shape.empty() || layout == Layout::Contiguous) return dense;
  if (layout == Layout::Transposed && shape.size() >= 2) {
    Tensor t = empty(dense.transpose(-1, -2).sizes(), dtype);  // contiguous in the swapped shape
    t.copy_(dense.transpose(-1, -2));
    return t.transpose(-1, -2);
  }
  // Narrowed (or a 1-d "transposed"): a view with a gap in every dim.
  Shape padded = shape;
  for (int64_t& s : padded) s += 2;
  Tensor big = zeros(padded, dtype);
  Tensor view = big;
  for (size_t d = 0; d < shape.size(); ++d) view = view.narrow(static_cast<int64_t>(d), 1, shape[d]);
  view.copy_(dense);
  return view;
}

inline Tensor longs(const std::vector<int64_t>& v, Shape shape = {}) {
  if (shape.empty()) shape = {static_cast<int64_t>(v.size())};
  return from_vector(v, shape);
}
inline Tensor longs_laid(const std::vector<int64_t>& v, const Shape& shape, Layout layout) {
  std::vector<double> d(v.begin(), v.end());
  return make(d, shape, DType::Long, layout);
}

// t's values in row-major order, as double.
inline std::vector<double> values_of(const Tensor& t) {
  Tensor d = t.to(DType::Double, true).contiguous();
  const double* p = static_cast<const double*>(d.data_ptr());
  return std::vector<double>(p, p + d.numel());
}

// `want` as ember stores doubles in `dtype`.
inline std::vector<double> stored(const std::vector<double>& want, DType dtype) {
  if (want.empty()) return want;
  return values_of(from_vector(want, {static_cast<int64_t>(want.size())}).to(dtype));
}

inline void expect_tensor(const Tensor& t, DType dtype, const Shape& shape, const std::vector<double>& want) {
  ASSERT_TRUE(t.defined());
  EXPECT_EQ(t.dtype(), dtype);
  ASSERT_EQ(t.shape(), shape);
  const std::vector<double> got = values_of(t), expect = stored(want, dtype);
  ASSERT_EQ(got.size(), expect.size());
  for (size_t i = 0; i < got.size(); ++i)
    if (!(got[i] == expect[i] || (got[i] != got[i] && expect[i] != expect[i])))
      ADD_FAILURE() << "element " << i << ": " << got[i] << ", want " << expect[i];
}

}  // namespace ember::test
