#include "runtime/ops/copy_plan.h"

#include "ember/error.h"
#include "ember/ops/clone.h"
#include "ember/views.h"
#include "runtime/core/device_memory.h"
#include "runtime/core/memory_overlap.h"
#include "runtime/ops/device_guard.h"
#include "runtime/ops/tensor_operands.h"

namespace ember::rt {

namespace {

// self's shape never changes: src may only add size-1 or missing dims.
bool broadcasts_to(IntList from, IntList to) {
  if (from.size() > to.size()) return false;
  for (size_t i = 1; i <= from.size(); ++i)
    if (from[from.size() - i] != to[to.size() - i] && from[from.size() - i] != 1) return false;
  return true;
}

// A contiguous copy of `t` on its CUDA device.
TensorBase copy_on_device(const TensorBase& t, CudaCopyKernel cuda) {
  TensorBase c = empty(t.sizes(), t.dtype(), t.device());
  kernels::Operands<2> ops;
  set_loop_shape(ops, t.sizes());
  set_operand(ops, 0, c.impl());
  set_operand(ops, 1, t.impl());
  CudaDeviceScope scope(t.device(), "copy");
  cuda(t.dtype(), t.dtype(), ops);
  return c;
}

}  // namespace

void run_copy(const char* op, const TensorBase& self, const TensorBase& src, CopyKernel kernel, CudaCopyKernel cuda) {
  if (!self.defined() || !src.defined()) fail(ErrorKind::Value, str(op, ": undefined tensor"), self.defined() ? "src" : "self");
  if (!broadcasts_to(src.sizes(), self.sizes()))
    fail(ErrorKind::Value, str(op, ": src of shape ", sizes_text(src.sizes()), " does not broadcast to self's shape ",
                               sizes_text(self.sizes())), "src");
  if (self.is_same(src) || (self.numel() == 0 && src.numel() == 0)) return;
  if (has_internal_overlap(self.impl()))
    fail(ErrorKind::Value, str(op, ": the destination is expanded (stride 0): several elements would be written to one "
                               "memory location"), "self");
  const Device device = self.device();
  if (device.is_cuda() || src.device().is_cuda()) {
    if (!cuda) not_implemented_on_device(op, device.is_cuda() ? self : src, device.is_cuda() ? "self" : "src");
    if (src.device() != device) {
      // to_device moves contiguous bytes; a strided CUDA source is made so on its own device first.
      const bool dense = src.is_contiguous() || src.device().is_cpu();
      return run_copy(op, self, to_device(dense ? src : copy_on_device(src, cuda), device), kernel, cuda);
    }
  }
  // Broadcast src to self's shape.
  TensorBase from = TensorBase::adopt(expand(src.impl(), self.sizes()));
  // Note [output aliasing]: element i may be read and then written only
  // when both name the same memory; any other overlap reads a copy.
  if (may_overlap(self.impl(), from.impl())) {
    if (same_elements(self.impl(), from.impl())) return;
    from = device.is_cpu() ? base::clone(from) : copy_on_device(from, cuda);
  }
  kernels::Operands<2> ops;
  set_loop_shape(ops, self.sizes());
  set_operand(ops, 0, self.impl());
  set_operand(ops, 1, from.impl());
  if (device.is_cpu()) return kernel(self.dtype(), src.dtype(), ops);
  CudaDeviceScope scope(device, op);
  cuda(self.dtype(), src.dtype(), ops);
}

}  // namespace ember::rt
