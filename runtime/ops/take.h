// take and take_along_dim (schemas/math/indexing.yaml): elements picked by
// int64 positions, in PyTorch 1.13's form. Each checks every position
// before it reads (an IndexError naming the op and `index`/`indices`), then
// gathers with index_select or gather into a new tensor, which out= gets.
#pragma once

#include <cstdint>
#include <optional>

#include "ember/tensor_base.h"

namespace ember::rt {

// self read as a flat row-major vector at each position of index (negative
// from the end); the result has index's shape.
TensorBase take(const TensorBase& self, const TensorBase& index);
void take_out(TensorBase& out, const TensorBase& self, const TensorBase& index);

// gather along dim after broadcasting self and indices outside dim; without
// dim, along self flattened (indices flattened too). No negative positions.
TensorBase take_along_dim(const TensorBase& self, const TensorBase& indices, std::optional<int64_t> dim);
void take_along_dim_out(TensorBase& out, const TensorBase& self, const TensorBase& indices, std::optional<int64_t> dim);

}  // namespace ember::rt
