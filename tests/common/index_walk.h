// The row-major walk over a shape's indices that the C++ tests' naive
// references are written with.
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

}  // namespace ember::testutil
