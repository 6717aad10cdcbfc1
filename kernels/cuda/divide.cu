// div on a CUDA device (kernels/divide.h): div is a hand-written op, its
// rounding mode a runtime word, so its kernels are written here rather
// than generated from an expression.
#include "kernels/cuda/pointwise.cuh"
#include "kernels/divide.h"

namespace ember::kernels::cuda {
namespace {

template <class T>
void divide_as(DivMode mode, const Operands<3>& ops, unsigned host_values) {
  using C = opmath_t<T>;
  switch (mode) {
    case DivMode::True: return pointwise<T, T, 2>("div", ops, host_values, DivideFn<C, DivMode::True>{});
    case DivMode::Trunc: return pointwise<T, T, 2>("div", ops, host_values, DivideFn<C, DivMode::Trunc>{});
    case DivMode::Floor: return pointwise<T, T, 2>("div", ops, host_values, DivideFn<C, DivMode::Floor>{});
  }
}

}  // namespace

void divide(DivMode mode, DType compute, const Operands<3>& ops, unsigned host_values) {
  switch (compute) {
    case DType::Byte: return divide_as<uint8_t>(mode, ops, host_values);
    case DType::Char: return divide_as<int8_t>(mode, ops, host_values);
    case DType::Short: return divide_as<int16_t>(mode, ops, host_values);
    case DType::Int: return divide_as<int32_t>(mode, ops, host_values);
    case DType::Long: return divide_as<int64_t>(mode, ops, host_values);
    case DType::Float: return divide_as<float>(mode, ops, host_values);
    case DType::Double: return divide_as<double>(mode, ops, host_values);
    case DType::Half: return divide_as<Half>(mode, ops, host_values);
    case DType::BFloat16: return divide_as<BFloat16>(mode, ops, host_values);
    default: unsupported_dtype("div", compute);
  }
}

}  // namespace ember::kernels::cuda
