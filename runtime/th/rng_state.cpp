// THByteTensor_getRNGState / setRNGState: a generator's state as the
// sizeof(THGenerator) bytes of its C struct (TH/THRandom.h), so a state
// saved by TH code loads here and the reverse on the same ABI.
#include <cstring>
#include <mutex>

#include "TH/THRandom.h"
#include "ember/export.h"
#include "ember/tensor_impl.h"
#include "runtime/core/generator.h"
#include "runtime/ops/random_args.h"
#include "runtime/th/api.h"

using namespace ember;

namespace {

constexpr int64_t kStateBytes = sizeof(THGenerator);

constexpr th::ArgNames<2> kArgs = {"_generator", "self"};

}  // namespace

EMBER_API void THByteTensor_getRNGState(THGenerator* gen, THByteTensor* self) {
  constexpr const char* fn = "THByteTensor_getRNGState";
  th::guarded(kArgs, [&] {
    THGenerator& g = rt::need_generator(fn, gen);
    TensorImpl* t = th::tensor_arg(self, DType::Byte, fn, "self", "self");
    // A tensor of the right size keeps its geometry, so it must be contiguous already.
    if (rt::numel(t) == kStateBytes && !rt::is_contiguous(t))
      fail(ErrorKind::Value, str(fn, ": the state tensor must be contiguous"), "self");
    if (rt::numel(t) != kStateBytes || rt::dim(t) != 1) rt::resize(t, {kStateBytes}, {}, fn);
    std::lock_guard<std::mutex> lock(rt::generator_mutex(&g));
    std::memcpy(rt::data<uint8_t>(t), &g, sizeof g);
  });
}

EMBER_API void THByteTensor_setRNGState(THGenerator* gen, THByteTensor* self) {
  constexpr const char* fn = "THByteTensor_setRNGState";
  th::guarded(kArgs, [&] {
    THGenerator& g = rt::need_generator(fn, gen);
    const TensorImpl* t = th::tensor_arg(self, DType::Byte, fn, "self", "self");
    if (rt::numel(t) != kStateBytes)
      fail(ErrorKind::Value, str(fn, ": a state has ", kStateBytes, " bytes, got ", rt::numel(t)), "self");
    if (!rt::is_contiguous(t)) fail(ErrorKind::Value, str(fn, ": the state tensor must be contiguous"), "self");
    THGenerator state;
    std::memcpy(&state, rt::data<uint8_t>(t), sizeof state);
    if (!rt::state_is_valid(state)) fail(ErrorKind::Value, str(fn, ": invalid generator state"), "self");
    std::lock_guard<std::mutex> lock(rt::generator_mutex(&g));
    g = state;
  });
}
