// The reference side of the generated tests of reductions, sorts,
// selections, scans and histograms (entries of kind reduce,
// reduce_index and along_dim; see harness.h). As in harness.cpp, nothing
// here goes through kernels/ or the runtime's loops: every result slice
// is recomputed from the input's elements by a naive loop.
//
// Note [reference order]: sorts and selections use the order of Note
// [sort order] (kernels/sort_keys.h) written out as a comparison: NaN
// after every number and equal to every NaN, -0 == +0, ties by position
// (std::stable_sort). Sums and means are exact in long double; products,
// norms and scans of products accumulate sequentially in the dtype's
// accumulate type, so that overflow and underflow happen where the
// library's do; variances are two-pass in long double.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <sstream>

#include "tests/ops/harness.h"
#include "tests/ops/harness_internal.h"

namespace ember::optest {

using namespace detail;

namespace {

// ---- the op's arguments, found by name --------------------------------------

struct Positions {
  int dim = -1, keepdim = -1, p = -1, unbiased = -1, k = -1, largest = -1, sorted = -1, descending = -1,
      stable = -1, bins = -1, min = -1, max = -1, dtype = -1;
};

Positions positions_of(const OpSpec& op) {
  Positions at;
  for (size_t i = 0; i < op.args.size(); ++i) {
    const std::string name = op.args[i].name;
    const int k = static_cast<int>(i);
    if (name == "dim") at.dim = k;
    else if (name == "keepdim") at.keepdim = k;
    else if (name == "p") at.p = k;
    else if (name == "unbiased") at.unbiased = k;
    else if (name == "k") at.k = k;
    else if (name == "largest") at.largest = k;
    else if (name == "sorted") at.sorted = k;
    else if (name == "descending") at.descending = k;
    else if (name == "stable") at.stable = k;
    else if (name == "bins") at.bins = k;
    else if (name == "min") at.min = k;
    else if (name == "max") at.max = k;
    else if (name == "dtype") at.dtype = k;
  }
  return at;
}

// One assignment of the op's non-tensor arguments.
struct Config {
  int64_t dim = 0;
  bool keepdim = false;
  double p = 2;
  bool unbiased = true;
  int64_t k = 1;
  bool largest = true, sorted = true, descending = false, stable = false;
  int64_t bins = 100;
  double min = 0, max = 0;
  std::optional<DType> dtype;
};

std::string config_text(const Positions& at, const Config& c) {
  std::ostringstream out;
  if (at.dim >= 0) out << " dim=" << c.dim;
  if (at.keepdim >= 0) out << " keepdim=" << c.keepdim;
  if (at.p >= 0) out << " p=" << c.p;
  if (at.unbiased >= 0) out << " unbiased=" << c.unbiased;
  if (at.k >= 0) out << " k=" << c.k;
  if (at.largest >= 0) out << " largest=" << c.largest;
  if (at.sorted >= 0) out << " sorted=" << c.sorted;
  if (at.descending >= 0) out << " descending=" << c.descending;
  if (at.stable >= 0) out << " stable=" << c.stable;
  if (at.bins >= 0) out << " bins=" << c.bins << " min=" << c.min << " max=" << c.max;
  if (at.dtype >= 0) out << " dtype=" << (c.dtype ? dtype_name(*c.dtype) : "None");
  return out.str();
}

// Writes a config into the arguments of a C++ call.
void apply(const Positions& at, const Config& c, Args& a) {
  auto set_int = [&](int pos, int64_t v) {
    if (pos >= 0) a.ints[pos] = v;
  };
  set_int(at.dim, c.dim);
  set_int(at.keepdim, c.keepdim);
  set_int(at.unbiased, c.unbiased);
  set_int(at.k, c.k);
  set_int(at.largest, c.largest);
  set_int(at.sorted, c.sorted);
  set_int(at.descending, c.descending);
  set_int(at.stable, c.stable);
  set_int(at.bins, c.bins);
  if (at.p >= 0) a.scalars[at.p] = Scalar(c.p);
  if (at.min >= 0) a.scalars[at.min] = Scalar(c.min);
  if (at.max >= 0) a.scalars[at.max] = Scalar(c.max);
  if (at.dtype >= 0) a.dtypes[at.dtype] = c.dtype;
}

// ---- slices ------------------------------------------------------------------

// self's elements grouped by slice along `dim` (row-major over the other
// dims), or all of them in one slice (row-major) when whole.
struct Slices {
  Shape outer;  // the other dims: slice s is row-major index s over them
  int dim;      // wrapped; -1 when whole or self is 0-dim
  int64_t n;    // slice length
  bool floating;
  std::vector<std::vector<double>> f;
  std::vector<std::vector<int64_t>> i;
};

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

// ---- one result slice -----------------------------------------------------

// What a reference gives for one slice: values (as doubles, or exact
// integers) with their tolerance scales, and positions when the op has them.
struct SliceResult {
  std::vector<double> f, scale;
  std::vector<int64_t> i, pos;
};

// The accumulate dtype (TH's accreal): the type products and norms of
// `d` accumulate in.
DType acc_dtype(DType d) {
  if (!is_floating(d)) return DType::Long;
  return d == DType::Half || d == DType::BFloat16 ? DType::Float : DType::Double;
}

double acc_round(DType d, long double v) { return round_to(acc_dtype(d), static_cast<double>(v)); }

void value_f(SliceResult& r, double v, double scale) {
  r.f.push_back(v);
  r.scale.push_back(scale);
}

// The value reductions (kind reduce), in the input's domain.
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

// Positions-valued references (reduce_index, sorts, selections).
void pick(SliceResult& r, const Slices& s, int64_t k, int64_t at) {
  if (s.floating) value_f(r, s.f[k][at], 0);
  else r.i.push_back(s.i[k][at]);
  r.pos.push_back(at);
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

// Scans, over the input converted to `compute` (cumsum's dtype=).
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

// The range histc bins over: the given one, or the data's (every slice).
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

bool is_select(Reducer r) {
  switch (r) {
    case Reducer::Sort:
    case Reducer::Topk:
    case Reducer::Kthvalue:
    case Reducer::Median:
    case Reducer::Mode: return true;
    default: return false;
  }
}

// ---- cases -----------------------------------------------------------------

// What one call should produce: the shape, the values and the positions.
struct Case {
  bool skip = false;  // an error case (empty slices to pick from, ...), tested by the entry's errors
  Shape shape;
  Expected values, indices;
};

// How long each output slice is, and whether the dim stays.
int64_t out_length(Reducer red, const Config& c, int64_t n) {
  switch (red) {
    case Reducer::Sort:
    case Reducer::Cumsum:
    case Reducer::Cumprod: return n;
    case Reducer::Topk: return c.k;
    case Reducer::Histc: return c.bins;
    default: return -1;  // a reduction: one element, the dim kept only with keepdim
  }
}

// The expected outputs of one call of `red` on self, with results of
// dtype `result` (values; positions are Long). `whole`: no dim argument.
// `th`: TH's geometry (no 0-dim results).
Case expected_case(const OpSpec& op, Reducer red, const Tensor& self, bool whole, const Config& c, DType result,
                   bool th) {
  Case out;
  const DType in = self.dtype();
  const bool flat = whole;
  const Slices s = slices_of(self, flat, c.dim);
  // max and min along a dim (reduce_index) return positions; the
  // whole-tensor ones only values.
  const bool positions = is_select(red) || ((red == Reducer::Max || red == Reducer::Min) && !whole);
  const int64_t n = s.n, len = out_length(red, c, n);
  const bool reduces = len < 0;
  // Preconditions whose failures the entries' `errors` test.
  if ((red == Reducer::Max || red == Reducer::Min || red == Reducer::Median || red == Reducer::Mode ||
       red == Reducer::Kthvalue) && n == 0 && (slice_count(s) > 0 || flat))
    out.skip = true;
  if ((red == Reducer::Kthvalue && (c.k < 1 || c.k > n)) || (red == Reducer::Topk && c.k > n)) out.skip = true;
  double lo = 0, hi = 0;
  if (red == Reducer::Histc && !histc_range(s, c, lo, hi)) out.skip = true;
  if (out.skip) return out;
  // The result's shape.
  Shape shape = self.shape();
  int dim = s.dim;
  if (flat) {
    shape = reduces ? Shape{} : Shape{len};
    dim = reduces ? -1 : 0;
  } else if (shape.empty()) {
    if (!reduces && len != 1) shape = {len};
    dim = shape.empty() ? -1 : 0;
  } else if (reduces) {
    if (c.keepdim) shape[dim] = 1;
    else shape.erase(shape.begin() + dim), dim = -1;
  } else {
    shape[dim] = len;
  }
  if (th && shape.empty()) shape = {1};
  out.shape = shape;
  // Slice results, then laid out in the result's row-major order.
  const double tol = tol_of(op, in);
  std::vector<SliceResult> results;
  for (int64_t k = 0; k < slice_count(s); ++k) {
    if (red == Reducer::Cumsum || red == Reducer::Cumprod) results.push_back(scan_slice(red, s, k, c.dtype.value_or(in)));
    else if (red == Reducer::Histc) results.push_back(histc_slice(s, k, c, lo, hi));
    else if (positions) results.push_back(select_slice(red, s, k, c));
    else results.push_back(reduce_slice(red, s, k, in, c));
  }
  out.values = expect_like(result, shape);
  out.indices = expect_like(DType::Long, shape);
  const int64_t slices = std::max<int64_t>(slice_count(s), 1);
  for_each_index(shape, [&](const Shape& idx) {
    // Slice number: the index without `dim`, row-major over the kept dims.
    int64_t slice = 0, j = 0;
    if (!flat && !s.outer.empty()) {
      Shape o = idx;
      if (dim >= 0) {
        j = o[dim];
        o.erase(o.begin() + dim);
      }
      for (size_t d = 0; d < o.size(); ++d) slice = slice * s.outer[d] + o[d];
    } else if (dim >= 0) {
      j = idx[dim];
    }
    if (slice >= slices) return;
    const SliceResult& r = results[static_cast<size_t>(slice)];
    const size_t at = static_cast<size_t>(reduces ? 0 : j);
    if (!r.f.empty()) {
      const double v = round_to(result, r.f[at]);
      if (is_floating(result)) push_f(out.values, v, tol, r.scale[at]);
      else out.values.i.push_back(wrap_to(result, static_cast<int64_t>(v)));
    } else if (is_floating(result)) {
      push_f(out.values, round_to(result, static_cast<double>(r.i[at])), tol, std::fabs(static_cast<double>(r.i[at])));
    } else {
      out.values.i.push_back(wrap_to(result, r.i[at]));
    }
    if (!r.pos.empty()) out.indices.i.push_back(r.pos[at]);
  });
  return out;
}

// ---- configurations --------------------------------------------------------

std::vector<int64_t> dims_of(const Shape& shape) {
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < std::max<int64_t>(static_cast<int64_t>(shape.size()), 1); ++d) dims.push_back(d);
  dims.push_back(-1);
  return dims;
}

int64_t length_at(const Shape& shape, int64_t dim, bool whole) {
  if (whole) return numel_of(shape);
  if (shape.empty()) return 1;
  return shape[static_cast<size_t>(dim < 0 ? dim + static_cast<int64_t>(shape.size()) : dim)];
}

// Every config a case runs: each dim (and -1) unless whole, each keepdim,
// and the reducer's own arguments.
std::vector<Config> configs_of(const OpSpec& op, const Positions& at, const Shape& shape, Reducer red) {
  std::vector<Config> all{Config{}};
  auto expand = [&](auto&& values, auto&& set) {
    std::vector<Config> next;
    for (const Config& c : all)
      for (auto v : values) {
        Config d = c;
        set(d, v);
        next.push_back(d);
      }
    all = next;
  };
  const bool whole = at.dim < 0;
  if (!whole) expand(dims_of(shape), [](Config& c, int64_t v) { c.dim = v; });
  if (at.keepdim >= 0) expand(std::vector<bool>{false, true}, [](Config& c, bool v) { c.keepdim = v; });
  if (at.unbiased >= 0) expand(std::vector<bool>{true, false}, [](Config& c, bool v) { c.unbiased = v; });
  if (at.p >= 0) {
    const double inf = std::numeric_limits<double>::infinity();
    expand(std::vector<double>{2, 1, 0, 3, 0.5, inf, -inf}, [](Config& c, double v) { c.p = v; });
  }
  if (at.descending >= 0) expand(std::vector<int>{0, 1, 2}, [](Config& c, int v) {
    c.descending = v == 1;
    c.stable = v == 2;
  });
  if (at.largest >= 0) expand(std::vector<int>{0, 1, 2, 3}, [](Config& c, int v) {
    c.largest = v & 1;
    c.sorted = v & 2;
  });
  if (at.k >= 0) {
    std::vector<Config> next;
    for (const Config& c : all) {
      const int64_t n = length_at(shape, c.dim, whole);
      std::vector<int64_t> ks = red == Reducer::Topk ? std::vector<int64_t>{0, 1, std::min<int64_t>(3, n), n}
                                                      : std::vector<int64_t>{1, (n + 1) / 2, n};
      std::sort(ks.begin(), ks.end());
      ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
      for (int64_t k : ks) {
        if (red == Reducer::Kthvalue && k < 1) continue;
        Config d = c;
        d.k = k;
        next.push_back(d);
      }
    }
    all = next;
  }
  if (at.bins >= 0) {
    struct H {
      int64_t bins;
      double min, max;
    };
    expand(std::vector<H>{{1, 0, 0}, {7, 0, 0}, {5, -5, 5}, {4, -3.5, 2.25}}, [](Config& c, H h) {
      c.bins = h.bins;
      c.min = h.min;
      c.max = h.max;
    });
  }
  if (at.dtype >= 0)
    expand(std::vector<std::optional<DType>>{std::nullopt, DType::Double}, [](Config& c, std::optional<DType> v) { c.dtype = v; });
  (void)op;
  return all;
}

// The dtype of an entry's (values) result for input dtype d.
DType result_dtype_of(const OpSpec& op, DType d, const Config& c) {
  if (c.dtype) return *c.dtype;
  return result_of(op.rule, d);
}

template <class V>
void check_all(const OpSpec& op, const std::vector<V>& variants, DType d, Layout layout) {
  const Positions at = positions_of(op);
  Args base = make_args(op, d, layout, false, seed_of(op.name, static_cast<int>(d), static_cast<int>(layout)), true);
  const Tensor self = base.t(0);
  for (const Config& c : configs_of(op, at, self.shape(), op.reducer)) {
    const DType result = result_dtype_of(op, d, c);
    const Case e = expected_case(op, op.reducer, self, at.dim < 0, c, result, false);
    if (e.skip) continue;
    for (const V& v : variants) {
      const std::string what = std::string(op.name) + " " + dtype_name(d) + " " + layout_name(layout) + ": " + v.text +
                               config_text(at, c);
      Args a = base;
      apply(at, c, a);
      if (v.form == Form::Out) {
        a.out = fresh_out(result, e.shape, layout);
        a.out2 = fresh_out(DType::Long, e.shape, layout);
      }
      const std::vector<Tensor> before = snapshot(a);
      if constexpr (std::is_same_v<V, Variant2>) {
        std::tuple<Tensor, Tensor> r;
        if (!run_call(what, [&] { r = v.call(a); })) continue;
        if (v.form == Form::Out) {
          EXPECT_TRUE(std::get<0>(r).is_same(a.out)) << what << ": does not return values";
          EXPECT_TRUE(std::get<1>(r).is_same(a.out2)) << what << ": does not return indices";
        }
        compare(std::get<0>(r), e.values, what + " (values)");
        compare(std::get<1>(r), e.indices, what + " (indices)");
      } else {
        Tensor r;
        if (!run_call(what, [&] { r = v.call(a); })) continue;
        EXPECT_TRUE(v.form != Form::Out || r.is_same(a.out)) << what << ": does not return out";
        compare(r, e.values, what);
      }
      check_unchanged(a, before, what);
    }
  }
}

}  // namespace

void check_reduce(const OpSpec& op, const std::vector<Variant>& variants, DType d, Layout layout) {
  check_all(op, variants, d, layout);
}

void check_reduce_index(const OpSpec& op, const std::vector<Variant2>& variants, DType d, Layout layout) {
  check_all(op, variants, d, layout);
}

void check_along_dim(const OpSpec& op, const std::vector<Variant>& variants, DType d, Layout layout) {
  check_all(op, variants, d, layout);
}

void check_along_dim(const OpSpec& op, const std::vector<Variant2>& variants, DType d, Layout layout) {
  check_all(op, variants, d, layout);
}

// ---- TH's C API ------------------------------------------------------------

namespace {

// The C arguments of one TH call for a config; -1 where a role is absent.
struct ThRoles {
  int values = -1, indices = -1, self = -1;
};

ThRoles fill_th_call(const OpSpec& op, const ThSpec& fn, DType d, const Config& c, const Tensor& input, ThCall& call) {
  ThRoles roles;
  const size_t np = fn.params.size();
  call.tensors.assign(np, Tensor());
  call.values.assign(np, 0);
  call.ints.assign(np, 0);
  const Positions at = positions_of(op);
  for (size_t i = 0; i < np; ++i) {
    const CParam& p = fn.params[i];
    const std::string name = p.arg >= 0 ? op.args[static_cast<size_t>(p.arg)].name : "";
    switch (p.role) {
      case CRole::Out: roles.values = static_cast<int>(i); call.tensors[i] = empty({0}, param_dtype(p, d)); break;
      case CRole::Indices: roles.indices = static_cast<int>(i); call.tensors[i] = empty({0}, DType::Long); break;
      case CRole::Input: roles.self = static_cast<int>(i); call.tensors[i] = input; break;
      case CRole::Dim: call.ints[i] = c.dim; break;
      case CRole::Keepdim: call.ints[i] = c.keepdim; break;
      case CRole::Int: call.ints[i] = p.arg == at.k ? c.k : c.bins; break;
      case CRole::Flag: {
        bool v = false;
        if (p.arg == at.unbiased) v = c.unbiased;
        else if (p.arg == at.largest) v = c.largest;
        else if (p.arg == at.sorted) v = c.sorted;
        else if (p.arg == at.descending) v = c.descending;
        call.ints[i] = p.negate ? !v : v;
        break;
      }
      case CRole::Value: call.values[i] = p.arg == at.p ? c.p : p.arg == at.min ? c.min : c.max; break;
      default: ADD_FAILURE() << "unexpected parameter role for " << name;
    }
  }
  return roles;
}

}  // namespace

void check_th_reduce(const OpSpec& op, DType d, const ThSpec& fn, void (*call)(const ThCall& c)) {
  const Positions at = positions_of(op);
  // A C function without a dim parameter (bhistc) uses the op's default, -1.
  bool th_dim = false;
  for (const CParam& p : fn.params) th_dim = th_dim || p.role == CRole::Dim;
  for (int which = 0; which < 3; ++which) {
    Rng rng(seed_of(fn.name, static_cast<int>(d), which));
    const Tensor input = th_input(d, which, true, domain_of(op.args[0], d), rng);
    for (Config c : configs_of(op, at, input.shape(), op.reducer)) {
      if (at.dim >= 0 && (th_dim ? c.dim < 0 : c.dim != -1)) continue;  // TH's C API has no negative dims
      c.dtype.reset();
      if (at.dtype >= 0 && op.reducer != Reducer::Cumsum && op.reducer != Reducer::Cumprod) continue;
      std::ostringstream detail;
      detail << (which == 0 ? "contiguous" : which == 1 ? "transposed" : "1-d") << " input," << config_text(at, c);
      const std::string what = th_text(fn, d, detail.str());
      ThCall cl;
      const ThRoles roles = fill_th_call(op, fn, d, c, input, cl);
      ASSERT_TRUE(roles.values >= 0 && roles.self >= 0) << what;
      // TH computes and stores in the input's own dtype (a scan's int64
      // sums wrap to it).
      const DType vd = param_dtype(fn.params[static_cast<size_t>(roles.values)], d);
      Config ce = c;
      if (op.reducer == Reducer::Cumsum || op.reducer == Reducer::Cumprod) ce.dtype.reset();
      const Case e = expected_case(op, op.reducer, input, at.dim < 0, ce, vd, true);
      if (e.skip) continue;
      if (!run_call(what, [&] { call(cl); })) continue;
      compare(cl.tensors[static_cast<size_t>(roles.values)], e.values, what);
      if (roles.indices >= 0) compare(cl.tensors[static_cast<size_t>(roles.indices)], e.indices, what + " (indices)");
    }
  }
}

void check_th_reduce_all(const OpSpec& op, DType d, const ThSpec& fn, ThReturn ret, double (*call)(const ThCall& c)) {
  const Positions at = positions_of(op);
  for (int case_b = 0; case_b < 2; ++case_b) {
    Rng rng(seed_of(fn.name, static_cast<int>(d), case_b));
    const Tensor input = th_input(d, case_b, true, domain_of(op.args[0], d), rng);
    for (const Config& c : configs_of(op, at, input.shape(), op.reducer)) {
      const std::string what = th_text(fn, d, std::string(case_b ? "transposed input" : "contiguous input") + config_text(at, c));
      ThCall cl;
      fill_th_call(op, fn, d, c, input, cl);
      // accreal: Long for integers and Bool, Double for Float and Double,
      // Float for Half and BFloat16; real: the dtype; int: 0 or 1.
      const DType rd = ret == ThReturn::Accreal ? acc_dtype(d) : ret == ThReturn::Real ? d : DType::Long;
      const Case e = expected_case(op, op.reducer, input, true, c, rd, false);
      if (e.skip) continue;
      double got = 0;
      if (!run_call(what, [&] { got = call(cl); })) continue;
      compare(scalar_tensor(got, rd), e.values, what);
    }
  }
}

}  // namespace ember::optest
