#include "runtime/th/random_tensor.h"

#include <cmath>
#include <utility>

#include "ember/tensor_base.h"
#include "runtime/ops/output.h"
#include "runtime/ops/random_fills.h"
#include "runtime/th/args.h"

namespace ember::rt {

namespace {

// Draws into a new tensor of r's dtype and `shape`, then gives r that
// shape and those values: every check runs before r is touched.
template <class Fill>
void into(const char* fn, TensorImpl* r, IntList shape, Fill&& fill) {
  const TensorBase out = TensorBase::borrow(r);
  Output result(fn, &out, "out");
  TensorBase t = empty(shape, out.dtype());
  fill(t.impl());
  result.assign(t);
}

}  // namespace

void need_tensors(const char* fn, const TensorImpl* a, const char* a_name, const TensorImpl* b, const char* b_name,
                  const TensorImpl* c, const char* c_name) {
  for (auto [t, name] : {std::pair{a, a_name}, std::pair{b, b_name}, std::pair{c, c_name}})
    if (!t) fail(ErrorKind::Value, str(fn, ": ", name, " is NULL"), name);
}

void th_random(const char* fn, TensorImpl* self, THGenerator* gen) { random_fill(fn, self, need_generator(fn, gen)); }

void th_clamped_random(const char* fn, TensorImpl* self, THGenerator* gen, long min, long max) {
  random_range_fill(fn, self, need_generator(fn, gen), min, max);
}

void th_capped_random(const char* fn, TensorImpl* self, THGenerator* gen, long max) {
  random_range_fill(fn, self, need_generator(fn, gen), 0, max);
}

void th_geometric(const char* fn, TensorImpl* self, THGenerator* gen, double p) {
  THGenerator& g = need_generator(fn, gen);
  check_open_probability(fn, p, "p");
  geometric_fill(fn, self, g, std::log(p));  // TH's p is the failure probability
}

void th_bernoulli(const char* fn, TensorImpl* self, THGenerator* gen, double p) {
  bernoulli_fill(fn, self, need_generator(fn, gen), p);
}

void th_bernoulli_tensor(const char* fn, TensorImpl* self, THGenerator* gen, TensorImpl* p) {
  bernoulli_tensor_fill(fn, self, need_generator(fn, gen), p);
}

void th_uniform(const char* fn, TensorImpl* self, THGenerator* gen, double a, double b) {
  uniform_fill(fn, self, need_generator(fn, gen), a, b);
}

void th_normal(const char* fn, TensorImpl* self, THGenerator* gen, double mean, double stdv) {
  normal_fill(fn, self, need_generator(fn, gen), mean, stdv);
}

void th_normal_means(const char* fn, TensorImpl* self, THGenerator* gen, TensorImpl* means, double stddev) {
  THGenerator& g = need_generator(fn, gen);
  into(fn, self, sizes(means), [&](TensorImpl* t) { normal_tensors_fill(fn, t, g, means, 0, nullptr, stddev); });
}

void th_normal_stddevs(const char* fn, TensorImpl* self, THGenerator* gen, double mean, TensorImpl* stddevs) {
  THGenerator& g = need_generator(fn, gen);
  into(fn, self, sizes(stddevs), [&](TensorImpl* t) { normal_tensors_fill(fn, t, g, nullptr, mean, stddevs, 0); });
}

void th_normal_means_stddevs(const char* fn, TensorImpl* self, THGenerator* gen, TensorImpl* means,
                             TensorImpl* stddevs) {
  THGenerator& g = need_generator(fn, gen);
  into(fn, self, sizes(means), [&](TensorImpl* t) { normal_tensors_fill(fn, t, g, means, 0, stddevs, 0); });
}

void th_exponential(const char* fn, TensorImpl* self, THGenerator* gen, double lambda) {
  exponential_fill(fn, self, need_generator(fn, gen), lambda);
}

void th_cauchy(const char* fn, TensorImpl* self, THGenerator* gen, double median, double sigma) {
  cauchy_fill(fn, self, need_generator(fn, gen), median, sigma);
}

void th_log_normal(const char* fn, TensorImpl* self, THGenerator* gen, double mean, double stdv) {
  log_normal_fill(fn, self, need_generator(fn, gen), mean, stdv);
}

void th_multinomial(const char* fn, TensorImpl* self, THGenerator* gen, TensorImpl* prob_dist, int n_sample,
                    int with_replacement) {
  THGenerator& g = need_generator(fn, gen);
  const TensorBase out = TensorBase::borrow(self);
  Output result(fn, &out, "out");
  result.assign(multinomial_draw(fn, prob_dist, n_sample, with_replacement != 0, g));
}

void th_rand(const char* fn, TensorImpl* r, THGenerator* gen, StorageImpl* size) {
  THGenerator& g = need_generator(fn, gen);
  into(fn, r, th::long_list(size), [&](TensorImpl* t) { uniform_fill(fn, t, g, 0, 1); });
}

void th_randn(const char* fn, TensorImpl* r, THGenerator* gen, StorageImpl* size) {
  THGenerator& g = need_generator(fn, gen);
  into(fn, r, th::long_list(size), [&](TensorImpl* t) { normal_fill(fn, t, g, 0, 1); });
}

}  // namespace ember::rt
