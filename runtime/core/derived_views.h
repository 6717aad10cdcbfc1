// Views built from the basic ones (ember/views.h): Torch7's sub, view_as,
// expand_as, split and chunk, and PyTorch's movedim and unflatten. Each shares the input's storage; the
// TensorImpl forms return one reference.
#pragma once

#include <cstdint>
#include <vector>

#include "ember/tensor_base.h"

namespace ember::rt {

// Torch7's t:sub(d0s, d0e, d1s, d1e, ...): each (start, end) pair narrows
// the next dim, from dim 0, to the inclusive range start..end; negative
// values count from the end (-1 is the last). 0-based, unlike Torch7.
TensorImpl* subview(const TensorImpl* self, IntList ranges);
TensorImpl* view_as(const TensorImpl* self, const TensorImpl* other);
TensorImpl* expand_as(const TensorImpl* self, const TensorImpl* other);
// expand under NumPy's name, its errors naming broadcast_to.
TensorImpl* broadcast_to(const TensorImpl* self, IntList size);
// Dim source[i] becomes dim destination[i]; the other dims keep their order.
TensorImpl* movedim(const TensorImpl* self, IntList source, IntList destination);
// Dim `dim` viewed as `sizes` (one may be -1).
TensorImpl* unflatten(const TensorImpl* self, int64_t dim, IntList sizes);

// Pieces of split_size along dim (the last may be smaller); a dim of size
// 0 gives one empty piece.
std::vector<TensorBase> split(const TensorBase& self, int64_t split_size, int64_t dim);
// split with split_size = ceil(size / chunks): at most `chunks` pieces.
std::vector<TensorBase> chunk(const TensorBase& self, int64_t chunks, int64_t dim);

}  // namespace ember::rt
