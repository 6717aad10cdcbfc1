// The corner cases of the pointwise math that the generated tests'
// domains avoid (schemas/math/pointwise.yaml names these in test.gtest):
// signs of integer and float division and remainders, zero divisors,
// INT_MIN / -1, shifts by out-of-range amounts, integer powers, NaN in
// max/min/clamp, rounding of halves, and the edges of the math functions.
//
// Expected values come from exact integer arithmetic written out here
// (independently of kernels/scalar_ops.h), or are literals printed by
// NumPy 1.24 (marked "NumPy:") and Python's math module ("math:").
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "tests/ops/harness.h"

namespace ember::optest {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

template <class T>
std::vector<T> values_of(const Tensor& t) {
  const Tensor c = t.contiguous();
  const T* p = c.data<T>();
  return std::vector<T>(p, p + c.numel());
}

// Every int8 value, and every (a, b) pair of them as two [256 * 256] tensors.
std::vector<int8_t> all_int8() {
  std::vector<int8_t> v;
  for (int a = -128; a < 128; ++a) v.push_back(static_cast<int8_t>(a));
  return v;
}

struct Pairs {
  std::vector<int8_t> a, b;
};

Pairs int8_pairs(bool nonzero_b) {
  Pairs p;
  for (int a = -128; a < 128; ++a)
    for (int b = -128; b < 128; ++b)
      if (!nonzero_b || b != 0) {
        p.a.push_back(static_cast<int8_t>(a));
        p.b.push_back(static_cast<int8_t>(b));
      }
  return p;
}

// Exact floored and truncated division of integers (a, b != 0), in int64.
int64_t trunc_div(int64_t a, int64_t b) { return a / b; }
int64_t floor_div(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q;
}

template <class T>
T wrap(int64_t v) {
  return static_cast<T>(static_cast<uint64_t>(v));  // modulo 2^bits
}

// ---- division and remainders ----------------------------------------------------

TEST(PointwiseSemantics, DivisionSigns) {
  // Every int8 pair with a non-zero divisor, through C++ and TH.
  const Pairs p = int8_pairs(true);
  const int64_t n = static_cast<int64_t>(p.a.size());
  const Tensor a = from_vector(p.a, {n}), b = from_vector(p.b, {n});
  const auto q = values_of<int8_t>(floor_divide(a, b));
  const auto r = values_of<int8_t>(remainder(a, b));
  const auto f = values_of<int8_t>(fmod(a, b));
  Tensor th_r = empty({0}, kChar), th_f = empty({0}, kChar);
  THCharTensor_cremainder(th<THCharTensor>(th_r), th<THCharTensor>(a), th<THCharTensor>(b));
  THCharTensor_cfmod(th<THCharTensor>(th_f), th<THCharTensor>(a), th<THCharTensor>(b));
  const auto tr = values_of<int8_t>(th_r), tf = values_of<int8_t>(th_f);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t x = p.a[i], y = p.b[i];
    const int64_t fq = floor_div(x, y), tq = trunc_div(x, y);
    ASSERT_EQ(q[i], wrap<int8_t>(fq)) << x << " // " << y;
    ASSERT_EQ(r[i], wrap<int8_t>(x - fq * y)) << x << " % " << y;
    ASSERT_EQ(f[i], wrap<int8_t>(x - tq * y)) << "fmod(" << x << ", " << y << ")";
    ASSERT_EQ(tr[i], r[i]) << "cremainder(" << x << ", " << y << ")";
    ASSERT_EQ(tf[i], f[i]) << "cfmod(" << x << ", " << y << ")";
  }
  // The value forms and Long: remainder(-7, 2) = 1, remainder(7, -2) = -1,
  // fmod(-7, 2) = -1, fmod(7, -2) = 1, -7 // 2 = -4.
  const Tensor l = from_vector<int64_t>({-7, 7, -8, 8}, {4});
  EXPECT_EQ(values_of<int64_t>(remainder(l, Scalar(int64_t{2}))), (std::vector<int64_t>{1, 1, 0, 0}));
  EXPECT_EQ(values_of<int64_t>(remainder(l, Scalar(int64_t{-2}))), (std::vector<int64_t>{-1, -1, 0, 0}));
  EXPECT_EQ(values_of<int64_t>(fmod(l, Scalar(int64_t{-3}))), (std::vector<int64_t>{-1, 1, -2, 2}));
  EXPECT_EQ(values_of<int64_t>(floor_divide(l, Scalar(int64_t{-3}))), (std::vector<int64_t>{2, -3, 2, -3}));
  Tensor th_v = empty({0}, kLong);
  THLongTensor_remainder(th<THLongTensor>(th_v), th<THLongTensor>(l), -3);
  EXPECT_EQ(values_of<int64_t>(th_v), (std::vector<int64_t>{-1, -2, -2, -1}));
  THLongTensor_fmod(th<THLongTensor>(th_v), th<THLongTensor>(l), -3);
  EXPECT_EQ(values_of<int64_t>(th_v), (std::vector<int64_t>{-1, 1, -2, 2}));

  // Floats. NumPy: np.fmod / np.remainder / np.floor_divide of these pairs.
  const std::vector<double> fa{-7.5, 7.5, -7.5, 7.5, -4.0, 5.0, 1e-20, -1e-20, 3.0, -0.0};
  const std::vector<double> fb{2.0, -2.0, -2.0, 2.0, 2.0, -3.0, -1.0, 1.0, kInf, 5.0};
  const std::vector<double> np_fmod{-1.5, 1.5, -1.5, 1.5, -0.0, 2.0, 1e-20, -1e-20, 3.0, -0.0};
  const std::vector<double> np_rem{0.5, -0.5, -1.5, 1.5, 0.0, -1.0, -1.0, 1.0, 3.0, 0.0};
  const std::vector<double> np_fdiv{-4., -4., 3., 3., -2., -2., -1., -1., 0., -0.};
  const Tensor da = from_vector(fa, {10}), db = from_vector(fb, {10});
  EXPECT_EQ(values_of<double>(fmod(da, db)), np_fmod);
  EXPECT_EQ(values_of<double>(remainder(da, db)), np_rem);  // -0 == 0: PyTorch keeps fmod's -0 where NumPy gives +0
  const auto fd = values_of<double>(floor_divide(da, db));
  EXPECT_EQ(fd, np_fdiv);
  EXPECT_TRUE(std::signbit(fd[9]));
  Tensor th_d = empty({0}, kDouble);
  THDoubleTensor_cremainder(th<THDoubleTensor>(th_d), th<THDoubleTensor>(da), th<THDoubleTensor>(db));
  EXPECT_EQ(values_of<double>(th_d), np_rem);
  // x % 0 and fmod(x, 0) are NaN for floats; x // 0 is inf or NaN.
  const Tensor z = from_vector<double>({1.0, -1.0, 0.0}, {3});
  for (double v : values_of<double>(remainder(z, Scalar(0.0)))) EXPECT_TRUE(std::isnan(v));
  for (double v : values_of<double>(fmod(z, Scalar(0.0)))) EXPECT_TRUE(std::isnan(v));
  const auto fz = values_of<double>(floor_divide(z, Scalar(0.0)));
  EXPECT_EQ(fz[0], kInf);
  EXPECT_EQ(fz[1], -kInf);
  EXPECT_TRUE(std::isnan(fz[2]));
}

TEST(PointwiseSemantics, DivRoundingModes) {
  // Every int8 pair with a non-zero divisor: trunc and floor stay int8.
  const Pairs p = int8_pairs(true);
  const int64_t n = static_cast<int64_t>(p.a.size());
  const Tensor a = from_vector(p.a, {n}), b = from_vector(p.b, {n});
  const Tensor tq = div(a, b, "trunc"), fq = divide(a, b, "floor");
  ASSERT_EQ(tq.dtype(), kChar);
  const auto t = values_of<int8_t>(tq), f = values_of<int8_t>(fq);
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(t[i], wrap<int8_t>(trunc_div(p.a[i], p.b[i]))) << p.a[i] << " / " << p.b[i];
    ASSERT_EQ(f[i], wrap<int8_t>(floor_div(p.a[i], p.b[i]))) << p.a[i] << " // " << p.b[i];
  }
  // Without a mode, integers divide truly into the default float dtype;
  // floats round the quotient (trunc keeps -0), x / 0 stays IEEE.
  EXPECT_EQ(div(from_vector<int32_t>({7}, {1}), Scalar(int64_t{2})).dtype(), kFloat);
  const Tensor x = from_vector<double>({-7.0, 7.0, -0.5, 1.0}, {4}), y = from_vector<double>({2.0, -2.0, kInf, 0.0}, {4});
  auto v = values_of<double>(div(x, y, "trunc"));
  EXPECT_EQ(v[0], -3.0);
  EXPECT_EQ(v[1], -3.0);
  EXPECT_TRUE(v[2] == 0.0 && std::signbit(v[2]));
  EXPECT_EQ(v[3], kInf);
  v = values_of<double>(div(x, y, "floor"));
  EXPECT_EQ(v[0], -4.0);
  EXPECT_EQ(v[1], -4.0);
  EXPECT_EQ(v[3], kInf);
  // In place and out= keep self's dtype; a bad word leaves out= as it was.
  Tensor s = from_vector<int64_t>({-7, 7}, {2});
  s.div_(Scalar(int64_t{2}), "floor");
  EXPECT_EQ(values_of<int64_t>(s), (std::vector<int64_t>{-4, 3}));
  Tensor out = from_vector<double>({5.0}, {1});
  EXPECT_THROW(div_out(out, x, y, "round"), Error);
  EXPECT_EQ(values_of<double>(out), (std::vector<double>{5.0}));
  EXPECT_THROW(div(s, Scalar(int64_t{0}), "trunc"), Error);
}

TEST(PointwiseSemantics, ZeroIntegerDivisors) {
  const Tensor a = from_vector<int32_t>({1, 2, 3}, {3}), b = from_vector<int32_t>({1, 0, 1}, {3});
  for (auto* op : {+[](const Tensor& x, const Tensor& y) { return floor_divide(x, y); },
                   +[](const Tensor& x, const Tensor& y) { return remainder(x, y); },
                   +[](const Tensor& x, const Tensor& y) { return fmod(x, y); }}) {
    try {
      op(a, b);
      ADD_FAILURE() << "no error for an integer division by zero";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Value);
      EXPECT_EQ(e.arg(), "other");
    }
  }
  // Nothing is written when the check fails (it runs before the loop).
  Tensor out = from_vector<int32_t>({7, 7, 7}, {3});
  EXPECT_THROW(remainder_out(out, a, b), Error);
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{7, 7, 7}));
  // A zero divisor in elements not visited is no error: an empty tensor.
  EXPECT_NO_THROW(remainder(empty({0}, kInt), Scalar(int64_t{0})));
  expect_th_error("THIntTensor_cremainder", 3, "other", [] {
    THIntTensor_cremainder(th<THIntTensor>(empty({0}, kInt)), th<THIntTensor>(ones({2}, kInt)), th<THIntTensor>(zeros({2}, kInt)));
  });
  expect_th_error("THIntTensor_fmod", 3, "other", [] {
    THIntTensor_fmod(th<THIntTensor>(empty({0}, kInt)), th<THIntTensor>(ones({2}, kInt)), 0);
  });
}

TEST(PointwiseSemantics, IntMinByMinusOne) {
  // C leaves these undefined and x86 traps (PyTorch 1.13 dies with SIGFPE
  // on int32 INT_MIN // -1); ember wraps the quotient and gives remainder 0.
  const int32_t imin = std::numeric_limits<int32_t>::min();
  const int64_t lmin = std::numeric_limits<int64_t>::min();
  const Tensor i = from_vector<int32_t>({imin, imin}, {2}), im1 = from_vector<int32_t>({-1, -1}, {2});
  const Tensor l = from_vector<int64_t>({lmin}, {1}), lm1 = from_vector<int64_t>({-1}, {1});
  EXPECT_EQ(values_of<int32_t>(floor_divide(i, im1)), (std::vector<int32_t>{imin, imin}));
  EXPECT_EQ(values_of<int32_t>(remainder(i, im1)), (std::vector<int32_t>{0, 0}));
  EXPECT_EQ(values_of<int32_t>(fmod(i, im1)), (std::vector<int32_t>{0, 0}));
  EXPECT_EQ(values_of<int64_t>(floor_divide(l, lm1)), (std::vector<int64_t>{lmin}));
  EXPECT_EQ(values_of<int64_t>(remainder(l, Scalar(int64_t{-1}))), (std::vector<int64_t>{0}));
  Tensor r = empty({0}, kInt);
  THIntTensor_cdiv(th<THIntTensor>(r), th<THIntTensor>(i), th<THIntTensor>(im1));
  EXPECT_EQ(values_of<int32_t>(r), (std::vector<int32_t>{imin, imin}));
  THIntTensor_cremainder(th<THIntTensor>(r), th<THIntTensor>(i), th<THIntTensor>(im1));
  EXPECT_EQ(values_of<int32_t>(r), (std::vector<int32_t>{0, 0}));
  THIntTensor_cfmod(th<THIntTensor>(r), th<THIntTensor>(i), th<THIntTensor>(im1));
  EXPECT_EQ(values_of<int32_t>(r), (std::vector<int32_t>{0, 0}));
}

// ---- integer overflow ----------------------------------------------------------------

// add, sub, mul and addcmul of integers wrap modulo 2^bits, in C++ and TH,
// checked against exact products taken modulo 2^64 (uint64_t arithmetic,
// which is defined to wrap) and then narrowed.
template <class T>
void check_wrapping(DType d) {
  using Lim = std::numeric_limits<T>;
  const std::vector<int64_t> edges{static_cast<int64_t>(Lim::min()), static_cast<int64_t>(Lim::min()) + 1, -3, -1, 0, 1, 2,
                                   static_cast<int64_t>(Lim::max()) - 1, static_cast<int64_t>(Lim::max())};
  std::vector<T> av, bv;
  for (int64_t a : edges)
    for (int64_t b : edges) {
      av.push_back(static_cast<T>(a));
      bv.push_back(static_cast<T>(b));
    }
  const int64_t n = static_cast<int64_t>(av.size());
  const Tensor a = from_vector(av, {n}), b = from_vector(bv, {n});
  auto u = [](T x) { return static_cast<uint64_t>(static_cast<int64_t>(x)); };
  std::vector<T> sum, diff, prod, addcm;
  for (int64_t i = 0; i < n; ++i) {
    sum.push_back(static_cast<T>(u(av[i]) + u(bv[i])));
    diff.push_back(static_cast<T>(u(av[i]) - u(bv[i])));
    prod.push_back(static_cast<T>(u(av[i]) * u(bv[i])));
    addcm.push_back(static_cast<T>(u(av[i]) + 3u * u(av[i]) * u(bv[i])));
  }
  const char* name = dtype_name(d);
  EXPECT_EQ(values_of<T>(add(a, b)), sum) << name;
  EXPECT_EQ(values_of<T>(sub(a, b)), diff) << name;
  EXPECT_EQ(values_of<T>(mul(a, b)), prod) << name;
  EXPECT_EQ(values_of<T>(addcmul(a, a, b, Scalar(int64_t{3}))), addcm) << name;
  Tensor r = a.clone();
  add_(r, b);
  EXPECT_EQ(values_of<T>(r), sum) << name;
  // TH: cadd with value 1 and cmul.
  Tensor th_r = empty({0}, d);
  if constexpr (std::is_same_v<T, int8_t>) {
    THCharTensor_cadd(th<THCharTensor>(th_r), th<THCharTensor>(a), 1, th<THCharTensor>(b));
    EXPECT_EQ(values_of<T>(th_r), sum);
    THCharTensor_cmul(th<THCharTensor>(th_r), th<THCharTensor>(a), th<THCharTensor>(b));
    EXPECT_EQ(values_of<T>(th_r), prod);
  } else if constexpr (std::is_same_v<T, int32_t>) {
    THIntTensor_cadd(th<THIntTensor>(th_r), th<THIntTensor>(a), 1, th<THIntTensor>(b));
    EXPECT_EQ(values_of<T>(th_r), sum);
    THIntTensor_cmul(th<THIntTensor>(th_r), th<THIntTensor>(a), th<THIntTensor>(b));
    EXPECT_EQ(values_of<T>(th_r), prod);
  } else if constexpr (std::is_same_v<T, int64_t>) {
    THLongTensor_cadd(th<THLongTensor>(th_r), th<THLongTensor>(a), 1, th<THLongTensor>(b));
    EXPECT_EQ(values_of<T>(th_r), sum);
    THLongTensor_cmul(th<THLongTensor>(th_r), th<THLongTensor>(a), th<THLongTensor>(b));
    EXPECT_EQ(values_of<T>(th_r), prod);
  }
}

TEST(PointwiseSemantics, IntegerOverflowWraps) {
  check_wrapping<uint8_t>(kByte);
  check_wrapping<int8_t>(kChar);
  check_wrapping<int16_t>(kShort);
  check_wrapping<int32_t>(kInt);
  check_wrapping<int64_t>(kLong);
  // A number operand wraps too: int8 127 + 1 is -128.
  EXPECT_EQ(add(from_vector<int8_t>({127}, {1}), Scalar(int64_t{1})).item<int64_t>(), -128);
  EXPECT_EQ(mul(from_vector<uint8_t>({200}, {1}), Scalar(int64_t{2})).item<int64_t>(), 144);
}

// ---- special values of addcmul and lerp ------------------------------------------------

// The generated tests skip the Special layout for these: their double
// reference cannot follow a float intermediate that overflows, nor
// PyTorch's lerp formula. The expected values are the IEEE results of the
// formulas, written out in the dtype.
TEST(PointwiseSemantics, SpecialValuesOfSums) {
  const float fmax = std::numeric_limits<float>::max(), finf = std::numeric_limits<float>::infinity();
  // float: -inf + FLT_MAX * FLT_MAX is -inf + inf = NaN (PyTorch's too); in double it stays -inf.
  const Tensor big = from_vector<float>({fmax, 1.0f}, {2});
  const auto am = values_of<float>(addcmul(from_vector<float>({-finf, 2.0f}, {2}), big, big));
  EXPECT_TRUE(std::isnan(am[0]));
  EXPECT_EQ(am[1], 3.0f);
  const auto ad = values_of<double>(addcmul(from_vector<double>({-kInf}, {1}), big.to(kDouble), big.to(kDouble)));
  EXPECT_EQ(ad[0], -kInf);
  // NaN anywhere propagates.
  EXPECT_TRUE(std::isnan(addcmul(from_vector<double>({1.0}, {1}), from_vector<double>({kNan}, {1}),
                                 from_vector<double>({0.0}, {1})).item<double>()));
  // lerp (PyTorch): weight 1 gives end exactly, also from the largest double,
  // where self + w * (end - self) gives 0 (TH's formula, kept by its C form).
  const double dmax = std::numeric_limits<double>::max();
  const Tensor s = from_vector<double>({dmax, 0.1, -3.0}, {3}), e = from_vector<double>({1.0, 0.7, 5.0}, {3});
  EXPECT_EQ(values_of<double>(lerp(s, e, Scalar(1.0))), (std::vector<double>{1.0, 0.7, 5.0}));
  EXPECT_EQ(values_of<double>(lerp(s, e, Scalar(0.0))), (std::vector<double>{dmax, 0.1, -3.0}));
  Tensor r = empty({0}, kDouble);
  THDoubleTensor_lerp(th<THDoubleTensor>(r), th<THDoubleTensor>(s), th<THDoubleTensor>(e), 1.0);
  EXPECT_EQ(values_of<double>(r)[0], dmax + 1.0 * (1.0 - dmax));
  // An infinite end: inf for weights below 0.5; at 1, end - inf * 0 is NaN (PyTorch's result too).
  const Tensor one = from_vector<double>({1.0}, {1}), inf_end = from_vector<double>({kInf}, {1});
  EXPECT_EQ(lerp(one, inf_end, Scalar(0.25)).item<double>(), kInf);
  EXPECT_TRUE(std::isnan(lerp(one, inf_end, Scalar(1.0)).item<double>()));
  EXPECT_TRUE(std::isnan(lerp(from_vector<float>({std::numeric_limits<float>::quiet_NaN()}, {1}), from_vector<float>({1.0f}, {1}), Scalar(0.5)).item<double>()));
  // Half computes in float: weight 1 gives end exactly.
  EXPECT_EQ(lerp(from_vector<double>({-7.5}, {1}).to(kHalf), from_vector<double>({2.25}, {1}).to(kHalf), Scalar(1.0)).item<double>(), 2.25);
}

// ---- shifts ----------------------------------------------------------------------

// The definitions of Note [shifts], on the bits of a `bits`-wide value.
int64_t shl_ref(int64_t a, int64_t s, int bits) {
  if (s < 0 || s >= bits) return 0;
  const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  uint64_t v = (static_cast<uint64_t>(a) << s) & mask;
  if (bits < 64 && (v >> (bits - 1)) & 1u) v |= ~mask;  // sign-extend
  return static_cast<int64_t>(v);
}
int64_t sar_ref(int64_t a, int64_t s, int bits) {
  if (s < 0 || s >= bits) return a < 0 ? -1 : 0;
  int64_t v = a;
  for (int64_t k = 0; k < s; ++k) v = (v - (v < 0 && (v % 2) != 0 ? 1 : 0)) / 2;  // floor halving
  return v;
}

TEST(PointwiseSemantics, ShiftsOutOfRange) {
  // Every int8 value by every amount in [-3, 12], then wider types at the edges.
  std::vector<int8_t> a, s;
  for (int8_t x : all_int8())
    for (int k = -3; k <= 12; ++k) {
      a.push_back(x);
      s.push_back(static_cast<int8_t>(k));
    }
  const int64_t n = static_cast<int64_t>(a.size());
  const Tensor ta = from_vector(a, {n}), ts = from_vector(s, {n});
  const auto l = values_of<int8_t>(bitwise_left_shift(ta, ts));
  const auto r = values_of<int8_t>(bitwise_right_shift(ta, ts));
  Tensor th_l = empty({0}, kChar);
  THCharTensor_clshift(th<THCharTensor>(th_l), th<THCharTensor>(ta), th<THCharTensor>(ts));
  const auto tl = values_of<int8_t>(th_l);
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(l[i], shl_ref(a[i], s[i], 8)) << int(a[i]) << " << " << int(s[i]);
    ASSERT_EQ(r[i], sar_ref(a[i], s[i], 8)) << int(a[i]) << " >> " << int(s[i]);
    ASSERT_EQ(tl[i], l[i]) << "clshift " << int(a[i]) << " << " << int(s[i]);
  }
  // uint8: no sign; an amount of 8 or more gives 0 both ways.
  const Tensor u = from_vector<uint8_t>({255, 255, 1, 128}, {4}), us = from_vector<uint8_t>({8, 7, 200, 1}, {4});
  EXPECT_EQ(values_of<uint8_t>(bitwise_left_shift(u, us)), (std::vector<uint8_t>{0, 128, 0, 0}));
  EXPECT_EQ(values_of<uint8_t>(bitwise_right_shift(u, us)), (std::vector<uint8_t>{0, 1, 0, 64}));
  for (int bits : {32, 64}) {
    const std::vector<int64_t> va{1, -8, -8, 5, -1, 3};
    const std::vector<int64_t> vs{bits - 1, bits, -1, bits + 36, bits - 1, 1};
    const DType d = bits == 32 ? kInt : kLong;
    const Tensor x = from_vector(va, {6}).to(d), k = from_vector(vs, {6}).to(d);
    const auto gl = values_of<int64_t>(bitwise_left_shift(x, k).to(kLong));
    const auto gr = values_of<int64_t>(bitwise_right_shift(x, k).to(kLong));
    for (size_t i = 0; i < va.size(); ++i) {
      EXPECT_EQ(gl[i], shl_ref(va[i], vs[i], bits)) << va[i] << " << " << vs[i] << " (" << bits << " bits)";
      EXPECT_EQ(gr[i], sar_ref(va[i], vs[i], bits)) << va[i] << " >> " << vs[i] << " (" << bits << " bits)";
    }
  }
  // TH's Float and Double forms scale by 2^amount (Torch7).
  const Tensor f = from_vector<float>({1.5f, -3.0f}, {2}), fs = from_vector<float>({2.0f, -1.0f}, {2});
  Tensor fr = empty({0}, kFloat);
  THFloatTensor_clshift(th<THFloatTensor>(fr), th<THFloatTensor>(f), th<THFloatTensor>(fs));
  EXPECT_EQ(values_of<float>(fr), (std::vector<float>{6.0f, -1.5f}));
  THFloatTensor_rshift(th<THFloatTensor>(fr), th<THFloatTensor>(f), 1.0f);
  EXPECT_EQ(values_of<float>(fr), (std::vector<float>{0.75f, -1.5f}));
}

TEST(PointwiseSemantics, ThShiftRightIsLogical) {
  // Torch7 shifted `(unsigned real) x`: the element's bits, logically.
  const std::vector<int8_t> a = all_int8();
  const Tensor ta = from_vector(a, {256});
  for (int k : {0, 1, 3, 7, 8, -1}) {
    Tensor r = empty({0}, kChar);
    THCharTensor_rshift(th<THCharTensor>(r), th<THCharTensor>(ta), static_cast<char>(k));
    const auto got = values_of<int8_t>(r);
    for (size_t i = 0; i < a.size(); ++i) {
      const int64_t want = (k < 0 || k >= 8) ? 0 : wrap<int8_t>((static_cast<uint8_t>(a[i])) >> k);
      ASSERT_EQ(got[i], want) << int(a[i]) << " >> " << k;
    }
  }
  Tensor r = empty({0}, kInt);
  THIntTensor_rshift(th<THIntTensor>(r), th<THIntTensor>(from_vector<int32_t>({-8, 8}, {2})), 1);
  EXPECT_EQ(values_of<int32_t>(r), (std::vector<int32_t>{2147483644, 4}));
  THIntTensor_crshift(th<THIntTensor>(r), th<THIntTensor>(from_vector<int32_t>({-8, -8}, {2})),
                      th<THIntTensor>(from_vector<int32_t>({32, 31}, {2})));
  EXPECT_EQ(values_of<int32_t>(r), (std::vector<int32_t>{0, 1}));
}

TEST(PointwiseSemantics, VectorDispatchInit) {
  // Torch7 programs call these once at start-up; they must neither report
  // an error nor change what the ops compute afterwards.
  int reports = 0;
  THSetErrorHandler([](const char*, void* n) { ++*static_cast<int*>(n); }, &reports);
  THByteVector_vectorDispatchInit();
  THCharVector_vectorDispatchInit();
  THShortVector_vectorDispatchInit();
  THIntVector_vectorDispatchInit();
  THLongVector_vectorDispatchInit();
  THFloatVector_vectorDispatchInit();
  THDoubleVector_vectorDispatchInit();
  THSetErrorHandler(nullptr, nullptr);
  EXPECT_EQ(reports, 0);
  Tensor r = empty({0}, kFloat);
  THFloatTensor_cadd(th<THFloatTensor>(r), th<THFloatTensor>(from_vector<float>({1.5f, -2.0f}, {2})), 2.0f,
                     th<THFloatTensor>(from_vector<float>({0.25f, 4.0f}, {2})));
  EXPECT_EQ(values_of<float>(r), (std::vector<float>{2.0f, 6.0f}));
}

// TH's contiguous calls skip the plan (runtime/th/plan.h,
// contiguous_operands): a result that is an input, or that overlaps one
// at a shift, must still give what the same call gives on copies.
TEST(PointwiseSemantics, ThContiguousResultAliasingAnInput) {
  const std::vector<float> x = {1, 2, 3, 4, 5, 6, 7, 8}, y = {0.5f, -1, 2, -3, 4, -5, 6, -7};
  auto expect_cadd = [&](const Tensor& r, const std::vector<float>& a, const std::vector<float>& b) {
    std::vector<float> want(a.size());
    for (size_t i = 0; i < a.size(); ++i) want[i] = a[i] + 2.0f * b[i];
    EXPECT_EQ(values_of<float>(r), want);
  };
  {  // r is t
    Tensor a = from_vector<float>(x, {8}), b = from_vector<float>(y, {8});
    THFloatTensor_cadd(th<THFloatTensor>(a), th<THFloatTensor>(a), 2.0f, th<THFloatTensor>(b));
    expect_cadd(a, x, y);
  }
  {  // r is src
    Tensor a = from_vector<float>(x, {8}), b = from_vector<float>(y, {8});
    THFloatTensor_cadd(th<THFloatTensor>(b), th<THFloatTensor>(a), 2.0f, th<THFloatTensor>(b));
    expect_cadd(b, x, y);
  }
  for (int64_t shift : {-1, 1}) {  // r one element before or after t, in t's storage
    Tensor whole = from_vector<float>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {10}), b = from_vector<float>(y, {8});
    Tensor t = whole.narrow(0, 1, 8), r = whole.narrow(0, 1 + shift, 8);
    const std::vector<float> t_before = values_of<float>(t);
    THFloatTensor_cadd(th<THFloatTensor>(r), th<THFloatTensor>(t), 2.0f, th<THFloatTensor>(b));
    expect_cadd(r, t_before, y);
  }
}

// ---- integer powers -----------------------------------------------------------------

TEST(PointwiseSemantics, IntegerPow) {
  // Every int8 base to exponents -3..9, against repeated multiplication mod 2^8.
  std::vector<int8_t> a, e;
  for (int8_t x : all_int8())
    for (int k = -3; k <= 9; ++k) {
      a.push_back(x);
      e.push_back(static_cast<int8_t>(k));
    }
  const int64_t n = static_cast<int64_t>(a.size());
  const Tensor ta = from_vector(a, {n}), te = from_vector(e, {n});
  const auto got = values_of<int8_t>(pow(ta, te));
  Tensor th_r = empty({0}, kChar);
  THCharTensor_cpow(th<THCharTensor>(th_r), th<THCharTensor>(ta), th<THCharTensor>(te));
  const auto tgot = values_of<int8_t>(th_r);
  for (int64_t i = 0; i < n; ++i) {
    int64_t want = 1;
    if (e[i] < 0) {
      want = a[i] == 1 ? 1 : (a[i] == -1 ? ((-e[i]) % 2 ? -1 : 1) : 0);
    } else {
      for (int k = 0; k < e[i]; ++k) want = wrap<int8_t>(want * a[i]);
    }
    ASSERT_EQ(got[i], want) << int(a[i]) << " ** " << int(e[i]);
    ASSERT_EQ(tgot[i], want) << "cpow " << int(a[i]) << " ** " << int(e[i]);
  }
  // Wrapping in int64: 3 ** 41 mod 2^64.
  uint64_t p = 1;
  for (int k = 0; k < 41; ++k) p *= 3;
  EXPECT_EQ(pow(from_vector<int64_t>({3}, {1}), Scalar(int64_t{41})).item<int64_t>(), static_cast<int64_t>(p));
  // A negative integral number exponent of an integral tensor: PyTorch's error.
  try {
    pow(from_vector<int32_t>({2}, {1}), Scalar(int64_t{-2}));
    ADD_FAILURE() << "no error for int ** -2";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Value);
    EXPECT_EQ(e.arg(), "exponent");
  }
  // ... not for a float exponent (promotes to float) or a float tensor.
  EXPECT_EQ(pow(from_vector<int32_t>({2}, {1}), Scalar(-1.0)).dtype(), kFloat);
  EXPECT_EQ(pow(from_vector<int32_t>({2}, {1}), Scalar(-1.0)).item<double>(), 0.5);
  EXPECT_EQ(pow(from_vector<double>({2}, {1}), Scalar(int64_t{-1})).item<double>(), 0.5);
  // Scalar base (Python's 2 ** t): promotion by the number's kind.
  const Tensor t = from_vector<int64_t>({1, 2, 3, -1}, {4});
  const Tensor two = pow(Scalar(int64_t{2}), t);
  EXPECT_EQ(two.dtype(), kLong);
  EXPECT_EQ(values_of<int64_t>(two), (std::vector<int64_t>{2, 4, 8, 0}));
  const Tensor half = pow(Scalar(2.5), from_vector<int32_t>({1, 2}, {2}));
  EXPECT_EQ(half.dtype(), kFloat);
  EXPECT_EQ(values_of<float>(half), (std::vector<float>{2.5f, 6.25f}));
  Tensor tp = empty({0}, kLong);
  THLongTensor_tpow(th<THLongTensor>(tp), 3, th<THLongTensor>(t));
  EXPECT_EQ(values_of<int64_t>(tp), (std::vector<int64_t>{3, 9, 27, 0}));
  // Floats: 0 ** -1 is inf.
  EXPECT_EQ(pow(from_vector<float>({0.0f}, {1}), Scalar(-1.0)).item<double>(), kInf);
}

// ---- NaN in max, min, clamp ---------------------------------------------------------

TEST(PointwiseSemantics, MaxMinNan) {
  const Tensor a = from_vector<double>({kNan, 1.0, kNan, 2.0}, {4}), b = from_vector<double>({1.0, kNan, kNan, 3.0}, {4});
  const auto mx = values_of<double>(maximum(a, b)), mn = values_of<double>(minimum(a, b));
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(std::isnan(mx[i]) && std::isnan(mn[i])) << i;
  EXPECT_EQ(mx[3], 3.0);
  EXPECT_EQ(mn[3], 2.0);
  // TH's cmax: t > src ? t : src keeps a NaN src and drops a NaN t.
  Tensor r = empty({0}, kDouble);
  THDoubleTensor_cmax(th<THDoubleTensor>(r), th<THDoubleTensor>(a), th<THDoubleTensor>(b));
  auto v = values_of<double>(r);
  EXPECT_EQ(v[0], 1.0);
  EXPECT_TRUE(std::isnan(v[1]));
  EXPECT_EQ(v[3], 3.0);
  THDoubleTensor_cmin(th<THDoubleTensor>(r), th<THDoubleTensor>(a), th<THDoubleTensor>(b));
  v = values_of<double>(r);
  EXPECT_EQ(v[0], 1.0);
  EXPECT_TRUE(std::isnan(v[1]));
  EXPECT_EQ(v[3], 2.0);
  // clamp_min / clamp_max propagate; TH's cmaxValue / cminValue replace a NaN element.
  EXPECT_TRUE(std::isnan(values_of<double>(clamp_min(a, Scalar(0.0)))[0]));
  EXPECT_TRUE(std::isnan(values_of<double>(clamp_max(a, Scalar(0.0)))[0]));
  EXPECT_TRUE(std::isnan(values_of<double>(clamp_min(b, Scalar(kNan)))[0]));
  THDoubleTensor_cmaxValue(th<THDoubleTensor>(r), th<THDoubleTensor>(a), 5.0);
  EXPECT_EQ(values_of<double>(r), (std::vector<double>{5.0, 5.0, 5.0, 5.0}));
  THDoubleTensor_cminValue(th<THDoubleTensor>(r), th<THDoubleTensor>(a), 1.5);
  EXPECT_EQ(values_of<double>(r), (std::vector<double>{1.5, 1.0, 1.5, 1.5}));
  // Bool: maximum is logical or.
  EXPECT_EQ(values_of<bool>(maximum(from_vector<bool>({true, false}, {2}), from_vector<bool>({false, false}, {2}))),
            (std::vector<bool>{true, false}));
}

TEST(PointwiseSemantics, ClampBounds) {
  const Tensor x = from_vector<double>({-1.0, 4.0, 9.0, kNan}, {4});
  // min > max: PyTorch gives max everywhere (but NaN).
  auto v = values_of<double>(clamp(x, Scalar(5.0), Scalar(3.0)));
  EXPECT_EQ(v[0], 3.0);
  EXPECT_EQ(v[1], 3.0);
  EXPECT_EQ(v[2], 3.0);
  EXPECT_TRUE(std::isnan(v[3]));
  v = values_of<double>(clamp(x, Scalar(0.0), Scalar(kNan)));
  for (double e : v) EXPECT_TRUE(std::isnan(e));
  // TH's clamp: t < min ? min : (t > max ? max : t).
  Tensor r = empty({0}, kDouble);
  THDoubleTensor_clamp(th<THDoubleTensor>(r), th<THDoubleTensor>(x), 5.0, 3.0);
  v = values_of<double>(r);
  EXPECT_EQ(v[0], 5.0);
  EXPECT_EQ(v[1], 5.0);
  EXPECT_EQ(v[2], 3.0);
  EXPECT_TRUE(std::isnan(v[3]));
  // The bounds take part in promotion: an int tensor clamped to 2.5 is float.
  const Tensor i = from_vector<int32_t>({1, 5, 9}, {3});
  const Tensor c = clamp(i, Scalar(2.5), Scalar(int64_t{7}));
  EXPECT_EQ(c.dtype(), kFloat);
  EXPECT_EQ(values_of<float>(c), (std::vector<float>{2.5f, 5.0f, 7.0f}));
  EXPECT_EQ(values_of<int32_t>(clamp(i, Scalar(int64_t{2}), Scalar(int64_t{7}))), (std::vector<int32_t>{2, 5, 7}));
  // Tensor bounds broadcast.
  const Tensor lo = from_vector<int32_t>({0, 6, 0}, {3}), hi = from_vector<int32_t>({8}, {1});
  EXPECT_EQ(values_of<int32_t>(clamp(i, lo, hi)), (std::vector<int32_t>{1, 6, 8}));
  // Either bound alone (PyTorch's Scalar? and Tensor? bounds); not neither.
  EXPECT_EQ(values_of<int32_t>(clamp(i, Scalar(int64_t{4}), std::nullopt)), (std::vector<int32_t>{4, 5, 9}));
  EXPECT_EQ(values_of<int32_t>(clamp(i, std::nullopt, Scalar(int64_t{4}))), (std::vector<int32_t>{1, 4, 4}));
  EXPECT_EQ(values_of<int32_t>(clamp(i, Tensor(), hi)), (std::vector<int32_t>{1, 5, 8}));
  EXPECT_EQ(values_of<int32_t>(clip(i, lo, Tensor())), (std::vector<int32_t>{1, 6, 9}));
  EXPECT_THROW(clamp(i, std::nullopt, std::nullopt), Error);
  EXPECT_THROW(clamp(i, Tensor(), Tensor()), Error);
  Tensor j = i.clone();
  j.clamp_(std::nullopt, Scalar(int64_t{3}));
  EXPECT_EQ(values_of<int32_t>(j), (std::vector<int32_t>{1, 3, 3}));
  // In place, a float bound cannot be written to int32: self stays.
  EXPECT_THROW(j.clamp_(Scalar(2.5), std::nullopt), Error);
  EXPECT_EQ(values_of<int32_t>(j), (std::vector<int32_t>{1, 3, 3}));
}

// ---- rounding and signs --------------------------------------------------------------

TEST(PointwiseSemantics, RoundDecimals) {
  const std::vector<double> x{1.25, -1.35, 12.5, 15.0, -0.04, 1234.5678};
  const Tensor t = from_vector(x, {6});
  // Independent: each rounded by hand to the nearest multiple, halves to
  // even after scaling (1.25 * 10 = 12.5 -> 12; 12.5 / 10 = 1.25 -> 1; 15 / 10 = 1.5 -> 2).
  EXPECT_EQ(values_of<double>(round(t, 1)), (std::vector<double>{1.2, -1.4, 12.5, 15.0, -0.0, 1234.6}));
  EXPECT_EQ(values_of<double>(round(t, -1)), (std::vector<double>{0.0, -0.0, 10.0, 20.0, -0.0, 1230.0}));
  EXPECT_EQ(values_of<double>(round(t, 0)), values_of<double>(round(t)));
  Tensor u = t.clone();
  u.round_(2);
  EXPECT_EQ(values_of<double>(u), (std::vector<double>{1.25, -1.35, 12.5, 15.0, -0.04, 1234.57}));
  EXPECT_THROW(round(from_vector<int32_t>({1}, {1}), 1), Error);
}

TEST(PointwiseSemantics, RoundHalves) {
  const std::vector<double> x{0.5, 1.5, 2.5, -0.5, -2.5, -1.5, 0.49999999999999994};
  // NumPy: np.round(x) (halves to even).
  const std::vector<double> np_round{0., 2., 2., -0., -2., -2., 0.};
  const Tensor t = from_vector(x, {7});
  const auto got = values_of<double>(round(t));
  EXPECT_EQ(got, np_round);
  EXPECT_TRUE(std::signbit(got[3]));
  // TH's round: C's round, halves away from zero.
  Tensor r = empty({0}, kDouble);
  THDoubleTensor_round(th<THDoubleTensor>(r), th<THDoubleTensor>(t));
  EXPECT_EQ(values_of<double>(r), (std::vector<double>{1., 2., 3., -1., -3., -2., 0.}));
  // Float, Half and integers.
  EXPECT_EQ(values_of<float>(round(t.to(kFloat))), (std::vector<float>{0.f, 2.f, 2.f, -0.f, -2.f, -2.f, 0.f}));
  EXPECT_EQ(round(from_vector<double>({2.5}, {1}).to(kHalf)).item<double>(), 2.0);
  EXPECT_EQ(values_of<int32_t>(round(from_vector<int32_t>({-3, 7}, {2}))), (std::vector<int32_t>{-3, 7}));
}

TEST(PointwiseSemantics, FracTruncNegative) {
  // NumPy: x - np.trunc(x) and np.trunc(x).
  const Tensor x = from_vector<double>({-2.5, 2.75, -0.0, -7.125}, {4});
  EXPECT_EQ(values_of<double>(frac(x)), (std::vector<double>{-0.5, 0.75, 0.0, -0.125}));
  const auto tr = values_of<double>(trunc(x));
  EXPECT_EQ(tr, (std::vector<double>{-2., 2., -0., -7.}));
  EXPECT_TRUE(std::signbit(tr[2]));
  EXPECT_TRUE(std::isnan(frac(from_vector<double>({kInf}, {1})).item<double>()));
  EXPECT_EQ(values_of<double>(floor(x)), (std::vector<double>{-3., 2., -0., -8.}));
  EXPECT_EQ(values_of<double>(ceil(x)), (std::vector<double>{-2., 3., -0., -7.}));
}

TEST(PointwiseSemantics, SignOfZeroNanUnsigned) {
  const auto s = values_of<double>(sign(from_vector<double>({kNan, -0.0, 0.0, -2.0, 3.0, -kInf}, {6})));
  EXPECT_EQ(s, (std::vector<double>{0., 0., 0., -1., 1., -1.}));
  EXPECT_FALSE(std::signbit(s[1]));
  EXPECT_EQ(values_of<uint8_t>(sign(from_vector<uint8_t>({0, 3, 255}, {3}))), (std::vector<uint8_t>{0, 1, 1}));
  EXPECT_EQ(values_of<bool>(sign(from_vector<bool>({true, false}, {2}))), (std::vector<bool>{true, false}));
  EXPECT_EQ(values_of<int8_t>(sign(from_vector<int8_t>({-128, 0, 127}, {3}))), (std::vector<int8_t>{-1, 0, 1}));
  Tensor r = empty({0}, kByte);
  THByteTensor_sign(th<THByteTensor>(r), th<THByteTensor>(from_vector<uint8_t>({0, 9}, {2})));
  EXPECT_EQ(values_of<uint8_t>(r), (std::vector<uint8_t>{0, 1}));
}

TEST(PointwiseSemantics, NegAbsWrap) {
  EXPECT_EQ(values_of<int8_t>(neg(from_vector<int8_t>({-128, 127}, {2}))), (std::vector<int8_t>{-128, -127}));
  EXPECT_EQ(values_of<int8_t>(abs(from_vector<int8_t>({-128, -5}, {2}))), (std::vector<int8_t>{-128, 5}));
  EXPECT_EQ(values_of<uint8_t>(neg(from_vector<uint8_t>({1, 0}, {2}))), (std::vector<uint8_t>{255, 0}));
  const int64_t lmin = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(neg(from_vector<int64_t>({lmin}, {1})).item<int64_t>(), lmin);
  EXPECT_THROW(neg(from_vector<bool>({true}, {1})), Error);
}

TEST(PointwiseSemantics, BitwiseNot) {
  // Every dtype it has, contiguous and transposed, against ~x (!x for bool).
  std::vector<int64_t> vals;
  for (int k = -128; k < 128; ++k) vals.push_back(k * 37 + 5);
  const Tensor base = from_vector(vals, {16, 16});
  for (DType d : {kByte, kChar, kShort, kInt, kLong}) {
    for (bool transposed : {false, true}) {
      const Tensor x = transposed ? base.to(d).t() : base.to(d);
      const Tensor r = bitwise_not(x);
      ASSERT_EQ(r.dtype(), d);
      const auto got = values_of<int64_t>(r.to(kLong)), in = values_of<int64_t>(x.to(kLong));
      for (size_t i = 0; i < got.size(); ++i) {
        const int64_t want = d == kByte ? static_cast<int64_t>(static_cast<uint8_t>(~in[i])) : ~in[i];
        ASSERT_EQ(got[i], want) << dtype_name(d) << " ~" << in[i];
      }
    }
  }
  EXPECT_EQ(values_of<bool>(bitwise_not(from_vector<bool>({true, false}, {2}))), (std::vector<bool>{false, true}));
  Tensor b = from_vector<bool>({true, false}, {2});
  bitwise_not_(b);
  EXPECT_EQ(values_of<bool>(b), (std::vector<bool>{false, true}));
  EXPECT_THROW(bitwise_not(from_vector<float>({1.0f}, {1})), Error);
}

// ---- edges of the math functions -----------------------------------------------------

TEST(PointwiseSemantics, FunctionEdges) {
  const auto rs = values_of<float>(rsqrt(from_vector<float>({0.0f, -0.0f, 4.0f, -1.0f}, {4})));
  EXPECT_EQ(rs[0], std::numeric_limits<float>::infinity());
  EXPECT_EQ(rs[1], -std::numeric_limits<float>::infinity());
  EXPECT_EQ(rs[2], 0.5f);
  EXPECT_TRUE(std::isnan(rs[3]));
  // NumPy: float32(1 / (1 + exp(-x))) computed in float64.
  const auto sg = values_of<float>(sigmoid(from_vector<float>({-100.f, -30.f, 30.f, 100.f, 0.f}, {5})));
  const std::vector<float> np_sig{3.783506e-44f, 9.357623e-14f, 1.0f, 1.0f, 0.5f};
  for (size_t i = 0; i < sg.size(); ++i) EXPECT_NEAR(sg[i], np_sig[i], np_sig[i] * 4e-7) << i;
  EXPECT_EQ(sigmoid(from_vector<float>({-1000.f}, {1})).item<double>(), 0.0);
  EXPECT_EQ(sigmoid(from_vector<double>({-kInf}, {1})).item<double>(), 0.0);
  EXPECT_EQ(sigmoid(from_vector<double>({kInf}, {1})).item<double>(), 1.0);
  // math: lgamma(0.5), lgamma(-0.5), lgamma(1), lgamma(2), lgamma(3), lgamma(10), lgamma(-2.5).
  const std::vector<double> lg_x{0.5, -0.5, 1.0, 2.0, 3.0, 10.0, -2.5};
  const std::vector<double> math_lg{0.5723649429247004, 1.265512123484645, 0.0, 0.0, 0.693147180559945,
                                    12.801827480081467, -0.05624371649767457};
  const auto lg = values_of<double>(lgamma(from_vector(lg_x, {7})));
  for (size_t i = 0; i < lg.size(); ++i) EXPECT_NEAR(lg[i], math_lg[i], 1e-14 + 1e-14 * std::fabs(math_lg[i])) << lg_x[i];
  const auto poles = values_of<float>(lgamma(from_vector<float>({0.0f, -1.0f, -2.0f}, {3})));
  for (float p : poles) EXPECT_EQ(p, std::numeric_limits<float>::infinity());
  const auto lo = values_of<double>(log(from_vector<double>({0.0, -0.0, -1.0, kInf}, {4})));
  EXPECT_EQ(lo[0], -kInf);
  EXPECT_EQ(lo[1], -kInf);
  EXPECT_TRUE(std::isnan(lo[2]));
  EXPECT_EQ(lo[3], kInf);
  EXPECT_EQ(values_of<float>(tanh(from_vector<float>({-std::numeric_limits<float>::infinity(), 30.f, -0.0f}, {3}))), (std::vector<float>{-1.f, 1.f, -0.f}));
}

TEST(PointwiseSemantics, IntegerInputsGiveFloat) {
  // Float-valued functions of integer and bool tensors: the default float dtype.
  const Tensor i = from_vector<int32_t>({1, 4}, {2}), b = from_vector<bool>({true, false}, {2});
  for (const Tensor& r : {sin(i), log(i), sigmoid(b), rsqrt(i), reciprocal(i), atan2(i, i), tanh(b), lgamma(i)})
    EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_EQ(values_of<float>(sqrt(i)), (std::vector<float>{1.0f, 2.0f}));
  EXPECT_EQ(values_of<float>(reciprocal(i)), (std::vector<float>{1.0f, 0.25f}));
  // ceil/floor/round/trunc keep integers as they are.
  EXPECT_EQ(ceil(i).dtype(), kInt);
  EXPECT_THROW(frac(i), Error);
}

// ---- nan_to_num, float_power, isclose ------------------------------------------------

TEST(PointwiseSemantics, NanToNum) {
  const Tensor x = from_vector<double>({kNan, kInf, -kInf, 1.5}, {4});
  EXPECT_EQ(values_of<double>(nan_to_num(x)),
            (std::vector<double>{0.0, std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest(), 1.5}));
  EXPECT_EQ(values_of<double>(nan_to_num(x, 1.0, 2.0, 3.0)), (std::vector<double>{1.0, 2.0, 3.0, 1.5}));
  // float16's largest finite value is 65504, not float's (the compute type).
  const Tensor h = nan_to_num(x.to(kHalf));
  EXPECT_EQ(values_of<double>(h.to(kDouble)), (std::vector<double>{0.0, 65504.0, -65504.0, 1.5}));
  const Tensor i = from_vector<int32_t>({-3, 7}, {2});
  EXPECT_EQ(values_of<int32_t>(nan_to_num(i, 1.0)), (std::vector<int32_t>{-3, 7}));
  Tensor y = x.clone();
  y.nan_to_num_(std::nullopt, 9.0);
  EXPECT_EQ(values_of<double>(y)[1], 9.0);
}

TEST(PointwiseSemantics, FloatPower) {
  const Tensor i = from_vector<int32_t>({2, 3}, {2});
  const Tensor r = float_power(i, Scalar(int64_t{-1}));
  EXPECT_EQ(r.dtype(), kDouble);
  EXPECT_EQ(values_of<double>(r), (std::vector<double>{0.5, 1.0 / 3.0}));
  EXPECT_EQ(values_of<double>(float_power(Scalar(int64_t{2}), i)), (std::vector<double>{4.0, 8.0}));
  EXPECT_EQ(float_power(from_vector<float>({2.0f}, {1}), from_vector<float>({0.5f}, {1})).dtype(), kDouble);
  // In place and out= need float64: a float32 self or out is refused and kept.
  Tensor f = from_vector<float>({2.0f}, {1});
  EXPECT_THROW(f.float_power_(Scalar(2.0)), Error);
  EXPECT_EQ(values_of<float>(f), (std::vector<float>{2.0f}));
  Tensor out = from_vector<float>({7.0f}, {1});
  EXPECT_THROW(float_power_out(out, f, Scalar(2.0)), Error);
  EXPECT_EQ(values_of<float>(out), (std::vector<float>{7.0f}));
  Tensor d = from_vector<double>({3.0}, {1});
  d.float_power_(i.narrow(0, 0, 1));
  EXPECT_EQ(values_of<double>(d), (std::vector<double>{9.0}));
}

TEST(PointwiseSemantics, IsClose) {
  const Tensor a = from_vector<double>({1.0, kNan, kInf, -kInf, 100.0}, {5});
  const Tensor b = from_vector<double>({1.0 + 1e-9, kNan, kInf, kInf, 101.0}, {5});
  EXPECT_EQ(values_of<bool>(isclose(a, b)), (std::vector<bool>{true, false, true, false, false}));
  EXPECT_EQ(values_of<bool>(isclose(a, b, 0.02, 0.0, true)), (std::vector<bool>{true, true, true, false, true}));
  // Integers compare in double: the difference of the extremes does not wrap.
  const Tensor l = from_vector<int64_t>({std::numeric_limits<int64_t>::min(), 100}, {2});
  const Tensor m = from_vector<int64_t>({std::numeric_limits<int64_t>::max(), 101}, {2});
  EXPECT_EQ(values_of<bool>(isclose(l, m, 0.02, 0.0)), (std::vector<bool>{false, true}));
  EXPECT_EQ(values_of<bool>(isclose(from_vector<bool>({true, false}, {2}), from_vector<bool>({true, true}, {2}))),
            (std::vector<bool>{true, false}));
  EXPECT_TRUE(allclose(a.narrow(0, 0, 1), b.narrow(0, 0, 1)));
  EXPECT_FALSE(allclose(a, b));
  EXPECT_FALSE(allclose(a, b, 0.02, 0.0, true));  // -inf and inf differ
  EXPECT_THROW(isclose(a, l), Error);
  EXPECT_THROW(allclose(a, a, -1.0), Error);
}

// At the integers sin(pi x) is 0 up to the rounding of pi x: a relative
// comparison with a reference cannot hold there, an absolute one does.
TEST(PointwiseSemantics, SincNearIntegers) {
  const Tensor x = from_vector<float>({-2.0f, 0.0f, 1.0f, 0.5f, 2.5f}, {5});
  const auto v = values_of<float>(sinc(x));
  const double pi = 3.14159265358979323846;
  const double want[] = {0.0, 1.0, 0.0, 2.0 / pi, 2.0 / (5.0 * pi)};
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(v[i], want[i], 1e-6) << i;
}

}  // namespace
}  // namespace ember::optest
