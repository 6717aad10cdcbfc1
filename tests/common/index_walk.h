// The row-major walk over a shape's indices that the C++ tests' naive
// references are written with, and the positions it numbers.
#pragma once

#include <cstdint>
#include <vector>

namespace ember::testutil {

// Calls f(index) for every index of `shape` in row-major order: once, with
// an empty index, for a 0-dim shape; never when a size is 0.
template <class F>
void for_each_index(const std::vector<int64_t>& shape, F&& f) {
  for (int64_t s : shape)
    if (s == 0) return;
  std::vector<int64_t> idx(shape.size(), 0);
  for (;;) {
    f(static_cast<const std::vector<int64_t>&>(idx));
    int d = static_cast<int>(shape.size()) - 1;
    for (; d >= 0; --d) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

// How many indices the walk visits: the product of the sizes, 1 for a
// 0-dim shape.
inline int64_t numel_of(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  return n;
}

// The index the walk visits at row-major position k.
inline std::vector<int64_t> unravel(int64_t k, const std::vector<int64_t>& shape) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = k % shape[d];
    k /= shape[d];
  }
  return idx;
}

}  // namespace ember::testutil
