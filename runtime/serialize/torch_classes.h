// The facts of Torch7's object format that File.lua and torch's C classes
// fix: the type tags, the version string, and which torch classes hold
// which element type (docs/serialization.md).
#pragma once

#include <optional>
#include <string>

#include "ember/dtype.h"

namespace ember::t7 {

// File.lua's TYPE_* tags, written as a Lua int before every value.
enum Tag : int {
  kTagNil = 0,
  kTagNumber = 1,
  kTagString = 2,
  kTagTable = 3,
  kTagTorch = 4,
  kTagBoolean = 5,
  kTagFunction = 6,
  kTagLegacyRecurFunction = 7,
  kTagRecurFunction = 8,
};

// "V " followed by torch.version(object): 1 for every tensor and storage class.
inline constexpr const char* kVersion = "V 1";

struct TorchClass {
  DType dtype;
  bool tensor;  // torch.<T>Tensor; false: torch.<T>Storage
};

// "torch.FloatTensor" and the like; nullopt for any other name.
std::optional<TorchClass> parse_torch_class(const std::string& name);

// The class name for an ember dtype; a TypeError naming `op` for the
// dtypes Torch7 has no class for (bool, bfloat16).
std::string torch_class_name(TorchClass c, const char* op);

}  // namespace ember::t7
