// Elements by run-time dtype: how the harness reads and writes tensors
// without kernels/ or the runtime's loops, by address arithmetic on sizes
// and strides, so that a bug there shows up as a mismatch.
#pragma once

#include <cstdint>
#include <vector>

#include "ember/tensor.h"
#include "tests/common/index_walk.h"

namespace ember::optest::detail {

using Shape = std::vector<int64_t>;

using testutil::for_each_index;
using testutil::numel_of;

double load_f(DType d, const char* p);
int64_t load_i(DType d, const char* p);
void store_f(DType d, char* p, double v);
void store_i(DType d, char* p, int64_t v);
// The nearest value of dtype `d` (Half and BFloat16 round through float,
// as the library's own conversions do).
double round_to(DType d, double v);
// `v` converted to integral or bool dtype `d`: wraps modulo 2^bits; bool is v != 0.
int64_t wrap_to(DType d, int64_t v);
double max_finite(DType d);
double min_normal(DType d);

// Reads a tensor at indices of a (broadcast) loop shape: its dims align
// to the right; missing and size-1 dims read index 0.
class Reader {
 public:
  Reader() = default;
  Reader(const Tensor& t, const Shape& loop) : dtype_(t.dtype()), base_(static_cast<const char*>(t.data_ptr())) {
    const int64_t es = static_cast<int64_t>(element_size(dtype_));
    const int n = static_cast<int>(loop.size());
    const int m = static_cast<int>(t.dim());
    steps_.assign(n, 0);
    for (int d = 0; d < n; ++d) {
      const int j = d - (n - m);
      if (j >= 0 && t.sizes()[j] != 1) steps_[d] = t.strides()[j] * es;
    }
  }
  const char* at(const Shape& idx) const {
    const char* p = base_;
    for (size_t d = 0; d < steps_.size(); ++d) p += idx[d] * steps_[d];
    return p;
  }
  double f(const Shape& idx) const { return load_f(dtype_, at(idx)); }
  int64_t i(const Shape& idx) const { return load_i(dtype_, at(idx)); }

 private:
  DType dtype_ = DType::Float;
  const char* base_ = nullptr;
  Shape steps_;
};

// Row-major element values of a tensor, for TH's equal-count semantics.
std::vector<double> flat_f(const Tensor& t);
std::vector<int64_t> flat_i(const Tensor& t);
// Whether two tensors of one shape and dtype hold the same bytes.
bool same_bytes(const Tensor& a, const Tensor& b);

}  // namespace ember::optest::detail
