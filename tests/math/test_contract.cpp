// einsum, tensordot, inner and vdot through the C++ API
// (schemas/math/contract.yaml), every dtype and operand layout, against a
// naive loop over every assignment of an explicit equation's letters
// (blas_test_util.h's exact reference and bound).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "blas_test_util.h"
#include "ember/tensor.h"

namespace ember {
namespace {

using blastest::Expected;
using blastest::kDTypes;
using blastest::kLayouts;
using blastest::laid_out;
using blastest::layout_name;
using blastest::random;
using blastest::Values;

// The naive sum of products of an explicit equation of letters only
// ("ij,jk->ik"; no ellipsis), in `dtype`. Returns the number of terms
// summed into each element through `terms`.
Expected naive(const std::string& equation, const std::vector<Tensor>& ops, DType dtype, int64_t* terms) {
  const size_t arrow = equation.find("->");
  std::vector<std::string> inputs(1);
  for (char c : equation.substr(0, arrow)) {
    if (c == ',') inputs.emplace_back();
    else inputs.back().push_back(c);
  }
  const std::string output = equation.substr(arrow + 2);
  std::map<char, int64_t> size;
  for (size_t i = 0; i < ops.size(); ++i)
    for (size_t d = 0; d < inputs[i].size(); ++d) size[inputs[i][d]] = ops[i].size(static_cast<int64_t>(d));
  std::vector<int64_t> shape;
  for (char c : output) shape.push_back(size[c]);
  Expected want(dtype, shape);
  std::vector<Values> vals;
  for (const Tensor& t : ops) vals.push_back(blastest::values(t.to(dtype)));
  std::string letters;
  for (const auto& entry : size) letters.push_back(entry.first);
  std::map<char, int64_t> at;
  for (char c : letters) at[c] = 0;
  const auto flat = [&](const std::string& labels, const std::vector<int64_t>& dims) {
    int64_t k = 0;
    for (size_t d = 0; d < labels.size(); ++d) k = k * dims[d] + at[labels[d]];
    return k;
  };
  int64_t count = 1;
  for (char c : letters) count *= size[c];
  for (int64_t n = 0; n < count; ++n) {
    int64_t rest = n;
    for (auto c = letters.rbegin(); c != letters.rend(); ++c) {
      at[*c] = rest % size[*c];
      rest /= size[*c];
    }
    Values product;
    product.integral = is_integral(dtype);
    product.i = {1};
    product.f = {1};
    for (size_t i = 0; i < ops.size(); ++i) {
      const int64_t k = flat(inputs[i], vals[i].shape);
      if (product.integral) product.i[0] *= vals[i].i[k];
      else product.f[0] *= vals[i].f[k];
    }
    want.add(flat(output, shape), product, 0, 1.0);
  }
  int64_t out_count = 1;
  for (int64_t s : shape) out_count *= s;
  *terms = out_count == 0 ? 0 : count / out_count;
  return want;
}

struct EinsumCase {
  std::string equation;   // as einsum gets it
  std::string reference;  // explicit, over the operands as given (after `expand`)
  std::vector<std::vector<int64_t>> shapes;
  std::vector<int64_t> expand = {};  // the shape every operand is broadcast to for the reference, when given
};

const std::vector<EinsumCase> kCases = {
    {"ij,jk->ik", "ij,jk->ik", {{3, 4}, {4, 5}}},
    {"ij,jk", "ij,jk->ik", {{3, 4}, {4, 5}}},
    {"bij,bjk->bik", "bij,bjk->bik", {{2, 3, 4}, {2, 4, 5}}},
    {"...ij,...jk", "bij,bjk->bik", {{2, 3, 4}, {2, 4, 5}}},
    {"ij->ji", "ij->ji", {{3, 4}}},
    {"ii->i", "ii->i", {{4, 4}}},
    {"ii", "ii->", {{4, 4}}},
    {"iij,jk->ik", "iij,jk->ik", {{3, 3, 4}, {4, 2}}},
    {"i,i", "i,i->", {{6}, {6}}},
    {"i,j", "i,j->ij", {{3}, {4}}},
    {"ij,ij->ij", "ij,ij->ij", {{3, 4}, {3, 4}}},
    {"ij,kj,kl->il", "ij,kj,kl->il", {{3, 4}, {5, 4}, {5, 2}}},
    {"ijk,ikl,lm->jm", "ijk,ikl,lm->jm", {{2, 3, 4}, {2, 4, 3}, {3, 2}}},
    {"Ab,bC", "Ab,bC->AC", {{3, 4}, {4, 2}}},
    {"bA", "bA->Ab", {{3, 2}}},
    {"i...->...", "ij->j", {{3, 4}}},
    {"...i->i", "ji->i", {{3, 4}}},
    {"ij->", "ij->", {{3, 4}}},
    {",", ",->", {{}, {}}},
    {"i,->i", "i,->i", {{3}, {}}},
    {"ij,jk,kl", "ij,jk,kl->il", {{2, 0}, {0, 3}, {3, 2}}},
    {"ij,jk->ik", "ij,jk->ik", {{0, 3}, {3, 2}}},
};

TEST(Contract, EinsumEquations) {
  for (DType dtype : kDTypes)
    for (const EinsumCase& c : kCases)
      for (blastest::Layout layout : kLayouts) {
        std::vector<Tensor> ops;
        for (size_t i = 0; i < c.shapes.size(); ++i) ops.push_back(laid_out(random(c.shapes[i], dtype, 7 + i), layout));
        const Tensor got = einsum(c.equation, ops);
        // An integer letter summed in a single operand is summed as torch.sum does, to int64.
        const bool widened = is_integral(dtype) && got.dtype() == kLong;
        int64_t terms = 0;
        const Expected want = naive(c.reference, ops, widened ? kLong : dtype, &terms);
        EXPECT_TRUE(want.matches(got, terms, static_cast<int>(ops.size())))
            << c.equation << " " << dtype_name(dtype) << " " << layout_name(layout);
      }
}

TEST(Contract, EinsumDtypes) {
  const Tensor a = random({3, 3}, kInt, 1), v = random({3}, kInt, 2);
  EXPECT_EQ(einsum("ij,jk", {a, a}).dtype(), kInt);
  EXPECT_EQ(einsum("ij,j->i", {a, v}).dtype(), kInt);
  EXPECT_EQ(einsum("ii->i", {a}).dtype(), kInt);
  EXPECT_EQ(einsum("ij->j", {a}).dtype(), kLong);  // torch.sum's int64
  EXPECT_EQ(einsum("ij,k->k", {a, v}).dtype(), kLong);
  EXPECT_EQ(einsum("ii", {a}).dtype(), kLong);
  EXPECT_EQ(einsum("ij->j", {a.to(kHalf)}).dtype(), kHalf);
  // A single operand without sums is a view, as PyTorch's.
  EXPECT_EQ(einsum("ij->ji", {a}).data_ptr(), a.data_ptr());
}

TEST(Contract, EinsumBroadcast) {
  const std::vector<EinsumCase> cases = {
      {"...ij,...jk->...ik", "abij,abjk->abik", {{2, 1, 3, 4}, {5, 4, 2}}, {}},
      {"ij,jk", "ij,jk->ik", {{2, 1}, {3, 4}}, {}},
      {"i,i", "i,i->", {{1}, {5}}, {}},
      {"...,...", "ab,ab->ab", {{2, 1}, {3}}, {2, 3}},
  };
  for (DType dtype : {kLong, kDouble})
    for (const EinsumCase& c : cases) {
      std::vector<Tensor> ops;
      for (size_t i = 0; i < c.shapes.size(); ++i) ops.push_back(random(c.shapes[i], dtype, 3 + i));
      const Tensor got = einsum(c.equation, ops);
      std::vector<Tensor> full = ops;  // each letter at its broadcast size, for the naive loop
      if (!c.expand.empty()) {
        for (Tensor& t : full) t = t.expand(c.expand);
      } else if (c.equation == "...ij,...jk->...ik") {
        full = {ops[0].expand({2, 5, 3, 4}), ops[1].expand({2, 5, 4, 2})};
      } else if (c.equation == "ij,jk") {
        full = {ops[0].expand({2, 3}), ops[1]};
      } else {
        full = {ops[0].expand({5}), ops[1]};
      }
      int64_t terms = 0;
      EXPECT_TRUE(naive(c.reference, full, dtype, &terms).matches(got, terms, 2)) << c.equation;
    }
}

TEST(Contract, EinsumErrors) {
  const Tensor m = zeros({2, 3});
  const auto value = [](auto fn, const char* arg, const char* part) {
    try {
      fn();
      ADD_FAILURE() << "no error for " << part;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Value) << e.what();
      EXPECT_EQ(e.arg(), arg) << e.what();
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).rfind("einsum: ", 0), 0u) << e.what();
    }
  };
  value([&] { einsum("i$", {m}); }, "equation", "invalid subscript '$'");
  value([&] { einsum("...i...", {m}); }, "equation", "a second ellipsis");
  value([&] { einsum("ij->i->j", {m}); }, "equation", "invalid subscript '-'");
  value([&] { einsum("ij", {m, m}); }, "tensors", "1 operand(s) but 2");
  value([&] { einsum("ij...k", {m}); }, "tensors", "3 subscripts but it has 2 dims");
  value([&] { einsum("i", {m}); }, "tensors", "(and no ellipsis)");
  value([&] { einsum("...j,...j", {zeros({2, 1}), zeros({3, 1})}); }, "tensors", "ellipsis dim 0 has size 2");
  value([&] { einsum("ij->jj", {m}); }, "equation", "appears more than once");
}

// tensordot's reference: an equation giving self's dims a, b, ... and
// other's the letters after, the contracted pairs sharing self's letter.
std::string tensordot_equation(int64_t na, int64_t nb, const std::vector<int64_t>& da, const std::vector<int64_t>& db) {
  std::string a, b, out;
  for (int64_t d = 0; d < na; ++d) a.push_back(static_cast<char>('a' + d));
  for (int64_t d = 0; d < nb; ++d) b.push_back(static_cast<char>('n' + d));
  for (size_t k = 0; k < da.size(); ++k) b[(db[k] + nb) % nb] = a[(da[k] + na) % na];
  for (char c : a)
    if (b.find(c) == std::string::npos) out.push_back(c);
  for (char c : b)
    if (a.find(c) == std::string::npos) out.push_back(c);
  return a + "," + b + "->" + out;
}

struct DotCase {
  std::vector<int64_t> a, b, da, db;
};

const std::vector<DotCase> kDotCases = {
    {{3, 4}, {4, 5}, {1}, {0}},
    {{3, 4, 5}, {4, 5, 2}, {1, 2}, {0, 1}},
    {{3, 4, 5}, {5, 4, 2}, {2, 1}, {0, 1}},
    {{3, 5, 4, 6}, {6, 4, 5, 3}, {2, 1, 3}, {1, 2, 0}},
    {{3, 4}, {5, 2}, {}, {}},
    {{3, 4}, {4, 3}, {0, -1}, {-1, 0}},
    {{0, 4}, {4, 2}, {1}, {0}},
};

TEST(Contract, TensordotShapes) {
  for (DType dtype : kDTypes)
    for (const DotCase& c : kDotCases)
      for (blastest::Layout layout : kLayouts) {
        const Tensor a = laid_out(random(c.a, dtype, 11), layout), b = laid_out(random(c.b, dtype, 12), layout);
        const Tensor got = tensordot(a, b, c.da, c.db);
        int64_t terms = 0;
        const std::string eq = tensordot_equation(a.dim(), b.dim(), c.da, c.db);
        EXPECT_TRUE(naive(eq, {a, b}, dtype, &terms).matches(got, terms)) << eq << " " << dtype_name(dtype);
      }
}

TEST(Contract, TensordotDtypes) {
  // A contracted dim of size 1 against a longer one: the longer is summed first.
  const Tensor a = random({2, 1}, kDouble, 1), b = random({3, 4}, kDouble, 2);
  const Tensor got = tensordot(a, b, {1}, {0});
  int64_t terms = 0;
  EXPECT_TRUE(naive("ij,jk->ik", {a.expand({2, 3}), b}, kDouble, &terms).matches(got, terms, 2));
  EXPECT_EQ(tensordot(random({2, 3}, kShort, 1), random({3}, kShort, 2), {1}, {0}).dtype(), kShort);
}

TEST(Contract, TensordotOut) {
  const Tensor a = random({3, 3}, kDouble, 5), b = random({3, 3}, kDouble, 6);
  const Tensor want = tensordot(a, b, {1}, {0});
  Tensor out = empty({0}, kDouble);
  tensordot_out(out, a, b, {1}, {0});
  EXPECT_TRUE(equal(out, want));
  Tensor aliased = a.clone();  // out is self: the result is computed before it is written
  tensordot_out(aliased, aliased, b, {1}, {0});
  EXPECT_TRUE(equal(aliased, want));
  Tensor wrong = zeros({2}, kFloat);
  EXPECT_THROW(tensordot_out(wrong, a, b, {1}, {0}), Error);
  EXPECT_TRUE(equal(wrong, zeros({2}, kFloat)));
}

TEST(Contract, TensordotErrors) {
  try {
    tensordot(zeros({2, 3}), zeros({3, 4}), {0}, {0});
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.arg(), "dims_other");
    EXPECT_NE(std::string(e.what()).find("tensordot: contracted dims must match"), std::string::npos) << e.what();
  }
}

TEST(Contract, Inner) {
  for (DType dtype : kDTypes)
    for (blastest::Layout layout : kLayouts) {
      const Tensor a = laid_out(random({3, 4}, dtype, 1), layout), b = laid_out(random({2, 5, 4}, dtype, 2), layout);
      int64_t terms = 0;
      EXPECT_TRUE(naive("ai,bci->abc", {a, b}, dtype, &terms).matches(inner(a, b), terms)) << dtype_name(dtype);
      EXPECT_TRUE(naive("i,i->", {a.select(0, 0), b.select(0, 0).select(0, 0)}, dtype, &terms)
                      .matches(a.select(0, 0).inner(b.select(0, 0).select(0, 0)), terms));
    }
  // A 0-dim operand multiplies, promoting as mul does.
  const Tensor s = scalar_tensor(2.5, kDouble), v = from_vector(std::vector<int64_t>{1, 2}, {2});
  EXPECT_TRUE(equal(inner(s, v), from_vector(std::vector<double>{2.5, 5.0}, {2})));
  Tensor out = empty({0});
  inner_out(out, random({2, 3}, kFloat, 3), random({3}, kFloat, 4));
  EXPECT_EQ(out.shape(), std::vector<int64_t>{2});
}

TEST(Contract, Vdot) {
  for (DType dtype : kDTypes) {
    const Tensor a = random({7}, dtype, 1), b = laid_out(random({7}, dtype, 2), blastest::Layout::Strided);
    int64_t terms = 0;
    EXPECT_TRUE(naive("i,i->", {a, b}, dtype, &terms).matches(vdot(a, b), terms)) << dtype_name(dtype);
    Tensor out = empty({0}, dtype);
    vdot_out(out, a, b);
    EXPECT_TRUE(equal(out, a.vdot(b)));
  }
}

}  // namespace
}  // namespace ember
