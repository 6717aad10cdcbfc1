// clamp on a CUDA device (kernels/clamp.h): clamp is a hand-written op
// whose bounds may be absent, so its kernels are written here rather than
// generated from an expression.
#include "kernels/clamp.h"
#include "kernels/cuda/pointwise.cuh"

namespace ember::kernels::cuda {
namespace {

template <class T>
void clamp_as(ClampBounds bounds, const Operands<3>* two, const Operands<4>* three, unsigned host_values) {
  using C = opmath_t<T>;
  switch (bounds) {
    case ClampBounds::Both:
      return pointwise<T, T, 3>("clamp", *three, host_values, ClampFn<C, ClampBounds::Both>{});
    case ClampBounds::THBoth:
      return pointwise<T, T, 3>("clamp", *three, host_values, ClampFn<C, ClampBounds::THBoth>{});
    case ClampBounds::Min: return pointwise<T, T, 2>("clamp", *two, host_values, ClampFn<C, ClampBounds::Min>{});
    case ClampBounds::Max: return pointwise<T, T, 2>("clamp", *two, host_values, ClampFn<C, ClampBounds::Max>{});
  }
}

void dispatch(ClampBounds bounds, DType compute, const Operands<3>* two, const Operands<4>* three,
              unsigned host_values) {
  switch (compute) {
    case DType::Byte: return clamp_as<uint8_t>(bounds, two, three, host_values);
    case DType::Char: return clamp_as<int8_t>(bounds, two, three, host_values);
    case DType::Short: return clamp_as<int16_t>(bounds, two, three, host_values);
    case DType::Int: return clamp_as<int32_t>(bounds, two, three, host_values);
    case DType::Long: return clamp_as<int64_t>(bounds, two, three, host_values);
    case DType::Float: return clamp_as<float>(bounds, two, three, host_values);
    case DType::Double: return clamp_as<double>(bounds, two, three, host_values);
    case DType::Half: return clamp_as<Half>(bounds, two, three, host_values);
    case DType::BFloat16: return clamp_as<BFloat16>(bounds, two, three, host_values);
    default: unsupported_dtype("clamp", compute);
  }
}

}  // namespace

void clamp(ClampBounds both, DType compute, const Operands<4>& ops, unsigned host_values) {
  dispatch(both, compute, nullptr, &ops, host_values);
}

void clamp(ClampBounds one, DType compute, const Operands<3>& ops, unsigned host_values) {
  dispatch(one, compute, &ops, nullptr, host_values);
}

}  // namespace ember::kernels::cuda
