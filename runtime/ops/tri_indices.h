// tril_indices and triu_indices (schemas/math/construct.yaml): the
// coordinates of a row x col matrix's lower or upper triangle, PyTorch
// 1.13's 2 x N int64 (or int32) factories.
#pragma once

#include <cstdint>
#include <optional>

#include "ember/tensor_base.h"

namespace ember::rt {

// Row-major order: first row 0's columns, then row 1's, ...; `offset` moves
// the diagonal up (> 0) or down (< 0), as tril's and triu's `diagonal`.
TensorBase tril_indices(int64_t row, int64_t col, int64_t offset, std::optional<DType> dtype);
TensorBase triu_indices(int64_t row, int64_t col, int64_t offset, std::optional<DType> dtype);

}  // namespace ember::rt
