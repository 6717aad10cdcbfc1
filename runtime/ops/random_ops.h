// The random ops of the C++ API (schemas/math/random.yaml), PyTorch's
// names and semantics over the fills of random_fills.h and multinomial.h:
// each draws from `generator`, or the default generator without one.
#pragma once

#include <cstdint>
#include <optional>

#include "ember/generator.h"
#include "ember/tensor.h"

namespace ember::rt {

using OptGenerator = std::optional<Generator>;

void uniform_(Tensor& self, double from, double to, const OptGenerator& generator);
void normal_(Tensor& self, double mean, double std, const OptGenerator& generator);
Tensor normal_tensors(const Tensor& mean, const Tensor& std, const OptGenerator& generator);
void normal_tensors_out(Tensor& out, const Tensor& mean, const Tensor& std, const OptGenerator& generator);
Tensor normal_tensor_mean(const Tensor& mean, double std, const OptGenerator& generator);
void normal_tensor_mean_out(Tensor& out, const Tensor& mean, double std, const OptGenerator& generator);
Tensor normal_tensor_std(double mean, const Tensor& std, const OptGenerator& generator);
void normal_tensor_std_out(Tensor& out, double mean, const Tensor& std, const OptGenerator& generator);
Tensor normal_sized(double mean, double std, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
void normal_sized_out(Tensor& out, double mean, double std, IntList size, std::optional<DType> dtype,
                      const OptGenerator& generator);
void exponential_(Tensor& self, double lambd, const OptGenerator& generator);
void cauchy_(Tensor& self, double median, double sigma, const OptGenerator& generator);
void log_normal_(Tensor& self, double mean, double std, const OptGenerator& generator);
void geometric_(Tensor& self, double p, const OptGenerator& generator);
void bernoulli_(Tensor& self, double p, const OptGenerator& generator);
void bernoulli_tensor_(Tensor& self, const Tensor& p, const OptGenerator& generator);
Tensor bernoulli(const Tensor& self, const OptGenerator& generator);
void bernoulli_out(Tensor& out, const Tensor& self, const OptGenerator& generator);
void random_(Tensor& self, const OptGenerator& generator);
void random_from_(Tensor& self, int64_t from, std::optional<int64_t> to, const OptGenerator& generator);
void random_to_(Tensor& self, int64_t to, const OptGenerator& generator);
Tensor rand(IntList size, std::optional<DType> dtype, const OptGenerator& generator);
void rand_out(Tensor& out, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
Tensor randn(IntList size, std::optional<DType> dtype, const OptGenerator& generator);
void randn_out(Tensor& out, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
Tensor rand_like(const Tensor& self, std::optional<DType> dtype, const OptGenerator& generator);
Tensor randn_like(const Tensor& self, std::optional<DType> dtype, const OptGenerator& generator);
Tensor randint(int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
void randint_out(Tensor& out, int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
Tensor randint_low(int64_t low, int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& generator);
void randint_low_out(Tensor& out, int64_t low, int64_t high, IntList size, std::optional<DType> dtype,
                     const OptGenerator& generator);
Tensor multinomial(const Tensor& self, int64_t num_samples, bool replacement, const OptGenerator& generator);
void multinomial_out(Tensor& out, const Tensor& self, int64_t num_samples, bool replacement,
                     const OptGenerator& generator);

}  // namespace ember::rt
