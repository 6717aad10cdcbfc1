// kernels/select.h's best_k, topk's loop over slices long against k (Note
// [topk by blocks]): the k best positions against a stable sort by a
// comparison written here (NaN the largest, -0 equal to +0, ties by
// position), for dense slices (the blocks tested together) and strided
// ones (the element loop), lengths off the blocks, both directions, and
// data that makes every block a candidate (monotonic runs) or none; and
// kthvalue's and median's kth_position against the same stable sort.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "kernels/select.h"

namespace ember::kernels {
namespace {

template <class T>
bool before(T x, T y) {  // x sorts before y ascending
  if constexpr (std::is_floating_point_v<T>) return !std::isnan(x) && (std::isnan(y) || x < y);
  else return x < y;
}

// The k best positions of v[0], v[step], ..., v[(n - 1) step], in
// increasing order of position.
template <class T>
std::vector<uint32_t> reference(const std::vector<T>& v, int64_t step, int64_t n, int64_t k, bool largest) {
  std::vector<uint32_t> pos(static_cast<size_t>(n));
  std::iota(pos.begin(), pos.end(), 0u);
  std::stable_sort(pos.begin(), pos.end(), [&](uint32_t a, uint32_t b) {
    const T x = v[a * step], y = v[b * step];
    return largest ? before(y, x) : before(x, y);
  });
  pos.resize(static_cast<size_t>(k));
  std::sort(pos.begin(), pos.end());
  return pos;
}

template <class T>
void check(const std::vector<T>& v, int64_t step, int64_t n, const std::string& what) {
  for (const int64_t k : {1, 7, 100, 300}) {
    for (const bool largest : {true, false}) {
      const int64_t cap = std::max<int64_t>(4 * k, 1024);
      std::vector<KeyIndex<sort_key_t<T>>> buf(static_cast<size_t>(cap));
      const int64_t got_k = detail::best_k<T>(reinterpret_cast<const char*>(v.data()), step * int64_t{sizeof(T)}, n, k,
                                              largest, buf.data(), cap);
      ASSERT_EQ(got_k, k);
      std::vector<uint32_t> got(static_cast<size_t>(k));
      for (int64_t j = 0; j < k; ++j) got[j] = buf[j].idx;
      std::sort(got.begin(), got.end());
      ASSERT_EQ(got, reference(v, step, n, k, largest))
          << what << ", step " << step << ", n " << n << ", k " << k << (largest ? ", largest" : ", smallest");
    }
  }
}

template <class T>
void check_all(uint32_t seed) {
  std::mt19937 g(seed);
  for (const int64_t n : {int64_t{4099}, int64_t{20000}}) {
    for (const int64_t step : {int64_t{1}, int64_t{2}}) {
      std::vector<T> v(static_cast<size_t>(n * step));
      for (auto& x : v) x = static_cast<T>(g() % 1000);  // many ties
      if constexpr (std::is_floating_point_v<T>) {
        constexpr T kNaN = std::numeric_limits<T>::quiet_NaN(), kInf = std::numeric_limits<T>::infinity();
        const T special[] = {kNaN, kInf, -kInf, T(0), -T(0), T(-1.5)};
        for (auto& x : v)
          if (g() % 16 == 0) x = special[g() % 6];
      }
      check(v, step, n, "random");
      std::vector<T> up(static_cast<size_t>(n * step));
      for (size_t i = 0; i < up.size(); ++i) up[i] = static_cast<T>(i % 200);  // rising runs: the bound keeps falling
      check(up, step, n, "rising runs");
      std::vector<T> same(static_cast<size_t>(n * step), T(3));  // all ties: the first k
      check(same, step, n, "all equal");
    }
  }
}

TEST(Select, BestKAgainstStableSort) {
  check_all<float>(1);
  check_all<double>(2);
  check_all<int32_t>(3);
  check_all<uint8_t>(4);
}

// kth_position (Note [selection by partitions]): for every k, the position
// a stable ascending sort puts k-th, on data that sends the partitions
// down each way (ties, all equal, sorted, reversed, NaN and both zeros),
// lengths around the 64 keys where the rounds stop and the vector widths.
template <class T>
void check_kth(const std::vector<T>& v, int64_t step, int64_t n, const std::string& what) {
  std::vector<uint32_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return before(v[a * step], v[b * step]); });
  std::vector<uint64_t> scratch(static_cast<size_t>(detail::kth_scratch_words<T>(n)));
  const int64_t every = n > 300 ? n / 97 : 1;
  for (int64_t k = 1; k <= n; k += (k == n - 1 ? 1 : every)) {
    const int64_t at = detail::kth_position<T>(reinterpret_cast<const char*>(v.data()), step * int64_t{sizeof(T)}, n,
                                               k, scratch.data());
    ASSERT_EQ(at, order[k - 1]) << what << ", step " << step << ", n " << n << ", k " << k;
  }
}

template <class T>
void check_kth_all(uint32_t seed) {
  std::mt19937 g(seed);
  for (const int64_t n : {int64_t{1}, int64_t{2}, int64_t{63}, int64_t{64}, int64_t{65}, int64_t{100}, int64_t{1000},
                          int64_t{4099}}) {
    for (const int64_t step : {int64_t{1}, int64_t{3}}) {
      const size_t m = static_cast<size_t>(n * step);
      std::vector<T> random(m), few(m), same(m, T(3)), up(m), down(m);
      for (size_t i = 0; i < m; ++i) {
        random[i] = static_cast<T>(g() % 100000);
        few[i] = static_cast<T>(g() % 5);
        up[i] = static_cast<T>(i % 120);
        down[i] = static_cast<T>(120 - i % 120);
      }
      if constexpr (std::is_floating_point_v<T>) {
        constexpr T kNaN = std::numeric_limits<T>::quiet_NaN(), kInf = std::numeric_limits<T>::infinity();
        const T special[] = {kNaN, -kNaN, kInf, -kInf, T(0), -T(0)};
        for (auto& x : few)
          if (g() % 4 == 0) x = special[g() % 6];
      }
      check_kth(random, step, n, "random");
      check_kth(few, step, n, "few values");
      check_kth(same, step, n, "all equal");
      check_kth(up, step, n, "rising runs");
      check_kth(down, step, n, "falling runs");
    }
  }
}

TEST(Select, KthPositionAgainstStableSort) {
  check_kth_all<float>(5);
  check_kth_all<double>(6);
  check_kth_all<int32_t>(7);
  check_kth_all<int64_t>(8);
  check_kth_all<int16_t>(9);
  check_kth_all<uint8_t>(10);
}

}  // namespace
}  // namespace ember::kernels
