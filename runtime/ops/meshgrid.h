// meshgrid (schemas/tensor/join.yaml): coordinate grids as expanded views
// of the 0-dim and 1-d inputs, PyTorch 1.13's.
#pragma once

#include <string_view>
#include <vector>

#include "ember/tensor_base.h"

namespace ember::rt {

std::vector<TensorBase> meshgrid(const TensorBaseList& tensors, std::string_view indexing);

}  // namespace ember::rt
