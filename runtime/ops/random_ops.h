// The random ops of the C++ API (schemas/math/random.yaml), PyTorch's
// names and semantics over the fills of random_fills.h and multinomial.h:
// each draws from `generator`, or the default generator without one.
#pragma once

#include <cstdint>
#include <optional>

#include "ember/generator.h"
#include "ember/tensor_base.h"

namespace ember::rt {

using OptGenerator = std::optional<Generator>;

void uniform_(TensorBase& self, double from, double to, const OptGenerator& generator);
void normal_(TensorBase& self, double mean, double std, const OptGenerator& generator);
TensorBase normal_tensors(const TensorBase& mean, const TensorBase& std, const OptGenerator& generator);
void normal_tensors_out(TensorBase& out, const TensorBase& mean, const TensorBase& std, const OptGenerator& generator);
TensorBase normal_tensor_mean(const TensorBase& mean, double std, const OptGenerator& generator);
void normal_tensor_mean_out(TensorBase& out, const TensorBase& mean, double std, const OptGenerator& generator);
TensorBase normal_tensor_std(double mean, const TensorBase& std, const OptGenerator& generator);
void normal_tensor_std_out(TensorBase& out, double mean, const TensorBase& std, const OptGenerator& generator);
TensorBase normal_sized(double mean, double std, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
void normal_sized_out(TensorBase& out, double mean, double std, IntList size, std::optional<DType> dtype,
                      const OptGenerator& generator);
void exponential_(TensorBase& self, double lambd, const OptGenerator& generator);
void cauchy_(TensorBase& self, double median, double sigma, const OptGenerator& generator);
void log_normal_(TensorBase& self, double mean, double std, const OptGenerator& generator);
void geometric_(TensorBase& self, double p, const OptGenerator& generator);
void bernoulli_(TensorBase& self, double p, const OptGenerator& generator);
void bernoulli_tensor_(TensorBase& self, const TensorBase& p, const OptGenerator& generator);
TensorBase bernoulli(const TensorBase& self, const OptGenerator& generator);
void bernoulli_out(TensorBase& out, const TensorBase& self, const OptGenerator& generator);
void random_(TensorBase& self, const OptGenerator& generator);
void random_from_(TensorBase& self, int64_t from, std::optional<int64_t> to, const OptGenerator& generator);
void random_to_(TensorBase& self, int64_t to, const OptGenerator& generator);
TensorBase rand(IntList size, std::optional<DType> dtype, const OptGenerator& generator);
void rand_out(TensorBase& out, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
TensorBase randn(IntList size, std::optional<DType> dtype, const OptGenerator& generator);
void randn_out(TensorBase& out, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
TensorBase rand_like(const TensorBase& self, std::optional<DType> dtype, const OptGenerator& generator);
TensorBase randn_like(const TensorBase& self, std::optional<DType> dtype, const OptGenerator& generator);
TensorBase randint_like(const TensorBase& self, int64_t high, std::optional<DType> dtype, const OptGenerator& generator);
TensorBase randint_like_low(const TensorBase& self, int64_t low, int64_t high, std::optional<DType> dtype,
                            const OptGenerator& generator);
TensorBase randint(int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
void randint_out(TensorBase& out, int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
TensorBase randint_low(int64_t low, int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
void randint_low_out(TensorBase& out, int64_t low, int64_t high, IntList size, std::optional<DType> dtype,
                     const OptGenerator& generator);
TensorBase multinomial(const TensorBase& self, int64_t num_samples, bool replacement, const OptGenerator& generator);
void multinomial_out(TensorBase& out, const TensorBase& self, int64_t num_samples, bool replacement,
                     const OptGenerator& generator);

}  // namespace ember::rt
