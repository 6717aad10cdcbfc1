// Inline and template parts of tensor.h, and the generated op API.
#pragma once

#include <cstring>

#include "ember/error.h"

namespace ember {

template <class T>
Tensor from_vector(const std::vector<T>& values, IntList sizes) {
  Tensor t = empty(sizes, dtype_of<T>);
  if (static_cast<int64_t>(values.size()) != t.numel())
    fail(ErrorKind::Value, str("from_vector: ", values.size(), " values for shape ", rt::sizes_text(sizes)), "values");
  if constexpr (std::is_same_v<T, bool>) {
    bool* out = t.data<bool>();
    for (size_t i = 0; i < values.size(); ++i) out[i] = values[i];
  } else if (!values.empty()) {
    std::memcpy(t.data_ptr(), values.data(), values.size() * sizeof(T));
  }
  return t;
}

}  // namespace ember

#include "ember/ops.h"
