// The error of a runtime path that would run CUDA kernels in a build
// without them (a tensor can claim a CUDA device there only through
// corrupt or hand-made storages).
#pragma once

#include "ember/device.h"

namespace ember::rt {

[[noreturn]] void without_cuda(const char* op, Device device);

}  // namespace ember::rt
