// Note [reference order]: sorts and selections use the order of Note
// [sort order] (kernels/sort_keys.h) written out as a comparison: NaN
// after every number and equal to every NaN, -0 == +0, ties by position
// (std::stable_sort). Sums and means are exact in long double; products,
// norms and scans of products accumulate sequentially in the dtype's
// accumulate type, so that overflow and underflow happen where the
// library's do; variances are two-pass in long double.
#include "tests/ops/harness/reduce_slices.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "tests/ops/harness/dtype_rules.h"

namespace ember::optest::detail {

namespace {

// ---- Note [reference order] ------------------------------------------------

bool before(const Slices& s, int64_t slice, int64_t a, int64_t b, bool descending) {
  if (s.floating) {
    const double x = s.f[slice][a], y = s.f[slice][b];
    const bool nx = std::isnan(x), ny = std::isnan(y);
    if (nx || ny) return descending ? (nx && !ny) : (!nx && ny);
    return descending ? x > y : x < y;
  }
  const int64_t x = s.i[slice][a], y = s.i[slice][b];
  return descending ? x > y : x < y;
}

std::vector<int64_t> order(const Slices& s, int64_t slice, bool descending) {
  std::vector<int64_t> pos(static_cast<size_t>(s.n));
  std::iota(pos.begin(), pos.end(), 0);
  std::stable_sort(pos.begin(), pos.end(), [&](int64_t a, int64_t b) { return before(s, slice, a, b, descending); });
  return pos;
}

bool same_value(const Slices& s, int64_t slice, int64_t a, int64_t b) {
  return !before(s, slice, a, b, false) && !before(s, slice, b, a, false);
}

// One step of a sequential accumulation in d's accumulate dtype.
double acc_round(DType d, long double v) { return round_to(acc_dtype(d), static_cast<double>(v)); }

void value_f(SliceResult& r, double v, double scale) {
  r.f.push_back(v);
  r.scale.push_back(scale);
}

// A position of slice k as a result element.
void pick(SliceResult& r, const Slices& s, int64_t k, int64_t at) {
  if (s.floating) value_f(r, s.f[k][at], 0);
  else r.i.push_back(s.i[k][at]);
  r.pos.push_back(at);
}

}  // namespace

Slices slices_of(const Tensor& self, bool whole, int64_t dim) {
  Slices s;
  s.floating = is_floating(self.dtype());
  const Shape shape = self.shape();
  const Reader r(self, shape);
  auto take = [&](const std::vector<Shape>& idxs) {
    std::vector<double> f;
    std::vector<int64_t> i;
    for (const Shape& idx : idxs) {
      if (s.floating) f.push_back(r.f(idx));
      else i.push_back(r.i(idx));
    }
    s.f.push_back(std::move(f));
    s.i.push_back(std::move(i));
  };
  if (whole || shape.empty()) {
    s.dim = -1;
    std::vector<Shape> all;
    for_each_index(shape, [&](const Shape& idx) { all.push_back(idx); });
    s.n = static_cast<int64_t>(all.size());
    take(all);
    return s;
  }
  const int nd = static_cast<int>(shape.size());
  s.dim = static_cast<int>(dim < 0 ? dim + nd : dim);
  s.outer = shape;
  s.outer.erase(s.outer.begin() + s.dim);
  s.n = shape[s.dim];
  if (numel_of(s.outer) == 0) return s;
  for_each_index(s.outer, [&](const Shape& o) {
    std::vector<Shape> idxs;
    for (int64_t j = 0; j < s.n; ++j) {
      Shape idx = o;
      idx.insert(idx.begin() + s.dim, j);
      idxs.push_back(idx);
    }
    take(idxs);
  });
  return s;
}

int64_t slice_count(const Slices& s) { return static_cast<int64_t>(s.f.size()); }

SliceResult reduce_slice(Reducer red, const Slices& s, int64_t k, DType in, const Config& c) {
  SliceResult r;
  const int64_t n = s.n;
  if (!s.floating) {
    const std::vector<int64_t>& x = s.i[k];
    uint64_t acc = 0;
    switch (red) {
      case Reducer::Sum:
        for (int64_t v : x) acc += static_cast<uint64_t>(v);
        r.i.push_back(static_cast<int64_t>(acc));
        break;
      case Reducer::Prod:
        acc = 1;
        for (int64_t v : x) acc *= static_cast<uint64_t>(v);
        r.i.push_back(static_cast<int64_t>(acc));
        break;
      case Reducer::Max: r.i.push_back(*std::max_element(x.begin(), x.end())); break;
      case Reducer::Min: r.i.push_back(*std::min_element(x.begin(), x.end())); break;
      case Reducer::All: r.i.push_back(std::all_of(x.begin(), x.end(), [](int64_t v) { return v != 0; })); break;
      case Reducer::Any: r.i.push_back(std::any_of(x.begin(), x.end(), [](int64_t v) { return v != 0; })); break;
      default: ADD_FAILURE() << "no integral reference for this reducer";
    }
    return r;
  }
  const std::vector<double>& x = s.f[k];
  long double sum = 0, mag = 0;
  for (double v : x) {
    sum += v;
    mag += std::fabs(v);
  }
  const double rootn = std::sqrt(static_cast<double>(std::max<int64_t>(n, 1)));
  switch (red) {
    case Reducer::Sum: value_f(r, static_cast<double>(sum), std::fabs(static_cast<double>(sum)) + static_cast<double>(mag) / rootn); break;
    case Reducer::Mean: {
      const double m = static_cast<double>(sum / static_cast<long double>(n));
      value_f(r, n ? m : std::numeric_limits<double>::quiet_NaN(), std::fabs(m) + static_cast<double>(mag) / rootn / std::max<double>(n, 1));
      break;
    }
    case Reducer::Prod: {
      double acc = 1;  // sequential in the accumulate type
      for (double v : x) acc = acc_round(in, static_cast<long double>(acc) * v);
      value_f(r, acc, std::fabs(acc));
      break;
    }
    case Reducer::Var:
    case Reducer::Std: {
      const long double mean = n ? sum / n : 0;
      long double m2 = 0;
      for (double v : x) m2 += (v - mean) * (v - mean);
      const double divisor = static_cast<double>(n) - (c.unbiased ? 1 : 0);
      double v = divisor > 0 ? static_cast<double>(m2 / divisor) : std::numeric_limits<double>::quiet_NaN();
      if (red == Reducer::Std) v = std::sqrt(v);
      value_f(r, v, std::fabs(v));
      break;
    }
    case Reducer::Norm: {
      const double p = c.p, inf = std::numeric_limits<double>::infinity();
      double acc = p == -inf ? inf : 0;
      for (double v : x) {
        const double a = std::fabs(v);
        if (std::isnan(acc)) break;
        if (p == 0) acc = acc_round(in, static_cast<long double>(acc) + (v != 0));
        else if (p == inf) acc = std::isnan(a) ? a : std::max(acc, a);
        else if (p == -inf) acc = std::isnan(a) ? a : std::min(acc, a);
        else acc = acc_round(in, acc + std::pow(static_cast<long double>(a), static_cast<long double>(p)));
      }
      double v = acc;
      if (p != 0 && p != inf && p != -inf) v = acc_round(in, std::pow(static_cast<long double>(acc), 1.0L / p));
      value_f(r, v, std::fabs(v));
      break;
    }
    case Reducer::Max:
    case Reducer::Min: {
      double best = x[0];
      for (double v : x) {
        if (std::isnan(best)) break;
        if (std::isnan(v) || (red == Reducer::Max ? v > best : v < best)) best = v;
      }
      value_f(r, best, 0);
      break;
    }
    case Reducer::All: r.i.push_back(std::all_of(x.begin(), x.end(), [](double v) { return v != 0; })); break;
    case Reducer::Any: r.i.push_back(std::any_of(x.begin(), x.end(), [](double v) { return v != 0; })); break;
    default: ADD_FAILURE() << "no floating reference for this reducer";
  }
  return r;
}

SliceResult select_slice(Reducer red, const Slices& s, int64_t k, const Config& c) {
  SliceResult r;
  switch (red) {
    case Reducer::Max:
    case Reducer::Min: {  // the first best; the first NaN beats everything
      int64_t best = 0;
      for (int64_t j = 1; j < s.n; ++j) {
        if (s.floating && std::isnan(s.f[k][best])) break;
        const bool nan = s.floating && std::isnan(s.f[k][j]);
        if (nan || before(s, k, j, best, red == Reducer::Max)) best = j;
      }
      pick(r, s, k, best);
      break;
    }
    case Reducer::Sort:
      for (int64_t at : order(s, k, c.descending)) pick(r, s, k, at);
      break;
    case Reducer::Topk: {
      std::vector<int64_t> best = order(s, k, c.largest);
      best.resize(static_cast<size_t>(c.k));
      if (!c.sorted) std::sort(best.begin(), best.end());
      for (int64_t at : best) pick(r, s, k, at);
      break;
    }
    case Reducer::Kthvalue: pick(r, s, k, order(s, k, false)[static_cast<size_t>(c.k - 1)]); break;
    case Reducer::Median: {
      int64_t at = -1;
      for (int64_t j = 0; j < s.n && at < 0 && s.floating; ++j)
        if (std::isnan(s.f[k][j])) at = j;
      if (at < 0) at = order(s, k, false)[static_cast<size_t>((s.n - 1) / 2)];
      pick(r, s, k, at);
      break;
    }
    case Reducer::Mode: {
      const std::vector<int64_t> sorted = order(s, k, false);
      int64_t best_count = 0, best_last = 0;
      for (int64_t a = 0; a < s.n;) {
        int64_t b = a + 1;
        while (b < s.n && same_value(s, k, sorted[a], sorted[b])) ++b;
        if (b - a > best_count) {
          best_count = b - a;
          best_last = sorted[b - 1];
        }
        a = b;
      }
      pick(r, s, k, best_last);
      break;
    }
    default: ADD_FAILURE() << "no selection reference for this reducer";
  }
  return r;
}

SliceResult scan_slice(Reducer red, const Slices& s, int64_t k, DType compute) {
  SliceResult r;
  if (!is_floating(compute)) {
    uint64_t acc = red == Reducer::Cumsum ? 0 : 1;
    for (int64_t j = 0; j < s.n; ++j) {
      const int64_t v = s.floating ? wrap_to(compute, static_cast<int64_t>(s.f[k][j])) : wrap_to(compute, s.i[k][j]);
      acc = red == Reducer::Cumsum ? acc + static_cast<uint64_t>(v) : acc * static_cast<uint64_t>(v);
      r.i.push_back(static_cast<int64_t>(acc));
    }
    return r;
  }
  long double sum = 0, mag = 0;
  double prod = 1;
  for (int64_t j = 0; j < s.n; ++j) {
    const double v = round_to(compute, s.floating ? s.f[k][j] : static_cast<double>(s.i[k][j]));
    if (red == Reducer::Cumsum) {
      sum += v;
      mag += std::fabs(v);
      value_f(r, static_cast<double>(sum), static_cast<double>(mag));
    } else {
      prod = acc_round(compute, static_cast<long double>(prod) * v);
      value_f(r, prod, std::fabs(prod));
    }
  }
  return r;
}

bool histc_range(const Slices& s, const Config& c, double& lo, double& hi) {
  lo = c.min;
  hi = c.max;
  if (lo == hi) {
    bool any = false;
    for (const auto& slice : s.f)
      for (double v : slice) {
        lo = any ? std::min(lo, v) : v;
        hi = any ? std::max(hi, v) : v;
        any = any || !std::isnan(v);
        if (std::isnan(v)) return false;
      }
    if (!std::isfinite(lo) || !std::isfinite(hi)) return false;
  }
  if (lo == hi) {
    lo -= 1;
    hi += 1;
  }
  return true;
}

SliceResult histc_slice(const Slices& s, int64_t k, const Config& c, double lo, double hi) {
  std::vector<int64_t> count(static_cast<size_t>(c.bins), 0);
  for (double v : s.f[k]) {
    if (!(v >= lo && v <= hi)) continue;
    const int64_t bin = static_cast<int64_t>((v - lo) / (hi - lo) * static_cast<double>(c.bins));
    ++count[static_cast<size_t>(std::min(bin, c.bins - 1))];
  }
  SliceResult r;
  for (int64_t v : count) value_f(r, static_cast<double>(v), 0);
  return r;
}

}  // namespace ember::optest::detail
