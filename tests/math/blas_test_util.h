// Helpers of the matrix-product tests: random tensors of every dtype laid
// out the ways BLAS sees (or cannot see) them, a naive reference on their
// values, and the TH C functions of every dtype behind one switch.
//
// The reference reads a tensor's values exactly (int64 for integer dtypes,
// double for floating ones) and sums in uint64_t (integers: wrapping, so
// the low bits are exact) or long double. Results are compared exactly
// for integers (the reference wrapped to the dtype), and for floating
// dtypes within a bound on the rounding of a sum in the accumulate type:
// `mass` (the sum of the terms' magnitudes) times (terms + 2) unit
// roundoffs of the accumulate type, plus `rounds` roundings to the dtype.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "TH/TH.h"
#include "ember/tensor.h"

namespace ember::blastest {

// Every dtype with matrix products (schemas/math/blas.yaml: numeric).
inline const std::vector<DType> kDTypes = {kByte, kChar, kShort, kInt, kLong, kFloat, kDouble, kHalf, kBFloat16};

// Random values: integers over the dtype's range (products wrap), floating
// values in [-2, 2].
Tensor random(IntList sizes, DType dtype, uint32_t seed);

// How an operand is laid out (its values are those of the tensor given,
// except Expanded: the first entry along the last-but-one dim, or along
// dim 0 of a vector, broadcast over it).
enum class Layout { Contiguous, Transposed, Narrowed, Strided, Expanded };
inline const Layout kLayouts[] = {Layout::Contiguous, Layout::Transposed, Layout::Narrowed, Layout::Strided,
                                  Layout::Expanded};
const char* layout_name(Layout l);
Tensor laid_out(const Tensor& t, Layout l);

// A tensor's values in row-major order, for the reference.
struct Values {
  std::vector<int64_t> shape;
  bool integral = false;
  std::vector<uint64_t> i;
  std::vector<long double> f;
};
Values values(const Tensor& t);

// The reference's numbers: one of the two representations, with the
// magnitude of what was summed into each (floating only).
class Expected {
 public:
  Expected(DType dtype, std::vector<int64_t> shape);
  int64_t numel() const { return static_cast<int64_t>(mass_.size()); }
  // out[o] += scale * a[ia] * b[ib] (one term of a sum).
  void add_product(int64_t o, const Values& a, int64_t ia, const Values& b, int64_t ib, double scale);
  // out[o] += scale * a[ia].
  void add(int64_t o, const Values& a, int64_t ia, double scale);
  // The comparison; terms: the number of additions per element, rounds:
  // roundings to the dtype.
  ::testing::AssertionResult matches(const Tensor& got, int64_t terms, int rounds = 1) const;
  std::vector<int64_t> shape;

 private:
  DType dtype_;
  bool integral_;
  std::vector<uint64_t> i_;
  std::vector<long double> f_;
  std::vector<long double> mass_;
};

// beta * self + alpha * a @ b over the last two dims, batch dims of equal
// size (self broadcast to the result's shape first). sum_batches adds the
// products over dim 0 (addbmm). beta == 0 ignores self.
Expected ref_matmul(DType dtype, const Tensor* self, const Tensor& a, const Tensor& b, double beta, double alpha,
                    bool sum_batches = false);
// beta * self + alpha * mat @ vec.
Expected ref_mv(DType dtype, const Tensor* self, const Tensor& mat, const Tensor& vec, double beta, double alpha);
// beta * self + alpha * outer(x, y).
Expected ref_outer(DType dtype, const Tensor* self, const Tensor& x, const Tensor& y, double beta, double alpha);

// Scalars the tests use: exact in every dtype (integers for integer dtypes).
double beta_for(DType dtype, int which);
double alpha_for(DType dtype, int which);

// TH's C functions of the tensors' dtype (errors through TH's handlers).
void th_addmm(const Tensor& r, double beta, const Tensor& t, double alpha, const Tensor& m1, const Tensor& m2);
void th_addmv(const Tensor& r, double beta, const Tensor& t, double alpha, const Tensor& mat, const Tensor& vec);
void th_addr(const Tensor& r, double beta, const Tensor& t, double alpha, const Tensor& v1, const Tensor& v2);
void th_baddbmm(const Tensor& r, double beta, const Tensor& t, double alpha, const Tensor& b1, const Tensor& b2);
void th_addbmm(const Tensor& r, double beta, const Tensor& t, double alpha, const Tensor& b1, const Tensor& b2);
// TH's accreal, as long double (exact for every integer accreal).
long double th_dot(const Tensor& a, const Tensor& b);

}  // namespace ember::blastest
