// Size arithmetic that cannot overflow silently. Every product of sizes
// and strides that decides how much memory is touched goes through here,
// so a huge size gives a MemoryError instead of a short allocation.
#pragma once

#include <cstdint>

#include "ember/error.h"

namespace ember {

inline int64_t checked_mul(int64_t a, int64_t b, const char* op) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) fail(ErrorKind::Memory, str(op, ": size overflows (", a, " * ", b, ")"));
  return r;
}

inline int64_t checked_add(int64_t a, int64_t b, const char* op) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) fail(ErrorKind::Memory, str(op, ": size overflows (", a, " + ", b, ")"));
  return r;
}

// The number of elements `sizes` (all >= 0) hold. Every geometry a tensor
// takes is checked here (rt::set_storage), so numel() never overflows, even
// for views whose strides of 0 make them need no memory (expand).
inline int64_t checked_numel(const int64_t* sizes, size_t ndim, const char* op) {
  int64_t n = 1;
  for (size_t d = 0; d < ndim; ++d)
    if (sizes[d] == 0) return 0;
  for (size_t d = 0; d < ndim; ++d)
    if (__builtin_mul_overflow(n, sizes[d], &n))
      fail(ErrorKind::Value, str(op, ": a tensor of these sizes would hold more than 2^63 - 1 elements"), "size");
  return n;
}

}  // namespace ember
