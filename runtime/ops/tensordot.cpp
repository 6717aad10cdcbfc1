// tensordot, inner and vdot (schemas/math/contract.yaml): the contracted
// dims moved last in self and first in other, both viewed as matrices,
// one mm (dot for vdot); PyTorch 1.13's checks, under each op's name.
#include <vector>

#include "ember/error.h"
#include "ember/ops/dot.h"
#include "ember/ops/mm.h"
#include "ember/ops/mul.h"
#include "ember/ops/permute.h"
#include "ember/ops/reshape.h"
#include "ember/ops/sum_dims.h"
#include "runtime/ops/contract.h"
#include "runtime/ops/output.h"

namespace ember::rt {
namespace {

void check_operands(const char* op, const TensorBase& self, const TensorBase& other) {
  if (!self.defined()) fail(ErrorKind::Value, str(op, ": self is undefined"), "self");
  if (!other.defined()) fail(ErrorKind::Value, str(op, ": other is undefined"), "other");
  if (other.dtype() != self.dtype())
    fail(ErrorKind::Type, str(op, ": other has dtype ", dtype_name(other.dtype()), " but self has ",
                              dtype_name(self.dtype()), " (no type promotion)"), "other");
  if (is_bool(self.dtype())) fail(ErrorKind::Type, str(op, ": not implemented for Bool (no matrix products)"), "self");
}

// The wrapped contracted dims of `t`, each once.
std::vector<int64_t> contracted(const char* op, const TensorBase& t, IntList dims, const char* arg) {
  std::vector<int64_t> wrapped;
  for (int64_t d : dims) {
    const int64_t w = wrap_dim(d, t.dim(), op, arg);
    for (int64_t seen : wrapped)
      if (seen == w) fail(ErrorKind::Value, str(op, ": dim ", w, " appears more than once in ", arg), arg);
    wrapped.push_back(w);
  }
  return wrapped;
}

// Checked before anything is computed or written.
struct Plan {
  std::vector<int64_t> dims_a, dims_b;
};

Plan plan(const char* op, const TensorBase& a, const TensorBase& b, IntList dims_self, IntList dims_other) {
  check_operands(op, a, b);
  if (dims_self.size() != dims_other.size())
    fail(ErrorKind::Value, str(op, ": dims_self lists ", dims_self.size(), " dims but dims_other ", dims_other.size()),
         "dims_other");
  Plan p{contracted(op, a, dims_self, "dims_self"), contracted(op, b, dims_other, "dims_other")};
  for (size_t i = 0; i < p.dims_a.size(); ++i) {
    const int64_t sa = a.size(p.dims_a[i]), sb = b.size(p.dims_b[i]);
    if (sa != sb && sa != 1 && sb != 1)
      fail(ErrorKind::Value, str(op, ": contracted dims must match (or one be 1), but self has size ", sa, " in dim ",
                                 p.dims_a[i], " and other has size ", sb, " in dim ", p.dims_b[i]), "dims_other");
  }
  return p;
}

// The other dims of `t`, in order.
std::vector<int64_t> free_dims(const TensorBase& t, const std::vector<int64_t>& dims) {
  std::vector<char> taken(t.dim(), 0);
  for (int64_t d : dims) taken[d] = 1;
  std::vector<int64_t> free;
  for (int64_t d = 0; d < t.dim(); ++d)
    if (!taken[d]) free.push_back(d);
  return free;
}

TensorBase contract(const TensorBase& self, const TensorBase& other, const Plan& p) {
  TensorBase a = self, b = other;
  // A contracted dim of size 1 against a longer one: the longer is summed first, as PyTorch does.
  std::vector<int64_t> sum_a, sum_b;
  for (size_t i = 0; i < p.dims_a.size(); ++i) {
    if (a.size(p.dims_a[i]) == 1 && b.size(p.dims_b[i]) != 1) sum_b.push_back(p.dims_b[i]);
    if (b.size(p.dims_b[i]) == 1 && a.size(p.dims_a[i]) != 1) sum_a.push_back(p.dims_a[i]);
  }
  if (!sum_a.empty()) a = base::sum(a, sum_a, true);
  if (!sum_b.empty()) b = base::sum(b, sum_b, true);
  const std::vector<int64_t> free_a = free_dims(a, p.dims_a), free_b = free_dims(b, p.dims_b);
  std::vector<int64_t> perm_a = free_a, perm_b = p.dims_b, shape;
  perm_a.insert(perm_a.end(), p.dims_a.begin(), p.dims_a.end());
  perm_b.insert(perm_b.end(), free_b.begin(), free_b.end());
  int64_t rows = 1, cols = 1, inner = 1;
  for (int64_t d : free_a) {
    rows *= a.size(d);
    shape.push_back(a.size(d));
  }
  for (int64_t d : free_b) {
    cols *= b.size(d);
    shape.push_back(b.size(d));
  }
  for (int64_t d : p.dims_a) inner *= a.size(d);
  const TensorBase m = base::mm(base::reshape(base::permute(a, perm_a), {rows, inner}),
                                base::reshape(base::permute(b, perm_b), {inner, cols}));
  return base::reshape(m, shape);
}

// inner's plan: the last dims, which must match exactly.
Plan inner_plan(const TensorBase& self, const TensorBase& other) {
  check_operands("inner", self, other);
  if (self.size(-1) != other.size(-1))
    fail(ErrorKind::Value, str("inner: the last dims must match, but self is ", sizes_text(self.sizes()),
                               " and other is ", sizes_text(other.sizes())), "other");
  return {{self.dim() - 1}, {other.dim() - 1}};
}

TensorBase inner_into(const TensorBase* out, const TensorBase& self, const TensorBase& other) {
  if (self.defined() && other.defined() && (self.dim() == 0 || other.dim() == 0)) {
    // A 0-dim operand multiplies (with mul's type promotion), as PyTorch's inner.
    const TensorBase r = base::mul(self, other);
    Output target("inner", out, "out");
    target.check_dtype(r.dtype());
    return target.assign(r);
  }
  const Plan p = inner_plan(self, other);
  Output target("inner", out, "out");
  target.check_dtype(self.dtype());
  return target.assign(contract(self, other, p));
}

TensorBase vdot_into(const TensorBase* out, const TensorBase& self, const TensorBase& other) {
  check_operands("vdot", self, other);
  if (self.dim() != 1 || other.dim() != 1)
    fail(ErrorKind::Value, str("vdot: expected two 1-d tensors, got shapes ", sizes_text(self.sizes()), " and ",
                               sizes_text(other.sizes())), self.dim() != 1 ? "self" : "other");
  if (self.size(0) != other.size(0))
    fail(ErrorKind::Value, str("vdot: self has ", self.size(0), " elements but other has ", other.size(0)), "other");
  Output target("vdot", out, "out");
  target.check_dtype(self.dtype());
  return target.assign(base::dot(self, other));  // real dtypes: no conjugate
}

}  // namespace

TensorBase tensordot(const TensorBase& self, const TensorBase& other, IntList dims_self, IntList dims_other) {
  return contract(self, other, plan("tensordot", self, other, dims_self, dims_other));
}

void tensordot_out(TensorBase& out, const TensorBase& self, const TensorBase& other, IntList dims_self,
                   IntList dims_other) {
  const Plan p = plan("tensordot", self, other, dims_self, dims_other);
  Output target("tensordot", &out, "out");
  target.check_dtype(self.dtype());
  target.assign(contract(self, other, p));
}

TensorBase inner(const TensorBase& self, const TensorBase& other) { return inner_into(nullptr, self, other); }

void inner_out(TensorBase& out, const TensorBase& self, const TensorBase& other) { inner_into(&out, self, other); }

TensorBase vdot(const TensorBase& self, const TensorBase& other) { return vdot_into(nullptr, self, other); }

void vdot_out(TensorBase& out, const TensorBase& self, const TensorBase& other) { vdot_into(&out, self, other); }

}  // namespace ember::rt
