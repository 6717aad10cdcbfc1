// The index loops of kernels/gather.h on a CUDA device (kernels/cuda/gather.cu,
// built only with the CUDA kernels, EMBER_CUDA), over Operands whose data
// are device addresses of the current device, laid out as for the CPU.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ember/dtype.h"
#include "ember/scalar.h"
#include "kernels/index_element.h"
#include "kernels/operands.h"

namespace ember::kernels::cuda {

// Whether some value of the int64 `index` is out of range for `dim`; if
// so, the first in the order of its coalesced dims is stored in `raw`.
// `scratch`: 8 bytes of device memory. Waits for the device.
bool find_bad_index(const char* op, const Operands<1>& index, const IndexedDim& dim, void* scratch, int64_t* raw);

// kernels::gather's loop: operands {out, src, index}, elements of
// `element_size` bytes, every index value checked before.
void gather(const char* op, size_t element_size, const Operands<3>& ops, const IndexedDim& dim);

// kernels::scatter's loop (Note [scatter fibers]): operands {dst, src or
// a value at a host address (`value_on_host`), index}, already in the CPU
// loop's order (kernels::in_order), every index value checked before.
void scatter(const char* op, DType dtype, ScatterMode mode, const Operands<3>& ops, const IndexedDim& dim,
             bool value_on_host, const Scalar& alpha);

}  // namespace ember::kernels::cuda
