// Inclusive scans along a dim (cumsum, cumprod): out[i] is the
// combination of in[0..i], accumulated first to last in the scanner's
// acc_type (TH's accreal: double for float, int64 for integers) and
// converted to the output type element by element.
//
// A Scanner for element type T provides
//   using acc_type;
//   acc_type identity() const;
//   acc_type combine(acc_type acc, opmath_t<T> x) const;
//
// Every output is computed in the same order whatever the path and the
// thread count: slices are independent, and the row path below only
// interleaves several slices' (unchanged) sequences.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/convert.h"
#include "kernels/loops.h"
#include "kernels/opmath.h"
#include "kernels/slices.h"

namespace ember::kernels {

template <class T>
struct CumSum {
  using acc_type = acc_t<T>;
  acc_type identity() const { return acc_type(0); }
  acc_type combine(acc_type acc, opmath_t<T> x) const { return acc + static_cast<acc_type>(x); }
};

template <class T>
struct CumProd {
  using acc_type = acc_t<T>;
  acc_type identity() const { return acc_type(1); }
  acc_type combine(acc_type acc, opmath_t<T> x) const { return acc * static_cast<acc_type>(x); }
};

// log(sum(exp(x))) so far, without overflow: the larger term factored
// out. Infinities of one sign stay (log(e^-inf + e^-inf) is -inf, not
// NaN); a NaN stays NaN.
template <class T>
struct LogCumSumExp {
  using acc_type = acc_t<T>;
  acc_type identity() const { return -std::numeric_limits<acc_type>::infinity(); }
  acc_type combine(acc_type acc, opmath_t<T> x) const {
    const acc_type v = static_cast<acc_type>(x);
    if (std::isnan(v) || std::isnan(acc)) return std::numeric_limits<acc_type>::quiet_NaN();
    const acc_type hi = std::max(acc, v), lo = std::min(acc, v);
    if (std::isinf(hi)) return hi;
    return hi + std::log1p(std::exp(lo - hi));
  }
};

// ops: operand 0 the output (OutT), operand 1 the input (T), both of the
// input's shape.
template <class T, class OutT, class Scanner>
void scan_dim(const Operands<2>& ops, int dim, const Scanner& s) {
  using Acc = typename Scanner::acc_type;
  using M = opmath_t<T>;
  const SliceGeometry<2> g(ops, dim);
  const int64_t n = g.n;
  if (n == 0 || g.slices == 0) return;
  const Operands<2>& o = g.outer;
  const int inner = o.ndim - 1;
  const int64_t w = o.shape[inner];
  constexpr int64_t esz = sizeof(T);
  if (n > 1 && g.stride[1] != esz && o.strides[1][inner] == esz && w > 1) {
    // dim is outer to a dense inner dim: carry a row of accumulators down
    // the dim, kChunk columns at a time, instead of striding down columns.
    constexpr int64_t kChunk = 1024;
    const int64_t chunks = (w + kChunk - 1) / kChunk, rows = g.slices / w;
    const int64_t grain = std::max<int64_t>(1, kGrain / (n * std::min(w, kChunk)));
    parallel_for(0, rows * chunks, grain, [&](int64_t b, int64_t e) {
      Acc acc[kChunk];
      for (int64_t item = b; item < e; ++item) {
        char* base[2];
        row_pointers(o, inner, item / chunks, base);
        const int64_t c0 = item % chunks * kChunk, m = std::min(kChunk, w - c0);
        const char* in = base[1] + c0 * esz;
        char* out = base[0] + c0 * o.strides[0][inner];
        const int64_t os = o.strides[0][inner];
        for (int64_t j = 0; j < m; ++j) acc[j] = s.identity();
        for (int64_t k = 0; k < n; ++k) {
          const T* row = reinterpret_cast<const T*>(in + k * g.stride[1]);
          char* orow = out + k * g.stride[0];
          for (int64_t j = 0; j < m; ++j) {
            acc[j] = s.combine(acc[j], static_cast<M>(row[j]));
            *reinterpret_cast<OutT*>(orow + j * os) = convert<OutT>(acc[j]);
          }
        }
      }
    });
    return;
  }
  for_each_slice<char>(g, 0, n, [&](char* const* p, char*) {
    Acc acc = s.identity();
    const int64_t is = g.stride[1], os = g.stride[0];
    if (is == esz && os == static_cast<int64_t>(sizeof(OutT))) {
      const T* in = reinterpret_cast<const T*>(p[1]);
      OutT* out = reinterpret_cast<OutT*>(p[0]);
      for (int64_t i = 0; i < n; ++i) {
        acc = s.combine(acc, static_cast<M>(in[i]));
        out[i] = convert<OutT>(acc);
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      acc = s.combine(acc, static_cast<M>(*reinterpret_cast<const T*>(p[1] + i * is)));
      *reinterpret_cast<OutT*>(p[0] + i * os) = convert<OutT>(acc);
    }
  });
}

template <class T, class OutT>
void cumsum_dim(const Operands<2>& ops, int dim) {
  scan_dim<T, OutT>(ops, dim, CumSum<T>{});
}

template <class T, class OutT>
void cumprod_dim(const Operands<2>& ops, int dim) {
  scan_dim<T, OutT>(ops, dim, CumProd<T>{});
}

template <class T, class OutT>
void logcumsumexp_dim(const Operands<2>& ops, int dim) {
  scan_dim<T, OutT>(ops, dim, LogCumSumExp<T>{});
}

// Running best element and its position (cummax, cummin): operand 0 the
// values (T), 1 the positions (int64_t), 2 the input, all of its shape.
// An element equal to the best replaces it (the last position of ties,
// as PyTorch), and so does every NaN, after which no number does.
template <class T, class Better>
void scan_index_dim(const Operands<3>& ops, int dim, Better better) {
  using M = opmath_t<T>;
  const SliceGeometry<3> g(ops, dim);
  const int64_t n = g.n;
  if (n == 0) return;
  for_each_slice<char>(g, 0, n, [&](char* const* p, char*) {
    M best = static_cast<M>(*reinterpret_cast<const T*>(p[2]));
    int64_t at = 0;
    for (int64_t i = 0; i < n; ++i) {
      const M x = static_cast<M>(*reinterpret_cast<const T*>(p[2] + i * g.stride[2]));
      if (is_nan(x) || (!is_nan(best) && !better(best, x))) {
        best = x;
        at = i;
      }
      *reinterpret_cast<T*>(p[0] + i * g.stride[0]) = convert<T>(best);
      *reinterpret_cast<int64_t*>(p[1] + i * g.stride[1]) = at;
    }
  });
}

template <class T, class OutT = T>
void cummax_dim(const Operands<3>& ops, int dim) {
  scan_index_dim<T>(ops, dim, [](auto best, auto x) { return best > x; });
}

template <class T, class OutT = T>
void cummin_dim(const Operands<3>& ops, int dim) {
  scan_index_dim<T>(ops, dim, [](auto best, auto x) { return best < x; });
}

}  // namespace ember::kernels
