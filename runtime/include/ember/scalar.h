// A number whose type is known at run time: what `alpha`, `value` and a
// Python number passed to an op become. It remembers whether it came in
// as a bool, an integer or a floating number, because type promotion
// depends on that (int tensor + 2.5 -> default float dtype).
#pragma once

#include <cstdint>
#include <type_traits>

#include "ember/half.h"

namespace ember {

class Scalar {
 public:
  enum class Kind : int8_t { Bool, Integral, Floating };

  Scalar() : kind_(Kind::Integral), i_(0) {}
  Scalar(bool v) : kind_(Kind::Bool), i_(v) {}  // NOLINT: implicit like a number
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  Scalar(T v) : kind_(Kind::Integral), i_(static_cast<int64_t>(v)) {}  // NOLINT
  template <class T, std::enable_if_t<std::is_floating_point_v<T>, int> = 0>
  Scalar(T v) : kind_(Kind::Floating), d_(static_cast<double>(v)) {}  // NOLINT
  Scalar(Half v) : kind_(Kind::Floating), d_(static_cast<float>(v)) {}  // NOLINT
  Scalar(BFloat16 v) : kind_(Kind::Floating), d_(static_cast<float>(v)) {}  // NOLINT

  Kind kind() const { return kind_; }
  bool is_floating() const { return kind_ == Kind::Floating; }
  bool is_bool() const { return kind_ == Kind::Bool; }

  // The value in type T: integers convert exactly where they fit, floating
  // values convert as C++ does (and wrap through int64 for integer T).
  template <class T>
  T to() const {
    if constexpr (std::is_same_v<T, bool>) {
      return kind_ == Kind::Floating ? d_ != 0 : i_ != 0;
    } else if constexpr (std::is_integral_v<T>) {
      return kind_ == Kind::Floating ? static_cast<T>(static_cast<int64_t>(d_)) : static_cast<T>(i_);
    } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
      return T(to<float>());
    } else {
      return kind_ == Kind::Floating ? static_cast<T>(d_) : static_cast<T>(i_);
    }
  }

 private:
  Kind kind_;
  union {
    int64_t i_;
    double d_;
  };
};

}  // namespace ember
