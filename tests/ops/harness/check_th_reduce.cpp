// check_th_reduce, check_th_reduce_all: a reduction, sort or scan's TH C
// function on TH's cases (th_cases.h) over the configs TH's C API can
// express, against expected_case in TH's geometry and dtypes.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "tests/ops/harness.h"
#include "tests/ops/harness/comparison.h"
#include "tests/ops/harness/dtype_rules.h"
#include "tests/ops/harness/inputs.h"
#include "tests/ops/harness/reduce_config.h"
#include "tests/ops/harness/reduce_reference.h"
#include "tests/ops/harness/th_cases.h"

namespace ember::optest {

using namespace detail;

namespace {

// The C arguments of one TH call for a config; -1 where a role is absent.
struct ThRoles {
  int values = -1, indices = -1, self = -1;
};

ThRoles fill_th_call(const OpSpec& op, const ThSpec& fn, DType d, const Config& c, const Tensor& input, ThCall& call) {
  ThRoles roles;
  const size_t np = fn.params.size();
  call.tensors.assign(np, Tensor());
  call.values.assign(np, 0);
  call.ints.assign(np, 0);
  const Positions at = positions_of(op);
  for (size_t i = 0; i < np; ++i) {
    const CParam& p = fn.params[i];
    const std::string name = p.arg >= 0 ? op.args[static_cast<size_t>(p.arg)].name : "";
    switch (p.role) {
      case CRole::Out: roles.values = static_cast<int>(i); call.tensors[i] = empty({0}, param_dtype(p, d)); break;
      case CRole::Indices: roles.indices = static_cast<int>(i); call.tensors[i] = empty({0}, DType::Long); break;
      case CRole::Input: roles.self = static_cast<int>(i); call.tensors[i] = input; break;
      case CRole::Dim: call.ints[i] = c.dim; break;
      case CRole::Keepdim: call.ints[i] = c.keepdim; break;
      case CRole::Int: call.ints[i] = p.arg == at.k ? c.k : c.bins; break;
      case CRole::Flag: {
        bool v = false;
        if (p.arg == at.unbiased) v = c.unbiased;
        else if (p.arg == at.largest) v = c.largest;
        else if (p.arg == at.sorted) v = c.sorted;
        else if (p.arg == at.descending) v = c.descending;
        call.ints[i] = p.negate ? !v : v;
        break;
      }
      case CRole::Value: call.values[i] = p.arg == at.p ? c.p : p.arg == at.min ? c.min : c.max; break;
      default: ADD_FAILURE() << "unexpected parameter role for " << name;
    }
  }
  return roles;
}

}  // namespace

void check_th_reduce(const OpSpec& op, DType d, const ThSpec& fn, void (*call)(const ThCall& c)) {
  const Positions at = positions_of(op);
  // A C function without a dim parameter (bhistc) uses the op's default, -1.
  bool th_dim = false;
  for (const CParam& p : fn.params) th_dim = th_dim || p.role == CRole::Dim;
  for (int which = 0; which < 3; ++which) {
    Rng rng(seed_of(fn.name, static_cast<int>(d), which));
    const Tensor input = th_input(d, which, true, domain_of(op.args[0], d), rng);
    for (Config c : configs_of(at, input.shape(), op.reducer)) {
      if (at.dim >= 0 && (th_dim ? c.dim < 0 : c.dim != -1)) continue;  // TH's C API has no negative dims
      c.dtype.reset();
      if (at.dtype >= 0 && op.reducer != Reducer::Cumsum && op.reducer != Reducer::Cumprod) continue;
      std::ostringstream detail;
      detail << (which == 0 ? "contiguous" : which == 1 ? "transposed" : "1-d") << " input," << config_text(at, c);
      const std::string what = th_text(fn, d, detail.str());
      ThCall cl;
      const ThRoles roles = fill_th_call(op, fn, d, c, input, cl);
      ASSERT_TRUE(roles.values >= 0 && roles.self >= 0) << what;
      // TH computes and stores in the input's own dtype (a scan's int64
      // sums wrap to it).
      const DType vd = param_dtype(fn.params[static_cast<size_t>(roles.values)], d);
      const ReduceCase e = expected_case(op, op.reducer, input, at.dim < 0, c, vd, true);
      if (e.skip) continue;
      if (!run_call(what, [&] { call(cl); })) continue;
      compare(cl.tensors[static_cast<size_t>(roles.values)], e.values, what);
      if (roles.indices >= 0) compare(cl.tensors[static_cast<size_t>(roles.indices)], e.indices, what + " (indices)");
    }
  }
}

void check_th_reduce_all(const OpSpec& op, DType d, const ThSpec& fn, ThReturn ret, double (*call)(const ThCall& c)) {
  const Positions at = positions_of(op);
  for (int case_b = 0; case_b < 2; ++case_b) {
    Rng rng(seed_of(fn.name, static_cast<int>(d), case_b));
    const Tensor input = th_input(d, case_b, true, domain_of(op.args[0], d), rng);
    for (const Config& c : configs_of(at, input.shape(), op.reducer)) {
      const std::string what = th_text(fn, d, std::string(case_b ? "transposed input" : "contiguous input") + config_text(at, c));
      ThCall cl;
      fill_th_call(op, fn, d, c, input, cl);
      // accreal: Long for integers and Bool, Double for Float and Double,
      // Float for Half and BFloat16; real: the dtype; int: 0 or 1.
      const DType rd = ret == ThReturn::Accreal ? acc_dtype(d) : ret == ThReturn::Real ? d : DType::Long;
      const ReduceCase e = expected_case(op, op.reducer, input, true, c, rd, false);
      if (e.skip) continue;
      double got = 0;
      if (!run_call(what, [&] { got = call(cl); })) continue;
      compare(scalar_tensor(got, rd), e.values, what);
    }
  }
}

}  // namespace ember::optest
