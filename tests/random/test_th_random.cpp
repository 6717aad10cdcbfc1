// TH's generator and random C functions against the reference stream of
// mt_reference.h: the raw 32-bit values, Torch7's formulas bit for bit,
// the byte state, copies that replay, and the errors (each leaves its
// arguments as they were).
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "TH/TH.h"
#include "ember/tensor.h"
#include "mt_reference.h"
#include "runtime/th_test_util.h"

namespace {

using ember::test::expect_th_error;
using ember::test::RefMT;
using ember::test::THThrowingHandlers;

struct Gen {
  THGenerator* g = THGenerator_new();
  explicit Gen(unsigned long seed) { THRandom_manualSeed(g, seed); }
  ~Gen() { THGenerator_free(g); }
};

std::vector<double> values(THDoubleTensor* t) {
  std::vector<double> v;
  for (long i = 0; i < THDoubleTensor_nElement(t); ++i) v.push_back(THDoubleTensor_data(t)[i]);
  return v;
}

TEST(THRandom, Layout) {
  // Torch7's LP64 layout: code takes sizeof(THGenerator) and copies it.
  EXPECT_EQ(sizeof(THGenerator), 5048u);
  EXPECT_EQ(offsetof(THGenerator, state), 24u);
  EXPECT_EQ(offsetof(THGenerator, normal_is_valid), 5040u);
  EXPECT_STREQ(torch_Generator, "torch.Generator");
}

TEST(THRandom, RawStream) {
  for (unsigned long seed : {0ul, 1ul, 5489ul, 123456789ul, 0xffffffffUL, 0x1234567800000042UL}) {
    Gen g(seed);
    RefMT ref(static_cast<uint32_t>(seed));
    std::mt19937 std_mt(static_cast<uint32_t>(seed));  // a second, independent definition
    for (int i = 0; i < 2000; ++i) {
      const unsigned long x = THRandom_random(g.g);
      ASSERT_EQ(x, ref.next()) << "seed " << seed << " draw " << i;
      ASSERT_EQ(x, std_mt()) << "seed " << seed << " draw " << i;
    }
    EXPECT_EQ(THRandom_initialSeed(g.g), seed);  // all 64 bits kept, low 32 used
  }
  Gen g(7);
  RefMT ref(7);
  for (int i = 0; i < 5; ++i) {
    const unsigned long long hi = ref.next();
    EXPECT_EQ(THRandom_random64(g.g), (hi << 32) | ref.next());
  }
}

TEST(THRandom, ScalarFormulas) {
  Gen g(42);
  RefMT ref(42);
  for (int i = 0; i < 50; ++i) {
    ASSERT_EQ(THRandom_uniform(g.g, -2, 5), ref.u() * (5 - -2) + -2);
    ASSERT_EQ(THRandom_normal(g.g, 1.5, 0.25), ref.normal(1.5, 0.25));
    ASSERT_EQ(THRandom_exponential(g.g, 3), -1. / 3 * std::log(1 - ref.u()));
    ASSERT_EQ(THRandom_cauchy(g.g, 1, 2), 1 + 2 * std::tan(M_PI * (ref.u() - 0.5)));
    const double m = 2, s = 0.5;
    ASSERT_EQ(THRandom_logNormal(g.g, m, s), std::exp(ref.normal(m, s)));
    ASSERT_EQ(THRandom_geometric(g.g, 0.3), static_cast<int>(std::log(1 - ref.u()) / std::log(0.3)) + 1);
    ASSERT_EQ(THRandom_bernoulli(g.g, 0.4), ref.u() <= 0.4 ? 1 : 0);
  }
  // The pending normal value belongs to the generator: a reseed forgets it.
  THRandom_normal(g.g, 0, 1);
  THRandom_manualSeed(g.g, 42);
  RefMT again(42);
  EXPECT_EQ(THRandom_normal(g.g, 0, 1), again.normal(0, 1));
}

TEST(THRandom, CopiesAndState) {
  THThrowingHandlers handlers;
  // A new generator is seeded at creation: a copy of an unused one replays it.
  THGenerator* fresh = THGenerator_new();
  EXPECT_EQ(THGenerator_isValid(fresh), 1);
  THGenerator copy;
  THGenerator_copy(&copy, fresh);
  THGenerator by_value = *fresh;  // TH code copies the struct itself
  for (int i = 0; i < 700; ++i) {
    const unsigned long x = THRandom_random(fresh);
    ASSERT_EQ(THRandom_random(&copy), x);
    ASSERT_EQ(THRandom_random(&by_value), x);
  }
  // Byte state round trip, mid-block and with a pending normal value.
  THRandom_normal(fresh, 0, 1);
  THByteTensor* state = THByteTensor_new();
  THByteTensor_getRNGState(fresh, state);
  ASSERT_EQ(THByteTensor_nElement(state), (long)sizeof(THGenerator));
  EXPECT_EQ(std::memcmp(THByteTensor_data(state), fresh, sizeof(THGenerator)), 0);
  const double second = THRandom_normal(fresh, 0, 1);
  const unsigned long next = THRandom_random(fresh);
  THGenerator* other = THGenerator_new();
  THByteTensor_setRNGState(other, state);
  EXPECT_EQ(THRandom_normal(other, 0, 1), second);
  EXPECT_EQ(THRandom_random(other), next);
  // Bad states raise and leave the generator as it was.
  THGenerator before = *other;
  THByteTensor* small = THByteTensor_newWithSize1d(10);
  expect_th_error([&] { THByteTensor_setRNGState(other, small); }, 2, "bytes");
  THGenerator* bad = reinterpret_cast<THGenerator*>(THByteTensor_data(state));
  bad->left = 0;
  expect_th_error([&] { THByteTensor_setRNGState(other, state); }, 2, "invalid");
  bad->left = 3;
  bad->state[5] = 1ul << 40;
  expect_th_error([&] { THByteTensor_setRNGState(other, state); }, 2, "invalid");
  EXPECT_EQ(std::memcmp(&before, other, sizeof before), 0);
  EXPECT_EQ(THGenerator_isValid(bad), 0);
  THByteTensor_free(small);
  THByteTensor_free(state);
  THGenerator_free(other);
  THGenerator_free(fresh);
}

TEST(THRandom, Errors) {
  THThrowingHandlers handlers;
  Gen g(1);
  expect_th_error([] { THRandom_random(nullptr); }, 1, "NULL");
  expect_th_error([] { THRandom_manualSeed(nullptr, 1); }, 1, "NULL");
  expect_th_error([&] { THRandom_normal(g.g, 0, 0); }, 3, "standard deviation");
  expect_th_error([&] { THRandom_uniform(g.g, 1, 0); }, 3, "from <= to");
  expect_th_error([&] { THRandom_exponential(g.g, -1); }, 2, "rate");
  expect_th_error([&] { THRandom_cauchy(g.g, 0, 0); }, 3, "scale");
  expect_th_error([&] { THRandom_logNormal(g.g, 0, 0); }, 3, "standard deviation");
  expect_th_error([&] { THRandom_geometric(g.g, 1); }, 2, "(0, 1)");
  expect_th_error([&] { THRandom_bernoulli(g.g, 1.5); }, 2, "[0, 1]");
  expect_th_error([&] { THRandom_bernoulli(g.g, NAN); }, 2, "[0, 1]");
  // Nothing was drawn by the failed calls.
  RefMT ref(1);
  EXPECT_EQ(THRandom_random(g.g), ref.next());
}

// Fills draw in TH's element order whatever the thread count: a large
// fill (past every parallel threshold) gives the same values on 1, 2 and 4
// threads.
TEST(THRandom, SameDrawsOnAnyThreadCount) {
  const int before = THGetNumThreads();
  std::vector<std::vector<double>> runs;
  for (int threads : {1, 2, 4}) {
    THSetNumThreads(threads);
    Gen g(11);
    THDoubleTensor* t = THDoubleTensor_newWithSize2d(256, 512);
    THDoubleTensor_normal(t, g.g, 0, 1);
    THDoubleTensor* p = THDoubleTensor_newWithSize2d(16, 1000);
    THDoubleTensor_uniform(p, g.g, 0, 1);
    THLongTensor* draws = THLongTensor_new();
    THDoubleTensor_multinomial(draws, g.g, p, 100, 0);
    std::vector<double> v = values(t);
    for (long i = 0; i < THLongTensor_nElement(draws); ++i) v.push_back(static_cast<double>(THLongTensor_data(draws)[i]));
    runs.push_back(v);
    THLongTensor_free(draws);
    THDoubleTensor_free(p);
    THDoubleTensor_free(t);
  }
  THSetNumThreads(before);
  EXPECT_EQ(runs[0], runs[1]);
  EXPECT_EQ(runs[0], runs[2]);
}

TEST(THRandom, TensorFills) {
  THThrowingHandlers handlers;
  const unsigned long seed = 2024;
  // A transposed 3 x 4 view: draws go in row-major order of the view's indices.
  THDoubleTensor* base = THDoubleTensor_newWithSize2d(4, 3);
  THDoubleTensor* t = THDoubleTensor_newTranspose(base, 0, 1);
  auto expect_fill = [&](auto fill, auto formula) {
    Gen g(seed);
    RefMT ref(seed);
    fill(g.g);
    for (long i = 0; i < 3; ++i)
      for (long j = 0; j < 4; ++j) ASSERT_EQ(THDoubleTensor_get2d(t, i, j), formula(ref)) << i << "," << j;
  };
  expect_fill([&](THGenerator* g) { THDoubleTensor_uniform(t, g, -1, 3); }, [](RefMT& r) { return r.u() * 4 + -1; });
  expect_fill([&](THGenerator* g) { THDoubleTensor_normal(t, g, 2, 3); }, [](RefMT& r) { return r.normal(2, 3); });
  expect_fill([&](THGenerator* g) { THDoubleTensor_exponential(t, g, 2); },
              [](RefMT& r) { return -1. / 2 * std::log(1 - r.u()); });
  expect_fill([&](THGenerator* g) { THDoubleTensor_cauchy(t, g, 0, 1); },
              [](RefMT& r) { return std::tan(M_PI * (r.u() - 0.5)); });
  expect_fill([&](THGenerator* g) { THDoubleTensor_bernoulli(t, g, 0.5); },
              [](RefMT& r) { return r.u() <= 0.5 ? 1.0 : 0.0; });
  expect_fill([&](THGenerator* g) { THDoubleTensor_geometric(t, g, 0.5); },
              [](RefMT& r) { return std::floor(std::log(1 - r.u()) / std::log(0.5)) + 1; });
  expect_fill([&](THGenerator* g) { THDoubleTensor_random(t, g); }, [](RefMT& r) { return double(r.next()); });
  expect_fill([&](THGenerator* g) { THDoubleTensor_clampedRandom(t, g, -5, 7); },
              [](RefMT& r) { return double(r.next() % 12) - 5; });
  expect_fill([&](THGenerator* g) { THDoubleTensor_cappedRandom(t, g, 9); },
              [](RefMT& r) { return double(r.next() % 9); });
  // Float: Torch7's float fill rounds the double draw.
  {
    THFloatTensor* f = THFloatTensor_newWithSize1d(5);
    Gen g(seed);
    RefMT ref(seed);
    THFloatTensor_normal(f, g.g, 0, 1);
    for (long i = 0; i < 5; ++i) EXPECT_EQ(THFloatTensor_get1d(f, i), (float)ref.normal(0, 1));
    THFloatTensor_free(f);
  }
  // Integer random: modulo the dtype's count of values.
  {
    THByteTensor* b = THByteTensor_newWithSize1d(6);
    Gen g(seed);
    RefMT ref(seed);
    THByteTensor_random(b, g.g);
    for (long i = 0; i < 6; ++i) EXPECT_EQ(THByteTensor_get1d(b, i), ref.next() % 256);
    THIntTensor* n = THIntTensor_newWithSize1d(6);
    THIntTensor_random(n, g.g);
    for (long i = 0; i < 6; ++i) EXPECT_EQ(THIntTensor_get1d(n, i), (int)(ref.next() % 2147483648u));
    THByteTensor_free(b);
    THIntTensor_free(n);
  }
  // bernoulli from a tensor of probabilities (Float and Double p).
  {
    THFloatTensor* p = THFloatTensor_newWithSize1d(12);
    for (long i = 0; i < 12; ++i) THFloatTensor_set1d(p, i, i / 11.0f);
    Gen g(seed);
    RefMT ref(seed);
    THDoubleTensor_bernoulli_FloatTensor(t, g.g, p);
    for (long i = 0; i < 3; ++i)
      for (long j = 0; j < 4; ++j) {
        const double pij = (double)THFloatTensor_get1d(p, i * 4 + j);
        const double u = ref.u();
        EXPECT_EQ(THDoubleTensor_get2d(t, i, j), pij > 0 && u <= pij ? 1.0 : 0.0);
      }
    THFloatTensor_set1d(p, 3, 1.5f);
    THDoubleTensor_fill(t, 7);
    expect_th_error([&] { THDoubleTensor_bernoulli_FloatTensor(t, g.g, p); }, 3, "[0, 1]");
    EXPECT_EQ(THDoubleTensor_get2d(t, 2, 3), 7.0);  // untouched
    THFloatTensor_free(p);
  }
  // Errors: nothing written, nothing drawn.
  {
    Gen g(seed);
    THDoubleTensor_fill(t, 7);
    expect_th_error([&] { THDoubleTensor_uniform(t, nullptr, 0, 1); }, 2, "generator is NULL");
    expect_th_error([&] { THDoubleTensor_uniform(nullptr, g.g, 0, 1); }, 1, "NULL");
    expect_th_error([&] { THDoubleTensor_normal(t, g.g, 0, -1); }, 4, "standard deviation");
    expect_th_error([&] { THDoubleTensor_exponential(t, g.g, 0); }, 3, "rate");
    expect_th_error([&] { THDoubleTensor_geometric(t, g.g, 0); }, 3, "(0, 1)");
    expect_th_error([&] { THDoubleTensor_bernoulli(t, g.g, -0.1); }, 3, "[0, 1]");
    expect_th_error([&] { THDoubleTensor_clampedRandom(t, g.g, 3, 3); }, 4, "from < to");
    expect_th_error([&] { THDoubleTensor_cappedRandom(t, g.g, 0); }, 3, "from < to");
    expect_th_error([&] { THDoubleTensor_logNormal(t, g.g, 1, -1); }, 4, "standard deviation");
    THByteTensor* b = THByteTensor_newWithSize1d(2);
    expect_th_error([&] { THByteTensor_clampedRandom(b, g.g, 0, 300); }, 4, "uint8");
    THByteTensor_free(b);
    for (double v : values(base)) EXPECT_EQ(v, 7.0);
    RefMT ref(seed);
    EXPECT_EQ(THRandom_random(g.g), ref.next());
  }
  THDoubleTensor_free(t);
  THDoubleTensor_free(base);
}

TEST(THRandom, NormalTensors) {
  THThrowingHandlers handlers;
  THDoubleTensor* means = THDoubleTensor_newWithSize2d(2, 3);
  THDoubleTensor* stds = THDoubleTensor_newWithSize1d(6);
  for (long i = 0; i < 6; ++i) {
    THDoubleTensor_data(means)[i] = i - 2.5;
    THDoubleTensor_data(stds)[i] = 0.5 + i;
  }
  THDoubleTensor* r = THDoubleTensor_new();
  Gen g(9);
  RefMT ref(9);
  THDoubleTensor_normal_means_stddevs(r, g.g, means, stds);
  ASSERT_EQ(THDoubleTensor_nDimension(r), 2);  // means' shape
  for (long i = 0; i < 6; ++i) EXPECT_EQ(THDoubleTensor_data(r)[i], ref.normal(0, 1) * (0.5 + i) + (i - 2.5));
  THDoubleTensor_normal_means(r, g.g, means, 2.0);
  for (long i = 0; i < 6; ++i) EXPECT_EQ(THDoubleTensor_data(r)[i], ref.normal(0, 2) + (i - 2.5));
  THDoubleTensor_normal_stddevs(r, g.g, 1.0, stds);
  ASSERT_EQ(THDoubleTensor_nDimension(r), 1);
  for (long i = 0; i < 6; ++i) EXPECT_EQ(THDoubleTensor_data(r)[i], ref.normal(0, 1) * (0.5 + i) + 1.0);
  // A non-positive deviation raises before r changes shape.
  THDoubleTensor_data(stds)[4] = 0;
  expect_th_error([&] { THDoubleTensor_normal_means_stddevs(r, g.g, means, stds); }, 4, "standard deviation");
  EXPECT_EQ(THDoubleTensor_nDimension(r), 1);
  THDoubleTensor_free(r);
  THDoubleTensor_free(stds);
  THDoubleTensor_free(means);
}

TEST(THRandom, RandRandn) {
  THThrowingHandlers handlers;
  THLongStorage* size = ember::test::longs({2, 5});
  THDoubleTensor* r = THDoubleTensor_new();
  Gen g(11);
  RefMT ref(11);
  THDoubleTensor_rand(r, g.g, size);
  ASSERT_EQ(THDoubleTensor_size(r, 1), 5);
  for (long i = 0; i < 10; ++i) EXPECT_EQ(THDoubleTensor_data(r)[i], ref.u());
  THDoubleTensor_randn(r, g.g, size);
  for (long i = 0; i < 10; ++i) EXPECT_EQ(THDoubleTensor_data(r)[i], ref.normal(0, 1));
  expect_th_error([&] { THDoubleTensor_randn(r, nullptr, size); }, 2, "NULL");
  THDoubleTensor_free(r);
  THLongStorage_free(size);
}

TEST(THRandom, Multinomial) {
  THThrowingHandlers handlers;
  // Torch7's search: one uniform draw per sample, the first category
  // whose normalized cumulative weight reaches it.
  const double w[2][4] = {{1, 0, 3, 4}, {0.5, 0.5, 0, 1}};
  THDoubleTensor* probs = THDoubleTensor_newWithSize2d(2, 4);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j) THDoubleTensor_set2d(probs, i, j, w[i][j]);
  THLongTensor* out = THLongTensor_new();
  Gen g(3);
  RefMT ref(3);
  THDoubleTensor_multinomial(out, g.g, probs, 50, 1);
  ASSERT_EQ(THLongTensor_size(out, 0), 2);
  ASSERT_EQ(THLongTensor_size(out, 1), 50);
  for (int i = 0; i < 2; ++i) {
    double sum = 0, cum[4];
    for (int j = 0; j < 4; ++j) sum += w[i][j];
    double run = 0;
    for (int j = 0; j < 4; ++j) cum[j] = (run += w[i][j]) / sum;
    for (int s = 0; s < 50; ++s) {
      const double u = ref.u();
      int c = 0;
      while (c < 3 && cum[c] < u) ++c;
      EXPECT_EQ(THLongTensor_get2d(out, i, s), c) << i << "," << s;
    }
  }
  // Without replacement: distinct categories of non-zero weight.
  THDoubleTensor* row = THDoubleTensor_newSelect(probs, 0, 0);
  THDoubleTensor_multinomial(out, g.g, row, 3, 0);
  EXPECT_EQ(THDoubleTensor_nDimension(row), 1);  // TH resized it to 1 x 4 and back
  ASSERT_EQ(THLongTensor_nDimension(out), 1);
  std::vector<long> got;
  for (long s = 0; s < 3; ++s) got.push_back(THLongTensor_get1d(out, s));
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, (std::vector<long>{0, 2, 3}));
  // More samples than non-zero categories: TH returned repeats, ember raises.
  expect_th_error([&] { THDoubleTensor_multinomial(out, g.g, row, 4, 0); }, 4, "without replacement");
  EXPECT_EQ(THLongTensor_size(out, 0), 3);
  THDoubleTensor_zero(row);
  expect_th_error([&] { THDoubleTensor_multinomial(out, g.g, row, 1, 1); }, 3, "sums to 0");
  THDoubleTensor_free(row);
  THLongTensor_free(out);
  THDoubleTensor_free(probs);
}

TEST(THRandom, MultinomialAlias) {
  THThrowingHandlers handlers;
  const double w[5] = {0.1, 0.4, 0.05, 0.25, 0.2};
  THDoubleTensor* probs = THDoubleTensor_newWithSize1d(5);
  for (int i = 0; i < 5; ++i) THDoubleTensor_set1d(probs, i, w[i]);
  THLongTensor* J = THLongTensor_new();
  THDoubleTensor* q = THDoubleTensor_new();
  THDoubleTensor_multinomialAliasSetup(probs, J, q);
  ASSERT_EQ(THLongTensor_nElement(J), 5);
  // The tables give each category its weight: (q[i] + sum of (1 - q[c]) over columns c aliased to i) / K.
  for (int i = 0; i < 5; ++i) {
    double mass = THDoubleTensor_get1d(q, i);
    for (int c = 0; c < 5; ++c)
      if (THLongTensor_get1d(J, c) == i) mass += 1 - THDoubleTensor_get1d(q, c);
    EXPECT_NEAR(mass / 5, w[i], 1e-12) << i;
  }
  // The draw: column int(u * K), kept when u' <= q, else its alias.
  THLongTensor* out = THLongTensor_newWithSize1d(200);
  Gen g(5);
  RefMT ref(5);
  THDoubleTensor_multinomialAliasDraw(out, g.g, J, q);
  for (long s = 0; s < 200; ++s) {
    const long c = static_cast<long>(ref.u() * 5);
    const bool keep = ref.u() <= THDoubleTensor_get1d(q, c);
    EXPECT_EQ(THLongTensor_get1d(out, s), keep ? c : THLongTensor_get1d(J, c));
  }
  expect_th_error([&] { THDoubleTensor_multinomialAliasDraw(out, nullptr, J, q); }, 2, "NULL");
  THLongTensor_set1d(J, 0, 5);
  expect_th_error([&] { THDoubleTensor_multinomialAliasDraw(out, g.g, J, q); }, 3, "not a category");
  THDoubleTensor_set1d(probs, 2, -1);
  expect_th_error([&] { THDoubleTensor_multinomialAliasSetup(probs, J, q); }, 1, ">= 0");
  THLongTensor_free(out);
  THDoubleTensor_free(q);
  THLongTensor_free(J);
  THDoubleTensor_free(probs);
}

}  // namespace
