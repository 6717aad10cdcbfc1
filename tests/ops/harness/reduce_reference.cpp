#include "tests/ops/harness/reduce_reference.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "tests/ops/harness/reduce_slices.h"

namespace ember::optest::detail {

namespace {

// Sorts and selections: the references that give positions.
bool is_select(Reducer r) {
  switch (r) {
    case Reducer::Sort:
    case Reducer::Topk:
    case Reducer::Kthvalue:
    case Reducer::Median:
    case Reducer::Mode: return true;
    default: return false;
  }
}

// How long each output slice is, and whether the dim stays.
int64_t out_length(Reducer red, const Config& c, int64_t n) {
  switch (red) {
    case Reducer::Sort:
    case Reducer::Cumsum:
    case Reducer::Cumprod: return n;
    case Reducer::Topk: return c.k;
    case Reducer::Histc: return c.bins;
    default: return -1;  // a reduction: one element, the dim kept only with keepdim
  }
}

}  // namespace

ReduceCase expected_case(const OpSpec& op, Reducer red, const Tensor& self, bool whole, const Config& c, DType result,
                         bool th) {
  ReduceCase out;
  const DType in = self.dtype();
  const bool flat = whole;
  const Slices s = slices_of(self, flat, c.dim);
  // max and min along a dim (reduce_index) return positions; the
  // whole-tensor ones only values.
  const bool positions = is_select(red) || ((red == Reducer::Max || red == Reducer::Min) && !whole);
  const int64_t n = s.n, len = out_length(red, c, n);
  const bool reduces = len < 0;
  // Preconditions whose failures the entries' `errors` test.
  if ((red == Reducer::Max || red == Reducer::Min || red == Reducer::Median || red == Reducer::Mode ||
       red == Reducer::Kthvalue) && n == 0 && (slice_count(s) > 0 || flat))
    out.skip = true;
  if ((red == Reducer::Kthvalue && (c.k < 1 || c.k > n)) || (red == Reducer::Topk && c.k > n)) out.skip = true;
  double lo = 0, hi = 0;
  if (red == Reducer::Histc && !histc_range(s, c, lo, hi)) out.skip = true;
  if (out.skip) return out;
  // The result's shape.
  Shape shape = self.shape();
  int dim = s.dim;
  if (flat) {
    shape = reduces ? Shape{} : Shape{len};
    dim = reduces ? -1 : 0;
  } else if (shape.empty()) {
    if (!reduces && len != 1) shape = {len};
    dim = shape.empty() ? -1 : 0;
  } else if (reduces) {
    if (c.keepdim) shape[dim] = 1;
    else shape.erase(shape.begin() + dim), dim = -1;
  } else {
    shape[dim] = len;
  }
  if (th && shape.empty()) shape = {1};
  out.shape = shape;
  // Slice results, then laid out in the result's row-major order.
  const double tol = tol_of(op, in);
  std::vector<SliceResult> results;
  for (int64_t k = 0; k < slice_count(s); ++k) {
    if (red == Reducer::Cumsum || red == Reducer::Cumprod) results.push_back(scan_slice(red, s, k, c.dtype.value_or(in)));
    else if (red == Reducer::Histc) results.push_back(histc_slice(s, k, c, lo, hi));
    else if (positions) results.push_back(select_slice(red, s, k, c));
    else results.push_back(reduce_slice(red, s, k, in, c));
  }
  out.values = expect_like(result, shape);
  out.indices = expect_like(DType::Long, shape);
  const int64_t slices = std::max<int64_t>(slice_count(s), 1);
  for_each_index(shape, [&](const Shape& idx) {
    // Slice number: the index without `dim`, row-major over the kept dims.
    int64_t slice = 0, j = 0;
    if (!flat && !s.outer.empty()) {
      Shape o = idx;
      if (dim >= 0) {
        j = o[dim];
        o.erase(o.begin() + dim);
      }
      for (size_t d = 0; d < o.size(); ++d) slice = slice * s.outer[d] + o[d];
    } else if (dim >= 0) {
      j = idx[dim];
    }
    if (slice >= slices) return;
    const SliceResult& r = results[static_cast<size_t>(slice)];
    const size_t at = static_cast<size_t>(reduces ? 0 : j);
    if (!r.f.empty()) {
      const double v = round_to(result, r.f[at]);
      if (is_floating(result)) push_f(out.values, v, tol, r.scale[at]);
      else out.values.i.push_back(wrap_to(result, static_cast<int64_t>(v)));
    } else if (is_floating(result)) {
      push_f(out.values, round_to(result, static_cast<double>(r.i[at])), tol, std::fabs(static_cast<double>(r.i[at])));
    } else {
      out.values.i.push_back(wrap_to(result, r.i[at]));
    }
    if (!r.pos.empty()) out.indices.i.push_back(r.pos[at]);
  });
  return out;
}

}  // namespace ember::optest::detail
