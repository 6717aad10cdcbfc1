// Reducers for reduce_all / reduce_dim (kernels/reduce.h), and the
// comparisons for reduce_dim_index.
//
// A Reducer for element type T provides
//   using acc_type;
//   acc_type identity() const;                      // the empty reduction
//   acc_type combine(acc_type acc, opmath_t<T> x) const;
//   acc_type merge(acc_type a, acc_type b) const;   // two partial results
//   R finalize(acc_type acc, int64_t count) const;  // count: elements reduced
// merge must be associative enough for the caller's purpose: kernels
// merge in a fixed order (Note [deterministic parallelism]) but not the
// order a sequential loop would. combine and merge should be branch-free
// (selects, not ifs) so loops over them vectorize.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "kernels/opmath.h"

namespace ember::kernels {

template <class T>
struct Sum {
  using acc_type = acc_t<T>;
  acc_type identity() const { return acc_type(0); }
  acc_type combine(acc_type acc, opmath_t<T> x) const { return acc + static_cast<acc_type>(x); }
  acc_type merge(acc_type a, acc_type b) const { return a + b; }
  acc_type finalize(acc_type acc, int64_t) const { return acc; }
};

// Mean of no elements is 0/0: NaN.
template <class T>
struct Mean : Sum<T> {
  using acc_type = acc_t<T>;
  static_assert(std::is_floating_point_v<acc_type>, "the mean of integers has no exact result type");
  acc_type finalize(acc_type acc, int64_t count) const { return acc / static_cast<acc_type>(count); }
};

// NaN propagates: once the accumulator is NaN it stays NaN.
template <class T>
struct Max {
  using acc_type = opmath_t<T>;
  acc_type identity() const {
    return std::numeric_limits<acc_type>::has_infinity ? -std::numeric_limits<acc_type>::infinity()
                                                       : std::numeric_limits<acc_type>::lowest();
  }
  acc_type combine(acc_type acc, acc_type x) const { return (x > acc || is_nan(x)) ? x : acc; }
  acc_type merge(acc_type a, acc_type b) const { return combine(a, b); }
  acc_type finalize(acc_type acc, int64_t) const { return acc; }
};

template <class T>
struct Min {
  using acc_type = opmath_t<T>;
  acc_type identity() const {
    return std::numeric_limits<acc_type>::has_infinity ? std::numeric_limits<acc_type>::infinity()
                                                       : std::numeric_limits<acc_type>::max();
  }
  acc_type combine(acc_type acc, acc_type x) const { return (x < acc || is_nan(x)) ? x : acc; }
  acc_type merge(acc_type a, acc_type b) const { return combine(a, b); }
  acc_type finalize(acc_type acc, int64_t) const { return acc; }
};

// better(a, b): a should replace the current best b. Strict, so the first
// of equal elements wins; NaN is handled by the kernel.
struct Greater {
  template <class M>
  bool operator()(M a, M b) const { return a > b; }
};

struct Less {
  template <class M>
  bool operator()(M a, M b) const { return a < b; }
};

}  // namespace ember::kernels
