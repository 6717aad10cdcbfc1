// Note [where on dense operands] (kernels/where.h): where_dense against a
// plain loop, for each value operand dense or single, conditions holding
// bytes other than 0 and 1, element sizes 1 to 8, and lengths past the
// thread grain.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "kernels/parallel.h"
#include "kernels/where.h"

namespace ember::kernels {
namespace {

template <class T>
void check_where(uint32_t seed) {
  std::mt19937 g(seed);
  for (int64_t n : {int64_t{1}, int64_t{7}, int64_t{64}, int64_t{1000}, 3 * kGrain + 5}) {
    std::vector<uint8_t> c(static_cast<size_t>(n));
    std::vector<T> a(static_cast<size_t>(n)), b(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      c[i] = g() % 3 == 0 ? 0 : static_cast<uint8_t>(1 + g() % 200);
      a[i] = static_cast<T>(g());
      b[i] = static_cast<T>(g());
    }
    for (const bool a_one : {false, true}) {
      for (const bool b_one : {false, true}) {
        std::vector<T> out(static_cast<size_t>(n) + 1, static_cast<T>(0x5a));
        where_dense<T>(c.data(), a.data(), a_one, b.data(), b_one, out.data(), n);
        for (int64_t i = 0; i < n; ++i) {
          const T want = c[i] != 0 ? a[a_one ? 0 : i] : b[b_one ? 0 : i];
          ASSERT_EQ(out[i], want) << "element " << i << " of " << n << ", a_one " << a_one << ", b_one " << b_one;
        }
        ASSERT_EQ(out[n], static_cast<T>(0x5a)) << "written past the end";
      }
    }
  }
}

TEST(WhereDense, EveryLayoutAndElementSize) {
  check_where<uint8_t>(1);
  check_where<int16_t>(2);
  check_where<float>(3);
  check_where<double>(4);
  check_where<int64_t>(5);
}

}  // namespace
}  // namespace ember::kernels
