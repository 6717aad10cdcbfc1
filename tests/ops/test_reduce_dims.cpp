// Reductions over several dims (Note [reducing several dims]), dtype=,
// correction=, argmax/argmin, logsumexp, count_nonzero and softmax, in
// C++, by example. Expected values come
// from loops over a [2, 3, 4] input here, never from another ember op;
// the generated Python tests cover every dtype and layout against NumPy.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "ember/tensor.h"

namespace {

using namespace ember;

// x[i][j][k] = (7 * (i * 12 + j * 4 + k)) % 11 - 5: small, unordered, with ties.
double x_at(int64_t i, int64_t j, int64_t k) { return static_cast<double>((7 * (i * 12 + j * 4 + k)) % 11 - 5); }

Tensor input(DType dtype) {
  std::vector<double> v;
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j)
      for (int64_t k = 0; k < 4; ++k) v.push_back(x_at(i, j, k));
  return from_vector(v, {2, 3, 4}).to(dtype);
}

std::vector<double> values(const Tensor& t) {
  const Tensor d = t.to(kDouble).contiguous();
  const double* p = d.numel() ? d.data<double>() : nullptr;
  return std::vector<double>(p, p + d.numel());
}

// Over dims 0 and 2 of the input: for each j, the elements x[., j, .].
std::vector<std::vector<double>> slices_0_2() {
  std::vector<std::vector<double>> s(3);
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j)
      for (int64_t k = 0; k < 4; ++k) s[static_cast<size_t>(j)].push_back(x_at(i, j, k));
  return s;
}

TEST(ReduceDims, Sum) {
  const Tensor r = ember::sum(input(kInt), {0, 2}, true, kInt);
  EXPECT_EQ(r.dtype(), kInt);
  EXPECT_EQ(r.sizes(), IntList({1, 3, 1}));
  const auto s = slices_0_2();
  for (size_t j = 0; j < 3; ++j) {
    double want = 0;
    for (double v : s[j]) want += v;
    EXPECT_EQ(values(r)[j], want);
  }
  // None (the empty list) is every dim.
  EXPECT_EQ(ember::sum(input(kFloat), {}, false, std::nullopt).dim(), 0);
  EXPECT_EQ(ember::nansum(input(kFloat)).item<double>(), ember::sum(input(kFloat)).item<double>());
}

// nansum's runs (Note [vector runs]) leave NaN out as 0: past a few
// runs of kLanes x 8 float32, with NaNs and infinities of both signs in
// one run, it is the sum of the same values with each NaN a 0, bit for
// bit (the same order of additions), and a run summing +inf and -inf is
// NaN in both.
TEST(ReduceDims, NansumCountsNaNAsZeroInFloatRuns) {
  const int64_t n = 10000;
  Tensor with_nan = ember::empty({n}, kFloat), zeroed = ember::empty({n}, kFloat);
  float* a = with_nan.data<float>();
  float* z = zeroed.data<float>();
  for (int64_t i = 0; i < n; ++i) a[i] = z[i] = static_cast<float>((i * 7919) % 1000) * 0.37f - 150.0f;
  for (int64_t i : {3, 40, 41, 300, 4097, 9999}) {
    a[i] = std::nanf("");
    z[i] = 0.0f;
  }
  EXPECT_EQ(ember::nansum(with_nan).item<double>(), ember::sum(zeroed).item<double>());
  EXPECT_EQ(ember::nansum(with_nan, {0}, false, std::nullopt).item<double>(), ember::sum(zeroed).item<double>());
  a[600] = z[600] = std::numeric_limits<float>::infinity();
  a[632] = z[632] = -std::numeric_limits<float>::infinity();
  EXPECT_TRUE(std::isnan(ember::nansum(with_nan).item<double>()));
  EXPECT_TRUE(std::isnan(ember::sum(zeroed).item<double>()));
}

TEST(ReduceDims, Mean) {
  const Tensor r = ember::mean(input(kLong), {-1, 0}, false, kDouble);
  EXPECT_EQ(r.dtype(), kDouble);
  const auto s = slices_0_2();
  for (size_t j = 0; j < 3; ++j) {
    double want = 0;
    for (double v : s[j]) want += v;
    EXPECT_DOUBLE_EQ(values(r)[j], want / 8);
  }
  // nanmean: the NaN left out of its slice's sum and count.
  Tensor t = input(kDouble);
  t.select(0, 1).select(0, 2).select(0, 3).fill_(std::nan(""));
  const std::vector<double> got = values(ember::nanmean(t, {0, 2}));
  for (size_t j = 0; j < 3; ++j) {
    double total = 0, count = 0;
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t k = 0; k < 4; ++k)
        if (!(i == 1 && j == 2 && k == 3)) {
          total += x_at(i, static_cast<int64_t>(j), k);
          count += 1;
        }
    EXPECT_DOUBLE_EQ(got[j], total / count);
  }
}

TEST(ReduceDims, Var) {
  const auto s = slices_0_2();
  for (int64_t correction : {0, 1, 3}) {
    const std::optional<int64_t> c = correction;
    const Tensor r = ember::var(input(kDouble), {0, 2}, c, false);
    for (size_t j = 0; j < 3; ++j) {
      double mean = 0, m2 = 0;
      for (double v : s[j]) mean += v / 8;
      for (double v : s[j]) m2 += (v - mean) * (v - mean);
      EXPECT_NEAR(values(r)[j], m2 / static_cast<double>(8 - correction), 1e-12);
      EXPECT_NEAR(values(ember::std(input(kDouble), {0, 2}, c, false))[j],
                  std::sqrt(m2 / static_cast<double>(8 - correction)), 1e-12);
    }
  }
  // A divisor of 0 or less: inf for spread elements (PyTorch 1.13).
  EXPECT_TRUE(std::isinf(ember::var(input(kDouble), {0}, std::optional<int64_t>(2), false).to(kDouble).contiguous().data<double>()[0]));
}

TEST(ReduceDims, Norm) {
  const Tensor r = ember::norm(input(kFloat), 1, {0, 2}, false, kDouble);
  EXPECT_EQ(r.dtype(), kDouble);
  const auto s = slices_0_2();
  for (size_t j = 0; j < 3; ++j) {
    double want = 0;
    for (double v : s[j]) want += std::fabs(v);
    EXPECT_DOUBLE_EQ(values(r)[j], want);
  }
}

TEST(ReduceDims, Argmax) {
  // Flattened: the first of the equal largest elements.
  int64_t best = 0, worst = 0;
  for (int64_t n = 0; n < 24; ++n) {
    if (x_at(0, 0, n) > x_at(0, 0, best)) best = n;
    if (x_at(0, 0, n) < x_at(0, 0, worst)) worst = n;
  }
  EXPECT_EQ(ember::argmax(input(kShort)).item<int64_t>(), best);
  EXPECT_EQ(ember::argmin(input(kFloat), std::nullopt, true).sizes(), IntList({1, 1, 1}));
  EXPECT_EQ(ember::argmin(input(kFloat)).item<int64_t>(), worst);
  // A NaN is picked over any number, the first of them.
  Tensor t = input(kFloat);
  t.view({24}).select(0, 13).fill_(std::nan(""));
  t.view({24}).select(0, 17).fill_(std::nan(""));
  EXPECT_EQ(ember::argmax(t).item<int64_t>(), 13);
  EXPECT_EQ(ember::argmin(t).item<int64_t>(), 13);
  try {
    ember::argmax(empty({0, 2}));
    ADD_FAILURE() << "argmax of an empty tensor did not raise";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Index);
  }
}

TEST(ReduceDims, LogSumExp) {
  const auto s = slices_0_2();
  const Tensor r = ember::logsumexp(input(kInt), {0, 2});
  EXPECT_EQ(r.dtype(), default_dtype());
  for (size_t j = 0; j < 3; ++j) {
    double total = 0;
    for (double v : s[j]) total += std::exp(v);
    EXPECT_NEAR(values(r)[j], std::log(total), 1e-5);
  }
  // An infinite element gives the infinity; nothing to reduce gives -inf.
  Tensor t = input(kDouble);
  t.view({24}).select(0, 5).fill_(INFINITY);
  EXPECT_EQ(values(ember::logsumexp(t, {0, 1, 2}))[0], INFINITY);
  EXPECT_EQ(values(ember::logsumexp(empty({0, 2}), {0}))[1], -INFINITY);
  // Per row of [4, 2], in float and double: -inf only, +inf beside -inf,
  // a NaN, and large finite values (log(2 e^1000) = 1000 + log 2).
  for (const DType d : {kFloat, kDouble}) {
    Tensor rows = empty({4, 2}, d);
    const double row_values[4][2] = {{-INFINITY, -INFINITY}, {INFINITY, -INFINITY}, {NAN, 1.0}, {1000.0, 1000.0}};
    for (int64_t i = 0; i < 4; ++i)
      for (int64_t j = 0; j < 2; ++j) rows.select(0, i).select(0, j).fill_(row_values[i][j]);
    const std::vector<double> got = values(ember::logsumexp(rows, {1}));
    EXPECT_EQ(got[0], -INFINITY);
    EXPECT_EQ(got[1], INFINITY);
    EXPECT_TRUE(std::isnan(got[2]));
    EXPECT_NEAR(got[3], 1000.0 + std::log(2.0), 1e-3);
  }
}

TEST(ReduceDims, CountNonzero) {
  const auto s = slices_0_2();
  const Tensor r = ember::count_nonzero(input(kFloat), IntList{0, 2});
  EXPECT_EQ(r.dtype(), kLong);
  for (size_t j = 0; j < 3; ++j) {
    int64_t want = 0;
    for (double v : s[j]) want += v != 0;
    EXPECT_EQ(values(r)[j], static_cast<double>(want));
  }
  int64_t all = 0;
  for (const auto& slice : s)
    for (double v : slice) all += v != 0;
  EXPECT_EQ(ember::count_nonzero(input(kShort)).item<int64_t>(), all);
}

TEST(ReduceDims, Softmax) {
  // Large inputs: exp would overflow without the largest subtracted.
  const Tensor big = ember::mul(input(kDouble), 100);
  const Tensor r = ember::softmax(big, 2), lr = ember::log_softmax(input(kInt), 2, kDouble);
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j) {
      double m = -INFINITY, total = 0, ltotal = 0;
      for (int64_t k = 0; k < 4; ++k) m = std::max(m, 100 * x_at(i, j, k));
      for (int64_t k = 0; k < 4; ++k) total += std::exp(100 * x_at(i, j, k) - m);
      for (int64_t k = 0; k < 4; ++k) ltotal += std::exp(x_at(i, j, k));
      for (int64_t k = 0; k < 4; ++k) {
        const size_t at = static_cast<size_t>(i * 12 + j * 4 + k);
        EXPECT_NEAR(values(r)[at], std::exp(100 * x_at(i, j, k) - m) / total, 1e-12);
        EXPECT_NEAR(values(lr)[at], x_at(i, j, k) - std::log(ltotal), 1e-12);
      }
    }
}

}  // namespace
