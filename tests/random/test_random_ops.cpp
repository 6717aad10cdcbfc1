// The C++ random ops: the same numbers as TH's C functions and the
// reference stream for the same seed, reproducibility (manual_seed,
// states, generators passed or not), statistics of every distribution
// with fixed seeds (moments within 6 standard errors of the sample size,
// chi-square for the discrete ones), and errors that leave their
// arguments intact.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "TH/TH.h"
#include "ember/generator.h"
#include "ember/tensor.h"
#include "mt_reference.h"
#include "runtime/runtime_test_util.h"

namespace {

using namespace ember;
using test::chi2_bound;
using test::expect_error;
using test::RefMT;

std::vector<double> vals(const Tensor& t) {
  const Tensor d = t.to(kDouble).contiguous();
  return std::vector<double>(d.data<double>(), d.data<double>() + d.numel());
}

struct Moments {
  double mean = 0, var = 0;
};
Moments moments(const std::vector<double>& v) {
  Moments m;
  for (double x : v) m.mean += x;
  m.mean /= v.size();
  for (double x : v) m.var += (x - m.mean) * (x - m.mean);
  m.var /= v.size() - 1;
  return m;
}

// mean within 6 standard errors; variance within 6 of its own (from the
// fourth central moment mu4).
void expect_moments(const std::vector<double>& v, double mean, double var, double mu4) {
  const Moments m = moments(v);
  const double n = static_cast<double>(v.size());
  EXPECT_NEAR(m.mean, mean, 6 * std::sqrt(var / n));
  EXPECT_NEAR(m.var, var, 6 * std::sqrt((mu4 - var * var) / n));
}

// Pearson's chi-square of counts against expected probabilities.
void expect_chi2(const std::map<int64_t, double>& counts, const std::map<int64_t, double>& probs, double n) {
  double chi2 = 0;
  for (auto [k, p] : probs) {
    const auto it = counts.find(k);
    const double c = it == counts.end() ? 0 : it->second;
    chi2 += (c - n * p) * (c - n * p) / (n * p);
  }
  double outside = 0;
  for (auto [k, c] : counts)
    if (!probs.count(k)) outside += c;
  EXPECT_EQ(outside, 0) << "values outside the support";
  EXPECT_LT(chi2, chi2_bound(static_cast<int>(probs.size()) - 1));
}

std::map<int64_t, double> counts_of(const std::vector<double>& v) {
  std::map<int64_t, double> c;
  for (double x : v) c[static_cast<int64_t>(x)] += 1;
  return c;
}

constexpr int64_t kN = 200000;

TEST(Random, Uniform) {
  manual_seed(2024);
  Tensor t = empty({7}, kDouble);
  t.uniform_();
  RefMT ref(2024);
  for (double x : vals(t)) EXPECT_EQ(x, ref.u());
  // The same as TH's THDoubleTensor_uniform after THRandom_manualSeed.
  THGenerator* g = THGenerator_new();
  THRandom_manualSeed(g, 99);
  THDoubleTensor* th = THDoubleTensor_newWithSize1d(7);
  THDoubleTensor_uniform(th, g, 2, 5);
  Generator mine(99);
  Tensor u = empty({7}, kDouble).uniform_(2, 5, mine);
  for (int i = 0; i < 7; ++i) EXPECT_EQ(vals(u)[i], THDoubleTensor_get1d(th, i));
  THDoubleTensor_free(th);
  THGenerator_free(g);
  // rand draws the same as uniform_(0, 1).
  manual_seed(5);
  const std::vector<double> a = vals(rand({3, 4}, kDouble));
  manual_seed(5);
  EXPECT_EQ(a, vals(empty({3, 4}, kDouble).uniform_()));
  // Statistics: U(-1, 3), and every bucket of 20 equally likely.
  const std::vector<double> v = vals(rand({kN}, kDouble, Generator(1)).mul(4).sub(1));
  expect_moments(v, 1, 16.0 / 12, 256.0 / 80);
  std::map<int64_t, double> buckets, probs;
  for (double x : v) buckets[static_cast<int64_t>((x + 1) * 5)] += 1;
  for (int k = 0; k < 20; ++k) probs[k] = 1.0 / 20;
  expect_chi2(buckets, probs, kN);
  for (DType d : {kFloat, kHalf, kBFloat16}) {
    const std::vector<double> w = vals(rand({1000}, d, Generator(2)));
    EXPECT_GE(*std::min_element(w.begin(), w.end()), 0.0);
    EXPECT_LE(*std::max_element(w.begin(), w.end()), 1.0);
  }
  Tensor keep = full({3}, 7.0);
  expect_error([&] { keep.uniform_(2, 1); }, ErrorKind::Value, "to");
  expect_error([] { zeros({3}, kInt).uniform_(); }, ErrorKind::Type, "self");
  EXPECT_EQ(vals(keep), std::vector<double>(3, 7.0));
}

TEST(Random, Normal) {
  manual_seed(31);
  Tensor t = empty({7}, kDouble).normal_(2, 3);
  RefMT ref(31);
  for (double x : vals(t)) EXPECT_EQ(x, ref.normal(2, 3));
  // The pending second value carries over to the next call, and into randn.
  manual_seed(31);
  RefMT ref2(31);
  empty({1}, kDouble).normal_();
  ref2.normal(0, 1);
  EXPECT_EQ(vals(randn({1}, kDouble))[0], ref2.normal(0, 1));
  expect_moments(vals(randn({kN}, kDouble, Generator(3))), 0, 1, 3);
  expect_moments(vals(empty({kN}, kDouble).normal_(-4, 0.5, Generator(4))), -4, 0.25, 3 * 0.0625);
  Tensor keep = full({2}, 1.0);
  expect_error([&] { keep.normal_(0, 0); }, ErrorKind::Value, "std");
  expect_error([&] { keep.normal_(0, -1); }, ErrorKind::Value, "std");
  EXPECT_EQ(vals(keep), std::vector<double>(2, 1.0));
}

TEST(Random, NormalTensors) {
  const Tensor mean = arange(6, kDouble).view({2, 3});
  const Tensor std = full({6}, 0.5, kDouble);
  Generator g(8);
  RefMT ref(8);
  const std::vector<double> a = vals(normal(mean, std, g));
  for (int i = 0; i < 6; ++i) EXPECT_EQ(a[i], ref.normal(0, 1) * 0.5 + i);
  EXPECT_EQ(normal(mean, 2.0).sizes().vec(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(normal(1.0, std).sizes().vec(), (std::vector<int64_t>{6}));
  const std::vector<double> v = vals(normal(3.0, 2.0, {kN}, kDouble, Generator(9)));
  expect_moments(v, 3, 4, 48);
  Tensor out = full({2}, 5.0, kDouble);
  expect_error([&] { normal_out(out, mean, zeros({6}, kDouble)); }, ErrorKind::Value, "std");
  expect_error([&] { normal_out(out, mean, ones({5}, kDouble)); }, ErrorKind::Value, "std");
  EXPECT_EQ(vals(out), std::vector<double>(2, 5.0));
  normal_out(out, mean, std);
  EXPECT_EQ(out.sizes().vec(), (std::vector<int64_t>{2, 3}));
}

TEST(Random, Exponential) {
  Generator g(12);
  RefMT ref(12);
  const std::vector<double> a = vals(empty({5}, kDouble).exponential_(2, g));
  for (double x : a) EXPECT_EQ(x, -1. / 2 * std::log(1 - ref.u()));
  const double l = 1.5;
  expect_moments(vals(empty({kN}, kDouble).exponential_(l, Generator(13))), 1 / l, 1 / (l * l), 9 / std::pow(l, 4));
  expect_error([] { empty({2}).exponential_(0); }, ErrorKind::Value, "lambd");
}

TEST(Random, Cauchy) {
  // No moments: quartiles at median -/+ sigma, each within 6 binomial standard errors.
  const std::vector<double> v = vals(empty({kN}, kDouble).cauchy_(1, 2, Generator(14)));
  double below_q1 = 0, below_med = 0, below_q3 = 0;
  for (double x : v) {
    below_q1 += x < -1;
    below_med += x < 1;
    below_q3 += x < 3;
  }
  for (auto [got, p] : {std::pair{below_q1, 0.25}, std::pair{below_med, 0.5}, std::pair{below_q3, 0.75}})
    EXPECT_NEAR(got / kN, p, 6 * std::sqrt(p * (1 - p) / kN));
  expect_error([] { empty({2}).cauchy_(0, 0); }, ErrorKind::Value, "sigma");
}

TEST(Random, LogNormal) {
  const double mu = 0.5, s = 0.4;
  const std::vector<double> v = vals(empty({kN}, kDouble).log_normal_(mu, s, Generator(15)));
  std::vector<double> logs;
  for (double x : v) logs.push_back(std::log(x));
  expect_moments(logs, mu, s * s, 3 * std::pow(s, 4));
  // TH's logNormal takes the same parameters, those of the log's normal.
  THGenerator* g = THGenerator_new();
  THRandom_manualSeed(g, 16);
  THDoubleTensor* th = THDoubleTensor_newWithSize1d(kN);
  THDoubleTensor_logNormal(th, g, mu, s);
  std::vector<double> th_logs;
  for (int64_t i = 0; i < kN; ++i) th_logs.push_back(std::log(THDoubleTensor_data(th)[i]));
  expect_moments(th_logs, mu, s * s, 3 * std::pow(s, 4));
  THDoubleTensor_free(th);
  THGenerator_free(g);
  expect_error([] { empty({2}).log_normal_(0, 0); }, ErrorKind::Value, "std");
}

TEST(Random, Geometric) {
  const double p = 0.3;  // PyTorch's p: the success probability
  std::vector<double> v = vals(empty({kN}, kLong).geometric_(p, Generator(17)));
  std::map<int64_t, double> probs;
  double tail = 1;
  for (int k = 1; k < 20; ++k) {
    probs[k] = p * std::pow(1 - p, k - 1);
    tail -= probs[k];
  }
  for (double& x : v) x = std::min(x, 20.0);  // one bucket for k >= 20
  probs[20] = tail;
  expect_chi2(counts_of(v), probs, kN);
  for (DType d : {kByte, kInt, kFloat, kDouble, kBool}) EXPECT_NO_THROW(empty({10}, d).geometric_(0.5));
  expect_error([] { empty({2}).geometric_(0); }, ErrorKind::Value, "p");
  expect_error([] { empty({2}).geometric_(1); }, ErrorKind::Value, "p");
}

TEST(Random, Bernoulli) {
  manual_seed(18);
  RefMT ref(18);
  const std::vector<double> a = vals(empty({9}, kDouble).bernoulli_(0.5));
  for (double x : a) EXPECT_EQ(x, ref.u() <= 0.5 ? 1.0 : 0.0);
  for (double p : {0.0, 0.2, 1.0}) {
    const std::vector<double> v = vals(empty({kN}, kByte).bernoulli_(p, Generator(19)));
    if (p == 0 || p == 1) {
      EXPECT_EQ(counts_of(v).size(), 1u);
      EXPECT_EQ(v[0], p);
      continue;
    }
    expect_chi2(counts_of(v), {{0, 1 - p}, {1, p}}, kN);
  }
  // Per-element probabilities, and the functional form (p = self).
  const Tensor probs = full({kN}, 0.7, kDouble);
  expect_chi2(counts_of(vals(bernoulli(probs, Generator(20)))), {{0, 0.3}, {1, 0.7}}, kN);
  Tensor self = full({4}, 0.25, kDouble);
  self.bernoulli_(self, Generator(21));  // p read whole before the first write
  RefMT ref21(21);
  for (double x : vals(self)) EXPECT_EQ(x, ref21.u() <= 0.25 ? 1.0 : 0.0);
  Tensor keep = full({3}, 5.0);
  expect_error([&] { keep.bernoulli_(1.5); }, ErrorKind::Value, "p");
  expect_error([&] { keep.bernoulli_(full({3}, -0.5)); }, ErrorKind::Value, "p");
  expect_error([&] { keep.bernoulli_(zeros({2})); }, ErrorKind::Value, "p");
  expect_error([&] { bernoulli(full({2}, 2.0)); }, ErrorKind::Value, "self");
  expect_error([&] { keep.expand({2, 3}).bernoulli_(0.5); }, ErrorKind::Value, "self");
  EXPECT_EQ(vals(keep), std::vector<double>(3, 5.0));
}

TEST(Random, RandomInts) {
  // Torch7's random: one draw modulo the dtype's count of exact integers.
  manual_seed(22);
  RefMT ref(22);
  for (double x : vals(empty({6}, kChar).random_())) EXPECT_EQ(x, ref.next() % 128);
  for (double x : vals(empty({6}, kLong).random_())) EXPECT_EQ(x, ref.next());
  // random_(from, to) and randint: uniform over [from, to).
  const std::vector<double> v = vals(empty({kN}, kLong).random_(int64_t{-3}, int64_t{7}, Generator(23)));
  std::map<int64_t, double> probs;
  for (int k = -3; k < 7; ++k) probs[k] = 0.1;
  expect_chi2(counts_of(v), probs, kN);
  std::map<int64_t, double> p6;
  for (int k = 0; k < 6; ++k) p6[k] = 1.0 / 6;
  expect_chi2(counts_of(vals(randint(6, {kN}, std::nullopt, Generator(24)))), p6, kN);
  expect_chi2(counts_of(vals(empty({kN}, kShort).random_(int64_t{6}, Generator(25)))), p6, kN);
  EXPECT_EQ(randint(2, 5, {3}).dtype(), kLong);
  const std::vector<double> w = vals(randint(2, 5, {1000}, kInt));
  EXPECT_EQ(*std::min_element(w.begin(), w.end()), 2);
  EXPECT_EQ(*std::max_element(w.begin(), w.end()), 4);
  // A range beyond 2^32 takes 64-bit draws and reaches values past 2^32.
  const std::vector<double> big = vals(empty({1000}, kLong).random_(int64_t{0}, int64_t{1} << 40, Generator(26)));
  EXPECT_GT(*std::max_element(big.begin(), big.end()), 4294967296.0);
  // Every byte value, and nothing else, from random_() on uint8.
  EXPECT_EQ(counts_of(vals(empty({kN}, kByte).random_(Generator(27)))).size(), 256u);
  Tensor keep = full({3}, 9.0);
  expect_error([&] { keep.random_(int64_t{4}, int64_t{4}); }, ErrorKind::Value, "to");
  expect_error([&] { keep.random_(int64_t{0}); }, ErrorKind::Value, "to");
  expect_error([] { empty({2}, kByte).random_(int64_t{-1}, int64_t{3}); }, ErrorKind::Value, "from");
  expect_error([] { randint(3, 2, {2}); }, ErrorKind::Value, "high");
  EXPECT_EQ(vals(keep), std::vector<double>(3, 9.0));
}

TEST(Random, Like) {
  const Tensor like = zeros({2, 3}, kFloat);
  Generator g(28);
  Tensor a = rand_like(like, std::nullopt, g);
  EXPECT_EQ(a.dtype(), kFloat);
  EXPECT_EQ(a.sizes().vec(), (std::vector<int64_t>{2, 3}));
  g.manual_seed(28);
  EXPECT_EQ(vals(a), vals(rand({2, 3}, kFloat, g)));
  g.manual_seed(28);
  EXPECT_EQ(vals(randn_like(like, kDouble, g)), vals(randn({2, 3}, kDouble, Generator(28))));
}

TEST(Random, RandintLike) {
  const Tensor like = zeros({3, 1000}, kShort);
  Generator g(31);
  const Tensor a = randint_like(like, 6, std::nullopt, g);
  EXPECT_EQ(a.dtype(), kShort);
  EXPECT_EQ(a.sizes().vec(), (std::vector<int64_t>{3, 1000}));
  g.manual_seed(31);
  EXPECT_EQ(vals(a), vals(randint(6, {3, 1000}, kShort, g)));
  const std::vector<double> w = vals(randint_like(like, -2, 3, kLong));
  EXPECT_EQ(*std::min_element(w.begin(), w.end()), -2);
  EXPECT_EQ(*std::max_element(w.begin(), w.end()), 2);
  // preserve_format: a transposed input gives a transposed result.
  const Tensor t = randint_like(like.t(), 4);
  EXPECT_EQ(t.strides().vec(), like.t().strides().vec());
  EXPECT_EQ(randn_like(zeros({2, 3}).t()).strides().vec(), (std::vector<int64_t>{1, 3}));
  expect_error([&] { randint_like(like, 0); }, ErrorKind::Value, "high");
  expect_error([&] { randint_like(zeros({2}, kByte), -1, 5); }, ErrorKind::Value, "low");
  expect_error([&] { randint_like(zeros({2}, kByte), 300); }, ErrorKind::Value, "high");
}

TEST(Random, Multinomial) {
  const std::vector<double> w = {0.1, 0, 0.3, 0.6};
  const Tensor probs = from_vector(w, {4}).mul(5);  // weights need not sum to 1
  std::map<int64_t, double> p;
  for (int k = 0; k < 4; ++k)
    if (w[k] > 0) p[k] = w[k];
  expect_chi2(counts_of(vals(multinomial(probs, kN, true, Generator(29)))), p, kN);
  // Without replacement: each row a set of distinct non-zero categories,
  // and the first draw distributed as the weights.
  std::map<int64_t, double> first;
  const int64_t rows = 20000;
  const Tensor many = probs.expand({rows, 4}).contiguous();
  const Tensor drawn = multinomial(many, 3, false, Generator(30));
  ASSERT_EQ(drawn.sizes().vec(), (std::vector<int64_t>{rows, 3}));
  const std::vector<double> d = vals(drawn);
  for (int64_t r = 0; r < rows; ++r) {
    std::vector<double> row(d.begin() + r * 3, d.begin() + r * 3 + 3);
    std::sort(row.begin(), row.end());
    ASSERT_EQ(row, (std::vector<double>{0, 2, 3}));
    first[static_cast<int64_t>(d[r * 3])] += 1;
  }
  expect_chi2(first, p, rows);
  // The same indices as TH's C function (0-based both).
  THGenerator* g = THGenerator_new();
  THRandom_manualSeed(g, 31);
  THLongTensor* th = THLongTensor_new();
  THDoubleTensor* pd = reinterpret_cast<THDoubleTensor*>(probs.impl());
  THDoubleTensor_multinomial(th, g, pd, 40, 1);
  const std::vector<double> mine = vals(multinomial(probs, 40, true, Generator(31)));
  for (int i = 0; i < 40; ++i) EXPECT_EQ(mine[i], THLongTensor_get1d(th, i));
  THLongTensor_free(th);
  THGenerator_free(g);
  Tensor out = full({2}, 3.0, kLong);
  expect_error([&] { multinomial_out(out, zeros({2, 3}), 1); }, ErrorKind::Value, "self");
  expect_error([&] { multinomial_out(out, probs, 4); }, ErrorKind::Value, "num_samples");
  expect_error([&] { multinomial_out(out, full({3}, -1.0), 1); }, ErrorKind::Value, "self");
  EXPECT_EQ(vals(out), std::vector<double>(2, 3.0));
}

TEST(Random, Reproducibility) {
  // manual_seed, get/set state and copies of a generator replay the same draws.
  Generator g(33);
  const Tensor state = g.get_state();
  const std::vector<double> a = vals(randn({5}, kDouble, g));
  g.set_state(state);
  EXPECT_EQ(vals(randn({5}, kDouble, g)), a);
  g.manual_seed(33);
  EXPECT_EQ(vals(randn({5}, kDouble, g)), a);
  EXPECT_EQ(g.initial_seed(), 33u);
  // A new generator is seeded: a copy of its unused state replays it.
  Generator fresh, twin;
  twin.set_state(fresh.get_state());
  EXPECT_EQ(vals(rand({9}, kDouble, fresh)), vals(rand({9}, kDouble, twin)));
  // The default generator: manual_seed / get_rng_state / set_rng_state.
  manual_seed(34);
  EXPECT_EQ(initial_seed(), 34u);
  const Tensor saved = get_rng_state();
  const std::vector<double> b = vals(rand({4}, kDouble));
  set_rng_state(saved);
  EXPECT_EQ(vals(rand({4}, kDouble)), b);
  // Row-major order over the elements, whatever the strides.
  Tensor base = empty({4, 3}, kDouble);
  Tensor view = base.t();
  view.uniform_(0, 1, Generator(35));
  const Tensor contig = empty({3, 4}, kDouble).uniform_(0, 1, Generator(35));
  EXPECT_EQ(vals(view), vals(contig));
  // A bad state raises and leaves the generator alone.
  Tensor bad = state.clone();
  bad.data<uint8_t>()[8] = 0;  // left = 0
  bad.data<uint8_t>()[9] = 0;
  Generator h(36);
  const Tensor before = h.get_state();
  expect_error([&] { h.set_state(bad); }, ErrorKind::Value, "state");
  expect_error([&] { h.set_state(zeros({5}, kByte)); }, ErrorKind::Value, "state");
  expect_error([&] { h.set_state(zeros({5}, kFloat)); }, ErrorKind::Type, "state");
  EXPECT_EQ(vals(h.get_state()), vals(before));
}

}  // namespace
