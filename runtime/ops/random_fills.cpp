#include "runtime/ops/random_fills.h"

#include <cmath>
#include <mutex>
#include <vector>

#include "ember/error.h"
#include "kernels/opmath.h"
#include "runtime/core/distributions.h"
#include "runtime/ops/random_args.h"
#include "runtime/ops/random_fill.h"

namespace ember::rt {

namespace {

// Checks `self` and fills it under g's lock.
template <class Draw>
void locked_fill(const char* op, TensorImpl* self, THGenerator& g, Draw&& draw) {
  check_fillable(op, self);
  std::lock_guard<std::mutex> lock(generator_mutex(&g));
  fill_draws(self, [&] { return draw(g); });
}

void check_floating(const char* op, const TensorImpl* t, const char* arg) {
  if (!is_floating(dtype(t)))
    fail(ErrorKind::Type, str(op, ": ", arg, " must have a floating dtype, got ", dtype_name(dtype(t))), arg);
}

// The values of t, in row-major order, as double.
std::vector<double> values_of(TensorImpl* t) {
  std::vector<double> v;
  v.reserve(static_cast<size_t>(numel(t)));
  visit_dtype(dtype(t), [&](auto tag) {
    using T = typename decltype(tag)::type;
    for_each_element<T>(t, [&](T* e) { v.push_back(kernels::convert<double>(*e)); });
  });
  return v;
}

// The integers a dtype holds exactly: [lowest, highest].
int64_t highest(DType d) { return info(d).exact_int; }
int64_t lowest(DType d) {
  if (!info(d).is_signed) return 0;
  return is_floating(d) ? -info(d).exact_int : -info(d).exact_int - 1;
}

}  // namespace

void uniform_fill(const char* op, TensorImpl* self, THGenerator& g, double from, double to) {
  check_floating(op, self, "self");
  check_range(op, from, to);
  locked_fill(op, self, g, [=](THGenerator& s) { return uniform(s, from, to); });
}

void normal_fill(const char* op, TensorImpl* self, THGenerator& g, double mean, double std) {
  check_floating(op, self, "self");
  check_positive(op, std, "std", "the standard deviation");
  locked_fill(op, self, g, [=](THGenerator& s) { return normal(s, mean, std); });
}

void normal_tensors_fill(const char* op, TensorImpl* self, THGenerator& g, TensorImpl* mean, double mean_value,
                         TensorImpl* std, double std_value) {
  check_floating(op, self, "out");
  std::vector<double> means, stds;
  if (mean) {
    if (numel(mean) != numel(self))
      fail(ErrorKind::Value, str(op, ": mean has ", numel(mean), " elements, the result ", numel(self)), "mean");
    means = values_of(mean);
  }
  if (std) {
    if (numel(std) != numel(self))
      fail(ErrorKind::Value, str(op, ": std has ", numel(std), " elements, the result ", numel(self)), "std");
    stds = values_of(std);
    for (double s : stds) check_positive(op, s, "std", "every standard deviation");
  } else {
    check_positive(op, std_value, "std", "the standard deviation");
  }
  check_fillable(op, self, "out");
  std::lock_guard<std::mutex> lock(generator_mutex(&g));
  size_t i = 0;
  visit_dtype(dtype(self), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = kernels::opmath_t<T>;
    // Each step rounds to the element type, as TH's fill, cmul and cadd did.
    auto round = [](double x) { return static_cast<C>(kernels::convert<T>(x)); };
    for_each_element<T>(self, [&](T* e) {
      C v;
      if (std) {
        v = round(static_cast<C>(round(normal(g, 0, 1)) * round(stds[i])));
        v = static_cast<C>(v + round(mean ? means[i] : mean_value));
      } else {
        v = static_cast<C>(round(normal(g, 0, std_value)) + round(means[i]));
      }
      *e = kernels::convert<T>(v);
      ++i;
    });
  });
}

void exponential_fill(const char* op, TensorImpl* self, THGenerator& g, double lambd) {
  check_floating(op, self, "self");
  check_positive(op, lambd, "lambd", "the rate");
  locked_fill(op, self, g, [=](THGenerator& s) { return exponential(s, lambd); });
}

void cauchy_fill(const char* op, TensorImpl* self, THGenerator& g, double median, double sigma) {
  check_floating(op, self, "self");
  check_positive(op, sigma, "sigma", "the scale");
  locked_fill(op, self, g, [=](THGenerator& s) { return cauchy(s, median, sigma); });
}

void log_normal_fill(const char* op, TensorImpl* self, THGenerator& g, double mean, double std) {
  check_floating(op, self, "self");
  check_positive(op, std, "std", "the standard deviation");
  locked_fill(op, self, g, [=](THGenerator& s) { return log_normal(s, mean, std); });
}

void geometric_fill(const char* op, TensorImpl* self, THGenerator& g, double log_q) {
  locked_fill(op, self, g, [=](THGenerator& s) { return geometric(s, log_q); });
}

void bernoulli_fill(const char* op, TensorImpl* self, THGenerator& g, double p) {
  check_probability(op, p, "p");
  locked_fill(op, self, g, [=](THGenerator& s) { return static_cast<int64_t>(bernoulli(s, p)); });
}

void bernoulli_tensor_fill(const char* op, TensorImpl* self, THGenerator& g, TensorImpl* p, const char* p_arg) {
  if (numel(p) != numel(self))
    fail(ErrorKind::Value, str(op, ": ", p_arg, " has ", numel(p), " elements, self ", numel(self)), p_arg);
  const std::vector<double> ps = values_of(p);  // read whole first: p may be self
  for (double x : ps) check_probability(op, x, p_arg);
  check_fillable(op, self);
  std::lock_guard<std::mutex> lock(generator_mutex(&g));
  size_t i = 0;
  fill_draws(self, [&] { return static_cast<int64_t>(bernoulli(g, ps[i++])); });
}

void random_fill(const char* op, TensorImpl* self, THGenerator& g) {
  const uint64_t modulus = static_cast<uint64_t>(highest(dtype(self))) + 1;
  locked_fill(op, self, g, [=](THGenerator& s) { return static_cast<int64_t>(next_u32(s) % modulus); });
}

void random_range_fill(const char* op, TensorImpl* self, THGenerator& g, int64_t from, std::optional<int64_t> to,
                       const char* from_arg, const char* to_arg) {
  const DType d = dtype(self);
  // The range in uint64: to - from may exceed int64 (from < 0, no `to`).
  const uint64_t end = to ? static_cast<uint64_t>(*to) : static_cast<uint64_t>(highest(d)) + 1;
  if (to && *to <= from) fail(ErrorKind::Value, str(op, ": expected from < to, got from = ", from, ", to = ", *to), to_arg);
  if (from < lowest(d) || from > highest(d))
    fail(ErrorKind::Value, str(op, ": from = ", from, " is outside what ", dtype_name(d), " holds exactly"), from_arg);
  if (to && *to - 1 > highest(d))
    fail(ErrorKind::Value, str(op, ": to - 1 = ", *to - 1, " is outside what ", dtype_name(d), " holds exactly"), to_arg);
  const uint64_t range = end - static_cast<uint64_t>(from);
  locked_fill(op, self, g, [=](THGenerator& s) {
    const uint64_t r = range >= (uint64_t{1} << 32) ? next_u64(s) % range : next_u32(s) % range;
    return static_cast<int64_t>(static_cast<uint64_t>(from) + r);
  });
}

}  // namespace ember::rt
