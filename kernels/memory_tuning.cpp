// kernels/memory_tuning.h's choice (Note [memory tuning per CPU]).
#include "kernels/memory_tuning.h"

namespace ember::kernels::detail {

namespace {

MemoryTuning choose() {
  __builtin_cpu_init();
  return __builtin_cpu_is("amd") ? MemoryTuning{1024, false, false, true} : MemoryTuning{4096, true, true, false};
}

}  // namespace

// Before every other static initializer of the library, which might run
// a kernel (a default priority is 65535).
__attribute__((init_priority(101))) const MemoryTuning memory_tuning = choose();

}  // namespace ember::kernels::detail
