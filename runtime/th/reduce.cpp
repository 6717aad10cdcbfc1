#include "runtime/th/reduce.h"

#include <optional>
#include <string>

#include "ember/error.h"
#include "ember/tensor.h"
#include "runtime/ops/output.h"
#include "runtime/ops/reduce_ops.h"

namespace ember::rt {

double th_dist_value(TensorImpl* a, TensorImpl* b, double p, const th::Fn& fn) {
  const std::string name = fn.str();
  const Tensor ta = Tensor::borrow(th::need(a, fn, "a")), tb = Tensor::borrow(th::need(b, fn, "b"));
  if (ta.numel() != tb.numel())
    fail(ErrorKind::Value, str(name, ": b has ", tb.numel(), " elements but a has ", ta.numel(),
                               " (TH needs equal element counts)"), "b");
  const Tensor fa = ta.contiguous().view({ta.numel()}), fb = tb.contiguous().view({tb.numel()});
  return dist_accumulated(name.c_str(), fa, fb, Scalar(p)).item<double>();
}

void th_cross_into(TensorImpl* r, TensorImpl* a, TensorImpl* b, int dimension, const th::Fn& fn) {
  const std::string name = fn.str();
  th::need(r, fn, "r_");
  const Tensor ta = Tensor::borrow(th::need(a, fn, "a")), tb = Tensor::borrow(th::need(b, fn, "b"));
  if (ta.sizes() != tb.sizes())
    fail(ErrorKind::Value, str(name, ": a ", sizes_text(ta.sizes()), " and b ", sizes_text(tb.sizes()),
                               " differ in size (TH does not broadcast)"), "b");
  std::optional<int64_t> dim;
  if (dimension >= 0) dim = dimension;
  const Tensor out = Tensor::borrow(r);
  Output(name.c_str(), &out, "r_").assign(rt::cross(ta, tb, dim));
}

void th_match_into(TensorImpl* r, TensorImpl* m1, TensorImpl* m2, const Scalar& gain, const th::Fn& fn) {
  const std::string name = fn.str();
  th::need(r, fn, "r_");
  const Tensor a = Tensor::borrow(th::need(m1, fn, "m1")), b = Tensor::borrow(th::need(m2, fn, "m2"));
  if (a.dim() == 0 || b.dim() == 0)
    fail(ErrorKind::Value, str(name, ": m1 and m2 need a first dim (their rows), got ", a.dim(), "-d and ", b.dim(), "-d"),
         a.dim() == 0 ? "m1" : "m2");
  // A row's length is the product of the sizes after the first (TH's
  // nElement / size[0], defined for zero rows too).
  const auto row_length = [](const Tensor& t) {
    int64_t n = 1;
    for (int64_t d = 1; d < t.dim(); ++d) n *= t.size(d);
    return n;
  };
  const int64_t n1 = a.size(0), n2 = b.size(0), len = row_length(a);
  if (row_length(b) != len)
    fail(ErrorKind::Value, str(name, ": m1 and m2 must have the same inner vector dim, got ", len, " and ", row_length(b)), "m2");
  const Tensor diff = a.reshape({n1, 1, len}).sub(b.reshape({1, n2, len}));
  const Tensor out = Tensor::borrow(r);
  Output(name.c_str(), &out, "r_").assign(diff.mul(diff).sum(2).mul(gain));
}

}  // namespace ember::rt
