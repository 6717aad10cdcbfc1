// The per-thread work of the CUDA index kernels (kernels/cuda/gather.cu),
// plain C++ with EMBER_HOST_DEVICE so the host build's tests run it over
// host memory against the CPU loops (tests/kernels/test_index_loops.cpp).
//
// Note [scatter fibers]: a scatter's destination operand has stride 0
// exactly along the loop dims whose elements may land on one place (the
// indexed dim; every dim when advanced indexing's index holds byte
// offsets), since elements apart along any other dim are distinct
// (writable destinations do not overlap). Those dims form one thread's
// "fiber", walked in row-major order as the CPU's single thread walks
// them, so duplicates resolve alike (the last wins, sums in one order)
// and bit for bit; the other dims are spread over threads, which then
// never write one element.
#pragma once

#include <cstdint>

#include "ember/host_device.h"
#include "kernels/cuda/device_operands.h"
#include "kernels/index_element.h"

namespace ember::kernels::cuda {

// A scatter's loop split by Note [scatter fibers]: `outer` holds the
// operands' addresses and the dims spread over threads, `fiber` the dims
// one thread walks (each a single dim of size 1 when there are none).
struct FiberSplit {
  DeviceOperands<3> outer, fiber;
};

// Splits `ops` (in the CPU scatter's order, kernels::in_order; operand 0
// the destination, 1 the source or a value held in the parameters (bit 1
// of host_values, `value_bytes` bytes), 2 the int64 index). False when
// either part has more than kMaxDims dims.
inline bool split_fibers(const Operands<3>& ops, unsigned host_values, int value_bytes, FiberSplit* out) {
  Operands<3> outer, fiber;
  outer.ndim = fiber.ndim = 0;
  for (int d = 0; d < ops.ndim; ++d) {
    Operands<3>& part = ops.strides[0][d] == 0 ? fiber : outer;
    part.shape[part.ndim] = ops.shape[d];
    for (int k = 0; k < 3; ++k) part.strides[k][part.ndim] = ops.strides[k][d];
    ++part.ndim;
  }
  for (Operands<3>* part : {&outer, &fiber}) {
    if (part->ndim == 0) {
      part->ndim = 1;
      part->shape[0] = 1;
      for (int k = 0; k < 3; ++k) part->strides[k][0] = 0;
    }
    for (int k = 0; k < 3; ++k) part->data[k] = ops.data[k];
  }
  const int bytes[3] = {0, value_bytes, 0};
  return device_operands_as_laid_out(outer, host_values, bytes, &out->outer) &&
         device_operands_as_laid_out(fiber, host_values, bytes, &out->fiber);
}

// Fiber t of the split, of n elements (s.fiber.numel(), counted on the
// host): every element combined into its destination in order. The index
// values were checked.
template <class T, class Combine>
EMBER_HOST_DEVICE inline void scatter_fiber(const FiberSplit& s, int64_t t, int64_t n, const IndexedDim& dim,
                                            const Combine& combine) {
  int64_t base[3], off[3];
  s.outer.offsets<false>(t, base);
  for (int64_t j = 0; j < n; ++j) {
    s.fiber.offsets<false>(j, off);
    const int64_t raw = *reinterpret_cast<const int64_t*>(s.outer.data[2] + base[2] + off[2]);
    T* dst = reinterpret_cast<T*>(s.outer.data[0] + base[0] + off[0] + position(dim, raw) * dim.stride);
    *dst = combine(*dst, s.outer.load<T>(1, base[1] + off[1]));
  }
}

// Element i of a gather (operands as kernels::gather's, coalesced; S an
// unsigned integer of the element size). The index values were checked.
template <class S>
EMBER_HOST_DEVICE inline void gather_element(const DeviceOperands<3>& ops, int64_t i, const IndexedDim& dim) {
  int64_t off[3];
  ops.offsets<false>(i, off);
  const int64_t raw = *reinterpret_cast<const int64_t*>(ops.data[2] + off[2]);
  *reinterpret_cast<S*>(ops.data[0] + off[0]) =
      *reinterpret_cast<const S*>(ops.data[1] + off[1] + position(dim, raw) * dim.stride);
}

}  // namespace ember::kernels::cuda
