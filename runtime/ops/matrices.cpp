#include "runtime/ops/construct_ops.h"

#include <algorithm>

#include "ember/error.h"
#include "ember/views.h"
#include "runtime/ops/construct_support.h"
#include "runtime/ops/output.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

namespace {

// The k-th diagonal of the matrix t as a view (k > 0 above the main one).
Tensor diagonal_view(const Tensor& t, int64_t k) {
  const int64_t rows = t.size(0), cols = t.size(1);
  const int64_t n = std::max<int64_t>(0, k >= 0 ? std::min(rows, cols - k) : std::min(rows + k, cols));
  const int64_t offset = t.storage_offset() + (n == 0 ? 0 : (k >= 0 ? k * t.stride(1) : -k * t.stride(0)));
  const int64_t size[1] = {n}, stride[1] = {t.stride(0) + t.stride(1)};
  return Tensor::adopt(tensor_new_with_storage(t.dtype(), t.impl()->storage, offset, IntList(size, 1),
                                               IntList(stride, 1)));
}

// The mask of the elements tril (lower) or triu zeroes in a rows x cols
// matrix: column - row > k, or < k. k is clamped so that row + k fits.
Tensor triangle_zeros(int64_t rows, int64_t cols, int64_t k, bool lower) {
  k = std::clamp<int64_t>(k, -rows - 1, cols + 1);
  const Tensor r = ember::arange(rows, DType::Long).view({rows, 1}).add(k);
  const Tensor c = ember::arange(cols, DType::Long).view({1, cols});
  return lower ? ember::lt(r, c) : ember::lt(c, r);
}

Tensor triangle(const char* op, const Tensor& self, int64_t k, bool lower) {
  if (self.dim() < 2) fail(ErrorKind::Value, str(op, ": self must have at least 2 dims, got ", self.dim()), "self");
  return ember::masked_fill(self, triangle_zeros(self.size(-2), self.size(-1), k, lower), 0);
}

void triangle_(const char* op, Tensor& self, int64_t k, bool lower) {
  if (self.dim() < 2) fail(ErrorKind::Value, str(op, ": self must have at least 2 dims, got ", self.dim()), "self");
  self.masked_fill_(triangle_zeros(self.size(-2), self.size(-1), k, lower), 0);
}

Tensor eye_result(const Tensor* out, int64_t n, std::optional<int64_t> m, std::optional<DType> dtype) {
  Output result("eye", out, "out");
  const DType d = factory_dtype(out, result, dtype, default_dtype());
  if (n < 0) fail(ErrorKind::Value, str("eye: n must not be negative, got ", n), "n");
  if (m && *m < 0) fail(ErrorKind::Value, str("eye: m must not be negative, got ", *m), "m");
  return eye_into(result, d, n, m.value_or(n));
}

}  // namespace

Tensor eye_into(Output& result, DType dtype, int64_t n, int64_t m) {
  Tensor out = result.target({n, m}, dtype, {}, Reads::Any);
  out.zero_();
  diagonal_view(out, 0).fill_(1);
  return result.finish();
}

Tensor diag_into(const char* op, const Tensor* out, const Tensor& self, int64_t k) {
  Output result(op, out, "out");
  result.check_dtype(self.dtype());
  if (self.dim() != 1 && self.dim() != 2)
    fail(ErrorKind::Value, str(op, ": self must be a vector or a matrix, got ", self.dim(), " dims"), "self");
  if (self.dim() == 1) {
    const int64_t n = self.size(0) + (k >= 0 ? k : -k);
    Tensor target = result.target({n, n}, self.dtype(), {&self}, Reads::Any);
    target.zero_();
    diagonal_view(target, k).copy_(self);
  } else {
    const Tensor d = diagonal_view(self, k);
    Tensor(result.target(d.sizes(), self.dtype(), {&self}, Reads::Any)).copy_(d);
  }
  return result.finish();
}

void triangle_out(const char* op, const Tensor& out, const Tensor& self, int64_t k, bool lower) {
  Output result(op, &out, "out");
  result.check_dtype(self.dtype());
  result.assign(triangle(op, self, k, lower));
}

Tensor eye(int64_t n, std::optional<int64_t> m, std::optional<DType> dtype) { return eye_result(nullptr, n, m, dtype); }
void eye_out(Tensor& out, int64_t n, std::optional<int64_t> m, std::optional<DType> dtype) {
  eye_result(&out, n, m, dtype);
}
Tensor diag(const Tensor& self, int64_t diagonal) { return diag_into("diag", nullptr, self, diagonal); }
void diag_out(Tensor& out, const Tensor& self, int64_t diagonal) { diag_into("diag", &out, self, diagonal); }
Tensor tril(const Tensor& self, int64_t diagonal) { return triangle("tril", self, diagonal, true); }
void tril_(Tensor& self, int64_t diagonal) { triangle_("tril", self, diagonal, true); }
void tril_out(Tensor& out, const Tensor& self, int64_t diagonal) { triangle_out("tril", out, self, diagonal, true); }
Tensor triu(const Tensor& self, int64_t diagonal) { return triangle("triu", self, diagonal, false); }
void triu_(Tensor& self, int64_t diagonal) { triangle_("triu", self, diagonal, false); }
void triu_out(Tensor& out, const Tensor& self, int64_t diagonal) { triangle_out("triu", out, self, diagonal, false); }

}  // namespace ember::rt
