// The TypeError of an op that has no kernel for a dtype, naming the
// argument whose dtype it is.
#pragma once

#include "ember/dtype.h"

namespace ember::rt {

// TypeError: `op` is not implemented for `d`, the dtype of argument `arg`
// (self's unless the op converts to its dtype= or promotes several inputs).
[[noreturn]] void dtype_error(const char* op, DType d, const char* arg);

}  // namespace ember::rt
