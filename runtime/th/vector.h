// TH's THVector family: Torch7 exported only vectorDispatchInit, which
// chose SIMD kernels at start-up. ember's kernels are chosen at compile
// time, so there is nothing to set up.
#pragma once

namespace ember::rt {

template <class T>
void th_vector_dispatch_init() {}

}  // namespace ember::rt
