// The reference of a reduction, sort, selection, scan or histogram on one
// slice of self: its elements read along a dim (or all of them), and what
// the op gives for them, by naive loops (Note [reference order],
// reduce_slices.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "ember/tensor.h"
#include "tests/ops/harness/elements.h"
#include "tests/ops/harness/op_spec.h"
#include "tests/ops/harness/reduce_config.h"

namespace ember::optest::detail {

// self's elements grouped by slice along `dim` (row-major over the other
// dims), or all of them in one slice (row-major) when whole.
struct Slices {
  Shape outer;  // the other dims: slice s is row-major index s over them
  int dim;      // wrapped; -1 when whole or self is 0-dim
  int64_t n;    // slice length
  bool floating;
  std::vector<std::vector<double>> f;
  std::vector<std::vector<int64_t>> i;
};

Slices slices_of(const Tensor& self, bool whole, int64_t dim);
int64_t slice_count(const Slices& s);

// What a reference gives for one slice: values (as doubles, or exact
// integers) with their tolerance scales, and positions when the op has them.
struct SliceResult {
  std::vector<double> f, scale;
  std::vector<int64_t> i, pos;
};

// The value reductions (kind reduce) of slice k, in the input's domain.
SliceResult reduce_slice(Reducer red, const Slices& s, int64_t k, DType in, const Config& c);
// Positions-valued references (reduce_index, sorts, selections).
SliceResult select_slice(Reducer red, const Slices& s, int64_t k, const Config& c);
// Scans, over the input converted to `compute` (cumsum's dtype=).
SliceResult scan_slice(Reducer red, const Slices& s, int64_t k, DType compute);
// The range histc bins over: the given one, or the data's (every slice);
// false when there is none (NaN or infinite data).
bool histc_range(const Slices& s, const Config& c, double& lo, double& hi);
SliceResult histc_slice(const Slices& s, int64_t k, const Config& c, double lo, double hi);

}  // namespace ember::optest::detail
