// Integer division by zero traps (SIGFPE) in C, and TH crashed on it. An
// op whose schema kernel says `nonzero: <input>` runs this over that
// input before its loop, for integral dtypes, so a zero divisor is a
// ValueError naming the op and the argument and nothing is written.
#pragma once

#include <cstdint>

#include "ember/error.h"
#include "kernels/operands.h"

namespace ember::rt {

// Operand k of `ops` as T, visited once per distinct element (dims where
// it has stride 0 are not walked).
template <class T, int N>
void require_nonzero(const kernels::Operands<N>& ops, int k, const char* op, const char* arg) {
  const int nd = ops.ndim;
  int64_t extent[kernels::kMaxLoopDims];
  for (int d = 0; d < nd; ++d) {
    if (ops.shape[d] == 0) return;
    extent[d] = ops.strides[k][d] == 0 ? 1 : ops.shape[d];
  }
  int64_t idx[kernels::kMaxLoopDims] = {};
  const char* p = ops.data[k];
  for (;;) {
    if (*reinterpret_cast<const T*>(p) == T(0))
      fail(ErrorKind::Value, str(op, ": integer division by zero (", arg, " has a zero element)"), arg);
    int d = nd - 1;
    for (; d >= 0; --d) {
      if (++idx[d] < extent[d]) {
        p += ops.strides[k][d];
        break;
      }
      p -= ops.strides[k][d] * (extent[d] - 1);
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

}  // namespace ember::rt
