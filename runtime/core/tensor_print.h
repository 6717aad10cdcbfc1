// TensorBase::to_string with a prefix for the dtype's name: Python prints
// `dtype=ember.int32` where C++ prints `dtype=int32`. The prefix counts
// toward the line width, as PyTorch's `torch.` does.
#pragma once

#include <string>

#include "ember/tensor_base.h"

namespace ember::rt {

std::string tensor_repr(const TensorBase& self, const char* dtype_prefix);

}  // namespace ember::rt
