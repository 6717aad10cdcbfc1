// 2-D and 3-D convolution and cross-correlation (schemas/math/conv.yaml):
// Torch7's conv2/xcorr2/conv3/xcorr3 in C++ and Python, and the engine
// under TH's THTensor_conv2D* / conv3D* family and its pointer-level
// helpers in C (runtime/th/conv.h).
// The loops are kernels/conv.h's; this layer checks arguments, shapes the
// result and applies TH's beta/alpha rules, for every dtype but Bool.
//
// Note [conv semantics] (TH's, kept in C; the C++ forms are beta = 0,
// alpha = 1, strides 1):
//   - Valid ('V'): (in - k) / s + 1 outputs per dim, the input at least
//     as large as the kernel. Full ('F'): (in - 1) * s + k, every input
//     element spread over the kernel's footprint (with strides > 1, the
//     transposed convolution). 'X' cross-correlates, 'C' convolves (the
//     kernel flipped in every dim).
//   - r_ is resized to the result's shape. It is zeroed when beta == 0,
//     when it held no elements or when the resize changed its element
//     count (its old values then mean nothing); otherwise it is scaled by
//     beta. Then alpha * each plane product is added.
//   - The "Rev" forms (conv2DRevger, conv2DRevgerm, conv3DRevger) give
//     in - (k - 1) * s outputs per dim: the kernel is applied with its taps
//     s apart (the gradient of a strided convolution with respect to its
//     kernel).
//   - Sums follow Note [conv accumulation]; Half and BFloat16 compute in
//     float and round each result element once.
//   - Where TH read out of bounds or crashed (strides < 1, outputs of
//     size < 1, empty spatial dims, map entries out of range, NULL
//     pointers), ember raises a ValueError naming the argument.
#pragma once

#include <cstdint>
#include <string>

#include "ember/scalar.h"
#include "ember/tensor_base.h"
#include "ember/tensor_impl.h"

namespace ember::rt {

// The C++ API: self and kernel of one dtype; 2-D/2-D, 3-D/3-D (a kernel
// per plane) or 3-D/4-D (a bank: output plane o sums plane i of self with
// kernel[o][i]) for conv2/xcorr2, one dim more each for conv3/xcorr3.
// The _out forms resize out.
TensorBase conv2(const TensorBase& self, const TensorBase& kernel, bool full);
TensorBase xcorr2(const TensorBase& self, const TensorBase& kernel, bool full);
TensorBase conv3(const TensorBase& self, const TensorBase& kernel, bool full);
TensorBase xcorr3(const TensorBase& self, const TensorBase& kernel, bool full);
void conv2_out(TensorBase& out, const TensorBase& self, const TensorBase& kernel, bool full);
void xcorr2_out(TensorBase& out, const TensorBase& self, const TensorBase& kernel, bool full);
void conv3_out(TensorBase& out, const TensorBase& self, const TensorBase& kernel, bool full);
void xcorr3_out(TensorBase& out, const TensorBase& self, const TensorBase& kernel, bool full);

// ---- The engine TH's forms (runtime/th/conv.h) share ----

// What a TH tensor-level function does (Note [conv semantics]).
enum class ConvForm : int8_t { Mul, Cmul, Mv, Mm, Ger, RevGer, RevGerm, Map };

// What the messages call r, t and k: TH's C parameter names, or the C++
// API's.
struct ConvNames {
  const char* r;
  const char* t;
  const char* k;
};

struct ConvRequest {
  std::string fn;     // for messages
  ConvForm form;
  int dims;           // 2 or 3
  int64_t stride[3];  // depth, rows, cols
  bool full, xcorr;
  ConvNames names;
  const char* stride_names[3];
};

// r = beta * r + alpha * (t conv k), r resized (Note [conv semantics]);
// map: the Map form's table of (input plane, output plane) rows.
void conv_run(const ConvRequest& q, TensorBase r, const Scalar& beta, const Scalar& alpha, TensorBase t, TensorBase k,
              const TensorBase* map);

// The pointer-level products (validXCorr2Dptr ...): r += alpha * (t * k)
// on dense row-major buffers; `depth` false for the 2-D ones (it, kt, st
// then 1). rev: validXCorr*DRevptr.
struct ConvPtrCall {
  const char* fn;  // the C function's name without the dtype
  DType dtype;
  bool full, xcorr, rev;
  int64_t it, ir, ic, kt, kr, kc, st, sr, sc;
};
void conv_ptr_run(const std::string& fn, const ConvPtrCall& call, void* r, const Scalar& alpha, const void* t,
                  const void* k);

// TH's convolution modes: vf 'V' (valid) or 'F' (full), and xc 'X'
// (cross-correlation) or 'C' (convolution); anything else is a ValueError.
bool parse_full(const std::string& fn, const char* vf);
bool parse_xcorr(const std::string& fn, const char* xc);

}  // namespace ember::rt
