#include "runtime/ops/conv.h"

#include <algorithm>
#include <type_traits>
#include <utility>
#include <vector>

#include "ember/error.h"
#include "ember/ops/add.h"
#include "ember/ops/clone.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/copy.h"
#include "ember/ops/mul.h"
#include "ember/ops/to.h"
#include "ember/ops/zero.h"
#include "ember/views.h"
#include "kernels/conv.h"
#include "kernels/parallel.h"
#include "runtime/core/memory_overlap.h"
#include "runtime/core/visit_dtype.h"

namespace ember::rt {

namespace {

using kernels::ConvShape;

using Names = ConvNames;
constexpr Names kCppNames{"out", "self", "kernel"};

bool is_zero(const Scalar& s) { return s.is_floating() ? s.to<double>() == 0.0 : s.to<int64_t>() == 0; }
bool is_one(const Scalar& s) { return s.is_floating() ? s.to<double>() == 1.0 : s.to<int64_t>() == 1; }

bool reduced(DType d) { return d == DType::Half || d == DType::BFloat16; }

void check_dtype_supported(const std::string& fn, DType d, const char* arg) {
  if (d == DType::Bool)
    fail(ErrorKind::Type, str(fn, ": convolutions are not defined for Bool tensors"), arg);
}

// The output size along one dim (Note [conv semantics]), with the checks
// TH made (and those it left out).
int64_t out_size(const std::string& fn, int64_t in, int64_t k, int64_t s, bool full, bool rev, const char* what,
                 const Names& n) {
  if (in < 1 || k < 1)
    fail(ErrorKind::Value, str(fn, ": the ", in < 1 ? "input" : "kernel", " has no ", what, " (", in < 1 ? in : k,
                               "); convolutions need at least one"), in < 1 ? n.t : n.k);
  if (full) return (in - 1) * s + k;
  if (in < k)
    fail(ErrorKind::Value, str(fn, ": the input is smaller than the kernel in a valid convolution (", what, ": ", in,
                               " < ", k, ")"), n.t);
  if (!rev) return (in - k) / s + 1;
  const int64_t o = in - (k - 1) * s;
  if (o < 1)
    fail(ErrorKind::Value, str(fn, ": the kernel's taps ", s, " apart (", k, " of them) do not fit in the input's ", in,
                               " ", what, ""), n.t);
  return o;
}

// The product of every plane pair, generic over the element type.
struct Plan {
  ConvForm form;
  bool full, rev, flip;
  ConvShape shape;       // one plane product
  int64_t n_out;         // output planes
  int64_t n_in;          // input planes (t's leading dims flattened)
  int64_t n_k;           // kernel planes
  int64_t a0, a1, nb;    // form-specific counts (see compute)
  std::vector<int64_t> map;  // Map: (from, to) pairs, 0-based
};

// Weights in the accumulate type, each kernel plane flipped where the
// product needs it (convolution gathers, or cross-correlation scatters,
// with the kernel reversed).
template <class T, class A>
std::vector<A> weights(const T* k, int64_t planes, int64_t vol, bool flip) {
  std::vector<A> w(static_cast<size_t>(planes * vol));
  for (int64_t p = 0; p < planes; ++p)
    for (int64_t i = 0; i < vol; ++i) w[p * vol + i] = static_cast<A>(k[p * vol + (flip ? vol - 1 - i : i)]);
  return w;
}

template <class T>
void plane_product(const Plan& p, T* out, kernels::conv_acc_t<T> alpha, const T* in, const kernels::conv_acc_t<T>* w) {
  if (p.full) kernels::conv_scatter<T>(out, alpha, in, w, p.shape);
  else kernels::conv_gather<T>(out, alpha, in, w, p.shape);
}

// out (dense, n_out planes, already scaled by beta) += alpha * products.
template <class T>
void compute(const Plan& p, T* out, const Scalar& alpha_s, const T* in, const T* k) {
  using A = kernels::conv_acc_t<T>;
  const ConvShape& s = p.shape;
  const int64_t in_vol = s.it * s.ir * s.ic, k_vol = s.kt * s.kr * s.kc, out_vol = s.ot * s.orows * s.oc;
  const std::vector<A> w = weights<T, A>(k, p.n_k, k_vol, p.flip);
  const A alpha = alpha_s.to<A>();
  if (p.form == ConvForm::Map) {
    for (size_t m = 0; m < p.map.size() / 2; ++m)
      plane_product<T>(p, out + p.map[2 * m + 1] * out_vol, alpha, in + p.map[2 * m] * in_vol, w.data() + m * k_vol);
    return;
  }
  // Output plane o sums its (input plane, kernel plane) pairs in order.
  auto one = [&](int64_t o) {
    T* dst = out + o * out_vol;
    switch (p.form) {
      case ConvForm::Mul:
      case ConvForm::Cmul:
        return plane_product<T>(p, dst, alpha, in + o * in_vol, w.data() + o * k_vol);
      case ConvForm::Mv:  // o: output plane; kernel (n_out x n_in)
        for (int64_t i = 0; i < p.n_in; ++i)
          plane_product<T>(p, dst, alpha, in + i * in_vol, w.data() + (o * p.n_in + i) * k_vol);
        return;
      case ConvForm::Mm: {  // o = b * a0 + q; input (batch x a1), kernel (a0 x a1)
        const int64_t b = o / p.a0, q = o % p.a0;
        for (int64_t i = 0; i < p.a1; ++i)
          plane_product<T>(p, dst, alpha, in + (b * p.a1 + i) * in_vol, w.data() + (q * p.a1 + i) * k_vol);
        return;
      }
      case ConvForm::Ger:
      case ConvForm::RevGer: {  // o = kk * n_in + i
        const int64_t kk = o / p.n_in, i = o % p.n_in;
        return plane_product<T>(p, dst, alpha, in + i * in_vol, w.data() + kk * k_vol);
      }
      case ConvForm::RevGerm: {  // o = kk * a1 + i; input (batch x a1), kernel (batch x a0)
        const int64_t kk = o / p.a1, i = o % p.a1;
        for (int64_t b = 0; b < p.nb; ++b)
          plane_product<T>(p, dst, alpha, in + (b * p.a1 + i) * in_vol, w.data() + (b * p.a0 + kk) * k_vol);
        return;
      }
      case ConvForm::Map:
        return;
    }
  };
  const int64_t per_plane = std::max<int64_t>(1, out_vol * k_vol);
  kernels::parallel_for(0, p.n_out, std::max<int64_t>(1, kernels::kGrain * 8 / per_plane), [&](int64_t o0, int64_t o1) {
    for (int64_t o = o0; o < o1; ++o) one(o);
  });
}

void compute_dtype(DType d, const Plan& p, void* out, const Scalar& alpha, const void* in, const void* k) {
  // Half and BFloat16 arrive here as Float (Note [conv accumulation]).
  visit_dtype(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
      fail(ErrorKind::Type, str("convolution: no loop for dtype ", dtype_name(d)));
    else
      compute<T>(p, static_cast<T*>(out), alpha, static_cast<const T*>(in), static_cast<const T*>(k));
  });
}

// An input sharing storage with the result is copied first: the result
// is resized and written before the input is read.
TensorBase detached(const TensorBase& r, const TensorBase& in) {
  return r.is_same(in) || rt::may_overlap(r.impl(), in.impl()) ? base::clone(in) : in;
}

// The expected dims of t and k for each form.
void check_dims(const std::string& fn, const Plan& p, int dims, const TensorBase& t, const TensorBase& k,
                const Names& n) {
  int want_t = dims, want_k = dims;
  switch (p.form) {
    case ConvForm::Mul: break;
    case ConvForm::Cmul: case ConvForm::Ger: case ConvForm::RevGer: case ConvForm::Map: want_t = want_k = dims + 1; break;
    case ConvForm::Mv: want_t = dims + 1; want_k = dims + 2; break;
    case ConvForm::Mm: case ConvForm::RevGerm: want_t = want_k = dims + 2; break;
  }
  if (t.dim() != want_t)
    fail(ErrorKind::Value, str(fn, ": ", n.t, " must be ", want_t, "-d, got a ", t.dim(), "-d tensor of shape ",
                               sizes_text(t.sizes())), n.t);
  if (k.dim() != want_k)
    fail(ErrorKind::Value, str(fn, ": ", n.k, " must be ", want_k, "-d, got a ", k.dim(), "-d tensor of shape ",
                               sizes_text(k.sizes())), n.k);
}

// r = beta * r + alpha * (t conv k), r resized (TH's rules, Note [conv
// semantics]); the C++ API passes a new or out= tensor with beta 0.
void run(const ConvRequest& q, TensorBase r, const Scalar& beta, const Scalar& alpha, TensorBase t, TensorBase k,
         const TensorBase* map) {
  const std::string& fn = q.fn;
  const Names& n = q.names;
  const DType dtype = r.dtype();
  check_dtype_supported(fn, dtype, n.r);
  if (t.dtype() != dtype)
    fail(ErrorKind::Type, str(fn, ": ", n.t, " has dtype ", dtype_name(t.dtype()), ", expected ", dtype_name(dtype)), n.t);
  if (k.dtype() != dtype)
    fail(ErrorKind::Type, str(fn, ": ", n.k, " has dtype ", dtype_name(k.dtype()), ", expected ", dtype_name(dtype)), n.k);
  for (int d = 3 - q.dims; d < 3; ++d)
    if (q.stride[d] < 1)
      fail(ErrorKind::Value, str(fn, ": ", q.stride_names[d], " is ", q.stride[d], ", strides must be at least 1"),
           q.stride_names[d]);
  Plan p{};
  p.form = q.form;
  p.full = q.full;
  p.rev = q.form == ConvForm::RevGer || q.form == ConvForm::RevGerm;
  check_dims(fn, p, q.dims, t, k, n);
  // The spatial dims: the last `dims` of t and k.
  const int td = static_cast<int>(t.dim()) - q.dims, kd = static_cast<int>(k.dim()) - q.dims;
  static const char* const kWhat[] = {"depth", "rows", "columns"};
  int64_t in[3] = {1, 1, 1}, ker[3] = {1, 1, 1}, out[3] = {1, 1, 1};
  for (int d = 0; d < q.dims; ++d) {
    const int axis = 3 - q.dims + d;
    in[axis] = t.size(td + d);
    ker[axis] = k.size(kd + d);
  }
  for (int axis = 3 - q.dims; axis < 3; ++axis)
    out[axis] = out_size(fn, in[axis], ker[axis], q.stride[axis], q.full, p.rev, kWhat[axis], n);
  // Plane counts and the result's leading dims.
  std::vector<int64_t> shape;
  const int64_t n_t = td > 0 ? t.size(0) : 1, n_k = kd > 0 ? k.size(0) : 1;
  switch (q.form) {
    case ConvForm::Mul:
      p.n_out = p.n_in = p.n_k = 1;
      break;
    case ConvForm::Cmul:
    case ConvForm::Map:
      if (n_k != n_t)
        fail(ErrorKind::Value, str(fn, ": ", n.t, " has ", n_t, " planes and ", n.k, " ", n_k,
                                   " kernels; they must be equal"), n.k);
      p.n_in = p.n_k = n_t;
      p.n_out = n_k;
      shape.push_back(n_k);
      break;
    case ConvForm::Mv:
      if (k.size(1) != n_t)
        fail(ErrorKind::Value, str(fn, ": ", n.k, " of shape ", sizes_text(k.sizes()), " holds kernels for ", k.size(1),
                                   " input planes, ", n.t, " has ", n_t), n.k);
      p.n_in = n_t;
      p.n_k = n_k * n_t;
      p.n_out = n_k;
      shape.push_back(n_k);
      break;
    case ConvForm::Mm:
      if (k.size(1) != t.size(1))
        fail(ErrorKind::Value, str(fn, ": ", n.k, " of shape ", sizes_text(k.sizes()), " holds kernels for ", k.size(1),
                                   " input planes, ", n.t, " has ", t.size(1)), n.k);
      p.a0 = n_k;
      p.a1 = t.size(1);
      p.n_in = n_t * p.a1;
      p.n_k = n_k * p.a1;
      p.n_out = n_t * n_k;
      shape = {n_t, n_k};
      break;
    case ConvForm::Ger:
    case ConvForm::RevGer:
      p.n_in = n_t;
      p.n_k = n_k;
      p.n_out = n_k * n_t;
      shape = {n_k, n_t};
      break;
    case ConvForm::RevGerm:
      if (k.size(0) != t.size(0))
        fail(ErrorKind::Value, str(fn, ": ", n.t, " holds ", t.size(0), " batches and ", n.k, " ", k.size(0),
                                   "; they must be equal"), n.k);
      p.a0 = k.size(1);
      p.a1 = t.size(1);
      p.nb = n_t;
      p.n_in = n_t * p.a1;
      p.n_k = n_t * p.a0;
      p.n_out = p.a0 * p.a1;
      shape = {p.a0, p.a1};
      break;
  }
  for (int axis = 3 - q.dims; axis < 3; ++axis) shape.push_back(out[axis]);
  p.flip = p.rev ? false : (q.full ? q.xcorr : !q.xcorr);
  p.shape = ConvShape{in[0], in[1], in[2], ker[0], ker[1], ker[2], out[0], out[1], out[2],
                      q.stride[0], q.stride[1], q.stride[2], 1, 1, 1};
  if (p.rev) {  // taps s apart, output step 1
    p.shape.dt = q.stride[0], p.shape.dr = q.stride[1], p.shape.dc = q.stride[2];
    p.shape.st = p.shape.sr = p.shape.sc = 1;
  }
  // Map: (from, to) pairs, 1-based in TH.
  if (q.form == ConvForm::Map) {
    if (!map || !map->defined()) fail(ErrorKind::Value, str(fn, ": map is NULL"), "map");
    if (map->dim() != 2 || map->size(1) < 2)
      fail(ErrorKind::Value, str(fn, ": map must be 2-d with two columns (from, to), got shape ",
                                 sizes_text(map->sizes())), "map");
    if (map->size(0) > p.n_k)
      fail(ErrorKind::Value, str(fn, ": map has ", map->size(0), " rows, one per kernel, but ", n.k, " holds ", p.n_k),
           "map");
    const TensorBase m = base::contiguous(base::to(*map, DType::Double));
    const double* mv = m.data<double>();
    for (int64_t row = 0; row < m.size(0); ++row) {
      const int64_t from = static_cast<int64_t>(mv[row * m.size(1)]) - 1;
      const int64_t to = static_cast<int64_t>(mv[row * m.size(1) + 1]) - 1;
      if (from < 0 || from >= p.n_in)
        fail(ErrorKind::Value, str(fn, ": map row ", row, " reads input plane ", from + 1, ", not in [1, ", p.n_in, "]"),
             "map");
      if (to < 0 || to >= p.n_out)
        fail(ErrorKind::Value, str(fn, ": map row ", row, " writes output plane ", to + 1, ", not in [1, ", p.n_out, "]"),
             "map");
      p.map.push_back(from);
      p.map.push_back(to);
    }
  }
  // The result: resized; its old values kept (scaled by beta) only when
  // beta != 0 and the element count did not change.
  if (has_internal_overlap(r.impl()))
    fail(ErrorKind::Value, str(fn, ": ", n.r, " has dims of stride 0 (it is expanded): several results would share "
                                      "one memory location"), n.r);
  t = detached(r, t);
  k = detached(r, k);
  const int64_t before = r.numel();
  resize(r.impl(), shape, {}, fn.c_str());
  const bool keep = before != 0 && before == r.numel() && !is_zero(beta);
  if (r.numel() == 0) return;
  t = base::contiguous(t);
  k = base::contiguous(k);
  const bool direct = r.is_contiguous() && !reduced(dtype);
  TensorBase target = direct ? r : empty(shape, reduced(dtype) ? DType::Float : dtype);
  if (reduced(dtype)) {
    // Float throughout, one rounding at the end (Note [conv semantics]).
    base::zero_(target);
    const TensorBase tf = base::contiguous(base::to(t, DType::Float)), kf = base::contiguous(base::to(k, DType::Float));
    compute_dtype(DType::Float, p, target.data_ptr(), Scalar(alpha.to<double>()), tf.data_ptr(), kf.data_ptr());
    if (keep) base::add_(target, base::to(r, DType::Float), beta);
    base::copy_(r, target);
    return;
  }
  if (!direct && keep) base::copy_(target, r);
  if (!keep)
    base::zero_(target);
  else if (!is_one(beta))
    base::mul_(target, beta);
  compute_dtype(dtype, p, target.data_ptr(), alpha, t.data_ptr(), k.data_ptr());
  if (!direct) base::copy_(r, target);
}

// The C++ API's forms by dims: 2/2 Mul, 3/3 Cmul, 3/4 Mv (conv2); one
// more each for conv3.
TensorBase cpp_conv(const char* op, int dims, bool xcorr, const TensorBase* out, const TensorBase& self,
                    const TensorBase& kernel, bool full) {
  if (!self.defined()) fail(ErrorKind::Value, str(op, ": self is an undefined tensor"), "self");
  if (!kernel.defined()) fail(ErrorKind::Value, str(op, ": kernel is an undefined tensor"), "kernel");
  check_dtype_supported(op, self.dtype(), "self");
  if (kernel.dtype() != self.dtype())
    fail(ErrorKind::Type, str(op, ": kernel has dtype ", dtype_name(kernel.dtype()), ", expected ",
                              dtype_name(self.dtype()), " (self's); convolutions do not promote"), "kernel");
  ConvForm form;
  if (self.dim() == dims && kernel.dim() == dims) form = ConvForm::Mul;
  else if (self.dim() == dims + 1 && kernel.dim() == dims + 1) form = ConvForm::Cmul;
  else if (self.dim() == dims + 1 && kernel.dim() == dims + 2) form = ConvForm::Mv;
  else
    fail(ErrorKind::Value, str(op, ": expected self ", dims, "-d with a ", dims, "-d kernel, self ", dims + 1,
                               "-d with a ", dims + 1, "-d kernel (one per plane) or self ", dims + 1, "-d with a ",
                               dims + 2, "-d kernel (a bank of kernels); got self of shape ", sizes_text(self.sizes()),
                               " and kernel of shape ", sizes_text(kernel.sizes())),
         self.dim() != dims && self.dim() != dims + 1 ? "self" : "kernel");
  const ConvRequest q{op, form, dims, {1, 1, 1}, full, xcorr, kCppNames, {"stride", "stride", "stride"}};
  TensorBase r;
  if (out) {
    r = *out;
    if (!r.defined()) fail(ErrorKind::Value, str(op, ": out is an undefined tensor"), "out");
    if (r.dtype() != self.dtype())
      fail(ErrorKind::Type, str(op, ": out has dtype ", dtype_name(r.dtype()), ", expected ", dtype_name(self.dtype())),
           "out");
  } else {
    r = empty({0}, self.dtype());
  }
  run(q, r, Scalar(0), Scalar(1), self, kernel, nullptr);
  return r;
}

}  // namespace

TensorBase conv2(const TensorBase& self, const TensorBase& kernel, bool full) {
  return cpp_conv("conv2", 2, false, nullptr, self, kernel, full);
}
TensorBase xcorr2(const TensorBase& self, const TensorBase& kernel, bool full) {
  return cpp_conv("xcorr2", 2, true, nullptr, self, kernel, full);
}
TensorBase conv3(const TensorBase& self, const TensorBase& kernel, bool full) {
  return cpp_conv("conv3", 3, false, nullptr, self, kernel, full);
}
TensorBase xcorr3(const TensorBase& self, const TensorBase& kernel, bool full) {
  return cpp_conv("xcorr3", 3, true, nullptr, self, kernel, full);
}
void conv2_out(TensorBase& out, const TensorBase& self, const TensorBase& kernel, bool full) {
  cpp_conv("conv2", 2, false, &out, self, kernel, full);
}
void xcorr2_out(TensorBase& out, const TensorBase& self, const TensorBase& kernel, bool full) {
  cpp_conv("xcorr2", 2, true, &out, self, kernel, full);
}
void conv3_out(TensorBase& out, const TensorBase& self, const TensorBase& kernel, bool full) {
  cpp_conv("conv3", 3, false, &out, self, kernel, full);
}
void xcorr3_out(TensorBase& out, const TensorBase& self, const TensorBase& kernel, bool full) {
  cpp_conv("xcorr3", 3, true, &out, self, kernel, full);
}

// 'V' / 'F' and 'X' / 'C'.
bool parse_full(const std::string& fn, const char* vf) {
  if (!vf) fail(ErrorKind::Value, str(fn, ": vf is NULL"), "vf");
  if (*vf == 'V') return false;
  if (*vf == 'F') return true;
  fail(ErrorKind::Value, str(fn, ": the type of convolution (vf) must be 'V' (valid) or 'F' (full), got \"", vf, "\""),
       "vf");
}
bool parse_xcorr(const std::string& fn, const char* xc) {
  if (!xc) fail(ErrorKind::Value, str(fn, ": xc is NULL"), "xc");
  if (*xc == 'X') return true;
  if (*xc == 'C') return false;
  fail(ErrorKind::Value,
       str(fn, ": the type of convolution (xc) must be 'X' (cross-correlation) or 'C' (convolution), got \"", xc, "\""),
       "xc");
}

void conv_run(const ConvRequest& q, TensorBase r, const Scalar& beta, const Scalar& alpha, TensorBase t, TensorBase k,
              const TensorBase* map) {
  run(q, std::move(r), beta, alpha, std::move(t), std::move(k), map);
}

namespace {

template <class R>
void widen(const R* src, std::vector<float>& dst) {
  for (size_t i = 0; i < dst.size(); ++i) dst[i] = static_cast<float>(src[i]);
}
template <class R>
void narrow_into(const std::vector<float>& src, R* dst) {
  for (size_t i = 0; i < src.size(); ++i) dst[i] = R(src[i]);
}

}  // namespace

void conv_ptr_run(const std::string& fn, const ConvPtrCall& c, void* r, const Scalar& alpha, const void* t, const void* k) {
  check_dtype_supported(fn, c.dtype, "r_");
  const Names n{"r_", "t_", "k_"};
  const int64_t in[3] = {c.it, c.ir, c.ic}, ker[3] = {c.kt, c.kr, c.kc}, st[3] = {c.st, c.sr, c.sc};
  static const char* const kStride[] = {"st", "sr", "sc"};
  static const char* const kWhat[] = {"depth", "rows", "columns"};
  int64_t out[3];
  for (int d = 0; d < 3; ++d) {
    if (st[d] < 1) fail(ErrorKind::Value, str(fn, ": ", kStride[d], " is ", st[d], ", strides must be at least 1"), kStride[d]);
    out[d] = out_size(fn, in[d], ker[d], st[d], c.full, c.rev, kWhat[d], n);
  }
  for (const auto& [p, name] : {std::pair<const void*, const char*>{r, n.r}, {t, n.t}, {k, n.k}})
    if (!p) fail(ErrorKind::Value, str(fn, ": ", name, " is NULL"), name);
  Plan p{};
  p.form = ConvForm::Mul;
  p.full = c.full;
  p.rev = c.rev;
  p.flip = c.rev ? false : (c.full ? c.xcorr : !c.xcorr);
  p.n_out = p.n_in = p.n_k = 1;
  p.shape = ConvShape{in[0], in[1], in[2], ker[0], ker[1], ker[2], out[0], out[1], out[2], st[0], st[1], st[2], 1, 1, 1};
  if (c.rev) {
    p.shape.dt = st[0], p.shape.dr = st[1], p.shape.dc = st[2];
    p.shape.st = p.shape.sr = p.shape.sc = 1;
  }
  const int64_t in_n = in[0] * in[1] * in[2], k_n = ker[0] * ker[1] * ker[2], out_n = out[0] * out[1] * out[2];
  if (!reduced(c.dtype)) return compute_dtype(c.dtype, p, r, alpha, t, k);
  // Half and BFloat16: through float buffers, r rounded once.
  std::vector<float> tf(static_cast<size_t>(in_n)), kf(static_cast<size_t>(k_n)), rf(static_cast<size_t>(out_n));
  if (c.dtype == DType::Half) {
    widen(static_cast<const Half*>(t), tf);
    widen(static_cast<const Half*>(k), kf);
    widen(static_cast<const Half*>(r), rf);
  } else {
    widen(static_cast<const BFloat16*>(t), tf);
    widen(static_cast<const BFloat16*>(k), kf);
    widen(static_cast<const BFloat16*>(r), rf);
  }
  compute_dtype(DType::Float, p, rf.data(), Scalar(alpha.to<double>()), tf.data(), kf.data());
  if (c.dtype == DType::Half) narrow_into(rf, static_cast<Half*>(r));
  else narrow_into(rf, static_cast<BFloat16*>(r));
}

}  // namespace ember::rt
