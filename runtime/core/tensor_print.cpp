// ember::TensorBase::to_string(): PyTorch's repr with its default print
// options (torch/_tensor_str.py: precision 4, threshold 1000, edgeitems 3,
// linewidth 80), so that printouts read the same. One width per tensor,
// chosen from the elements that get printed; floating tensors print as
// whole numbers with a trailing dot, as fixed 4-decimal values, or in
// scientific notation, by PyTorch's rules. The dtype suffix is the numpy
// name (dtype=float16) in C++, ember.float16 in Python (rt::tensor_repr).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "ember/tensor_base.h"
#include "runtime/core/tensor_print.h"
#include "runtime/core/visit_dtype.h"

namespace ember {

namespace {

constexpr int kPrecision = 4;
constexpr int64_t kThreshold = 1000;  // more elements than this: summarise
constexpr int64_t kEdgeItems = 3;     // kept at each end of a summarised dim
constexpr int64_t kLineWidth = 80;

// Element `off` (counted in elements from data_ptr()): floating dtypes as
// double, the others as int64 (exact either way).
double float_at(const TensorBase& t, int64_t off) {
  const void* p = static_cast<const char*>(t.data_ptr()) + off * static_cast<int64_t>(t.element_size());
  return visit_dtype(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    return static_cast<double>(*static_cast<const T*>(p));
  });
}

int64_t int_at(const TensorBase& t, int64_t off) {
  const void* p = static_cast<const char*>(t.data_ptr()) + off * static_cast<int64_t>(t.element_size());
  return visit_dtype(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    return static_cast<int64_t>(*static_cast<const T*>(p));
  });
}

// Python's float formatting: nan and inf without sign games ("-nan" is
// what printf may give for a negative NaN; Python prints "nan").
std::string format_float(double v, char conversion, int precision) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[512];  // %.4f of the largest double needs 314 characters
  const char fmt[] = {'%', '.', '*', conversion, '\0'};
  std::snprintf(buf, sizeof buf, fmt, precision, v);
  return buf;
}

// The indices along a dim of `n` that get printed.
std::vector<int64_t> printed_indices(int64_t n, bool summarize) {
  std::vector<int64_t> out;
  if (summarize && n > 2 * kEdgeItems) {
    for (int64_t i = 0; i < kEdgeItems; ++i) out.push_back(i);
    for (int64_t i = n - kEdgeItems; i < n; ++i) out.push_back(i);
  } else {
    for (int64_t i = 0; i < n; ++i) out.push_back(i);
  }
  return out;
}

// PyTorch's _Formatter: how every element of one tensor is written.
class Formatter {
 public:
  Formatter(const TensorBase& t, const std::vector<int64_t>& printed) : t_(t) {
    if (is_bool(t.dtype())) {
      mode_ = Mode::Bool;
    } else if (is_integral(t.dtype())) {
      mode_ = Mode::Integer;
    } else {
      choose_float_mode(printed);
      for (double v : finite_) width_ = std::max(width_, static_cast<int64_t>(raw_float(v).size()));
      return;
    }
    for (int64_t off : printed) width_ = std::max(width_, static_cast<int64_t>(raw(off).size()));
  }

  int64_t width() const { return width_; }

  // The element, right-aligned to the common width.
  std::string operator()(int64_t off) const {
    std::string s = raw(off);
    if (static_cast<int64_t>(s.size()) < width_) s.insert(0, static_cast<size_t>(width_) - s.size(), ' ');
    return s;
  }

 private:
  enum class Mode { Integer, Bool, Whole, Fixed, Scientific };

  // Whole numbers print as "3."; a wide range or extreme magnitudes switch
  // to scientific notation. Zeros and non-finite values take no part.
  void choose_float_mode(const std::vector<int64_t>& printed) {
    for (int64_t off : printed) {
      const double v = float_at(t_, off);
      if (std::isfinite(v) && v != 0) finite_.push_back(v);
    }
    mode_ = Mode::Whole;
    if (finite_.empty()) return;
    double lo = std::fabs(finite_[0]), hi = lo;
    bool whole = true;
    for (double v : finite_) {
      lo = std::min(lo, std::fabs(v));
      hi = std::max(hi, std::fabs(v));
      whole = whole && v == std::ceil(v);
    }
    const bool wide = hi / lo > 1000 || hi > 1e8;
    if (whole) mode_ = wide ? Mode::Scientific : Mode::Whole;
    else mode_ = (wide || lo < 1e-4) ? Mode::Scientific : Mode::Fixed;
  }

  std::string raw_float(double v) const {
    switch (mode_) {
      case Mode::Scientific: return format_float(v, 'e', kPrecision);
      case Mode::Fixed: return format_float(v, 'f', kPrecision);
      default: return std::isfinite(v) ? format_float(v, 'f', 0) + "." : format_float(v, 'f', 0);
    }
  }

  std::string raw(int64_t off) const {
    switch (mode_) {
      case Mode::Integer: return std::to_string(int_at(t_, off));
      case Mode::Bool: return int_at(t_, off) ? "True" : "False";
      default: return raw_float(float_at(t_, off));
    }
  }

  const TensorBase& t_;
  Mode mode_ = Mode::Integer;
  int64_t width_ = 1;
  std::vector<double> finite_;  // the printed non-zero finite values
};

class Printer {
 public:
  explicit Printer(const TensorBase& t) : t_(t), sizes_(t.shape()), strides_(t.strides().vec()) {
    summarize_ = t.numel() > kThreshold;
    std::vector<int64_t> printed;
    collect(0, 0, printed);
    format_.emplace(t, printed);
  }

  // The body after "tensor(", whose width is `indent`.
  std::string body(int64_t indent) const { return t_.dim() == 0 ? (*format_)(0) : dims(0, 0, indent); }

 private:
  void collect(size_t d, int64_t off, std::vector<int64_t>& out) const {
    if (d == sizes_.size()) {
      out.push_back(off);
      return;
    }
    for (int64_t i : printed_indices(sizes_[d], summarize_)) collect(d + 1, off + i * strides_[d], out);
  }

  bool elided(int64_t n) const { return summarize_ && n > 2 * kEdgeItems; }

  std::string dims(size_t d, int64_t off, int64_t indent) const {
    const int64_t n = sizes_[d];
    if (d + 1 == sizes_.size()) return vector(n, strides_[d], off, indent);
    std::vector<std::string> slices;
    for (int64_t i : printed_indices(n, summarize_)) {
      if (elided(n) && i == n - kEdgeItems) slices.push_back("...");
      slices.push_back(dims(d + 1, off + i * strides_[d], indent + 1));
    }
    const std::string sep = "," + std::string(sizes_.size() - d - 1, '\n') + std::string(indent + 1, ' ');
    return "[" + join(slices, sep) + "]";
  }

  std::string vector(int64_t n, int64_t stride, int64_t off, int64_t indent) const {
    const int64_t per_line = std::max<int64_t>(1, (kLineWidth - indent) / (format_->width() + 2));
    std::vector<std::string> items;
    for (int64_t i : printed_indices(n, summarize_)) {
      if (elided(n) && i == n - kEdgeItems) items.push_back(" ...");
      items.push_back((*format_)(off + i * stride));
    }
    std::vector<std::string> lines;
    for (size_t i = 0; i < items.size(); i += static_cast<size_t>(per_line)) {
      const auto end = items.begin() + static_cast<std::ptrdiff_t>(std::min(items.size(), i + per_line));
      lines.push_back(join(std::vector<std::string>(items.begin() + static_cast<std::ptrdiff_t>(i), end), ", "));
    }
    return "[" + join(lines, ",\n" + std::string(indent + 1, ' ')) + "]";
  }

  static std::string join(const std::vector<std::string>& parts, const std::string& sep) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
    return out;
  }

  const TensorBase& t_;
  std::vector<int64_t> sizes_, strides_;
  bool summarize_;
  std::optional<Formatter> format_;
};

// Python's repr of a shape tuple: (), (0,), (0, 3).
std::string tuple_text(IntList sizes) {
  std::string out = "(";
  for (size_t d = 0; d < sizes.size(); ++d) out += (d ? ", " : "") + std::to_string(sizes[d]);
  return out + (sizes.size() == 1 ? ",)" : ")");
}

// PyTorch's _add_suffixes: ", dtype=..." on the last line while it fits
// in the line width, else on a line of its own.
std::string add_suffixes(std::string text, const std::vector<std::string>& suffixes, int64_t indent) {
  const size_t nl = text.rfind('\n');
  int64_t last_line = static_cast<int64_t>(text.size()) - (nl == std::string::npos ? -1 : static_cast<int64_t>(nl)) + 1;
  for (const std::string& s : suffixes) {
    const int64_t len = static_cast<int64_t>(s.size());
    if (last_line + len + 2 > kLineWidth) {
      text += ",\n" + std::string(indent, ' ') + s;
      last_line = indent + len;
    } else {
      text += ", " + s;
      last_line += len + 2;
    }
  }
  return text + ")";
}

}  // namespace

std::string TensorBase::to_string() const { return rt::tensor_repr(*this, ""); }

std::string rt::tensor_repr(const TensorBase& self, const char* dtype_prefix) {
  if (!self.defined()) return "tensor(undefined)";
  if (self.is_cuda()) return host_tensor_repr(to_device(self, Device()), dtype_prefix, self.device());
  return host_tensor_repr(self, dtype_prefix, Device());
}

// PyTorch's layout: values, then device= (when not the CPU), size= and dtype= where they are not evident.
std::string rt::host_tensor_repr(const TensorBase& self, const char* dtype_prefix, Device device) {
  const std::string prefix = "tensor(";
  const int64_t indent = static_cast<int64_t>(prefix.size());
  const std::string dtype_suffix = std::string("dtype=") + dtype_prefix + dtype_name(self.dtype());
  std::vector<std::string> suffixes;
  if (device.is_cuda()) suffixes.push_back("device='" + device.str() + "'");
  if (self.numel() == 0) {
    // No values to show the shape or the dtype: say them (as PyTorch and NumPy).
    if (self.dim() != 1) suffixes.push_back("size=" + tuple_text(self.sizes()));
    if (self.dtype() != default_dtype()) suffixes.push_back(dtype_suffix);
    return add_suffixes(prefix + "[]", suffixes, indent);
  }
  if (self.dtype() != default_dtype() && self.dtype() != DType::Long && self.dtype() != DType::Bool)
    suffixes.push_back(dtype_suffix);
  return add_suffixes(prefix + Printer(self).body(indent), suffixes, indent);
}

}  // namespace ember
