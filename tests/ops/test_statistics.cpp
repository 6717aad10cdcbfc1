// var_mean and std_mean, aminmax, quantile and nanquantile, cdist, diff
// and norm's p='fro' / 'nuc' (schemas/math/statistics.yaml, reduce.yaml),
// in C++, by example. Expected values come from loops here, never from
// another ember op; the generated Python tests cover every dtype and
// layout against NumPy.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

#include "ember/tensor.h"

namespace {

using namespace ember;

const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

std::vector<double> values(const Tensor& t) {
  const Tensor d = t.to(kDouble).contiguous();
  const double* p = d.numel() ? d.data<double>() : nullptr;
  return std::vector<double>(p, p + d.numel());
}

template <class F>
void expect_error(ErrorKind kind, F&& call) {
  try {
    call();
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
  }
}

TEST(Statistics, VarMean) {
  // Rows {1, 2, 4, 9} and {3, 3, 3, 7}.
  const std::vector<double> v = {1, 2, 4, 9, 3, 3, 3, 7};
  const Tensor x = from_vector(v, {2, 4});
  for (int64_t correction : {0, 1, 2}) {
    const auto [var, mean] = ember::var_mean(x, {1}, std::optional<int64_t>(correction), true);
    EXPECT_EQ(var.sizes(), IntList({2, 1}));
    for (size_t r = 0; r < 2; ++r) {
      double m = 0, m2 = 0;
      for (size_t k = 0; k < 4; ++k) m += v[r * 4 + k] / 4;
      for (size_t k = 0; k < 4; ++k) m2 += (v[r * 4 + k] - m) * (v[r * 4 + k] - m);
      EXPECT_DOUBLE_EQ(values(mean)[r], m);
      EXPECT_NEAR(values(var)[r], m2 / static_cast<double>(4 - correction), 1e-12);
      const auto [sd, mean2] = ember::std_mean(x, {-1}, std::optional<int64_t>(correction), false);
      EXPECT_NEAR(values(sd)[r], std::sqrt(m2 / static_cast<double>(4 - correction)), 1e-12);
      EXPECT_DOUBLE_EQ(values(mean2)[r], m);
    }
  }
  // Every element; biased.
  double m = 0, m2 = 0;
  for (double e : v) m += e / 8;
  for (double e : v) m2 += (e - m) * (e - m);
  const auto [var, mean] = ember::var_mean(x, false);
  EXPECT_NEAR(var.item<double>(), m2 / 8, 1e-12);
  EXPECT_DOUBLE_EQ(mean.item<double>(), m);
  EXPECT_NEAR(std::get<0>(ember::std_mean(x)).item<double>(), std::sqrt(m2 / 7), 1e-12);
  // No elements: NaN for both.
  const auto [ev, em] = ember::var_mean(empty({0}));
  EXPECT_TRUE(std::isnan(ev.item<double>()) && std::isnan(em.item<double>()));
  expect_error(ErrorKind::Type, [] { ember::var_mean(ones({2}, kLong)); });
  expect_error(ErrorKind::Index, [&] { ember::std_mean(x, IntList{2}); });
}

TEST(Statistics, Aminmax) {
  const Tensor x = from_vector(std::vector<int32_t>{4, -2, 7, 0, 9, -5}, {2, 3});
  const auto [lo, hi] = ember::aminmax(x);
  EXPECT_EQ(lo.item<int64_t>(), -5);
  EXPECT_EQ(hi.item<int64_t>(), 9);
  EXPECT_EQ(lo.dtype(), kInt);
  const auto [rlo, rhi] = x.aminmax(0, true);
  EXPECT_EQ(rlo.sizes(), IntList({1, 3}));
  EXPECT_EQ(values(rlo), (std::vector<double>{0, -2, -5}));
  EXPECT_EQ(values(rhi), (std::vector<double>{4, 9, 7}));
  // NaN propagates to both.
  const auto [nlo, nhi] = ember::aminmax(from_vector(std::vector<double>{1, kNan, 3}, {3}));
  EXPECT_TRUE(std::isnan(nlo.item<double>()) && std::isnan(nhi.item<double>()));
  // out=: both written, the dtypes checked first.
  Tensor a = empty({0}, kInt), b = empty({0}, kInt);
  ember::aminmax_out(a, b, x, 1);
  EXPECT_EQ(values(a), (std::vector<double>{-2, -5}));
  EXPECT_EQ(values(b), (std::vector<double>{7, 9}));
  Tensor wrong = empty({0}, kFloat), kept = full({2}, 3.0, kInt);
  expect_error(ErrorKind::Type, [&] { ember::aminmax_out(kept, wrong, x, 1); });
  EXPECT_EQ(values(kept), (std::vector<double>{3, 3}));
  expect_error(ErrorKind::Value, [] { ember::aminmax(empty({0, 2})); });
  expect_error(ErrorKind::Index, [] { ember::aminmax(empty({0, 2}), 0); });
}

// The q-th quantile of sorted `s` (n >= 1) by `how`, as PyTorch defines it.
double quantile_of(const std::vector<double>& s, double q, std::string_view how) {
  const double rank = q * static_cast<double>(s.size() - 1);
  const auto lo = static_cast<size_t>(std::floor(rank)), hi = static_cast<size_t>(std::ceil(rank));
  if (how == "lower") return s[lo];
  if (how == "higher") return s[hi];
  if (how == "midpoint") return (s[lo] + s[hi]) / 2;
  if (how == "nearest") return s[static_cast<size_t>(std::nearbyint(rank))];
  return s[lo] + (rank - static_cast<double>(lo)) * (s[hi] - s[lo]);
}

TEST(Statistics, Quantile) {
  // Row 0 unsorted, row 1 with a NaN.
  const std::vector<double> row0 = {5, 1, 4, 2, 3, 0}, row1 = {2, kNan, 8, 6, 4, 0};
  std::vector<double> v = row0;
  v.insert(v.end(), row1.begin(), row1.end());
  const Tensor x = from_vector(v, {2, 6});
  const std::vector<double> qs = {0, 0.1, 0.25, 0.5, 0.7, 1};
  const Tensor q = from_vector(qs, {6});
  std::vector<double> s0 = row0, s1 = {2, 8, 6, 4, 0};
  std::sort(s0.begin(), s0.end());
  std::sort(s1.begin(), s1.end());
  for (std::string_view how : {"linear", "lower", "higher", "midpoint", "nearest"}) {
    const Tensor r = ember::quantile(x, q, 1, false, how);
    const Tensor nr = x.nanquantile(q, 1, true, how);
    ASSERT_EQ(r.sizes(), IntList({6, 2}));
    ASSERT_EQ(nr.sizes(), IntList({6, 2, 1}));
    for (size_t j = 0; j < qs.size(); ++j) {
      EXPECT_NEAR(values(r)[j * 2], quantile_of(s0, qs[j], how), 1e-12) << how << " q " << qs[j];
      EXPECT_TRUE(std::isnan(values(r)[j * 2 + 1]));  // quantile: a NaN in the slice
      EXPECT_NEAR(values(nr)[j * 2], quantile_of(s0, qs[j], how), 1e-12);
      EXPECT_NEAR(values(nr)[j * 2 + 1], quantile_of(s1, qs[j], how), 1e-12) << how << " q " << qs[j];
    }
  }
  // A number q and no dim: of every element, no dim for q; keepdim keeps self's dims.
  const Tensor all = from_vector(std::vector<double>{3, 1, 2, 0}, {2, 2});
  EXPECT_DOUBLE_EQ(ember::quantile(all, 0.5).item<double>(), 1.5);
  EXPECT_EQ(ember::quantile(all, 0.5, std::nullopt, true).sizes(), IntList({1, 1}));
  EXPECT_TRUE(std::isnan(ember::nanquantile(full({3}, kNan), 0.5).item<double>()));
  // Errors leave out= as it was.
  Tensor out = full({2}, 7.0, kDouble);
  expect_error(ErrorKind::Value, [&] { ember::quantile_out(out, x, 1.5, 1); });
  expect_error(ErrorKind::Type, [&] { ember::quantile_out(out, x.to(kFloat), 0.5, 1); });
  EXPECT_EQ(values(out), (std::vector<double>{7, 7}));
  ember::quantile_out(out, x, 0.0, 1);
  EXPECT_EQ(values(out)[0], 0);
  expect_error(ErrorKind::Value, [&] { ember::quantile(x, from_vector(std::vector<double>{0.5, kNan}, {2})); });
  expect_error(ErrorKind::Type, [&] { ember::quantile(x.to(kHalf), 0.5); });
  expect_error(ErrorKind::Value, [&] { ember::nanquantile(x, 0.5, 0, false, "cubic"); });
}

TEST(Statistics, Cdist) {
  // Batch [2, 1] against [3]: broadcast to [2, 3], rows of 3 coordinates.
  std::vector<double> a, b;
  for (int i = 0; i < 2 * 2 * 3; ++i) a.push_back(std::fmod(i * 1.7, 5.0) - 2);
  for (int i = 0; i < 3 * 4 * 3; ++i) b.push_back(std::fmod(i * 2.3, 7.0) - 3);
  const Tensor x1 = from_vector(a, {2, 1, 2, 3}), x2 = from_vector(b, {3, 4, 3});
  for (double p : {0.0, 0.5, 1.0, 2.0, 3.0, kInf}) {
    const Tensor r = ember::cdist(x1, x2, p, "donot_use_mm_for_euclid_dist");
    ASSERT_EQ(r.sizes(), IntList({2, 3, 2, 4}));
    const std::vector<double> got = values(r);
    EXPECT_EQ(got, values(ember::cdist(x1, x2, p, "use_mm_for_euclid_dist")));
    for (int bi = 0; bi < 2; ++bi)
      for (int bj = 0; bj < 3; ++bj)
        for (int i = 0; i < 2; ++i)
          for (int j = 0; j < 4; ++j) {
            double acc = 0;
            for (int k = 0; k < 3; ++k) {
              const double d = std::fabs(a[static_cast<size_t>((bi * 2 + i) * 3 + k)] - b[static_cast<size_t>((bj * 4 + j) * 3 + k)]);
              acc = p == 0 ? acc + (d != 0) : p == kInf ? std::max(acc, d) : acc + std::pow(d, p);
            }
            const double want = p == 0 || p == kInf ? acc : std::pow(acc, 1 / p);
            EXPECT_NEAR(got[static_cast<size_t>(((bi * 3 + bj) * 2 + i) * 4 + j)], want, 1e-12 * (1 + want)) << "p " << p;
          }
  }
  // NaN propagates, p = 0 included; no coordinates: distance 0.
  const Tensor n = from_vector(std::vector<double>{kNan, 1}, {1, 2});
  EXPECT_TRUE(std::isnan(ember::cdist(n, ones({1, 2}, kDouble), 0).item<double>()));
  EXPECT_EQ(values(ember::cdist(empty({2, 0}), empty({3, 0}))), std::vector<double>(6, 0.0));
  expect_error(ErrorKind::Value, [] { ember::cdist(ones({2, 3}), ones({2, 4})); });
  expect_error(ErrorKind::Value, [] { ember::cdist(ones({2, 3}), ones({2, 3}), -0.5); });
}

TEST(Statistics, Diff) {
  const std::vector<int64_t> v = {1, 3, 6, 10, 2, 2, 5, 1};
  const Tensor x = from_vector(v, {2, 4});
  // Second differences along dim 1.
  const Tensor r = ember::diff(x, 2);
  ASSERT_EQ(r.sizes(), IntList({2, 2}));
  std::vector<double> want;
  for (size_t row = 0; row < 2; ++row)
    for (size_t k = 0; k < 2; ++k)
      want.push_back(static_cast<double>(v[row * 4 + k + 2] - 2 * v[row * 4 + k + 1] + v[row * 4 + k]));
  EXPECT_EQ(values(r), want);
  // prepend and append joined first, along dim 0; their dtypes promote.
  const Tensor p = from_vector(std::vector<double>{0.5, 0, 0, 0}, {1, 4});
  const Tensor d0 = x.diff(1, 0, p, ember::Tensor());
  EXPECT_EQ(d0.dtype(), kDouble);
  EXPECT_EQ(values(d0), (std::vector<double>{0.5, 3, 6, 10, 1, -1, -1, -9}));
  // Bool: xor. n = 0: self, prepend ignored (its shape still checked). n past the length: an empty dim.
  const Tensor bools = from_vector(std::vector<uint8_t>{1, 0, 0, 1}, {4}).to(kBool);
  EXPECT_EQ(values(ember::diff(bools)), (std::vector<double>{1, 0, 1}));
  EXPECT_EQ(ember::diff(bools).dtype(), kBool);
  EXPECT_EQ(values(ember::diff(x, 0, 0, p)), values(x));
  EXPECT_EQ(ember::diff(x, 9).sizes(), IntList({2, 0}));
  // A negative n: self joined, undifferenced (PyTorch 1.13).
  EXPECT_EQ(ember::diff(x, -1, 0, p).sizes(), IntList({3, 4}));
  // uint8 wraps.
  EXPECT_EQ(values(ember::diff(from_vector(std::vector<uint8_t>{5, 2}, {2}))), (std::vector<double>{253}));
  Tensor out = full({3}, 1.0, kLong);
  expect_error(ErrorKind::Value, [&] { ember::diff_out(out, x, 1, 1, ones({2, 1, 1}, kLong)); });
  EXPECT_EQ(values(out), (std::vector<double>{1, 1, 1}));
  expect_error(ErrorKind::Value, [] { ember::diff(ones({})); });
}

TEST(Statistics, NormWords) {
  // A 3x2 matrix: Frobenius over both dims, 2-norms of its columns.
  const std::vector<double> v = {3, 1, 4, -2, 0, 12};
  const Tensor x = from_vector(v, {3, 2});
  double total = 0, col0 = 0;
  for (size_t i = 0; i < 6; ++i) total += v[i] * v[i];
  for (size_t i = 0; i < 6; i += 2) col0 += v[i] * v[i];
  EXPECT_NEAR(ember::norm(x, IntList{0, 1}).item<double>(), std::sqrt(total), 1e-12);
  EXPECT_NEAR(values(x.norm(IntList{0}))[0], std::sqrt(col0), 1e-12);
  EXPECT_NEAR(ember::norm(x, std::string_view("fro")).item<double>(), std::sqrt(total), 1e-12);
  EXPECT_EQ(ember::norm(x, std::string_view("fro"), {1}, true).sizes(), IntList({3, 1}));
  // Nuclear norm: the singular values of a 3x2 matrix are the square roots of
  // the eigenvalues of its 2x2 Gram matrix G = XᵀX.
  double g00 = 0, g01 = 0, g11 = 0;
  for (size_t i = 0; i < 3; ++i) {
    g00 += v[2 * i] * v[2 * i];
    g01 += v[2 * i] * v[2 * i + 1];
    g11 += v[2 * i + 1] * v[2 * i + 1];
  }
  const double tr = g00 + g11, det = g00 * g11 - g01 * g01, disc = std::sqrt(tr * tr / 4 - det);
  const double nuc = std::sqrt(tr / 2 + disc) + std::sqrt(tr / 2 - disc);
  EXPECT_NEAR(ember::norm(x, std::string_view("nuc")).item<double>(), nuc, 1e-9);
  // Batched over a dim, the matrix dims given in either order.
  const Tensor batch = ember::stack({x, ember::mul(x, 2)}, 1);
  const Tensor bn = ember::norm(batch, std::string_view("nuc"), {2, 0}, true);
  EXPECT_EQ(bn.sizes(), IntList({1, 2, 1}));
  EXPECT_NEAR(values(bn)[1], 2 * nuc, 1e-9);
  EXPECT_EQ(ember::norm(empty({0, 3}, kDouble), std::string_view("nuc")).item<double>(), 0);
  expect_error(ErrorKind::Value, [&] { ember::norm(x, {0}, false, kDouble); });
  expect_error(ErrorKind::Value, [&] { ember::norm(x, std::string_view("nuc"), {0}); });
  expect_error(ErrorKind::Value, [&] { ember::norm(x, std::string_view("max")); });
}

}  // namespace
