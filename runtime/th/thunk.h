// The shape of every generated TH C function (Note [longjmp-safe
// reporting] in ember/th_error.h says why it is this shape). Each C
// binding is generated once, as a template over the element type T that
// takes the typed C function's name first (for messages); each dtype's
// C function is a thunk that instantiates it:
//
//   EMBER_API void THFloatTensor_cadd(THFloatTensor *r_, ..., THFloatTensor *src) {
//     return th::call<THTensor_cadd<float>>("THFloatTensor_cadd", THTensor_cadd_args, r_, ..., src);
//   }
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include "ember/error.h"
#include "ember/th_error.h"
#include "runtime/th/c_types.h"

namespace ember::th {

// The C function's parameter names, in order: an error naming one of them
// goes to TH's argument error handler with its 1-based position.
template <size_t N>
using ArgNames = std::array<const char*, N>;

// Runs f() for the C function `fn`; an exception becomes a report to TH's
// handlers once f's frames are gone, its message led by fn's name
// (capture(fn); none when fn is null). Returns f's value, or a
// value-initialized one when the handler returns. Only trivially
// destructible values (the C arguments) stay alive across report().
// Always inlined into the thunk: GCC keeps a function with Failure's 2 KB
// frame out of line (its stack-growth limit), which costs every C
// function a call and a spill of its arguments.
template <size_t N, class F>
[[gnu::always_inline]] inline auto guarded(const char* fn, const ArgNames<N>& args, const F& f) -> decltype(f()) {
  Failure failure;
  try {
    return f();
  } catch (...) {
    failure = capture(fn);
  }
  report(failure, args.data(), static_cast<int>(N));
  if constexpr (!std::is_void_v<decltype(f())>) return {};
}

// The same for a hand-written C function whose errors name themselves.
template <size_t N, class F>
[[gnu::always_inline]] inline auto guarded(const ArgNames<N>& args, const F& f) -> decltype(f()) {
  return guarded(nullptr, args, f);
}

// The same, returning `fallback` when the handler returns (a C function
// whose value-initialized result would be valid, as a file descriptor 0).
template <size_t N, class F>
[[gnu::always_inline]] inline auto guarded(const ArgNames<N>& args, const F& f, decltype(f()) fallback)
    -> decltype(f()) {
  Failure failure;
  try {
    return f();
  } catch (...) {
    failure = capture();
  }
  report(failure, args.data(), static_cast<int>(N));
  return fallback;
}

// The thunk's body: F, the C function written once for all dtypes, run on
// the C arguments under guarded().
template <auto F, size_t N, class... A>
[[gnu::always_inline]] inline auto call(const char* fn, const ArgNames<N>& args, A... a) -> decltype(F(fn, a...)) {
  return guarded(fn, args, [&] { return F(fn, a...); });
}

// The body of a C function TH exported for a dtype its op does not fit
// (THFloatTensor_cbitand): a TypeError with `message`, naming `arg`.
template <class R, size_t N>
[[gnu::always_inline]] inline R type_error(const ArgNames<N>& args, const char* message, const char* arg) {
  return guarded(args, [&]() -> R { fail(ErrorKind::Type, message, arg); });
}

}  // namespace ember::th
