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

}  // namespace ember
