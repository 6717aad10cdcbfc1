#include "runtime/th/reduce.h"

#include <optional>
#include <string>

#include "ember/error.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/mul.h"
#include "ember/ops/reshape.h"
#include "ember/ops/sub.h"
#include "ember/ops/sum.h"
#include "ember/ops/sum_dim.h"
#include "ember/ops/view.h"
#include "ember/tensor_base.h"
#include "runtime/ops/output.h"
#include "runtime/ops/reduce_ops.h"

namespace ember::rt {

double th_dist_value(TensorImpl* a, TensorImpl* b, double p, const th::Fn& fn) {
  const std::string name = fn.str();
  const TensorBase ta = TensorBase::borrow(th::need(a, fn, "a")), tb = TensorBase::borrow(th::need(b, fn, "b"));
  if (ta.numel() != tb.numel())
    fail(ErrorKind::Value, str(name, ": b has ", tb.numel(), " elements but a has ", ta.numel(),
                               " (TH needs equal element counts)"), "b");
  const TensorBase fa = base::view(base::contiguous(ta), {ta.numel()}),
                   fb = base::view(base::contiguous(tb), {tb.numel()});
  return dist_accumulated(name.c_str(), fa, fb, Scalar(p)).item<double>();
}

void th_cross_into(TensorImpl* r, TensorImpl* a, TensorImpl* b, int dimension, const th::Fn& fn) {
  const std::string name = fn.str();
  th::need(r, fn, "r_");
  const TensorBase ta = TensorBase::borrow(th::need(a, fn, "a")), tb = TensorBase::borrow(th::need(b, fn, "b"));
  if (ta.sizes() != tb.sizes())
    fail(ErrorKind::Value, str(name, ": a ", sizes_text(ta.sizes()), " and b ", sizes_text(tb.sizes()),
                               " differ in size (TH does not broadcast)"), "b");
  std::optional<int64_t> dim;
  if (dimension >= 0) dim = dimension;
  const TensorBase out = TensorBase::borrow(r);
  Output(name.c_str(), &out, "r_").assign(rt::cross(ta, tb, dim));
}

void th_match_into(TensorImpl* r, TensorImpl* m1, TensorImpl* m2, const Scalar& gain, const th::Fn& fn) {
  const std::string name = fn.str();
  th::need(r, fn, "r_");
  const TensorBase a = TensorBase::borrow(th::need(m1, fn, "m1")), b = TensorBase::borrow(th::need(m2, fn, "m2"));
  if (a.dim() == 0 || b.dim() == 0)
    fail(ErrorKind::Value, str(name, ": m1 and m2 need a first dim (their rows), got ", a.dim(), "-d and ", b.dim(), "-d"),
         a.dim() == 0 ? "m1" : "m2");
  // A row's length is the product of the sizes after the first (TH's
  // nElement / size[0], defined for zero rows too).
  const auto row_length = [](const TensorBase& t) {
    int64_t n = 1;
    for (int64_t d = 1; d < t.dim(); ++d) n *= t.size(d);
    return n;
  };
  const int64_t n1 = a.size(0), n2 = b.size(0), len = row_length(a);
  if (row_length(b) != len)
    fail(ErrorKind::Value, str(name, ": m1 and m2 must have the same inner vector dim, got ", len, " and ", row_length(b)), "m2");
  const TensorBase diff = base::sub(base::reshape(a, {n1, 1, len}), base::reshape(b, {1, n2, len}));
  const TensorBase out = TensorBase::borrow(r);
  Output(name.c_str(), &out, "r_").assign(base::mul(base::sum(base::mul(diff, diff), 2), gain));
}

}  // namespace ember::rt
