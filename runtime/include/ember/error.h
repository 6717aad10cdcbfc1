// Errors inside ember are C++ exceptions of one type, ember::Error, whose
// kind says what went wrong (and becomes IndexError, ValueError, ... in
// Python) and whose message names the op and the argument. They never
// cross the C boundary: the generated C API catches them and reports them
// through TH's error handlers (see th_error.h).
#pragma once

#include "ember/export.h"

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace ember {

enum class ErrorKind {
  Index,    // an index or dim out of range
  Value,    // a bad value or incompatible shapes
  Type,     // a wrong dtype or argument type
  Memory,   // an allocation failed or a size overflowed
  Runtime,  // anything else (I/O, internal state)
};

class EMBER_CPP_API Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message, std::string arg = {})
      : std::runtime_error(message), kind_(kind), arg_(std::move(arg)) {}
  ErrorKind kind() const { return kind_; }
  // The name of the offending argument as the op's schema spells it, or
  // empty; the C API turns it into TH's argument number.
  const std::string& arg() const { return arg_; }

 private:
  ErrorKind kind_;
  std::string arg_;
};

template <class... Parts>
std::string str(const Parts&... parts) {
  std::ostringstream out;
  (out << ... << parts);
  return out.str();
}

[[noreturn]] EMBER_CPP_API void fail(ErrorKind kind, const std::string& message, const std::string& arg = {});

}  // namespace ember

// EMBER_CHECK(cond, Kind, "op", "arg", message parts...): on failure throws
// ember::Error of ErrorKind::Kind with "op: message parts (argument 'arg')".
#define EMBER_CHECK(cond, kind, op, arg, ...)                                        \
  do {                                                                               \
    if (__builtin_expect(!(cond), 0))                                                \
      ::ember::fail(::ember::ErrorKind::kind, ::ember::str(op, ": ", __VA_ARGS__), arg); \
  } while (0)
