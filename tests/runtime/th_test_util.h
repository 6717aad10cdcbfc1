// Helpers for tests of the TH C API: TH error handlers that throw, so that
// a test sees a C function's error as an exception and the call goes no
// further (which handler ran: the argument handler's 1-based position, 0
// for THError's; and the message), and THLongStorage size lists.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>

#include "TH/TH.h"

namespace ember::test {

// A std::runtime_error, so that a test stopped by an unexpected TH error
// prints its message.
struct THRaised : std::runtime_error {
  THRaised(int arg_number, const std::string& text) : std::runtime_error(text), arg(arg_number), message(text) {}
  int arg;  // 0: THError's handler
  std::string message;
};

class THThrowingHandlers {
 public:
  THThrowingHandlers() {
    THSetErrorHandler([](const char* msg, void*) { throw THRaised{0, msg}; }, nullptr);
    THSetArgErrorHandler([](int arg, const char* msg, void*) { throw THRaised{arg, msg}; }, nullptr);
  }
  ~THThrowingHandlers() {
    THSetErrorHandler(nullptr, nullptr);
    THSetArgErrorHandler(nullptr, nullptr);
  }
  THThrowingHandlers(const THThrowingHandlers&) = delete;
  THThrowingHandlers& operator=(const THThrowingHandlers&) = delete;
};

// `call` must report an error for argument `arg` (0: through THError)
// whose message holds `part`.
template <class Call>
void expect_th_error(Call&& call, int arg, const std::string& part) {
  try {
    std::forward<Call>(call)();
    ADD_FAILURE() << "no TH error (expected one for argument " << arg << " saying '" << part << "')";
  } catch (const THRaised& e) {
    EXPECT_EQ(e.arg, arg) << e.message;
    EXPECT_NE(e.message.find(part), std::string::npos) << "'" << part << "' not in: " << e.message;
  }
}

// A THLongStorage holding `values` (the caller frees it).
inline THLongStorage* longs(std::initializer_list<long> values) {
  THLongStorage* s = THLongStorage_newWithSize(static_cast<ptrdiff_t>(values.size()));
  ptrdiff_t i = 0;
  for (long v : values) THLongStorage_set(s, i++, v);
  return s;
}

}  // namespace ember::test
