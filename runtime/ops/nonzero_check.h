// Integer division by zero traps (SIGFPE) in C, and TH crashed on it. An
// op whose schema kernel says `nonzero: <input>` has its driver check that
// input, for integral compute dtypes, before anything is written (Note
// [output aliasing]): a zero divisor is a ValueError naming the op and
// the argument.
#pragma once

#include "ember/scalar.h"
#include "ember/tensor_impl.h"

namespace ember::rt {

// ValueError naming `arg` when `t`, of an integral or bool dtype, holds a
// zero (every bit clear). A tensor on a CUDA device is read through a host
// copy: integer division on the GPU is rare, and a zero must raise rather
// than give garbage.
void require_nonzero(const char* op, const TensorImpl* t, const char* arg);
// The same for one value of `dtype` at `value`, or a number.
void require_nonzero(const char* op, DType dtype, const void* value, const char* arg);
void require_nonzero(const char* op, const Scalar& value, const char* arg);

}  // namespace ember::rt
