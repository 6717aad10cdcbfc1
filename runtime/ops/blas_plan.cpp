#include "runtime/ops/blas_plan.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "ember/error.h"
#include "ember/ops/bmm.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/copy.h"
#include "ember/ops/dot.h"
#include "ember/ops/expand.h"
#include "ember/ops/mm.h"
#include "ember/ops/mv.h"
#include "ember/ops/squeeze.h"
#include "ember/ops/squeeze_dim.h"
#include "ember/ops/to.h"
#include "ember/ops/unsqueeze.h"
#include "ember/ops/view.h"
#include "ember/views.h"
#include "runtime/core/memory_overlap.h"
#include "runtime/ops/blas_as_gemm.h"
#include "runtime/ops/cuda_gemm.h"
#include "runtime/ops/output.h"

namespace ember::rt {

namespace {

using Mode = BlasDest::Mode;

bool is_th(const BlasDest& d) { return d.mode == Mode::TH || d.mode == Mode::THValue; }

bool is_zero(const Scalar& s) { return s.is_floating() ? s.to<double>() == 0.0 : s.to<int64_t>() == 0; }

std::string shape_of(const TensorBase& t) { return sizes_text(t.sizes()); }

void check_defined(const BlasDest& d, const TensorBase& t, const char* arg) {
  if (!t.defined()) fail(ErrorKind::Value, str(d.op, ": ", arg, " is an undefined tensor"), arg);
}

void check_dim(const BlasDest& d, const TensorBase& t, int64_t want, const char* arg) {
  static const char* const kWhat[] = {"a number", "a vector", "a matrix", "a batch of matrices"};
  if (t.dim() != want)
    fail(ErrorKind::Value, str(d.op, ": ", arg, " must be ", kWhat[want], " (", want, "-d), got a ", t.dim(),
                               "-d tensor of shape ", shape_of(t)), arg);
}

void check_dtype(const BlasDest& d, const TensorBase& t, DType want, const char* arg, const char* ref) {
  if (t.dtype() != want)
    fail(ErrorKind::Type, str(d.op, ": ", arg, " has dtype ", dtype_name(t.dtype()), ", expected ", dtype_name(want),
                              " (the dtype of ", ref, "); matrix products do not promote"), arg);
}

// self must broadcast to `shape` (PyTorch's expand: trailing dims equal or 1).
void check_broadcasts(const BlasDest& d, const TensorBase& self, const std::vector<int64_t>& shape) {
  bool ok = self.dim() <= static_cast<int64_t>(shape.size());
  for (int64_t i = 1; ok && i <= self.dim(); ++i) {
    const int64_t s = self.size(self.dim() - i);
    ok = s == 1 || s == shape[shape.size() - i];
  }
  if (!ok)
    fail(ErrorKind::Value, str(d.op, ": self of shape ", shape_of(self), " does not broadcast to the result's shape ",
                               sizes_text(shape)), "self");
}

// TH: t has exactly the result's shape.
void check_th_shape(const BlasDest& d, const TensorBase& t, const std::vector<int64_t>& shape, const std::string& why) {
  if (t.sizes() != IntList(shape))
    fail(ErrorKind::Value, str(d.op, ": size mismatch, t has shape ", shape_of(t), ", expected ", sizes_text(shape),
                               " (", why, ")"), "self");
}

// Where the product goes (Note [output aliasing]): the caller's tensor
// (out=, in-place self, TH's r_) or a new one.
rt::Output destination(const BlasDest& d) {
  const bool given = d.mode == Mode::Out || d.mode == Mode::Inplace || d.mode == Mode::TH;
  return rt::Output(d.op, given ? d.tensor : nullptr, d.mode == Mode::Inplace ? "self" : "out");
}

// The tensor the routine writes as its C (C = beta C + alpha op), holding
// self's values when they count (use_self: beta != 0); every argument is
// checked. `reads` are the product's operands.
TensorBase prepare_result(const BlasDest& d, rt::Output& result, const TensorBase& self,
                          const std::vector<int64_t>& shape, DType dtype, bool use_self,
                          std::initializer_list<const TensorBase*> reads) {
  std::vector<const TensorBase*> all(reads);
  if (self.defined()) all.push_back(&self);
  // In place (TH's r_ set to t too): C is self, read and written element by element.
  const bool inplace = d.mode == Mode::Inplace || (d.mode == Mode::TH && rt::same_elements(d.tensor->impl(), self.impl()));
  switch (d.mode) {
    case Mode::Inplace:
      if (d.tensor->sizes() != IntList(shape))
        fail(ErrorKind::Value, str(d.op, ": in-place self of shape ", shape_of(*d.tensor),
                                   " does not match the result's shape ", sizes_text(shape)), "self");
      break;
    case Mode::Out:
      if (d.tensor->dtype() != dtype)
        fail(ErrorKind::Type, str(d.op, ": out has dtype ", dtype_name(d.tensor->dtype()), ", expected ",
                                  dtype_name(dtype)), "out");
      break;
    case Mode::THValue:
      return {};
    default:
      break;
  }
  if (inplace) return result.target(self.sizes(), dtype, reads, rt::Reads::Any, true);
  // TH resizes r_ like t.
  TensorBase target =
      result.target(d.mode == Mode::TH ? self.sizes() : IntList(shape), dtype, all.data(), all.size(), rt::Reads::Any);
  if (use_self) base::copy_(target, self);
  return target;
}

// Note [blas layouts]: a rows x cols matrix with element strides (rs, cs),
// as BLAS sees it: column-major (trans false) or the transpose of a
// column-major matrix (trans true), with its leading dim.
struct Layout {
  bool trans;
  int64_t ld;
};

std::optional<Layout> layout_of(int64_t rows, int64_t cols, int64_t rs, int64_t cs) {
  // An empty matrix has no element to read: any leading dim BLAS accepts
  // will do, whatever its strides (an expanded n x 0 has a stride of 0).
  if (rows == 0 || cols == 0) return Layout{false, std::max<int64_t>(1, rows)};
  if ((rows <= 1 || rs == 1) && (cols <= 1 || cs >= std::max<int64_t>(1, rows)))
    return Layout{false, cols <= 1 ? std::max<int64_t>(1, rows) : cs};
  if ((cols <= 1 || cs == 1) && (rows <= 1 || rs >= std::max<int64_t>(1, cols)))
    return Layout{true, rows <= 1 ? std::max<int64_t>(1, cols) : rs};
  return std::nullopt;
}

// The matrix of dims (d0, d0 + 1) of t.
std::optional<Layout> layout_of(const TensorBase& t, int d0) {
  return layout_of(t.size(d0), t.size(d0 + 1), t.stride(d0), t.stride(d0 + 1));
}

// t, or a contiguous copy where BLAS cannot read it.
Layout readable(TensorBase& t, int d0) {
  if (auto l = layout_of(t, d0)) return *l;
  t = base::contiguous(t);
  return *layout_of(t, d0);
}

// A vector's increment for BLAS, copying t when it has none usable.
int64_t increment(TensorBase& t) {
  if (t.size(0) <= 1) return 1;
  if (t.stride(0) > 0) return t.stride(0);
  t = base::contiguous(t);
  return 1;
}

// result (n x p, or b x n x p when batched and not accumulating)
//   = beta * result + alpha * m1 @ m2 (m1 [b x] n x k, m2 [b x] k x p).
void gemm_into(const char* op, const TensorBase& result, TensorBase m1, TensorBase m2, bool batched, bool accumulate,
               const Scalar& beta, const Scalar& alpha, GemmDispatch dispatch) {
  const int in0 = batched ? 1 : 0;
  const int out0 = batched && !accumulate ? 1 : 0;
  const int64_t batch = batched ? m1.size(0) : 1;
  const int64_t n = m1.size(in0), k = m1.size(in0 + 1), p = m2.size(in0 + 1);
  if (n == 0 || p == 0 || (batch == 0 && !accumulate)) return;
  const Layout l1 = readable(m1, in0);
  const Layout l2 = readable(m2, in0);
  TensorBase target = result;
  std::optional<Layout> lr = layout_of(result, out0);
  if (!lr) {
    target = empty(result.sizes(), result.dtype(), result.device());
    if (!is_zero(beta)) base::copy_(target, result);
    lr = layout_of(target, out0);
  }
  GemmCall g{};
  if (!lr->trans) {  // C = A B
    g = GemmCall{l1.trans, l2.trans, n, p, k, alpha, m1.data_ptr(), l1.ld, m2.data_ptr(), l2.ld, beta,
                 target.data_ptr(), lr->ld};
    g.stride_a = batched ? m1.stride(0) : 0;
    g.stride_b = batched ? m2.stride(0) : 0;
  } else {  // C^T = B^T A^T
    g = GemmCall{!l2.trans, !l1.trans, p, n, k, alpha, m2.data_ptr(), l2.ld, m1.data_ptr(), l1.ld, beta,
                 target.data_ptr(), lr->ld};
    g.stride_a = batched ? m2.stride(0) : 0;
    g.stride_b = batched ? m1.stride(0) : 0;
  }
  g.batch = batch;
  g.stride_c = out0 ? target.stride(0) : 0;
  g.accumulate = accumulate;
  if (result.device().is_cuda()) cuda_gemm(op, result.dtype(), g, result.device().index);
  else dispatch(result.dtype(), g);
  if (!target.is_same(result)) {
    TensorBase written = result;
    base::copy_(written, target);
  }
}

// The arguments of a (batched) matrix product: a [b x] n x k, b [b x] k x p.
void check_product(const BlasDest& d, const TensorBase& a, const char* a_arg, const TensorBase& b, const char* b_arg,
                   bool batched) {
  check_defined(d, a, a_arg);
  check_defined(d, b, b_arg);
  const int dims = batched ? 3 : 2;
  check_dim(d, a, dims, a_arg);
  check_dim(d, b, dims, b_arg);
  if (batched && a.size(0) != b.size(0))
    fail(ErrorKind::Value, str(d.op, ": ", a_arg, " and ", b_arg, " hold different numbers of matrices (", shape_of(a),
                               " and ", shape_of(b), ")"), b_arg);
  if (a.size(dims - 1) != b.size(dims - 2))
    fail(ErrorKind::Value, str(d.op, ": ", a_arg, " and ", b_arg, " shapes cannot be multiplied (", shape_of(a), " and ",
                               shape_of(b), ")"), b_arg);
  check_dtype(d, b, a.dtype(), b_arg, a_arg);
}

// self's checks for the add* forms: defined, dtype, shape rule per mode.
void check_self(const BlasDest& d, const TensorBase& self, DType dtype, const char* ref,
                const std::vector<int64_t>& shape, const std::string& th_why) {
  check_defined(d, self, "self");
  check_dtype(d, self, dtype, "self", ref);
  if (is_th(d)) check_th_shape(d, self, shape, th_why);
  else if (d.mode != Mode::Inplace) check_broadcasts(d, self, shape);
}

// Every tensor of a product on a's device (self, out= and the in-place
// self included); on CUDA, a dtype cuBLAS takes.
void check_one_device(const BlasDest& d, const TensorBase* self, const TensorBase& a, const char* a_arg,
                      const TensorBase& b, const char* b_arg) {
  const Device device = a.device();
  const auto check = [&](const TensorBase& t, const char* arg) {
    if (t.device() != device)
      fail(ErrorKind::Runtime, str(d.op, ": expected all tensors on one device, but ", arg, " is on ", t.device().str(),
                                   " and ", a_arg, " on ", device.str()), arg);
  };
  check(b, b_arg);
  if (self) check(*self, "self");
  if (d.tensor && d.tensor->defined()) check(*d.tensor, d.mode == Mode::Inplace ? "self" : "out");
  if (device.is_cuda() && !cuda_gemm_supports(a.dtype()))
    fail(ErrorKind::Type, str(d.op, ": not implemented for CUDA tensors of dtype ", dtype_name(a.dtype())), a_arg);
}

TensorBase run_gemm(const BlasDest& d, const TensorBase* self, const TensorBase& a, const char* a_arg,
                    const TensorBase& b, const char* b_arg, bool batched, bool accumulate, const Scalar& beta,
                    const Scalar& alpha, GemmDispatch dispatch) {
  check_product(d, a, a_arg, b, b_arg, batched);
  const int in0 = batched ? 1 : 0;
  std::vector<int64_t> shape{a.size(in0), b.size(in0 + 1)};
  if (batched && !accumulate) shape.insert(shape.begin(), a.size(0));
  const bool use_self = self && !is_zero(beta);
  if (self) check_self(d, *self, a.dtype(), a_arg, shape, str(a_arg, " ", shape_of(a), ", ", b_arg, " ", shape_of(b)));
  check_one_device(d, self, a, a_arg, b, b_arg);
  rt::Output out = destination(d);
  const TensorBase result = prepare_result(d, out, self ? *self : TensorBase(), shape, a.dtype(), use_self, {&a, &b});
  gemm_into(d.op, result, a, b, batched, accumulate, self ? beta : Scalar(0), alpha, dispatch);
  return out.finish();
}

// A vector's checks.
void check_vector(const BlasDest& d, const TensorBase& v, const char* arg) {
  check_defined(d, v, arg);
  check_dim(d, v, 1, arg);
}

}  // namespace

TensorBase run_addmm(const BlasDest& dest, const TensorBase& self, const TensorBase& mat1, const TensorBase& mat2,
                     const Scalar& beta, const Scalar& alpha, GemmDispatch dispatch) {
  return run_gemm(dest, &self, mat1, "mat1", mat2, "mat2", false, false, beta, alpha, dispatch);
}

TensorBase run_mm(const BlasDest& dest, const TensorBase& self, const TensorBase& mat2, GemmDispatch dispatch) {
  return run_gemm(dest, nullptr, self, "self", mat2, "mat2", false, false, Scalar(0), Scalar(1), dispatch);
}

TensorBase run_baddbmm(const BlasDest& dest, const TensorBase& self, const TensorBase& batch1, const TensorBase& batch2,
                       const Scalar& beta, const Scalar& alpha, GemmDispatch dispatch) {
  return run_gemm(dest, &self, batch1, "batch1", batch2, "batch2", true, false, beta, alpha, dispatch);
}

TensorBase run_bmm(const BlasDest& dest, const TensorBase& self, const TensorBase& mat2, GemmDispatch dispatch) {
  return run_gemm(dest, nullptr, self, "self", mat2, "mat2", true, false, Scalar(0), Scalar(1), dispatch);
}

TensorBase run_addbmm(const BlasDest& dest, const TensorBase& self, const TensorBase& batch1, const TensorBase& batch2,
                      const Scalar& beta, const Scalar& alpha, GemmDispatch dispatch) {
  return run_gemm(dest, &self, batch1, "batch1", batch2, "batch2", true, true, beta, alpha, dispatch);
}

namespace {

TensorBase run_gemv(const BlasDest& d, const TensorBase* self, const TensorBase& mat, const char* mat_arg,
                    const TensorBase& vec, const Scalar& beta, const Scalar& alpha, GemvDispatch dispatch) {
  check_defined(d, mat, mat_arg);
  check_dim(d, mat, 2, mat_arg);
  check_vector(d, vec, "vec");
  if (mat.size(1) != vec.size(0))
    fail(ErrorKind::Value, str(d.op, ": ", mat_arg, " and vec shapes cannot be multiplied (", shape_of(mat), " and ",
                               shape_of(vec), ")"), "vec");
  check_dtype(d, vec, mat.dtype(), "vec", mat_arg);
  const std::vector<int64_t> shape{mat.size(0)};
  if (self) check_self(d, *self, mat.dtype(), mat_arg, shape, str(mat_arg, " ", shape_of(mat), ", vec ", shape_of(vec)));
  check_one_device(d, self, mat, mat_arg, vec, "vec");
  const Scalar b = self ? beta : Scalar(0);
  TensorBase m = mat, v = vec;
  rt::Output out = destination(d);
  const TensorBase result =
      prepare_result(d, out, self ? *self : TensorBase(), shape, mat.dtype(), self && !is_zero(beta), {&mat, &vec});
  if (shape[0] == 0) return out.finish();
  const Layout lm = readable(m, 0);
  const int64_t incx = increment(v);
  TensorBase target = result;
  if (result.size(0) > 1 && result.stride(0) <= 0) {
    target = empty(shape, result.dtype(), result.device());
    if (!is_zero(b)) base::copy_(target, result);
  }
  const int64_t incy = target.size(0) <= 1 ? 1 : target.stride(0);
  // mat n x c, as BLAS's m x n: itself (column-major), or op(A) = A^T of
  // its c x n column-major transpose.
  const GemvCall g = lm.trans ? GemvCall{true, m.size(1), m.size(0), alpha, m.data_ptr(), lm.ld, v.data_ptr(), incx, b,
                                         target.data_ptr(), incy}
                              : GemvCall{false, m.size(0), m.size(1), alpha, m.data_ptr(), lm.ld, v.data_ptr(), incx, b,
                                         target.data_ptr(), incy};
  if (result.device().is_cuda()) cuda_gemm(d.op, result.dtype(), gemv_as_gemm(g), result.device().index);
  else dispatch(result.dtype(), g);
  if (!target.is_same(result)) {
    TensorBase written = result;
    base::copy_(written, target);
  }
  return out.finish();
}

TensorBase run_ger(const BlasDest& d, const TensorBase* self, const TensorBase& vec1, const char* arg1,
                   const TensorBase& vec2, const char* arg2, const Scalar& beta, const Scalar& alpha,
                   GerDispatch dispatch) {
  check_vector(d, vec1, arg1);
  check_vector(d, vec2, arg2);
  check_dtype(d, vec2, vec1.dtype(), arg2, arg1);
  const std::vector<int64_t> shape{vec1.size(0), vec2.size(0)};
  if (self) check_self(d, *self, vec1.dtype(), arg1, shape, str(arg1, " ", shape_of(vec1), ", ", arg2, " ", shape_of(vec2)));
  check_one_device(d, self, vec1, arg1, vec2, arg2);
  const Scalar b = self ? beta : Scalar(0);
  TensorBase x = vec1, y = vec2;
  rt::Output out = destination(d);
  const TensorBase result =
      prepare_result(d, out, self ? *self : TensorBase(), shape, vec1.dtype(), self && !is_zero(beta), {&vec1, &vec2});
  if (result.numel() == 0) return out.finish();
  const int64_t incx = increment(x), incy = increment(y);
  TensorBase target = result;
  std::optional<Layout> lr = layout_of(result, 0);
  if (!lr) {
    target = empty(shape, result.dtype(), result.device());
    if (!is_zero(b)) base::copy_(target, result);
    lr = layout_of(target, 0);
  }
  // R = x y^T column-major, or R^T = y x^T.
  const GerCall g = lr->trans ? GerCall{shape[1], shape[0], alpha, y.data_ptr(), incy, x.data_ptr(), incx, b,
                                        target.data_ptr(), lr->ld}
                              : GerCall{shape[0], shape[1], alpha, x.data_ptr(), incx, y.data_ptr(), incy, b,
                                        target.data_ptr(), lr->ld};
  if (result.device().is_cuda()) cuda_gemm(d.op, result.dtype(), ger_as_gemm(g), result.device().index);
  else dispatch(result.dtype(), g);
  if (!target.is_same(result)) {
    TensorBase written = result;
    base::copy_(written, target);
  }
  return out.finish();
}

}  // namespace

TensorBase run_addmv(const BlasDest& dest, const TensorBase& self, const TensorBase& mat, const TensorBase& vec,
                     const Scalar& beta, const Scalar& alpha, GemvDispatch dispatch) {
  return run_gemv(dest, &self, mat, "mat", vec, beta, alpha, dispatch);
}

TensorBase run_mv(const BlasDest& dest, const TensorBase& self, const TensorBase& vec, GemvDispatch dispatch) {
  return run_gemv(dest, nullptr, self, "self", vec, Scalar(0), Scalar(1), dispatch);
}

TensorBase run_addr(const BlasDest& dest, const TensorBase& self, const TensorBase& vec1, const TensorBase& vec2,
                    const Scalar& beta, const Scalar& alpha, GerDispatch dispatch) {
  return run_ger(dest, &self, vec1, "vec1", vec2, "vec2", beta, alpha, dispatch);
}

TensorBase run_outer(const BlasDest& dest, const TensorBase& self, const TensorBase& vec2, GerDispatch dispatch) {
  check_defined(dest, self, "self");
  check_defined(dest, vec2, "vec2");
  // PyTorch's outer is self[:, None] * vec2, so mixed dtypes promote.
  const DType common = promote_types(self.dtype(), vec2.dtype());
  return run_ger(dest, nullptr, base::to(self, common), "self", base::to(vec2, common), "vec2", Scalar(0), Scalar(1),
                 dispatch);
}

TensorBase run_dot(const BlasDest& d, const TensorBase& self, const TensorBase& tensor, DotDispatch dispatch) {
  check_defined(d, self, "self");
  check_defined(d, tensor, "tensor");
  if (!is_th(d)) {
    if (self.dim() != 1 || tensor.dim() != 1)
      fail(ErrorKind::Value, str(d.op, ": expected two vectors (1-d), got tensors of shape ", shape_of(self), " and ",
                                 shape_of(tensor)), self.dim() != 1 ? "self" : "tensor");
  }
  if (self.numel() != tensor.numel())
    fail(ErrorKind::Value, str(d.op, ": self (", shape_of(self), ") and tensor (", shape_of(tensor),
                               ") hold different numbers of elements"), "tensor");
  check_dtype(d, tensor, self.dtype(), "tensor", "self");
  check_one_device(d, nullptr, self, "self", tensor, "tensor");
  TensorBase x = self, y = tensor;
  int64_t incx = 1, incy = 1;
  if (is_th(d)) {  // TH: any shapes, element by element in row-major order
    if (!x.is_contiguous()) x = base::contiguous(x);
    if (!y.is_contiguous()) y = base::contiguous(y);
  } else {
    incx = increment(x);
    incy = increment(y);
  }
  TensorBase sum;  // on a device: the sum stays there, rounded to the dtype
  Scalar value;
  if (self.device().is_cuda()) {
    sum = empty({}, self.dtype(), self.device());
    cuda_gemm(d.op, self.dtype(), dot_as_gemm(self.numel(), x.data_ptr(), incx, y.data_ptr(), incy, sum.data_ptr()),
              self.device().index);
    if (d.mode == Mode::THValue) value = sum.item();
  } else {
    dispatch(self.dtype(), DotCall{self.numel(), x.data_ptr(), incx, y.data_ptr(), incy, &value});
    if (d.mode != Mode::THValue) sum = scalar_tensor(value, self.dtype());
  }
  switch (d.mode) {
    case Mode::THValue:
      *d.value = value;
      return {};
    case Mode::Out: {
      rt::Output out(d.op, d.tensor, "out");
      out.check_dtype(self.dtype());
      return out.assign(sum);
    }
    default:
      return sum;
  }
}

namespace {

// t with `shape`, a view where t is contiguous.
TensorBase reshaped(const TensorBase& t, IntList shape) {
  return base::view((t.is_contiguous() ? t : base::contiguous(t)), shape);
}

// The result of matmul written to out (resized), or returned.
TensorBase deliver(const TensorBase* out, const TensorBase& r) {
  rt::Output result("matmul", out, "out");
  result.check_dtype(r.dtype());
  return result.assign(r);
}

}  // namespace

namespace {

TensorBase matmul_into(const TensorBase* out, const TensorBase& self, const TensorBase& other) {
  const BlasDest d = BlasDest::functional("matmul");
  check_defined(d, self, "self");
  check_defined(d, other, "other");
  const int64_t d1 = self.dim(), d2 = other.dim();
  if (d1 == 0 || d2 == 0)
    fail(ErrorKind::Value, str("matmul: both arguments need at least one dim, got shapes ", shape_of(self), " and ",
                               shape_of(other)), d1 == 0 ? "self" : "other");
  check_dtype(d, other, self.dtype(), "other", "self");
  const int64_t k1 = self.size(-1), k2 = d2 == 1 ? other.size(0) : other.size(-2);
  if (k1 != k2)
    fail(ErrorKind::Value, str("matmul: self and other shapes cannot be multiplied (", shape_of(self), " and ",
                               shape_of(other), ")"), "other");
  if (d1 == 1 && d2 == 1)
    return out ? base::dot_out(*const_cast<TensorBase*>(out), self, other) : base::dot(self, other);
  if (d1 == 2 && d2 == 1) return out ? base::mv_out(*const_cast<TensorBase*>(out), self, other) : base::mv(self, other);
  if (d1 == 2 && d2 == 2) return out ? base::mm_out(*const_cast<TensorBase*>(out), self, other) : base::mm(self, other);
  if (d1 == 1 && d2 == 2) return deliver(out, base::squeeze(base::mm(base::unsqueeze(self, 0), other), 0));
  if (d1 >= 3 && d2 <= 2) {
    // Fold self's batch dims into its rows: one mm (or mv).
    std::vector<int64_t> shape = self.shape();
    TensorBase rows = reshaped(self, {-1, k1});
    TensorBase r = d2 == 1 ? base::mv(rows, other) : base::mm(rows, other);
    if (d2 == 1) shape.pop_back();
    else shape.back() = other.size(1);
    return deliver(out, base::view(r, shape));
  }
  // Batched: broadcast the batch dims, one bmm over their product.
  const TensorBase a = d1 == 1 ? base::unsqueeze(self, 0) : self;
  const TensorBase b = d2 == 1 ? base::unsqueeze(other, 1) : other;
  const std::vector<int64_t> batch_a(a.sizes().begin(), a.sizes().end() - 2);
  const std::vector<int64_t> batch_b(b.sizes().begin(), b.sizes().end() - 2);
  std::vector<int64_t> batch = broadcast_shapes(batch_a, batch_b, "matmul");
  int64_t nb = 1;
  for (int64_t s : batch) nb *= s;
  const int64_t n = a.size(-2), p = b.size(-1);
  std::vector<int64_t> ea = batch, eb = batch;
  ea.insert(ea.end(), {n, k1});
  eb.insert(eb.end(), {k1, p});
  TensorBase r = base::bmm(reshaped(base::expand(a, ea), {nb, n, k1}), reshaped(base::expand(b, eb), {nb, k1, p}));
  std::vector<int64_t> shape = batch;
  if (d1 > 1) shape.push_back(n);
  if (d2 > 1) shape.push_back(p);
  return deliver(out, base::view(r, shape));
}

}  // namespace

TensorBase matmul(const TensorBase& self, const TensorBase& other) { return matmul_into(nullptr, self, other); }

void matmul_out(TensorBase& out, const TensorBase& self, const TensorBase& other) { matmul_into(&out, self, other); }

}  // namespace ember::rt
