// expect_error and expect_th_error: an error example of a schema entry's
// `errors:` fails the way the entry says, through the C++ API or through
// TH's C API, whose handlers this file turns into exceptions for the
// whole test program.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "tests/ops/harness.h"

namespace ember::optest {

namespace {

// TH's handlers, turned into exceptions so a negative test can see them.
struct ThFailure : std::runtime_error {
  ThFailure(int n, const char* msg) : std::runtime_error(std::string("TH error (argument ") + std::to_string(n) + "): " + msg),
                                      arg_number(n), message(msg) {}
  int arg_number;  // 0: THError's handler
  std::string message;
};

void throw_error(const char* msg, void*) { throw ThFailure(0, msg); }
void throw_arg_error(int n, const char* msg, void*) { throw ThFailure(n, msg); }

class ThHandlers : public ::testing::Environment {
 public:
  void SetUp() override {
    THSetErrorHandler(throw_error, nullptr);
    THSetArgErrorHandler(throw_arg_error, nullptr);
  }
  void TearDown() override {
    THSetErrorHandler(nullptr, nullptr);
    THSetArgErrorHandler(nullptr, nullptr);
  }
};

[[maybe_unused]] ::testing::Environment* const kThHandlers = ::testing::AddGlobalTestEnvironment(new ThHandlers);

const char* kind_name(ErrorKind k) {
  switch (k) {
    case ErrorKind::Index: return "Index";
    case ErrorKind::Value: return "Value";
    case ErrorKind::Type: return "Type";
    case ErrorKind::Memory: return "Memory";
    case ErrorKind::Runtime: return "Runtime";
  }
  return "?";
}

}  // namespace

void expect_error(ErrorKind kind, const char* op, const char* arg, void (*example)()) {
  try {
    example();
    ADD_FAILURE() << "expected a " << kind_name(kind) << " error from " << op << ", nothing was thrown";
  } catch (const Error& e) {
    EXPECT_EQ(kind_name(e.kind()), std::string(kind_name(kind))) << e.what();
    const std::string msg = e.what();
    EXPECT_NE(msg.find(op), std::string::npos) << "the message does not name " << op << ": " << msg;
    if (arg) {
      EXPECT_NE(msg.find(std::string("argument '") + arg + "'"), std::string::npos)
          << "the message does not name argument '" << arg << "': " << msg;
      EXPECT_EQ(e.arg(), arg);
    }
  }
}

void expect_th_error(const char* fn, int arg_number, const char* arg, void (*example)()) {
  try {
    example();
    ADD_FAILURE() << "expected " << fn << " to report an error, it returned";
  } catch (const ThFailure& f) {
    EXPECT_EQ(f.arg_number, arg ? arg_number : 0) << f.message;
    EXPECT_NE(f.message.find(fn), std::string::npos) << "the message does not name " << fn << ": " << f.message;
    if (arg) {
      EXPECT_NE(f.message.find(std::string("argument '") + arg + "'"), std::string::npos)
          << "the message does not name argument '" << arg << "': " << f.message;
    }
  }
}

}  // namespace ember::optest
