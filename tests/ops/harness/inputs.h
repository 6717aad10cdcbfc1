// The inputs of a case: deterministic values from each argument's domain
// (Note [domains]), laid out one of the ways of Note [layouts]
// (inputs.cpp).
#pragma once

#include <cstdint>

#include "ember/tensor.h"
#include "tests/ops/harness/elements.h"
#include "tests/ops/harness/op_spec.h"

namespace ember::optest::detail {

const char* layout_name(Layout l);

// splitmix64: deterministic, and independent of the standard library.
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t next() {
    uint64_t z = (s_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  int64_t between(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1)); }

 private:
  uint64_t s_;
};

// A case's seed, from its op or function name and two numbers (dtype and
// layout, or TH's case).
uint64_t seed_of(const char* name, int a, int b);

struct Range {
  double lo, hi;
};

// Note [domains].
Range domain_of(const ArgSpec& a, DType d);
double random_value(DType d, Range r, Rng& rng);
// A number of the kind PyTorch would wrap for a tensor of dtype `d`.
Scalar scalar_for(DType d, Range r, Rng& rng);
// A dense tensor of values from `r`.
Tensor random_tensor(DType d, const Shape& shape, Range r, Rng& rng);
// Input k (0 is self) of a case, Note [layouts].
Tensor make_input(DType d, Layout layout, int k, Range range, Rng& rng, bool reduction);

}  // namespace ember::optest::detail
