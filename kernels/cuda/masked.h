// The mask loops of kernels/masked.h on a CUDA device (kernels/cuda/masked.cu,
// built only with the CUDA kernels, EMBER_CUDA), over device addresses of
// the current device. A mask is read as bytes, nonzero meaning true.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/operands.h"

namespace ember::kernels::cuda {

// self = value where the mask is set: operands {self, mask}, elements of
// `element_size` bytes, the value at a host address.
void masked_fill(const char* op, size_t element_size, const Operands<2>& ops, const void* value);

// Device scratch bytes select_flagged needs for n elements (CUB's
// temporary storage and the count it writes).
size_t select_flagged_bytes(const char* op, size_t element_size, int64_t n);

// Stream compaction (CUB's DeviceSelect::Flagged): out[k] = in[i] for the
// k-th i, in order, whose flag byte is nonzero. `in`, `flags` and `out`
// are dense device arrays of n elements; `scratch` holds the
// select_flagged_bytes(n) bytes, `scratch_bytes`.
void select_flagged(const char* op, size_t element_size, const void* in, const void* flags, void* out, int64_t n,
                    void* scratch, size_t scratch_bytes);

}  // namespace ember::kernels::cuda
