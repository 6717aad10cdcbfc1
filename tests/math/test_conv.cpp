// Convolutions (schemas/math/conv.yaml): conv2/xcorr2/conv3/xcorr3 in C++,
// TH's conv2D*/conv3D* family and its pointer-level helpers in C, for
// every dtype, against a naive reference written from the definitions:
//   valid xcorr  out[z][y][x] = sum k[c][a][b] * t[z*st + c][y*sr + a][x*sc + b]
//   valid conv   the same with k[kt-1-c][kr-1-a][kc-1-b]
//   full         every t[zz][yy][xx] * k'[c][a][b] added to
//                out[zz*st + c][yy*sr + a][xx*sc + b], k' = k for conv and
//                k flipped for xcorr (so that stride 1 gives the usual
//                full correlation / convolution)
//   Rev          out[z][y][x] = sum k[c][a][b] * t[z + c*st][y + a*sr][x + b*sc]
// The reference sums exactly (blas_test_util.h's Expected: wrapping
// integers, long double with an error bound for floating dtypes).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "TH/TH.h"
#include "ember/error.h"
#include "ember/tensor.h"
#include "tests/math/blas_test_util.h"
#include "tests/runtime/th_test_util.h"

namespace ember::blastest {
namespace {

enum class Form { Mul, Cmul, Mv, Mm, Ger, RevGer, RevGerm, Map };

// One plane product's geometry; dims 2 has depth 1 everywhere.
struct Geo {
  int64_t in[3], ker[3], out[3], s[3];
  bool full, xcorr, rev;
  int64_t in_vol() const { return in[0] * in[1] * in[2]; }
  int64_t k_vol() const { return ker[0] * ker[1] * ker[2]; }
  int64_t out_vol() const { return out[0] * out[1] * out[2]; }
};

Geo geo(int dims, const std::vector<int64_t>& in, const std::vector<int64_t>& ker, const std::vector<int64_t>& s,
        bool full, bool xcorr, bool rev) {
  Geo g{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, full, xcorr, rev};
  for (int d = 0; d < dims; ++d) {
    const int a = 3 - dims + d;
    g.in[a] = in[in.size() - dims + d];
    g.ker[a] = ker[ker.size() - dims + d];
    g.s[a] = s[d];
  }
  for (int a = 0; a < 3; ++a)
    g.out[a] = full ? (g.in[a] - 1) * g.s[a] + g.ker[a]
                    : rev ? g.in[a] - (g.ker[a] - 1) * g.s[a] : (g.in[a] - g.ker[a]) / g.s[a] + 1;
  return g;
}

// e[o_off + ...] += alpha * (plane t_off of t) (x) (plane k_off of k).
void ref_plane(Expected& e, int64_t o_off, const Values& t, int64_t t_off, const Values& k, int64_t k_off,
               const Geo& g, double alpha) {
  const int64_t KT = g.ker[0], KR = g.ker[1], KC = g.ker[2];
  auto kidx = [&](int64_t c, int64_t a, int64_t b, bool flip) {
    return k_off + (flip ? ((KT - 1 - c) * KR + KR - 1 - a) * KC + KC - 1 - b : (c * KR + a) * KC + b);
  };
  if (g.full) {
    for (int64_t zz = 0; zz < g.in[0]; ++zz)
      for (int64_t yy = 0; yy < g.in[1]; ++yy)
        for (int64_t xx = 0; xx < g.in[2]; ++xx)
          for (int64_t c = 0; c < KT; ++c)
            for (int64_t a = 0; a < KR; ++a)
              for (int64_t b = 0; b < KC; ++b) {
                const int64_t o = ((zz * g.s[0] + c) * g.out[1] + yy * g.s[1] + a) * g.out[2] + xx * g.s[2] + b;
                e.add_product(o_off + o, t, t_off + (zz * g.in[1] + yy) * g.in[2] + xx, k, kidx(c, a, b, g.xcorr), alpha);
              }
    return;
  }
  for (int64_t z = 0; z < g.out[0]; ++z)
    for (int64_t y = 0; y < g.out[1]; ++y)
      for (int64_t x = 0; x < g.out[2]; ++x)
        for (int64_t c = 0; c < KT; ++c)
          for (int64_t a = 0; a < KR; ++a)
            for (int64_t b = 0; b < KC; ++b) {
              const int64_t iz = g.rev ? z + c * g.s[0] : z * g.s[0] + c;
              const int64_t iy = g.rev ? y + a * g.s[1] : y * g.s[1] + a;
              const int64_t ix = g.rev ? x + b * g.s[2] : x * g.s[2] + b;
              e.add_product(o_off + (z * g.out[1] + y) * g.out[2] + x, t, t_off + (iz * g.in[1] + iy) * g.in[2] + ix, k,
                            kidx(c, a, b, !g.xcorr && !g.rev), alpha);
            }
}

// The whole form: result shape, (beta * old r where kept) + alpha * products.
Expected ref_form(DType d, Form f, int dims, const Tensor& t, const Tensor& k, const std::vector<int64_t>& s, bool full,
                  bool xcorr, double beta, const Tensor* r_old, double alpha,
                  const std::vector<std::pair<int64_t, int64_t>>& map = {}) {
  const bool rev = f == Form::RevGer || f == Form::RevGerm;
  const Geo g = geo(dims, t.shape(), k.shape(), s, full, xcorr, rev);
  std::vector<int64_t> lead;
  const int64_t nt = t.dim() > dims ? t.size(0) : 1, nk = k.dim() > dims ? k.size(0) : 1;
  switch (f) {
    case Form::Mul: break;
    case Form::Cmul: case Form::Map: case Form::Mv: lead = {nk}; break;
    case Form::Mm: lead = {nt, nk}; break;
    case Form::Ger: case Form::RevGer: lead = {nk, nt}; break;
    case Form::RevGerm: lead = {k.size(1), t.size(1)}; break;
  }
  std::vector<int64_t> shape = lead;
  for (int a = 3 - dims; a < 3; ++a) shape.push_back(g.out[a]);
  Expected e(d, shape);
  const Values tv = values(t), kv = values(k);
  const int64_t ov = g.out_vol(), iv = g.in_vol(), kvol = g.k_vol();
  if (r_old && beta != 0) {
    const Values rv = values(*r_old);
    for (int64_t i = 0; i < e.numel(); ++i) e.add(i, rv, i, beta);
  }
  switch (f) {
    case Form::Mul: ref_plane(e, 0, tv, 0, kv, 0, g, alpha); break;
    case Form::Cmul:
      for (int64_t i = 0; i < nk; ++i) ref_plane(e, i * ov, tv, i * iv, kv, i * kvol, g, alpha);
      break;
    case Form::Mv:
      for (int64_t o = 0; o < nk; ++o)
        for (int64_t i = 0; i < nt; ++i) ref_plane(e, o * ov, tv, i * iv, kv, (o * nt + i) * kvol, g, alpha);
      break;
    case Form::Mm: {
      const int64_t ni = t.size(1);
      for (int64_t b = 0; b < nt; ++b)
        for (int64_t o = 0; o < nk; ++o)
          for (int64_t i = 0; i < ni; ++i)
            ref_plane(e, (b * nk + o) * ov, tv, (b * ni + i) * iv, kv, (o * ni + i) * kvol, g, alpha);
      break;
    }
    case Form::Ger: case Form::RevGer:
      for (int64_t kk = 0; kk < nk; ++kk)
        for (int64_t i = 0; i < nt; ++i) ref_plane(e, (kk * nt + i) * ov, tv, i * iv, kv, kk * kvol, g, alpha);
      break;
    case Form::RevGerm: {
      const int64_t nkp = k.size(1), ni = t.size(1);
      for (int64_t kk = 0; kk < nkp; ++kk)
        for (int64_t i = 0; i < ni; ++i)
          for (int64_t b = 0; b < nt; ++b)
            ref_plane(e, (kk * ni + i) * ov, tv, (b * ni + i) * iv, kv, (b * nkp + kk) * kvol, g, alpha);
      break;
    }
    case Form::Map:
      for (size_t m = 0; m < map.size(); ++m)
        ref_plane(e, map[m].second * ov, tv, map[m].first * iv, kv, static_cast<int64_t>(m) * kvol, g, alpha);
      break;
  }
  return e;
}

// ---- TH's C functions of every dtype behind one switch ----------------------

template <class TT>
TT* th(const Tensor& t) {
  return reinterpret_cast<TT*>(t.impl());
}

template <class Real>
Real real(double v) {
  if constexpr (std::is_same_v<Real, THHalf>) {
    THHalf h;
    h.x = Half(static_cast<float>(v)).x;
    return h;
  } else if constexpr (std::is_same_v<Real, THBFloat16>) {
    THBFloat16 h;
    h.x = BFloat16(static_cast<float>(v)).x;
    return h;
  } else {
    return static_cast<Real>(v);
  }
}

#define EMBER_CONV_TEST_DTYPES(_) \
  _(Byte, unsigned char)          \
  _(Char, char)                   \
  _(Short, short)                 \
  _(Int, int)                     \
  _(Long, long)                   \
  _(Float, float)                 \
  _(Double, double)               \
  _(Half, THHalf)                 \
  _(BFloat16, THBFloat16)

// TH<Type>Tensor_<form> of r's dtype; s = strides (dims of them), vf/xc
// ignored by the Rev forms, map only by Map.
void th_form(Form f, int dims, const Tensor& r, double beta, double alpha, const Tensor& t, const Tensor& k,
             const std::vector<int64_t>& s, const char* vf, const char* xc, const Tensor* map = nullptr) {
  switch (r.dtype()) {
#define EMBER_CONV_CASE(Name, Real)                                                                               \
  case DType::Name: {                                                                                             \
    using TT = TH##Name##Tensor;                                                                                  \
    TT *R = th<TT>(r), *T = th<TT>(t), *K = th<TT>(k);                                                            \
    TT* M = map ? th<TT>(*map) : nullptr;                                                                         \
    const Real b = real<Real>(beta), a = real<Real>(alpha);                                                       \
    if (dims == 2) {                                                                                              \
      switch (f) {                                                                                                \
        case Form::Mul: return TH##Name##Tensor_conv2Dmul(R, b, a, T, K, s[0], s[1], vf, xc);                    \
        case Form::Cmul: return TH##Name##Tensor_conv2Dcmul(R, b, a, T, K, s[0], s[1], vf, xc);                  \
        case Form::Mv: return TH##Name##Tensor_conv2Dmv(R, b, a, T, K, s[0], s[1], vf, xc);                      \
        case Form::Mm: return TH##Name##Tensor_conv2Dmm(R, b, a, T, K, s[0], s[1], vf, xc);                      \
        case Form::Ger: return TH##Name##Tensor_conv2Dger(R, b, a, T, K, s[0], s[1], vf, xc);                    \
        case Form::RevGer: return TH##Name##Tensor_conv2DRevger(R, b, a, T, K, s[0], s[1]);                      \
        case Form::RevGerm: return TH##Name##Tensor_conv2DRevgerm(R, b, a, T, K, s[0], s[1]);                    \
        case Form::Map: return TH##Name##Tensor_conv2Dmap(R, b, a, T, K, M, s[0], s[1], vf, xc);                 \
      }                                                                                                           \
    } else {                                                                                                      \
      switch (f) {                                                                                                \
        case Form::Mul: return TH##Name##Tensor_conv3Dmul(R, b, a, T, K, s[0], s[1], s[2], vf, xc);              \
        case Form::Cmul: return TH##Name##Tensor_conv3Dcmul(R, b, a, T, K, s[0], s[1], s[2], vf, xc);            \
        case Form::Mv: return TH##Name##Tensor_conv3Dmv(R, b, a, T, K, s[0], s[1], s[2], vf, xc);                \
        case Form::Ger: return TH##Name##Tensor_conv3Dger(R, b, a, T, K, s[0], s[1], s[2], vf, xc);              \
        case Form::RevGer: return TH##Name##Tensor_conv3DRevger(R, b, a, T, K, s[0], s[1], s[2]);                \
        case Form::Map: return TH##Name##Tensor_conv3Dmap(R, b, a, T, K, M, s[0], s[1], s[2], vf, xc);           \
        default: break;                                                                                           \
      }                                                                                                           \
    }                                                                                                             \
    FAIL() << "no 3-d form";                                                                                      \
  }
    EMBER_CONV_TEST_DTYPES(EMBER_CONV_CASE)
#undef EMBER_CONV_CASE
    default: FAIL() << "no TH conv for " << dtype_name(r.dtype());
  }
}

std::string what(DType d, const std::string& more = {}) { return std::string(dtype_name(d)) + " " + more; }

// `call` throws ember::Error of `kind` naming `arg`.
template <class Call>
void expect_error(ErrorKind kind, const std::string& arg, Call&& call) {
  try {
    call();
    ADD_FAILURE() << "no error (expected one naming '" << arg << "')";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
    EXPECT_EQ(e.arg(), arg) << e.what();
  }
}

bool same_values(const Tensor& a, const Tensor& b) {
  const Tensor x = a.contiguous(), y = b.contiguous();
  return x.shape() == y.shape() && x.dtype() == y.dtype() &&
         std::memcmp(x.data_ptr(), y.data_ptr(), static_cast<size_t>(x.numel()) * x.element_size()) == 0;
}

// ---- C++ ---------------------------------------------------------------------

// Shapes (self, kernel) per form and dims, small enough for the naive
// reference, wide enough (70 columns) to reach the vectorized blocks.
struct Case {
  std::vector<int64_t> self, kernel;
};

std::vector<Case> cpp_cases(int dims) {
  if (dims == 2)
    return {{{7, 70}, {3, 5}}, {{5, 5}, {5, 5}}, {{1, 1}, {1, 1}}, {{2, 9, 8}, {2, 2, 3}}, {{3, 6, 67}, {2, 3, 2, 4}}};
  return {{{4, 5, 66}, {2, 3, 3}}, {{3, 3, 3}, {3, 3, 3}}, {{2, 4, 4, 5}, {2, 1, 2, 2}}, {{2, 3, 4, 5}, {3, 2, 2, 2, 3}}};
}

Form cpp_form(int dims, const Case& c) {
  const int ds = static_cast<int>(c.self.size()), dk = static_cast<int>(c.kernel.size());
  return ds == dims ? Form::Mul : dk == ds ? Form::Cmul : Form::Mv;
}

using CppFn = std::function<Tensor(const Tensor&, const Tensor&, bool)>;
struct CppOp {
  const char* name;
  int dims;
  bool xcorr;
  CppFn fn;
};
const CppOp kCppOps[] = {
    {"conv2", 2, false, [](const Tensor& a, const Tensor& b, bool f) { return conv2(a, b, f); }},
    {"xcorr2", 2, true, [](const Tensor& a, const Tensor& b, bool f) { return xcorr2(a, b, f); }},
    {"conv3", 3, false, [](const Tensor& a, const Tensor& b, bool f) { return conv3(a, b, f); }},
    {"xcorr3", 3, true, [](const Tensor& a, const Tensor& b, bool f) { return xcorr3(a, b, f); }},
};

int64_t terms_of(const Case& c, int dims) {
  int64_t n = 1;
  for (size_t i = c.kernel.size() - dims; i < c.kernel.size(); ++i) n *= c.kernel[i];
  return n * (c.self.size() > static_cast<size_t>(dims) ? c.self[0] : 1);
}

TEST(Conv, CppForms) {
  uint32_t seed = 10;
  for (const CppOp& op : kCppOps)
    for (const Case& c : cpp_cases(op.dims))
      for (bool full : {false, true}) {
        const Tensor t = random(c.self, kFloat, seed++), k = random(c.kernel, kFloat, seed++);
        const std::vector<int64_t> ones(op.dims, 1);
        const Expected e = ref_form(kFloat, cpp_form(op.dims, c), op.dims, t, k, ones, full, op.xcorr, 0, nullptr, 1);
        EXPECT_TRUE(e.matches(op.fn(t, k, full), terms_of(c, op.dims), 2))
            << op.name << " " << rt::sizes_text(c.self) << " " << rt::sizes_text(c.kernel) << (full ? " full" : " valid");
      }
}

TEST(Conv, CppAllDtypes) {
  uint32_t seed = 20;
  for (DType d : kDTypes)
    for (const CppOp& op : kCppOps)
      for (const Case& c : cpp_cases(op.dims))
        for (bool full : {false, true}) {
          const Tensor t = random(c.self, d, seed++), k = random(c.kernel, d, seed++);
          const std::vector<int64_t> ones(op.dims, 1);
          const Expected e = ref_form(d, cpp_form(op.dims, c), op.dims, t, k, ones, full, op.xcorr, 0, nullptr, 1);
          EXPECT_TRUE(e.matches(op.fn(t, k, full), terms_of(c, op.dims), 2))
              << what(d, op.name) << " " << rt::sizes_text(c.self) << (full ? " full" : " valid");
        }
}

// Inputs and kernels in any layout read as their values; the result is
// contiguous.
TEST(Conv, CppLayouts) {
  uint32_t seed = 30;
  for (DType d : {kFloat, kInt, kHalf}) {
    const Tensor t = random({6, 40}, d, seed++), k = random({3, 4}, d, seed++);
    for (Layout lt : kLayouts)
      for (Layout lk : kLayouts) {
        const Tensor tl = laid_out(t, lt), kl = laid_out(k, lk);
        for (bool full : {false, true}) {
          const Expected e = ref_form(d, Form::Mul, 2, tl, kl, {1, 1}, full, true, 0, nullptr, 1);
          const Tensor r = xcorr2(tl, kl, full);
          EXPECT_TRUE(r.is_contiguous());
          EXPECT_TRUE(e.matches(r, 12, 2)) << what(d) << layout_name(lt) << " " << layout_name(lk);
        }
      }
  }
  // Zero planes: empty results of the right shape.
  EXPECT_EQ(conv2(zeros({0, 5, 5}), zeros({0, 3, 3})).shape(), (std::vector<int64_t>{0, 3, 3}));
  EXPECT_EQ(conv2(zeros({0, 5, 5}), zeros({2, 0, 3, 3})).shape(), (std::vector<int64_t>{2, 3, 3}));
  EXPECT_EQ(conv2(zeros({0, 5, 5}), zeros({2, 0, 3, 3})).sum().item<float>(), 0.f);
}

TEST(Conv, CppOut) {
  const Tensor t = random({9, 11}, kDouble, 40), k = random({2, 3}, kDouble, 41);
  const Expected e = ref_form(kDouble, Form::Mul, 2, t, k, {1, 1}, true, false, 0, nullptr, 1);
  Tensor out = empty({4, 4}, kDouble);
  out.fill_(std::numeric_limits<double>::quiet_NaN());
  conv2_out(out, t, k, true);
  EXPECT_TRUE(e.matches(out, 6, 2));
  EXPECT_EQ(out.shape(), (std::vector<int64_t>{10, 13}));
  EXPECT_TRUE(e.matches(t.conv2(k, true), 6, 2));
  // A non-contiguous out of the right shape is written through.
  Tensor big = zeros({13, 10}, kDouble);
  Tensor view = big.t();
  conv2_out(view, t, k, true);
  EXPECT_TRUE(e.matches(big.t(), 6, 2));
  // out may be self.
  Tensor s = t.clone();
  xcorr2_out(s, s, k);
  EXPECT_TRUE(ref_form(kDouble, Form::Mul, 2, t, k, {1, 1}, false, true, 0, nullptr, 1).matches(s, 6, 2));
  expect_error(ErrorKind::Type, "kernel", [&] { conv2_out(out, t, k.to(kFloat)); });
  Tensor wrong = zeros({2}, kFloat);
  expect_error(ErrorKind::Type, "out", [&] { conv2_out(wrong, t, k); });
}

// ---- TH ----------------------------------------------------------------------

struct THCase {
  Form form;
  std::vector<int64_t> t, k;
};

std::vector<THCase> th_cases(int dims) {
  if (dims == 2)
    return {{Form::Mul, {6, 70}, {3, 4}},        {Form::Cmul, {2, 7, 8}, {2, 3, 2}},
            {Form::Mv, {3, 6, 9}, {2, 3, 2, 3}}, {Form::Mm, {2, 3, 6, 7}, {2, 3, 3, 2}},
            {Form::Ger, {3, 7, 6}, {2, 2, 3}}};
  return {{Form::Mul, {4, 5, 6}, {2, 3, 2}}, {Form::Cmul, {2, 4, 4, 5}, {2, 2, 2, 3}},
          {Form::Mv, {2, 4, 5, 5}, {3, 2, 2, 3, 2}}, {Form::Ger, {2, 4, 4, 4}, {3, 2, 2, 2}}};
}

int64_t th_terms(const THCase& c, int dims) {
  int64_t n = 1;
  for (size_t i = c.k.size() - dims; i < c.k.size(); ++i) n *= c.k[i];
  if (c.form == Form::Mv || c.form == Form::Mm) n *= c.t[c.t.size() - dims - 1];
  return n;
}

void check_th_forms(int dims) {
  test::THThrowingHandlers handlers;
  uint32_t seed = 100 + dims;
  const std::vector<std::vector<int64_t>> strides =
      dims == 2 ? std::vector<std::vector<int64_t>>{{1, 1}, {2, 3}} : std::vector<std::vector<int64_t>>{{1, 1, 1}, {2, 1, 2}};
  for (DType d : kDTypes)
    for (const THCase& c : th_cases(dims))
      for (const auto& s : strides)
        for (const char* vf : {"V", "F"})
          for (const char* xc : {"X", "C"}) {
            const Tensor t = random(c.t, d, seed++), k = random(c.k, d, seed++);
            const bool full = *vf == 'F', xcorr = *xc == 'X';
            const double alpha = alpha_for(d, static_cast<int>(seed % 4));
            const Expected e = ref_form(d, c.form, dims, t, k, s, full, xcorr, 0, nullptr, alpha);
            Tensor r = empty({0}, d);
            th_form(c.form, dims, r, 0, alpha, t, k, s, vf, xc);
            EXPECT_TRUE(e.matches(r, th_terms(c, dims), 2))
                << what(d) << dims << "-d form " << static_cast<int>(c.form) << " " << vf << xc << " stride "
                << rt::sizes_text(s);
          }
}

TEST(Conv, THForms2D) { check_th_forms(2); }
TEST(Conv, THForms3D) { check_th_forms(3); }

// beta: r_ kept and scaled when its element count stays; zeroed when the
// count changes or beta is 0 (NaN in it then vanishes).
TEST(Conv, THBeta) {
  test::THThrowingHandlers handlers;
  uint32_t seed = 200;
  for (DType d : kDTypes)
    for (int w = 0; w < 4; ++w) {
      const Tensor t = random({3, 8, 9}, d, seed++), k = random({2, 3, 2, 3}, d, seed++);
      const double beta = beta_for(d, w), alpha = alpha_for(d, w);
      const Tensor old = random({2, 7, 7}, d, seed++);  // the result's shape
      Tensor r = old.clone();
      th_form(Form::Mv, 2, r, beta, alpha, t, k, {1, 1}, "V", "C");
      EXPECT_TRUE(ref_form(d, Form::Mv, 2, t, k, {1, 1}, false, false, beta, &old, alpha).matches(r, 18, 3))
          << what(d) << " beta " << beta;
      // Same element count, another shape: kept (TH reinterprets r_'s storage).
      Tensor r2 = old.clone().view({7, 14});
      th_form(Form::Mv, 2, r2, beta, alpha, t, k, {1, 1}, "V", "C");
      EXPECT_TRUE(ref_form(d, Form::Mv, 2, t, k, {1, 1}, false, false, beta, &old, alpha).matches(r2, 18, 3));
      // Another element count: zeroed first.
      Tensor r3 = random({5, 5}, d, seed++);
      th_form(Form::Mv, 2, r3, beta, alpha, t, k, {1, 1}, "V", "C");
      EXPECT_TRUE(ref_form(d, Form::Mv, 2, t, k, {1, 1}, false, false, 0, nullptr, alpha).matches(r3, 18, 3));
    }
  for (DType d : {kFloat, kDouble, kHalf}) {
    const Tensor t = random({8, 9}, d, 300), k = random({3, 3}, d, 301);
    Tensor r = empty({6, 7}, d);
    r.fill_(std::numeric_limits<double>::quiet_NaN());
    th_form(Form::Mul, 2, r, 0, 1, t, k, {1, 1}, "V", "X");
    EXPECT_TRUE(ref_form(d, Form::Mul, 2, t, k, {1, 1}, false, true, 0, nullptr, 1).matches(r, 9, 2)) << what(d);
  }
  // A transposed r_ of the result's shape is written through its strides.
  const Tensor t = random({8, 9}, kFloat, 310), k = random({3, 3}, kFloat, 311);
  const Tensor old = random({6, 7}, kFloat, 312);
  Tensor base = old.t().contiguous();
  Tensor r = base.t();
  th_form(Form::Mul, 2, r, 0.5, 2, t, k, {1, 1}, "V", "X");
  EXPECT_TRUE(ref_form(kFloat, Form::Mul, 2, t, k, {1, 1}, false, true, 0.5, &old, 2).matches(base.t(), 9, 3));
}

// r_ may be t_ or k_ (TH read through the resized result).
TEST(Conv, THAliasing) {
  test::THThrowingHandlers handlers;
  const Tensor t = random({2, 6, 6}, kDouble, 400), k = random({3, 2, 2, 2}, kDouble, 401);
  const Expected e = ref_form(kDouble, Form::Mv, 2, t, k, {1, 1}, false, true, 0, nullptr, 1);
  Tensor r = t.clone();
  th_form(Form::Mv, 2, r, 0, 1, r, k, {1, 1}, "V", "X");
  EXPECT_TRUE(e.matches(r, 8, 2));
  Tensor r2 = k.clone();
  th_form(Form::Mv, 2, r2, 0, 1, t, r2, {1, 1}, "V", "X");
  EXPECT_TRUE(e.matches(r2, 8, 2));
}

TEST(Conv, THRev) {
  test::THThrowingHandlers handlers;
  uint32_t seed = 500;
  for (DType d : kDTypes) {
    for (const auto& s : std::vector<std::vector<int64_t>>{{1, 1}, {2, 3}}) {
      const Tensor t = random({3, 9, 11}, d, seed++), k = random({2, 3, 2}, d, seed++);
      const double alpha = alpha_for(d, 2);
      Tensor r = empty({0}, d);
      th_form(Form::RevGer, 2, r, 0, alpha, t, k, s, nullptr, nullptr);
      EXPECT_TRUE(ref_form(d, Form::RevGer, 2, t, k, s, false, true, 0, nullptr, alpha).matches(r, 6, 2)) << what(d);
      const Tensor tb = random({2, 3, 9, 11}, d, seed++), kb = random({2, 4, 3, 2}, d, seed++);
      Tensor rb = empty({0}, d);
      th_form(Form::RevGerm, 2, rb, 0, alpha, tb, kb, s, nullptr, nullptr);
      EXPECT_TRUE(ref_form(d, Form::RevGerm, 2, tb, kb, s, false, true, 0, nullptr, alpha).matches(rb, 12, 2))
          << what(d);
    }
    const Tensor t3 = random({2, 5, 6, 7}, d, seed++), k3 = random({3, 2, 2, 3}, d, seed++);
    Tensor r3 = empty({0}, d);
    th_form(Form::RevGer, 3, r3, 0, 1, t3, k3, {2, 1, 2}, nullptr, nullptr);
    EXPECT_TRUE(ref_form(d, Form::RevGer, 3, t3, k3, {2, 1, 2}, false, true, 0, nullptr, 1).matches(r3, 12, 2))
        << what(d);
  }
}

TEST(Conv, THMap) {
  test::THThrowingHandlers handlers;
  uint32_t seed = 600;
  for (DType d : {kFloat, kLong, kBFloat16}) {
    for (int dims : {2, 3}) {
      std::vector<int64_t> ts{3, 7, 8}, ks{3, 2, 3};
      if (dims == 3) ts.insert(ts.begin() + 1, 4), ks.insert(ks.begin() + 1, 2);
      const Tensor t = random(ts, d, seed++), k = random(ks, d, seed++);
      // 1-based (from, to): planes 0 -> 2, 2 -> 2, 1 -> 0.
      const std::vector<std::pair<int64_t, int64_t>> m{{0, 2}, {2, 2}, {1, 0}};
      Tensor map = empty({3, 2}, d);
      for (size_t i = 0; i < m.size(); ++i) {
        map.select(0, static_cast<int64_t>(i)).select(0, 0).fill_(m[i].first + 1);
        map.select(0, static_cast<int64_t>(i)).select(0, 1).fill_(m[i].second + 1);
      }
      const std::vector<int64_t> s(dims, 1);
      Tensor r = empty({0}, d);
      th_form(Form::Map, dims, r, 0, 1, t, k, s, "F", "X", &map);
      EXPECT_TRUE(ref_form(d, Form::Map, dims, t, k, s, true, true, 0, nullptr, 1, m).matches(r, 24, 2)) << what(d);
      map.select(0, 1).select(0, 0).fill_(4);  // plane 4 of 3
      test::expect_th_error([&] { th_form(Form::Map, dims, r, 0, 1, t, k, s, "F", "X", &map); }, 6, "input plane 4");
      map.select(0, 1).select(0, 0).fill_(0);
      test::expect_th_error([&] { th_form(Form::Map, dims, r, 0, 1, t, k, s, "F", "X", &map); }, 6, "input plane 0");
    }
  }
}

TEST(Conv, THErrors) {
  test::THThrowingHandlers handlers;
  const Tensor r = empty({0}), t = zeros({5, 5}), k = zeros({3, 3}), t3 = zeros({2, 5, 5}), k4 = zeros({2, 2, 3, 3});
  THFloatTensor* R = th<THFloatTensor>(r);
  THFloatTensor *T = th<THFloatTensor>(t), *K = th<THFloatTensor>(k);
  test::expect_th_error([&] { THFloatTensor_conv2Dmul(R, 0, 1, T, K, 0, 1, "V", "X"); }, 6, "srow is 0");
  test::expect_th_error([&] { THFloatTensor_conv2Dmul(R, 0, 1, T, K, 1, -1, "V", "X"); }, 7, "scol is -1");
  test::expect_th_error([&] { THFloatTensor_conv2Dmul(R, 0, 1, T, K, 1, 1, "Q", "X"); }, 8, "'V' (valid) or 'F'");
  test::expect_th_error([&] { THFloatTensor_conv2Dmul(R, 0, 1, T, K, 1, 1, "V", "Y"); }, 9, "'X' (cross-correlation)");
  test::expect_th_error([&] { THFloatTensor_conv2Dmul(R, 0, 1, K, T, 1, 1, "V", "X"); }, 4, "smaller than the kernel");
  test::expect_th_error([&] { THFloatTensor_conv2Dmul(R, 0, 1, T, th<THFloatTensor>(t3), 1, 1, "V", "X"); }, 5,
                        "must be 2-d");
  test::expect_th_error([&] { THFloatTensor_conv2Dmul(R, 0, 1, nullptr, K, 1, 1, "V", "X"); }, 4, "NULL");
  test::expect_th_error(
      [&] { THFloatTensor_conv2Dmv(R, 0, 1, th<THFloatTensor>(zeros({3, 5, 5})), th<THFloatTensor>(k4), 1, 1, "V", "X"); },
      5, "input planes");
  test::expect_th_error(
      [&] { THFloatTensor_conv2Dcmul(R, 0, 1, th<THFloatTensor>(t3), th<THFloatTensor>(zeros({3, 3, 3})), 1, 1, "V", "X"); },
      5, "must be equal");
  test::expect_th_error([&] { THFloatTensor_conv2DRevger(R, 0, 1, th<THFloatTensor>(t3), th<THFloatTensor>(zeros({1, 3, 3})), 3, 1); },
                        4, "do not fit");
  // Full mode accepts a kernel larger than the input.
  THFloatTensor_conv2Dmul(R, 0, 1, K, T, 1, 1, "F", "C");
  EXPECT_EQ(r.shape(), (std::vector<int64_t>{7, 7}));
  // C++: messages name the arguments.
  expect_error(ErrorKind::Type, "kernel", [] { conv2(zeros({5, 5}), zeros({3, 3}, kInt)); });
  expect_error(ErrorKind::Type, "self", [] { conv2(zeros({5, 5}, kBool), zeros({3, 3}, kBool)); });
  expect_error(ErrorKind::Value, "self", [] { xcorr3(zeros({5, 5}), zeros({3, 3})); });
  expect_error(ErrorKind::Value, "self", [] { xcorr2(zeros({2, 2}), zeros({3, 3})); });
  // convsize
  EXPECT_EQ(THFloatTensor_convsize(10, 3, 2, "V"), 4);
  EXPECT_EQ(THFloatTensor_convsize(10, 3, 2, "F"), 21);
  test::expect_th_error([&] { THFloatTensor_convsize(10, 3, 2, "x"); }, 4, "'V' (valid)");
}

// The pointer-level helpers on raw buffers, r_ accumulated.
template <class R, class TT>
void check_ptr(DType d, uint32_t seed) {
  test::THThrowingHandlers handlers;
  struct P {
    bool full, xcorr, rev;
    int64_t s[3];
  };
  const P ps[] = {{false, true, false, {1, 1, 1}}, {false, false, false, {1, 2, 1}}, {true, true, false, {1, 1, 1}},
                  {true, false, false, {2, 1, 3}}, {false, true, true, {1, 2, 2}}};
  for (int dims : {2, 3})
    for (const P& p : ps) {
      const std::vector<int64_t> ts = dims == 2 ? std::vector<int64_t>{9, 70} : std::vector<int64_t>{5, 6, 7};
      const std::vector<int64_t> ks = dims == 2 ? std::vector<int64_t>{3, 2} : std::vector<int64_t>{2, 3, 2};
      const std::vector<int64_t> s(p.s + 3 - dims, p.s + 3);
      const Geo g = geo(dims, ts, ks, s, p.full, p.xcorr, p.rev);
      std::vector<int64_t> os;
      for (int a = 3 - dims; a < 3; ++a) os.push_back(g.out[a]);
      const Tensor t = random(ts, d, seed++), k = random(ks, d, seed++), old = random(os, d, seed++);
      Tensor r = old.clone();
      const double alpha = alpha_for(d, 3);
      Form f = p.rev ? Form::RevGer : Form::Mul;
      Expected e = ref_form(d, f == Form::RevGer ? Form::Mul : f, dims, t, k, s, p.full, p.xcorr, 1, &old, alpha);
      if (p.rev) {  // the Rev plane product on one plane
        e = Expected(d, os);
        const Values ov = values(old);
        for (int64_t i = 0; i < e.numel(); ++i) e.add(i, ov, i, 1);
        ref_plane(e, 0, values(t), 0, values(k), 0, g, alpha);
      }
      auto* rp = static_cast<R*>(r.data_ptr());
      auto* tp = static_cast<R*>(t.data_ptr());
      auto* kp = static_cast<R*>(k.data_ptr());
      const R a = real<R>(alpha);
      if (dims == 2) {
        const long ir = ts[0], ic = ts[1], kr = ks[0], kc = ks[1], sr = s[0], sc = s[1];
        if (p.rev) TT::vrev2(rp, a, tp, ir, ic, kp, kr, kc, sr, sc);
        else if (!p.full) (p.xcorr ? TT::vx2 : TT::vc2)(rp, a, tp, ir, ic, kp, kr, kc, sr, sc);
        else (p.xcorr ? TT::fx2 : TT::fc2)(rp, a, tp, ir, ic, kp, kr, kc, sr, sc);
      } else {
        const long it = ts[0], ir = ts[1], ic = ts[2], kt = ks[0], kr = ks[1], kc = ks[2];
        if (p.rev) TT::vrev3(rp, a, tp, it, ir, ic, kp, kt, kr, kc, s[0], s[1], s[2]);
        else if (!p.full) (p.xcorr ? TT::vx3 : TT::vc3)(rp, a, tp, it, ir, ic, kp, kt, kr, kc, s[0], s[1], s[2]);
        else (p.xcorr ? TT::fx3 : TT::fc3)(rp, a, tp, it, ir, ic, kp, kt, kr, kc, s[0], s[1], s[2]);
      }
      EXPECT_TRUE(e.matches(r, g.k_vol(), 3)) << what(d) << dims << "-d full " << p.full << " xcorr " << p.xcorr
                                              << " rev " << p.rev;
      if (!p.rev) {  // conv2d / conv3d choose the same helper
        Tensor r2 = old.clone();
        const char* vf = p.full ? "F" : "V";
        const char* xc = p.xcorr ? "X" : "C";
        if (dims == 2)
          TT::c2d(static_cast<R*>(r2.data_ptr()), a, tp, ts[0], ts[1], kp, ks[0], ks[1], s[0], s[1], vf, xc);
        else
          TT::c3d(static_cast<R*>(r2.data_ptr()), a, tp, ts[0], ts[1], ts[2], kp, ks[0], ks[1], ks[2], s[0], s[1],
                  s[2], vf, xc);
        EXPECT_TRUE(e.matches(r2, g.k_vol(), 3)) << what(d) << " conv" << dims << "d " << vf << xc;
      }
    }
}

#define EMBER_PTR_FNS(Name, Real)                                          \
  struct Ptr##Name {                                                       \
    static constexpr auto vx2 = &TH##Name##Tensor_validXCorr2Dptr;         \
    static constexpr auto vc2 = &TH##Name##Tensor_validConv2Dptr;          \
    static constexpr auto fx2 = &TH##Name##Tensor_fullXCorr2Dptr;          \
    static constexpr auto fc2 = &TH##Name##Tensor_fullConv2Dptr;           \
    static constexpr auto vrev2 = &TH##Name##Tensor_validXCorr2DRevptr;    \
    static constexpr auto vx3 = &TH##Name##Tensor_validXCorr3Dptr;         \
    static constexpr auto vc3 = &TH##Name##Tensor_validConv3Dptr;          \
    static constexpr auto fx3 = &TH##Name##Tensor_fullXCorr3Dptr;          \
    static constexpr auto fc3 = &TH##Name##Tensor_fullConv3Dptr;           \
    static constexpr auto vrev3 = &TH##Name##Tensor_validXCorr3DRevptr;    \
    static constexpr auto c2d = &TH##Name##Tensor_conv2d;                  \
    static constexpr auto c3d = &TH##Name##Tensor_conv3d;                  \
  };
EMBER_CONV_TEST_DTYPES(EMBER_PTR_FNS)
#undef EMBER_PTR_FNS

TEST(Conv, THPtr) {
  check_ptr<unsigned char, PtrByte>(kByte, 700);
  check_ptr<char, PtrChar>(kChar, 710);
  check_ptr<short, PtrShort>(kShort, 720);
  check_ptr<int, PtrInt>(kInt, 730);
  check_ptr<long, PtrLong>(kLong, 740);
  check_ptr<float, PtrFloat>(kFloat, 750);
  check_ptr<double, PtrDouble>(kDouble, 760);
  check_ptr<THHalf, PtrHalf>(kHalf, 770);
  check_ptr<THBFloat16, PtrBFloat16>(kBFloat16, 780);
  test::THThrowingHandlers handlers;
  float buf[4] = {};
  test::expect_th_error([&] { THFloatTensor_validXCorr2Dptr(buf, 1, nullptr, 2, 2, buf, 1, 1, 1, 1); }, 3, "NULL");
  test::expect_th_error([&] { THFloatTensor_validXCorr2Dptr(buf, 1, buf, 2, 2, buf, 1, 1, 0, 1); }, 9, "sr is 0");
  test::expect_th_error([&] { THFloatTensor_conv2d(buf, 1, buf, 2, 2, buf, 1, 1, 1, 1, "V", "Z"); }, 12, "'X'");
}

// Results do not depend on the thread count (each output element is
// summed by one thread, in one order).
TEST(Conv, Threads) {
  const Tensor t = random({4, 64, 300}, kFloat, 800), k = random({3, 4, 5, 5}, kFloat, 801);
  const int before = THGetNumThreads();
  THSetNumThreads(1);
  const Tensor one = conv2(t, k);
  const Tensor one_full = xcorr2(t.select(0, 0), k.select(0, 0).select(0, 0), true);
  THSetNumThreads(2);
  const Tensor two = conv2(t, k);
  const Tensor two_full = xcorr2(t.select(0, 0), k.select(0, 0).select(0, 0), true);
  THSetNumThreads(before);
  EXPECT_TRUE(same_values(one, two));
  EXPECT_TRUE(same_values(one_full, two_full));
}

}  // namespace
}  // namespace ember::blastest
