// Order-preserving unsigned keys for every element type: a < b exactly
// when key(a) < key(b) in the order sort, topk and the selections use.
//
// Note [sort order]: ascending numeric order with NaN the largest value
// (as PyTorch's sort, topk, kthvalue); every NaN is one value, whatever
// its sign and payload, and -0 equals +0. Ties are broken by position in
// the input (stable), so the order is total and results are the same
// whichever algorithm, thread count or path produced them.
//
// Keys are the IEEE bits with the sign folded in (negatives inverted,
// positives with the top bit set), with NaN mapped to the largest key and
// -0 to +0's key; integers flip their sign bit. key(descending) is ~key.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ember/half.h"

namespace ember::kernels {

template <class T>
struct SortKey;

// SortKey<T>: key(x), the key of x; value(k), an element whose key is k:
// x itself where `exact`, else x for every key but those of NaN and of
// zero, which stand for several elements (value gives a NaN with every
// payload bit set, and +0).
template <class T, class K>
struct IntegralKey {
  using type = K;
  static constexpr bool exact = true;
  static K key(T x) {
    if constexpr (std::is_signed_v<T>)
      return static_cast<K>(static_cast<K>(x) ^ (K(1) << (8 * sizeof(K) - 1)));
    else
      return static_cast<K>(x);
  }
  static T value(K k) {
    if constexpr (std::is_same_v<T, bool>)
      return k != 0;
    else if constexpr (std::is_signed_v<T>)
      return static_cast<T>(static_cast<K>(k ^ (K(1) << (8 * sizeof(K) - 1))));
    else
      return static_cast<T>(k);
  }
};

template <> struct SortKey<bool> : IntegralKey<bool, uint8_t> {};
template <> struct SortKey<uint8_t> : IntegralKey<uint8_t, uint8_t> {};
template <> struct SortKey<int8_t> : IntegralKey<int8_t, uint8_t> {};
template <> struct SortKey<int16_t> : IntegralKey<int16_t, uint16_t> {};
template <> struct SortKey<int32_t> : IntegralKey<int32_t, uint32_t> {};
template <> struct SortKey<int64_t> : IntegralKey<int64_t, uint64_t> {};

// IEEE bits u of width K, with `is_nan` and `is_zero` of the value.
template <class K>
inline K ieee_key(K u, bool is_nan, bool is_zero) {
  constexpr K top = K(1) << (8 * sizeof(K) - 1);
  u = is_zero ? K(0) : u;
  const K k = (u & top) ? static_cast<K>(~u) : static_cast<K>(u | top);
  return is_nan ? static_cast<K>(~K(0)) : k;
}

// The IEEE bits of key k (ieee_key's inverse where it is one-to-one).
template <class K>
inline K ieee_bits(K k) {
  constexpr K top = K(1) << (8 * sizeof(K) - 1);
  return (k & top) ? static_cast<K>(k & ~top) : static_cast<K>(~k);
}

template <class T, class K>
struct IeeeKey {
  using type = K;
  static constexpr bool exact = false;
  static T value(K k) {
    const K u = ieee_bits(k);
    T x;
    std::memcpy(&x, &u, sizeof(T));
    return x;
  }
};

template <>
struct SortKey<float> : IeeeKey<float, uint32_t> {
  static uint32_t key(float x) {
    uint32_t u;
    std::memcpy(&u, &x, 4);
    return ieee_key<uint32_t>(u, x != x, x == 0.0f);
  }
};

template <>
struct SortKey<double> : IeeeKey<double, uint64_t> {
  static uint64_t key(double x) {
    uint64_t u;
    std::memcpy(&u, &x, 8);
    return ieee_key<uint64_t>(u, x != x, x == 0.0);
  }
};

// binary16: 5 exponent bits; bfloat16: 8. Decided on the bits, no float.
template <class T>
struct HalfKey {
  using type = uint16_t;
  static constexpr bool exact = false;
  static constexpr uint16_t kInf = std::is_same_v<T, Half> ? 0x7c00u : 0x7f80u;
  static uint16_t key(T x) {
    const uint16_t a = x.x & 0x7fffu;
    return ieee_key<uint16_t>(x.x, a > kInf, a == 0);
  }
  static T value(uint16_t k) { return T::from_bits(ieee_bits(k)); }
};

template <> struct SortKey<Half> : HalfKey<Half> {};
template <> struct SortKey<BFloat16> : HalfKey<BFloat16> {};

template <class T>
using sort_key_t = typename SortKey<T>::type;

// The key in the requested direction: descending order is ascending order
// of ~key (NaN first), and stays stable.
template <class T>
inline sort_key_t<T> directed_key(T x, bool descending) {
  using K = sort_key_t<T>;
  // XOR with all ones or zero, not a select on a bool: GCC vectorizes the
  // loops that build keys only so.
  return static_cast<K>(SortKey<T>::key(x) ^ static_cast<K>(K(0) - K(descending)));
}

}  // namespace ember::kernels
