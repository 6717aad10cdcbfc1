#include "runtime/ops/random_ops.h"

#include <cmath>

#include "ember/error.h"
#include "runtime/core/generator.h"
#include "runtime/ops/multinomial.h"
#include "runtime/ops/output.h"
#include "runtime/ops/random_args.h"
#include "runtime/ops/random_fills.h"

namespace ember::rt {

namespace {

THGenerator& gen_of(const OptGenerator& g) { return g ? *g->th() : default_generator(); }

// A new tensor of out's dtype (or `dtype`) and `shape`, filled by fill(t),
// then handed to out= (resized) or returned: every check of fill runs
// before out is touched.
template <class Fill>
Tensor fresh(const char* op, const Tensor* out, IntList shape, DType dtype, Fill&& fill) {
  Output result(op, out, "out");
  Tensor t = empty(shape, out ? out->dtype() : dtype);
  fill(t.impl());
  return result.assign(t);
}

DType floating_or_default(std::optional<DType> dtype) { return dtype.value_or(default_dtype()); }

// The dtype a floating factory makes (out's, when given): a TypeError
// naming `dtype` before anything is drawn.
void need_floating(const char* op, const Tensor* out, DType dtype) {
  const DType d = out ? out->dtype() : dtype;
  if (!is_floating(d))
    fail(ErrorKind::Type, str(op, ": the result must have a floating dtype, got ", dtype_name(d)), out ? "out" : "dtype");
}

}  // namespace

void uniform_(Tensor& self, double from, double to, const OptGenerator& g) {
  uniform_fill("uniform_", self.impl(), gen_of(g), from, to);
}

void normal_(Tensor& self, double mean, double std, const OptGenerator& g) {
  normal_fill("normal_", self.impl(), gen_of(g), mean, std);
}

namespace {

Tensor normal_into(const Tensor* out, const Tensor* mean, double mean_value, const Tensor* std, double std_value,
                   const OptGenerator& g) {
  const Tensor& like = mean ? *mean : *std;
  if (!is_floating(like.dtype()))
    fail(ErrorKind::Type, str("normal: ", mean ? "mean" : "std", " must have a floating dtype, got ",
                              dtype_name(like.dtype())), mean ? "mean" : "std");
  return fresh("normal", out, like.sizes(), like.dtype(), [&](TensorImpl* t) {
    normal_tensors_fill("normal", t, gen_of(g), mean ? mean->impl() : nullptr, mean_value, std ? std->impl() : nullptr,
                        std_value);
  });
}

}  // namespace

Tensor normal_tensors(const Tensor& mean, const Tensor& std, const OptGenerator& g) {
  return normal_into(nullptr, &mean, 0, &std, 0, g);
}
void normal_tensors_out(Tensor& out, const Tensor& mean, const Tensor& std, const OptGenerator& g) {
  normal_into(&out, &mean, 0, &std, 0, g);
}
Tensor normal_tensor_mean(const Tensor& mean, double std, const OptGenerator& g) {
  return normal_into(nullptr, &mean, 0, nullptr, std, g);
}
void normal_tensor_mean_out(Tensor& out, const Tensor& mean, double std, const OptGenerator& g) {
  normal_into(&out, &mean, 0, nullptr, std, g);
}
Tensor normal_tensor_std(double mean, const Tensor& std, const OptGenerator& g) {
  return normal_into(nullptr, nullptr, mean, &std, 0, g);
}
void normal_tensor_std_out(Tensor& out, double mean, const Tensor& std, const OptGenerator& g) {
  normal_into(&out, nullptr, mean, &std, 0, g);
}

namespace {

Tensor normal_sized_into(const Tensor* out, double mean, double std, IntList size, std::optional<DType> dtype,
                         const OptGenerator& g) {
  need_floating("normal", out, floating_or_default(dtype));
  return fresh("normal", out, size, floating_or_default(dtype),
               [&](TensorImpl* t) { normal_fill("normal", t, gen_of(g), mean, std); });
}

}  // namespace

Tensor normal_sized(double mean, double std, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  return normal_sized_into(nullptr, mean, std, size, dtype, g);
}
void normal_sized_out(Tensor& out, double mean, double std, IntList size, std::optional<DType> dtype,
                      const OptGenerator& g) {
  normal_sized_into(&out, mean, std, size, dtype, g);
}

void exponential_(Tensor& self, double lambd, const OptGenerator& g) {
  exponential_fill("exponential_", self.impl(), gen_of(g), lambd);
}
void cauchy_(Tensor& self, double median, double sigma, const OptGenerator& g) {
  cauchy_fill("cauchy_", self.impl(), gen_of(g), median, sigma);
}
void log_normal_(Tensor& self, double mean, double std, const OptGenerator& g) {
  log_normal_fill("log_normal_", self.impl(), gen_of(g), mean, std);
}
void geometric_(Tensor& self, double p, const OptGenerator& g) {
  check_open_probability("geometric_", p, "p");
  geometric_fill("geometric_", self.impl(), gen_of(g), std::log1p(-p));
}
void bernoulli_(Tensor& self, double p, const OptGenerator& g) {
  bernoulli_fill("bernoulli_", self.impl(), gen_of(g), p);
}
void bernoulli_tensor_(Tensor& self, const Tensor& p, const OptGenerator& g) {
  bernoulli_tensor_fill("bernoulli_", self.impl(), gen_of(g), p.impl());
}

namespace {

Tensor bernoulli_into(const Tensor* out, const Tensor& self, const OptGenerator& g) {
  if (!is_floating(self.dtype()))
    fail(ErrorKind::Type, str("bernoulli: the probabilities must have a floating dtype, got ", dtype_name(self.dtype())),
         "self");
  return fresh("bernoulli", out, self.sizes(), self.dtype(),
               [&](TensorImpl* t) { bernoulli_tensor_fill("bernoulli", t, gen_of(g), self.impl(), "self"); });
}

}  // namespace

Tensor bernoulli(const Tensor& self, const OptGenerator& g) { return bernoulli_into(nullptr, self, g); }
void bernoulli_out(Tensor& out, const Tensor& self, const OptGenerator& g) { bernoulli_into(&out, self, g); }

void random_(Tensor& self, const OptGenerator& g) { random_fill("random_", self.impl(), gen_of(g)); }
void random_from_(Tensor& self, int64_t from, std::optional<int64_t> to, const OptGenerator& g) {
  random_range_fill("random_", self.impl(), gen_of(g), from, to);
}
void random_to_(Tensor& self, int64_t to, const OptGenerator& g) {
  random_range_fill("random_", self.impl(), gen_of(g), 0, to);
}

namespace {

Tensor rand_into(const char* op, const Tensor* out, IntList size, DType dtype, const OptGenerator& g, bool gaussian) {
  need_floating(op, out, dtype);
  return fresh(op, out, size, dtype, [&](TensorImpl* t) {
    if (gaussian)
      normal_fill(op, t, gen_of(g), 0, 1);
    else
      uniform_fill(op, t, gen_of(g), 0, 1);
  });
}

}  // namespace

Tensor rand(IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  return rand_into("rand", nullptr, size, floating_or_default(dtype), g, false);
}
void rand_out(Tensor& out, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  rand_into("rand", &out, size, floating_or_default(dtype), g, false);
}
Tensor randn(IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  return rand_into("randn", nullptr, size, floating_or_default(dtype), g, true);
}
void randn_out(Tensor& out, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  rand_into("randn", &out, size, floating_or_default(dtype), g, true);
}
Tensor rand_like(const Tensor& self, std::optional<DType> dtype, const OptGenerator& g) {
  return rand_into("rand_like", nullptr, self.sizes(), dtype.value_or(self.dtype()), g, false);
}
Tensor randn_like(const Tensor& self, std::optional<DType> dtype, const OptGenerator& g) {
  return rand_into("randn_like", nullptr, self.sizes(), dtype.value_or(self.dtype()), g, true);
}

namespace {

Tensor randint_into(const Tensor* out, int64_t low, int64_t high, IntList size, std::optional<DType> dtype,
                    const OptGenerator& g) {
  return fresh("randint", out, size, dtype.value_or(DType::Long),
               [&](TensorImpl* t) { random_range_fill("randint", t, gen_of(g), low, high, "low", "high"); });
}

}  // namespace

Tensor randint(int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  return randint_into(nullptr, 0, high, size, dtype, g);
}
void randint_out(Tensor& out, int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  randint_into(&out, 0, high, size, dtype, g);
}
Tensor randint_low(int64_t low, int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  return randint_into(nullptr, low, high, size, dtype, g);
}
void randint_low_out(Tensor& out, int64_t low, int64_t high, IntList size, std::optional<DType> dtype,
                     const OptGenerator& g) {
  randint_into(&out, low, high, size, dtype, g);
}

namespace {

Tensor multinomial_into(const Tensor* out, const Tensor& self, int64_t n, bool replacement, const OptGenerator& g) {
  Output result("multinomial", out, "out");
  result.check_dtype(DType::Long);
  return result.assign(multinomial_draw("multinomial", self.impl(), n, replacement, gen_of(g)));
}

}  // namespace

Tensor multinomial(const Tensor& self, int64_t num_samples, bool replacement, const OptGenerator& g) {
  return multinomial_into(nullptr, self, num_samples, replacement, g);
}
void multinomial_out(Tensor& out, const Tensor& self, int64_t num_samples, bool replacement, const OptGenerator& g) {
  multinomial_into(&out, self, num_samples, replacement, g);
}

}  // namespace ember::rt
