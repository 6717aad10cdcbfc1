// The semantics issue 4 names for reductions, scans and sorts, each stated
// once by example: NaN as the largest value, ties, empty tensors, keepdim
// and negative dims, Half/BFloat16 accumulated in float, TH's integer
// cumsum, histc's bin edges, std/var of one element. The generated tests
// cover the same ground over every dtype and layout; these name the rule
// they check. Expected values come from loops over the inputs here (or,
// for counts and constants, from the input's construction), never from
// another ember op.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "TH/TH.h"
#include "ember/tensor.h"

namespace {

using namespace ember;

const double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> values(const Tensor& t) {
  const Tensor d = t.to(kDouble).contiguous();
  const double* p = d.numel() ? d.data<double>() : nullptr;
  return std::vector<double>(p, p + d.numel());
}

std::vector<int64_t> longs(const Tensor& t) {
  const Tensor d = t.to(kLong).contiguous();
  const int64_t* p = d.numel() ? d.data<int64_t>() : nullptr;
  return std::vector<int64_t>(p, p + d.numel());
}

Tensor filled(IntList sizes, const Scalar& value, DType dtype) {
  Tensor t = empty(sizes, dtype);
  t.fill_(value);
  return t;
}

// NaN-aware equality: both NaN, or equal.
bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

// Positions of v in a stable sort with NaN the largest value (PyTorch's
// order), ascending or descending; equal elements keep their order.
std::vector<int64_t> stable_order(const std::vector<double>& v, bool descending) {
  std::vector<int64_t> idx(v.size());
  std::iota(idx.begin(), idx.end(), 0);
  auto rank_less = [](double a, double b) { return !std::isnan(a) && (std::isnan(b) || a < b); };
  std::stable_sort(idx.begin(), idx.end(), [&](int64_t i, int64_t j) {
    return descending ? rank_less(v[j], v[i]) : rank_less(v[i], v[j]);
  });
  return idx;
}

// The message of the ember::Error f throws (failing the test if none).
template <class F>
std::string error_of(F f, ErrorKind kind) {
  try {
    f();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no error thrown";
  return {};
}

// ---- NaN is the largest value -------------------------------------------------

const std::vector<double> kWithNaN = {3, kNaN, 1, -0.0, 3, kNaN, 0.0, -2, 1, 7};

TEST(ReduceSemantics, SortNaNLargestAndStable) {
  for (DType dtype : {kFloat, kDouble, kHalf, kBFloat16}) {
    const Tensor t = from_vector(kWithNaN, {10}).to(dtype);
    for (bool descending : {false, true}) {
      const auto [v, i] = sort(t, -1, descending);
      const std::vector<int64_t> want = stable_order(kWithNaN, descending);
      EXPECT_EQ(longs(i), want) << dtype_name(dtype) << " descending=" << descending;
      const std::vector<double> got = values(v);
      for (size_t k = 0; k < want.size(); ++k) EXPECT_TRUE(same(got[k], kWithNaN[want[k]])) << k;
      // NaNs last ascending, first descending.
      EXPECT_TRUE(std::isnan(got[descending ? 0 : 9]));
      EXPECT_TRUE(std::isnan(got[descending ? 1 : 8]));
    }
  }
}

TEST(ReduceSemantics, TopkNaNLargest) {
  const Tensor t = from_vector(kWithNaN, {10}).to(kFloat);
  for (bool largest : {true, false}) {
    for (int64_t k : {0, 1, 3, 10}) {
      const auto [v, i] = topk(t, k, 0, largest, true);
      std::vector<int64_t> want = stable_order(kWithNaN, largest);
      want.resize(static_cast<size_t>(k));
      EXPECT_EQ(longs(i), want) << "largest=" << largest << " k=" << k;
      const std::vector<double> got = values(v);
      for (size_t j = 0; j < want.size(); ++j) EXPECT_TRUE(same(got[j], kWithNaN[want[j]]));
    }
  }
  // Unsorted: the same elements, in order of position.
  const auto [v, i] = topk(t, 4, 0, true, false);
  std::vector<int64_t> want = stable_order(kWithNaN, true);
  want.resize(4);
  std::sort(want.begin(), want.end());
  EXPECT_EQ(longs(i), want);
}

TEST(ReduceSemantics, MaxMinFirstOccurrenceAndNaN) {
  // Row 0 has ties for both max and min; row 1 a NaN after the max.
  const std::vector<double> rows = {2, 5, -1, 5, -1, 0, 9, kNaN, 9, kNaN};
  const Tensor t = from_vector(rows, {2, 5}).to(kFloat);
  for (bool largest : {true, false}) {
    const auto [v, i] = largest ? max(t, 1) : min(t, 1);
    for (int r = 0; r < 2; ++r) {
      // The first NaN if any, else the first best.
      int64_t best = 0;
      for (int64_t j = 0; j < 5; ++j) {
        const double x = rows[r * 5 + j], b = rows[r * 5 + best];
        if (std::isnan(b)) break;
        if (std::isnan(x) || (largest ? x > b : x < b)) best = j;
      }
      EXPECT_EQ(longs(i)[r], best) << "largest=" << largest << " row " << r;
      EXPECT_TRUE(same(values(v)[r], rows[r * 5 + best]));
    }
  }
  EXPECT_TRUE(std::isnan(max(t).item<double>()));
  EXPECT_TRUE(std::isnan(THFloatTensor_minall(reinterpret_cast<THFloatTensor*>(t.impl()))));
  // Integer ties: the first position too.
  const Tensor n = from_vector(std::vector<double>{4, 1, 4, 1}, {4}).to(kInt);
  EXPECT_EQ(std::get<1>(max(n, 0)).item<int64_t>(), 0);
  EXPECT_EQ(std::get<1>(min(n, 0)).item<int64_t>(), 1);
}

TEST(ReduceSemantics, MedianLowerAndNaN) {
  // Even length: the lower of the two middle elements.
  const std::vector<double> even = {4, 1, 3, 2, 6, 5};
  std::vector<double> sorted = even;
  std::sort(sorted.begin(), sorted.end());
  const Tensor t = from_vector(even, {6}).to(kDouble);
  EXPECT_EQ(median(t).item<double>(), sorted[(sorted.size() - 1) / 2]);
  EXPECT_EQ(THDoubleTensor_medianall(reinterpret_cast<THDoubleTensor*>(t.impl())), sorted[(sorted.size() - 1) / 2]);
  // A NaN anywhere: NaN, at the first NaN's position.
  const Tensor w = from_vector(kWithNaN, {10}).to(kFloat);
  const auto [v, i] = median(w, 0);
  EXPECT_TRUE(std::isnan(v.item<double>()));
  EXPECT_EQ(i.item<int64_t>(), std::find_if(kWithNaN.begin(), kWithNaN.end(), [](double x) { return std::isnan(x); }) -
                                   kWithNaN.begin());
}

// ---- empty tensors -------------------------------------------------------------

TEST(ReduceSemantics, EmptyTensors) {
  const Tensor e = empty({0, 3}, kFloat);
  EXPECT_EQ(sum(e).item<double>(), 0);
  EXPECT_EQ(sum(empty({0}, kInt)).dtype(), kLong);
  EXPECT_EQ(prod(e).item<double>(), 1);
  EXPECT_EQ(values(sum(e, 0)), std::vector<double>(3, 0.0));
  EXPECT_EQ(sum(e, 1).shape(), std::vector<int64_t>{0});
  EXPECT_EQ(values(prod(e, 0)), std::vector<double>(3, 1.0));
  EXPECT_EQ(THFloatTensor_sumall(reinterpret_cast<THFloatTensor*>(e.impl())), 0.0);
  EXPECT_FALSE(any(e).item<bool>());
  EXPECT_TRUE(all(e).item<bool>());
  EXPECT_EQ(std::get<0>(sort(e, 0)).shape(), e.shape());
  EXPECT_EQ(values(cumsum(e, 0)), std::vector<double>{});
  // No element to pick: an error naming the op and the argument.
  for (const std::string& m :
       {error_of([&] { max(e); }, ErrorKind::Value), error_of([&] { min(e, 0); }, ErrorKind::Value),
        error_of([&] { median(e); }, ErrorKind::Value), error_of([&] { max(e, 0); }, ErrorKind::Value)}) {
    EXPECT_TRUE(m.find("max") != std::string::npos || m.find("min") != std::string::npos ||
                m.find("median") != std::string::npos)
        << m;
  }
  try {
    max(e);
  } catch (const Error& err) {
    EXPECT_EQ(err.arg(), "self");
    EXPECT_EQ(std::string(err.what()).rfind("max", 0), 0u) << err.what();
  }
  // Along a non-empty dim of an empty tensor there is nothing to reduce.
  const auto [v, i] = max(e, 1);
  EXPECT_EQ(v.shape(), std::vector<int64_t>{0});
  EXPECT_EQ(i.dtype(), kLong);
}

// ---- keepdim and negative dims -------------------------------------------------

TEST(ReduceSemantics, KeepdimAndNegativeDims) {
  std::vector<double> v(24);
  std::iota(v.begin(), v.end(), -7.0);
  const Tensor t = from_vector(v, {2, 3, 4}).to(kDouble);
  // sum over dim 1 by a loop.
  std::vector<double> want(8, 0.0);
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int c = 0; c < 4; ++c) want[a * 4 + c] += v[(a * 3 + b) * 4 + c];
  for (int64_t dim : {1, -2}) {
    const Tensor s = sum(t, dim, true);
    EXPECT_EQ(s.shape(), (std::vector<int64_t>{2, 1, 4}));
    EXPECT_EQ(values(s), want);
    EXPECT_EQ(sum(t, dim).shape(), (std::vector<int64_t>{2, 4}));
    const auto [mv, mi] = max(t, dim, true);
    EXPECT_EQ(mi.shape(), (std::vector<int64_t>{2, 1, 4}));
    EXPECT_EQ(longs(mi), std::vector<int64_t>(8, 2));  // v increases along every dim
  }
  EXPECT_EQ(error_of([&] { sum(t, -4); }, ErrorKind::Index).rfind("sum", 0), 0u);
  EXPECT_EQ(error_of([&] { sort(t, 3); }, ErrorKind::Index).rfind("sort", 0), 0u);
  // TH: keepdim is the last argument; dim 1 of [2, 3, 4] kept as size 1.
  THDoubleTensor* r = THDoubleTensor_new();
  THDoubleTensor_sum(r, reinterpret_cast<THDoubleTensor*>(t.impl()), 1, 1);
  EXPECT_EQ(THDoubleTensor_nDimension(r), 3);
  EXPECT_EQ(THDoubleTensor_size(r, 1), 1);
  THDoubleTensor_free(r);
}

// ---- accumulation -------------------------------------------------------------

TEST(ReduceSemantics, HalfAndBFloat16AccumulateInFloat) {
  // 3000 ones: Half holds 3000 exactly, but a Half accumulator stops at
  // 2048 (its spacing there is 2). BFloat16: 512 ones, exact in bfloat16,
  // where a bfloat16 accumulator stops at 256.
  EXPECT_EQ(sum(ones({3000}, kHalf)).item<double>(), 3000.0);
  EXPECT_EQ(sum(ones({512}, kBFloat16)).item<double>(), 512.0);
  EXPECT_EQ(values(sum(ones({2, 3000}, kHalf), 1)), std::vector<double>(2, 3000.0));
  EXPECT_EQ(values(cumsum(ones({3000}, kHalf), 0))[2999], 3000.0);
  EXPECT_EQ(mean(ones({3000}, kHalf)).item<double>(), 1.0);
}

TEST(ReduceSemantics, IntegerCumsumInInt64) {
  const int64_t n = 300;
  const Tensor t = filled({n}, Scalar(200), kByte);
  // C++: int64 results, no wrapping.
  const Tensor c = cumsum(t, 0);
  EXPECT_EQ(c.dtype(), kLong);
  const std::vector<int64_t> got = longs(c);
  for (int64_t i = 0; i < n; ++i) EXPECT_EQ(got[i], 200 * (i + 1));
  // TH: accumulated in long, each sum stored back into Byte.
  THByteTensor* r = THByteTensor_new();
  THByteTensor_cumsum(r, reinterpret_cast<THByteTensor*>(t.impl()), 0);
  for (int64_t i = 0; i < n; ++i) EXPECT_EQ(THByteTensor_get1d(r, i), static_cast<uint8_t>((200 * (i + 1)) % 256));
  THByteTensor_free(r);
  EXPECT_EQ(cumprod(filled({3}, Scalar(100), kInt), 0).dtype(), kLong);
  EXPECT_EQ(longs(cumprod(filled({3}, Scalar(100), kInt), 0))[2], 1000000);
}

// ---- histc ---------------------------------------------------------------------

TEST(ReduceSemantics, HistcBinEdges) {
  // Edges 0, 1, 2, 3, 4: a value on an inner edge goes to the bin above
  // it, max to the last bin; below min, above max and NaN are not counted.
  const std::vector<double> x = {0, 0.5, 1, 1.999, 2, 3, 4, 4.0001, -0.0001, kNaN};
  const Tensor h = histc(from_vector(x, {10}).to(kDouble), 4, 0, 4);
  std::vector<double> want(4, 0.0);
  for (double v : x) {
    if (!(v >= 0 && v <= 4)) continue;
    want[std::min<size_t>(3, static_cast<size_t>(std::floor(v)))] += 1;
  }
  EXPECT_EQ(values(h), want);
  // min == max: the data's own range.
  const std::vector<double> y = {2, 3, 5, 4, 2};
  const Tensor g = histc(from_vector(y, {5}).to(kFloat), 3);
  std::vector<double> want_g(3, 0.0);
  for (double v : y) want_g[std::min<size_t>(2, static_cast<size_t>((v - 2) / 3 * 3))] += 1;
  EXPECT_EQ(values(g), want_g);
  EXPECT_EQ(error_of([] { histc(ones({3}), 0); }, ErrorKind::Value).rfind("histc", 0), 0u);
}

// ---- std and var of one element -------------------------------------------------

TEST(ReduceSemantics, StdVarOfOneElement) {
  const Tensor one = filled({1}, Scalar(4.5), kDouble);
  EXPECT_TRUE(std::isnan(var(one).item<double>()));
  EXPECT_TRUE(std::isnan(ember::std(one, true).item<double>()));
  EXPECT_EQ(var(one, false).item<double>(), 0.0);
  EXPECT_EQ(ember::std(one, false).item<double>(), 0.0);
  EXPECT_TRUE(std::isnan(values(var(filled({3, 1}, Scalar(1), kFloat), int64_t{1}))[0]));
  EXPECT_EQ(values(ember::std(filled({3, 1}, Scalar(1), kFloat), int64_t{1}, false)), std::vector<double>(3, 0.0));
  auto* th = reinterpret_cast<THDoubleTensor*>(one.impl());
  EXPECT_EQ(THDoubleTensor_varall(th, 1), 0.0);  // biased
  EXPECT_TRUE(std::isnan(THDoubleTensor_stdall(th, 0)));
}

}  // namespace
