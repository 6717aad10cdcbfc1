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
// (selects, not ifs) so loops over them vectorize. They are
// EMBER_HOST_DEVICE: the CUDA reductions (kernels/cuda/reduce.cuh) run them.
// A reducer may also provide `run_reducer`, itself accumulating in
// opmath_t<T>, and `kRun`: float32 inputs then go kRun elements per lane
// through run_reducer before each merge into the double accumulator
// (Note [runs in float], kernels/reduce.h); such a reducer states its
// combine and merge on GCC's vectors too, as static templates
// combine_vectors and merge_vectors (Note [vector runs]).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

#include "ember/host_device.h"
#include "kernels/opmath.h"

namespace ember::kernels {

template <class T, class Acc = acc_t<T>>
struct Sum {
  using acc_type = Acc;
  using run_reducer = Sum<T, opmath_t<T>>;
  static constexpr int kRun = 8;
  EMBER_HOST_DEVICE acc_type identity() const { return acc_type(0); }
  EMBER_HOST_DEVICE acc_type combine(acc_type acc, opmath_t<T> x) const { return acc + static_cast<acc_type>(x); }
  EMBER_HOST_DEVICE acc_type merge(acc_type a, acc_type b) const { return a + b; }
  EMBER_HOST_DEVICE acc_type finalize(acc_type acc, int64_t) const { return acc; }
  template <class V>
  static V combine_vectors(V acc, V x) {
    return acc + x;
  }
  template <class V>
  static V merge_vectors(V a, V b) {
    return a + b;
  }
};

// Mean of no elements is 0/0: NaN.
template <class T>
struct Mean : Sum<T> {
  using acc_type = acc_t<T>;
  static_assert(std::is_floating_point_v<acc_type>, "the mean of integers has no exact result type");
  EMBER_HOST_DEVICE acc_type finalize(acc_type acc, int64_t count) const { return acc / static_cast<acc_type>(count); }
};

// NaN propagates: once the accumulator is NaN it stays NaN.
template <class T>
struct Max {
  using acc_type = opmath_t<T>;
  EMBER_HOST_DEVICE acc_type identity() const {
    return std::numeric_limits<acc_type>::has_infinity ? -std::numeric_limits<acc_type>::infinity()
                                                       : std::numeric_limits<acc_type>::lowest();
  }
  EMBER_HOST_DEVICE acc_type combine(acc_type acc, acc_type x) const { return (x > acc || is_nan(x)) ? x : acc; }
  // A compare and a select per element: combine on GCC's vectors of
  // acc_type too (kernels/reduce.h, Note [select lanes]).
  static constexpr bool kSelects = true;
  template <class V>
  static V combine_vectors(V acc, V x) {
    return (x > acc || x != x) ? x : acc;
  }
  EMBER_HOST_DEVICE acc_type merge(acc_type a, acc_type b) const { return combine(a, b); }
  EMBER_HOST_DEVICE acc_type finalize(acc_type acc, int64_t) const { return acc; }
};

template <class T>
struct Min {
  using acc_type = opmath_t<T>;
  EMBER_HOST_DEVICE acc_type identity() const {
    return std::numeric_limits<acc_type>::has_infinity ? std::numeric_limits<acc_type>::infinity()
                                                       : std::numeric_limits<acc_type>::max();
  }
  EMBER_HOST_DEVICE acc_type combine(acc_type acc, acc_type x) const { return (x < acc || is_nan(x)) ? x : acc; }
  // A compare and a select per element: combine on GCC's vectors of
  // acc_type too (kernels/reduce.h, Note [select lanes]).
  static constexpr bool kSelects = true;
  template <class V>
  static V combine_vectors(V acc, V x) {
    return (x < acc || x != x) ? x : acc;
  }
  EMBER_HOST_DEVICE acc_type merge(acc_type a, acc_type b) const { return combine(a, b); }
  EMBER_HOST_DEVICE acc_type finalize(acc_type acc, int64_t) const { return acc; }
};

// Reducer families named by schema entries (`reducer: kernels::Prod`)
// provide `template <class F> static void visit(args..., const F& f)`,
// calling f with the reducer object for the arguments; a family with a
// parameter that changes the loop (norm's p) picks a specialised reducer
// there, so the loops never branch on it.

template <class T>
struct Prod {
  using acc_type = acc_t<T>;
  EMBER_HOST_DEVICE acc_type identity() const { return acc_type(1); }
  EMBER_HOST_DEVICE acc_type combine(acc_type acc, opmath_t<T> x) const { return acc * static_cast<acc_type>(x); }
  EMBER_HOST_DEVICE acc_type merge(acc_type a, acc_type b) const { return a * b; }
  EMBER_HOST_DEVICE acc_type finalize(acc_type acc, int64_t) const { return acc; }
  template <class F>
  static void visit(const F& f) { f(Prod{}); }
};

template <class T>
struct MaxOf : Max<T> {
  template <class F>
  static void visit(const F& f) { f(Max<T>{}); }
};

template <class T>
struct MinOf : Min<T> {
  template <class F>
  static void visit(const F& f) { f(Min<T>{}); }
};

// Whether every (any) element is nonzero; NaN counts as nonzero (as C,
// NumPy and PyTorch). uint8 lanes rather than bool so loops vectorize.
// kSimdLanes: their lanes take kernels/reduce.h's `omp simd` loop (GCC
// left the unrolled one scalar: 1.86 ms for any of 2048^2 bools). Once
// a block's result is `decided`, no later block can change it, and
// reduce_blocks skips the blocks not yet started (Note [reduction order]
// still fixes what is computed: the value does not depend on it).
template <class T>
struct All {
  static constexpr bool kSimdLanes = true;
  using acc_type = uint8_t;
  EMBER_HOST_DEVICE bool decided(acc_type acc) const { return acc == 0; }
  EMBER_HOST_DEVICE acc_type identity() const { return 1; }
  EMBER_HOST_DEVICE acc_type combine(acc_type acc, opmath_t<T> x) const { return acc & static_cast<uint8_t>(x != opmath_t<T>(0)); }
  EMBER_HOST_DEVICE acc_type merge(acc_type a, acc_type b) const { return a & b; }
  EMBER_HOST_DEVICE bool finalize(acc_type acc, int64_t) const { return acc != 0; }
  template <class F>
  static void visit(const F& f) { f(All{}); }
};

template <class T>
struct Any {
  static constexpr bool kSimdLanes = true;
  using acc_type = uint8_t;
  EMBER_HOST_DEVICE bool decided(acc_type acc) const { return acc != 0; }
  EMBER_HOST_DEVICE acc_type identity() const { return 0; }
  EMBER_HOST_DEVICE acc_type combine(acc_type acc, opmath_t<T> x) const { return acc | static_cast<uint8_t>(x != opmath_t<T>(0)); }
  EMBER_HOST_DEVICE acc_type merge(acc_type a, acc_type b) const { return a | b; }
  EMBER_HOST_DEVICE bool finalize(acc_type acc, int64_t) const { return acc != 0; }
  template <class F>
  static void visit(const F& f) { f(Any{}); }
};

// How many elements are nonzero (NaN counts), as int64. Dense runs of
// 1- and 2-byte integers are counted in counters of their width
// (kCountsNonzero: Note [counts in narrow counters] in kernels/reduce.h).
template <class T>
struct CountNonzero {
  static constexpr bool kCountsNonzero = true;
  using acc_type = int64_t;
  EMBER_HOST_DEVICE acc_type identity() const { return 0; }
  EMBER_HOST_DEVICE acc_type combine(acc_type acc, opmath_t<T> x) const { return acc + acc_type(x != opmath_t<T>(0)); }
  EMBER_HOST_DEVICE acc_type merge(acc_type a, acc_type b) const { return a + b; }
  EMBER_HOST_DEVICE acc_type finalize(acc_type acc, int64_t) const { return acc; }
  template <class F>
  static void visit(const F& f) { f(CountNonzero{}); }
};

// Mean of floating elements; of no elements, NaN.
template <class T>
struct MeanOf : Mean<T> {
  template <class F>
  static void visit(const F& f) { f(Mean<T>{}); }
};

// Variance by Welford's update in double (dense blocks on the CPU by two
// passes instead: Note [variance by blocks]), lanes merged by Chan et
// al.'s formula: stable where the textbook sum-of-squares (TH's) cancels. The
// divisor is count - correction (1 when unbiased, Bessel's; else 0),
// never below 0: one element unbiased, or none, give 0/0, NaN, and a
// larger correction inf (as PyTorch).
struct Moments {
  double n, mean, m2;
};

template <class T>
struct Variance {
  using acc_type = Moments;
  // Dense runs on the CPU take kernels/moments.h (Note [variance by blocks]).
  static constexpr bool kBlockMoments = true;
  double correction;
  bool take_sqrt;
  EMBER_HOST_DEVICE acc_type identity() const { return {0, 0, 0}; }
  EMBER_HOST_DEVICE acc_type combine(acc_type a, opmath_t<T> x) const {
    const double v = static_cast<double>(x), n = a.n + 1, delta = v - a.mean, mean = a.mean + delta / n;
    return {n, mean, a.m2 + delta * (v - mean)};
  }
  EMBER_HOST_DEVICE acc_type merge(acc_type a, acc_type b) const {
    const double n = a.n + b.n, delta = b.mean - a.mean;
    const double wb = n > 0 ? b.n / n : 0;
    return {n, a.mean + delta * wb, a.m2 + b.m2 + delta * delta * a.n * wb};
  }
  EMBER_HOST_DEVICE double finalize(acc_type a, int64_t) const {
    const double divisor = a.n - correction;
    const double var = a.m2 / (divisor > 0.0 ? divisor : 0.0);
    return take_sqrt ? std::sqrt(var) : var;
  }
};

template <class T>
struct Var {
  template <class F>
  static void visit(bool unbiased, const F& f) { f(Variance<T>{unbiased ? 1.0 : 0.0, false}); }
};

template <class T>
struct Std {
  template <class F>
  static void visit(bool unbiased, const F& f) { f(Variance<T>{unbiased ? 1.0 : 0.0, true}); }
};

// PyTorch's `correction=` (None: 1).
template <class T>
struct VarCorrection {
  template <class F>
  static void visit(std::optional<int64_t> correction, const F& f) {
    f(Variance<T>{static_cast<double>(correction.value_or(1)), false});
  }
};

template <class T>
struct StdCorrection {
  template <class F>
  static void visit(std::optional<int64_t> correction, const F& f) {
    f(Variance<T>{static_cast<double>(correction.value_or(1)), true});
  }
};

// p-norms, (sum |x|^p)^(1/p), accumulated in acc_t: p = 0 counts nonzero
// elements, p = +-inf is the largest (smallest) |x|, NaN propagating.
template <class T, int Kind>
struct PNorm {
  using acc_type = acc_t<T>;
  using M = opmath_t<T>;
  acc_type p;
  EMBER_HOST_DEVICE static acc_type mag(M x) { return static_cast<acc_type>(x < M(0) ? -x : x); }
  EMBER_HOST_DEVICE acc_type identity() const {
    return Kind == 4 ? std::numeric_limits<acc_type>::infinity() : acc_type(0);
  }
  EMBER_HOST_DEVICE acc_type combine(acc_type acc, M x) const {
    const acc_type a = mag(x);
    if constexpr (Kind == 0) return acc + static_cast<acc_type>(x != M(0));
    else if constexpr (Kind == 1) return acc + a;
    else if constexpr (Kind == 2) return acc + a * a;
    else if constexpr (Kind == 3) return (a > acc || a != a) ? a : acc;
    else if constexpr (Kind == 4) return (a < acc || a != a) ? a : acc;
    else return acc + std::pow(a, p);
  }
  EMBER_HOST_DEVICE acc_type merge(acc_type a, acc_type b) const {
    if constexpr (Kind == 3) return (b > a || b != b) ? b : a;
    else if constexpr (Kind == 4) return (b < a || b != b) ? b : a;
    else return a + b;
  }
  EMBER_HOST_DEVICE acc_type finalize(acc_type acc, int64_t) const {
    if constexpr (Kind == 2) return std::sqrt(acc);
    else if constexpr (Kind == 5) return std::pow(acc, acc_type(1) / p);
    else return acc;
  }
};

template <class T>
struct Norm {
  template <class F>
  static void visit(double p, const F& f) {
    using A = acc_t<T>;
    if (p == 0) f(PNorm<T, 0>{A(p)});
    else if (p == 1) f(PNorm<T, 1>{A(p)});
    else if (p == 2) f(PNorm<T, 2>{A(p)});
    else if (p == std::numeric_limits<double>::infinity()) f(PNorm<T, 3>{A(p)});
    else if (p == -std::numeric_limits<double>::infinity()) f(PNorm<T, 4>{A(p)});
    else f(PNorm<T, 5>{A(p)});
  }
};

// better(a, b): a should replace the current best b. Strict, so the first
// of equal elements wins; NaN is handled by the kernel. Of two vectors,
// the mask of lanes where it should (Note [one-pass best position]).
struct Greater {
  template <class M>
  auto operator()(M a, M b) const { return a > b; }
};

struct Less {
  template <class M>
  auto operator()(M a, M b) const { return a < b; }
};

}  // namespace ember::kernels
