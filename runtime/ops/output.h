// Where an op writes its result: the one place that decides how an
// output may share memory with the inputs, and when a caller's tensor is
// touched.
//
// Note [output aliasing]
// ~~~~~~~~~~~~~~~~~~~~~~
// A caller's tensor that an op writes (C++/Python out=, the in-place
// self, TH's r_) may share memory with what the op reads: `sum(a, 1,
// out=a)`, `add(x, y, out=x)` with x broadcast, `masked_fill_(a, a)`.
// Every driver obtains the tensor its kernel writes from an Output, which
// applies one rule:
//
// - The caller's tensor is written directly when it overlaps no input
//   (runtime/core/memory_overlap.h), or, for an elementwise op, when each
//   input it overlaps holds exactly its elements in the same order
//   (element i is read before element i is written).
// - Otherwise the kernel writes a new tensor, and finish() copies it into
//   the caller's tensor (resized first when the result's shape differs):
//   NumPy's rule, so an aliased call gives what the same call on copies
//   of the inputs gives. An op that updates only some elements (an
//   in-place scatter) starts the new tensor as a copy of the caller's.
//
// And one order: an op checks every argument (shapes, dtypes, values,
// index ranges) before it asks for its target; target() is the point
// after which nothing may fail but the kernel's own allocations, so that a
// call that raises leaves every argument, out= included, as it was.
// target() resizes the caller's tensor when it writes it directly; a
// kernel that could detect an error midway (a gather meeting a bad index)
// checks first when the result goes to the caller (given()).
//
// A caller's tensor with several elements at one address (a stride of 0,
// from expand) cannot be written: a ValueError, as in PyTorch.
#pragma once

#include <initializer_list>

#include "ember/tensor_base.h"

namespace ember::rt {

// How a kernel reads its inputs relative to the elements it writes.
enum class Reads {
  Elementwise,  // output element i from input elements i only (pointwise ops, copies)
  Any,          // any input element for any output element (reductions, gathers, products)
};

class Output {
 public:
  // `given`: the caller's tensor, or null for a result the op allocates.
  // `arg` names it in errors ("out", "self", "values", ...).
  Output(const char* op, const TensorBase* given, const char* arg);

  bool given() const { return given_ != nullptr; }

  // TypeError unless the caller's tensor (when there is one) has `want`:
  // ops whose out= must hold the result's own dtype.
  void check_dtype(DType want) const;

  // The tensor the kernel writes, of `shape` (empty: 0-dim) and `dtype`,
  // given the tensors the kernel reads. With `keep_values`, the target
  // starts with the caller's values (in-place ops that write some
  // elements only; shape and dtype are then the caller's). Call once,
  // after every check.
  const TensorBase& target(IntList shape, DType dtype, const TensorBase* const* reads, size_t n_reads, Reads how,
                           bool keep_values = false);
  const TensorBase& target(IntList shape, DType dtype, std::initializer_list<const TensorBase*> reads, Reads how,
                           bool keep_values = false) {
    return target(shape, dtype, reads.begin(), reads.size(), how, keep_values);
  }

  // After the kernel: the result, in the caller's tensor when there is one.
  TensorBase finish();

  // Instead of target() and finish(), for a result computed into a new
  // tensor: `value` written to the caller's tensor (resized), or returned.
  // A caller's tensor on another device than `value` is a RuntimeError
  // (as PyTorch), raised before anything is written: out= never moves a
  // result between devices.
  TensorBase assign(const TensorBase& value);

 private:
  const char* op_;
  const char* arg_;
  const TensorBase* given_;
  TensorBase target_;
  bool staged_ = false;  // target_ is a new tensor finish() copies into the caller's
};

// Two outputs of one op (values and indices) must not share memory:
// ValueError naming `arg_b`.
void check_distinct_outputs(const char* op, const TensorBase& a, const TensorBase& b, const char* arg_b);

}  // namespace ember::rt
