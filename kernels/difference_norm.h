// A reduction of the differences of two dense runs, computed in double
// and reduced as reduce_all reduces a dense run of doubles: dist.
//
// Note [dist in one pass]: dist(a, b, p) of float32 is norm(a - b, p)
// with the difference taken in double (TH's accreal). As compositions
// (a converted, b subtracted as read, the norm) it wrote and read two
// double tensors: 7.0 ms for 2048^2 against NumPy's 1.7-3.8 for its
// norm(a - b) in float32 (now 1.7-2.0). Here each block of kBlock
// differences goes into a buffer in L1 and is reduced there by the lanes
// and fold of reduce_all's blocks, the blocks merged first to last: every
// combine and merge of norm(a.double() - b.double()) in its order, so the
// same bits, on any number of threads.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "kernels/parallel.h"
#include "kernels/reduce.h"

namespace ember::kernels {

// r.finalize of the reduction of double(a[i]) - double(b[i]) over n >=
// detail::kLanes<double> elements (below that reduce_all takes a loop of
// its own).
template <class T, class R>
double reduce_differences(const T* a, const T* b, int64_t n, const R& r) {
  using Acc = typename R::acc_type;
  static_assert(std::is_same_v<Acc, double>);
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  std::vector<Acc> partial(static_cast<size_t>(blocks));
  parallel_for(0, blocks, std::max<int64_t>(1, kGrain / kBlock), [&](int64_t begin, int64_t end) {
    std::vector<double> diff(static_cast<size_t>(kBlock));
    for (int64_t k = begin; k < end; ++k) {
      const int64_t first = k * kBlock, m = std::min(kBlock, n - first);
      double* const d = diff.data();
      const T *x = a + first, *y = b + first;
      // simd: without it GCC left the loop scalar (diff might alias a, b).
#pragma omp simd
      for (int64_t i = 0; i < m; ++i) d[i] = static_cast<double>(x[i]) - static_cast<double>(y[i]);
      Acc lanes[detail::kLanes<Acc>];
      for (Acc& l : lanes) l = r.identity();
      detail::accumulate_lanes<double>(lanes, reinterpret_cast<const char*>(d), sizeof(double), m, r, false);
      partial[k] = detail::fold_lanes(lanes, r);
    }
  });
  Acc total = partial[0];
  for (int64_t k = 1; k < blocks; ++k) total = r.merge(total, partial[k]);
  return r.finalize(total, n);
}

}  // namespace ember::kernels
