#include "runtime/ops/multinomial.h"

#include <cmath>
#include <mutex>
#include <vector>

#include "ember/error.h"
#include "runtime/core/distributions.h"
#include "runtime/ops/random_fill.h"

namespace ember::rt {

namespace {

std::vector<double> values_of(TensorImpl* t) {
  std::vector<double> v;
  v.reserve(static_cast<size_t>(numel(t)));
  visit_dtype(dtype(t), [&](auto tag) {
    using T = typename decltype(tag)::type;
    for_each_element<T>(t, [&](T* e) { v.push_back(kernels::convert<double>(*e)); });
  });
  return v;
}

void check_probabilities(const char* op, const std::vector<double>& p, const char* arg) {
  for (double x : p)
    if (!(x >= 0) || !std::isfinite(x))
      fail(ErrorKind::Value, str(op, ": probabilities must be finite and >= 0, got ", x), arg);
}

// Torch7's search: the first category whose cumulative sum reaches u;
// then past categories of no mass (Torch7 could return one when u was 0
// or sat exactly on a sum).
int64_t search(const std::vector<double>& cum, double u) {
  const int64_t k = static_cast<int64_t>(cum.size());
  int64_t left = 0, right = k;
  while (right - left > 0) {
    const int64_t mid = left + (right - left) / 2;
    if (cum[mid] < u)
      left = mid + 1;
    else
      right = mid;
  }
  while (left + 1 < k && cum[left] == (left ? cum[left - 1] : 0.0)) ++left;
  return left;
}

}  // namespace

TensorBase multinomial_draw(const char* op, TensorImpl* probs, int64_t n, bool replacement, THGenerator& g) {
  if (!is_floating(dtype(probs)))
    fail(ErrorKind::Type, str(op, ": probabilities must have a floating dtype, got ", dtype_name(dtype(probs))), "self");
  if (dim(probs) != 1 && dim(probs) != 2)
    fail(ErrorKind::Value, str(op, ": probabilities must be 1-D or 2-D, got ", dim(probs), " dims"), "self");
  const int64_t rows = dim(probs) == 2 ? probs->size[0] : 1;
  const int64_t k = probs->size[dim(probs) - 1];
  if (k == 0) fail(ErrorKind::Value, str(op, ": no categories to sample from"), "self");
  if (n <= 0) fail(ErrorKind::Value, str(op, ": the number of samples must be > 0, got ", n), "num_samples");
  const std::vector<double> p = values_of(probs);
  check_probabilities(op, p, "self");
  for (int64_t r = 0; r < rows; ++r) {
    double sum = 0;
    int64_t nonzero = 0;
    for (int64_t j = 0; j < k; ++j) {
      sum += p[r * k + j];
      nonzero += p[r * k + j] > 0;
    }
    if (!(sum > 0) || !std::isfinite(sum))
      fail(ErrorKind::Value, str(op, ": row ", r, " of the probabilities sums to ", sum, ", not a positive number"),
           "self");
    if (!replacement && n > nonzero)
      fail(ErrorKind::Value, str(op, ": cannot draw ", n, " samples without replacement from row ", r, ", which has ",
                                 nonzero, " categories of non-zero probability"), "num_samples");
  }
  TensorBase result = dim(probs) == 2 ? empty({rows, n}, DType::Long) : empty({n}, DType::Long);
  int64_t* out = result.data<int64_t>();
  std::vector<double> cum(static_cast<size_t>(k));
  std::lock_guard<std::mutex> lock(generator_mutex(&g));
  for (int64_t r = 0; r < rows; ++r) {
    double sum = 0;
    for (int64_t j = 0; j < k; ++j) cum[j] = sum += p[r * k + j];
    for (int64_t j = 0; j < k; ++j) cum[j] /= sum;
    for (int64_t s = 0; s < n; ++s) {
      const double u = uniform(g, 0, 1);
      cum[k - 1] = 1;  // rounding must not leave the last category out of reach
      const int64_t c = search(cum, u);
      out[r * n + s] = c;
      if (replacement) continue;
      // Remove c's mass from the sums at and after it, and renormalize.
      const double mass = cum[c] - (c ? cum[c - 1] : 0.0);
      const double rest = 1.0 - mass;
      for (int64_t j = 0; j < k; ++j) {
        double v = cum[j];
        if (j >= c) v -= mass;
        cum[j] = v / rest;
      }
    }
  }
  return result;
}

void alias_setup(const char* op, TensorImpl* probs, TensorImpl* J, TensorImpl* q) {
  if (dim(probs) != 1 || numel(probs) == 0)
    fail(ErrorKind::Value, str(op, ": probs must be a non-empty vector, got ", dim(probs), " dims"), "probs");
  if (!is_floating(dtype(q)) || dtype(J) != DType::Long)
    fail(ErrorKind::Type, str(op, ": J must be int64 and q floating"), "q");
  const std::vector<double> p = values_of(probs);
  check_probabilities(op, p, "probs");
  double sum = 0;
  for (double x : p) sum += x;
  if (!(sum > 0) || !std::isfinite(sum)) fail(ErrorKind::Value, str(op, ": probs sum to ", sum), "probs");
  check_fillable(op, J, "J");
  check_fillable(op, q, "q");
  const int64_t k = static_cast<int64_t>(p.size());
  std::vector<double> qs(p.size());
  // A column without an alias names its own category: 0-based aliases, as
  // TH's C tables, with no index reserved for "none".
  std::vector<int64_t> js(p.size()), smaller, larger;
  for (int64_t i = 0; i < k; ++i) {
    js[i] = i;
    qs[i] = k * p[i] / sum;
    (qs[i] < 1.0 ? smaller : larger).push_back(i);
  }
  // Each small column is topped up to 1 by the last large one (TH's order).
  while (!smaller.empty() && !larger.empty()) {
    const int64_t large = larger.back();
    const int64_t small = smaller.back();
    js[small] = large;
    qs[large] -= 1.0 - qs[small];
    if (qs[large] < 1.0) {
      smaller.back() = large;
      larger.pop_back();
    } else {
      smaller.pop_back();
    }
  }
  // Columns left without an alias (rounding) keep their category.
  for (int64_t i = 0; i < k; ++i)
    if (js[i] == i) qs[i] = 1.0;
  resize(J, {k}, {}, op);
  resize(q, {k}, {}, op);
  size_t i = 0;
  fill_draws(J, [&] { return js[i++]; });
  i = 0;
  fill_draws(q, [&] { return qs[i++]; });
}

void alias_draw(const char* op, TensorImpl* self, THGenerator& g, TensorImpl* J, TensorImpl* q) {
  if (dtype(self) != DType::Long || dtype(J) != DType::Long)
    fail(ErrorKind::Type, str(op, ": self and J must be int64"), "self");
  const int64_t k = numel(J);
  if (k == 0 || numel(q) != k)
    fail(ErrorKind::Value, str(op, ": J and q must have the same, non-zero length, got ", k, " and ", numel(q)), "q");
  const std::vector<double> js = values_of(J), qs = values_of(q);
  for (int64_t i = 0; i < k; ++i) {
    if (!(js[i] >= 0 && js[i] < k))
      fail(ErrorKind::Value, str(op, ": J[", i, "] = ", js[i], " is not a category in [0, ", k, ")"), "J");
    if (!(qs[i] >= 0 && qs[i] <= 1)) fail(ErrorKind::Value, str(op, ": q[", i, "] = ", qs[i], " is not in [0, 1]"), "q");
  }
  check_fillable(op, self);
  std::lock_guard<std::mutex> lock(generator_mutex(&g));
  fill_draws(self, [&] {
    const int64_t column = static_cast<int64_t>(uniform(g, 0, static_cast<double>(k)));
    const bool keep = bernoulli(g, qs[column]);
    return keep ? column : static_cast<int64_t>(js[column]);
  });
}

}  // namespace ember::rt
