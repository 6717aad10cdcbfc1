// cdist: the p-norm distance between each row of x1 (*, P, M) and each
// row of x2 (*, R, M), batch dims broadcast: norm over the last dim of
// the differences x1[..., i, None, :] - x2[..., None, j, :], so every p
// (0, fractional, inf) follows `norm`, and NaN propagates. PyTorch may use
// a matrix product for p = 2 (compute_mode), which loses precision where
// rows are close; ember always takes the differences, so the result is the
// same whichever mode is asked for (the word is still checked).
#include <algorithm>
#include <cmath>
#include <string_view>

#include "ember/error.h"
#include "ember/ops/any_dim.h"
#include "ember/ops/isnan.h"
#include "ember/ops/norm_dims.h"
#include "ember/ops/sub.h"
#include "ember/ops/unsqueeze.h"
#include "ember/ops/where_scalar_self.h"
#include "runtime/ops/statistics.h"

namespace ember::rt {

namespace {

void check_matrix(const TensorBase& t, const char* arg) {
  if (t.dtype() != DType::Float && t.dtype() != DType::Double)
    fail(ErrorKind::Type, str("cdist: ", arg, " must be float32 or float64, got ", dtype_name(t.dtype())), arg);
  if (t.dim() < 2)
    fail(ErrorKind::Value, str("cdist: ", arg, " must have at least 2 dims (rows of points), got ", t.dim()), arg);
}

}  // namespace

TensorBase cdist(const TensorBase& x1, const TensorBase& x2, double p, std::string_view compute_mode) {
  check_matrix(x1, "x1");
  check_matrix(x2, "x2");
  if (x1.dtype() != x2.dtype())
    fail(ErrorKind::Type, str("cdist: x2's dtype ", dtype_name(x2.dtype()), " must be x1's, ", dtype_name(x1.dtype())),
         "x2");
  if (x1.size(-1) != x2.size(-1))
    fail(ErrorKind::Value, str("cdist: x1 and x2 must have the same number of columns, got ", x1.size(-1), " and ",
                               x2.size(-1)), "x2");
  if (!(p >= 0)) fail(ErrorKind::Value, str("cdist: p must be at least 0, got ", p), "p");
  if (compute_mode != "use_mm_for_euclid_dist_if_necessary" && compute_mode != "use_mm_for_euclid_dist" &&
      compute_mode != "donot_use_mm_for_euclid_dist")
    fail(ErrorKind::Value, str("cdist: compute_mode must be one of use_mm_for_euclid_dist_if_necessary, "
                               "use_mm_for_euclid_dist or donot_use_mm_for_euclid_dist, got '", compute_mode, "'"),
         "compute_mode");
  // sub broadcasts the batch dims (a ValueError naming its own op's
  // argument when they do not), so they are checked here first.
  for (int64_t i = 3; i <= std::min(x1.dim(), x2.dim()); ++i) {
    const int64_t a = x1.size(-i), b = x2.size(-i);
    if (a != b && a != 1 && b != 1)
      fail(ErrorKind::Value, str("cdist: the batch dims of x1 ", sizes_text(x1.sizes()), " and x2 ",
                                 sizes_text(x2.sizes()), " do not broadcast"), "x2");
  }
  const TensorBase d = base::sub(base::unsqueeze(x1, -2), base::unsqueeze(x2, -3));
  const TensorBase r = base::norm(d, p, {-1}, false, std::nullopt);
  // norm's p = 0 counts a NaN as nonzero; PyTorch's cdist gives NaN.
  return p == 0 ? base::where(base::any(base::isnan(d), -1), std::nan(""), r) : r;
}

}  // namespace ember::rt
