#include "runtime/ops/construct_ops.h"

#include <vector>

#include "ember/error.h"
#include "ember/ops/copy.h"
#include "ember/ops/narrow.h"
#include "ember/views.h"
#include "runtime/ops/output.h"
#include "runtime/ops/pointwise_plan.h"

namespace ember::rt {

namespace {

// PyTorch's legacy rule: 1-d empty tensors are skipped whatever their dims.
bool skipped(const TensorBase& t) { return t.dim() == 1 && t.size(0) == 0; }

// The shape, dtype and device of cat(tensors, dim), with dim wrapped.
// Every tensor is on the first one's device: the copies into the result
// would otherwise move data between devices unasked.
std::vector<int64_t> cat_shape(const TensorBaseList& tensors, int64_t& dim, DType& dtype, Device& device) {
  if (tensors.empty()) fail(ErrorKind::Value, "cat: expected a non-empty list of tensors", "tensors");
  dtype = tensors[0].dtype();
  const TensorBase* ref = nullptr;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const TensorBase& t = tensors[i];
    if (!t.defined()) fail(ErrorKind::Value, str("cat: tensors[", i, "] is undefined"), "tensors");
    if (i == 0) device = t.device();
    if (t.device() != device)
      fail(ErrorKind::Runtime, str("cat: tensors[", i, "] is on ", t.device().str(), " but tensors[0] is on ",
                                   device.str()), "tensors");
    dtype = promote_types(dtype, t.dtype());
    if (t.dim() == 0)
      fail(ErrorKind::Value, str("cat: tensors[", i, "] is 0-dim, and 0-dim tensors cannot be concatenated"),
           "tensors");
    if (!ref && !skipped(t)) ref = &t;
  }
  if (!ref) return {0};
  dim = wrap_dim(dim, ref->dim(), "cat");
  std::vector<int64_t> shape = ref->shape();
  shape[dim] = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const TensorBase& t = tensors[i];
    if (skipped(t)) continue;
    if (t.dim() != ref->dim())
      fail(ErrorKind::Value, str("cat: tensors[", i, "] has ", t.dim(), " dims but the first has ", ref->dim()),
           "tensors");
    for (int64_t d = 0; d < t.dim(); ++d)
      if (d != dim && t.size(d) != ref->size(d))
        fail(ErrorKind::Value, str("cat: tensors[", i, "] of shape ", sizes_text(t.sizes()), " does not match ",
                                   sizes_text(ref->sizes()), " outside dim ", dim), "tensors");
    shape[dim] += t.size(dim);
  }
  return shape;
}

void cat_into(const TensorBase& out, const TensorBaseList& tensors, int64_t dim) {
  int64_t offset = 0;
  for (const TensorBase& t : tensors) {
    if (skipped(t)) continue;
    TensorBase slot = base::narrow(out, dim, offset, t.size(dim));
    base::copy_(slot, t);
    offset += t.size(dim);
  }
}

}  // namespace

TensorBase cat(const TensorBaseList& tensors, int64_t dim) {
  DType dtype{};
  Device device;
  const std::vector<int64_t> shape = cat_shape(tensors, dim, dtype, device);
  TensorBase out = empty(shape, dtype, device);
  cat_into(out, tensors, dim);
  return out;
}

void cat_out(TensorBase& out, const TensorBaseList& tensors, int64_t dim) {
  Output result("cat", &out, "out");
  DType dtype{};
  Device device;
  const std::vector<int64_t> shape = cat_shape(tensors, dim, dtype, device);
  if (out.device() != device)
    fail(ErrorKind::Runtime, str("cat: out is on ", out.device().str(), " but the tensors are on ", device.str()), "out");
  if (!can_cast(dtype, out.dtype()))
    fail(ErrorKind::Type, str("cat: the result's dtype ", dtype_name(dtype), " cannot be written to a ",
                              dtype_name(out.dtype()), " tensor"), "out");
  std::vector<const TensorBase*> reads;
  for (const TensorBase& t : tensors) reads.push_back(&t);
  cat_into(result.target(shape, out.dtype(), reads.data(), reads.size(), Reads::Any), tensors, dim);
  result.finish();
}

}  // namespace ember::rt
