#include <algorithm>
#include <vector>

#include "ember/error.h"
#include "ember/ops/cat.h"
#include "ember/ops/index_select.h"
#include "ember/ops/narrow.h"
#include "ember/ops/repeat.h"
#include "ember/ops/transpose.h"
#include "ember/ops/view.h"
#include "kernels/copy.h"
#include "kernels/operands.h"
#include "runtime/ops/shape_ops.h"
#include "runtime/ops/structure_ops.h"
#include "runtime/ops/tensor_operands.h"

namespace ember::rt {

namespace {

// n-1, ..., 1, 0 as an int64 index on `device` (made on the host).
TensorBase reversed_positions(int64_t n, Device device) {
  TensorBase index = empty({n}, DType::Long);
  int64_t* p = static_cast<int64_t*>(index.data_ptr());
  for (int64_t i = 0; i < n; ++i) p[i] = n - 1 - i;
  return device.is_cpu() ? index : to_device(index, device);
}

// self with the elements along `dim` rotated `shift` places toward the end.
TensorBase roll_dim(const TensorBase& self, int64_t shift, int64_t dim) {
  const int64_t n = self.size(dim);
  const int64_t s = n == 0 ? 0 : ((shift % n) + n) % n;
  if (s == 0) return clone_tensor(self);
  return base::cat({base::narrow(self, dim, n - s, s), base::narrow(self, dim, 0, n - s)}, dim);
}

// self with the flipped dims read backwards, on the host: one copy whose
// source starts at the last element of each flipped dim and steps back
// (Note [rows read backwards] in kernels/copy.h), by element size (a
// same-type copy moves bits).
TensorBase flip_on_host(const TensorBase& self, const std::vector<bool>& flipped) {
  TensorBase result = empty(self.sizes(), self.dtype(), self.device());
  kernels::Operands<2> ops;
  set_loop_shape(ops, self.sizes());
  set_operand(ops, 0, result.impl());
  set_operand(ops, 1, self.impl());
  for (int d = 0; d < ops.ndim; ++d)
    if (flipped[static_cast<size_t>(d)]) {
      ops.data[1] += (ops.shape[d] - 1) * ops.strides[1][d];
      ops.strides[1][d] = -ops.strides[1][d];
    }
  switch (element_size(self.dtype())) {
    case 1: kernels::copy<uint8_t, uint8_t>(ops); break;
    case 2: kernels::copy<uint16_t, uint16_t>(ops); break;
    case 4: kernels::copy<uint32_t, uint32_t>(ops); break;
    default: kernels::copy<uint64_t, uint64_t>(ops); break;
  }
  return result;
}

}  // namespace

TensorBase flip(const TensorBase& self, IntList dims) {
  // A 0-dim tensor has dim 0 (and -1), as in PyTorch.
  const int64_t ndim = self.dim();
  std::vector<bool> flipped(ndim == 0 ? 1 : ndim, false);
  for (int64_t d : dims) {
    const int64_t w = wrap_dim(d, ndim, "flip", "dims");
    if (flipped[w]) fail(ErrorKind::Value, str("flip: dim ", w, " appears more than once in dims ", sizes_text(dims)), "dims");
    flipped[w] = true;
  }
  if (self.device().is_cpu() && self.numel() > 0) return flip_on_host(self, flipped);
  TensorBase result = self;
  bool copied = false;
  for (int64_t d = 0; d < ndim; ++d) {
    if (!flipped[d] || self.size(d) < 2) continue;
    result = base::index_select(result, d, reversed_positions(self.size(d), self.device()));
    copied = true;
  }
  return copied ? result : clone_tensor(self);
}

TensorBase fliplr(const TensorBase& self) {
  if (self.dim() < 2) fail(ErrorKind::Value, str("fliplr: self must have at least 2 dims, got ", self.dim()), "self");
  return flip(self, {1});
}

TensorBase flipud(const TensorBase& self) {
  if (self.dim() < 1) fail(ErrorKind::Value, "flipud: self must have at least 1 dim, got 0", "self");
  return flip(self, {0});
}

TensorBase roll(const TensorBase& self, IntList shifts, IntList dims) {
  if (shifts.empty()) fail(ErrorKind::Value, "roll: shifts must not be empty", "shifts");
  if (dims.empty()) {
    // No dims: the flattened tensor is rolled, then given back its shape.
    if (shifts.size() != 1)
      fail(ErrorKind::Value, str("roll: without dims, shifts must have one entry, got ", shifts.size()), "shifts");
    return base::view(roll_dim(base::view(contiguous_tensor(self), {self.numel()}), shifts[0], 0), self.sizes());
  }
  if (shifts.size() != dims.size())
    fail(ErrorKind::Value, str("roll: shifts and dims must have the same length, got ", shifts.size(), " and ",
                               dims.size()), "dims");
  for (int64_t d : dims) wrap_dim(d, self.dim(), "roll", "dims");
  TensorBase result = self;
  for (size_t i = 0; i < dims.size(); ++i) result = roll_dim(result, shifts[i], wrap_dim(dims[i], self.dim(), "roll", "dims"));
  return result;
}

TensorBase rot90(const TensorBase& self, int64_t k, IntList dims) {
  if (dims.size() != 2)
    fail(ErrorKind::Value, str("rot90: dims must have 2 entries, got ", dims.size()), "dims");
  if (self.dim() < 2) fail(ErrorKind::Value, str("rot90: self must have at least 2 dims, got ", self.dim()), "self");
  const int64_t d0 = wrap_dim(dims[0], self.dim(), "rot90", "dims");
  const int64_t d1 = wrap_dim(dims[1], self.dim(), "rot90", "dims");
  if (d0 == d1) fail(ErrorKind::Value, str("rot90: the dims must differ, got ", d0, " twice"), "dims");
  switch (((k % 4) + 4) % 4) {
    case 1: return base::transpose(flip(self, {d1}), d0, d1);
    case 2: return flip(self, {d0, d1});
    case 3: return base::transpose(flip(self, {d0}), d0, d1);
    default: return clone_tensor(self);
  }
}

TensorBase tile(const TensorBase& self, IntList dims) {
  for (int64_t d : dims)
    if (d < 0) fail(ErrorKind::Value, str("tile: dims ", sizes_text(dims), " holds a negative count"), "dims");
  // Fewer counts than dims: the leading dims are not repeated (NumPy's rule); repeat adds the missing dims.
  std::vector<int64_t> repeats(static_cast<size_t>(std::max<int64_t>(self.dim() - static_cast<int64_t>(dims.size()), 0)), 1);
  repeats.insert(repeats.end(), dims.begin(), dims.end());
  return base::repeat(self, repeats);
}

}  // namespace ember::rt
