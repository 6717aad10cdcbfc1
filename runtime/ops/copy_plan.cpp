#include "runtime/ops/copy_plan.h"

#include "ember/error.h"
#include "ember/ops/clone.h"
#include "ember/views.h"
#include "runtime/core/memory_overlap.h"
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

}  // namespace

void run_copy(const char* op, const TensorBase& self, const TensorBase& src, CopyKernel kernel) {
  if (!self.defined() || !src.defined()) fail(ErrorKind::Value, str(op, ": undefined tensor"), self.defined() ? "src" : "self");
  if (!broadcasts_to(src.sizes(), self.sizes()))
    fail(ErrorKind::Value, str(op, ": src of shape ", sizes_text(src.sizes()), " does not broadcast to self's shape ",
                               sizes_text(self.sizes())), "src");
  if (self.is_same(src) || (self.numel() == 0 && src.numel() == 0)) return;
  if (has_internal_overlap(self.impl()))
    fail(ErrorKind::Value, str(op, ": the destination is expanded (stride 0): several elements would be written to one "
                               "memory location"), "self");
  // Broadcast src to self's shape.
  TensorBase from = TensorBase::adopt(expand(src.impl(), self.sizes()));
  // Note [output aliasing]: element i may be read and then written only
  // when both name the same memory; any other overlap reads a copy.
  if (may_overlap(self.impl(), from.impl())) {
    if (same_elements(self.impl(), from.impl())) return;
    from = base::clone(from);
  }
  kernels::Operands<2> ops;
  set_loop_shape(ops, self.sizes());
  set_operand(ops, 0, self.impl());
  set_operand(ops, 1, from.impl());
  kernel(self.dtype(), src.dtype(), ops);
}

}  // namespace ember::rt
