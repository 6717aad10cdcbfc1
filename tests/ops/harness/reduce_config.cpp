#include "tests/ops/harness/reduce_config.h"

#include <algorithm>
#include <limits>
#include <sstream>

namespace ember::optest::detail {

namespace {

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

}  // namespace

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

void apply_config(const Positions& at, const Config& c, Args& a) {
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

std::vector<Config> configs_of(const Positions& at, const Shape& shape, Reducer red) {
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
  return all;
}

}  // namespace ember::optest::detail
