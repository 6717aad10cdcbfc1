// The dtypes an op's kernel is instantiated for (its schema entry's
// list), so that a driver can refuse a dtype before it writes anything.
#pragma once

#include <cstdint>
#include <initializer_list>

#include "ember/dtype.h"
#include "runtime/core/dtype_error.h"

namespace ember::rt {

class DTypeSet {
 public:
  constexpr DTypeSet(std::initializer_list<DType> dtypes) {
    for (DType d : dtypes) bits_ |= uint32_t{1} << static_cast<int>(d);
  }
  constexpr bool has(DType d) const { return (bits_ >> static_cast<int>(d)) & 1u; }

 private:
  uint32_t bits_ = 0;
};

// dtype_error unless `dtypes` has `d`.
inline void require_dtype(const char* op, DTypeSet dtypes, DType d, const char* arg = "self") {
  if (!dtypes.has(d)) dtype_error(op, d, arg);
}

}  // namespace ember::rt
