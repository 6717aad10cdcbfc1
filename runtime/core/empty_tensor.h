// TH's empty tensor (THTensor_new()): no dims and, unlike a 0-dim tensor,
// no element either. Drivers that index dims see it as a [0] tensor, so
// that shape rules know it has nothing to read.
#pragma once

#include "ember/tensor_base.h"

namespace ember::rt {

inline TensorBase dimmed(const TensorBase& t) { return t.dim() == 0 && !t.is_scalar() ? empty({0}, t.dtype()) : t; }

}  // namespace ember::rt
