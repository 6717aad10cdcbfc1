// Hand-written tests of the reduce-family ops the generated tests cannot
// express (schemas name them in test.gtest): amax/amin over several dims,
// trace, dist, renorm, cross, and TH's forms of them, each against a
// naive loop over the elements; and semantic cases stated once more by
// example (ties, NaN, edges) with the expectation computed by a loop too.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "TH/TH.h"
#include "ember/tensor.h"
#include "tests/common/index_walk.h"

namespace {

using namespace ember;
using Shape = std::vector<int64_t>;
using testutil::numel_of;
using testutil::unravel;

// Row-major values of t as doubles.
std::vector<double> values(const Tensor& t) {
  const Tensor d = t.to(kDouble).contiguous();
  const double* p = d.numel() ? d.data<double>() : nullptr;
  return std::vector<double>(p, p + d.numel());
}

// A tensor of the given shape and dtype holding small random integers
// (exact in every dtype) from [lo, hi].
Tensor random_ints(const Shape& shape, DType dtype, int lo, int hi, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pick(lo, hi);
  std::vector<double> v(static_cast<size_t>(numel_of(shape)));
  for (double& x : v) x = pick(rng);
  return from_vector(v, shape).to(dtype);
}

void expect_same(const std::vector<double>& got, const std::vector<double>& want, double tol, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) EXPECT_TRUE(std::isnan(got[i])) << what << " at " << i;
    else EXPECT_NEAR(got[i], want[i], tol * (1 + std::fabs(want[i]))) << what << " at " << i;
  }
}

// ---- amax / amin -------------------------------------------------------------

// The largest (smallest) element over `dims` for every kept index: a loop
// over all elements, NaN propagating.
std::vector<double> extreme_ref(const Tensor& t, const std::vector<bool>& reduced, bool largest) {
  const Shape shape = t.shape();
  Shape kept;
  for (size_t d = 0; d < shape.size(); ++d)
    if (!reduced[d]) kept.push_back(shape[d]);
  std::vector<double> out(static_cast<size_t>(numel_of(kept)), std::numeric_limits<double>::quiet_NaN());
  std::vector<bool> seen(out.size(), false);
  const std::vector<double> v = values(t);
  for (int64_t k = 0; k < numel_of(shape); ++k) {
    const Shape idx = unravel(k, shape);
    int64_t o = 0;
    for (size_t d = 0; d < shape.size(); ++d)
      if (!reduced[d]) o = o * shape[d] + idx[d];
    double& best = out[static_cast<size_t>(o)];
    const double x = v[static_cast<size_t>(k)];
    if (!seen[static_cast<size_t>(o)]) best = x;
    else if (!std::isnan(best) && (std::isnan(x) || (largest ? x > best : x < best))) best = x;
    seen[static_cast<size_t>(o)] = true;
  }
  return out;
}

TEST(ReduceOps, AmaxAmin) {
  const std::vector<std::vector<int64_t>> dim_sets = {{}, {0}, {2}, {1, 2}, {-1, 0}, {0, 1, 2}};
  for (DType dtype : {kFloat, kInt, kHalf, kBool, kByte}) {
    Tensor t = random_ints({4, 5, 6}, dtype, dtype == kBool ? 0 : -9, dtype == kBool ? 1 : 9, 7);
    if (is_floating(dtype)) t.select(0, 2).select(0, 3).fill_(std::numeric_limits<double>::quiet_NaN());
    const Tensor views[] = {t, t.transpose(0, 2).transpose(0, 2).narrow(1, 1, 3)};
    for (const Tensor& x : views) {
      for (const auto& dims : dim_sets) {
        std::vector<bool> reduced(3, dims.empty());
        for (int64_t d : dims) reduced[static_cast<size_t>(d < 0 ? d + 3 : d)] = true;
        for (bool keepdim : {false, true}) {
          for (bool largest : {true, false}) {
            const Tensor r = largest ? amax(x, dims, keepdim) : amin(x, dims, keepdim);
            const std::string what = std::string(largest ? "amax " : "amin ") + dtype_name(dtype);
            EXPECT_EQ(r.dtype(), dtype) << what;
            Shape want_shape;
            for (int64_t d = 0; d < 3; ++d)
              if (!reduced[static_cast<size_t>(d)]) want_shape.push_back(x.size(d));
              else if (keepdim) want_shape.push_back(1);
            EXPECT_EQ(r.shape(), want_shape) << what;
            expect_same(values(r), extreme_ref(x, reduced, largest), 0, what);
          }
        }
      }
    }
  }
  // out=, and a 0-dim input.
  const Tensor t = random_ints({3, 4}, kLong, -5, 5, 3);
  Tensor out = empty({0}, kLong);
  amax_out(out, t, {1});
  expect_same(values(out), extreme_ref(t, {false, true}, true), 0, "amax_out");
  const Tensor s = scalar_tensor(Scalar(2.5), kDouble);
  EXPECT_EQ(amin(s).item<double>(), 2.5);
  EXPECT_TRUE(amin(s).is_scalar());
}

// ---- trace -------------------------------------------------------------------

TEST(ReduceOps, Trace) {
  for (DType dtype : {kFloat, kDouble, kInt, kByte, kBool, kHalf, kLong}) {
    for (const Shape& shape : {Shape{3, 5}, Shape{5, 3}, Shape{4, 4}, Shape{0, 3}}) {
      const Tensor t = random_ints(shape, dtype, 0, dtype == kBool ? 1 : 9, 11);
      for (const Tensor& x : {t, t.t()}) {
        double want = 0;
        const std::vector<double> v = values(x);
        for (int64_t i = 0; i < std::min(x.size(0), x.size(1)); ++i) want += v[static_cast<size_t>(i * x.size(1) + i)];
        const Tensor r = trace(x);
        EXPECT_TRUE(r.is_scalar());
        EXPECT_EQ(r.dtype(), is_floating(dtype) ? dtype : kLong) << dtype_name(dtype);
        EXPECT_EQ(r.item<double>(), want) << dtype_name(dtype);
      }
    }
  }
  const Tensor f = random_ints({3, 4}, kFloat, -5, 5, 2), i = random_ints({4, 4}, kShort, -5, 5, 2);
  const std::vector<double> fv = values(f), iv = values(i);
  EXPECT_EQ(THFloatTensor_trace(reinterpret_cast<THFloatTensor*>(f.impl())), fv[0] + fv[5] + fv[10]);
  EXPECT_EQ(THShortTensor_trace(reinterpret_cast<THShortTensor*>(i.impl())), static_cast<long>(iv[0] + iv[5] + iv[10] + iv[15]));
}

// ---- dist --------------------------------------------------------------------

double pnorm_ref(const std::vector<double>& d, double p) {
  const double inf = std::numeric_limits<double>::infinity();
  long double acc = p == -inf ? inf : 0;
  for (double x : d) {
    const long double a = std::fabs(x);
    if (p == 0) acc += x != 0;
    else if (p == inf) acc = std::max(acc, a);
    else if (p == -inf) acc = std::min(acc, a);
    else acc += std::pow(a, static_cast<long double>(p));
  }
  if (p == 0 || p == inf || p == -inf) return static_cast<double>(acc);
  return static_cast<double>(std::pow(acc, 1.0L / p));
}

TEST(ReduceOps, Dist) {
  const double inf = std::numeric_limits<double>::infinity();
  for (DType dtype : {kFloat, kDouble, kHalf, kBFloat16}) {
    const Tensor a = random_ints({3, 4}, dtype, -6, 6, 5), b = random_ints({4}, dtype, -6, 6, 6);
    const std::vector<double> av = values(a), bv = values(b);
    std::vector<double> diff;
    for (size_t k = 0; k < av.size(); ++k) diff.push_back(av[k] - bv[k % 4]);
    for (double p : {2.0, 1.0, 3.0, 0.0, 0.5, inf, -inf}) {
      const Tensor r = dist(a, b, p);
      EXPECT_EQ(r.dtype(), dtype);
      EXPECT_TRUE(r.is_scalar());
      const double tol = dtype == kDouble ? 1e-14 : dtype == kFloat ? 1e-6 : 1e-2;
      expect_same(values(r), {pnorm_ref(diff, p)}, tol, std::string("dist ") + dtype_name(dtype) + " p=" + std::to_string(p));
    }
  }
  // TH: equal element counts, any shapes, the accumulate type returned.
  const Tensor a = random_ints({3, 4}, kFloat, -6, 6, 8), b = random_ints({12}, kFloat, -6, 6, 9);
  const std::vector<double> av = values(a), bv = values(b);
  std::vector<double> diff;
  for (size_t k = 0; k < av.size(); ++k) diff.push_back(av[k] - bv[k]);
  EXPECT_NEAR(THFloatTensor_dist(reinterpret_cast<THFloatTensor*>(a.t().contiguous().t().impl()),
                                 reinterpret_cast<THFloatTensor*>(b.impl()), 3.0f),
              pnorm_ref(diff, 3), 1e-12);
}

// ---- match (TH only) ---------------------------------------------------------------

// Records TH's argument errors on this thread instead of aborting.
struct ArgErrors {
  int arg = 0;
  std::string message;
  ArgErrors() { THSetArgErrorHandler(record, this); }
  ~ArgErrors() { THSetArgErrorHandler(nullptr, nullptr); }
  static void record(int n, const char* msg, void* self) {
    static_cast<ArgErrors*>(self)->arg = n;
    static_cast<ArgErrors*>(self)->message = msg;
  }
};

// gain * |m1[i] - m2[j]|^2 over flattened rows: in double for floating
// dtypes, in wrapping 64-bit integers for Long.
std::vector<double> match_ref(const Tensor& m1, const Tensor& m2, double gain, DType dtype) {
  const int64_t n1 = m1.size(0), n2 = m2.size(0), len = n1 ? m1.numel() / n1 : 0;
  const std::vector<double> a = values(m1), b = values(m2);
  std::vector<double> out;
  for (int64_t i = 0; i < n1; ++i) {
    for (int64_t j = 0; j < n2; ++j) {
      double sum = 0;
      uint64_t isum = 0;
      for (int64_t k = 0; k < len; ++k) {
        const double d = a[i * len + k] - b[j * len + k];
        sum += d * d;
        isum += static_cast<uint64_t>(static_cast<int64_t>(d) * static_cast<int64_t>(d));
      }
      const uint64_t igain = static_cast<uint64_t>(static_cast<int64_t>(gain));
      out.push_back(is_floating(dtype) ? gain * sum : static_cast<double>(static_cast<int64_t>(isum * igain)));
    }
  }
  return out;
}

TEST(ReduceOps, Match) {
  // m1 3 x (2 x 2) rows, m2 4 x 4 rows: row lengths agree after flattening.
  const Tensor f1 = random_ints({3, 2, 2}, kFloat, -6, 6, 21), f2 = random_ints({4, 4}, kFloat, -6, 6, 22);
  Tensor r = empty({0}, kFloat);
  THFloatTensor_match(reinterpret_cast<THFloatTensor*>(r.impl()), reinterpret_cast<THFloatTensor*>(f1.impl()),
                      reinterpret_cast<THFloatTensor*>(f2.t().contiguous().t().impl()), 0.5f);
  EXPECT_EQ(r.shape(), (Shape{3, 4}));
  expect_same(values(r), match_ref(f1, f2, 0.5, kFloat), 1e-6, "match Float");
  // Bytes: (a - b) wraps to [0, 256) before it is squared, as Torch7's unsigned arithmetic.
  const Tensor b1 = random_ints({5, 3}, kByte, 0, 20, 23), b2 = random_ints({2, 3}, kByte, 0, 20, 24);
  Tensor rb = empty({0}, kByte);
  THByteTensor_match(reinterpret_cast<THByteTensor*>(rb.impl()), reinterpret_cast<THByteTensor*>(b1.impl()),
                     reinterpret_cast<THByteTensor*>(b2.impl()), 3);
  std::vector<double> want;
  const std::vector<double> av = values(b1), bv = values(b2);
  for (int64_t i = 0; i < 5; ++i) {
    for (int64_t j = 0; j < 2; ++j) {
      unsigned sum = 0;
      for (int64_t k = 0; k < 3; ++k) {
        const auto d = static_cast<uint8_t>(av[i * 3 + k] - bv[j * 3 + k]);
        sum += static_cast<uint8_t>(d * d);
      }
      want.push_back(static_cast<uint8_t>(3 * sum));
    }
  }
  expect_same(values(rb), want, 0, "match Byte");
  const Tensor l1 = random_ints({2, 3}, kLong, -9, 9, 25), l2 = random_ints({3, 3}, kLong, -9, 9, 26);
  Tensor rl = empty({0}, kLong);
  THLongTensor_match(reinterpret_cast<THLongTensor*>(rl.impl()), reinterpret_cast<THLongTensor*>(l1.impl()),
                     reinterpret_cast<THLongTensor*>(l2.impl()), -2);
  expect_same(values(rl), match_ref(l1, l2, -2, kLong), 0, "match Long");
  // Row lengths that differ: argument 3 (m2), r_ untouched.
  ArgErrors errors;
  const Tensor bad = random_ints({4, 5}, kFloat, -6, 6, 27);
  THFloatTensor_match(reinterpret_cast<THFloatTensor*>(r.impl()), reinterpret_cast<THFloatTensor*>(f1.impl()),
                      reinterpret_cast<THFloatTensor*>(bad.impl()), 1.0f);
  EXPECT_EQ(errors.arg, 3);
  EXPECT_NE(errors.message.find("same inner vector dim"), std::string::npos) << errors.message;
  EXPECT_EQ(r.shape(), (Shape{3, 4}));
}

// ---- renorm ------------------------------------------------------------------

TEST(ReduceOps, Renorm) {
  for (DType dtype : {kFloat, kDouble}) {
    const Tensor t = random_ints({4, 3, 2}, dtype, -5, 5, 13);
    for (int64_t dim : {0, 1, -1}) {
      for (double p : {1.0, 2.0, 3.0}) {
        const double maxnorm = 4.0;
        const int64_t d = dim < 0 ? dim + 3 : dim;
        // Reference: each sub-tensor select(d, i) scaled when its norm exceeds maxnorm.
        const Shape shape = t.shape();
        const std::vector<double> v = values(t);
        std::vector<std::vector<double>> groups(static_cast<size_t>(shape[d]));
        for (int64_t k = 0; k < t.numel(); ++k) groups[static_cast<size_t>(unravel(k, shape)[d])].push_back(v[k]);
        std::vector<double> want(v);
        for (int64_t k = 0; k < t.numel(); ++k) {
          const double norm = pnorm_ref(groups[static_cast<size_t>(unravel(k, shape)[d])], p);
          if (norm > maxnorm) want[k] = static_cast<double>(static_cast<float>(maxnorm / (norm + 1e-7))) * v[k];
          if (dtype == kDouble && norm > maxnorm) want[k] = maxnorm / (norm + 1e-7) * v[k];
        }
        const std::string what = std::string("renorm ") + dtype_name(dtype) + " dim=" + std::to_string(dim) + " p=" + std::to_string(p);
        const double tol = dtype == kFloat ? 1e-6 : 1e-14;
        expect_same(values(renorm(t, p, dim, maxnorm)), want, tol, what);
        Tensor in_place = t.clone();
        in_place.renorm_(p, dim, maxnorm);
        expect_same(values(in_place), want, tol, what + " (in place)");
        Tensor out = empty({0}, dtype);
        renorm_out(out, t, p, dim, maxnorm);
        expect_same(values(out), want, tol, what + " (out)");
      }
    }
  }
  // TH's renorm: r_ resized like t.
  const Tensor t = random_ints({3, 4}, kDouble, -5, 5, 21);
  Tensor r = empty({0}, kDouble);
  THDoubleTensor_renorm(reinterpret_cast<THDoubleTensor*>(r.impl()), reinterpret_cast<THDoubleTensor*>(t.impl()), 2.0, 0, 3.0);
  expect_same(values(r), values(renorm(t, 2.0, 0, 3.0)), 0, "THDoubleTensor_renorm");
}

// ---- cross -------------------------------------------------------------------

// a x b along `dim` of two tensors of one shape, in int64 or double.
std::vector<double> cross_ref(const Tensor& a, const Tensor& b, int64_t dim) {
  const Shape shape = a.shape();
  const std::vector<double> av = values(a), bv = values(b);
  std::vector<double> out(av.size());
  Shape strides(shape.size(), 1);
  for (size_t d = shape.size() - 1; d-- > 0;) strides[d] = strides[d + 1] * shape[d + 1];
  for (int64_t k = 0; k < a.numel(); ++k) {
    const Shape idx = unravel(k, shape);
    const int64_t i = idx[dim], base = k - i * strides[dim];
    auto at = [&](const std::vector<double>& v, int64_t c) { return v[static_cast<size_t>(base + c * strides[dim])]; };
    const int64_t j = (i + 1) % 3, l = (i + 2) % 3;
    out[static_cast<size_t>(k)] = at(av, j) * at(bv, l) - at(av, l) * at(bv, j);
  }
  return out;
}

TEST(ReduceOps, Cross) {
  for (DType dtype : {kFloat, kDouble, kInt, kLong, kChar, kShort, kByte, kHalf, kBFloat16}) {
    const Tensor a = random_ints({4, 3}, dtype, 0, 6, 1), b = random_ints({4, 3}, dtype, 0, 6, 2);
    // dim None: the first of size 3 (dim 1 here, dim 0 of the transposes).
    const std::string what = std::string("cross ") + dtype_name(dtype);
    auto wrap = [&](std::vector<double> v) {
      return values(from_vector(v, {static_cast<int64_t>(v.size())}).to(kLong).to(dtype));
    };
    expect_same(values(cross(a, b)), is_floating(dtype) ? cross_ref(a, b, 1) : wrap(cross_ref(a, b, 1)), 0, what);
    expect_same(values(cross(a.t(), b.t())), values(cross(a, b).t()), 0, what + " (transposed)");
    expect_same(values(cross(a, b, -1)), values(cross(a, b)), 0, what + " dim=-1");
    EXPECT_EQ(cross(a, b).dtype(), dtype);
  }
  // Broadcasting: [2, 1, 3] with [4, 3].
  const Tensor a = random_ints({2, 1, 3}, kDouble, -4, 4, 3), b = random_ints({4, 3}, kDouble, -4, 4, 4);
  expect_same(values(cross(a, b, 2)), cross_ref(a.expand({2, 4, 3}).contiguous(), b.expand({2, 4, 3}).contiguous(), 2), 0,
              "cross broadcast");
  Tensor out = empty({0}, kDouble);
  cross_out(out, a, b, 2);
  expect_same(values(out), values(cross(a, b, 2)), 0, "cross_out");
  // TH: a negative dim takes the first dim of size 3 ([3, 3]: dim 0).
  const Tensor x = random_ints({3, 3}, kFloat, -4, 4, 5), y = random_ints({3, 3}, kFloat, -4, 4, 6);
  Tensor r = empty({0}, kFloat);
  THFloatTensor_cross(reinterpret_cast<THFloatTensor*>(r.impl()), reinterpret_cast<THFloatTensor*>(x.impl()),
                      reinterpret_cast<THFloatTensor*>(y.impl()), -1);
  expect_same(values(r), cross_ref(x, y, 0), 0, "THFloatTensor_cross dim -1");
  THFloatTensor_cross(reinterpret_cast<THFloatTensor*>(r.impl()), reinterpret_cast<THFloatTensor*>(x.impl()),
                      reinterpret_cast<THFloatTensor*>(y.impl()), 1);
  expect_same(values(r), cross_ref(x, y, 1), 0, "THFloatTensor_cross dim 1");
}

}  // namespace
