// The shape of THC's generated C functions: the TH template of the same
// binding (runtime/th/thunk.h), run with CUDA as the C API's device
// (runtime/core/default_device.h), so that its tensors must be CUDA
// tensors and the storages it makes are on the current CUDA device:
//
//   EMBER_API THCudaTensor *THCudaTensor_newWithSize1d(THCState *state, long size0) {
//     return reinterpret_cast<THCudaTensor *>(thc::call<THTensor_newWithSize1d<float>>(
//         "THCudaTensor_newWithSize1d", THTensor_newWithSize1d_thc_args, state, size0));
//   }
#pragma once

#include "THC/THCGeneral.h"
#include "ember/device.h"
#include "runtime/core/default_device.h"
#include "runtime/th/thunk.h"

namespace ember::thc {

// The state is not NULL (a ValueError naming `fn` otherwise).
void check_state(const THCState* state, const char* fn);

// The device a THC function runs on: the current CUDA device, as
// cutorch's; cuda:0 where there is none (a storage made there then fails
// with the reason).
Device current_cuda_device();

template <auto F, size_t N, class... A>
[[gnu::always_inline]] inline auto call(const char* fn, const th::ArgNames<N>& args, THCState* state, A... a)
    -> decltype(F(fn, a...)) {
  return th::guarded(fn, args, [&] {
    check_state(state, fn);
    rt::DefaultDeviceScope cuda(current_cuda_device());
    return F(fn, a...);
  });
}

}  // namespace ember::thc
