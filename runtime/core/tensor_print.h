// TensorBase::to_string with a prefix for the dtype's name: Python prints
// `dtype=ember.int32` where C++ prints `dtype=int32`. The prefix counts
// toward the line width, as PyTorch's `torch.` does.
#pragma once

#include <string>

#include "ember/tensor_base.h"

namespace ember::rt {

// A tensor on a device is printed from a host copy, with device='cuda:0'.
std::string tensor_repr(const TensorBase& self, const char* dtype_prefix);
// A host tensor's values, said to be on `device`.
std::string host_tensor_repr(const TensorBase& self, const char* dtype_prefix, Device device);

}  // namespace ember::rt
