// einsum (schemas/math/contract.yaml): the equation parsed into labels,
// each operand viewed over every label of the equation (repeated labels
// as a diagonal, absent ones as size-1 dims), then contracted pairwise
// from the left as PyTorch 1.13 does without opt_einsum: a label no later
// operand or the output needs is summed where it is alone, or contracted
// by one bmm where both sides hold it.
#include <algorithm>
#include <string>
#include <vector>

#include "ember/error.h"
#include "ember/ops/bmm.h"
#include "ember/ops/expand.h"
#include "ember/ops/mul.h"
#include "ember/ops/permute.h"
#include "ember/ops/reshape.h"
#include "ember/ops/squeeze_dim.h"
#include "ember/ops/sum_dims.h"
#include "ember/ops/to.h"
#include "runtime/ops/contract.h"

namespace ember::rt {
namespace {

// Labels: A-Z are 0-25 and a-z 26-51 (ASCII order, the implicit output's
// order); the dims an ellipsis covers follow, right-aligned across operands.
constexpr int kLetters = 52;
constexpr int kEllipsis = -1;  // where "..." stands in a term

char letter(int label) { return static_cast<char>(label < 26 ? 'A' + label : 'a' + label - 26); }

struct Equation {
  std::vector<std::vector<int>> inputs;  // each operand's term
  std::vector<int> output;
  bool explicit_output = false;
};

[[noreturn]] void bad_equation(const std::string& why) { fail(ErrorKind::Value, "einsum: " + why, "equation"); }

Equation parse(std::string_view text) {
  Equation eq;
  eq.inputs.emplace_back();
  std::vector<int>* term = &eq.inputs.back();
  bool ellipsis = false;  // seen in the current term
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ') continue;  // PyTorch ignores spaces
    if (c == ',' && !eq.explicit_output) {
      term = &eq.inputs.emplace_back();
      ellipsis = false;
    } else if (c == '-' && text.substr(i, 2) == "->" && !eq.explicit_output) {
      eq.explicit_output = true;
      term = &eq.output;
      ellipsis = false;
      ++i;
    } else if (c == '.') {
      if (text.substr(i, 3) != "...") bad_equation(str("'.' at index ", i, " is not part of an ellipsis '...'"));
      if (ellipsis) bad_equation(str("a second ellipsis at index ", i, " in one term"));
      ellipsis = true;
      term->push_back(kEllipsis);
      i += 2;
    } else if (c >= 'A' && c <= 'Z') {
      term->push_back(c - 'A');
    } else if (c >= 'a' && c <= 'z') {
      term->push_back(c - 'a' + 26);
    } else {
      bad_equation(str("invalid subscript '", c, "' at index ", i, "; subscripts are letters a-z and A-Z"));
    }
  }
  return eq;
}

int64_t letters_in(const std::vector<int>& term) {
  int64_t n = 0;
  for (int l : term) n += l != kEllipsis;
  return n;
}

bool has_ellipsis(const std::vector<int>& term) { return letters_in(term) != static_cast<int64_t>(term.size()); }

// What the operands say about each label, checked against the equation.
struct Labels {
  std::vector<std::vector<int>> dims;  // per operand, the label of each dim
  std::vector<int64_t> size;           // per label: the broadcast size, -1 where unused
  std::vector<int> last;               // per label: the last operand holding it (n for output labels)
  std::vector<int> uses;               // per label: how many times the inputs write it
  std::vector<int> output;
};

std::string label_text(int label) {
  return label < kLetters ? str("subscript ", letter(label)) : str("ellipsis dim ", label - kLetters);
}

Labels read_labels(const Equation& eq, const TensorBaseList& tensors) {
  const int n = static_cast<int>(tensors.size());
  int64_t ellipsis_dims = 0;
  for (int i = 0; i < n; ++i) {
    const std::vector<int>& term = eq.inputs[i];
    const int64_t letters = letters_in(term), ndim = tensors[i].dim();
    if (has_ellipsis(term) ? letters > ndim : letters != ndim)
      fail(ErrorKind::Value, str("einsum: the equation gives operand ", i, " ", letters, " subscripts but it has ", ndim,
                                 " dims", has_ellipsis(term) ? "" : " (and no ellipsis)"), "tensors");
    if (has_ellipsis(term)) ellipsis_dims = std::max(ellipsis_dims, ndim - letters);
  }
  Labels L;
  L.size.assign(kLetters + ellipsis_dims, -1);
  L.last.assign(L.size.size(), -1);
  L.uses.assign(L.size.size(), 0);
  for (int i = 0; i < n; ++i) {
    std::vector<int>& dims = L.dims.emplace_back();
    const int64_t covered = tensors[i].dim() - letters_in(eq.inputs[i]);
    for (int l : eq.inputs[i]) {
      if (l != kEllipsis) dims.push_back(l);
      for (int64_t k = 0; l == kEllipsis && k < covered; ++k) dims.push_back(kLetters + ellipsis_dims - covered + k);
    }
    std::vector<int64_t> own(L.size.size(), -1);  // sizes within this operand: a repeat must match exactly
    for (size_t d = 0; d < dims.size(); ++d) {
      const int l = dims[d];
      const int64_t s = tensors[i].size(static_cast<int64_t>(d));
      if (own[l] >= 0 && own[l] != s)
        fail(ErrorKind::Value, str("einsum: ", label_text(l), " is repeated in operand ", i, " with sizes ", own[l],
                                   " and ", s), "tensors");
      own[l] = s;
      ++L.uses[l];
      if (L.size[l] >= 0 && L.size[l] != 1 && s != 1 && s != L.size[l])
        fail(ErrorKind::Value, str("einsum: ", label_text(l), " has size ", L.size[l], " in an operand before operand ",
                                   i, ", where it has size ", s, " (sizes must match or be 1)"), "tensors");
      if (L.size[l] < 0 || L.size[l] == 1) L.size[l] = s;
      L.last[l] = i;
    }
  }
  if (eq.explicit_output) {
    for (int l : eq.output) {
      for (int64_t k = 0; l == kEllipsis && k < ellipsis_dims; ++k) L.output.push_back(kLetters + static_cast<int>(k));
      if (l == kEllipsis) continue;
      if (L.uses[l] == 0) bad_equation(str("output subscript ", letter(l), " appears in no operand"));
      for (int o : L.output)
        if (o == l) bad_equation(str("output subscript ", letter(l), " appears more than once in the output"));
      L.output.push_back(l);
    }
  } else {  // the ellipsis dims, then the letters written once, in ASCII order
    for (int64_t k = 0; k < ellipsis_dims; ++k) L.output.push_back(kLetters + static_cast<int>(k));
    for (int l = 0; l < kLetters; ++l)
      if (L.uses[l] == 1) L.output.push_back(l);
  }
  for (int l : L.output) L.last[l] = n;
  return L;
}

// The operands' common dtype: PyTorch sums a label alone in one operand
// with torch.sum, which gives integers int64, so such equations compute
// in int64 (PyTorch 1.13 raises instead where that sum meets a later bmm).
DType compute_dtype(const TensorBaseList& tensors, const Labels& L) {
  const DType dtype = tensors[0].dtype();
  for (size_t i = 1; i < tensors.size(); ++i)
    if (tensors[i].dtype() != dtype)
      fail(ErrorKind::Type, str("einsum: tensors[", i, "] has dtype ", dtype_name(tensors[i].dtype()),
                                " but tensors[0] has ", dtype_name(dtype), " (no type promotion)"), "tensors");
  if (is_bool(dtype)) fail(ErrorKind::Type, "einsum: not implemented for Bool (no matrix products)", "tensors");
  if (!is_integral(dtype)) return dtype;
  for (size_t l = 0; l < L.size.size(); ++l) {
    bool in_output = false;
    for (int o : L.output) in_output |= o == static_cast<int>(l);
    int holders = 0;
    for (const std::vector<int>& dims : L.dims) holders += std::count(dims.begin(), dims.end(), l) > 0;
    if (!in_output && holders == 1) return DType::Long;
  }
  return dtype;
}

// An operand as it is contracted: a view over every label (the output's
// first, in `order`), and which of them it holds.
struct Operand {
  TensorBase t;
  std::vector<char> holds;
};

Operand aligned(const TensorBase& t, const std::vector<int>& dims, const std::vector<int>& position, size_t nlabels,
                DType dtype) {
  std::vector<int64_t> sizes(nlabels, 1), strides(nlabels, 0);
  std::vector<char> holds(nlabels, 0);
  for (size_t d = 0; d < dims.size(); ++d) {
    const int p = position[dims[d]];
    sizes[p] = t.size(static_cast<int64_t>(d));
    strides[p] += t.stride(static_cast<int64_t>(d));  // a repeated label walks the diagonal
    holds[p] = 1;
  }
  TensorBase v = TensorBase::adopt(
      tensor_new_with_storage(t.dtype(), t.impl()->storage, t.storage_offset(), sizes, strides, sizes.empty()));
  return {v.dtype() == dtype ? v : base::to(v, dtype), holds};
}

// Sums (keeping the dim) the labels `a` holds that `other` does not and
// no operand after `step` or the output needs.
void sum_alone(Operand& a, const Operand* other, int step, const std::vector<int>& order, const Labels& L) {
  std::vector<int64_t> dims;
  for (size_t p = 0; p < order.size(); ++p)
    if (a.holds[p] && !(other && other->holds[p]) && L.last[order[p]] <= step) {
      dims.push_back(static_cast<int64_t>(p));
      a.holds[p] = 0;
    }
  if (!dims.empty()) a.t = base::sum(a.t, dims, true);
}

// a * b summed over the labels both hold that nothing later needs: one
// bmm over [batch, a's own, summed] x [batch, summed, b's own].
Operand product(const Operand& a, const Operand& b, int step, const std::vector<int>& order, const Labels& L) {
  std::vector<int64_t> batch, left, right, summed, rest;
  for (size_t p = 0; p < order.size(); ++p) {
    const auto pp = static_cast<int64_t>(p);
    if (a.holds[p] && b.holds[p]) (L.last[order[p]] > step ? batch : summed).push_back(pp);
    else if (a.holds[p]) left.push_back(pp);
    else if (b.holds[p]) right.push_back(pp);
    else rest.push_back(pp);
  }
  std::vector<char> holds(order.size());
  for (size_t p = 0; p < order.size(); ++p) holds[p] = a.holds[p] || b.holds[p];
  if (summed.empty()) return {base::mul(a.t, b.t), holds};
  for (int64_t p : summed) holds[p] = 0;
  // Broadcast size of each label (a size-1 side expands).
  const auto size = [&](int64_t p) { return a.t.size(p) == 1 ? b.t.size(p) : a.t.size(p); };
  const auto count = [&](const std::vector<int64_t>& ps) {
    int64_t n = 1;
    for (int64_t p : ps) n *= size(p);
    return n;
  };
  // t's groups of labels in order, broadcast, as a [rows of the groups but the last] tensor of `shape`.
  const auto matrix = [&](const TensorBase& t, std::vector<const std::vector<int64_t>*> groups, IntList shape) {
    std::vector<int64_t> perm, sizes;
    for (const auto* g : groups)
      for (int64_t p : *g) {
        perm.push_back(p);
        sizes.push_back(g != groups.back() ? size(p) : 1);
      }
    return base::reshape(base::expand(base::permute(t, perm), sizes), shape);
  };
  std::vector<int64_t> a_rest = rest, b_rest = rest;
  a_rest.insert(a_rest.end(), right.begin(), right.end());
  b_rest.insert(b_rest.end(), left.begin(), left.end());
  const int64_t nb = count(batch), nl = count(left), ns = count(summed), nr = count(right);
  const TensorBase r = base::bmm(matrix(a.t, {&batch, &left, &summed, &a_rest}, {nb, nl, ns}),
                                 matrix(b.t, {&batch, &summed, &right, &b_rest}, {nb, ns, nr}));
  // Back over every label: [batch, left, right] then the size-1 rest.
  std::vector<int64_t> from = batch, shape;
  for (const auto* g : {&left, &right, &summed, &rest}) from.insert(from.end(), g->begin(), g->end());
  for (int64_t p : from) shape.push_back(holds[p] ? size(p) : 1);
  std::vector<int64_t> perm(order.size());
  for (size_t k = 0; k < from.size(); ++k) perm[from[k]] = static_cast<int64_t>(k);
  return {base::permute(base::reshape(r, shape), perm), holds};
}

}  // namespace

TensorBase einsum(std::string_view equation, const TensorBaseList& tensors) {
  const Equation eq = parse(equation);
  if (tensors.empty()) fail(ErrorKind::Value, "einsum: expected at least one operand", "tensors");
  for (size_t i = 0; i < tensors.size(); ++i)
    if (!tensors[i].defined()) fail(ErrorKind::Value, str("einsum: tensors[", i, "] is undefined"), "tensors");
  if (eq.inputs.size() != tensors.size())
    fail(ErrorKind::Value, str("einsum: the equation has ", eq.inputs.size(), " operand(s) but ", tensors.size(),
                               " tensor(s) were given"), "tensors");
  const Labels L = read_labels(eq, tensors);
  const DType dtype = compute_dtype(tensors, L);
  // Every used label, the output's first: the result is then the leading dims.
  std::vector<int> order = L.output;
  for (int l = 0; l < static_cast<int>(L.size.size()); ++l)
    if (L.uses[l] > 0 && L.last[l] < static_cast<int>(tensors.size())) order.push_back(l);
  std::vector<int> position(L.size.size(), -1);
  for (size_t p = 0; p < order.size(); ++p) position[order[p]] = static_cast<int>(p);

  Operand acc = aligned(tensors[0], L.dims[0], position, order.size(), dtype);
  sum_alone(acc, nullptr, 0, order, L);
  for (int i = 1; i < static_cast<int>(tensors.size()); ++i) {
    Operand next = aligned(tensors[i], L.dims[i], position, order.size(), dtype);
    sum_alone(next, &acc, i, order, L);
    acc = product(acc, next, i, order, L);
  }
  // The labels after the output's are size 1 now: summed, or never held.
  TensorBase result = acc.t;
  for (auto d = static_cast<int64_t>(order.size()) - 1; d >= static_cast<int64_t>(L.output.size()); --d)
    result = base::squeeze(result, d);
  return result;
}

}  // namespace ember::rt
