// norm's string forms (torch.norm's p='fro', its default, and p='nuc'):
// the Frobenius norm is the 2-norm of the elements of at most 2 dims; the
// nuclear norm the sum of the singular values (linalg_svd) of the
// matrices those 2 dims hold, batched over the others.
#include <string_view>
#include <vector>

#include "ember/error.h"
#include "ember/ops/linalg_svd.h"
#include "ember/ops/movedim.h"
#include "ember/ops/norm_dims.h"
#include "ember/ops/sum_dims.h"
#include "ember/ops/view.h"
#include "ember/ops/zeros.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/ops/reduce_plan.h"
#include "runtime/ops/statistics.h"

namespace ember::rt {

namespace {

void check_no_dtype(std::string_view p, std::optional<DType> dtype) {
  if (dtype)
    fail(ErrorKind::Value, str("norm: dtype is not supported with p='", p, "' (PyTorch's default p, when p is left out)"),
         "dtype");
}

TensorBase frobenius(const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype) {
  check_no_dtype("fro", dtype);
  reduced_dims("norm", self.dim(), dim);
  if (dim.size() > 2) fail(ErrorKind::Value, str("norm: p='fro' takes at most 2 dims, got ", dim.size()), "dim");
  return base::norm(self, 2, dim, keepdim, std::nullopt);
}

TensorBase nuclear(const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype) {
  check_no_dtype("nuc", dtype);
  if (self.dtype() != DType::Float && self.dtype() != DType::Double)
    fail(ErrorKind::Type, str("norm: p='nuc' needs float32 or float64, got ", dtype_name(self.dtype())), "self");
  if (dim.empty() && self.dim() != 2)
    fail(ErrorKind::Value, str("norm: p='nuc' without dim needs a 2-d self, got ", self.dim(), " dims"), "self");
  if (!dim.empty() && dim.size() != 2)
    fail(ErrorKind::Value, str("norm: p='nuc' takes 2 dims, got ", dim.size()), "dim");
  const std::vector<bool> reduced = reduced_dims("norm", self.dim(), dim);
  std::vector<int64_t> pair, kept_shape, keep_shape;
  for (int64_t d = 0; d < self.dim(); ++d) {
    const bool r = reduced[static_cast<size_t>(d)];
    if (r) pair.push_back(d);
    else kept_shape.push_back(self.size(d));
    keep_shape.push_back(r ? 1 : self.size(d));
  }
  const std::vector<int64_t>& shape = keepdim ? keep_shape : kept_shape;
  // A matrix with no element has no singular value: its norm is 0.
  if (self.numel() == 0) return base::zeros(shape, self.dtype());
  const TensorBase matrices = base::movedim(self, pair, {-2, -1});
  const TensorBase singular = std::get<1>(base::linalg_svd(matrices, false));
  return base::view(base::sum(singular, {-1}, false, std::nullopt), shape);
}

}  // namespace

TensorBase norm(const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype) {
  return frobenius(self, dim, keepdim, dtype);
}

TensorBase norm(const TensorBase& self, std::string_view p, IntList dim, bool keepdim, std::optional<DType> dtype) {
  if (p == "fro") return frobenius(self, dim, keepdim, dtype);
  if (p == "nuc") return nuclear(self, dim, keepdim, dtype);
  fail(ErrorKind::Value, str("norm: p must be a number, 'fro' or 'nuc', got '", p, "'"), "p");
}

void norm_out(TensorBase& out, const TensorBase& self, IntList dim, bool keepdim, std::optional<DType> dtype) {
  assign_out("norm", out, rt::norm(self, dim, keepdim, dtype));
}

void norm_out(TensorBase& out, const TensorBase& self, std::string_view p, IntList dim, bool keepdim,
              std::optional<DType> dtype) {
  assign_out("norm", out, rt::norm(self, p, dim, keepdim, dtype));
}

}  // namespace ember::rt
