// logcumsumexp, cummax/cummin and argsort/msort in C++, by example;
// expected values from loops here, never from another ember op.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "ember/tensor.h"

namespace {

using namespace ember;

std::vector<double> values(const Tensor& t) {
  const Tensor d = t.to(kDouble).contiguous();
  const double* p = d.numel() ? d.data<double>() : nullptr;
  return std::vector<double>(p, p + d.numel());
}

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const std::vector<double> kRow = {1, 3, 3, 2, kNaN, 5, kNaN, 1};

TEST(ScanOps, LogCumSumExp) {
  const std::vector<double> v = {-INFINITY, 1, 700, 2, INFINITY, 3};
  const std::vector<double> got = values(ember::logcumsumexp(from_vector(v, {6}), 0));
  double total = 0;
  for (size_t i = 0; i < 4; ++i) {
    total += std::exp(v[i] - 700);  // scaled, so e^700 is representable
    const double want = 700 + std::log(total);
    if (std::isinf(want)) EXPECT_EQ(got[i], want) << i;  // e^-inf alone: log(0)
    else EXPECT_NEAR(got[i], want, 1e-9 * std::fabs(got[i]) + 1e-12) << i;
  }
  EXPECT_EQ(got[4], INFINITY);
  EXPECT_EQ(got[5], INFINITY);
}

TEST(ScanOps, CumMaxMin) {
  for (bool largest : {true, false}) {
    const auto r = largest ? ember::cummax(from_vector(kRow, {8}), 0) : ember::cummin(from_vector(kRow, {8}), 0);
    const std::vector<double> vals = values(std::get<0>(r)), pos = values(std::get<1>(r));
    double best = kRow[0];
    int64_t at = 0;
    for (size_t i = 0; i < kRow.size(); ++i) {
      const double x = kRow[i];
      if (std::isnan(x) || (!std::isnan(best) && (largest ? x >= best : x <= best))) {
        best = x;
        at = static_cast<int64_t>(i);
      }
      EXPECT_TRUE(same(vals[i], best)) << i;
      EXPECT_EQ(pos[i], static_cast<double>(at)) << i;
    }
  }
}

TEST(SortOps, Argsort) {
  // Ascending with NaN last; equal elements in order of position, both ways.
  const std::vector<double> asc = values(ember::argsort(from_vector(kRow, {8}), int64_t{0}));
  EXPECT_EQ(asc, (std::vector<double>{0, 7, 3, 1, 2, 5, 4, 6}));
  const std::vector<double> desc = values(ember::argsort(from_vector(kRow, {8}), int64_t{0}, true));
  EXPECT_EQ(desc, (std::vector<double>{4, 6, 5, 1, 2, 3, 0, 7}));
  const std::vector<double> m = values(ember::msort(from_vector(std::vector<double>{3, 1, 2, 0}, {2, 2})));
  EXPECT_EQ(m, (std::vector<double>{2, 0, 3, 1}));
}

}  // namespace
