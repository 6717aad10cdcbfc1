// ember::Generator: a random number stream of the C++ API, PyTorch's
// torch.Generator over TH's THGenerator (Torch7's MT19937 and formulas,
// docs/random.md). A value type holding a shared reference: copies draw
// from one stream. Random ops take `std::optional<Generator>`; without
// one they draw from default_generator().
#pragma once

#include <cstdint>
#include <memory>

#include "ember/export.h"
#include "ember/structs.h"

namespace ember {

class TensorBase;

class EMBER_CPP_API Generator {
 public:
  // A new stream, seeded from the system's entropy.
  Generator();
  explicit Generator(uint64_t seed);

  // The stream random ops draw from when given none.
  static Generator default_generator();

  // Seeds with the low 32 bits of `seed` (initial_seed() keeps all 64).
  Generator& manual_seed(uint64_t seed);
  // Seeds from the system's entropy; returns the seed.
  uint64_t seed();
  uint64_t initial_seed() const;
  // The whole state as a uint8 tensor of sizeof(THGenerator) bytes, the
  // layout of TH's THByteTensor_getRNGState; set_state checks it first.
  TensorBase get_state() const;
  void set_state(const TensorBase& state);

  // The TH generator itself, for TH's C functions; alive as long as this.
  THGenerator* th() const { return impl_.get(); }
  bool operator==(const Generator& o) const { return impl_ == o.impl_; }
  bool operator!=(const Generator& o) const { return impl_ != o.impl_; }

 private:
  explicit Generator(std::shared_ptr<THGenerator> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<THGenerator> impl_;
};

// PyTorch's free functions on the default generator.
EMBER_CPP_API Generator manual_seed(uint64_t seed);
EMBER_CPP_API uint64_t seed();
EMBER_CPP_API uint64_t initial_seed();
EMBER_CPP_API TensorBase get_rng_state();
EMBER_CPP_API void set_rng_state(const TensorBase& state);

}  // namespace ember
