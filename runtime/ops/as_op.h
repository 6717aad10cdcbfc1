// Note [errors of a delegating op]: an op written on another (hstack on
// cat, allclose on isclose, new_zeros on zeros) reports the other's
// errors under its own name, since the user reads the op they called. The
// argument names pass through unchanged: a delegating op hands its own
// arguments on under the same names.
#pragma once

#include <string>
#include <utility>

#include "ember/error.h"

namespace ember::rt {

// f(), with an ember::Error of `delegate` ("cat: ...") raised again as
// `op`'s ("hstack: ..."), kind and argument kept.
template <class F>
decltype(auto) as_op(const char* op, const char* delegate, F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const Error& e) {
    const std::string what = e.what(), prefix = str(delegate, ": ");
    if (what.compare(0, prefix.size(), prefix) != 0) throw;
    throw Error(e.kind(), str(op, ": ", what.substr(prefix.size())), e.arg());
  }
}

}  // namespace ember::rt
