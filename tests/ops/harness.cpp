// The reference side of the generated op tests (see harness.h). Nothing
// here goes through kernels/ or the runtime's loop machinery: elements are
// read and written by address arithmetic on sizes and strides, so a bug in
// a kernel, a driver or the TH glue shows up as a mismatch.
//
// Note [layouts]: every case builds its tensor inputs one way:
//   Contiguous  [5, 7], dense
//   Transposed  [5, 7] as transpose(0, 1) of a dense [7, 5]
//   Narrowed    [5, 7] as narrow(0, 2, 5).narrow(1, 3, 7) of a dense [9, 12]
//               (storage offset 27, row stride 12)
//   Expanded    self: [5, 1] expanded to [5, 7] (stride 0); other inputs
//               [7], broadcast by the op itself
//   ZeroSize    [0, 3]
//   ZeroDim     0-dim tensors
//   Large       [320, 331], dense: 105,920 elements, so the threaded and
//               vectorized paths run
//   Special     [10, 10] of NaN, +-inf, -0, the largest finite and the
//               smallest normal value, ... (floating dtypes only)
// An in-place call needs a self it can write: an expanded self is cloned
// (the op must reject writing through stride 0), other layouts rebuild
// the same values in the same layout.
//
// Note [domains]: input values are drawn from the argument's `domain`
// (schema `test.domain`), else [-10, 10] for signed dtypes, [0, 20] for
// Byte and {0, 1} for Bool, clamped to the dtype's range. Floating values
// lie on a 1/64 grid, so sums and products of two inputs (and alpha) are
// exact in float: an op whose entry gives no tolerance for a floating
// dtype is then checked exactly, rounding included.
//
// Note [tolerance]: `tol` is relative. An element passes when
// |actual - expected| <= tol * |expected| + floor, where floor is the
// smallest normal value of the result dtype (so results that underflow
// compare sensibly). Sums allow tol * (|expected| + sum|x| / sqrt(n)): the
// second term is the size of a typical partial sum, which stands in for
// |expected| when the terms cancel. NaN must meet NaN and an infinity the
// same infinity; without a tolerance, values must be equal (-0 == 0).
//
// Note [numbers]: a number passed for a Tensor|Scalar argument becomes a
// 0-dim tensor of the compute dtype (runtime/ops/pointwise_plan.h), so for
// Half and BFloat16 it is rounded to the dtype before the op runs; the
// reference does the same. (PyTorch's CPU add and sub round it the same
// way, but its mul and div read the number unrounded in float, through
// TensorIterator::original_scalar_value.) Scalar arguments such as `alpha`
// reach the kernel in its opmath type, double for Double, else float.
#include "tests/ops/harness.h"
#include "tests/ops/harness_internal.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>

namespace ember::optest {

namespace detail {

const char* layout_name(Layout l) {
  switch (l) {
    case Layout::Contiguous: return "Contiguous";
    case Layout::Transposed: return "Transposed";
    case Layout::Narrowed: return "Narrowed";
    case Layout::Expanded: return "Expanded";
    case Layout::ZeroSize: return "ZeroSize";
    case Layout::ZeroDim: return "ZeroDim";
    case Layout::Large: return "Large";
    case Layout::Special: return "Special";
  }
  return "?";
}

std::string shape_text(const Shape& s) {
  std::ostringstream out;
  out << "[";
  for (size_t i = 0; i < s.size(); ++i) out << (i ? ", " : "") << s[i];
  out << "]";
  return out.str();
}

// ---- elements by run-time dtype ------------------------------------------

double load_f(DType d, const char* p) {
  switch (d) {
#define EMBER_OPTEST_LOAD(Name, cpp, acc) \
  case DType::Name:                       \
    return static_cast<double>(*reinterpret_cast<const cpp*>(p));
    EMBER_FORALL_DTYPES(EMBER_OPTEST_LOAD)
#undef EMBER_OPTEST_LOAD
  }
  return 0;
}

int64_t load_i(DType d, const char* p) {
  switch (d) {
#define EMBER_OPTEST_LOAD(Name, cpp, acc) \
  case DType::Name:                       \
    return static_cast<int64_t>(*reinterpret_cast<const cpp*>(p));
    EMBER_FORALL_DTYPES(EMBER_OPTEST_LOAD)
#undef EMBER_OPTEST_LOAD
  }
  return 0;
}

void store_f(DType d, char* p, double v) {
  switch (d) {
#define EMBER_OPTEST_STORE(Name, cpp, acc)              \
  case DType::Name:                                     \
    *reinterpret_cast<cpp*>(p) = static_cast<cpp>(v);   \
    return;
    EMBER_FORALL_DTYPES(EMBER_OPTEST_STORE)
#undef EMBER_OPTEST_STORE
  }
}

void store_i(DType d, char* p, int64_t v) {
  switch (d) {
#define EMBER_OPTEST_STORE(Name, cpp, acc)              \
  case DType::Name:                                     \
    *reinterpret_cast<cpp*>(p) = static_cast<cpp>(v);   \
    return;
    EMBER_FORALL_DTYPES(EMBER_OPTEST_STORE)
#undef EMBER_OPTEST_STORE
  }
}

// The nearest value of dtype `d` (Half and BFloat16 round through float,
// as the library's own conversions do).
double round_to(DType d, double v) {
  alignas(8) char buf[8];
  store_f(d, buf, v);
  return load_f(d, buf);
}

// `v` converted to integral or bool dtype `d`: wraps modulo 2^bits; bool is v != 0.
int64_t wrap_to(DType d, int64_t v) {
  alignas(8) char buf[8];
  store_i(d, buf, v);
  return load_i(d, buf);
}

double max_finite(DType d) {
  switch (d) {
    case DType::Float: return FLT_MAX;
    case DType::Double: return DBL_MAX;
    case DType::Half: return 65504.0;
    case DType::BFloat16: return 3.3895313892515355e38;
    default: return 0;
  }
}

double min_normal(DType d) {
  switch (d) {
    case DType::Float: return FLT_MIN;
    case DType::Double: return DBL_MIN;
    case DType::Half: return 6.103515625e-05;
    case DType::BFloat16: return FLT_MIN;
    default: return 0;
  }
}

// PyTorch's rules for a result dtype, from the dtype the inputs promote to
// (the schema's `result`); the default floating dtype is float32.
DType compute_of(Rule r, DType promoted) {
  return r == Rule::Floating && !is_floating(promoted) ? DType::Float : promoted;
}

DType result_of(Rule r, DType promoted) {
  switch (r) {
    case Rule::Same: return promoted;
    case Rule::Bool: return DType::Bool;
    case Rule::Long: return DType::Long;
    case Rule::IntegralToLong: return is_floating(promoted) ? promoted : DType::Long;
    case Rule::Floating: return compute_of(r, promoted);
  }
  return promoted;
}

double tol_of(const OpSpec& op, DType compute) {
  for (const Tol& t : op.tol)
    if (t.dtype == compute) return t.tol;
  return 0;
}

int64_t numel_of(const Shape& s) {
  int64_t n = 1;
  for (int64_t v : s) n *= v;
  return n;
}

// Row-major element values of a tensor, for TH's equal-count semantics.
std::vector<double> flat_f(const Tensor& t) {
  std::vector<double> v;
  const Reader r(t, t.shape());
  for_each_index(t.shape(), [&](const Shape& idx) { v.push_back(r.f(idx)); });
  return v;
}

std::vector<int64_t> flat_i(const Tensor& t) {
  std::vector<int64_t> v;
  const Reader r(t, t.shape());
  for_each_index(t.shape(), [&](const Shape& idx) { v.push_back(r.i(idx)); });
  return v;
}

// Whether two tensors of one shape and dtype hold the same bytes.
bool same_bytes(const Tensor& a, const Tensor& b) {
  if (a.shape() != b.shape() || a.dtype() != b.dtype()) return false;
  const Reader ra(a, a.shape()), rb(b, b.shape());
  const size_t es = element_size(a.dtype());
  bool same = true;
  for_each_index(a.shape(), [&](const Shape& idx) { same = same && std::memcmp(ra.at(idx), rb.at(idx), es) == 0; });
  return same;
}

bool has_stride_zero(const Tensor& t) {
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.size(d) > 1 && t.stride(d) == 0) return true;
  return false;
}

// ---- inputs ----------------------------------------------------------------

uint64_t seed_of(const char* name, int a, int b) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (const char* c = name; *c; ++c) h = (h ^ static_cast<unsigned char>(*c)) * 1099511628211ull;
  return h ^ (static_cast<uint64_t>(a) << 32) ^ static_cast<uint64_t>(b);
}

Range dtype_range(DType d) {
  switch (d) {
    case DType::Bool: return {0, 1};
    case DType::Byte: return {0, 255};
    case DType::Char: return {-128, 127};
    case DType::Short: return {-32768, 32767};
    case DType::Int: return {-2147483648.0, 2147483647.0};
    case DType::Long: return {-9007199254740992.0, 9007199254740992.0};  // exact in double
    default: return {-max_finite(d), max_finite(d)};
  }
}

// Note [domains].
Range domain_of(const ArgSpec& a, DType d) {
  if (is_bool(d)) {
    // The declared domain's part of {0, 1}: a divisor's [1, 9] gives only true.
    const Range b = a.has_domain ? Range{std::max(0.0, std::ceil(a.lo)), std::min(1.0, std::floor(a.hi))} : Range{0, 1};
    if (b.lo > b.hi) ADD_FAILURE() << "the domain of '" << a.name << "' holds no bool value";
    return b;
  }
  Range r = a.has_domain ? Range{a.lo, a.hi} : (info(d).is_signed ? Range{-10, 10} : Range{0, 20});
  const Range limit = dtype_range(d);
  r.lo = std::max(r.lo, limit.lo);
  r.hi = std::min(r.hi, limit.hi);
  if (!is_floating(d)) {
    r.lo = std::ceil(r.lo);
    r.hi = std::floor(r.hi);
  }
  if (r.lo > r.hi) ADD_FAILURE() << "the domain of '" << a.name << "' holds no " << dtype_name(d) << " value";
  return r;
}

double random_value(DType d, Range r, Rng& rng) {
  if (is_floating(d)) return static_cast<double>(rng.between(static_cast<int64_t>(std::ceil(r.lo * 64)),
                                                             static_cast<int64_t>(std::floor(r.hi * 64)))) / 64;
  return static_cast<double>(rng.between(static_cast<int64_t>(r.lo), static_cast<int64_t>(r.hi)));
}

// A number of the kind PyTorch would wrap for a tensor of dtype `d`.
Scalar scalar_for(DType d, Range r, Rng& rng) {
  const double v = random_value(d, r, rng);
  if (is_floating(d)) return Scalar(v);
  if (is_bool(d)) return Scalar(v != 0);
  return Scalar(static_cast<int64_t>(v));
}

std::vector<double> special_values(DType d) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  return {nan, 1.0, -0.0, inf, 0.0, -inf, -2.5, max_finite(d), min_normal(d), 100.0};
}

// A dense tensor of values from `r`.
Tensor random_tensor(DType d, const Shape& shape, Range r, Rng& rng) {
  Tensor t = empty(shape, d);
  char* p = static_cast<char*>(t.data_ptr());
  const int64_t es = static_cast<int64_t>(element_size(d));
  for (int64_t e = 0; e < numel_of(shape); ++e) store_f(d, p + e * es, random_value(d, r, rng));
  return t;
}

// Input k (0 is self) of a case, Note [layouts]. In the Special layout a
// pointwise op sees every pair of special values (self varies along
// columns, the others along rows); a reduction sees rows with and without
// NaN and infinities.
Tensor make_input(DType d, Layout layout, int k, Range range, Rng& rng, bool reduction) {
  Shape base;
  switch (layout) {
    case Layout::Contiguous: base = {5, 7}; break;
    case Layout::Transposed: base = {7, 5}; break;
    case Layout::Narrowed: base = {9, 12}; break;
    case Layout::Expanded: base = k == 0 ? Shape{5, 1} : Shape{7}; break;
    case Layout::ZeroSize: base = {0, 3}; break;
    case Layout::ZeroDim: base = {}; break;
    case Layout::Large: base = {320, 331}; break;
    case Layout::Special: base = {10, 10}; break;
  }
  Tensor t = random_tensor(d, base, range, rng);
  if (layout == Layout::Special) {
    char* p = static_cast<char*>(t.data_ptr());
    const int64_t es = static_cast<int64_t>(element_size(d));
    const std::vector<double> specials = special_values(d);
    for (int64_t i = 0; i < 10; ++i)
      for (int64_t j = 0; j < 10; ++j)
        store_f(d, p + (i * 10 + j) * es, specials[reduction ? (i * j + 1) % 10 : (k == 0 ? j : i)]);
  }
  switch (layout) {
    case Layout::Transposed: return t.transpose(0, 1);
    case Layout::Narrowed: return t.narrow(0, 2, 5).narrow(1, 3, 7);
    case Layout::Expanded: return k == 0 ? t.expand({5, 7}) : t;
    default: return t;
  }
}

// ---- expected values and comparison ---------------------------------------

Expected expect_like(DType dtype, Shape shape) {
  Expected e{dtype, std::move(shape), {}, {}, {}};
  const size_t n = static_cast<size_t>(numel_of(e.shape));
  if (is_floating(dtype)) {
    e.f.reserve(n);
    e.bound.reserve(n);
  } else {
    e.i.reserve(n);
  }
  return e;
}

void push_f(Expected& e, double v, double tol, double scale) {
  e.f.push_back(v);
  e.bound.push_back(tol == 0 ? 0 : tol * scale + min_normal(e.dtype));
}

bool close(double a, double e, double bound) {
  if (std::isnan(e)) return std::isnan(a);
  if (std::isinf(e) || bound == 0) return a == e;
  return std::fabs(a - e) <= bound;
}

// Compares `actual` with `e` element by element, in row-major order.
void compare(const Tensor& actual, const Expected& e, const std::string& what, Describe describe, const void* ctx) {
  if (!actual.defined()) {
    ADD_FAILURE() << what << ": undefined result";
    return;
  }
  if (actual.dtype() != e.dtype) {
    ADD_FAILURE() << what << ": result dtype " << dtype_name(actual.dtype()) << ", expected " << dtype_name(e.dtype);
    return;
  }
  if (actual.shape() != e.shape || actual.is_scalar() != (e.shape.empty())) {
    ADD_FAILURE() << what << ": result shape " << shape_text(actual.shape()) << (actual.is_scalar() ? " (0-dim)" : "")
                  << ", expected " << shape_text(e.shape);
    return;
  }
  const Reader r(actual, e.shape);
  int64_t k = 0, bad = 0;
  std::ostringstream msg;
  msg.precision(17);
  for_each_index(e.shape, [&](const Shape& idx) {
    const bool floating = is_floating(e.dtype);
    const bool ok = floating ? close(r.f(idx), e.f[k], e.bound[k]) : r.i(idx) == e.i[k];
    if (!ok && ++bad <= 5) {
      msg << "\n  at " << shape_text(idx) << ": got ";
      if (floating) msg << r.f(idx) << ", expected " << e.f[k] << " (within " << e.bound[k] << ")";
      else msg << r.i(idx) << ", expected " << e.i[k];
      if (describe) msg << " for " << describe(ctx, k);
    }
    ++k;
  });
  if (bad) ADD_FAILURE() << what << ": " << bad << " of " << k << " elements differ" << msg.str();
}

// ---- pointwise ---------------------------------------------------------------

// The arguments of a pointwise reference, read at loop indices and
// converted to the compute dtype (as PyTorch casts inputs to the common
// dtype, and numbers to the compute type).
class PointwiseInputs {
 public:
  PointwiseInputs(const OpSpec& op, const Args& a, const Shape& loop, DType compute)
      : op_(op), compute_(compute), readers_(op.args.size()), vf_(op.args.size()), vi_(op.args.size()) {
    for (size_t k = 0; k < op.args.size(); ++k) {
      if (k < a.tensors.size() && a.tensors[k].defined()) {
        readers_[k] = Reader(a.tensors[k], loop);
        tensor_.push_back(static_cast<int>(k));
      } else if (k < a.scalars.size()) {
        // Note [numbers]: a number in a tensor's place becomes a 0-dim
        // tensor of the compute dtype; `alpha`-like Scalar arguments are
        // taken in the kernel's opmath type (double for Double, else float).
        const Scalar& s = a.scalars[k];
        if (op.args[k].kind == ArgKind::TensorOrScalar || op.args[k].kind == ArgKind::Number)
          vf_[k] = round_to(compute, s.to<double>());
        else vf_[k] = compute == DType::Double ? s.to<double>() : static_cast<double>(s.to<float>());
        vi_[k] = is_floating(compute) ? 0 : wrap_to(compute, s.to<int64_t>());
      }
    }
  }

  // Loads the tensor arguments at `idx` into values().
  void load(const Shape& idx) {
    for (int k : tensor_) {
      if (is_floating(compute_)) vf_[k] = round_to(compute_, readers_[k].f(idx));
      else vi_[k] = wrap_to(compute_, readers_[k].i(idx));
    }
  }

  // The reference at the loaded values, rounded or wrapped to `compute`;
  // for comparisons (rule Bool) the truth value.
  double ref_f() const { return op_.rule == Rule::Bool ? (op_.ref_f(vf_.data()) != 0) : round_to(compute_, op_.ref_f(vf_.data())); }
  int64_t ref_i() const { return op_.rule == Rule::Bool ? (op_.ref_i(vi_.data()) != 0) : wrap_to(compute_, op_.ref_i(vi_.data())); }

  std::string text() const {
    std::ostringstream out;
    out.precision(17);
    for (size_t k = 0; k < op_.args.size(); ++k) {
      if (op_.args[k].kind == ArgKind::Int || op_.args[k].kind == ArgKind::Bool) continue;
      out << (k ? ", " : "") << op_.args[k].name << "=";
      if (is_floating(compute_)) out << vf_[k];
      else out << vi_[k];
    }
    return out.str();
  }

 private:
  const OpSpec& op_;
  DType compute_;
  std::vector<Reader> readers_;
  std::vector<int> tensor_;
  std::vector<double> vf_;
  std::vector<int64_t> vi_;
};

Shape broadcast_shape(const Args& a) {
  Shape out;
  for (const Tensor& t : a.tensors) {
    if (!t.defined()) continue;
    const Shape s = t.shape();
    Shape r(std::max(out.size(), s.size()), 1);
    for (size_t i = 0; i < r.size(); ++i) {
      const int64_t x = i < r.size() - out.size() ? 1 : out[i - (r.size() - out.size())];
      const int64_t y = i < r.size() - s.size() ? 1 : s[i - (r.size() - s.size())];
      r[i] = x == 1 ? y : x;
    }
    out = r;
  }
  return out;
}

struct PointwiseCase {
  Expected expected;
  PointwiseInputs inputs;  // re-read for messages
};

std::string describe_pointwise(const void* ctx, int64_t k) {
  auto* c = const_cast<PointwiseCase*>(static_cast<const PointwiseCase*>(ctx));
  Shape idx(c->expected.shape.size());
  for (size_t d = idx.size(); d-- > 0;) {
    idx[d] = k % c->expected.shape[d];
    k /= c->expected.shape[d];
  }
  c->inputs.load(idx);
  return "(" + c->inputs.text() + ")";
}

// `a` must stay unchanged while the case is used (messages re-read it).
PointwiseCase pointwise_reference(const OpSpec& op, const Args& a, DType compute, DType result) {
  const Shape shape = broadcast_shape(a);
  PointwiseCase c{expect_like(result, shape), PointwiseInputs(op, a, shape, compute)};
  PointwiseInputs& in = c.inputs;
  const double tol = tol_of(op, compute);
  for_each_index(shape, [&](const Shape& idx) {
    in.load(idx);
    if (is_floating(compute)) {
      const double v = in.ref_f();
      if (is_floating(result)) push_f(c.expected, v, tol, std::fabs(v));
      else c.expected.i.push_back(static_cast<int64_t>(v));  // a truth value
    } else {
      const int64_t v = in.ref_i();
      if (is_floating(result)) push_f(c.expected, static_cast<double>(v), tol, std::fabs(static_cast<double>(v)));
      else c.expected.i.push_back(v);
    }
  });
  return c;
}

std::string case_text(const OpSpec& op, DType d, const char* layout, const char* variant) {
  std::ostringstream out;
  out << op.name << " " << dtype_name(d) << " " << layout << ": " << variant;
  return out.str();
}

// Snapshots of inputs a functional or out= call must leave alone.
std::vector<Tensor> snapshot(const Args& a) {
  std::vector<Tensor> s;
  for (const Tensor& t : a.tensors) s.push_back(t.defined() ? t.clone() : Tensor());
  return s;
}

void check_unchanged(const Args& a, const std::vector<Tensor>& before, const std::string& what) {
  for (size_t k = 0; k < before.size(); ++k)
    if (before[k].defined() && !same_bytes(a.tensors[k], before[k])) ADD_FAILURE() << what << ": input " << k << " changed";
}

Args make_args(const OpSpec& op, DType d, Layout layout, bool scalars, uint64_t seed, bool reduction) {
  Rng rng(seed);
  Args a;
  const size_t n = op.args.size();
  a.tensors.resize(n);
  a.scalars.resize(n);
  a.ints.resize(n);
  a.dtypes.resize(n);
  int k = 0;
  for (size_t i = 0; i < n; ++i) {
    const ArgSpec& arg = op.args[i];
    const Range r = domain_of(arg, d);
    switch (arg.kind) {
      case ArgKind::Tensor: a.tensors[i] = make_input(d, layout, k++, r, rng, reduction); break;
      case ArgKind::TensorOrScalar:
        if (scalars) a.scalars[i] = scalar_for(d, r, rng);
        else a.tensors[i] = make_input(d, layout, k++, r, rng, reduction);
        break;
      case ArgKind::Number: a.scalars[i] = scalar_for(d, r, rng); break;
      case ArgKind::Scalar:
        // Special values with a scaling alpha would overflow in float but
        // not in the double reference; 1 keeps both exact.
        a.scalars[i] = layout == Layout::Special ? Scalar(1.0) : scalar_for(d, r, rng);
        break;
      case ArgKind::Int:
      case ArgKind::Bool:
      case ArgKind::OptDType: break;  // set per case
    }
  }
  return a;
}

Tensor fresh_out(DType dtype, const Shape& shape, Layout layout) {
  // A transposed out of the right shape is written through its strides;
  // any other out starts empty and is resized.
  if (layout == Layout::Transposed && shape.size() == 2) return empty({shape[1], shape[0]}, dtype).t();
  return empty({0}, dtype);
}

void expect_type_error(const std::string& what, Tensor (*call)(Args&), Args& a) {
  try {
    call(a);
    ADD_FAILURE() << what << ": writing a result of another dtype in place did not throw";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Type) << what << ": " << e.what();
  }
}

}  // namespace detail

using namespace detail;

void check_pointwise(const OpSpec& op, const std::vector<Variant>& variants, DType d, Layout layout) {
  const uint64_t seed = seed_of(op.name, static_cast<int>(d), static_cast<int>(layout));
  const DType compute = compute_of(op.rule, d), result = result_of(op.rule, d);
  for (const Variant& v : variants) {
    const std::string what = case_text(op, d, layout_name(layout), v.text);
    Args a = make_args(op, d, layout, v.scalar, seed, false);
    if (v.form == Form::Inplace) {
      if (result != d) {
        expect_type_error(what, v.call, a);
        continue;
      }
      if (has_stride_zero(a.t(0))) a.w(0) = a.t(0).clone();
    }
    // The reference reads copies of what an in-place call overwrites.
    Args ref_args = a;
    if (v.form == Form::Inplace) ref_args.w(0) = a.t(0).clone();
    const PointwiseCase c = pointwise_reference(op, ref_args, compute, result);
    const std::vector<Tensor> before = v.form == Form::Inplace ? std::vector<Tensor>() : snapshot(a);
    if (v.form == Form::Out) a.out = fresh_out(result, c.expected.shape, layout);
    Tensor r;
    if (!run_call(what, [&] { r = v.call(a); })) continue;
    EXPECT_TRUE(v.form != Form::Inplace || r.is_same(a.t(0))) << what << ": does not return self";
    EXPECT_TRUE(v.form != Form::Out || r.is_same(a.out)) << what << ": does not return out";
    compare(r, c.expected, what, describe_pointwise, &c);
    check_unchanged(a, before, what);
  }
}

// ---- type promotion ----------------------------------------------------------

namespace {

enum class Other : int8_t { Dims, ZeroDim, Number };

// PyTorch's result_type (torch.result_type docs): categories bool <
// integral < floating; dimensioned tensors decide unless a 0-dim tensor,
// then a number, is of a higher category, which then picks the dtype (a
// number's: int64, or the default float32). Written out case by case
// rather than computed, so the runtime's rules are checked, not mirrored.
struct MixedCase {
  DType self;
  bool self_zero_dim;
  Other other_kind;
  DType other;  // for a number: Bool, Long or Float stand for its kind
  DType promoted;
};

const MixedCase kMixed[] = {
    {DType::Int, false, Other::Dims, DType::Float, DType::Float},
    {DType::Byte, false, Other::Dims, DType::Char, DType::Short},
    {DType::Half, false, Other::Dims, DType::BFloat16, DType::Float},
    {DType::Double, false, Other::Dims, DType::Half, DType::Double},
    {DType::Byte, false, Other::Dims, DType::Bool, DType::Byte},
    {DType::Bool, false, Other::Dims, DType::Bool, DType::Bool},
    {DType::Int, false, Other::ZeroDim, DType::Long, DType::Int},
    {DType::Int, false, Other::ZeroDim, DType::Double, DType::Double},
    {DType::Float, false, Other::ZeroDim, DType::Double, DType::Float},
    {DType::Long, false, Other::ZeroDim, DType::Float, DType::Float},
    {DType::Char, true, Other::ZeroDim, DType::Short, DType::Short},
    {DType::Int, false, Other::Number, DType::Float, DType::Float},
    {DType::Byte, false, Other::Number, DType::Long, DType::Byte},
    {DType::Bool, false, Other::Number, DType::Long, DType::Long},
    {DType::Half, false, Other::Number, DType::Float, DType::Half},
    {DType::Short, false, Other::Number, DType::Bool, DType::Short},
    {DType::Bool, false, Other::Number, DType::Float, DType::Float},
};

const char* other_text(Other o) {
  switch (o) {
    case Other::Dims: return "tensor";
    case Other::ZeroDim: return "0-dim tensor";
    case Other::Number: return "number";
  }
  return "?";
}

}  // namespace

void check_promotion(const OpSpec& op, const std::vector<Variant>& variants) {
  int self_pos = -1, other_pos = -1;
  for (size_t k = 0; k < op.args.size(); ++k) {
    if (op.args[k].kind == ArgKind::Tensor && self_pos < 0) self_pos = static_cast<int>(k);
    if (op.args[k].kind == ArgKind::TensorOrScalar && other_pos < 0) other_pos = static_cast<int>(k);
  }
  ASSERT_TRUE(self_pos >= 0 && other_pos >= 0) << op.name << ": promotion needs a Tensor and a Tensor|Scalar argument";
  int run = 0;
  for (const MixedCase& m : kMixed) {
    const DType compute = compute_of(op.rule, m.promoted), result = result_of(op.rule, m.promoted);
    bool supported = false;
    for (DType d : op.dtypes) supported = supported || d == compute;
    if (!supported) continue;
    const bool number = m.other_kind == Other::Number;
    for (const Variant& v : variants) {
      if (v.form == Form::Inplace || v.scalar != number) continue;
      std::ostringstream what;
      what << op.name << " " << dtype_name(m.self) << (m.self_zero_dim ? " 0-dim" : "") << " with a "
           << dtype_name(m.other) << " " << other_text(m.other_kind) << ": " << v.text;
      Rng rng(seed_of(op.name, static_cast<int>(m.self), static_cast<int>(m.other)));
      Args a;
      a.tensors.resize(op.args.size());
      a.scalars.resize(op.args.size());
      a.ints.resize(op.args.size());
      const Layout self_layout = m.self_zero_dim ? Layout::ZeroDim : Layout::Contiguous;
      a.tensors[self_pos] = make_input(m.self, self_layout, 0, domain_of(op.args[self_pos], m.self), rng, false);
      // A number's value fits the compute dtype (PyTorch rejects or wraps
      // out-of-range numbers; neither is what this checks).
      // Every Tensor|Scalar argument is of the mixed kind (clamp's min and max).
      for (size_t k = static_cast<size_t>(other_pos); k < op.args.size(); ++k) {
        if (op.args[k].kind != ArgKind::TensorOrScalar) continue;
        const Range other_range = domain_of(op.args[k], number && !is_floating(m.other) ? compute : m.other);
        if (number) a.scalars[k] = scalar_for(m.other, other_range, rng);
        else a.tensors[k] = make_input(m.other, m.other_kind == Other::Dims ? Layout::Contiguous : Layout::ZeroDim,
                                       static_cast<int>(k), other_range, rng, false);
      }
      for (size_t k = 0; k < op.args.size(); ++k)
        if (op.args[k].kind == ArgKind::Scalar) a.scalars[k] = scalar_for(compute, domain_of(op.args[k], compute), rng);
      const PointwiseCase c = pointwise_reference(op, a, compute, result);
      if (v.form == Form::Out) a.out = empty({0}, result);
      Tensor r;
      if (!run_call(what.str(), [&] { r = v.call(a); })) continue;
      compare(r, c.expected, what.str(), describe_pointwise, &c);
      ++run;
    }
  }
  EXPECT_GT(run, 0) << op.name << ": no mixed-dtype case applies";
}

// ---- TH's C API ------------------------------------------------------------

void th_dtype_mismatch(DType want, const Tensor& t) {
  ADD_FAILURE() << "th<>: passing a " << dtype_name(t.dtype()) << " tensor as a " << dtype_name(want) << " one";
}

Tensor th_empty(DType dtype) { return Tensor::adopt(rt::tensor_new(dtype)); }

namespace detail {

DType param_dtype(const CParam& p, DType d) { return p.fixed ? p.dtype : d; }

// TH's cases: A, contiguous [3, 4] inputs and a fresh result; B, the first
// input a transposed [3, 4] view, the others [12] vectors (TH needs equal
// element counts, not shapes) and the result an existing non-contiguous
// [3, 4] view (a narrowed [5, 6]); C (reductions), a [5] vector.
Tensor th_input(DType d, int which, bool first, Range r, Rng& rng) {
  if (which == 2) return random_tensor(d, {5}, r, rng);
  if (which == 0) return random_tensor(d, {3, 4}, r, rng);
  return first ? random_tensor(d, {4, 3}, r, rng).t() : random_tensor(d, {12}, r, rng);
}

Tensor th_result(DType d, int case_b) {
  if (!case_b) return empty({0}, d);
  Tensor base = zeros({5, 6}, d);
  return base.narrow(0, 1, 3).narrow(1, 2, 4);
}

// THTensor_cadd -> THFloatTensor_cadd (detail)
std::string th_text(const ThSpec& fn, DType d, const std::string& detail) {
  std::string name = fn.name;
  name.insert(2, info(d).name);
  return name + " (" + detail + ")";
}

}  // namespace detail

void check_th_pointwise(const OpSpec& op, DType d, const ThSpec& fn, void (*call)(const ThCall& c)) {
  for (int case_b = 0; case_b < 2; ++case_b) {
    const std::string what = th_text(fn, d, case_b ? "transposed input, flat others, non-contiguous result" : "contiguous");
    Rng rng(seed_of(fn.name, static_cast<int>(d), case_b));
    ThCall c;
    const size_t np = fn.params.size();
    c.tensors.resize(np);
    c.values.resize(np);
    c.ints.resize(np);
    // Reference arguments by signature position: tensors (row-major
    // elements) and values; the result follows the first tensor's shape.
    std::vector<std::vector<double>> tf(op.args.size());
    std::vector<std::vector<int64_t>> ti(op.args.size());
    std::vector<double> vf(op.args.size());
    std::vector<int64_t> vi(op.args.size());
    std::vector<int> tensor_args;
    int out = -1;
    bool first = true;
    Shape result_shape;
    for (size_t i = 0; i < np; ++i) {
      const CParam& p = fn.params[i];
      const DType pd = param_dtype(p, d);
      switch (p.role) {
        case CRole::Out: out = static_cast<int>(i); c.tensors[i] = th_result(pd, case_b); break;
        case CRole::InOut: {
          out = static_cast<int>(i);
          c.tensors[i] = case_b ? th_result(pd, 1) : empty({3, 4}, pd);
          Tensor src = th_input(pd, 0, true, domain_of(op.args[p.arg], pd), rng);
          c.tensors[i].copy_(src);
          result_shape = {3, 4};
          break;
        }
        case CRole::Input: {
          c.tensors[i] = th_input(pd, case_b, first, domain_of(op.args[p.arg], pd), rng);
          if (first) result_shape = c.tensors[i].shape();
          first = false;
          tf[p.arg] = flat_f(c.tensors[i]);
          ti[p.arg] = flat_i(c.tensors[i]);
          tensor_args.push_back(p.arg);
          break;
        }
        case CRole::Value: {
          const double v = random_value(d, domain_of(op.args[p.arg], d), rng);
          c.values[i] = v;
          // The C value arrives as TH's real, i.e. rounded to the dtype.
          vf[p.arg] = is_floating(d) ? round_to(d, v) : v;
          vi[p.arg] = is_floating(d) ? 0 : static_cast<int64_t>(v);
          break;
        }
        default: FAIL() << what << ": a pointwise binding with a dim parameter";
      }
    }
    for (const auto& [k, v] : fn.defaults) {
      vf[k] = v;
      vi[k] = static_cast<int64_t>(v);
    }
    ASSERT_GE(out, 0) << what << ": no result parameter";
    const DType od = param_dtype(fn.params[out], d);
    Expected e = expect_like(od, result_shape);
    const double tol = tol_of(op, d);
    for (int64_t k = 0; k < numel_of(result_shape); ++k) {
      for (int a : tensor_args) {
        vf[a] = tf[a][k];
        vi[a] = ti[a][k];
      }
      // TH computes in the tensor's own dtype (no promotion).
      if (is_floating(d)) {
        const double v = op.rule == Rule::Bool ? (op.ref_f(vf.data()) != 0) : round_to(d, op.ref_f(vf.data()));
        if (is_floating(od)) push_f(e, round_to(od, v), tol, std::fabs(v));
        else e.i.push_back(wrap_to(od, static_cast<int64_t>(v)));
      } else {
        const int64_t v = op.rule == Rule::Bool ? (op.ref_i(vi.data()) != 0) : wrap_to(d, op.ref_i(vi.data()));
        if (is_floating(od)) push_f(e, static_cast<double>(v), tol, std::fabs(static_cast<double>(v)));
        else e.i.push_back(wrap_to(od, v));
      }
    }
    if (!run_call(what, [&] { call(c); })) continue;
    compare(c.tensors[out], e, what);
  }
}

// ---- errors --------------------------------------------------------------

namespace {

// TH's handlers, turned into exceptions so a negative test can see them.
struct ThFailure : std::runtime_error {
  ThFailure(int n, const char* msg) : std::runtime_error(std::string("TH error (argument ") + std::to_string(n) + "): " + msg),
                                      arg_number(n), message(msg) {}
  int arg_number;  // 0: THError's handler
  std::string message;
};

void throw_error(const char* msg, void*) { throw ThFailure(0, msg); }
void throw_arg_error(int n, const char* msg, void*) { throw ThFailure(n, msg); }

class ThHandlers : public ::testing::Environment {
 public:
  void SetUp() override {
    THSetErrorHandler(throw_error, nullptr);
    THSetArgErrorHandler(throw_arg_error, nullptr);
  }
  void TearDown() override {
    THSetErrorHandler(nullptr, nullptr);
    THSetArgErrorHandler(nullptr, nullptr);
  }
};

[[maybe_unused]] ::testing::Environment* const kThHandlers = ::testing::AddGlobalTestEnvironment(new ThHandlers);

const char* kind_name(ErrorKind k) {
  switch (k) {
    case ErrorKind::Index: return "Index";
    case ErrorKind::Value: return "Value";
    case ErrorKind::Type: return "Type";
    case ErrorKind::Memory: return "Memory";
    case ErrorKind::Runtime: return "Runtime";
  }
  return "?";
}

}  // namespace

void expect_error(ErrorKind kind, const char* op, const char* arg, void (*example)()) {
  try {
    example();
    ADD_FAILURE() << "expected a " << kind_name(kind) << " error from " << op << ", nothing was thrown";
  } catch (const Error& e) {
    EXPECT_EQ(kind_name(e.kind()), std::string(kind_name(kind))) << e.what();
    const std::string msg = e.what();
    EXPECT_NE(msg.find(op), std::string::npos) << "the message does not name " << op << ": " << msg;
    if (arg) {
      EXPECT_NE(msg.find(std::string("argument '") + arg + "'"), std::string::npos)
          << "the message does not name argument '" << arg << "': " << msg;
      EXPECT_EQ(e.arg(), arg);
    }
  }
}

void expect_th_error(const char* fn, int arg_number, const char* arg, void (*example)()) {
  try {
    example();
    ADD_FAILURE() << "expected " << fn << " to report an error, it returned";
  } catch (const ThFailure& f) {
    EXPECT_EQ(f.arg_number, arg ? arg_number : 0) << f.message;
    EXPECT_NE(f.message.find(fn), std::string::npos) << "the message does not name " << fn << ": " << f.message;
    if (arg) {
      EXPECT_NE(f.message.find(std::string("argument '") + arg + "'"), std::string::npos)
          << "the message does not name argument '" << arg << "': " << f.message;
    }
  }
}

}  // namespace ember::optest
