#include "runtime/construct_ops.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ember/error.h"
#include "ember/views.h"
#include "kernels/opmath.h"
#include "kernels/ranges.h"
#include "runtime/generator.h"
#include "runtime/index_plan.h"
#include "runtime/output.h"
#include "runtime/pointwise_plan.h"
#include "runtime/structure_ops.h"

namespace ember::rt {

namespace {

template <class T>
struct Tag {
  using type = T;
};

// Calls f(Tag<T>{}) with T the element type of `dtype`.
template <class F>
void by_dtype(DType dtype, const F& f) {
  switch (dtype) {
#define EMBER_CONSTRUCT_CASE(Name, cpp, acc) \
  case DType::Name:                          \
    return f(Tag<cpp>{});
    EMBER_FORALL_DTYPES(EMBER_CONSTRUCT_CASE)
#undef EMBER_CONSTRUCT_CASE
  }
}

void check_sizes(const char* op, IntList size) {
  for (int64_t s : size)
    if (s < 0) fail(ErrorKind::Value, str(op, ": sizes must not be negative, got ", sizes_text(size)), "size");
}

// The dtype a factory makes: out's own when there is one (a dtype
// argument must agree), else the argument's or `fallback`.
DType factory_dtype(const Tensor* out, const Output& result, std::optional<DType> dtype, DType fallback) {
  if (dtype) result.check_dtype(*dtype);
  return out ? out->dtype() : dtype.value_or(fallback);
}

// PyTorch's rule for a fill value: one the dtype cannot hold (300 in
// uint8, 2.5e9 in int32, 1e6 in float16) is an error, not a wrapped or
// infinite element. Bool takes any value (nonzero is true).
void check_fill_value(const char* op, const Scalar& value, DType dtype) {
  if (dtype == DType::Bool) return;
  bool fits = true;
  by_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) {
      const double lo = static_cast<double>(std::numeric_limits<T>::min());
      const double hi = static_cast<double>(std::numeric_limits<T>::max());
      if (value.is_floating()) {
        const double v = std::trunc(value.to<double>());
        fits = std::isfinite(v) && v >= lo && v <= hi;
      } else {
        const int64_t v = value.to<int64_t>();
        fits = v >= static_cast<int64_t>(std::numeric_limits<T>::min()) && v <= static_cast<int64_t>(std::numeric_limits<T>::max());
      }
    } else {
      const double v = value.to<double>();
      fits = !std::isfinite(v) || std::isfinite(static_cast<double>(value.to<T>()));
    }
  });
  if (!fits)
    fail(ErrorKind::Value,
         str(op, ": value ", value.is_floating() ? std::to_string(value.to<double>()) : std::to_string(value.to<int64_t>()),
             " cannot be converted to ", dtype_name(dtype), " without overflow"),
         "fill_value");
}

// zeros, ones, full: a tensor of `size` holding `value` (out= when given).
Tensor filled(const char* op, const Tensor* out, IntList size, std::optional<DType> dtype, DType fallback,
              const Scalar& value) {
  Output result(op, out, "out");
  const DType d = factory_dtype(out, result, dtype, fallback);
  check_sizes(op, size);
  check_fill_value(op, value, d);
  Tensor(result.target(size, d, {}, Reads::Any)).fill_(value);
  return result.finish();
}

DType kind_dtype(const Scalar& v) {
  return v.is_bool() ? DType::Bool : v.is_floating() ? default_dtype() : DType::Long;
}

// ---- ranges -------------------------------------------------------------------------

void no_bool(const char* op, DType dtype) {
  if (dtype == DType::Bool) unsupported_dtype(op, dtype);
}

// PyTorch's arange (or, inclusive, torch.range) as a 1-d tensor of
// `dtype` (out= when given): the values start + i * step computed in the
// dtype's accumulate type.
Tensor range_into(const char* op, Output& result, DType dtype, const Scalar& start, const Scalar& end,
                  const Scalar& step, bool inclusive) {
  no_bool(op, dtype);
  by_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using A = kernels::acc_t<T>;
    const A xstart = start.to<A>(), xend = end.to<A>(), xstep = step.to<A>();
    if (!(xstep > 0 || xstep < 0)) fail(ErrorKind::Value, str(op, ": step must be nonzero"), "step");
    if (!std::isfinite(static_cast<double>(xstart)) || !std::isfinite(static_cast<double>(xend)))
      fail(ErrorKind::Value, str(op, ": unsupported range ", static_cast<double>(xstart), " -> ",
                                 static_cast<double>(xend)), "end");
    if (!((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart)))
      fail(ErrorKind::Value, str(op, ": the range ", static_cast<double>(xstart), " -> ", static_cast<double>(xend),
                                 " goes against the sign of step ", static_cast<double>(xstep)), "step");
    double size_d;
    if (inclusive) {
      size_d = std::floor((end.to<double>() - start.to<double>()) / step.to<double>()) + 1;
    } else if constexpr (std::is_same_v<T, int64_t>) {
      // ceil((end - start) / step), exact in 128 bits: end - start has
      // step's sign, so truncating (end - start + step -/+ 1) / step rounds up.
      const __int128 span = static_cast<__int128>(xend) - xstart, sgn = xstep > 0 ? 1 : -1;
      size_d = static_cast<double>((span + xstep - sgn) / xstep);
    } else {
      size_d = std::ceil((end.to<double>() - start.to<double>()) / step.to<double>());
    }
    if (!(size_d >= 0 && size_d <= static_cast<double>(std::numeric_limits<int64_t>::max())))
      fail(ErrorKind::Value, str(op, ": the range has an invalid size (", size_d, ")"), "end");
    const int64_t n = static_cast<int64_t>(size_d);
    const Tensor& out = result.target({n}, dtype, {}, Reads::Any);
    kernels::fill_positions<T>(static_cast<char*>(out.data_ptr()), n, out.stride(0) * static_cast<int64_t>(sizeof(T)),
                               [&](int64_t i) { return static_cast<T>(xstart + static_cast<A>(i) * xstep); });
  });
  return result.finish();
}

DType arange_dtype(const Scalar& start, const Scalar& end, const Scalar& step) {
  return start.is_floating() || end.is_floating() || step.is_floating() ? default_dtype() : DType::Long;
}

// linspace (log_base: logspace with that base) as a 1-d tensor of `dtype`
// (out= when given).
Tensor linspace_into(const char* op, Output& result, DType dtype, const Scalar& start, const Scalar& end,
                     int64_t steps, const double* log_base) {
  no_bool(op, dtype);
  if (steps < 0) fail(ErrorKind::Value, str(op, ": steps must not be negative, got ", steps), "steps");
  const Tensor& out = result.target({steps}, dtype, {}, Reads::Any);
  by_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    // Integers compute in double, floating dtypes in their opmath type;
    // the ends are first made elements of the dtype, as PyTorch does.
    using C = std::conditional_t<std::is_integral_v<T>, double, kernels::opmath_t<T>>;
    const C a = static_cast<C>(start.to<T>()), b = static_cast<C>(end.to<T>());
    const C step = steps > 1 ? (b - a) / static_cast<C>(steps - 1) : C(0);
    char* data = static_cast<char*>(out.data_ptr());
    const int64_t stride = out.stride(0) * static_cast<int64_t>(sizeof(T));
    if (log_base) {
      const C base = static_cast<C>(*log_base);
      kernels::fill_positions<T>(data, steps, stride, [&](int64_t i) {
        return static_cast<T>(std::pow(base, kernels::linspace_at<C>(a, b, step, steps, i)));
      });
    } else {
      kernels::fill_positions<T>(data, steps, stride,
                                 [&](int64_t i) { return static_cast<T>(kernels::linspace_at<C>(a, b, step, steps, i)); });
    }
  });
  return result.finish();
}

// TH's linspace and logspace: n > 1 points, or one when a == b.
void th_check_points(const char* fn, const Scalar& a, const Scalar& b, long n) {
  if (!(n > 1 || (n == 1 && a.to<double>() == b.to<double>())))
    fail(ErrorKind::Value, str(fn, ": invalid number of points ", n, " (more than 1, or 1 when a == b)"), "steps");
}

// ---- eye, diag, tril/triu -------------------------------------------------------------

// The k-th diagonal of the matrix t as a view (k > 0 above the main one).
Tensor diagonal_view(const Tensor& t, int64_t k) {
  const int64_t rows = t.size(0), cols = t.size(1);
  const int64_t n = std::max<int64_t>(0, k >= 0 ? std::min(rows, cols - k) : std::min(rows + k, cols));
  const int64_t offset = t.storage_offset() + (n == 0 ? 0 : (k >= 0 ? k * t.stride(1) : -k * t.stride(0)));
  const int64_t size[1] = {n}, stride[1] = {t.stride(0) + t.stride(1)};
  return Tensor::adopt(tensor_new_with_storage(t.dtype(), t.impl()->storage, offset, IntList(size, 1),
                                               IntList(stride, 1)));
}

Tensor eye_into(Output& result, DType dtype, int64_t n, int64_t m) {
  Tensor out = result.target({n, m}, dtype, {}, Reads::Any);
  out.zero_();
  diagonal_view(out, 0).fill_(1);
  return result.finish();
}

// diag of self (1-d: a matrix with self on diagonal k; 2-d: diagonal k),
// out= when given.
Tensor diag_into(const char* op, const Tensor* out, const Tensor& self, int64_t k) {
  Output result(op, out, "out");
  result.check_dtype(self.dtype());
  if (self.dim() != 1 && self.dim() != 2)
    fail(ErrorKind::Value, str(op, ": self must be a vector or a matrix, got ", self.dim(), " dims"), "self");
  if (self.dim() == 1) {
    const int64_t n = self.size(0) + (k >= 0 ? k : -k);
    Tensor target = result.target({n, n}, self.dtype(), {&self}, Reads::Any);
    target.zero_();
    diagonal_view(target, k).copy_(self);
  } else {
    const Tensor d = diagonal_view(self, k);
    Tensor(result.target(d.sizes(), self.dtype(), {&self}, Reads::Any)).copy_(d);
  }
  return result.finish();
}

// The mask of the elements tril (lower) or triu zeroes in a rows x cols
// matrix: column - row > k, or < k. k is clamped so that row + k fits.
Tensor triangle_zeros(int64_t rows, int64_t cols, int64_t k, bool lower) {
  k = std::clamp<int64_t>(k, -rows - 1, cols + 1);
  const Tensor r = ember::arange(rows, DType::Long).view({rows, 1}).add(k);
  const Tensor c = ember::arange(cols, DType::Long).view({1, cols});
  return lower ? ember::lt(r, c) : ember::lt(c, r);
}

Tensor triangle(const char* op, const Tensor& self, int64_t k, bool lower) {
  if (self.dim() < 2) fail(ErrorKind::Value, str(op, ": self must have at least 2 dims, got ", self.dim()), "self");
  return ember::masked_fill(self, triangle_zeros(self.size(-2), self.size(-1), k, lower), 0);
}

void triangle_(const char* op, Tensor& self, int64_t k, bool lower) {
  if (self.dim() < 2) fail(ErrorKind::Value, str(op, ": self must have at least 2 dims, got ", self.dim()), "self");
  self.masked_fill_(triangle_zeros(self.size(-2), self.size(-1), k, lower), 0);
}

// tril or triu of self into `out` (C++ out=, TH's r_).
void triangle_out(const char* op, const Tensor& out, const Tensor& self, int64_t k, bool lower) {
  Output result(op, &out, "out");
  result.check_dtype(self.dtype());
  result.assign(triangle(op, self, k, lower));
}

void th_triangle(const char* fn, TensorImpl* r, TensorImpl* t, long k, bool lower) {
  const Tensor self = Tensor::borrow(t);
  if (self.dim() != 2) fail(ErrorKind::Value, str(fn, ": expected a matrix, got ", self.dim(), " dims"), "self");
  triangle_out(fn, Tensor::borrow(r), self, k, lower);
}

// ---- cat ------------------------------------------------------------------------------

// PyTorch's legacy rule: 1-d empty tensors are skipped whatever their dims.
bool skipped(const Tensor& t) { return t.dim() == 1 && t.size(0) == 0; }

}  // namespace

// ---- filled factories -----------------------------------------------------------------

Tensor zeros(IntList size, std::optional<DType> dtype) { return filled("zeros", nullptr, size, dtype, default_dtype(), 0); }
void zeros_out(Tensor& out, IntList size, std::optional<DType> dtype) {
  filled("zeros", &out, size, dtype, default_dtype(), 0);
}
void th_zeros(const char* fn, TensorImpl* r, StorageImpl* size) {
  resize(r, th::long_list(size), {}, fn);
  Tensor::borrow(r).zero_();
}
Tensor ones(IntList size, std::optional<DType> dtype) { return filled("ones", nullptr, size, dtype, default_dtype(), 1); }
void ones_out(Tensor& out, IntList size, std::optional<DType> dtype) {
  filled("ones", &out, size, dtype, default_dtype(), 1);
}
void th_ones(const char* fn, TensorImpl* r, StorageImpl* size) {
  resize(r, th::long_list(size), {}, fn);
  Tensor::borrow(r).fill_(1);
}

Tensor zeros_like(const Tensor& self, std::optional<DType> dtype) {
  Tensor t = Tensor::adopt(tensor_new(dtype.value_or(self.dtype())));
  resize_as(t.impl(), self.impl());
  t.zero_();
  return t;
}
void th_zeros_like(const char*, TensorImpl* r, TensorImpl* input) {
  resize_as(r, input);
  Tensor::borrow(r).zero_();
}
Tensor ones_like(const Tensor& self, std::optional<DType> dtype) {
  Tensor t = Tensor::adopt(tensor_new(dtype.value_or(self.dtype())));
  resize_as(t.impl(), self.impl());
  t.fill_(1);
  return t;
}
void th_ones_like(const char*, TensorImpl* r, TensorImpl* input) {
  resize_as(r, input);
  Tensor::borrow(r).fill_(1);
}

Tensor full(IntList size, const Scalar& fill_value, std::optional<DType> dtype) {
  return filled("full", nullptr, size, dtype, kind_dtype(fill_value), fill_value);
}
void full_out(Tensor& out, IntList size, const Scalar& fill_value, std::optional<DType> dtype) {
  filled("full", &out, size, dtype, kind_dtype(fill_value), fill_value);
}
Tensor full_like(const Tensor& self, const Scalar& fill_value, std::optional<DType> dtype) {
  check_fill_value("full_like", fill_value, dtype.value_or(self.dtype()));
  Tensor t = Tensor::adopt(tensor_new(dtype.value_or(self.dtype())));
  resize_as(t.impl(), self.impl());
  t.fill_(fill_value);
  return t;
}

// ---- ranges ---------------------------------------------------------------------------

Tensor arange(const Scalar& end, std::optional<DType> dtype) { return rt::arange(0, end, 1, dtype); }
void arange_out(Tensor& out, const Scalar& end, std::optional<DType> dtype) { rt::arange_out(out, 0, end, 1, dtype); }
namespace {

// arange and range (inclusive): out= when given.
Tensor range_result(const char* op, const Tensor* out, const Scalar& start, const Scalar& end, const Scalar& step,
                    std::optional<DType> dtype, DType fallback, bool inclusive) {
  Output result(op, out, "out");
  return range_into(op, result, factory_dtype(out, result, dtype, fallback), start, end, step, inclusive);
}

void th_range_into(const char* fn, TensorImpl* r, const Scalar& xmin, const Scalar& xmax, const Scalar& step,
                   bool inclusive) {
  const Tensor out = Tensor::borrow(r);
  Output result(fn, &out, "out");
  range_into(fn, result, out.dtype(), xmin, xmax, step, inclusive);
}

// linspace and logspace (log_base): out= when given.
Tensor linspace_result(const char* op, const Tensor* out, const Scalar& start, const Scalar& end, int64_t steps,
                       const double* log_base, std::optional<DType> dtype) {
  Output result(op, out, "out");
  return linspace_into(op, result, factory_dtype(out, result, dtype, default_dtype()), start, end, steps, log_base);
}

void th_linspace_into(const char* fn, TensorImpl* r, const Scalar& a, const Scalar& b, long n, const double* log_base) {
  th_check_points(fn, a, b, n);
  const Tensor out = Tensor::borrow(r);
  Output result(fn, &out, "out");
  linspace_into(fn, result, out.dtype(), a, b, n, log_base);
}

Tensor eye_result(const Tensor* out, int64_t n, std::optional<int64_t> m, std::optional<DType> dtype) {
  Output result("eye", out, "out");
  const DType d = factory_dtype(out, result, dtype, default_dtype());
  if (n < 0) fail(ErrorKind::Value, str("eye: n must not be negative, got ", n), "n");
  if (m && *m < 0) fail(ErrorKind::Value, str("eye: m must not be negative, got ", *m), "m");
  return eye_into(result, d, n, m.value_or(n));
}

}  // namespace

Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype) {
  return range_result("arange", nullptr, start, end, step, dtype, arange_dtype(start, end, step), false);
}
void arange_out(Tensor& out, const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype) {
  range_result("arange", &out, start, end, step, dtype, arange_dtype(start, end, step), false);
}
void th_arange(const char* fn, TensorImpl* r, const Scalar& xmin, const Scalar& xmax, const Scalar& step) {
  th_range_into(fn, r, xmin, xmax, step, false);
}

Tensor range(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype) {
  return range_result("range", nullptr, start, end, step, dtype, default_dtype(), true);
}
void range_out(Tensor& out, const Scalar& start, const Scalar& end, const Scalar& step, std::optional<DType> dtype) {
  range_result("range", &out, start, end, step, dtype, default_dtype(), true);
}
void th_range(const char* fn, TensorImpl* r, const Scalar& xmin, const Scalar& xmax, const Scalar& step) {
  th_range_into(fn, r, xmin, xmax, step, true);
}

Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, std::optional<DType> dtype) {
  return linspace_result("linspace", nullptr, start, end, steps, nullptr, dtype);
}
void linspace_out(Tensor& out, const Scalar& start, const Scalar& end, int64_t steps, std::optional<DType> dtype) {
  linspace_result("linspace", &out, start, end, steps, nullptr, dtype);
}
void th_linspace(const char* fn, TensorImpl* r, const Scalar& a, const Scalar& b, long n) {
  th_linspace_into(fn, r, a, b, n, nullptr);
}

Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base, std::optional<DType> dtype) {
  return linspace_result("logspace", nullptr, start, end, steps, &base, dtype);
}
void logspace_out(Tensor& out, const Scalar& start, const Scalar& end, int64_t steps, double base,
                  std::optional<DType> dtype) {
  linspace_result("logspace", &out, start, end, steps, &base, dtype);
}
void th_logspace(const char* fn, TensorImpl* r, const Scalar& a, const Scalar& b, long n) {
  const double ten = 10;
  th_linspace_into(fn, r, a, b, n, &ten);
}

// ---- eye, diag, tril/triu -------------------------------------------------------------

Tensor eye(int64_t n, std::optional<int64_t> m, std::optional<DType> dtype) { return eye_result(nullptr, n, m, dtype); }
void eye_out(Tensor& out, int64_t n, std::optional<int64_t> m, std::optional<DType> dtype) {
  eye_result(&out, n, m, dtype);
}
void th_eye(const char* fn, TensorImpl* r, long n, long m) {
  if (n <= 0) fail(ErrorKind::Value, str(fn, ": n must be positive, got ", n), "n");
  const Tensor out = Tensor::borrow(r);
  Output result(fn, &out, "out");
  eye_into(result, out.dtype(), n, m <= 0 ? n : m);
}

Tensor diag(const Tensor& self, int64_t diagonal) { return diag_into("diag", nullptr, self, diagonal); }
void diag_out(Tensor& out, const Tensor& self, int64_t diagonal) { diag_into("diag", &out, self, diagonal); }
void th_diag(const char* fn, TensorImpl* r, TensorImpl* t, int k) {
  const Tensor out = Tensor::borrow(r);
  diag_into(fn, &out, Tensor::borrow(t), k);
}

Tensor tril(const Tensor& self, int64_t diagonal) { return triangle("tril", self, diagonal, true); }
void tril_(Tensor& self, int64_t diagonal) { triangle_("tril", self, diagonal, true); }
void tril_out(Tensor& out, const Tensor& self, int64_t diagonal) { triangle_out("tril", out, self, diagonal, true); }
void th_tril(const char* fn, TensorImpl* r, TensorImpl* t, long k) { th_triangle(fn, r, t, k, true); }
Tensor triu(const Tensor& self, int64_t diagonal) { return triangle("triu", self, diagonal, false); }
void triu_(Tensor& self, int64_t diagonal) { triangle_("triu", self, diagonal, false); }
void triu_out(Tensor& out, const Tensor& self, int64_t diagonal) { triangle_out("triu", out, self, diagonal, false); }
void th_triu(const char* fn, TensorImpl* r, TensorImpl* t, long k) { th_triangle(fn, r, t, k, false); }

// ---- cat --------------------------------------------------------------------------------

namespace {

// The shape and dtype of cat(tensors, dim), with dim wrapped.
std::vector<int64_t> cat_shape(const TensorList& tensors, int64_t& dim, DType& dtype) {
  if (tensors.empty()) fail(ErrorKind::Value, "cat: expected a non-empty list of tensors", "tensors");
  dtype = tensors[0].dtype();
  const Tensor* ref = nullptr;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (!t.defined()) fail(ErrorKind::Value, str("cat: tensors[", i, "] is undefined"), "tensors");
    dtype = promote_types(dtype, t.dtype());
    if (t.dim() == 0)
      fail(ErrorKind::Value, str("cat: tensors[", i, "] is 0-dim, and 0-dim tensors cannot be concatenated"),
           "tensors");
    if (!ref && !skipped(t)) ref = &t;
  }
  if (!ref) return {0};
  dim = wrap_dim(dim, ref->dim(), "cat");
  std::vector<int64_t> shape = ref->shape();
  shape[dim] = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (skipped(t)) continue;
    if (t.dim() != ref->dim())
      fail(ErrorKind::Value, str("cat: tensors[", i, "] has ", t.dim(), " dims but the first has ", ref->dim()),
           "tensors");
    for (int64_t d = 0; d < t.dim(); ++d)
      if (d != dim && t.size(d) != ref->size(d))
        fail(ErrorKind::Value, str("cat: tensors[", i, "] of shape ", sizes_text(t.sizes()), " does not match ",
                                   sizes_text(ref->sizes()), " outside dim ", dim), "tensors");
    shape[dim] += t.size(dim);
  }
  return shape;
}

void cat_into(const Tensor& out, const TensorList& tensors, int64_t dim) {
  int64_t offset = 0;
  for (const Tensor& t : tensors) {
    if (skipped(t)) continue;
    Tensor(out).narrow(dim, offset, t.size(dim)).copy_(t);
    offset += t.size(dim);
  }
}

}  // namespace

Tensor cat(const TensorList& tensors, int64_t dim) {
  DType dtype{};
  const std::vector<int64_t> shape = cat_shape(tensors, dim, dtype);
  Tensor out = empty(shape, dtype);
  cat_into(out, tensors, dim);
  return out;
}

void cat_out(Tensor& out, const TensorList& tensors, int64_t dim) {
  Output result("cat", &out, "out");
  DType dtype{};
  const std::vector<int64_t> shape = cat_shape(tensors, dim, dtype);
  if (!can_cast(dtype, out.dtype()))
    fail(ErrorKind::Type, str("cat: the result's dtype ", dtype_name(dtype), " cannot be written to a ",
                              dtype_name(out.dtype()), " tensor"), "out");
  std::vector<const Tensor*> reads;
  for (const Tensor& t : tensors) reads.push_back(&t);
  cat_into(result.target(shape, out.dtype(), reads.data(), reads.size(), Reads::Any), tensors, dim);
  result.finish();
}

void th_cat_impl(const char* fn, TensorImpl* result, TensorImpl* const* inputs, int num_inputs, int dimension) {
  if (!result) fail(ErrorKind::Value, str(fn, ": the result is NULL"));
  if (num_inputs <= 0) fail(ErrorKind::Value, str(fn, ": invalid number of inputs ", num_inputs));
  if (!inputs) fail(ErrorKind::Value, str(fn, ": inputs is NULL"));
  if (dimension < -2 || dimension == -1 || dimension >= EMBER_MAX_DIMS)
    fail(ErrorKind::Index, str(fn, ": invalid dimension ", dimension, " (0-based, below ", EMBER_MAX_DIMS,
                               ", or -2 for the last)"), "dimension");
  std::vector<Tensor> in;
  int max_dim = dimension + 1;
  for (int i = 0; i < num_inputs; ++i) {
    if (!inputs[i]) fail(ErrorKind::Value, str(fn, ": input ", i, " is NULL"));
    if (inputs[i]->dtype != result->dtype)
      fail(ErrorKind::Type, str(fn, ": input ", i, " holds ", dtype_name(dtype(inputs[i])), ", not ",
                                dtype_name(dtype(result))));
    in.push_back(Tensor::borrow(inputs[i]));
    max_dim = std::max<int>(max_dim, inputs[i]->nDimension);
  }
  // dimension -2 (Lua's -1 less TH_INDEX_BASE) means the last dim.
  const int cat_dim = dimension == -2 ? std::max(max_dim - 1, 0) : dimension;
  // A dim an input lacks counts as size 1 (0 for an input without dims),
  // and sizes of 0 fit any other: TH's rules.
  auto size_of = [&](const Tensor& t, int d) -> int64_t { return d < t.dim() ? t.size(d) : std::min<int64_t>(t.dim(), 1); };
  std::vector<int64_t> shape(static_cast<size_t>(max_dim));
  bool all_empty = true;
  for (int d = 0; d < max_dim; ++d) {
    int64_t s = size_of(in[0], d);
    for (int j = 1; j < num_inputs; ++j) {
      const int64_t sj = size_of(in[j], d);
      if (d == cat_dim) {
        s += sj;
      } else if (s != sj && s && sj) {
        fail(ErrorKind::Value, str(fn, ": inconsistent tensor sizes ", sizes_text(in[0].sizes()), " and ",
                                   sizes_text(in[j].sizes()), " (dim ", d, ")"));
      } else if (!s) {
        s = sj;
      }
    }
    all_empty = all_empty && !s;
    shape[d] = s;
  }
  if (all_empty) return;  // TH leaves the result as it is
  // Each input must fill its slot exactly: one with a size-0 dim passes the
  // rule above yet holds nothing to fill a slot of size 1 with.
  int64_t row = 1;
  for (int d = 0; d < max_dim; ++d) row = d == cat_dim ? row : row * shape[d];
  for (int j = 0; j < num_inputs; ++j) {
    const Tensor& t = in[j];
    if (t.dim() > 0 && row * (cat_dim < t.dim() ? t.size(cat_dim) : 1) != t.numel())
      fail(ErrorKind::Value, str(fn, ": input ", j, " of sizes ", sizes_text(t.sizes()), " does not fill its part of the result ",
                                 sizes_text(shape), " (dim ", cat_dim, ")"));
  }
  const Tensor out = Tensor::borrow(result);
  Output written(fn, &out, "result");
  std::vector<const Tensor*> reads;
  for (const Tensor& t : in) reads.push_back(&t);
  const Tensor& target = written.target(shape, out.dtype(), reads.data(), reads.size(), Reads::Any);
  int64_t offset = 0;
  for (const Tensor& t : in) {
    if (t.dim() == 0) continue;
    const int64_t n = cat_dim < t.dim() ? t.size(cat_dim) : 1;
    Tensor slot = target.narrow(cat_dim, offset, n);
    slot.copy_(t.contiguous().view(slot.sizes()));
    offset += n;
  }
  written.finish();
}

// ---- randperm ------------------------------------------------------------------------

namespace {

// The largest n - 1 whose every value 0 .. n - 1 `dtype` holds exactly.
int64_t largest_exact(DType dtype) {
  switch (dtype) {
    case DType::Byte: return 255;
    case DType::Char: return 127;
    case DType::Short: return 32767;
    case DType::Int: return 2147483647;
    case DType::Half: return 2048;
    case DType::BFloat16: return 256;
    case DType::Float: return int64_t{1} << 24;
    case DType::Double: return int64_t{1} << 53;
    default: return std::numeric_limits<int64_t>::max();
  }
}

// A permutation of 0 .. n - 1 as `dtype`, out= when given.
Tensor randperm_into(const char* op, const Tensor* out, DType dtype, int64_t n, THGenerator& gen) {
  Output result(op, out, "out");
  no_bool(op, dtype);
  if (n < 0) fail(ErrorKind::Value, str(op, ": n must not be negative, got ", n), "n");
  if (n > 0 && n - 1 > largest_exact(dtype))
    fail(ErrorKind::Value, str(op, ": n = ", n, " is too large for ", dtype_name(dtype), ", which holds the ",
                               "integers exactly only up to ", largest_exact(dtype)), "n");
  Tensor perm = empty({n}, DType::Long);
  int64_t* p = perm.data<int64_t>();
  for (int64_t i = 0; i < n; ++i) p[i] = i;
  // TH's and PyTorch's loop: the modulo's bias and its 2^32 reach included.
  for (int64_t i = 0; i + 1 < n; ++i) std::swap(p[i], p[i + static_cast<int64_t>(next_u32(gen) % (n - i))]);
  return result.assign(perm.to(dtype));
}

Tensor randperm_result(const Tensor* out, int64_t n, std::optional<DType> dtype) {
  if (out && dtype && *dtype != out->dtype())
    fail(ErrorKind::Type, str("randperm: out has dtype ", dtype_name(out->dtype()), " but the result is ",
                              dtype_name(*dtype)), "out");
  std::lock_guard<std::mutex> lock(default_generator_mutex());
  return randperm_into("randperm", out, out ? out->dtype() : dtype.value_or(DType::Long), n, default_generator());
}

}  // namespace

Tensor randperm(int64_t n, std::optional<DType> dtype) { return randperm_result(nullptr, n, dtype); }

void randperm_out(Tensor& out, int64_t n, std::optional<DType> dtype) { randperm_result(&out, n, dtype); }

void th_randperm(const char* fn, TensorImpl* r, THGenerator* gen, long n) {
  if (n <= 0) fail(ErrorKind::Value, str(fn, ": n must be strictly positive, got ", n), "n");
  const Tensor out = Tensor::borrow(r);
  std::unique_lock<std::mutex> lock(default_generator_mutex(), std::defer_lock);
  if (!gen) lock.lock();
  randperm_into(fn, &out, out.dtype(), n, gen ? *gen : default_generator());
}

// ---- reshape, equal -------------------------------------------------------------------

Tensor reshape(const Tensor& self, IntList shape) {
  const int64_t n = self.numel();
  std::vector<int64_t> want(shape.begin(), shape.end());
  int64_t infer = -1, known = 1;
  for (size_t i = 0; i < want.size(); ++i) {
    if (want[i] == -1) {
      if (infer >= 0) fail(ErrorKind::Value, "reshape: only one size may be -1", "shape");
      infer = static_cast<int64_t>(i);
    } else if (want[i] < 0) {
      fail(ErrorKind::Value, str("reshape: size ", want[i], " is invalid"), "shape");
    } else {
      known *= want[i];
    }
  }
  if (infer >= 0 && known != 0 && n % known == 0) want[infer] = n / known;
  int64_t total = 1;
  for (int64_t s : want) total *= s;
  if ((infer >= 0 && (known == 0 || n % known != 0)) || total != n)
    fail(ErrorKind::Value, str("reshape: shape ", sizes_text(shape), " is invalid for a tensor of ", n, " elements"),
         "shape");
  if (self.is_contiguous()) return Tensor::adopt(view(self.impl(), want));
  try {  // a view where the strides allow one (the shape is valid, so only they can refuse)
    return Tensor::adopt(view(self.impl(), want));
  } catch (const Error&) {
    return Tensor::adopt(view(self.clone().impl(), want));
  }
}

void th_reshape(const char* fn, TensorImpl* r, TensorImpl* t, StorageImpl* size) {
  const IntList sizes = th::long_list(size);
  Tensor src = Tensor::borrow(t);
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  if (sizes.empty()) n = 0;
  if (n != src.numel())
    fail(ErrorKind::Value, str(fn, ": size ", sizes_text(sizes), " holds ", n, " elements, the tensor ", src.numel()),
         "shape");
  if (r == t || shares_storage(Tensor::borrow(r), src)) src = src.clone();
  resize(r, sizes, {}, fn);
  if (n > 0) Tensor::borrow(r).copy_(src.contiguous().view(sizes));
}

bool equal(const Tensor& self, const Tensor& other) {
  if (self.dtype() != other.dtype())
    fail(ErrorKind::Type, str("equal: other holds ", dtype_name(other.dtype()), " but self holds ",
                              dtype_name(self.dtype())), "other");
  if (self.sizes() != other.sizes() || self.is_scalar() != other.is_scalar()) return false;
  if (self.numel() == 0) return true;
  return ember::eq(self, other).sum().item<int64_t>() == self.numel();
}

int th_equal(const char*, TensorImpl* ta, TensorImpl* tb) {
  return rt::equal(Tensor::borrow(ta), Tensor::borrow(tb)) ? 1 : 0;
}

}  // namespace ember::rt
