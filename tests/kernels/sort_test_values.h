// What the sort tests share: inputs that exercise Note [sort order] and
// the parallel sort's splitters, and that order written out as a comparison (tests/kernels/test_sort.cpp,
// test_sort_values.cpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>

#include "tests/kernels/kernel_test_util.h"

namespace ember::kernels::testing {

// Values with ties, both zeros, infinities and NaNs of either sign and
// several payloads: everything Note [sort order] says something about.
template <class T>
T awkward_value(std::mt19937& g) {
  if constexpr (std::is_integral_v<T>) {
    return random_value<T>(g);
  } else {
    const float inf = std::numeric_limits<float>::infinity();
    switch (g() % 8) {
      case 0: return T(-0.0f);
      case 1: return T(0.0f);
      case 2: return T(g() % 2 ? inf : -inf);
      case 3: {
        T nan = T(std::numeric_limits<float>::quiet_NaN());
        // Flip the sign and low payload bits (still a NaN: the top payload bit stays set).
        unsigned char bytes[sizeof(T)];
        std::memcpy(bytes, &nan, sizeof(T));
        bytes[0] ^= static_cast<unsigned char>(g() & 3);
        bytes[sizeof(T) - 1] ^= static_cast<unsigned char>(g() % 2 ? 0x80 : 0);
        std::memcpy(&nan, bytes, sizeof(T));
        return nan;
      }
      default: return T(static_cast<float>(static_cast<int>(g() % 9) - 4) * 0.5f);
    }
  }
}

// Note [sort order] as a comparison of elements: NaN the largest, -0 == +0.
template <class T>
bool before(T a, T b, bool descending) {
  const double x = as_double(a), y = as_double(b);
  if (descending) return std::isnan(x) ? !std::isnan(y) : (!std::isnan(y) && x > y);
  return std::isnan(y) ? !std::isnan(x) : (!std::isnan(x) && x < y);
}

// Key patterns that stress a parallel sort's splitters: random, one key,
// three keys, already sorted, reversed (pattern 0 to 4). The key at i of n.
constexpr int kKeyPatterns = 5;
template <class K>
K pattern_key(int pattern, int64_t i, int64_t n, std::mt19937_64& g) {
  const K r = static_cast<K>(g());
  return pattern == 0 ? r : pattern == 1 ? K(7) : pattern == 2 ? static_cast<K>(r % 3)
       : pattern == 3 ? static_cast<K>(i) : static_cast<K>(n - i);
}

}  // namespace ember::kernels::testing
