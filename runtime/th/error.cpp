#include "ember/th_error.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <new>

namespace ember::th {

namespace {

void copy_text(char* dst, size_t capacity, const char* src) { std::snprintf(dst, capacity, "%s", src); }

Failure make(ErrorKind kind, const char* message, const char* arg) {
  Failure f;
  f.kind = kind;
  copy_text(f.message, sizeof f.message, message);
  copy_text(f.arg, sizeof f.arg, arg);
  return f;
}

}  // namespace

Failure capture() noexcept {
  try {
    throw;
  } catch (const Error& e) {
    return make(e.kind(), e.what(), e.arg().c_str());
  } catch (const std::bad_alloc&) {
    return make(ErrorKind::Memory, "out of memory", "");
  } catch (const std::exception& e) {
    return make(ErrorKind::Runtime, e.what(), "");
  } catch (...) {
    return make(ErrorKind::Runtime, "unknown C++ exception", "");
  }
}

Failure capture(const char* fn) noexcept {
  Failure f = capture();
  if (!fn) return f;
  const size_t n = std::strlen(fn);
  if (std::strncmp(f.message, fn, n) == 0 && f.message[n] == ':') return f;
  char inner[sizeof f.message];
  copy_text(inner, sizeof inner, f.message);
  std::snprintf(f.message, sizeof f.message, "%s: %s", fn, inner);
  return f;
}

void report(const Failure& failure, const char* const* args, int nargs) {
  if (failure.arg[0] != '\0' && args) {
    for (int i = 0; i < nargs; ++i) {
      if (args[i] && std::strcmp(args[i], failure.arg) == 0) {
        raise_arg_error(i + 1, failure.message);
        return;
      }
    }
  }
  raise_error(failure.message);
}

}  // namespace ember::th
