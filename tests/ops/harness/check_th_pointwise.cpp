// check_th_pointwise: a pointwise op's TH C function on TH's cases A and
// B (th_cases.h), against the entry's `ref` over the inputs' row-major
// elements. TH computes in the tensor's own dtype, without promotion.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "tests/ops/harness.h"
#include "tests/ops/harness/comparison.h"
#include "tests/ops/harness/inputs.h"
#include "tests/ops/harness/th_cases.h"

namespace ember::optest {

using namespace detail;

void check_th_pointwise(const OpSpec& op, DType d, const ThSpec& fn, void (*call)(const ThCall& c)) {
  for (int case_b = 0; case_b < 2; ++case_b) {
    const std::string what = th_text(fn, d, case_b ? "transposed input, flat others, non-contiguous result" : "contiguous");
    Rng rng(seed_of(fn.name, static_cast<int>(d), case_b));
    ThCall c;
    const size_t np = fn.params.size();
    c.tensors.resize(np);
    c.values.resize(np);
    c.ints.resize(np);
    // Reference arguments by signature position: tensors (row-major
    // elements) and values; the result follows the first tensor's shape.
    std::vector<std::vector<double>> tf(op.args.size());
    std::vector<std::vector<int64_t>> ti(op.args.size());
    std::vector<double> vf(op.args.size());
    std::vector<int64_t> vi(op.args.size());
    std::vector<int> tensor_args;
    int out = -1;
    bool first = true;
    Shape result_shape;
    for (size_t i = 0; i < np; ++i) {
      const CParam& p = fn.params[i];
      const DType pd = param_dtype(p, d);
      switch (p.role) {
        case CRole::Out: out = static_cast<int>(i); c.tensors[i] = th_result(pd, case_b); break;
        case CRole::InOut: {
          out = static_cast<int>(i);
          c.tensors[i] = case_b ? th_result(pd, 1) : empty({3, 4}, pd);
          Tensor src = th_input(pd, 0, true, domain_of(op.args[p.arg], pd), rng);
          c.tensors[i].copy_(src);
          result_shape = {3, 4};
          break;
        }
        case CRole::Input: {
          c.tensors[i] = th_input(pd, case_b, first, domain_of(op.args[p.arg], pd), rng);
          if (first) result_shape = c.tensors[i].shape();
          first = false;
          tf[p.arg] = flat_f(c.tensors[i]);
          ti[p.arg] = flat_i(c.tensors[i]);
          tensor_args.push_back(p.arg);
          break;
        }
        case CRole::Value: {
          const double v = random_value(d, domain_of(op.args[p.arg], d), rng);
          c.values[i] = v;
          // The C value arrives as TH's real, i.e. rounded to the dtype.
          vf[p.arg] = is_floating(d) ? round_to(d, v) : v;
          vi[p.arg] = is_floating(d) ? 0 : static_cast<int64_t>(v);
          break;
        }
        default: FAIL() << what << ": a pointwise binding with a dim parameter";
      }
    }
    for (const auto& [k, v] : fn.defaults) {
      vf[k] = v;
      vi[k] = static_cast<int64_t>(v);
    }
    ASSERT_GE(out, 0) << what << ": no result parameter";
    const DType od = param_dtype(fn.params[out], d);
    Expected e = expect_like(od, result_shape);
    const double tol = tol_of(op, d);
    for (int64_t k = 0; k < numel_of(result_shape); ++k) {
      for (int a : tensor_args) {
        vf[a] = tf[a][k];
        vi[a] = ti[a][k];
      }
      // TH computes in the tensor's own dtype (no promotion).
      if (is_floating(d)) {
        const double v = op.rule == Rule::Bool ? (op.ref_f(vf.data()) != 0) : round_to(d, op.ref_f(vf.data()));
        if (is_floating(od)) push_f(e, round_to(od, v), tol, std::fabs(v));
        else e.i.push_back(wrap_to(od, static_cast<int64_t>(v)));
      } else {
        const int64_t v = op.rule == Rule::Bool ? (op.ref_i(vi.data()) != 0) : wrap_to(d, op.ref_i(vi.data()));
        if (is_floating(od)) push_f(e, static_cast<double>(v), tol, std::fabs(static_cast<double>(v)));
        else e.i.push_back(wrap_to(od, v));
      }
    }
    if (!run_call(what, [&] { call(c); })) continue;
    compare(c.tensors[out], e, what);
  }
}

}  // namespace ember::optest
