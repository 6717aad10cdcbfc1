#include "runtime/ops/output.h"

#include "ember/error.h"
#include "ember/ops/clone.h"
#include "ember/ops/copy.h"
#include "ember/ops/to.h"
#include "runtime/core/memory_overlap.h"

namespace ember::rt {

namespace {

bool has_shape(const TensorBase& t, IntList shape) { return t.sizes() == shape && (!shape.empty() || t.is_scalar()); }

void resize_to(const TensorBase& t, IntList shape, const char* op) {
  if (!has_shape(t, shape)) resize(t.impl(), shape, {}, op, shape.empty());
}

}  // namespace

Output::Output(const char* op, const TensorBase* given, const char* arg) : op_(op), arg_(arg), given_(given) {
  if (!given_) return;
  if (!given_->defined()) fail(ErrorKind::Value, str(op, ": ", arg, " is an undefined tensor"), arg);
  if (has_internal_overlap(given_->impl()))
    fail(ErrorKind::Value, str(op, ": ", arg, " has dims of stride 0 (it is expanded): several of its elements are "
                                              "one memory location, so it cannot be written"), arg);
}

void Output::check_dtype(DType want) const {
  if (given_ && given_->dtype() != want)
    fail(ErrorKind::Type, str(op_, ": ", arg_, " has dtype ", dtype_name(given_->dtype()), " but the result is ",
                              dtype_name(want)), arg_);
}

const TensorBase& Output::target(IntList shape, DType dtype, const TensorBase* const* reads, size_t n_reads, Reads how,
                                 bool keep_values) {
  if (!given_) {  // on the device of what the op reads
    target_ = empty(shape, dtype, n_reads && reads[0] && reads[0]->defined() ? reads[0]->device() : Device());
    return target_;
  }
  const TensorImpl* out = given_->impl();
  bool clash = false;
  for (size_t i = 0; i < n_reads; ++i) {
    const TensorBase* in = reads[i];
    // One TensorImpl is an overlap even without elements: resizing the
    // output would reshape the input.
    if (!in || !in->defined() || (in->impl() != out && !may_overlap(out, in->impl()))) continue;
    // An elementwise read of exactly the output's elements is safe only once
    // the output has its final shape (a resize could move the storage).
    const bool safe = how == Reads::Elementwise && has_shape(*given_, shape) && same_elements(out, in->impl());
    clash = clash || !safe;
  }
  staged_ = clash || given_->dtype() != dtype;
  if (!staged_) {
    resize_to(*given_, shape, op_);
    target_ = *given_;
  } else if (keep_values) {
    target_ = given_->dtype() == dtype ? base::clone(*given_) : base::to(*given_, dtype);
  } else {
    target_ = empty(shape, dtype, given_->device());
  }
  return target_;
}

TensorBase Output::finish() {
  if (!given_) return target_;
  if (staged_) {
    resize_to(*given_, target_.sizes(), op_);
    TensorBase given = *given_;
    base::copy_(given, target_);
  }
  return *given_;
}

TensorBase Output::assign(const TensorBase& value) {
  if (!given_) return value;
  if (given_->device() != value.device())
    fail(ErrorKind::Runtime, str(op_, ": ", arg_, " is on ", given_->device().str(), " but the result is on ",
                                 value.device().str()), arg_);
  resize_to(*given_, value.sizes(), op_);
  TensorBase given = *given_;
  base::copy_(given, value);
  return *given_;
}

void check_distinct_outputs(const char* op, const TensorBase& a, const TensorBase& b, const char* arg_b) {
  if (may_overlap(a.impl(), b.impl()))
    fail(ErrorKind::Value, str(op, ": the outputs share memory: ", arg_b, " overlaps the other output"), arg_b);
}

}  // namespace ember::rt
