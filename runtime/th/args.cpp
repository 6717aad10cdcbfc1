#include "runtime/th/args.h"

#include "runtime/core/default_device.h"
#include "runtime/th/api.h"

namespace ember::th {

std::string Fn::str() const { return ember::str(*this); }

// THC's names inside its functions: THCudaTensor_resize for float,
// THCudaDoubleTensor_resize for the others.
std::ostream& operator<<(std::ostream& out, const Fn& fn) {
  if (rt::default_device().is_cuda()) out << "THCuda" << (fn.dtype == DType::Float ? "" : info(fn.dtype).name) << fn.name;
  else out << "TH" << info(fn.dtype).name << fn.name;
  return fn.dims > 0 ? out << fn.dims << "d" : out;
}

IntList long_list(const StorageImpl* s) {
  if (!s) return {};
  return IntList(static_cast<const int64_t*>(s->data), static_cast<size_t>(s->size));
}

int64_t check_dim(const TensorImpl* t, int64_t dim, const Fn& fn, const char* arg) {
  if (t->nDimension == 0) fail(ErrorKind::Index, ember::str(fn, ": dim ", dim, " of a tensor without dims"), arg);
  if (dim < 0 || dim >= t->nDimension)
    fail(ErrorKind::Index, ember::str(fn, ": dim ", dim, " is out of range for a ", t->nDimension,
                                      "-dim tensor (expected in [0, ", t->nDimension - 1, "])"), arg);
  return dim;
}

void null_arg(const char* fn, const char* param, const char* arg) {
  fail(ErrorKind::Value, ember::str(fn, ": ", param, " is NULL"), arg);
}

void wrong_dtype(int have, DType want, const char* fn, const char* param, const char* arg) {
  fail(ErrorKind::Type, ember::str(fn, ": ", param, " holds ", is_valid_dtype(have) ? dtype_name(static_cast<DType>(have)) : "?",
                                   " elements, not ", dtype_name(want)), arg);
}

void wrong_device(const StorageImpl* s, DeviceType want, const char* fn, const char* param, const char* arg) {
  if (want == DeviceType::CPU)
    fail(ErrorKind::Runtime, ember::str(fn, ": ", param, " is on ", rt::device(s).str(), ", but this function takes CPU memory",
                                        " (THC's THCuda*Tensor_* functions take CUDA tensors)"), arg);
  fail(ErrorKind::Runtime, ember::str(fn, ": ", param, " is on the CPU, but THC's functions take CUDA memory",
                                      " (TH's functions take CPU tensors)"), arg);
}

}  // namespace ember::th
