// 2-D and 3-D convolution of one input plane (volume) with one kernel,
// added into one output plane: the loops under TH's conv2D*/conv3D*
// family (runtime/ops/conv.cpp). A 2-D plane is a 3-D one of depth 1. Every
// buffer is dense, row-major; the kernel arrives as accumulate-type
// weights already in the orientation to apply (runtime/ops/conv.cpp flips it
// for convolution), so one gather and one scatter loop serve convolution
// and cross-correlation alike.
//
// Note [conv accumulation]: each gathered output element is summed in
// conv_acc_t<T> (gemm_acc_t: the type itself for float, double, int32 and
// int64; int32 for 8- and 16-bit integers, whose wrapped low bits are
// the same) in the kernel's order (depth, row, column), starting from 0,
// then `out += alpha * sum` rounds it once into T, as TH's
// validXCorr2Dptr. Half and BFloat16 never reach these loops: the driver
// converts them to float. Each output element is written by one thread,
// so results do not depend on the thread count.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/gemm.h"
#include "kernels/parallel.h"

namespace ember::kernels {

template <class T>
using conv_acc_t = gemm_acc_t<T>;

// One plane product. Gather (valid): out[z][y][x] += alpha * sum over
// (c, a, b) of w[c][a][b] * in[z*st + c*dt][y*sr + a*dr][x*sc + b*dc].
// Scatter (full): out[zz*st + c][yy*sr + a][xx*sc + b] += alpha * w[c][a][b]
// * in[zz][yy][xx] for every input element; dt, dr, dc unused.
struct ConvShape {
  int64_t it, ir, ic;     // input
  int64_t kt, kr, kc;     // kernel
  int64_t ot, orows, oc;  // output
  int64_t st, sr, sc;     // strides: input step per output step (gather), output step per input step (scatter)
  int64_t dt, dr, dc;     // dilation of the kernel over the input (gather)
};

namespace conv_detail {

// Output columns summed together in registers: 64 accumulators (four
// 512-bit vectors of float).
constexpr int kBlock = 64;

// Columns [x0, x0 + n) of one output row; `in` is the input at the row's
// first tap. N is kBlock for whole blocks (the compiler unrolls the
// column loop into vectors) or 0 for the last, shorter block.
template <int N, class T, class A>
inline void gather_block(T* __restrict out, A alpha, const T* __restrict in, const A* __restrict w, const ConvShape& s,
                         int64_t x0, int64_t n) {
  constexpr int64_t kMax = kBlock;
  const int64_t len = N ? N : n;
  A acc[kMax] = {};
  const int64_t plane = s.ir * s.ic;
  const A* wp = w;
  for (int64_t c = 0; c < s.kt; ++c) {
    for (int64_t a = 0; a < s.kr; ++a) {
      const T* src = in + c * s.dt * plane + a * s.dr * s.ic + x0 * s.sc;
      for (int64_t b = 0; b < s.kc; ++b, ++wp) {
        const A wv = *wp;
        const T* sb = src + b * s.dc;
        if (s.sc == 1) {
          if constexpr (N != 0) {
#pragma omp simd
            for (int i = 0; i < N; ++i) acc[i] += static_cast<A>(sb[i]) * wv;
          } else {
            for (int64_t i = 0; i < len; ++i) acc[i] += static_cast<A>(sb[i]) * wv;
          }
        } else {
          for (int64_t i = 0; i < len; ++i) acc[i] += static_cast<A>(sb[i * s.sc]) * wv;
        }
      }
    }
  }
  T* o = out + x0;
  if constexpr (N != 0) {
#pragma omp simd
    for (int i = 0; i < N; ++i) o[i] = static_cast<T>(static_cast<A>(o[i]) + alpha * acc[i]);
  } else {
    for (int64_t i = 0; i < len; ++i) o[i] = static_cast<T>(static_cast<A>(o[i]) + alpha * acc[i]);
  }
}

// Output rows [r0, r1) of the flattened (z, y) rows.
template <class T, class A>
void gather_rows(T* out, A alpha, const T* in, const A* w, const ConvShape& s, int64_t r0, int64_t r1) {
  const int64_t plane = s.ir * s.ic;
  for (int64_t r = r0; r < r1; ++r) {
    const int64_t z = r / s.orows, y = r % s.orows;
    T* orow = out + r * s.oc;
    const T* irow = in + z * s.st * plane + y * s.sr * s.ic;
    int64_t x0 = 0;
    for (; x0 + kBlock <= s.oc; x0 += kBlock) gather_block<kBlock>(orow, alpha, irow, w, s, x0, kBlock);
    if (x0 < s.oc) gather_block<0>(orow, alpha, irow, w, s, x0, s.oc - x0);
  }
}

}  // namespace conv_detail

// Valid mode (and TH's "Rev" form, a dilated kernel): see ConvShape.
// Rows of the output run on several threads when the work is large and
// the caller is not in a parallel region already.
template <class T>
void conv_gather(T* out, conv_acc_t<T> alpha, const T* in, const conv_acc_t<T>* w, const ConvShape& s) {
  using A = conv_acc_t<T>;
  const int64_t rows = s.ot * s.orows;
  if (rows <= 0 || s.oc <= 0) return;
  const int64_t per_row = std::max<int64_t>(1, s.oc * s.kt * s.kr * s.kc);
  const int64_t grain = std::max<int64_t>(1, kGrain * 8 / per_row);
  parallel_for(0, rows, grain, [&](int64_t r0, int64_t r1) { conv_detail::gather_rows<T, A>(out, alpha, in, w, s, r0, r1); });
}

// Full mode: every input element scatters its products with the kernel
// (TH's fullConv2Dptr), vectorized along input columns when sc == 1.
// One thread: input rows overlap in the output.
template <class T>
void conv_scatter(T* out, conv_acc_t<T> alpha, const T* in, const conv_acc_t<T>* w, const ConvShape& s) {
  using A = conv_acc_t<T>;
  for (int64_t zz = 0; zz < s.it; ++zz) {
    for (int64_t yy = 0; yy < s.ir; ++yy) {
      const T* irow = in + (zz * s.ir + yy) * s.ic;
      const A* wp = w;
      for (int64_t c = 0; c < s.kt; ++c) {
        for (int64_t a = 0; a < s.kr; ++a) {
          T* orow = out + ((zz * s.st + c) * s.orows + yy * s.sr + a) * s.oc;
          for (int64_t b = 0; b < s.kc; ++b, ++wp) {
            const A z = alpha * *wp;
            T* o = orow + b;
            if (s.sc == 1) {
#pragma omp simd
              for (int64_t xx = 0; xx < s.ic; ++xx) o[xx] = static_cast<T>(static_cast<A>(o[xx]) + z * static_cast<A>(irow[xx]));
            } else {
              for (int64_t xx = 0; xx < s.ic; ++xx)
                o[xx * s.sc] = static_cast<T>(static_cast<A>(o[xx * s.sc]) + z * static_cast<A>(irow[xx]));
            }
          }
        }
      }
    }
  }
}

}  // namespace ember::kernels
