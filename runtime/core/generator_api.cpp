// ember::Generator (ember/generator.h) over runtime/core/generator.h.
#include "ember/generator.h"

#include <cstring>
#include <mutex>

#include "ember/error.h"
#include "ember/ops/contiguous.h"
#include "ember/tensor_base.h"
#include "runtime/core/generator.h"

namespace ember {

namespace {

std::shared_ptr<THGenerator> seeded(uint64_t seed) {
  auto g = std::make_shared<THGenerator>();
  rt::manual_seed(*g, seed);
  return g;
}

}  // namespace

Generator::Generator() : impl_(std::make_shared<THGenerator>()) { rt::seed_randomly(*impl_); }

Generator::Generator(uint64_t seed) : impl_(seeded(seed)) {}

Generator Generator::default_generator() {
  // Not owned: the default stream lives as long as the process.
  static const std::shared_ptr<THGenerator> shared(&rt::default_generator(), [](THGenerator*) {});
  return Generator(shared);
}

Generator& Generator::manual_seed(uint64_t seed) {
  std::lock_guard<std::mutex> lock(rt::generator_mutex(th()));
  rt::manual_seed(*impl_, seed);
  return *this;
}

uint64_t Generator::seed() {
  std::lock_guard<std::mutex> lock(rt::generator_mutex(th()));
  return rt::seed_randomly(*impl_);
}

uint64_t Generator::initial_seed() const {
  std::lock_guard<std::mutex> lock(rt::generator_mutex(th()));
  return impl_->the_initial_seed;
}

TensorBase Generator::get_state() const {
  TensorBase state = rt::empty({static_cast<int64_t>(sizeof(THGenerator))}, DType::Byte);
  std::lock_guard<std::mutex> lock(rt::generator_mutex(th()));
  std::memcpy(state.data_ptr(), impl_.get(), sizeof(THGenerator));
  return state;
}

void Generator::set_state(const TensorBase& state) {
  constexpr const char* op = "Generator.set_state";
  if (!state.defined() || state.dtype() != DType::Byte)
    fail(ErrorKind::Type, str(op, ": the state must be a uint8 tensor"), "state");
  if (state.numel() != static_cast<int64_t>(sizeof(THGenerator)))
    fail(ErrorKind::Value, str(op, ": a state has ", sizeof(THGenerator), " bytes, got ", state.numel()), "state");
  THGenerator candidate;
  std::memcpy(&candidate, base::contiguous(state).data_ptr(), sizeof candidate);
  if (!rt::state_is_valid(candidate)) fail(ErrorKind::Value, str(op, ": invalid generator state"), "state");
  std::lock_guard<std::mutex> lock(rt::generator_mutex(th()));
  *impl_ = candidate;
}

Generator manual_seed(uint64_t seed) { return Generator::default_generator().manual_seed(seed); }
uint64_t seed() { return Generator::default_generator().seed(); }
uint64_t initial_seed() { return Generator::default_generator().initial_seed(); }
TensorBase get_rng_state() { return Generator::default_generator().get_state(); }
void set_rng_state(const TensorBase& state) { Generator::default_generator().set_state(state); }

}  // namespace ember
