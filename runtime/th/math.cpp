// TH's scalar helpers for log-space arithmetic (THGeneral, THLogAdd).
#include <cmath>
#include <utility>

#include "TH/THGeneral.h"

namespace {

// Below this difference, exp(b - a) < 1e-8 no longer changes log(a + b)
// at double precision worth keeping; TH's threshold.
constexpr double kMinusLogThreshold = -18.42;

}  // namespace

double THLog1p(const double x) { return std::log1p(x); }

// log(exp(a) + exp(b)) without overflow.
double THLogAdd(double log_a, double log_b) {
  if (log_a < log_b) std::swap(log_a, log_b);
  const double minusdif = log_b - log_a;
  if (minusdif < kMinusLogThreshold) return log_a;
  return log_a + std::log1p(std::exp(minusdif));
}

// log(exp(a) - exp(b)); needs a >= b. log(0) is TH's THLogZero, -DBL_MAX.
double THLogSub(double log_a, double log_b) {
  if (log_a < log_b) {
    THError("THLogSub: log_a (%f) should be greater than or equal to log_b (%f)", log_a, log_b);
    return NAN;
  }
  if (log_a == log_b) return -DBL_MAX;
  const double minusdif = log_b - log_a;
  if (minusdif < kMinusLogThreshold) return log_a;
  return log_a + std::log1p(-std::exp(minusdif));
}

// Leon Bottou's fast exp(-x) for x >= 0: 1 / p(x)^8, p being the
// degree-4 Taylor polynomial of exp(x/8). Absolute error below 3e-5 on
// [0, 13), relative error below 0.2% up to x = 4; 0 from x = 13 on.
double THExpMinusApprox(const double x) {
  if (x >= 13.0) return 0.0;
  double y = 1.0 + x * (0.125 + x * (0.0078125 + x * (0.00032552083 + x * 1.0172526e-5)));
  y *= y;
  y *= y;
  y *= y;
  return 1.0 / y;
}
