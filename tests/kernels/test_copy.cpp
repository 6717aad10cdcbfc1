// copy() between all 10 x 10 element type pairs on edge values, against
// conversion rules written out independently here (in long double and
// explicit integer arithmetic), on dense, strided and transposed layouts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "kernels/copy.h"
#include "kernels/parallel.h"
#include "kernels/stream_store.h"
#include "tests/kernels/kernel_test_util.h"

namespace ember::kernels {
namespace {

using namespace ember::kernels::testing;

template <class T>
constexpr bool is_float16_v = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

template <class T>
constexpr bool is_floating_v = std::is_floating_point_v<T> || is_float16_v<T>;

// Values each source type is tried with: every edge of every conversion.
template <class Src>
std::vector<Src> samples() {
  std::vector<Src> v;
  if constexpr (std::is_same_v<Src, bool>) {
    v = {false, true};
  } else if constexpr (std::is_integral_v<Src>) {
    for (int64_t x : {int64_t{0}, int64_t{1}, int64_t{-1}, int64_t{2}, int64_t{127}, int64_t{128}, int64_t{-128},
                      int64_t{-129}, int64_t{255}, int64_t{256}, int64_t{300}, int64_t{-300}, int64_t{32767},
                      int64_t{32768}, int64_t{-32769}, int64_t{65504}, int64_t{65536}, int64_t{16777217},
                      int64_t{2147483647}, int64_t{-2147483647} - 1, int64_t{4294967296},
                      int64_t{9007199254740993}, std::numeric_limits<int64_t>::max(),
                      std::numeric_limits<int64_t>::min()})
      v.push_back(static_cast<Src>(x));  // wraps: part of what is tested
  } else {
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    for (double x : {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 0.7, -0.7, 1.5, -1.5, 2.5, 127.9, 128.0, -128.0, -129.0,
                     255.5, 256.0, 300.0, -300.0, 32767.0, 32768.0, -32769.0, 65504.0, 65519.0, 65520.0, 1e5,
                     -1e5, 16777217.0, 2147483520.0, 2147483647.0, 2147483648.0, -2147483648.0, -2147483904.0,
                     3e9, -3e9, 9007199254740993.0, 9.2233720368547758e18, -9.2233720368547758e18, 1e19,
                     -1e19, 1e20, 1e30, 1e39, -1e39, 1e300, 1e-5, 1e-8, 1e-40, -1e-40, 1e-46, 1e-300, inf,
                     -inf, nan, -nan}) {
      if constexpr (is_float16_v<Src>)
        v.push_back(Src(static_cast<float>(x)));
      else
        v.push_back(static_cast<Src>(x));
    }
  }
  return v;
}

// The value a source element stands for, exactly.
template <class Src>
long double exact(Src v) {
  if constexpr (is_float16_v<Src>)
    return static_cast<float>(v);
  else
    return static_cast<long double>(v);
}

// Reduces an integer modulo 2^bits of Dst into Dst's range.
template <class Dst>
Dst wrap(int64_t v) {
  constexpr int bits = 8 * sizeof(Dst);
  if constexpr (bits == 64) {
    return static_cast<Dst>(v);
  } else {
    uint64_t u = static_cast<uint64_t>(v) & ((uint64_t{1} << bits) - 1);
    if (std::is_signed_v<Dst> && u >= (uint64_t{1} << (bits - 1))) return static_cast<Dst>(static_cast<int64_t>(u) - (int64_t{1} << bits));
    return static_cast<Dst>(u);
  }
}

// convert.h's rules, restated.
template <class Dst, class Src>
Dst expected(Src s) {
  const long double x = exact(s);
  if constexpr (std::is_same_v<Dst, bool>) {
    return std::isnan(x) || x != 0;
  } else if constexpr (std::is_integral_v<Dst>) {
    if constexpr (is_floating_v<Src>) {
      const long double bound = sizeof(Dst) == 8 ? 9223372036854775808.0L : 2147483648.0L;
      const int64_t indefinite = sizeof(Dst) == 8 ? std::numeric_limits<int64_t>::min() : int64_t{-2147483647} - 1;
      if (std::isnan(x) || x < -bound || x >= bound) return wrap<Dst>(indefinite);
      return wrap<Dst>(static_cast<int64_t>(std::trunc(x)));
    } else {
      return wrap<Dst>(static_cast<int64_t>(x));
    }
  } else if constexpr (is_float16_v<Dst>) {
    // Through float: from double and int64 that is the first rounding.
    return Dst(static_cast<float>(x));
  } else {
    return static_cast<Dst>(x);  // one rounding from the exact value
  }
}

template <class Dst, class Src>
void check_pair() {
  SCOPED_TRACE(std::string(typeid(Src).name()) + " -> " + typeid(Dst).name());
  const std::vector<Src> vals = samples<Src>();
  const int64_t n = static_cast<int64_t>(vals.size());
  // Layouts: dense; every third element; a 2-D transposed source big
  // enough for the tiled walk, filled with the samples cyclically.
  {
    Array<Src> src({n});
    for (int64_t i = 0; i < n; ++i) src.at({i}) = vals[static_cast<size_t>(i)];
    Array<Dst> dst({n}), dst3({n}, {3});
    copy<Dst, Src>(operands_of({n}, dst, src));
    copy<Dst, Src>(operands_of({n}, dst3, src));
    for (int64_t i = 0; i < n; ++i) {
      const Dst want = expected<Dst>(vals[static_cast<size_t>(i)]);
      ASSERT_TRUE(same_bits(dst.at({i}), want) || (std::isnan(as_double(want)) && std::isnan(as_double(dst.at({i})))))
          << "sample " << i << ": " << as_double(vals[static_cast<size_t>(i)]) << " -> " << as_double(dst.at({i}))
          << ", want " << as_double(want);
      ASSERT_TRUE(same_bits(dst3.at({i}), dst.at({i})));
    }
  }
  const Shape m{70, 90};
  Array<Src> src(m, permuted_strides(m, {1, 0}));
  int64_t k = 0;
  for (auto& b : src.mem) b.v = vals[static_cast<size_t>(k++ % n)];
  Array<Dst> dst(m);
  copy<Dst, Src>(operands_of(m, dst, src));
  for_each_index(m, [&](const Shape& i) {
    ASSERT_TRUE(same_bits(dst.at(i), expected<Dst>(src.at(i))) || std::isnan(as_double(src.at(i))));
  });
}

template <class Dst, class... Src>
void check_from_all(std::tuple<Src...>*) {
  (check_pair<Dst, Src>(), ...);
}

using Everything = std::tuple<uint8_t, int8_t, int16_t, int32_t, int64_t, float, double, bool, Half, BFloat16>;

template <class T>
class CopyTyped : public ::testing::Test {};
TYPED_TEST_SUITE(CopyTyped, AllTypes);

TYPED_TEST(CopyTyped, FromEveryTypeMatchesTheConversionRules) {
  check_from_all<TypeParam>(static_cast<Everything*>(nullptr));
}

TYPED_TEST(CopyTyped, SameTypeCopyMovesBitsOnEveryLayout) {
  using T = TypeParam;
  std::mt19937 g(8);
  const Shape big{300, 257};
  const std::vector<std::tuple<std::string, Shape, Shape, Shape>> layouts = {
      {"dense", {100003}, {1}, {1}},
      {"strided_src", {5000}, {1}, {3}},
      {"negative_src", {5000}, {1}, {-1}},
      {"broadcast_src", {40, 50}, {50, 1}, {0, 1}},
      {"transposed_src", big, contiguous_strides(big), permuted_strides(big, {1, 0})},
      {"transposed_dst", big, permuted_strides(big, {1, 0}), contiguous_strides(big)},
      // Rows dense on both sides, each its own memmove (rows of 257
      // elements are 257 bytes or more).
      {"sliced_rows_src", big, contiguous_strides(big), {300, 1}},
      {"sliced_rows_dst", big, {263, 1}, contiguous_strides(big)},
      {"sliced_rows_both", big, {263, 1}, {300, 1}},
      {"short_sliced_rows", {300, 7}, {7, 1}, {9, 1}},
      // Rows read backwards (Note [rows read backwards]): flip along the
      // last dim, along both, rows shorter than a vector.
      {"reversed_rows_src", big, contiguous_strides(big), {257, -1}},
      {"reversed_rows_and_order_src", big, contiguous_strides(big), {-257, -1}},
      {"short_reversed_rows", {300, 7}, {7, 1}, {7, -1}},
      {"reversed_rows_sliced_dst", big, {263, 1}, {257, -1}},
      {"zero_size", {0, 5}, {5, 1}, {5, 1}},
      {"zero_dim", {}, {}, {}},
  };
  for (const auto& [name, shape, ds, ss] : layouts) {
    SCOPED_TRACE(name);
    Array<T> src(shape, ss), dst(shape, ds);
    fill_random(src, g);
    copy<T, T>(operands_of(shape, dst, src));
    for_each_index(shape, [&](const Shape& i) { ASSERT_TRUE(same_bits(dst.at(i), src.at(i))); });
  }
}

// Note [row copies by lines]: every offset of source and destination
// within a line, lengths from one line up, copied onto themselves too;
// nothing around the destination changes.
TEST(Copy, RowCopiesAtEveryOffsetWithinALine) {
  std::mt19937 g(5);
  std::vector<char> src(600);
  for (char& c : src) c = static_cast<char>(g());
  for (int64_t so = 0; so < 64; ++so) {
    for (int64_t d_off = 0; d_off < 64; ++d_off) {
      for (int64_t len : {64, 65, 127, 128, 129, 191, 256, 300, 513}) {
        SCOPED_TRACE("source offset " + std::to_string(so) + " destination offset " + std::to_string(d_off) +
                     " length " + std::to_string(len));
        alignas(64) char dst[704];
        std::memset(dst, 0x5a, sizeof(dst));
        const char* from = src.data() + so;
        detail::copy_row(dst + d_off, from, len);
        for (int64_t i = 0; i < static_cast<int64_t>(sizeof(dst)); ++i) {
          const bool inside = i >= d_off && i < d_off + len;
          ASSERT_EQ(dst[i], inside ? from[i - d_off] : '\x5a') << "byte " << i;
        }
      }
    }
  }
  std::vector<char> same(src.begin(), src.end());
  detail::copy_row(same.data() + 3, same.data() + 3, 513);
  EXPECT_EQ(same, src);
}

TEST(Copy, SameTypeKeepsNaNPayloads) {
  Array<Half> hs({2}), hd({2}, {-1});
  hs.at({0}) = Half::from_bits(0x7d01);  // signalling NaN
  hs.at({1}) = Half::from_bits(0xfe7f);
  copy<Half, Half>(operands_of({2}, hd, hs));  // the strided path
  EXPECT_EQ(hd.at({0}).x, 0x7d01);
  EXPECT_EQ(hd.at({1}).x, 0xfe7f);
  Array<float> fs({1}), fd({1});
  const uint32_t snan = 0x7f800123u;
  std::memcpy(&fs.at({0}), &snan, 4);
  copy<float, float>(operands_of({1}, fd, fs));
  EXPECT_EQ(std::memcmp(&fd.at({0}), &snan, 4), 0);
}

TEST(Copy, OntoItselfIsANoOp) {
  Array<int32_t> a({100});
  for (int64_t i = 0; i < 100; ++i) a.at({i}) = static_cast<int32_t>(i);
  copy<int32_t, int32_t>(operands_of({100}, a, a));
  for (int64_t i = 0; i < 100; ++i) EXPECT_EQ(a.at({i}), i);
}

TEST(Copy, ThreadCountDoesNotChangeResults) {
  const Shape s{1000, 1001};
  std::mt19937 g(2);
  Array<double> src(s, permuted_strides(s, {1, 0}));
  std::uniform_real_distribution<double> d(-1e10, 1e10);
  for (auto& b : src.mem) b.v = d(g);
  Array<int32_t> one(s), two(s);
  const int saved = get_num_threads();
  set_num_threads(1);
  copy<int32_t, double>(operands_of(s, one, src));
  set_num_threads(2);
  copy<int32_t, double>(operands_of(s, two, src));
  set_num_threads(saved);
  ASSERT_EQ(std::memcmp(one.mem.data(), two.mem.data(), one.mem.size() * sizeof(int32_t)), 0);
}

// A dense copy whose footprint reaches kStreamBytes goes by streaming
// stores: every bit arrives (NaN payloads too), whatever the alignment of
// either end and the thread count.
TEST(Copy, DenseCopyPastTheCacheIsStreamedBitForBit) {
  const int64_t n = kStreamBytes / 8 + 37;  // 2 n 4-byte elements > kStreamBytes
  std::vector<uint32_t> src(static_cast<size_t>(n) + 1), dst(static_cast<size_t>(n) + 2);
  std::mt19937 g(4);
  for (auto& v : src) v = g();
  const int saved = get_num_threads();
  for (int threads : {1, 2}) {
    for (int64_t shift : {0, 1}) {  // dst 4 bytes off a line for shift 1
      std::fill(dst.begin(), dst.end(), 0xdeadbeefu);
      Operands<2> ops;
      ops.ndim = 1;
      ops.shape[0] = n;
      ops.strides[0][0] = ops.strides[1][0] = 4;
      ops.data[0] = reinterpret_cast<char*>(dst.data() + shift);
      ops.data[1] = reinterpret_cast<char*>(src.data() + 1 - shift);
      set_num_threads(threads);
      copy<float, float>(ops);
      ASSERT_EQ(std::memcmp(dst.data() + shift, src.data() + 1 - shift, static_cast<size_t>(n) * 4), 0)
          << threads << " threads, shift " << shift;
      EXPECT_EQ(dst[static_cast<size_t>(shift + n)], 0xdeadbeefu) << "nothing written past the end";
      if (shift == 1) {
        EXPECT_EQ(dst[0], 0xdeadbeefu) << "nothing written before the start";
      }
    }
  }
  set_num_threads(saved);
}

}  // namespace
}  // namespace ember::kernels
