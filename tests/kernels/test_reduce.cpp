// reduce_all, reduce_dim and reduce_dim_index against exact or long
// double references computed by naive loops, for every element type.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kernels/opmath.h"
#include "kernels/parallel.h"
#include "kernels/prefetch.h"
#include "kernels/reduce.h"
#include "kernels/reducers.h"
#include "tests/kernels/kernel_test_util.h"

namespace ember::kernels {
namespace {

using namespace ember::kernels::testing;

// |sum - exact| allowed, relative to the sum of magnitudes: accumulating
// in double is far inside 1e-12 for these sizes; float32 adds runs of 8
// in float first (Note [runs in float]), 7 roundings of at most 2^-24
// each; Half and BFloat16 accumulate in float, blocked and laned, so
// error grows like kBlock / kLanes additions, not like n.
template <class T>
double sum_tolerance() {
  if constexpr (std::is_same_v<acc_t<T>, float>)
    return 2e-5;
  else if constexpr (std::is_same_v<T, float>)
    return 7 * std::ldexp(1.0, -24) + 1e-12;
  else
    return 1e-12;
}

template <class T>
void check_sum(double got, long double exact, long double magnitude) {
  if constexpr (std::is_same_v<acc_t<T>, int64_t>)
    EXPECT_EQ(static_cast<int64_t>(got), static_cast<int64_t>(exact));
  else
    EXPECT_LE(std::fabs(static_cast<double>(got - exact)), sum_tolerance<T>() * static_cast<double>(magnitude) + 1e-300);
}

struct Layout1 {
  std::string name;
  Shape shape, strides;
};

std::vector<Layout1> reduce_all_layouts() {
  std::vector<Layout1> v;
  for (int64_t n : {0, 1, 31, 32, 33, 63, 65, 8191, 8192, 8193, 100003})
    v.push_back({"dense_" + std::to_string(n), {n}, {1}});
  v.push_back({"strided", {5000}, {3}});
  v.push_back({"negative", {5000}, {-1}});
  v.push_back({"broadcast", {70, 300}, {0, 1}});
  v.push_back({"transposed", {301, 203}, permuted_strides({301, 203}, {1, 0})});
  v.push_back({"rows_with_gaps", {50, 99}, {100, 1}});
  v.push_back({"zero_dim", {}, {}});
  v.push_back({"zero_size", {4, 0}, {0, 1}});
  v.push_back({"many_dims", {2, 3, 4, 5, 6, 7}, permuted_strides({2, 3, 4, 5, 6, 7}, {3, 1, 5, 0, 4, 2})});
  return v;
}

template <class T>
class ReduceTyped : public ::testing::Test {};
TYPED_TEST_SUITE(ReduceTyped, AllTypes);

TYPED_TEST(ReduceTyped, SumAllMatchesExactSum) {
  using T = TypeParam;
  std::mt19937 g(1);
  for (const Layout1& l : reduce_all_layouts()) {
    SCOPED_TRACE(l.name);
    Array<T> a(l.shape, l.strides);
    fill_random(a, g);
    long double exact = 0, magnitude = 0;
    for_each_index(l.shape, [&](const Shape& i) {
      exact += as_double(a.at(i));
      magnitude += std::fabs(as_double(a.at(i)));
    });
    const auto got = reduce_all<T>(operands_of(l.shape, a), Sum<T>{});
    static_assert(std::is_same_v<decltype(got), const acc_t<T>>, "sum accumulates in acc_t");
    check_sum<T>(static_cast<double>(got), exact, magnitude);
  }
}

TYPED_TEST(ReduceTyped, MaxAndMinAll) {
  using T = TypeParam;
  using M = opmath_t<T>;
  std::mt19937 g(2);
  for (const Layout1& l : reduce_all_layouts()) {
    if (numel(l.shape) == 0) continue;
    SCOPED_TRACE(l.name);
    Array<T> a(l.shape, l.strides);
    fill_random(a, g);
    M hi = static_cast<M>(a.at(Shape(l.shape.size(), 0))), lo = hi;
    for_each_index(l.shape, [&](const Shape& i) {
      hi = std::max(hi, static_cast<M>(a.at(i)));
      lo = std::min(lo, static_cast<M>(a.at(i)));
    });
    EXPECT_EQ(reduce_all<T>(operands_of(l.shape, a), Max<T>{}), hi);
    EXPECT_EQ(reduce_all<T>(operands_of(l.shape, a), Min<T>{}), lo);
  }
}

TEST(ReduceAll, EmptySumIsZeroAndEmptyMaxIsIdentity) {
  Array<float> a({0});
  EXPECT_EQ(reduce_all<float>(operands_of({0}, a), Sum<float>{}), 0.0);
  EXPECT_EQ(reduce_all<float>(operands_of({0}, a), Max<float>{}), -std::numeric_limits<float>::infinity());
}

TEST(ReduceAll, NaNPropagatesThroughMaxMinAndSum) {
  for (int64_t pos : {0, 5, 40, 9000, 19999}) {
    Array<float> a({20000});
    for (int64_t i = 0; i < 20000; ++i) a.at({i}) = static_cast<float>(i % 17);
    a.at({pos}) = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(std::isnan(reduce_all<float>(operands_of({20000}, a), Max<float>{})));
    EXPECT_TRUE(std::isnan(reduce_all<float>(operands_of({20000}, a), Min<float>{})));
    EXPECT_TRUE(std::isnan(reduce_all<float>(operands_of({20000}, a), Sum<float>{})));
  }
}

// Note [reduction order] written out as a naive loop: kBlock-element
// blocks, element i of a block into lane i % kLanes, lanes folded
// pairwise, blocks merged first to last; runs shorter than kLanes first
// to last.
template <class T, class R>
typename R::acc_type reduce_in_documented_order(const std::vector<T>& x, const R& r) {
  using Acc = typename R::acc_type;
  constexpr int L = detail::kLanes<Acc>;
  const int64_t n = static_cast<int64_t>(x.size());
  Acc total = r.identity();
  if (n < L) {
    for (const T& v : x) total = r.combine(total, static_cast<Acc>(v));
    return total;
  }
  for (int64_t k = 0; k < n; k += kBlock) {
    std::vector<Acc> lanes(L, r.identity());
    for (int64_t i = k; i < std::min(n, k + kBlock); ++i)
      lanes[(i - k) % L] = r.combine(lanes[(i - k) % L], static_cast<Acc>(x[i]));
    for (int w = L / 2; w >= 1; w /= 2)
      for (int j = 0; j < w; ++j) lanes[j] = r.merge(lanes[j], lanes[j + w]);
    total = k == 0 ? lanes[0] : r.merge(total, lanes[0]);
  }
  return total;
}

// Max and min keep their lanes in vectors (Note [select lanes]); the
// result is still the reduction order's, bit for bit: with several NaNs
// of distinct payloads, the same one comes out, on one thread or two,
// below and past kPrefetchMinBytes.
template <class T>
void expect_select_in_documented_order(const std::vector<int64_t>& sizes) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  std::mt19937 g(17);
  std::uniform_real_distribution<T> d(-1e3, 1e3);
  for (const int64_t n : sizes) {
    SCOPED_TRACE(n);
    std::vector<T> x(static_cast<size_t>(n));
    for (T& v : x) v = d(g);
    for (int nans = 0; nans <= 3; ++nans) {
      if (nans > 0) {
        // A quiet NaN with payload `nans` at a random place.
        Bits b;
        const T q = std::numeric_limits<T>::quiet_NaN();
        std::memcpy(&b, &q, sizeof(T));
        b |= static_cast<Bits>(nans);
        std::memcpy(&x[std::uniform_int_distribution<size_t>(0, x.size() - 1)(g)], &b, sizeof(T));
      }
      Operands<1> o;
      o.ndim = 1;
      o.shape[0] = n;
      o.data[0] = reinterpret_cast<char*>(x.data());
      o.strides[0][0] = sizeof(T);
      const int saved = get_num_threads();
      for (int threads : {1, 2}) {
        set_num_threads(threads);
        EXPECT_TRUE(same_bits(reduce_all<T>(o, Max<T>{}), reduce_in_documented_order(x, Max<T>{})))
            << nans << " NaNs, " << threads << " threads";
        EXPECT_TRUE(same_bits(reduce_all<T>(o, Min<T>{}), reduce_in_documented_order(x, Min<T>{})))
            << nans << " NaNs, " << threads << " threads";
      }
      set_num_threads(saved);
    }
  }
}

TEST(ReduceAll, MaxAndMinFollowTheReductionOrder) {
  const std::vector<int64_t> sizes = {1, 63, 64, 65, 1000, kBlock - 1, kBlock, 3 * kBlock + 77};
  expect_select_in_documented_order<float>(sizes);
  expect_select_in_documented_order<double>(sizes);
  expect_select_in_documented_order<float>({kPrefetchMinBytes / 4 + 33});
}

// float32 sums in Note [runs in float]'s order written out as a naive
// loop: in each block, whole steps of kRun x kLanes elements, lane j
// adding its kRun elements j, j + kLanes, ... in float before its double;
// then the rest one lane per element; lanes folded pairwise, blocks
// merged first to last. The kernel keeps the lanes in vectors (Note
// [vector runs]); the sum must be the same bits.
double float_sum_in_documented_order(const float* x, int64_t n) {
  constexpr int L = detail::kLanes<double>, K = Sum<float>::kRun;
  double total = 0;
  for (int64_t b = 0; b < n; b += kBlock) {
    const int64_t m = std::min(kBlock, n - b);
    std::vector<double> lanes(L, 0.0);
    int64_t i = 0;
    for (; i + K * L <= m; i += K * L)
      for (int j = 0; j < L; ++j) {
        float run = 0;
        for (int k = 0; k < K; ++k) run += x[b + i + k * L + j];
        lanes[j] += static_cast<double>(run);
      }
    for (; i < m; ++i) lanes[i % L] += static_cast<double>(x[b + i]);
    for (int w = L / 2; w >= 1; w /= 2)
      for (int j = 0; j < w; ++j) lanes[j] += lanes[j + w];
    total = b == 0 ? lanes[0] : total + lanes[0];
  }
  return total;
}

TEST(ReduceAll, FloatSumsFollowTheRunOrder) {
  std::mt19937 g(23);
  std::uniform_real_distribution<float> d(-1e3f, 1e3f);
  for (const int64_t n : {int64_t{32}, int64_t{255}, int64_t{256}, int64_t{257}, int64_t{1000}, kBlock - 1, kBlock,
                          3 * kBlock + 77, kPrefetchMinBytes / 4 + 33}) {
    SCOPED_TRACE(n);
    std::vector<float> x(static_cast<size_t>(n));
    for (float& v : x) v = d(g);
    Operands<1> o;
    o.ndim = 1;
    o.shape[0] = n;
    o.data[0] = reinterpret_cast<char*>(x.data());
    o.strides[0][0] = sizeof(float);
    const double want = float_sum_in_documented_order(x.data(), n);
    const int saved = get_num_threads();
    for (int threads : {1, 2}) {
      set_num_threads(threads);
      EXPECT_TRUE(same_bits(reduce_all<float>(o, Sum<float>{}), want)) << threads << " threads";
      EXPECT_TRUE(same_bits(reduce_all<float>(o, Mean<float>{}), want)) << threads << " threads";
    }
    set_num_threads(saved);
  }
}

TEST(ReduceAll, IntegerSumWrapsInInt64) {
  Array<int64_t> a({3});
  a.at({0}) = std::numeric_limits<int64_t>::max();
  a.at({1}) = 1;
  a.at({2}) = 1;
  EXPECT_EQ(reduce_all<int64_t>(operands_of({3}, a), Sum<int64_t>{}), std::numeric_limits<int64_t>::min() + 1);
}

TEST(ReduceAll, ThreadCountDoesNotChangeResults) {
  std::mt19937 g(3);
  for (const Layout1& l : {Layout1{"dense", {1 << 20}, {1}}, Layout1{"transposed", {1000, 999}, {1, 1000}}}) {
    SCOPED_TRACE(l.name);
    Array<float> a(l.shape, l.strides);
    std::uniform_real_distribution<float> d(-1e6f, 1e6f);
    for (auto& b : a.mem) b.v = d(g);
    const int saved = get_num_threads();
    set_num_threads(1);
    const double one = reduce_all<float>(operands_of(l.shape, a), Sum<float>{});
    set_num_threads(2);
    const double two = reduce_all<float>(operands_of(l.shape, a), Sum<float>{});
    set_num_threads(saved);
    EXPECT_TRUE(same_bits(one, two)) << one << " vs " << two;
  }
}

// any and all stop at the first block that decides them (their lanes
// take the `omp simd` loop): the one deciding element first, last, inside
// a block, or nowhere, over dense, strided and 2-d layouts, bool and
// float inputs, one and two threads, against a plain loop.
template <class T>
void check_any_all(const Layout1& l, T zero, T one) {
  Array<T> a(l.shape, l.strides);
  const int64_t n = numel(l.shape);
  auto element = [&](int64_t i) -> T& {  // the i-th element in row-major order
    Shape idx(l.shape.size());
    for (size_t d = l.shape.size(); d-- > 0;) {
      idx[d] = i % l.shape[d];
      i /= l.shape[d];
    }
    return a.at(idx);
  };
  const int saved = get_num_threads();
  for (int64_t at : {int64_t{-1}, int64_t{0}, n / 2 + 5, n - 1}) {
    for (const bool ones : {false, true}) {
      for (auto& b : a.mem) b.v = ones ? one : zero;
      if (at >= 0) element(at) = ones ? zero : one;
      bool want_any = false, want_all = true;
      for (int64_t i = 0; i < n; ++i) {
        want_any = want_any || element(i) != zero;
        want_all = want_all && element(i) != zero;
      }
      for (int threads : {1, 2}) {
        set_num_threads(threads);
        EXPECT_EQ(reduce_all<T>(operands_of(l.shape, a), Any<T>{}) != 0, want_any)
            << l.name << " at " << at << " ones " << ones << " threads " << threads;
        EXPECT_EQ(reduce_all<T>(operands_of(l.shape, a), All<T>{}) != 0, want_all)
            << l.name << " at " << at << " ones " << ones << " threads " << threads;
      }
    }
  }
  set_num_threads(saved);
}

TEST(ReduceAll, AnyAndAllStopWhereDecided) {
  for (const Layout1& l : {Layout1{"dense", {300000}, {1}}, Layout1{"strided", {70000}, {3}},
                           Layout1{"transposed", {300, 299}, {1, 300}}, Layout1{"short", {40}, {1}}}) {
    check_any_all<bool>(l, false, true);
    check_any_all<float>(l, 0.0f, -0.5f);
  }
}

// Calls past kPrefetchMinBytes prefetch their dense runs
// (kRunPrefetchBytes); the sums must be the ones the same runs give
// unprefetched: each row of a large input summed along dim 1 equals that
// row summed alone, and the sum of all equals its kBlock blocks, each
// summed alone, merged first to last (Note [reduction order]).
TEST(ReduceAll, RunsPastTheCacheSumAsSmallOnes) {
  const int64_t rows = 1024, n = 2048;
  ASSERT_GE(rows * n * static_cast<int64_t>(sizeof(float)), kPrefetchMinBytes);
  Array<float> in(Shape{rows, n});
  std::mt19937 g(11);
  std::uniform_real_distribution<float> d(-1e3f, 1e3f);
  for (auto& b : in.mem) b.v = d(g);
  const float* base = in.base();
  const auto sum_alone = [](const float* p, int64_t m) {
    Operands<1> o;
    o.ndim = 1;
    o.shape[0] = m;
    o.data[0] = reinterpret_cast<char*>(const_cast<float*>(p));
    o.strides[0][0] = sizeof(float);
    return reduce_all<float>(o, Sum<float>{});
  };

  Array<float> out(Shape{rows, n}, {1, 0});
  reduce_dim<float, float>(operands_of(in.shape, out, in), 1, Sum<float>{});
  for (int64_t r = 0; r < rows; ++r)
    ASSERT_TRUE(same_bits(out.at({r, 0}), static_cast<float>(sum_alone(base + r * n, n)))) << "row " << r;

  const int64_t total = rows * n;
  double want = sum_alone(base, kBlock);
  for (int64_t k = kBlock; k < total; k += kBlock) want += sum_alone(base + k, std::min(kBlock, total - k));
  EXPECT_TRUE(same_bits(sum_alone(base, total), want));
}

// --- reduce_dim ----------------------------------------------------------

struct DimCase {
  std::string name;
  Shape shape, in_strides;
  int dim;
  bool transposed_out;  // output laid out transposed relative to the input
};

std::vector<DimCase> dim_cases() {
  const Shape m{37, 43}, big{90, 2100}, tall{20000, 3}, cube{6, 50, 40};
  std::vector<DimCase> v;
  for (int dim : {0, 1}) {
    v.push_back({"matrix", m, contiguous_strides(m), dim, false});
    v.push_back({"matrix_transposed_in", m, permuted_strides(m, {1, 0}), dim, false});
    v.push_back({"matrix_transposed_out", m, contiguous_strides(m), dim, true});
    v.push_back({"wide", big, contiguous_strides(big), dim, false});
    v.push_back({"tall", tall, contiguous_strides(tall), dim, false});
    v.push_back({"negative", m, {-43, -1}, dim, false});
    v.push_back({"broadcast_in", m, {0, 1}, dim, false});
  }
  for (int dim : {0, 1, 2}) {
    v.push_back({"cube", cube, contiguous_strides(cube), dim, false});
    v.push_back({"cube_permuted", cube, permuted_strides(cube, {1, 2, 0}), dim, false});
  }
  v.push_back({"long_dense_dim", {2, 20000}, {20000, 1}, 1, false});
  v.push_back({"empty_dim", {5, 0, 3}, {0, 3, 1}, 1, false});
  v.push_back({"empty_outputs", {0, 4}, {4, 1}, 1, false});
  v.push_back({"single", {1}, {1}, 0, false});
  return v;
}

// An output array for reducing `shape` along dim: size 1 there, stride 0.
template <class OutT>
Array<OutT> output_for(const DimCase& c) {
  Shape os = c.shape;
  os[c.dim] = 1;
  Shape st = c.transposed_out ? permuted_strides(os, {1, 0}) : contiguous_strides(os);
  Array<OutT> out(os, st);
  out.shape = c.shape;
  out.strides[c.dim] = 0;
  return out;
}

template <class T, class OutT, class R, class Ref>
void check_reduce_dim(const R& r, const Ref& ref_check) {
  std::mt19937 g(4);
  for (const DimCase& c : dim_cases()) {
    SCOPED_TRACE(c.name + " dim " + std::to_string(c.dim));
    Array<T> in(c.shape, c.in_strides);
    fill_random(in, g);
    Array<OutT> out = output_for<OutT>(c);
    reduce_dim<T, OutT>(operands_of(c.shape, out, in), c.dim, r);
    Shape oshape = c.shape;
    oshape[c.dim] = 1;
    for_each_index(oshape, [&](const Shape& o) {
      std::vector<T> run;
      Shape i = o;
      for (i[c.dim] = 0; i[c.dim] < c.shape[c.dim]; ++i[c.dim]) run.push_back(in.at(i));
      ref_check(out.at(o), run);
    });
  }
}

// count_nonzero's reducer (bytes and int16 in counters of their width,
// Note [counts in narrow counters]) against a naive count, every dtype and
// layout, with mostly zeros, mostly nonzeros and a mix; along every dim
// too.
TYPED_TEST(ReduceTyped, CountNonzeroMatchesANaiveCount) {
  using T = TypeParam;
  std::mt19937 g(4);
  for (const int density : {0, 1, 50, 99, 100}) {
    for (const Layout1& l : reduce_all_layouts()) {
      SCOPED_TRACE(l.name + " density " + std::to_string(density));
      Array<T> a(l.shape, l.strides);
      fill_random(a, g);
      for_each_index(l.shape, [&](const Shape& i) {
        if (static_cast<int>(g() % 100) >= density) a.at(i) = T(0);
      });
      int64_t want = 0;  // after the zeros: a broadcast element is several
      for_each_index(l.shape, [&](const Shape& i) {
        want += as_double(a.at(i)) != 0.0 || std::isnan(as_double(a.at(i)));
      });
      EXPECT_EQ(reduce_all<T>(operands_of(l.shape, a), CountNonzero<T>{}), want);
    }
  }
  for (const DimCase& c : dim_cases()) {
    SCOPED_TRACE(c.name + " dim " + std::to_string(c.dim));
    Array<T> in(c.shape, c.in_strides);
    fill_random(in, g);
    for (auto& b : in.mem)
      if (g() % 3 == 0) b.v = T(0);
    Array<int64_t> out = output_for<int64_t>(c);
    reduce_dim<T, int64_t>(operands_of(c.shape, out, in), c.dim, CountNonzero<T>{});
    Shape oshape = c.shape;
    oshape[c.dim] = 1;
    for_each_index(oshape, [&](const Shape& o) {
      Shape i = o;
      int64_t want = 0;
      for (i[c.dim] = 0; i[c.dim] < c.shape[c.dim]; ++i[c.dim]) want += as_double(in.at(i)) != 0.0 || std::isnan(as_double(in.at(i)));
      ASSERT_EQ(out.at(o), want);
    });
  }
}

TYPED_TEST(ReduceTyped, SumAlongEveryDim) {
  using T = TypeParam;
  using OutT = acc_t<T>;
  check_reduce_dim<T, OutT>(Sum<T>{}, [](OutT got, const std::vector<T>& run) {
    long double exact = 0, magnitude = 0;
    for (T v : run) {
      exact += as_double(v);
      magnitude += std::fabs(as_double(v));
    }
    check_sum<T>(static_cast<double>(got), exact, magnitude);
  });
}

TYPED_TEST(ReduceTyped, SumIntoTheInputTypeConverts) {
  using T = TypeParam;
  check_reduce_dim<T, T>(Sum<T>{}, [](T got, const std::vector<T>& run) {
    acc_t<T> acc = 0;
    for (T v : run) acc += static_cast<acc_t<T>>(static_cast<opmath_t<T>>(v));
    if constexpr (std::is_floating_point_v<acc_t<T>>) {
      // The kernel's order differs from this one; compare after rounding
      // both to T, allowing the one-unit difference a rounding can make.
      EXPECT_NEAR(as_double(got), as_double(convert<T>(acc)), std::fabs(as_double(convert<T>(acc))) * 1e-2 + 1e-6);
    } else {
      EXPECT_TRUE(same_bits(got, convert<T>(acc)));
    }
  });
}

TYPED_TEST(ReduceTyped, MaxAlongEveryDim) {
  using T = TypeParam;
  using M = opmath_t<T>;
  check_reduce_dim<T, T>(Max<T>{}, [](T got, const std::vector<T>& run) {
    M best = Max<T>{}.identity();
    for (T v : run) best = std::max(best, static_cast<M>(v));
    EXPECT_TRUE(same_bits(got, convert<T>(best)));
  });
}

TEST(ReduceDim, MeanDividesByTheCountAndEmptyIsNaN) {
  check_reduce_dim<float, double>(Mean<float>{}, [](double got, const std::vector<float>& run) {
    long double s = 0, magnitude = 0;
    for (float v : run) {
      s += v;
      magnitude += std::fabs(v);
    }
    if (run.empty())
      EXPECT_TRUE(std::isnan(got));
    else
      EXPECT_NEAR(got, static_cast<double>(s / run.size()), sum_tolerance<float>() * static_cast<double>(magnitude / run.size()));
  });
}

TEST(ReduceDim, ThreadCountDoesNotChangeSumsOrIndices) {
  std::mt19937 g(5);
  for (const DimCase& c : dim_cases()) {
    SCOPED_TRACE(c.name + " dim " + std::to_string(c.dim));
    Array<float> in(c.shape, c.in_strides);
    fill_random(in, g);
    Array<float> one = output_for<float>(c), two = output_for<float>(c);
    const int saved = get_num_threads();
    set_num_threads(1);
    reduce_dim<float, float>(operands_of(c.shape, one, in), c.dim, Sum<float>{});
    set_num_threads(2);
    reduce_dim<float, float>(operands_of(c.shape, two, in), c.dim, Sum<float>{});
    set_num_threads(saved);
    ASSERT_EQ(std::memcmp(one.mem.data(), two.mem.data(), one.mem.size() * sizeof(float)), 0);
    if (numel(c.shape) == 0) continue;
    Array<float> v1 = output_for<float>(c), v2 = output_for<float>(c);
    Array<int64_t> i1 = output_for<int64_t>(c), i2 = output_for<int64_t>(c);
    set_num_threads(1);
    reduce_dim_index<float>(operands_of(c.shape, v1, i1, in), c.dim, Greater{});
    set_num_threads(2);
    reduce_dim_index<float>(operands_of(c.shape, v2, i2, in), c.dim, Greater{});
    set_num_threads(saved);
    ASSERT_EQ(std::memcmp(v1.mem.data(), v2.mem.data(), v1.mem.size() * sizeof(float)), 0);
    ASSERT_EQ(std::memcmp(i1.mem.data(), i2.mem.data(), i1.mem.size() * sizeof(int64_t)), 0);
  }
}

// --- reduce_dim_index ----------------------------------------------------

template <class T, class Compare>
void check_reduce_dim_index(Compare better, bool with_nans) {
  using M = opmath_t<T>;
  std::mt19937 g(6);
  for (const DimCase& c : dim_cases()) {
    if (numel(c.shape) == 0) continue;
    SCOPED_TRACE(c.name + " dim " + std::to_string(c.dim));
    Array<T> in(c.shape, c.in_strides);
    // Few distinct values, so ties are everywhere.
    for (auto& b : in.mem) b.v = static_cast<T>(static_cast<int>(g() % 4));
    if constexpr (!std::is_integral_v<T>)
      if (with_nans)
        for (auto& b : in.mem)
          if (g() % 7 == 0) b.v = T(std::numeric_limits<float>::quiet_NaN());
    Array<T> values = output_for<T>(c);
    Array<int64_t> indices = output_for<int64_t>(c);
    reduce_dim_index<T>(operands_of(c.shape, values, indices, in), c.dim, better);
    Shape oshape = c.shape;
    oshape[c.dim] = 1;
    for_each_index(oshape, [&](const Shape& o) {
      Shape i = o;
      int64_t want = 0;
      for (i[c.dim] = 0; i[c.dim] < c.shape[c.dim]; ++i[c.dim]) {
        const M x = static_cast<M>(in.at(i));
        Shape w = o;
        w[c.dim] = want;
        const M best = static_cast<M>(in.at(w));
        if (std::isnan(static_cast<double>(best))) break;
        if (std::isnan(static_cast<double>(x)) || better(x, best)) want = i[c.dim];
      }
      Shape w = o;
      w[c.dim] = want;
      ASSERT_EQ(indices.at(o), want);
      ASSERT_TRUE(same_bits(values.at(o), in.at(w)));
    });
  }
}

TYPED_TEST(ReduceTyped, ArgmaxAndArgminPickTheFirstBest) {
  check_reduce_dim_index<TypeParam>(Greater{}, false);
  check_reduce_dim_index<TypeParam>(Less{}, false);
}

TYPED_TEST(ReduceTyped, ArgmaxAndArgminPickTheFirstNaN) {
  check_reduce_dim_index<TypeParam>(Greater{}, true);
  check_reduce_dim_index<TypeParam>(Less{}, true);
}

TEST(ReduceDimIndex, ExplicitTiesAndNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Shape s{1, 7};
  Array<float> in(s), v(s, {0, 0});
  Array<int64_t> idx(s, {0, 0});
  const float rows[][7] = {{1, 3, 3, 2, 3, 0, 0}, {1, nan, 5, nan, 9, 0, 0}, {nan, 1, 2, 3, 4, 5, 6}};
  const int64_t want_max[] = {1, 1, 0}, want_min[] = {5, 1, 0};
  for (int r = 0; r < 3; ++r) {
    for (int64_t j = 0; j < 7; ++j) in.at({0, j}) = rows[r][j];
    reduce_dim_index<float>(operands_of(s, v, idx, in), 1, Greater{});
    EXPECT_EQ(idx.at({0, 0}), want_max[r]);
    reduce_dim_index<float>(operands_of(s, v, idx, in), 1, Less{});
    EXPECT_EQ(idx.at({0, 0}), want_min[r]);
  }
}

// The max and the min of the one row of `in` ({1, n}) with their
// positions, against a first-to-last loop: the first NaN wins, else the
// first of the best values.
void expect_best_of_row(Array<float>& in) {
  const Shape s = in.shape;
  const int64_t n = s[1];
  Array<float> v(s, {0, 0});
  Array<int64_t> idx(s, {0, 0});
  for (const bool largest : {true, false}) {
    int64_t want = 0;
    for (int64_t j = 1; j < n && !std::isnan(in.at({0, want})); ++j) {
      const float x = in.at({0, j}), b = in.at({0, want});
      if (std::isnan(x) || (largest ? x > b : x < b)) want = j;
    }
    if (largest) reduce_dim_index<float>(operands_of(s, v, idx, in), 1, Greater{});
    else reduce_dim_index<float>(operands_of(s, v, idx, in), 1, Less{});
    EXPECT_EQ(idx.at({0, 0}), want) << (largest ? "max" : "min");
    EXPECT_TRUE(same_bits(v.at({0, 0}), in.at({0, want})));
  }
}

// Dense rows long enough for the laned path (detail::best_position_dense),
// each with one NaN, or none, anywhere: in the first lanes, the middle,
// the tail past the last whole group of lanes; the best value twice.
TEST(ReduceDimIndex, LongRowsWithOneNaNAnywhere) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const int64_t n = 1003;
  Array<float> in(Shape{1, n});
  for (const int64_t best_at : {int64_t{0}, int64_t{5}, int64_t{500}, n - 1}) {
    for (const int64_t nan_at : {int64_t{-1}, int64_t{0}, int64_t{3}, int64_t{64}, int64_t{700}, n - 2, n - 1}) {
      SCOPED_TRACE("best at " + std::to_string(best_at) + ", NaN at " + std::to_string(nan_at));
      for (int64_t j = 0; j < n; ++j) in.at({0, j}) = static_cast<float>(j % 17) - 8.0f;
      in.at({0, best_at}) = 100.0f;
      in.at({0, std::min(best_at + 40, n - 1)}) = 100.0f;
      in.at({0, (best_at + 200) % n}) = -100.0f;
      if (nan_at >= 0) in.at({0, nan_at}) = nan;
      expect_best_of_row(in);
    }
  }
}

// The best value at two positions of a laned row (16 lanes, 4 vectors,
// 64 elements a step): in one lane, two lanes of one vector, two
// vectors, two steps, the tail; the lanes meet by shuffles
// (fold_best_lanes) and must keep the first.
TEST(ReduceDimIndex, TiesAcrossLanesKeepTheFirst) {
  const int64_t n = 200;
  Array<float> in(Shape{1, n});
  for (int64_t first = 0; first < n; first += 3)
    for (int64_t second = first + 1; second < n; second += 5) {
      SCOPED_TRACE("best at " + std::to_string(first) + " and " + std::to_string(second));
      for (int64_t j = 0; j < n; ++j) in.at({0, j}) = static_cast<float>(j % 13);
      in.at({0, first}) = in.at({0, second}) = 50.0f;
      in.at({0, n - 1 - first}) = in.at({0, n - 1 - second}) = -50.0f;
      expect_best_of_row(in);
      if (HasFailure()) return;
    }
}

// Infinities make the first pass's NaN sum (x * 0) NaN without a NaN in
// the row: the best is then found among the values as usual, an infinity
// included, and a NaN after an infinity still wins.
TEST(ReduceDimIndex, LongRowsWithInfinities) {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const int64_t n = 777;
  Array<float> in(Shape{1, n});
  for (const int64_t inf_at : {int64_t{0}, int64_t{300}, n - 1}) {
    for (const int64_t nan_at : {int64_t{-1}, int64_t{600}}) {
      SCOPED_TRACE("inf at " + std::to_string(inf_at) + ", NaN at " + std::to_string(nan_at));
      for (int64_t j = 0; j < n; ++j) in.at({0, j}) = static_cast<float>(j % 13) - 6.0f;
      in.at({0, inf_at}) = inf;
      in.at({0, (inf_at + 400) % n}) = -inf;
      if (nan_at >= 0) in.at({0, nan_at}) = nan;
      expect_best_of_row(in);
    }
  }
}

// -0 and +0 are equal: the first of them is the best, whichever sign the
// lanes (Note [one-pass best position]) saw first.
TEST(ReduceDimIndex, LongRowsOfSignedZeros) {
  const int64_t n = 300;
  Array<float> in(Shape{1, n});
  for (const int64_t first_zero : {int64_t{0}, int64_t{1}, int64_t{70}, n - 3}) {
    SCOPED_TRACE("first zero at " + std::to_string(first_zero));
    for (int64_t j = 0; j < n; ++j) in.at({0, j}) = j < first_zero ? -1.0f : (j % 2 ? 0.0f : -0.0f);
    expect_best_of_row(in);
  }
}

// Inputs past kPrefetchMinBytes take the prefetching one-pass path (its
// prefetches reach across each row's end into the next): every row's
// first best against a naive loop, with ties (few distinct values) and
// a NaN in some rows.
template <class T>
void expect_best_of_rows_prefetched(int64_t rows, int64_t n) {
  ASSERT_GE(rows * n * static_cast<int64_t>(sizeof(T)), kPrefetchMinBytes);
  Array<T> in(Shape{rows, n});
  std::mt19937 gen(7);
  std::uniform_int_distribution<int> value(0, 999);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t j = 0; j < n; ++j) in.at({r, j}) = static_cast<T>(value(gen));
  for (int64_t r = 0; r < rows; r += 97) in.at({r, (r * 31) % n}) = std::numeric_limits<T>::quiet_NaN();
  Array<T> v(Shape{rows, n}, {1, 0});
  Array<int64_t> idx(Shape{rows, n}, {1, 0});
  reduce_dim_index<T>(operands_of(in.shape, v, idx, in), 1, Greater{});
  for (int64_t r = 0; r < rows; ++r) {
    int64_t want = 0;
    for (int64_t j = 1; j < n && !std::isnan(in.at({r, want})); ++j)
      if (std::isnan(in.at({r, j})) || in.at({r, j}) > in.at({r, want})) want = j;
    ASSERT_EQ(idx.at({r, 0}), want) << "row " << r;
    ASSERT_TRUE(same_bits(v.at({r, 0}), in.at({r, want}))) << "row " << r;
  }
}

TEST(ReduceDimIndex, RowsPastTheCacheArePrefetched) {
  expect_best_of_rows_prefetched<float>(1024, 2048);
  expect_best_of_rows_prefetched<double>(600, 2000);
}

}  // namespace
}  // namespace ember::kernels
