// What the CPU and CUDA pointwise drivers (pointwise_plan.cpp,
// pointwise_cuda.cpp) share beyond the rules pointwise_plan.h declares.
#pragma once

#include <array>
#include <cstring>

#include "runtime/core/visit_dtype.h"
#include "runtime/ops/nonzero_check.h"
#include "runtime/ops/pointwise_plan.h"

namespace ember::rt {

inline DType wrapped_dtype(const Scalar& s) {
  switch (s.kind()) {
    case Scalar::Kind::Bool: return DType::Bool;
    case Scalar::Kind::Integral: return DType::Long;
    case Scalar::Kind::Floating: return default_dtype();
  }
  return DType::Long;
}

// An integral divisor (PointwiseOp::nonzero) must hold no zero where the
// loop over `shape` reads it (runtime/ops/nonzero_check.h).
template <int NIn>
void check_divisor(const PointwiseOp& op, const std::array<PointwiseArg, NIn>& args, DType compute, IntList shape) {
  if (op.nonzero < 0 || !is_integral(compute)) return;
  for (int64_t s : shape)
    if (s == 0) return;
  const PointwiseArg& divisor = args[op.nonzero];
  const char* arg = op.inputs[static_cast<size_t>(op.nonzero)];
  if (!divisor.tensor) return require_nonzero(op.name, *divisor.scalar, arg);
  require_nonzero(op.name, divisor.tensor->impl(), arg);
}

// The input an unsupported compute dtype came from, for the error: the
// first whose own dtype it is, else the first input.
template <int NIn>
const char* dtype_source(const PointwiseOp& op, const std::array<PointwiseArg, NIn>& args, DType compute) {
  for (size_t i = 0; i < static_cast<size_t>(NIn); ++i) {
    const DType d = args[i].tensor ? args[i].tensor->dtype() : wrapped_dtype(*args[i].scalar);
    if (d == compute && op.inputs[i]) return op.inputs[i];
  }
  return op.inputs[0] ? op.inputs[0] : "self";
}

template <int NIn>
std::array<const TensorBase*, NIn> tensor_args(const std::array<PointwiseArg, NIn>& args) {
  std::array<const TensorBase*, NIn> tensors{};
  for (size_t i = 0; i < tensors.size(); ++i) tensors[i] = args[i].tensor;
  return tensors;
}

// A number converted to `d`, stored where a stride-0 operand can read it.
struct ScalarSlot {
  alignas(8) unsigned char bytes[8];
  void store(const Scalar& s, DType d) {
    visit_dtype(d, [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T v = s.to<T>();
      static_assert(sizeof(T) <= sizeof(bytes), "slot too small");
      std::memcpy(bytes, &v, sizeof(T));
    });
  }
};

}  // namespace ember::rt
