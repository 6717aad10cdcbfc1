#include "runtime/ops/construct_ops.h"

#include <algorithm>

#include "ember/error.h"
#include "ember/ops/add.h"
#include "ember/ops/arange.h"
#include "ember/ops/arange_start.h"
#include "ember/ops/copy.h"
#include "ember/ops/fill.h"
#include "ember/ops/lt.h"
#include "ember/ops/masked_fill.h"
#include "ember/ops/where_self.h"
#include "ember/ops/view.h"
#include "ember/ops/zero.h"
#include "ember/views.h"
#include "runtime/ops/construct_support.h"
#include "runtime/ops/output.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

namespace {

// The k-th diagonal of the matrix t as a view (k > 0 above the main one).
TensorBase diagonal_view(const TensorBase& t, int64_t k) {
  const int64_t rows = t.size(0), cols = t.size(1);
  const int64_t n = std::max<int64_t>(0, k >= 0 ? std::min(rows, cols - k) : std::min(rows + k, cols));
  const int64_t offset = t.storage_offset() + (n == 0 ? 0 : (k >= 0 ? k * t.stride(1) : -k * t.stride(0)));
  const int64_t size[1] = {n}, stride[1] = {t.stride(0) + t.stride(1)};
  return TensorBase::adopt(
      tensor_new_with_storage(t.dtype(), t.impl()->storage, offset, IntList(size, 1), IntList(stride, 1)));
}

// The mask of the elements tril (lower) or triu zeroes in a rows x cols
// matrix: column - row > k, or < k. k is clamped so that row + k fits.
// The row and column numbers are made on the host (arange has no CUDA
// kernel) and moved to `device`, where their broadcast comparison makes
// the mask: rows + cols numbers cross, not rows x cols flags.
TensorBase triangle_zeros(int64_t rows, int64_t cols, int64_t k, bool lower, Device device) {
  k = std::clamp<int64_t>(k, -rows - 1, cols + 1);
  const TensorBase r = to_device(base::add(base::view(base::arange(rows, DType::Long), {rows, 1}), k), device);
  const TensorBase c = to_device(base::view(base::arange(cols, DType::Long), {1, cols}), device);
  return lower ? base::lt(r, c) : base::lt(c, r);
}

// A dense self on the CPU takes where's one pass that writes the result
// (Note [where on dense operands], a 0-dim zero of self's dtype so that
// nothing promotes) in place of a copy of self and a masked fill over it:
// tril of 2048^2 float32 6.1-10.8 ms -> 2.4 (NumPy 4.3-9.7; a noisy host).
TensorBase triangle(const char* op, const TensorBase& self, int64_t k, bool lower) {
  if (self.dim() < 2) fail(ErrorKind::Value, str(op, ": self must have at least 2 dims, got ", self.dim()), "self");
  const TensorBase zeros = triangle_zeros(self.size(-2), self.size(-1), k, lower, self.device());
  if (self.device().is_cpu() && self.is_contiguous() && self.dim() == 2) {
    TensorBase zero = empty({}, self.dtype());
    base::zero_(zero);
    return base::where(zeros, zero, self);
  }
  return base::masked_fill(self, zeros, 0);
}

void triangle_(const char* op, TensorBase& self, int64_t k, bool lower) {
  if (self.dim() < 2) fail(ErrorKind::Value, str(op, ": self must have at least 2 dims, got ", self.dim()), "self");
  base::masked_fill_(self, triangle_zeros(self.size(-2), self.size(-1), k, lower, self.device()), 0);
}

TensorBase eye_result(const TensorBase* out, int64_t n, std::optional<int64_t> m, std::optional<DType> dtype) {
  Output result("eye", out, "out");
  const DType d = factory_dtype(out, result, dtype, default_dtype());
  if (n < 0) fail(ErrorKind::Value, str("eye: n must not be negative, got ", n), "n");
  if (m && *m < 0) fail(ErrorKind::Value, str("eye: m must not be negative, got ", *m), "m");
  return eye_into(result, d, n, m.value_or(n));
}

}  // namespace

TensorBase eye_into(Output& result, DType dtype, int64_t n, int64_t m) {
  TensorBase out = result.target({n, m}, dtype, {}, Reads::Any);
  base::zero_(out);
  TensorBase diagonal = diagonal_view(out, 0);
  base::fill_(diagonal, 1);
  return result.finish();
}

TensorBase diag_into(const char* op, const TensorBase* out, const TensorBase& self, int64_t k) {
  Output result(op, out, "out");
  result.check_dtype(self.dtype());
  if (self.dim() != 1 && self.dim() != 2)
    fail(ErrorKind::Value, str(op, ": self must be a vector or a matrix, got ", self.dim(), " dims"), "self");
  if (self.dim() == 1) {
    const int64_t n = self.size(0) + (k >= 0 ? k : -k);
    TensorBase target = result.target({n, n}, self.dtype(), {&self}, Reads::Any);
    base::zero_(target);
    TensorBase diagonal = diagonal_view(target, k);
    base::copy_(diagonal, self);
  } else {
    const TensorBase d = diagonal_view(self, k);
    TensorBase target = result.target(d.sizes(), self.dtype(), {&self}, Reads::Any);
    base::copy_(target, d);
  }
  return result.finish();
}

void triangle_out(const char* op, const TensorBase& out, const TensorBase& self, int64_t k, bool lower) {
  Output result(op, &out, "out");
  result.check_dtype(self.dtype());
  result.assign(triangle(op, self, k, lower));
}

TensorBase eye(int64_t n, std::optional<int64_t> m, std::optional<DType> dtype) {
  return eye_result(nullptr, n, m, dtype);
}
void eye_out(TensorBase& out, int64_t n, std::optional<int64_t> m, std::optional<DType> dtype) {
  eye_result(&out, n, m, dtype);
}
TensorBase diag(const TensorBase& self, int64_t diagonal) { return diag_into("diag", nullptr, self, diagonal); }
void diag_out(TensorBase& out, const TensorBase& self, int64_t diagonal) { diag_into("diag", &out, self, diagonal); }
TensorBase tril(const TensorBase& self, int64_t diagonal) { return triangle("tril", self, diagonal, true); }
void tril_(TensorBase& self, int64_t diagonal) { triangle_("tril", self, diagonal, true); }
void tril_out(TensorBase& out, const TensorBase& self, int64_t diagonal) {
  triangle_out("tril", out, self, diagonal, true);
}
TensorBase triu(const TensorBase& self, int64_t diagonal) { return triangle("triu", self, diagonal, false); }
void triu_(TensorBase& self, int64_t diagonal) { triangle_("triu", self, diagonal, false); }
void triu_out(TensorBase& out, const TensorBase& self, int64_t diagonal) {
  triangle_out("triu", out, self, diagonal, false);
}

}  // namespace ember::rt
