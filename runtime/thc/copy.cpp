#include "runtime/thc/copy.h"

#include "runtime/th/api.h"
#include "runtime/th/plan.h"
#include "runtime/thc/thunk.h"

namespace ember::thc {

namespace {

constexpr th::ArgNames<3> kCopyArgs = {"state", "self", "src"};

TensorImpl* side_arg(Side side, const char* fn, const char* arg) {
  TensorImpl* t = th::checked_arg<TensorImpl>(static_cast<const EmberTensor*>(side.tensor), side.dtype, fn, arg, arg);
  th::check_device(t->storage, side.on_cuda ? DeviceType::CUDA : DeviceType::CPU, fn, arg, arg);
  return t;
}

}  // namespace

void copy(const char* fn, THCState* state, Side dst, Side src) {
  th::guarded(kCopyArgs, [&] {
    check_state(state, fn);
    TensorImpl* d = side_arg(dst, fn, "self");
    TensorImpl* s = side_arg(src, fn, "src");
    th::copy_flat(fn, d, s);
  });
}

}  // namespace ember::thc
