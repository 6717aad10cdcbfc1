#include "runtime/ops/construct_ops.h"

#include <vector>

#include "ember/error.h"
#include "ember/views.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

TensorBase reshape(const TensorBase& self, IntList shape) {
  const int64_t n = self.numel();
  std::vector<int64_t> want(shape.begin(), shape.end());
  int64_t infer = -1, known = 1;
  for (size_t i = 0; i < want.size(); ++i) {
    if (want[i] == -1) {
      if (infer >= 0) fail(ErrorKind::Value, "reshape: only one size may be -1", "shape");
      infer = static_cast<int64_t>(i);
    } else if (want[i] < 0) {
      fail(ErrorKind::Value, str("reshape: size ", want[i], " is invalid"), "shape");
    } else if (__builtin_mul_overflow(known, want[i], &known)) {
      fail(ErrorKind::Memory, str("reshape: shape ", sizes_text(shape), " holds more than 2^63 elements"), "shape");
    }
  }
  if (infer >= 0 && known != 0 && n % known == 0) want[infer] = n / known;
  int64_t total = 1;
  for (int64_t s : want) total *= s;
  if ((infer >= 0 && (known == 0 || n % known != 0)) || total != n)
    fail(ErrorKind::Value, str("reshape: shape ", sizes_text(shape), " is invalid for a tensor of ", n, " elements"),
         "shape");
  if (self.is_contiguous()) return TensorBase::adopt(view(self.impl(), want));
  try {  // a view where the strides allow one (the shape is valid, so only they can refuse)
    return TensorBase::adopt(view(self.impl(), want));
  } catch (const Error&) {
    return TensorBase::adopt(view(clone_tensor(self).impl(), want));  // rt's: on any device
  }
}

TensorBase reshape_as(const TensorBase& self, const TensorBase& other) {
  if (self.numel() != other.numel())
    fail(ErrorKind::Value, str("reshape_as: self has ", self.numel(), " elements, other's shape ", sizes_text(other.sizes()),
                               " holds ", other.numel()), "other");
  return reshape(self, other.sizes());
}

}  // namespace ember::rt
