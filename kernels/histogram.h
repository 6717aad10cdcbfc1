// Histograms of slices along a dim (histc, TH's bhistc), Note [histc
// bins] in schemas/math/histogram.yaml: bin = floor((x - lo) / (hi - lo)
// * bins) evaluated in double, x == hi in the last bin, values outside
// [lo, hi] and NaN skipped; lo == hi takes the range of all elements of
// the input (every slice), widened by 1 each way when still equal.
// Counts are exact (int64) and converted to the output type at the end.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/convert.h"
#include "kernels/opmath.h"
#include "kernels/slices.h"

namespace ember::kernels {

namespace detail {

// The smallest and largest element of every slice (non-empty, no NaN:
// the runtime checked that a data range is finite before asking).
template <class T, int N>
void data_range(const SliceGeometry<N>& g, int in, double& lo, double& hi) {
  bool any = false;
  for (int64_t s = 0; s < g.slices; ++s) {
    char* p[N];
    g.pointers(s, p);
    for (int64_t i = 0; i < g.n; ++i) {
      const double x = static_cast<double>(static_cast<opmath_t<T>>(*reinterpret_cast<const T*>(p[in] + i * g.stride[in])));
      lo = any ? std::min(lo, x) : x;
      hi = any ? std::max(hi, x) : x;
      any = true;
    }
  }
}

}  // namespace detail

// ops: operand 0 the histograms (OutT, `bins` elements along dim), 1 the
// input. bins >= 1, lo <= hi.
template <class T, class OutT>
void histc_dim(const Operands<2>& ops, int dim, int64_t bins, double lo, double hi) {
  const SliceGeometry<2> g(ops, dim);
  if (lo == hi) detail::data_range<T>(g, 1, lo, hi);
  if (lo == hi) {
    lo -= 1;
    hi += 1;
  }
  const double width = hi - lo;
  for_each_slice<int64_t>(g, bins, g.n + bins, [&](char* const* p, int64_t* count) {
    std::fill(count, count + bins, 0);
    for (int64_t i = 0; i < g.n; ++i) {
      const double x = static_cast<double>(static_cast<opmath_t<T>>(*reinterpret_cast<const T*>(p[1] + i * g.stride[1])));
      if (!(x >= lo && x <= hi)) continue;
      const int64_t bin = static_cast<int64_t>((x - lo) / width * static_cast<double>(bins));
      ++count[std::min(bin, bins - 1)];
    }
    for (int64_t b = 0; b < bins; ++b) *reinterpret_cast<OutT*>(p[0] + b * g.stride[0]) = convert<OutT>(count[b]);
  });
}

}  // namespace ember::kernels
