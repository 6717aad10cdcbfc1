// Software prefetch (kernels/prefetch.h, Note [software prefetch]):
// prefetched_row hands its row every element once, in order, in sub-rows
// with the right pointers whatever the strides, and pointwise() over a
// footprint that takes the prefetching path where the CPU wants it (not
// the streamed one) gives what a naive loop gives.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "kernels/pointwise.h"
#include "kernels/prefetch.h"
#include "tests/kernels/kernel_test_util.h"

namespace ember::kernels {
namespace {

using namespace ember::kernels::testing;

TEST(Prefetch, SubRowsCoverTheRowOnceInOrder) {
  alignas(64) static char base[3][1 << 19];  // 64-byte strides over n + 100 elements
  const int64_t stride_sets[][3] = {{4, 4, 4}, {1, 4, 0}, {8, 8, 200}, {2, -2, 1}, {64, 64, 64}, {4, 1, 1}};
  for (const auto& s : stride_sets) {
    for (int64_t n : {0, 1, 15, 16, 17, 255, 256, 257, 1000, 4097}) {
      SCOPED_TRACE("strides " + std::to_string(s[0]) + "," + std::to_string(s[1]) + "," + std::to_string(s[2]) +
                   " n " + std::to_string(n));
      // Start operands where every element they address stays inside base.
      char* p[3];
      for (int k = 0; k < 3; ++k) p[k] = base[k] + (s[k] < 0 ? -s[k] * n : 0);
      int64_t next = 0;
      bool ok = true;
      prefetched_row<3>(p, s, n, n + 100, [&](char* const* q, int64_t m) {
        ok = ok && m > 0;
        for (int k = 0; k < 3; ++k) ok = ok && q[k] == p[k] + next * s[k];
        next += m;
      });
      EXPECT_TRUE(ok);
      EXPECT_EQ(next, n);
    }
  }
}

// A float32 add and comparison over about 12 MiB: past kPrefetchMinBytes,
// short of kStreamBytes, rows not a whole number of sub-rows. Prefetched
// where the CPU wants it (Note [memory tuning per CPU]), by plain rows
// elsewhere; either way what a naive loop gives.
TEST(Prefetch, PointwiseBetweenPrefetchAndStreamSizesMatchesANaiveLoop) {
  const Shape shape{1000, 1021};
  const int64_t n = numel(shape);
  const int64_t dense[3] = {4, 4, 4}, to_bool[3] = {1, 4, 4};
  const bool wanted = memory_tuning().prefetch;
  ASSERT_EQ((detail::prefetches_inputs<float, float>(n, dense, 3)), wanted);
  ASSERT_FALSE((detail::streams_output<float, float>(n, dense, 3)));
  ASSERT_EQ((detail::prefetches_inputs<bool, float>(n, to_bool, 3)), wanted);
  ASSERT_FALSE((detail::prefetches_inputs<float, float>(1000, dense, 3)));
  std::mt19937 g(7);
  std::uniform_real_distribution<float> u(-4, 4);
  std::vector<float> a(static_cast<size_t>(n)), b(static_cast<size_t>(n));
  for (float& x : a) x = u(g);
  for (float& x : b) x = u(g);
  const Shape strides = contiguous_strides(shape);
  const Shape* all[3] = {&strides, &strides, &strides};

  std::vector<float> sum(static_cast<size_t>(n), -1.0f);
  char* data[3] = {reinterpret_cast<char*>(sum.data()), reinterpret_cast<char*>(a.data()),
                   reinterpret_cast<char*>(b.data())};
  const int64_t float_sizes[3] = {4, 4, 4};
  pointwise<float, float, 2>(make_operands<3>(shape, data, all, float_sizes), [](float x, float y) { return x + y; });
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(sum[i], a[i] + b[i]) << "add, element " << i;

  std::vector<char> less(static_cast<size_t>(n), 2);
  data[0] = less.data();
  const int64_t bool_sizes[3] = {1, 4, 4};
  pointwise<bool, float, 2>(make_operands<3>(shape, data, all, bool_sizes), [](float x, float y) { return x < y; });
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(less[i], a[i] < b[i] ? 1 : 0) << "lt, element " << i;
}

}  // namespace
}  // namespace ember::kernels
