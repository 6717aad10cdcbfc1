#include "runtime/th/conv.h"

#include <string>

#include "ember/error.h"
#include "ember/tensor_base.h"
#include "runtime/th/args.h"

namespace ember::rt {

namespace {

ConvRequest th_request(const ConvCall& c) {
  const std::string fn = th::Fn{c.dtype, c.fn}.str();
  const bool rev = c.form == ConvForm::RevGer || c.form == ConvForm::RevGerm;
  ConvRequest q{fn, c.form, c.dims, {c.sdepth, c.srow, c.scol}, false, true, {"r_", "t_", "k_"}, {"sdepth", "srow", "scol"}};
  if (!rev) {
    q.full = parse_full(fn, c.vf);
    q.xcorr = parse_xcorr(fn, c.xc);
  }
  return q;
}

}  // namespace

void th_conv(const ConvCall& call, TensorImpl* r, const Scalar& beta, const Scalar& alpha, TensorImpl* t, TensorImpl* k,
             TensorImpl* map) {
  const ConvRequest q = th_request(call);
  const th::Fn fn{call.dtype, call.fn};
  th::need(r, fn, "r_");
  th::need(t, fn, "t_");
  th::need(k, fn, "k_");
  TensorBase m;
  if (map) m = TensorBase::borrow(map);
  conv_run(q, TensorBase::borrow(r), beta, alpha, TensorBase::borrow(t), TensorBase::borrow(k),
           call.form == ConvForm::Map ? &m : nullptr);
}

ConvPtrCall conv_ptr_mode(ConvPtrCall call, const char* vf, const char* xc) {
  const std::string fn = th::Fn{call.dtype, call.fn}.str();
  call.full = parse_full(fn, vf);
  call.xcorr = parse_xcorr(fn, xc);
  return call;
}

void th_conv_ptr(const ConvPtrCall& call, void* r, const Scalar& alpha, const void* t, const void* k) {
  conv_ptr_run(th::Fn{call.dtype, call.fn}.str(), call, r, alpha, t, k);
}

int64_t th_convsize(DType dtype, long x, long k, long s, const char* vf) {
  const std::string fn = th::Fn{dtype, "Tensor_convsize"}.str();
  const bool full = parse_full(fn, vf);
  return full ? (x - 1) * s + k : (x - k) / s + 1;
}

}  // namespace ember::rt
