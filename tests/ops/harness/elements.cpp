#include "tests/ops/harness/elements.h"

#include <cfloat>
#include <cstring>

namespace ember::optest::detail {

double load_f(DType d, const char* p) {
  switch (d) {
#define EMBER_OPTEST_LOAD(Name, cpp, acc) \
  case DType::Name:                       \
    return static_cast<double>(*reinterpret_cast<const cpp*>(p));
    EMBER_FORALL_DTYPES(EMBER_OPTEST_LOAD)
#undef EMBER_OPTEST_LOAD
  }
  return 0;
}

int64_t load_i(DType d, const char* p) {
  switch (d) {
#define EMBER_OPTEST_LOAD(Name, cpp, acc) \
  case DType::Name:                       \
    return static_cast<int64_t>(*reinterpret_cast<const cpp*>(p));
    EMBER_FORALL_DTYPES(EMBER_OPTEST_LOAD)
#undef EMBER_OPTEST_LOAD
  }
  return 0;
}

void store_f(DType d, char* p, double v) {
  switch (d) {
#define EMBER_OPTEST_STORE(Name, cpp, acc)              \
  case DType::Name:                                     \
    *reinterpret_cast<cpp*>(p) = static_cast<cpp>(v);   \
    return;
    EMBER_FORALL_DTYPES(EMBER_OPTEST_STORE)
#undef EMBER_OPTEST_STORE
  }
}

void store_i(DType d, char* p, int64_t v) {
  switch (d) {
#define EMBER_OPTEST_STORE(Name, cpp, acc)              \
  case DType::Name:                                     \
    *reinterpret_cast<cpp*>(p) = static_cast<cpp>(v);   \
    return;
    EMBER_FORALL_DTYPES(EMBER_OPTEST_STORE)
#undef EMBER_OPTEST_STORE
  }
}

// Through a store and a load, so that the rounding is the element
// type's own conversion.
double round_to(DType d, double v) {
  alignas(8) char buf[8];
  store_f(d, buf, v);
  return load_f(d, buf);
}

int64_t wrap_to(DType d, int64_t v) {
  alignas(8) char buf[8];
  store_i(d, buf, v);
  return load_i(d, buf);
}

double max_finite(DType d) {
  switch (d) {
    case DType::Float: return FLT_MAX;
    case DType::Double: return DBL_MAX;
    case DType::Half: return 65504.0;
    case DType::BFloat16: return 3.3895313892515355e38;
    default: return 0;
  }
}

double min_normal(DType d) {
  switch (d) {
    case DType::Float: return FLT_MIN;
    case DType::Double: return DBL_MIN;
    case DType::Half: return 6.103515625e-05;
    case DType::BFloat16: return FLT_MIN;
    default: return 0;
  }
}

std::vector<double> flat_f(const Tensor& t) {
  std::vector<double> v;
  const Reader r(t, t.shape());
  for_each_index(t.shape(), [&](const Shape& idx) { v.push_back(r.f(idx)); });
  return v;
}

std::vector<int64_t> flat_i(const Tensor& t) {
  std::vector<int64_t> v;
  const Reader r(t, t.shape());
  for_each_index(t.shape(), [&](const Shape& idx) { v.push_back(r.i(idx)); });
  return v;
}

bool same_bytes(const Tensor& a, const Tensor& b) {
  if (a.shape() != b.shape() || a.dtype() != b.dtype()) return false;
  const Reader ra(a, a.shape()), rb(b, b.shape());
  const size_t es = element_size(a.dtype());
  bool same = true;
  for_each_index(a.shape(), [&](const Shape& idx) { same = same && std::memcmp(ra.at(idx), rb.at(idx), es) == 0; });
  return same;
}

}  // namespace ember::optest::detail
