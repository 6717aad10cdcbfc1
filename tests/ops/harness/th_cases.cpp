#include "tests/ops/harness/th_cases.h"

namespace ember::optest::detail {

DType param_dtype(const CParam& p, DType d) { return p.fixed ? p.dtype : d; }

Tensor th_input(DType d, int which, bool first, Range r, Rng& rng) {
  if (which == 2) return random_tensor(d, {5}, r, rng);
  if (which == 0) return random_tensor(d, {3, 4}, r, rng);
  return first ? random_tensor(d, {4, 3}, r, rng).t() : random_tensor(d, {12}, r, rng);
}

Tensor th_result(DType d, int case_b) {
  if (!case_b) return empty({0}, d);
  Tensor base = zeros({5, 6}, d);
  return base.narrow(0, 1, 3).narrow(1, 2, 4);
}

std::string th_text(const ThSpec& fn, DType d, const std::string& detail) {
  std::string name = fn.name;
  name.insert(2, info(d).name);
  return name + " (" + detail + ")";
}

}  // namespace ember::optest::detail
