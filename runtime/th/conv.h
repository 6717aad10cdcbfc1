// TH's THTensor_conv2D* / conv3D* family and its pointer-level helpers
// (schemas/math/conv.yaml) over the engine of runtime/ops/conv.h, whose
// Note [conv semantics] they follow: the per-dtype entry points the
// generated C wrappers instantiate, and the C-string modes they parse.
#pragma once

#include <cstdint>

#include "ember/scalar.h"
#include "ember/tensor_impl.h"
#include "runtime/ops/conv.h"

namespace ember::rt {

struct ConvCall {
  const char* fn;   // the C function's name for messages (without the dtype)
  DType dtype;
  ConvForm form;
  int dims;         // 2 or 3
  int64_t sdepth, srow, scol;
  const char* vf;   // "V"/"F" (NULL for the Rev forms)
  const char* xc;   // "X"/"C" (NULL for the Rev forms)
};

// THTensor_conv2D* / conv3D*: r_, t_, k_ (and map) as TH passes them.
void th_conv(const ConvCall& call, TensorImpl* r, const Scalar& beta, const Scalar& alpha, TensorImpl* t, TensorImpl* k,
             TensorImpl* map);

// The pointer-level helpers (Note [conv semantics]).
void th_conv_ptr(const ConvPtrCall& call, void* r, const Scalar& alpha, const void* t, const void* k);

// TH's convsize: (x - k) / s + 1 for 'V', (x - 1) * s + k for 'F'.
int64_t th_convsize(DType dtype, long x, long k, long s, const char* vf);

// ---- The per-dtype entry points the generated C wrappers instantiate ----

template <class T>
void th_conv2D(ConvForm form, const char* fn, TensorImpl* r_, T beta, T alpha, TensorImpl* t_, TensorImpl* k_,
               long srow, long scol, const char* vf, const char* xc, TensorImpl* map = nullptr) {
  th_conv(ConvCall{fn, dtype_of<T>, form, 2, 1, srow, scol, vf, xc}, r_, Scalar(beta), Scalar(alpha), t_, k_, map);
}

template <class T>
void th_conv3D(ConvForm form, const char* fn, TensorImpl* r_, T beta, T alpha, TensorImpl* t_, TensorImpl* k_,
               long sdepth, long srow, long scol, const char* vf, const char* xc, TensorImpl* map = nullptr) {
  th_conv(ConvCall{fn, dtype_of<T>, form, 3, sdepth, srow, scol, vf, xc}, r_, Scalar(beta), Scalar(alpha), t_, k_, map);
}

#define EMBER_TH_CONV2D(NAME, FORM)                                                                              \
  template <class T>                                                                                             \
  void th_##NAME(TensorImpl* r_, T beta, T alpha, TensorImpl* t_, TensorImpl* k_, long srow, long scol,          \
                 const char* vf, const char* xc) {                                                               \
    th_conv2D<T>(ConvForm::FORM, "Tensor_" #NAME, r_, beta, alpha, t_, k_, srow, scol, vf, xc);                   \
  }
EMBER_TH_CONV2D(conv2Dmul, Mul)
EMBER_TH_CONV2D(conv2Dcmul, Cmul)
EMBER_TH_CONV2D(conv2Dmv, Mv)
EMBER_TH_CONV2D(conv2Dmm, Mm)
EMBER_TH_CONV2D(conv2Dger, Ger)
#undef EMBER_TH_CONV2D

#define EMBER_TH_CONV3D(NAME, FORM)                                                                              \
  template <class T>                                                                                             \
  void th_##NAME(TensorImpl* r_, T beta, T alpha, TensorImpl* t_, TensorImpl* k_, long sdepth, long srow,        \
                 long scol, const char* vf, const char* xc) {                                                    \
    th_conv3D<T>(ConvForm::FORM, "Tensor_" #NAME, r_, beta, alpha, t_, k_, sdepth, srow, scol, vf, xc);           \
  }
EMBER_TH_CONV3D(conv3Dmul, Mul)
EMBER_TH_CONV3D(conv3Dcmul, Cmul)
EMBER_TH_CONV3D(conv3Dmv, Mv)
EMBER_TH_CONV3D(conv3Dger, Ger)
#undef EMBER_TH_CONV3D

template <class T>
void th_conv2DRevger(TensorImpl* r_, T beta, T alpha, TensorImpl* t_, TensorImpl* k_, long srow, long scol) {
  th_conv2D<T>(ConvForm::RevGer, "Tensor_conv2DRevger", r_, beta, alpha, t_, k_, srow, scol, nullptr, nullptr);
}
template <class T>
void th_conv2DRevgerm(TensorImpl* r_, T beta, T alpha, TensorImpl* t_, TensorImpl* k_, long srow, long scol) {
  th_conv2D<T>(ConvForm::RevGerm, "Tensor_conv2DRevgerm", r_, beta, alpha, t_, k_, srow, scol, nullptr, nullptr);
}
template <class T>
void th_conv3DRevger(TensorImpl* r_, T beta, T alpha, TensorImpl* t_, TensorImpl* k_, long sdepth, long srow,
                     long scol) {
  th_conv3D<T>(ConvForm::RevGer, "Tensor_conv3DRevger", r_, beta, alpha, t_, k_, sdepth, srow, scol, nullptr, nullptr);
}
template <class T>
void th_conv2Dmap(TensorImpl* r_, T beta, T alpha, TensorImpl* t_, TensorImpl* k_, TensorImpl* map, long srow,
                  long scol, const char* vf, const char* xc) {
  th_conv2D<T>(ConvForm::Map, "Tensor_conv2Dmap", r_, beta, alpha, t_, k_, srow, scol, vf, xc, map);
}
template <class T>
void th_conv3Dmap(TensorImpl* r_, T beta, T alpha, TensorImpl* t_, TensorImpl* k_, TensorImpl* map, long sdepth,
                  long srow, long scol, const char* vf, const char* xc) {
  th_conv3D<T>(ConvForm::Map, "Tensor_conv3Dmap", r_, beta, alpha, t_, k_, sdepth, srow, scol, vf, xc, map);
}

#define EMBER_TH_CONV_PTR2(NAME, FULL, XCORR, REV)                                                               \
  template <class T>                                                                                             \
  void th_##NAME(void* r_, T alpha, void* t_, long ir, long ic, void* k_, long kr, long kc, long sr, long sc) {  \
    th_conv_ptr(ConvPtrCall{"Tensor_" #NAME, dtype_of<T>, FULL, XCORR, REV, 1, ir, ic, 1, kr, kc, 1, sr, sc},     \
                r_, Scalar(alpha), t_, k_);                                                                      \
  }
EMBER_TH_CONV_PTR2(validXCorr2Dptr, false, true, false)
EMBER_TH_CONV_PTR2(validConv2Dptr, false, false, false)
EMBER_TH_CONV_PTR2(fullXCorr2Dptr, true, true, false)
EMBER_TH_CONV_PTR2(fullConv2Dptr, true, false, false)
EMBER_TH_CONV_PTR2(validXCorr2DRevptr, false, true, true)
#undef EMBER_TH_CONV_PTR2

#define EMBER_TH_CONV_PTR3(NAME, FULL, XCORR, REV)                                                               \
  template <class T>                                                                                             \
  void th_##NAME(void* r_, T alpha, void* t_, long it, long ir, long ic, void* k_, long kt, long kr, long kc,    \
                 long st, long sr, long sc) {                                                                    \
    th_conv_ptr(ConvPtrCall{"Tensor_" #NAME, dtype_of<T>, FULL, XCORR, REV, it, ir, ic, kt, kr, kc, st, sr, sc},  \
                r_, Scalar(alpha), t_, k_);                                                                      \
  }
EMBER_TH_CONV_PTR3(validXCorr3Dptr, false, true, false)
EMBER_TH_CONV_PTR3(validConv3Dptr, false, false, false)
EMBER_TH_CONV_PTR3(fullXCorr3Dptr, true, true, false)
EMBER_TH_CONV_PTR3(fullConv3Dptr, true, false, false)
EMBER_TH_CONV_PTR3(validXCorr3DRevptr, false, true, true)
#undef EMBER_TH_CONV_PTR3

// THTensor_conv2d / conv3d: the pointer-level product chosen by vf and xc.
ConvPtrCall conv_ptr_mode(ConvPtrCall call, const char* vf, const char* xc);

template <class T>
void th_conv2d(void* r_, T alpha, void* t_, long ir, long ic, void* k_, long kr, long kc, long sr, long sc,
               const char* vf, const char* xc) {
  th_conv_ptr(conv_ptr_mode(ConvPtrCall{"Tensor_conv2d", dtype_of<T>, false, false, false, 1, ir, ic, 1, kr, kc, 1, sr, sc}, vf, xc),
              r_, Scalar(alpha), t_, k_);
}
template <class T>
void th_conv3d(void* r_, T alpha, void* t_, long it, long ir, long ic, void* k_, long kt, long kr, long kc, long st,
               long sr, long sc, const char* vf, const char* xc) {
  th_conv_ptr(conv_ptr_mode(ConvPtrCall{"Tensor_conv3d", dtype_of<T>, false, false, false, it, ir, ic, kt, kr, kc, st, sr, sc}, vf, xc),
              r_, Scalar(alpha), t_, k_);
}
template <class T>
long th_convsize(long x, long k, long s, const char* vf) {
  return static_cast<long>(th_convsize(dtype_of<T>, x, k, s, vf));
}

}  // namespace ember::rt
