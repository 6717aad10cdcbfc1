// View operations: each returns a new tensor (one reference) sharing the
// input's storage, with only sizes, strides and offset changed. Dims may be
// negative (counted from the end). Errors name the op and the argument.
#pragma once

#include "ember/export.h"

#include <cstdint>
#include <optional>
#include <vector>

#include "ember/int_list.h"
#include "ember/tensor_impl.h"

namespace ember::rt {

EMBER_CPP_API TensorImpl* narrow(const TensorImpl* self, int64_t dim, int64_t start, int64_t length);
// Python's self[start:end:step] along `dim`: absent bounds mean the whole
// dim, negative ones count from the end, and both clamp to the dim (as
// Python slices do); `step` must be positive.
EMBER_CPP_API TensorImpl* slice(const TensorImpl* self, int64_t dim, std::optional<int64_t> start,
                                std::optional<int64_t> end, int64_t step);
// Removes `dim`; selecting from a 1-d tensor gives a 0-dim tensor.
EMBER_CPP_API TensorImpl* select(const TensorImpl* self, int64_t dim, int64_t index);
EMBER_CPP_API TensorImpl* transpose(const TensorImpl* self, int64_t dim0, int64_t dim1);
// transpose(0, 1) of a 2-d tensor; 0-d and 1-d tensors come back as they are.
EMBER_CPP_API TensorImpl* t(const TensorImpl* self);
EMBER_CPP_API TensorImpl* permute(const TensorImpl* self, IntList dims);
// Adds a last dim of `size` over windows taken every `step` along `dim`.
EMBER_CPP_API TensorImpl* unfold(const TensorImpl* self, int64_t dim, int64_t size, int64_t step);
// Broadcasts size-1 dims (stride 0) and adds leading dims; -1 keeps a size.
EMBER_CPP_API TensorImpl* expand(const TensorImpl* self, IntList sizes);
// New sizes over the same elements; works on non-contiguous tensors when
// the strides allow it; one size may be -1 (inferred).
EMBER_CPP_API TensorImpl* view(const TensorImpl* self, IntList sizes);
EMBER_CPP_API TensorImpl* squeeze(const TensorImpl* self);
EMBER_CPP_API TensorImpl* squeeze_dim(const TensorImpl* self, int64_t dim);
EMBER_CPP_API TensorImpl* unsqueeze(const TensorImpl* self, int64_t dim);

// The shape two shapes broadcast to; ValueError naming `op` otherwise.
EMBER_CPP_API std::vector<int64_t> broadcast_shapes(IntList a, IntList b, const char* op);

}  // namespace ember::rt
