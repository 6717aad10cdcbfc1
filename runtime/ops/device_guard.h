// Every generated op without a CUDA kernel refuses tensors that are not on
// the CPU (a clear error, never a silent copy to the host): its C++ API
// function checks each tensor argument first (codegen/cpp.py device_guard).
#pragma once

#include <initializer_list>

#include "ember/tensor_base.h"

namespace ember::rt {

[[noreturn]] void not_implemented_on_device(const char* op, const TensorBase& t, const char* arg);

inline void require_cpu(const char* op, const TensorBase& t, const char* arg) {
  if (__builtin_expect(t.defined() && t.impl()->storage && t.impl()->storage->deviceType != 0, 0))
    not_implemented_on_device(op, t, arg);
}

inline void require_cpu(const char* op, const TensorBaseList& list, const char* arg) {
  for (const TensorBase& t : list) require_cpu(op, t, arg);
}

// A tensor argument and its name, for common_device.
struct NamedTensor {
  const TensorBase* tensor;  // null or undefined: not given
  const char* arg;
};

// The device of the first given tensor of `args` (the CPU when none is):
// every other must be on it, or a RuntimeError names it, since an op never
// moves data between devices unasked.
Device common_device(const char* op, std::initializer_list<NamedTensor> args);

}  // namespace ember::rt
