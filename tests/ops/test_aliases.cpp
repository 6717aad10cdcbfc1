// The schema's `aliases` in C++: every form of an alias (function, method,
// in place, out=) gives exactly what the op it names gives, in the same
// dtype, and its errors are the op's (docs/adding-an-op.md, `aliases`).
#include <gtest/gtest.h>

#include <string>

#include "tests/ops/harness.h"

namespace ember::optest {
namespace {

Tensor sample(double lo, double hi) { return add(mul(rand({3, 4}, kDouble), hi - lo), lo); }

void expect_same(const Tensor& got, const Tensor& want) {
  EXPECT_EQ(got.dtype(), want.dtype());
  EXPECT_TRUE(equal(got, want));
}

TEST(Aliases, UnaryFormsMatchTheirOp) {
  const Tensor x = sample(-0.9, 0.9);
  expect_same(absolute(x), abs(x));
  expect_same(x.arccos(), x.acos());
  expect_same(arctanh(x), atanh(x));
  Tensor a = x.clone(), b = x.clone();
  expect_same(a.negative_(), b.neg_());
  Tensor out = empty({0}, kDouble), want = empty({0}, kDouble);
  expect_same(fix_out(out, mul(x, 5)), trunc_out(want, mul(x, 5)));
}

TEST(Aliases, BinaryAndListFormsMatchTheirOp) {
  const Tensor x = sample(-3, 3), y = sample(-3, 3);
  expect_same(subtract(x, y, 2), sub(x, y, 2));
  expect_same(x.multiply(y), mul(x, y));
  expect_same(divide(x, y, "floor"), div(x, y, "floor"));
  expect_same(greater_equal(x, 0.5), ge(x, 0.5));
  expect_same(x.not_equal(y), ne(x, y));
  expect_same(clip(x, -1.0, 1.0), clamp(x, -1.0, 1.0));
  expect_same(concatenate({x, y}, 1), cat({x, y}, 1));
  expect_same(row_stack({x, y}), vstack({x, y}));
}

// The message of the error `f` raises, which must be of `kind`.
template <class F>
std::string message_of(F f, ErrorKind kind) {
  try {
    f();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), kind);
    return e.what();
  }
  ADD_FAILURE() << "no error";
  return {};
}

TEST(Aliases, ErrorsAreTheirOps) {
  const Tensor b = rand({3}, kDouble).to_bool();
  EXPECT_EQ(message_of([&] { subtract(b, b); }, ErrorKind::Type).rfind("sub: ", 0), 0u);
  EXPECT_EQ(message_of([&] { concat({rand({2, 2}, kDouble), rand({2}, kDouble)}, 0); }, ErrorKind::Value).rfind("cat: ", 0), 0u);
}

}  // namespace
}  // namespace ember::optest
