// Torch7's class names for ember's dtypes (torch_classes.h).
#include "runtime/serialize/torch_classes.h"

#include "ember/error.h"

namespace ember::t7 {

namespace {

// Torch7's CPU classes: TH's eight element types, named as TH names them.
bool has_torch_class(DType d) { return d != DType::Bool && d != DType::BFloat16; }

}  // namespace

std::optional<TorchClass> parse_torch_class(const std::string& name) {
  for (int i = 0; i < kNumDTypes; ++i) {
    const auto d = static_cast<DType>(i);
    if (!has_torch_class(d)) continue;
    const std::string stem = str("torch.", info(d).name);
    if (name == stem + "Tensor") return TorchClass{d, true};
    if (name == stem + "Storage") return TorchClass{d, false};
  }
  return std::nullopt;
}

std::string torch_class_name(TorchClass c, const char* op) {
  if (!has_torch_class(c.dtype))
    fail(ErrorKind::Type,
         str(op, ": Torch7 has no class for ", dtype_name(c.dtype), " ", c.tensor ? "tensors" : "storages",
             "; convert to uint8 (bool) or float32 (bfloat16) first"),
         "value");
  return str("torch.", info(c.dtype).name, c.tensor ? "Tensor" : "Storage");
}

}  // namespace ember::t7
