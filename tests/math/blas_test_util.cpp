#include "tests/math/blas_test_util.h"

#include <limits>
#include <random>

namespace ember::blastest {

Tensor random(IntList sizes, DType dtype, uint32_t seed) {
  std::mt19937_64 gen(seed);
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  if (is_integral(dtype)) {
    std::vector<int64_t> v(static_cast<size_t>(n));
    for (auto& x : v) x = static_cast<int64_t>(gen());
    return from_vector(v, sizes).to(dtype);  // wraps to the dtype's range
  }
  std::vector<double> v(static_cast<size_t>(n));
  for (auto& x : v) x = std::uniform_real_distribution<double>(-2, 2)(gen);
  return from_vector(v, sizes).to(dtype);
}

const char* layout_name(Layout l) {
  switch (l) {
    case Layout::Contiguous: return "contiguous";
    case Layout::Transposed: return "transposed";
    case Layout::Narrowed: return "narrowed";
    case Layout::Strided: return "strided";
    case Layout::Expanded: return "expanded";
  }
  return "?";
}

Tensor laid_out(const Tensor& t, Layout l) {
  const int64_t nd = t.dim();
  switch (l) {
    case Layout::Contiguous:
      return t.clone();
    case Layout::Transposed:  // the last two dims swapped in memory
      return nd < 2 ? t.clone() : t.transpose(nd - 2, nd - 1).contiguous().transpose(nd - 2, nd - 1);
    case Layout::Narrowed: {  // inside a larger tensor: leading dims past the row length
      std::vector<int64_t> big = t.shape();
      for (auto& s : big) s += 3;
      Tensor b = zeros(big, t.dtype());
      for (int64_t d = 0; d < nd; ++d) b = b.narrow(d, 1, t.size(d));
      b.copy_(t);
      return b;
    }
    case Layout::Strided: {  // every other element: no dim of stride 1
      std::vector<int64_t> big = t.shape();
      big.push_back(2);
      Tensor b = zeros(big, t.dtype()).select(nd, 1);
      b.copy_(t);
      return b;
    }
    case Layout::Expanded: {
      if (nd == 0) return t.clone();
      const int64_t d = nd >= 2 ? nd - 2 : 0;
      return t.narrow(d, 0, std::min<int64_t>(1, t.size(d))).clone().expand(t.sizes());
    }
  }
  return t;
}

Values values(const Tensor& t) {
  Values v;
  v.shape = t.shape();
  v.integral = is_integral(t.dtype());
  if (v.integral) {
    const Tensor c = t.to(kLong).contiguous();
    const int64_t* p = c.data<int64_t>();
    for (int64_t k = 0; k < c.numel(); ++k) v.i.push_back(static_cast<uint64_t>(p[k]));
  } else {
    const Tensor c = t.to(kDouble).contiguous();
    const double* p = c.data<double>();
    for (int64_t k = 0; k < c.numel(); ++k) v.f.push_back(p[k]);
  }
  return v;
}

Expected::Expected(DType dtype, std::vector<int64_t> s) : shape(std::move(s)), dtype_(dtype), integral_(is_integral(dtype)) {
  int64_t n = 1;
  for (int64_t x : shape) n *= x;
  i_.assign(static_cast<size_t>(n), 0);
  f_.assign(static_cast<size_t>(n), 0);
  mass_.assign(static_cast<size_t>(n), 0);
}

void Expected::add_product(int64_t o, const Values& a, int64_t ia, const Values& b, int64_t ib, double scale) {
  if (integral_) {
    i_[o] += static_cast<uint64_t>(static_cast<int64_t>(scale)) * a.i[ia] * b.i[ib];
  } else {
    const long double p = static_cast<long double>(scale) * a.f[ia] * b.f[ib];
    f_[o] += p;
    mass_[o] += std::fabs(p);
  }
}

void Expected::add(int64_t o, const Values& a, int64_t ia, double scale) {
  if (integral_) {
    i_[o] += static_cast<uint64_t>(static_cast<int64_t>(scale)) * a.i[ia];
  } else {
    const long double p = static_cast<long double>(scale) * a.f[ia];
    f_[o] += p;
    mass_[o] += std::fabs(p);
  }
}

namespace {

long double out_eps(DType d) {
  switch (d) {
    case DType::Float: return std::ldexp(1.0L, -24);
    case DType::Double: return std::ldexp(1.0L, -53);
    case DType::Half: return std::ldexp(1.0L, -11);
    case DType::BFloat16: return std::ldexp(1.0L, -8);
    default: return 0;
  }
}

long double acc_eps(DType d) { return d == DType::Double ? std::ldexp(1.0L, -53) : std::ldexp(1.0L, -24); }

}  // namespace

::testing::AssertionResult Expected::matches(const Tensor& got, int64_t terms, int rounds) const {
  if (got.dtype() != dtype_)
    return ::testing::AssertionFailure() << "dtype " << dtype_name(got.dtype()) << ", want " << dtype_name(dtype_);
  if (got.shape() != shape)
    return ::testing::AssertionFailure() << "shape " << rt::sizes_text(got.sizes()) << ", want " << rt::sizes_text(shape);
  const Values g = values(got);
  if (integral_) {
    std::vector<int64_t> wrapped;
    for (uint64_t x : i_) wrapped.push_back(static_cast<int64_t>(x));
    const Values want = values(from_vector(wrapped, shape).to(dtype_));  // wrapped to the dtype
    for (size_t k = 0; k < want.i.size(); ++k)
      if (g.i[k] != want.i[k])
        return ::testing::AssertionFailure() << "element " << k << ": got " << static_cast<int64_t>(g.i[k]) << ", want "
                                             << static_cast<int64_t>(want.i[k]);
    return ::testing::AssertionSuccess();
  }
  for (size_t k = 0; k < f_.size(); ++k) {
    const long double bound = mass_[k] * ((terms + 2) * acc_eps(dtype_) + rounds * out_eps(dtype_)) +
                              std::numeric_limits<float>::denorm_min();
    if (!(std::fabs(g.f[k] - f_[k]) <= bound))
      return ::testing::AssertionFailure() << "element " << k << ": got " << static_cast<double>(g.f[k]) << ", want "
                                           << static_cast<double>(f_[k]) << " (bound " << static_cast<double>(bound)
                                           << ")";
  }
  return ::testing::AssertionSuccess();
}

namespace {

// self broadcast to `shape`, added with scale beta (unless beta == 0).
void add_self(Expected& e, const Tensor* self, double beta) {
  if (!self || beta == 0) return;
  const Values s = values(self->expand(e.shape));
  for (int64_t o = 0; o < e.numel(); ++o) e.add(o, s, o, beta);
}

}  // namespace

Expected ref_matmul(DType dtype, const Tensor* self, const Tensor& a, const Tensor& b, double beta, double alpha,
                    bool sum_batches) {
  const Values va = values(a), vb = values(b);
  const int64_t nd = a.dim();
  const int64_t batch = nd == 3 ? a.size(0) : 1;
  const int64_t n = a.size(nd - 2), k = a.size(nd - 1), p = b.size(nd - 1);
  std::vector<int64_t> shape{n, p};
  if (nd == 3 && !sum_batches) shape.insert(shape.begin(), batch);
  Expected e(dtype, shape);
  add_self(e, self, beta);
  for (int64_t bi = 0; bi < batch; ++bi)
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < p; ++j) {
        const int64_t o = (sum_batches ? 0 : bi * n * p) + i * p + j;
        for (int64_t l = 0; l < k; ++l) e.add_product(o, va, bi * n * k + i * k + l, vb, bi * k * p + l * p + j, alpha);
      }
  return e;
}

Expected ref_mv(DType dtype, const Tensor* self, const Tensor& mat, const Tensor& vec, double beta, double alpha) {
  const Values vm = values(mat), vv = values(vec);
  const int64_t n = mat.size(0), m = mat.size(1);
  Expected e(dtype, {n});
  add_self(e, self, beta);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j) e.add_product(i, vm, i * m + j, vv, j, alpha);
  return e;
}

Expected ref_outer(DType dtype, const Tensor* self, const Tensor& x, const Tensor& y, double beta, double alpha) {
  const Values vx = values(x), vy = values(y);
  const int64_t n = x.size(0), m = y.size(0);
  Expected e(dtype, {n, m});
  add_self(e, self, beta);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j) e.add_product(i * m + j, vx, i, vy, j, alpha);
  return e;
}

double beta_for(DType dtype, int which) {
  static const double f[] = {1, 0, 0.5, -1.5};
  static const double i[] = {1, 0, 3, -2};
  return (is_integral(dtype) ? i : f)[which % 4];
}

double alpha_for(DType dtype, int which) {
  static const double f[] = {1, -2, 0.25, 3};
  static const double i[] = {1, -5, 7, 3};
  return (is_integral(dtype) ? i : f)[which % 4];
}

namespace {

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

}  // namespace

// _(TH name, C real)
#define EMBER_BLAS_TEST_DTYPES(_) \
  _(Byte, unsigned char)          \
  _(Char, char)                   \
  _(Short, short)                 \
  _(Int, int)                     \
  _(Long, long)                   \
  _(Float, float)                 \
  _(Double, double)               \
  _(Half, THHalf)                 \
  _(BFloat16, THBFloat16)

#define EMBER_TH_ADD_FORM(fn)                                                                                      \
  void th_##fn(const Tensor& r, double beta, const Tensor& t, double alpha, const Tensor& x, const Tensor& y) {    \
    switch (r.dtype()) {                                                                                           \
      EMBER_BLAS_TEST_DTYPES(EMBER_TH_ADD_CASE_##fn)                                                               \
      default: FAIL() << "no TH " #fn " for " << dtype_name(r.dtype());                                            \
    }                                                                                                              \
  }
#define EMBER_TH_ADD_CASE(fn, Name, Real)                                                                           \
  case DType::Name:                                                                                                \
    TH##Name##Tensor_##fn(th<TH##Name##Tensor>(r), real<Real>(beta), th<TH##Name##Tensor>(t), real<Real>(alpha),   \
                          th<TH##Name##Tensor>(x), th<TH##Name##Tensor>(y));                                       \
    return;
#define EMBER_TH_ADD_CASE_addmm(Name, Real) EMBER_TH_ADD_CASE(addmm, Name, Real)
#define EMBER_TH_ADD_CASE_addmv(Name, Real) EMBER_TH_ADD_CASE(addmv, Name, Real)
#define EMBER_TH_ADD_CASE_addr(Name, Real) EMBER_TH_ADD_CASE(addr, Name, Real)
#define EMBER_TH_ADD_CASE_baddbmm(Name, Real) EMBER_TH_ADD_CASE(baddbmm, Name, Real)
#define EMBER_TH_ADD_CASE_addbmm(Name, Real) EMBER_TH_ADD_CASE(addbmm, Name, Real)

EMBER_TH_ADD_FORM(addmm)
EMBER_TH_ADD_FORM(addmv)
EMBER_TH_ADD_FORM(addr)
EMBER_TH_ADD_FORM(baddbmm)
EMBER_TH_ADD_FORM(addbmm)

long double th_dot(const Tensor& a, const Tensor& b) {
  switch (a.dtype()) {
#define EMBER_TH_DOT_CASE(Name, Real) \
  case DType::Name:                   \
    return static_cast<long double>(TH##Name##Tensor_dot(th<TH##Name##Tensor>(a), th<TH##Name##Tensor>(b)));
    EMBER_BLAS_TEST_DTYPES(EMBER_TH_DOT_CASE)
#undef EMBER_TH_DOT_CASE
    default: ADD_FAILURE() << "no TH dot for " << dtype_name(a.dtype());
  }
  return 0;
}

}  // namespace ember::blastest
