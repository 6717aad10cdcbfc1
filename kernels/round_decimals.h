// PyTorch's round(x, decimals), for round.decimals' pointwise expression
// (its own header, so that only that op recompiles when it changes).
#pragma once

#include <cmath>

#include "ember/host_device.h"

namespace ember::ops {

// The scale 10^|decimals| computed in double and used in M; halves to even.
template <class M>
EMBER_HOST_DEVICE inline M round_decimals(M x, M decimals) {
  const M scale = static_cast<M>(std::pow(10.0, static_cast<double>(decimals < 0 ? -decimals : decimals)));
  return decimals < 0 ? std::nearbyint(x / scale) * scale : std::nearbyint(x * scale) / scale;
}

}  // namespace ember::ops
