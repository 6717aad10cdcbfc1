// The helpers the generated op tests' checkers share (harness.cpp for
// pointwise ops, harness_reduce.cpp for reductions, sorts and scans):
// inputs per dtype and layout, element access by run-time dtype, expected
// values and their comparison. Internal to tests/ops.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tests/ops/harness.h"
#include "tests/common/index_walk.h"

namespace ember::optest::detail {

using Shape = std::vector<int64_t>;

const char* layout_name(Layout l);
std::string shape_text(const Shape& s);

// ---- elements by run-time dtype ------------------------------------------

double load_f(DType d, const char* p);
int64_t load_i(DType d, const char* p);
void store_f(DType d, char* p, double v);
void store_i(DType d, char* p, int64_t v);
// The nearest value of dtype `d` (Half and BFloat16 round through float,
// as the library's own conversions do).
double round_to(DType d, double v);
// `v` converted to integral or bool dtype `d`: wraps modulo 2^bits; bool is v != 0.
int64_t wrap_to(DType d, int64_t v);
double max_finite(DType d);
double min_normal(DType d);

DType compute_of(Rule r, DType promoted);
DType result_of(Rule r, DType promoted);
double tol_of(const OpSpec& op, DType compute);

using testutil::for_each_index;

int64_t numel_of(const Shape& s);

// Reads a tensor at indices of a (broadcast) loop shape: its dims align
// to the right; missing and size-1 dims read index 0.
class Reader {
 public:
  Reader() = default;
  Reader(const Tensor& t, const Shape& loop) : dtype_(t.dtype()), base_(static_cast<const char*>(t.data_ptr())) {
    const int64_t es = static_cast<int64_t>(element_size(dtype_));
    const int n = static_cast<int>(loop.size());
    const int m = static_cast<int>(t.dim());
    steps_.assign(n, 0);
    for (int d = 0; d < n; ++d) {
      const int j = d - (n - m);
      if (j >= 0 && t.sizes()[j] != 1) steps_[d] = t.strides()[j] * es;
    }
  }
  const char* at(const Shape& idx) const {
    const char* p = base_;
    for (size_t d = 0; d < steps_.size(); ++d) p += idx[d] * steps_[d];
    return p;
  }
  double f(const Shape& idx) const { return load_f(dtype_, at(idx)); }
  int64_t i(const Shape& idx) const { return load_i(dtype_, at(idx)); }
  DType dtype() const { return dtype_; }

 private:
  DType dtype_ = DType::Float;
  const char* base_ = nullptr;
  Shape steps_;
};

// Row-major element values of a tensor, for TH's equal-count semantics.
std::vector<double> flat_f(const Tensor& t);
std::vector<int64_t> flat_i(const Tensor& t);
// Whether two tensors of one shape and dtype hold the same bytes.
bool same_bytes(const Tensor& a, const Tensor& b);
bool has_stride_zero(const Tensor& t);

// ---- inputs ----------------------------------------------------------------

// splitmix64: deterministic, and independent of the standard library.
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t next() {
    uint64_t z = (s_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  int64_t between(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1)); }

 private:
  uint64_t s_;
};

uint64_t seed_of(const char* name, int a, int b);

struct Range {
  double lo, hi;
};

Range dtype_range(DType d);
// Note [domains].
Range domain_of(const ArgSpec& a, DType d);
double random_value(DType d, Range r, Rng& rng);
// A number of the kind PyTorch would wrap for a tensor of dtype `d`.
Scalar scalar_for(DType d, Range r, Rng& rng);
std::vector<double> special_values(DType d);
// A dense tensor of values from `r`.
Tensor random_tensor(DType d, const Shape& shape, Range r, Rng& rng);
// Input k (0 is self) of a case, Note [layouts].
Tensor make_input(DType d, Layout layout, int k, Range range, Rng& rng, bool reduction);

// ---- expected values and comparison ---------------------------------------

struct Expected {
  DType dtype;
  Shape shape;
  std::vector<double> f;       // floating results
  std::vector<double> bound;   // allowed |actual - expected|, Note [tolerance]
  std::vector<int64_t> i;      // integral and bool results
};

Expected expect_like(DType dtype, Shape shape);
void push_f(Expected& e, double v, double tol, double scale);
bool close(double a, double e, double bound);

// Describes the inputs of the element at row-major position k (for messages).
using Describe = std::string (*)(const void* ctx, int64_t k);

// Compares `actual` with `e` element by element, in row-major order.
void compare(const Tensor& actual, const Expected& e, const std::string& what, Describe describe = nullptr,
             const void* ctx = nullptr);

// Runs `call`; an ember::Error becomes a test failure naming the case.
template <class F>
bool run_call(const std::string& what, F&& call) {
  try {
    call();
    return true;
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": threw " << e.what();
    return false;
  }
}

// Snapshots of inputs a functional or out= call must leave alone.
std::vector<Tensor> snapshot(const Args& a);
void check_unchanged(const Args& a, const std::vector<Tensor>& before, const std::string& what);
Args make_args(const OpSpec& op, DType d, Layout layout, bool scalars, uint64_t seed, bool reduction);
Tensor fresh_out(DType dtype, const Shape& shape, Layout layout);

// ---- TH's C API ------------------------------------------------------------

DType param_dtype(const CParam& p, DType d);
// TH's cases: A, contiguous [3, 4] inputs and a fresh result; B, the first
// input a transposed [3, 4] view, the others [12] vectors and the result
// an existing non-contiguous [3, 4] view; C (reductions), a [5] vector.
Tensor th_input(DType d, int which, bool first, Range r, Rng& rng);
Tensor th_result(DType d, int case_b);
// THTensor_cadd -> THFloatTensor_cadd (detail)
std::string th_text(const ThSpec& fn, DType d, const std::string& detail);

}  // namespace ember::optest::detail
