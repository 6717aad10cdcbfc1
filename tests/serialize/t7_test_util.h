// Helpers for the .t7 tests: the expected bytes of a file built by hand
// from the format's definition (docs/serialization.md, docs/files.md for
// THFile's encodings), and storages filled with known values.
#pragma once

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "TH/THHalf.h"
#include "ember/t7.h"
#include "ember/tensor_impl.h"

namespace ember::test {

// Appends what THFile writes for each call, in binary (native byte order,
// Long = 8 bytes) or in ascii (printf formats, a newline after each call).
struct Bytes {
  bool ascii;
  std::string out;

  template <class T>
  void raw(T v) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    out.append(b, sizeof(T));
  }
  void text(const char* fmt, ...) __attribute__((format(printf, 2, 3))) {
    char b[64];
    va_list ap;
    va_start(ap, fmt);
    const int n = std::vsnprintf(b, sizeof b, fmt, ap);
    va_end(ap);
    out.append(b, static_cast<size_t>(n));
  }
  Bytes& i32(int v) {
    ascii ? text("%d\n", v) : raw<int32_t>(v);
    return *this;
  }
  Bytes& i64(long v) {
    ascii ? text("%ld\n", v) : raw<int64_t>(v);
    return *this;
  }
  Bytes& f64(double v) {
    ascii ? text("%.17g\n", v) : raw<double>(v);
    return *this;
  }
  // writeChar of a non-empty storage: the bytes, then ascii's newline.
  Bytes& chars(const std::string& s) {
    out += s;
    if (ascii && !s.empty()) out += '\n';
    return *this;
  }
  Bytes& longs(const std::vector<long>& v) {
    for (size_t i = 0; i < v.size(); ++i) ascii ? text(i + 1 < v.size() ? "%ld " : "%ld\n", v[i]) : raw<int64_t>(v[i]);
    return *this;
  }
  Bytes& floats(const std::vector<float>& v) {
    for (size_t i = 0; i < v.size(); ++i) ascii ? text(i + 1 < v.size() ? "%.9g " : "%.9g\n", v[i]) : raw<float>(v[i]);
    return *this;
  }
  // A string value: tag 2, length, bytes.
  Bytes& string(const std::string& s) { return i32(2).i32(static_cast<int>(s.size())).chars(s); }
  // A torch object's tag, number, "V 1" and class name.
  Bytes& torch(int index, const std::string& cls) { return i32(4).i32(index).i32(3).chars("V 1").i32(static_cast<int>(cls.size())).chars(cls); }
};

// The eight dtypes Torch7 has classes for.
inline const DType kTorchDTypes[] = {DType::Byte, DType::Char,  DType::Short,  DType::Int,
                                     DType::Long, DType::Float, DType::Double, DType::Half};

// A storage of `n` elements whose i-th is a small value exact in every
// dtype (so ascii's text round-trips it): (i * 7) % 100 - (signed ? 50 : 0),
// halved for floating dtypes.
inline Storage pattern_storage(DType d, int64_t n) {
  Storage s(d, n);
  for (int64_t i = 0; i < n; ++i) {
    const int v = static_cast<int>((i * 7) % 100) - (info(d).is_signed ? 50 : 0);
    char* p = static_cast<char*>(s.data_ptr()) + i * static_cast<int64_t>(element_size(d));
    switch (d) {
      case DType::Byte: *reinterpret_cast<uint8_t*>(p) = static_cast<uint8_t>(v); break;
      case DType::Char: *reinterpret_cast<int8_t*>(p) = static_cast<int8_t>(v); break;
      case DType::Short: *reinterpret_cast<int16_t*>(p) = static_cast<int16_t>(v); break;
      case DType::Int: *reinterpret_cast<int32_t*>(p) = v; break;
      case DType::Long: *reinterpret_cast<int64_t*>(p) = v; break;
      case DType::Float: *reinterpret_cast<float*>(p) = v / 2.0f; break;
      case DType::Double: *reinterpret_cast<double*>(p) = v / 2.0; break;
      case DType::Half: *reinterpret_cast<THHalf*>(p) = TH_float2half(v / 2.0f); break;
      default: break;
    }
  }
  return s;
}

inline TensorBase view_of(const Storage& s, int64_t offset, std::vector<int64_t> sizes, std::vector<int64_t> strides) {
  return TensorBase::adopt(rt::tensor_new_with_storage(s.dtype(), s.impl(), offset, sizes, strides));
}

inline bool same_bytes(const Storage& a, const Storage& b) {
  return a.dtype() == b.dtype() && a.size() == b.size() &&
         std::memcmp(a.data_ptr(), b.data_ptr(), static_cast<size_t>(a.size()) * element_size(a.dtype())) == 0;
}

}  // namespace ember::test
