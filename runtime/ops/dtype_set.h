// The dtypes an op's kernel is instantiated for (its schema entry's
// list), so that a driver can refuse a dtype before it writes anything.
#pragma once

#include <cstdint>
#include <initializer_list>

#include "ember/dtype.h"

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

// TypeError (unsupported_dtype) unless `dtypes` has `d`.
inline void require_dtype(const char* op, DTypeSet dtypes, DType d) {
  if (!dtypes.has(d)) unsupported_dtype(op, d);
}

}  // namespace ember::rt
