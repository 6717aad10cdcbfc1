// bincount: how often each non-negative integer occurs in a vector, or
// the sums of the weights at those positions, as PyTorch 1.13: int64
// counts; float32 weights sum in float32, any other weights in float64,
// each bin in the input's order.
#include <algorithm>
#include <cstdint>

#include "ember/error.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/to.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/search_ops.h"

namespace ember::rt {

namespace {

template <class W>
void accumulate(TensorBase& result, const int64_t* bins, int64_t n, const TensorBase& weights) {
  W* out = result.data<W>();
  std::fill(out, out + result.numel(), W(0));
  const W* w = weights.defined() ? weights.data<W>() : nullptr;
  for (int64_t i = 0; i < n; ++i) out[bins[i]] += w ? w[i] : W(1);
}

}  // namespace

TensorBase bincount(const TensorBase& self, const TensorBase& weights, int64_t minlength) {
  const char* op = "bincount";
  if (!is_integral(self.dtype()))
    fail(ErrorKind::Type, str(op, ": self must hold integers, got ", dtype_name(self.dtype())), "self");
  if (self.dim() != 1)
    fail(ErrorKind::Value, str(op, ": self must be 1-d, got ", self.dim(), " dims"), "self");
  if (minlength < 0) fail(ErrorKind::Value, str(op, ": minlength must be >= 0, got ", minlength), "minlength");
  if (weights.defined() && (weights.dim() != 1 || weights.numel() != self.numel()))
    fail(ErrorKind::Value, str(op, ": weights of shape ", sizes_text(weights.sizes()), " are not one per element of self (",
                               self.numel(), ")"), "weights");
  const TensorBase bins = base::contiguous(base::to(self, DType::Long));
  const int64_t n = bins.numel();
  const int64_t* b = bins.data<int64_t>();
  int64_t length = minlength;
  for (int64_t i = 0; i < n; ++i) {
    if (b[i] < 0) fail(ErrorKind::Value, str(op, ": self holds the negative value ", b[i]), "self");
    length = std::max(length, b[i] + 1);
  }
  if (!weights.defined()) {
    TensorBase result = empty({length}, DType::Long);
    accumulate<int64_t>(result, b, n, TensorBase());
    return result;
  }
  const DType dtype = weights.dtype() == DType::Float ? DType::Float : DType::Double;
  const TensorBase w = base::contiguous(base::to(weights, dtype));
  TensorBase result = empty({length}, dtype);
  if (dtype == DType::Float)
    accumulate<float>(result, b, n, w);
  else
    accumulate<double>(result, b, n, w);
  return result;
}

}  // namespace ember::rt
