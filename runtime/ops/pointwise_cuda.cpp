// Pointwise ops on a CUDA device: run_pointwise's semantics (promotion,
// broadcasting, the out= and in-place rules, Note [output aliasing]) with
// the op's generated CUDA kernel launched on the tensors' device.
//
// Numbers, and CPU 0-dim tensors beside CUDA tensors, reach the kernel as
// values in its parameters, not as device memory. Inputs of another dtype
// are converted on the device first (the copy op's CUDA kernel). A new
// result is contiguous.
#include <vector>

#include "ember/error.h"
#include "ember/ops/copy.h"
#include "ember/views.h"
#include "runtime/core/device_memory.h"
#include "runtime/ops/device_guard.h"
#include "runtime/ops/output.h"
#include "runtime/ops/pointwise_shared.h"
#include "runtime/ops/tensor_operands.h"

namespace ember::rt {

namespace {

bool host_number(const TensorBase& t, Device device) { return t.dim() == 0 && t.device().is_cpu() && device.is_cuda(); }

[[noreturn]] void device_mismatch(const char* op, const TensorBase& t, const char* arg, Device device,
                                  const char* device_arg) {
  fail(ErrorKind::Runtime, str(op, ": expected all tensors on one device, but ", arg, " is on ", t.device().str(),
                               " and ", device_arg, " on ", device.str()), arg);
}

// The tensor converted to `dtype` on its device.
TensorBase in_dtype(const TensorBase& t, DType dtype) {
  if (t.dtype() == dtype) return t;
  TensorBase converted = empty(t.sizes(), dtype, t.device());
  base::copy_(converted, t);
  return converted;
}

}  // namespace

Device pointwise_device(const PointwiseOp& op, const TensorBase* out, const char* out_arg, const PointwiseArg* args,
                        int n) {
  // Almost every call is on the CPU: one pass finds that out.
  const TensorBase* first = out && out->defined() && !out->device().is_cpu() ? out : nullptr;
  const char* first_arg = out_arg;
  for (int i = 0; i < n && !first; ++i) {
    const TensorBase* t = args[i].tensor;
    if (t && t->defined() && !t->device().is_cpu()) {
      first = t;
      first_arg = op.inputs[static_cast<size_t>(i)];
    }
  }
  if (!first) return Device();
  const Device device = first->device();
  if (out && out->defined() && out->device() != device) device_mismatch(op.name, *out, out_arg, device, first_arg);
  for (int i = 0; i < n; ++i) {
    const TensorBase* t = args[i].tensor;
    if (t && t->defined() && t->device() != device && !host_number(*t, device))
      device_mismatch(op.name, *t, op.inputs[static_cast<size_t>(i)], device, first_arg);
  }
  return device;
}

template <int NIn>
TensorBase run_pointwise_cuda(const PointwiseOp& pointwise, Device device, const TensorBase* out, bool inplace,
                              const std::array<PointwiseArg, NIn>& args, const CudaPointwiseKernel<NIn + 1>* cuda) {
  const char* op = pointwise.name;
  const char* out_arg = inplace ? "self" : "out";
  if (!cuda) {
    const TensorBase* on_device = out && out->defined() && out->device() == device ? out : nullptr;
    const char* arg = out_arg;
    for (int i = 0; i < NIn && !on_device; ++i)
      if (args[i].tensor && args[i].tensor->device() == device) {
        on_device = args[i].tensor;
        arg = pointwise.inputs[static_cast<size_t>(i)];
      }
    not_implemented_on_device(op, *on_device, arg);
  }
  PointwiseTypes types{};
  std::vector<int64_t> shape;
  if constexpr (NIn == 0) {
    types = {out->dtype(), out->dtype()};
    shape = out->sizes().vec();
  } else {
    types = pointwise_types(op, args.data(), NIn, pointwise.rule);
    for (const PointwiseArg& a : args)
      if (a.tensor) shape = broadcast_shapes(shape, a.tensor->sizes(), op);
  }
  if (!pointwise.cuda_dtypes.has(types.compute))
    fail(ErrorKind::Type, str(op, ": not implemented for CUDA tensors of dtype ", dtype_name(types.compute)),
         NIn == 0 ? out_arg : dtype_source<NIn>(pointwise, args, types.compute));
  check_divisor<NIn>(pointwise, args, types.compute, shape);
  if (inplace && out->sizes() != IntList(shape))
    fail(ErrorKind::Value, str(op, ": in-place output of shape ", sizes_text(out->sizes()),
                               " does not match the broadcast shape ", sizes_text(shape)), "self");
  if (out && !can_cast(types.result, out->dtype()))
    fail(ErrorKind::Type, str(op, ": result of dtype ", dtype_name(types.result), " cannot be written to a ",
                              dtype_name(out->dtype()), " tensor"), out_arg);
  Output result(op, out, out_arg);

  std::array<TensorBase, NIn> inputs;
  std::array<const TensorBase*, NIn> reads{};
  std::array<ScalarSlot, NIn> values{};
  unsigned host_values = 0;
  for (int i = 0; i < NIn; ++i) {
    const TensorBase* t = args[i].tensor;
    if (t && !host_number(*t, device)) {
      inputs[i] = in_dtype(*t, types.compute);
      reads[i] = &inputs[i];
    } else {
      values[i].store(t ? t->item() : *args[i].scalar, types.compute);
      host_values |= 1u << (i + 1);
    }
  }
  TensorBase fresh;
  const TensorBase& target = out ? result.target(shape, types.result, reads.data(), NIn, Reads::Elementwise)
                                 : (fresh = empty(shape, types.result, device));
  kernels::Operands<NIn + 1> ops;
  set_loop_shape(ops, shape);
  set_operand(ops, 0, target.impl());
  for (int i = 0; i < NIn; ++i) {
    if (reads[i]) set_operand(ops, i + 1, inputs[i].impl());
    else set_scalar_operand(ops, i + 1, values[i].bytes);
  }
  {
    CudaDeviceScope scope(device, op);
    (*cuda)(types.compute, ops, host_values);
  }
  return out ? result.finish() : fresh;
}

template TensorBase run_pointwise_cuda<0>(const PointwiseOp&, Device, const TensorBase*, bool,
                                          const std::array<PointwiseArg, 0>&, const CudaPointwiseKernel<1>*);
template TensorBase run_pointwise_cuda<1>(const PointwiseOp&, Device, const TensorBase*, bool,
                                          const std::array<PointwiseArg, 1>&, const CudaPointwiseKernel<2>*);
template TensorBase run_pointwise_cuda<2>(const PointwiseOp&, Device, const TensorBase*, bool,
                                          const std::array<PointwiseArg, 2>&, const CudaPointwiseKernel<3>*);
template TensorBase run_pointwise_cuda<3>(const PointwiseOp&, Device, const TensorBase*, bool,
                                          const std::array<PointwiseArg, 3>&, const CudaPointwiseKernel<4>*);

}  // namespace ember::rt
