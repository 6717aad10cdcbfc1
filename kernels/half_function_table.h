// Compute-bound functions of one Half or BFloat16 tensor by a table of
// all 65536 results (the generated kernels of `compute_bound` unary ops
// try it before their loop).
//
// Note [16-bit function tables]: a 16-bit float element is widened to
// float, the float function runs and the result is rounded back (Note
// [16-bit float runs] in kernels/pointwise.h): float16 sin, expm1 and
// asinh took 0.75, 1.0 and 1.4 ns per element against NumPy's 0.33-0.8.
// There are only 65536 inputs. The first call of at least
// kHalfTableMinElements elements runs f over every bit pattern through
// kernels::pointwise itself, on one dense row, so the table holds exactly
// the bits the loop gives for each input (Note [no contraction]); it is
// kept for the process's life (128 KiB per op and dtype used, as
// uint32_t: one AVX-512 gather takes 16, 0.25 ns per element in a
// scratch loop against 0.29 for scalar loads of a uint16_t table and
// 0.39 for GCC's emulated 16-bit gathers), and every element after is a
// lookup. Only a function without state takes it: f of a lambda without
// captures (a Scalar argument, pow's exponent, leaves the loop to run).
// Calls below the threshold run the loop: the same bits, without the
// table's one-time cost (65536 evaluations).
#pragma once

#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>

#include "kernels/opmath.h"
#include "kernels/operands.h"
#include "kernels/pointwise.h"

namespace ember::kernels {

// Elements from which a call builds (or uses) its table.
constexpr int64_t kHalfTableMinElements = 16384;

namespace detail {

// f of every T bit pattern, each in the low 16 bits of its entry; null
// where the memory cannot be had (the loop runs instead).
template <class T, class F>
std::unique_ptr<uint32_t[]> half_function_table(const F& f) {
  constexpr int64_t kPatterns = 65536;
  std::unique_ptr<uint16_t[]> bits(new (std::nothrow) uint16_t[2 * kPatterns]);
  std::unique_ptr<uint32_t[]> table(new (std::nothrow) uint32_t[kPatterns]);
  if (!bits || !table) return nullptr;
  uint16_t* in = bits.get();
  uint16_t* out = bits.get() + kPatterns;
  for (int64_t i = 0; i < kPatterns; ++i) in[i] = static_cast<uint16_t>(i);
  Operands<2> ops;
  ops.ndim = 1;
  ops.shape[0] = kPatterns;
  ops.data[0] = reinterpret_cast<char*>(out);
  ops.data[1] = reinterpret_cast<char*>(in);
  ops.strides[0][0] = ops.strides[1][0] = sizeof(T);
  pointwise<T, T, 1, true>(ops, f);
  for (int64_t i = 0; i < kPatterns; ++i) table[i] = out[i];
  return table;
}

}  // namespace detail

// Runs ops (out, self) by f's table (Note [16-bit function tables]) and
// returns true for Half and BFloat16 in and out, f without state and at
// least kHalfTableMinElements elements; false (nothing written)
// otherwise, for the loop.
template <class OutT, class T, class F>
bool by_half_table(const Operands<2>& ops, const F& f) {
  if constexpr (!is_reduced_float_v<T> || !std::is_same_v<OutT, T> || !std::is_empty_v<F>) {
    return false;
  } else {
    static_assert(sizeof(T) == sizeof(uint16_t));
    if (ops.numel() < kHalfTableMinElements) return false;
    static const std::unique_ptr<uint32_t[]> table = detail::half_function_table<T>(f);
    if (!table) return false;
    const uint32_t* t = table.get();
    pointwise<uint16_t, uint16_t, 1>(ops, [t](uint16_t b) { return static_cast<uint16_t>(t[b]); });
    return true;
  }
}

}  // namespace ember::kernels
