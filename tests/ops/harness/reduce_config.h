// The non-tensor arguments of a reduction, sort or scan case: where the
// op's signature has them (found by name), one assignment of them, and
// every assignment a case runs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ember/tensor.h"
#include "tests/ops/harness/cpp_variants.h"
#include "tests/ops/harness/elements.h"
#include "tests/ops/harness/op_spec.h"

namespace ember::optest::detail {

// Signature positions of the arguments the references read; -1: absent.
struct Positions {
  int dim = -1, keepdim = -1, p = -1, unbiased = -1, k = -1, largest = -1, sorted = -1, descending = -1,
      stable = -1, bins = -1, min = -1, max = -1, dtype = -1;
};

Positions positions_of(const OpSpec& op);

// One assignment of the op's non-tensor arguments.
struct Config {
  int64_t dim = 0;
  bool keepdim = false;
  double p = 2;
  bool unbiased = true;
  int64_t k = 1;
  bool largest = true, sorted = true, descending = false, stable = false;
  int64_t bins = 100;
  double min = 0, max = 0;
  std::optional<DType> dtype;
};

// The arguments the op has, for messages: " dim=1 keepdim=0".
std::string config_text(const Positions& at, const Config& c);

// Writes a config into the arguments of a C++ call.
void apply_config(const Positions& at, const Config& c, Args& a);

// Every config a case on a self of `shape` runs: each dim (and -1) unless
// the op has no dim, each keepdim, and the reducer's own arguments.
std::vector<Config> configs_of(const Positions& at, const Shape& shape, Reducer red);

}  // namespace ember::optest::detail
