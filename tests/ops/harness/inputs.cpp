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
#include "tests/ops/harness/inputs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace ember::optest::detail {

namespace {

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

std::vector<double> special_values(DType d) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  return {nan, 1.0, -0.0, inf, 0.0, -inf, -2.5, max_finite(d), min_normal(d), 100.0};
}

}  // namespace

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

uint64_t seed_of(const char* name, int a, int b) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (const char* c = name; *c; ++c) h = (h ^ static_cast<unsigned char>(*c)) * 1099511628211ull;
  return h ^ (static_cast<uint64_t>(a) << 32) ^ static_cast<uint64_t>(b);
}

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

Scalar scalar_for(DType d, Range r, Rng& rng) {
  const double v = random_value(d, r, rng);
  if (is_floating(d)) return Scalar(v);
  if (is_bool(d)) return Scalar(v != 0);
  return Scalar(static_cast<int64_t>(v));
}

Tensor random_tensor(DType d, const Shape& shape, Range r, Rng& rng) {
  Tensor t = empty(shape, d);
  char* p = static_cast<char*>(t.data_ptr());
  const int64_t es = static_cast<int64_t>(element_size(d));
  for (int64_t e = 0; e < numel_of(shape); ++e) store_f(d, p + e * es, random_value(d, r, rng));
  return t;
}

// In the Special layout a pointwise op sees every pair of special values
// (self varies along columns, the others along rows); a reduction sees
// rows with and without NaN and infinities.
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

}  // namespace ember::optest::detail
