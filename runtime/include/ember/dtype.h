// Run-time element types. The list itself comes from schemas/dtypes.yaml
// (generated dtype_list.h); this file adds the rules that relate dtypes.
#pragma once

#include "ember/export.h"

#include <cstddef>
#include <cstdint>

namespace ember {
enum class DTypeKind : int8_t { Bool, Integral, Floating };
}  // namespace ember

#include "ember/dtype_list.h"

namespace ember {

inline const DTypeInfo& info(DType d) { return kDTypeInfo[static_cast<int>(d)]; }
inline size_t element_size(DType d) { return static_cast<size_t>(info(d).size); }
inline const char* dtype_name(DType d) { return info(d).numpy; }
inline bool is_floating(DType d) { return info(d).kind == DTypeKind::Floating; }
inline bool is_integral(DType d) { return info(d).kind == DTypeKind::Integral; }
inline bool is_bool(DType d) { return info(d).kind == DTypeKind::Bool; }
inline bool is_valid_dtype(int d) { return d >= 0 && d < kNumDTypes; }

template <class T>
constexpr DType dtype_of = DTypeOf<T>::value;

// PyTorch's promotion lattice: bool < integers < floating; among integers
// the wider wins and uint8 with a signed type needs a signed type wider
// than 8 bits; Half with BFloat16 meet in Float.
EMBER_CPP_API DType promote_types(DType a, DType b);

// The dtype of tensors made from Python floats and of true division of
// integers (float32 unless changed).
EMBER_CPP_API DType default_dtype();
EMBER_CPP_API void set_default_dtype(DType d);

// TypeError: `op` is not implemented for `d`.
[[noreturn]] EMBER_CPP_API void unsupported_dtype(const char* op, DType d);

}  // namespace ember
