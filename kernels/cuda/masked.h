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

// Device scratch bytes flagged_positions needs for n flags.
size_t flagged_positions_bytes(const char* op, int64_t n);

// The positions i, in order, of the nonzero bytes of the dense device
// array `flags` of n bytes, into `positions` (room for all of them).
void flagged_positions(const char* op, const void* flags, int64_t* positions, int64_t n, void* scratch,
                       size_t scratch_bytes);

// nonzero's subscripts: row k of the int64 `out` (row and column strides
// in bytes) gets the subscripts of element positions[k] of a row-major
// array of `shape` (ndim dims, at most kMaxDims).
void positions_to_subscripts(const char* op, const int64_t* positions, int64_t count, const int64_t* shape, int ndim,
                             char* out, int64_t row_stride, int64_t col_stride);

// masked_scatter's writes: element positions[k] (numbered row-major over
// `self`, operand 0, laid out by kernels::in_order) takes source[k] of the
// dense device array `source`, for k < count.
void scatter_at_positions(const char* op, size_t element_size, const Operands<1>& self, const int64_t* positions,
                          int64_t count, const void* source);

}  // namespace ember::kernels::cuda
