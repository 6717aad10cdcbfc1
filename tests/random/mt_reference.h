// The independent references of the random tests: MT19937 as Matsumoto
// and Nishimura published it (init_genrand, genrand_int32, with a `mti`
// index over a 624-word block, not ember's left/next countdown), and
// Torch7's formulas over it written from their definitions.
#pragma once

#include <cmath>
#include <cstdint>

namespace ember::test {

class RefMT {
 public:
  explicit RefMT(uint32_t seed) {
    mt_[0] = seed;
    for (int i = 1; i < kN; ++i) mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<uint32_t>(i);
    mti_ = kN;
  }

  uint32_t next() {
    if (mti_ >= kN) {
      for (int k = 0; k < kN; ++k) {
        const uint32_t y = (mt_[k] & 0x80000000u) | (mt_[(k + 1) % kN] & 0x7fffffffu);
        mt_[k] = mt_[(k + kM) % kN] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
      }
      mti_ = 0;
    }
    uint32_t y = mt_[mti_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
  }

  // Torch7's uniform: one draw / 2^32.
  double u() { return next() / 4294967296.0; }

  // Torch7's Box-Muller with its second value kept for the next call.
  double normal(double mean, double stdv) {
    if (!pending_) {
      x_ = u();
      const double y = u();
      rho_ = std::sqrt(-2.0 * std::log(1.0 - y));
      pending_ = true;
      return rho_ * std::cos(2.0 * M_PI * x_) * stdv + mean;
    }
    pending_ = false;
    return rho_ * std::sin(2.0 * M_PI * x_) * stdv + mean;
  }

 private:
  static constexpr int kN = 624, kM = 397;
  uint32_t mt_[kN];
  int mti_;
  bool pending_ = false;
  double x_ = 0, rho_ = 0;
};

// Wilson-Hilferty's approximation of the chi-square quantile with `df`
// degrees of freedom at z standard deviations (z = 5: about 3e-7 of
// false failures; the tests' seeds are fixed, so a failure is a bug).
inline double chi2_bound(int df, double z = 5.0) {
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1 - a + z * std::sqrt(a), 3);
}

}  // namespace ember::test
