#include "runtime/ops/random_ops.h"

#include <cmath>

#include "ember/error.h"
#include "runtime/core/generator.h"
#include "runtime/ops/multinomial.h"
#include "runtime/ops/output.h"
#include "runtime/ops/random_args.h"
#include "runtime/ops/random_fills.h"
#include "runtime/ops/structure_ops.h"

namespace ember::rt {

namespace {

THGenerator& gen_of(const OptGenerator& g) { return g ? *g->th() : default_generator(); }

// A new tensor of out's dtype (or `dtype`) and `shape`, filled by fill(t),
// then handed to out= (resized) or returned: every check of fill runs
// before out is touched.
template <class Fill>
TensorBase fresh(const char* op, const TensorBase* out, IntList shape, DType dtype, Fill&& fill) {
  Output result(op, out, "out");
  TensorBase t = empty(shape, out ? out->dtype() : dtype);
  fill(t.impl());
  return result.assign(t);
}

DType floating_or_default(std::optional<DType> dtype) { return dtype.value_or(default_dtype()); }

// The dtype a floating factory makes (out's, when given): a TypeError
// naming `dtype` before anything is drawn.
void need_floating(const char* op, const TensorBase* out, DType dtype) {
  const DType d = out ? out->dtype() : dtype;
  if (!is_floating(d))
    fail(ErrorKind::Type, str(op, ": the result must have a floating dtype, got ", dtype_name(d)), out ? "out" : "dtype");
}

}  // namespace

void uniform_(TensorBase& self, double from, double to, const OptGenerator& g) {
  uniform_fill("uniform_", self.impl(), gen_of(g), from, to);
}

void normal_(TensorBase& self, double mean, double std, const OptGenerator& g) {
  normal_fill("normal_", self.impl(), gen_of(g), mean, std);
}

namespace {

TensorBase normal_into(const TensorBase* out, const TensorBase* mean, double mean_value, const TensorBase* std, double std_value,
                   const OptGenerator& g) {
  const TensorBase& like = mean ? *mean : *std;
  if (!is_floating(like.dtype()))
    fail(ErrorKind::Type, str("normal: ", mean ? "mean" : "std", " must have a floating dtype, got ",
                              dtype_name(like.dtype())), mean ? "mean" : "std");
  return fresh("normal", out, like.sizes(), like.dtype(), [&](TensorImpl* t) {
    normal_tensors_fill("normal", t, gen_of(g), mean ? mean->impl() : nullptr, mean_value, std ? std->impl() : nullptr,
                        std_value);
  });
}

}  // namespace

TensorBase normal_tensors(const TensorBase& mean, const TensorBase& std, const OptGenerator& g) {
  return normal_into(nullptr, &mean, 0, &std, 0, g);
}
void normal_tensors_out(TensorBase& out, const TensorBase& mean, const TensorBase& std, const OptGenerator& g) {
  normal_into(&out, &mean, 0, &std, 0, g);
}
TensorBase normal_tensor_mean(const TensorBase& mean, double std, const OptGenerator& g) {
  return normal_into(nullptr, &mean, 0, nullptr, std, g);
}
void normal_tensor_mean_out(TensorBase& out, const TensorBase& mean, double std, const OptGenerator& g) {
  normal_into(&out, &mean, 0, nullptr, std, g);
}
TensorBase normal_tensor_std(double mean, const TensorBase& std, const OptGenerator& g) {
  return normal_into(nullptr, nullptr, mean, &std, 0, g);
}
void normal_tensor_std_out(TensorBase& out, double mean, const TensorBase& std, const OptGenerator& g) {
  normal_into(&out, nullptr, mean, &std, 0, g);
}

namespace {

TensorBase normal_sized_into(const TensorBase* out, double mean, double std, IntList size, std::optional<DType> dtype,
                         const OptGenerator& g) {
  need_floating("normal", out, floating_or_default(dtype));
  return fresh("normal", out, size, floating_or_default(dtype),
               [&](TensorImpl* t) { normal_fill("normal", t, gen_of(g), mean, std); });
}

}  // namespace

TensorBase normal_sized(double mean, double std, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  return normal_sized_into(nullptr, mean, std, size, dtype, g);
}
void normal_sized_out(TensorBase& out, double mean, double std, IntList size, std::optional<DType> dtype,
                      const OptGenerator& g) {
  normal_sized_into(&out, mean, std, size, dtype, g);
}

void exponential_(TensorBase& self, double lambd, const OptGenerator& g) {
  exponential_fill("exponential_", self.impl(), gen_of(g), lambd);
}
void cauchy_(TensorBase& self, double median, double sigma, const OptGenerator& g) {
  cauchy_fill("cauchy_", self.impl(), gen_of(g), median, sigma);
}
void log_normal_(TensorBase& self, double mean, double std, const OptGenerator& g) {
  log_normal_fill("log_normal_", self.impl(), gen_of(g), mean, std);
}
void geometric_(TensorBase& self, double p, const OptGenerator& g) {
  check_open_probability("geometric_", p, "p");
  geometric_fill("geometric_", self.impl(), gen_of(g), std::log1p(-p));
}
void bernoulli_(TensorBase& self, double p, const OptGenerator& g) {
  bernoulli_fill("bernoulli_", self.impl(), gen_of(g), p);
}
void bernoulli_tensor_(TensorBase& self, const TensorBase& p, const OptGenerator& g) {
  bernoulli_tensor_fill("bernoulli_", self.impl(), gen_of(g), p.impl());
}

namespace {

TensorBase bernoulli_into(const TensorBase* out, const TensorBase& self, const OptGenerator& g) {
  if (!is_floating(self.dtype()))
    fail(ErrorKind::Type, str("bernoulli: the probabilities must have a floating dtype, got ", dtype_name(self.dtype())),
         "self");
  return fresh("bernoulli", out, self.sizes(), self.dtype(),
               [&](TensorImpl* t) { bernoulli_tensor_fill("bernoulli", t, gen_of(g), self.impl(), "self"); });
}

}  // namespace

TensorBase bernoulli(const TensorBase& self, const OptGenerator& g) { return bernoulli_into(nullptr, self, g); }
void bernoulli_out(TensorBase& out, const TensorBase& self, const OptGenerator& g) { bernoulli_into(&out, self, g); }

void random_(TensorBase& self, const OptGenerator& g) { random_fill("random_", self.impl(), gen_of(g)); }
void random_from_(TensorBase& self, int64_t from, std::optional<int64_t> to, const OptGenerator& g) {
  random_range_fill("random_", self.impl(), gen_of(g), from, to);
}
void random_to_(TensorBase& self, int64_t to, const OptGenerator& g) {
  random_range_fill("random_", self.impl(), gen_of(g), 0, to);
}

namespace {

TensorBase rand_into(const char* op, const TensorBase* out, IntList size, DType dtype, const OptGenerator& g, bool gaussian) {
  need_floating(op, out, dtype);
  return fresh(op, out, size, dtype, [&](TensorImpl* t) {
    if (gaussian)
      normal_fill(op, t, gen_of(g), 0, 1);
    else
      uniform_fill(op, t, gen_of(g), 0, 1);
  });
}

}  // namespace

TensorBase rand(IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  return rand_into("rand", nullptr, size, floating_or_default(dtype), g, false);
}
void rand_out(TensorBase& out, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  rand_into("rand", &out, size, floating_or_default(dtype), g, false);
}
TensorBase randn(IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  return rand_into("randn", nullptr, size, floating_or_default(dtype), g, true);
}
void randn_out(TensorBase& out, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  rand_into("randn", &out, size, floating_or_default(dtype), g, true);
}

namespace {

// rand_like, randn_like: self's shape and (when dense) strides, drawn in memory order.
TensorBase rand_like_into(const char* op, const TensorBase& self, DType dtype, const OptGenerator& g, bool gaussian) {
  need_floating(op, nullptr, dtype);
  TensorBase t = empty_like_preserving(self, dtype);
  if (gaussian)
    normal_fill(op, t.impl(), gen_of(g), 0, 1);
  else
    uniform_fill(op, t.impl(), gen_of(g), 0, 1);
  return t;
}

}  // namespace

TensorBase rand_like(const TensorBase& self, std::optional<DType> dtype, const OptGenerator& g) {
  return rand_like_into("rand_like", self, dtype.value_or(self.dtype()), g, false);
}
TensorBase randn_like(const TensorBase& self, std::optional<DType> dtype, const OptGenerator& g) {
  return rand_like_into("randn_like", self, dtype.value_or(self.dtype()), g, true);
}
TensorBase randint_like(const TensorBase& self, int64_t high, std::optional<DType> dtype, const OptGenerator& g) {
  return randint_like_low(self, 0, high, dtype, g);
}
TensorBase randint_like_low(const TensorBase& self, int64_t low, int64_t high, std::optional<DType> dtype,
                            const OptGenerator& g) {
  TensorBase t = empty_like_preserving(self, dtype.value_or(self.dtype()));
  random_range_fill("randint_like", t.impl(), gen_of(g), low, high, "low", "high");
  return t;
}

namespace {

TensorBase randint_into(const TensorBase* out, int64_t low, int64_t high, IntList size, std::optional<DType> dtype,
                    const OptGenerator& g) {
  return fresh("randint", out, size, dtype.value_or(DType::Long),
               [&](TensorImpl* t) { random_range_fill("randint", t, gen_of(g), low, high, "low", "high"); });
}

}  // namespace

TensorBase randint(int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  return randint_into(nullptr, 0, high, size, dtype, g);
}
void randint_out(TensorBase& out, int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  randint_into(&out, 0, high, size, dtype, g);
}
TensorBase randint_low(int64_t low, int64_t high, IntList size, std::optional<DType> dtype, const OptGenerator& g) {
  return randint_into(nullptr, low, high, size, dtype, g);
}
void randint_low_out(TensorBase& out, int64_t low, int64_t high, IntList size, std::optional<DType> dtype,
                     const OptGenerator& g) {
  randint_into(&out, low, high, size, dtype, g);
}

namespace {

TensorBase multinomial_into(const TensorBase* out, const TensorBase& self, int64_t n, bool replacement, const OptGenerator& g) {
  Output result("multinomial", out, "out");
  result.check_dtype(DType::Long);
  return result.assign(multinomial_draw("multinomial", self.impl(), n, replacement, gen_of(g)));
}

}  // namespace

TensorBase multinomial(const TensorBase& self, int64_t num_samples, bool replacement, const OptGenerator& g) {
  return multinomial_into(nullptr, self, num_samples, replacement, g);
}
void multinomial_out(TensorBase& out, const TensorBase& self, int64_t num_samples, bool replacement, const OptGenerator& g) {
  multinomial_into(&out, self, num_samples, replacement, g);
}

}  // namespace ember::rt
