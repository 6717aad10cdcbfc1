// pointwise() against a naive strided loop, for every element type and
// every row kind (dense, hoisted scalar, strided, tiled), and across
// thread counts.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "kernels/convert.h"
#include "kernels/opmath.h"
#include "kernels/parallel.h"
#include "kernels/pointwise.h"
#include "tests/kernels/kernel_test_util.h"

namespace ember::kernels {
namespace {

using namespace ember::kernels::testing;

// Mixes its arguments so that swapping operands or reading the wrong
// element shows; for bool it is computed in int and converted back.
struct Mix2 {
  template <class M>
  auto operator()(M a, M b) const {
    if constexpr (std::is_same_v<M, bool>)
      return (a ? 3 : 0) - (b ? 1 : 0);
    else
      return a * M(3) - b;
  }
};

struct Layout2 {
  std::string name;
  Shape shape, out, a, b;  // element strides
};

std::vector<Layout2> layouts2() {
  const Shape m{67, 45};
  const Shape big{300, 413};
  const Shape cube{5, 6, 7};
  std::vector<Layout2> v;
  v.push_back({"contiguous_1d", {100003}, {1}, {1}, {1}});
  v.push_back({"contiguous_2d", m, contiguous_strides(m), contiguous_strides(m), contiguous_strides(m)});
  v.push_back({"scalar_b", m, contiguous_strides(m), contiguous_strides(m), {0, 0}});
  v.push_back({"scalar_a", m, contiguous_strides(m), {0, 0}, contiguous_strides(m)});
  v.push_back({"row_broadcast_b", m, contiguous_strides(m), contiguous_strides(m), {0, 1}});
  v.push_back({"column_broadcast_b", m, contiguous_strides(m), contiguous_strides(m), {1, 0}});
  v.push_back({"both_scalar", m, contiguous_strides(m), {0, 0}, {0, 0}});
  v.push_back({"strided_a", m, contiguous_strides(m), {90, 2}, contiguous_strides(m)});
  v.push_back({"transposed_b", m, contiguous_strides(m), contiguous_strides(m), permuted_strides(m, {1, 0})});
  v.push_back({"transposed_b_big", big, contiguous_strides(big), contiguous_strides(big),
               permuted_strides(big, {1, 0})});
  // The tiled walk with both inputs transposed, a transposed input beside
  // a number, one read backwards along its rows, a batch of transposes.
  v.push_back({"transposed_both_big", big, contiguous_strides(big), permuted_strides(big, {1, 0}),
               permuted_strides(big, {1, 0})});
  v.push_back({"transposed_b_scalar_a", big, contiguous_strides(big), {0, 0}, permuted_strides(big, {1, 0})});
  v.push_back({"transposed_b_reversed", big, contiguous_strides(big), contiguous_strides(big), {1, -300}});
  const Shape batch{3, 130, 70};
  v.push_back({"transposed_b_batch", batch, contiguous_strides(batch), contiguous_strides(batch),
               permuted_strides(batch, {0, 2, 1})});
  v.push_back({"transposed_out", big, permuted_strides(big, {1, 0}), contiguous_strides(big),
               contiguous_strides(big)});
  v.push_back({"negative_a", m, contiguous_strides(m), {45, -1}, contiguous_strides(m)});
  v.push_back({"negative_all", m, {-45, -1}, {-45, -1}, {-45, -1}});
  v.push_back({"zero_size", {3, 0, 4}, {0, 4, 1}, {0, 4, 1}, {0, 4, 1}});
  v.push_back({"zero_dim", {}, {}, {}, {}});
  v.push_back({"size_one_dims", {1, 7, 1, 3}, {21, 3, 3, 1}, {21, 3, 3, 1}, {0, 3, 0, 1}});
  v.push_back({"permuted_3d", cube, contiguous_strides(cube), permuted_strides(cube, {2, 0, 1}),
               permuted_strides(cube, {1, 2, 0})});
  const Shape six{2, 3, 2, 4, 5, 3};
  v.push_back({"many_dims", six, contiguous_strides(six), permuted_strides(six, {5, 4, 3, 2, 1, 0}),
               {0, 60, 30, 0, 3, 1}});
  return v;
}

template <class T>
class PointwiseTyped : public ::testing::Test {};
TYPED_TEST_SUITE(PointwiseTyped, AllTypes);

TYPED_TEST(PointwiseTyped, BinaryMatchesNaiveLoopOnEveryLayout) {
  using T = TypeParam;
  using M = opmath_t<T>;
  std::mt19937 g(7);
  for (const Layout2& l : layouts2()) {
    SCOPED_TRACE(l.name);
    Array<T> out(l.shape, l.out), a(l.shape, l.a), b(l.shape, l.b);
    fill_random(a, g);
    fill_random(b, g);
    pointwise<T, T, 2>(operands_of(l.shape, out, a, b), Mix2{});
    int bad = 0;
    for_each_index(l.shape, [&](const Shape& i) {
      const T want = convert<T>(Mix2{}(static_cast<M>(a.at(i)), static_cast<M>(b.at(i))));
      if (!same_bits(out.at(i), want) && ++bad < 5)
 ADD_FAILURE() << "at offset " << out.offset(i) << ": " << as_double(out.at(i))
                      << " != " << as_double(want);
    });
  }
}

TYPED_TEST(PointwiseTyped, FillWritesEveryElementOnce) {
  using T = TypeParam;
  for (const Layout2& l : layouts2()) {
    SCOPED_TRACE(l.name);
    Array<T> out(l.shape, l.out);
    pointwise<T, T, 0>(operands_of(l.shape, out), [] { return opmath_t<T>(1); });
    for_each_index(l.shape, [&](const Shape& i) { ASSERT_TRUE(same_bits(out.at(i), T(opmath_t<T>(1)))); });
  }
}

TYPED_TEST(PointwiseTyped, InPlaceOnTheSameMemory) {
  using T = TypeParam;
  using M = opmath_t<T>;
  std::mt19937 g(3);
  for (const Layout2& l : layouts2()) {
    SCOPED_TRACE(l.name);
    Array<T> a(l.shape, l.out), b(l.shape, l.b);
    fill_random(a, g);
    fill_random(b, g);
    const Array<T> before = a;
    pointwise<T, T, 2>(operands_of(l.shape, a, a, b), Mix2{});
    for_each_index(l.shape, [&](const Shape& i) {
      ASSERT_TRUE(same_bits(a.at(i), convert<T>(Mix2{}(static_cast<M>(before.at(i)), static_cast<M>(b.at(i))))));
    });
  }
}

TEST(Pointwise, UnaryAndTernaryAndMixedOutputType) {
  std::mt19937 g(11);
  for (const Layout2& l : layouts2()) {
    SCOPED_TRACE(l.name);
    Array<float> a(l.shape, l.a), b(l.shape, l.b), c(l.shape, l.out);
    fill_random(a, g);
    fill_random(b, g);
    fill_random(c, g);
    Array<double> neg(l.shape, l.out);
    pointwise<double, float, 1>(operands_of(l.shape, neg, a), [](float x) { return -x; });
    Array<float> fma(l.shape, l.out);
    pointwise<float, float, 3>(operands_of(l.shape, fma, a, b, c), [](float x, float y, float z) { return x * y + z; });
    Array<bool> lt(l.shape, l.out);
    pointwise<bool, float, 2>(operands_of(l.shape, lt, a, b), [](float x, float y) { return x < y; });
    Array<int32_t> trunc(l.shape, l.out);
    pointwise<int32_t, float, 1>(operands_of(l.shape, trunc, a), [](float x) { return x * 1000.0f; });
    for_each_index(l.shape, [&](const Shape& i) {
      ASSERT_EQ(neg.at(i), -static_cast<double>(a.at(i)));
      ASSERT_TRUE(same_bits(fma.at(i), a.at(i) * b.at(i) + c.at(i)));
      ASSERT_EQ(lt.at(i), a.at(i) < b.at(i));
      ASSERT_EQ(trunc.at(i), static_cast<int32_t>(a.at(i) * 1000.0f));
    });
  }
}

TEST(Pointwise, ThirdInputScalarIsHoisted) {
  const Shape s{40, 50};
  std::mt19937 g(5);
  Array<int64_t> out(s), a(s), b(s), c(s, {0, 0});
  fill_random(a, g);
  fill_random(b, g);
  fill_random(c, g);
  pointwise<int64_t, int64_t, 3>(operands_of(s, out, a, b, c),
                                 [](int64_t x, int64_t y, int64_t z) { return x - y * z; });
  for_each_index(s, [&](const Shape& i) { ASSERT_EQ(out.at(i), a.at(i) - b.at(i) * c.at(i)); });
}

// Every mix of stride-0 inputs of a three-input op: the hoisted rows
// (one scalar; the last two, as clamp's bounds) and the strided fallback
// (the others) give the same bits.
TEST(Pointwise, EveryMixOfScalarInputs) {
  const Shape s{40, 50};
  std::mt19937 g(6);
  for (unsigned mask = 0; mask < 8; ++mask) {
    SCOPED_TRACE("scalar inputs mask " + std::to_string(mask));
    const auto strides = [&](unsigned bit) { return (mask & bit) ? Shape{0, 0} : contiguous_strides(s); };
    Array<float> out(s), x(s, strides(1)), lo(s, strides(2)), hi(s, strides(4));
    fill_random(x, g);
    fill_random(lo, g);
    fill_random(hi, g);
    const auto f = [](float v, float l, float h) { return v < l ? l : (v > h ? h : v); };
    pointwise<float, float, 3>(operands_of(s, out, x, lo, hi), f);
    for_each_index(s, [&](const Shape& i) { ASSERT_TRUE(same_bits(out.at(i), f(x.at(i), lo.at(i), hi.at(i)))); });
  }
}

TEST(Pointwise, IntegersWrap) {
  const Shape s{300};
  Array<int8_t> out(s), a(s), b(s);
  for (int64_t i = 0; i < 300; ++i) {
    a.at({i}) = static_cast<int8_t>(i);
    b.at({i}) = 100;
  }
  pointwise<int8_t, int8_t, 2>(operands_of(s, out, a, b), [](int8_t x, int8_t y) { return x + y; });
  for (int64_t i = 0; i < 300; ++i) ASSERT_EQ(out.at({i}), static_cast<int8_t>(static_cast<int8_t>(i) + 100));
}

TEST(Pointwise, ThreadCountDoesNotChangeResults) {
  const Shape s{517, 1031};
  std::mt19937 g(9);
  Array<float> a(s), b(s, permuted_strides(s, {1, 0})), out1(s), out2(s);
  fill_random(a, g);
  fill_random(b, g);
  auto f = [](float x, float y) { return x / (y + 0.5f) + x * y; };
  const int saved = get_num_threads();
  set_num_threads(1);
  pointwise<float, float, 2>(operands_of(s, out1, a, b), f);
  set_num_threads(2);
  pointwise<float, float, 2>(operands_of(s, out2, a, b), f);
  set_num_threads(saved);
  ASSERT_EQ(std::memcmp(out1.mem.data(), out2.mem.data(), out1.mem.size() * sizeof(float)), 0);
}

}  // namespace
}  // namespace ember::kernels
