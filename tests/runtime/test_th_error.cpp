// ember::fail, EMBER_CHECK, and carrying exceptions across the C boundary
// (ember::th::capture/report) into TH's handlers, in the exact shape the
// generated C API uses.
#include <gtest/gtest.h>

#include <csetjmp>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

#include "TH/THGeneral.h"
#include "ember/error.h"
#include "ember/th_error.h"

namespace {

using ember::ErrorKind;

struct Seen {
  int calls = 0;
  int arg_number = 0;  // 0: the error handler, not the argument one
  char message[4096] = {};
  std::jmp_buf* jump = nullptr;
};

void record_error(const char* msg, void* data) {
  auto* s = static_cast<Seen*>(data);
  ++s->calls;
  s->arg_number = 0;
  std::snprintf(s->message, sizeof s->message, "%s", msg);
  if (s->jump) std::longjmp(*s->jump, 1);
}

void record_arg_error(int arg_number, const char* msg, void* data) {
  auto* s = static_cast<Seen*>(data);
  ++s->calls;
  s->arg_number = arg_number;
  std::snprintf(s->message, sizeof s->message, "%s", msg);
  if (s->jump) std::longjmp(*s->jump, 1);
}

class THErrorBoundary : public ::testing::Test {
 protected:
  void SetUp() override {
    THSetErrorHandler(record_error, &seen_);
    THSetArgErrorHandler(record_arg_error, &seen_);
  }
  void TearDown() override {
    THSetErrorHandler(nullptr, nullptr);
    THSetArgErrorHandler(nullptr, nullptr);
  }
  Seen seen_;
};

template <class Throw>
ember::th::Failure failure_of(Throw throw_it) {
  try {
    throw_it();
  } catch (...) {
    return ember::th::capture();
  }
  ADD_FAILURE() << "nothing thrown";
  return {};
}

TEST(EmberFail, AppendsTheArgumentName) {
  try {
    ember::fail(ErrorKind::Index, "narrow: dimension 5 out of range", "dimension");
    FAIL();
  } catch (const ember::Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Index);
    EXPECT_STREQ(e.what(), "narrow: dimension 5 out of range (argument 'dimension')");
    EXPECT_EQ(e.arg(), "dimension");
  }
  try {
    ember::fail(ErrorKind::Runtime, "plain");
    FAIL();
  } catch (const ember::Error& e) {
    EXPECT_STREQ(e.what(), "plain");
    EXPECT_EQ(e.arg(), "");
  }
}

TEST(EmberFail, CheckMacroBuildsTheMessage) {
  const int dim = 7;
  try {
    EMBER_CHECK(dim < 3, Value, "select", "dim", "dim ", dim, " >= ", 3);
    FAIL();
  } catch (const ember::Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Value);
    EXPECT_STREQ(e.what(), "select: dim 7 >= 3 (argument 'dim')");
  }
  EXPECT_NO_THROW(EMBER_CHECK(dim > 3, Value, "select", "dim", "unused"));
}

TEST(Capture, EmberErrorKeepsKindMessageAndArgument) {
  const auto f = failure_of([] { ember::fail(ErrorKind::Type, "copy: wrong dtype", "src"); });
  EXPECT_EQ(f.kind, ErrorKind::Type);
  EXPECT_STREQ(f.message, "copy: wrong dtype (argument 'src')");
  EXPECT_STREQ(f.arg, "src");
}

TEST(Capture, BadAllocIsAMemoryError) {
  const auto f = failure_of([] { throw std::bad_alloc(); });
  EXPECT_EQ(f.kind, ErrorKind::Memory);
  EXPECT_STREQ(f.message, "out of memory");
  EXPECT_STREQ(f.arg, "");
}

// capture(fn): TH's C function names itself first, before an inner op's
// message (or one naming no op); a message already naming it is kept.
TEST(Capture, TheCFunctionLeadsTheMessage) {
  ember::th::Failure f;
  try {
    ember::fail(ErrorKind::Runtime, "storage_new: no device", "device");
  } catch (...) {
    f = ember::th::capture("THCudaTensor_cat");
  }
  EXPECT_STREQ(f.message, "THCudaTensor_cat: storage_new: no device (argument 'device')");
  EXPECT_STREQ(f.arg, "device");
  try {
    throw std::bad_alloc();
  } catch (...) {
    f = ember::th::capture("THFloatTensor_newWithSize1d");
  }
  EXPECT_EQ(f.kind, ErrorKind::Memory);
  EXPECT_STREQ(f.message, "THFloatTensor_newWithSize1d: out of memory");
  try {
    ember::fail(ErrorKind::Value, "THFloatTensor_narrow: bad size", "size");
  } catch (...) {
    f = ember::th::capture("THFloatTensor_narrow");
  }
  EXPECT_STREQ(f.message, "THFloatTensor_narrow: bad size (argument 'size')");
  try {
    ember::fail(ErrorKind::Value, "THFloatTensor_narrowing: x");  // another function's name, longer
  } catch (...) {
    f = ember::th::capture("THFloatTensor_narrow");
  }
  EXPECT_STREQ(f.message, "THFloatTensor_narrow: THFloatTensor_narrowing: x");
}

TEST(Capture, OtherExceptionsAreRuntimeErrors) {
  auto f = failure_of([] { throw std::out_of_range("vector::at"); });
  EXPECT_EQ(f.kind, ErrorKind::Runtime);
  EXPECT_STREQ(f.message, "vector::at");
  EXPECT_STREQ(f.arg, "");
  f = failure_of([] { throw 42; });
  EXPECT_EQ(f.kind, ErrorKind::Runtime);
  EXPECT_STREQ(f.message, "unknown C++ exception");
}

TEST(Capture, LongTextIsTruncated) {
  const auto f = failure_of([] { ember::fail(ErrorKind::Value, std::string(5000, 'm'), std::string(300, 'a')); });
  EXPECT_EQ(std::strlen(f.message), sizeof f.message - 1);
  EXPECT_EQ(std::strlen(f.arg), sizeof f.arg - 1);
}

TEST_F(THErrorBoundary, ArgumentNamesMapToOneBasedNumbers) {
  static const char* const kArgs[] = {"self", "src", "dimension", "firstIndex", "size"};
  for (int i = 0; i < 5; ++i) {
    const auto f = failure_of([&] { ember::fail(ErrorKind::Index, "narrow: bad", kArgs[i]); });
    ember::th::report(f, kArgs, 5);
    EXPECT_EQ(seen_.arg_number, i + 1) << kArgs[i];
    EXPECT_EQ(std::string(seen_.message), std::string("narrow: bad (argument '") + kArgs[i] + "')");
  }
  EXPECT_EQ(seen_.calls, 5);
}

TEST_F(THErrorBoundary, UnknownOrMissingArgumentGoesToTheErrorHandler) {
  static const char* const kArgs[] = {"self", nullptr, "dim"};
  ember::th::report(failure_of([] { ember::fail(ErrorKind::Value, "op: x", "other"); }), kArgs, 3);
  EXPECT_EQ(seen_.calls, 1);
  EXPECT_EQ(seen_.arg_number, 0);
  EXPECT_STREQ(seen_.message, "op: x (argument 'other')");

  ember::th::report(failure_of([] { ember::fail(ErrorKind::Value, "op: y"); }), kArgs, 3);
  EXPECT_EQ(seen_.arg_number, 0);
  EXPECT_STREQ(seen_.message, "op: y");

  ember::th::report(failure_of([] { throw std::bad_alloc(); }), kArgs, 3);
  EXPECT_EQ(seen_.arg_number, 0);
  EXPECT_STREQ(seen_.message, "out of memory");

  ember::th::report(failure_of([] { ember::fail(ErrorKind::Value, "op: z", "dim"); }), nullptr, 0);
  EXPECT_EQ(seen_.arg_number, 0);
  EXPECT_EQ(seen_.calls, 4);
}

// Counts live instances, to see that unwinding ran before the handler.
struct Tracked {
  static int alive;
  Tracked() { ++alive; }
  ~Tracked() { --alive; }
};
int Tracked::alive = 0;

// A C API function exactly as the generator writes it.
long fake_narrow(void* self, void* src, int dimension, long first, long size) {
  static const char* const kArgs[] = {"self", "src", "dimension", "firstIndex", "size"};
  ember::th::Failure failure;
  try {
    Tracked scratch;
    std::string owned(100, 'h');  // heap memory a longjmp must not skip
    EMBER_CHECK(self && src, Value, "narrow", self ? "src" : "self", "tensor is NULL");
    EMBER_CHECK(dimension >= 0 && dimension < 4, Index, "narrow", "dimension", "dimension ", dimension,
                " out of range");
    EMBER_CHECK(first >= 0, Index, "narrow", "firstIndex", "negative first index ", first);
    if (size > 1000) throw std::bad_alloc();
    return size;
  } catch (...) {
    failure = ember::th::capture();
  }
  ember::th::report(failure, kArgs, 5);
  return 0;
}

TEST_F(THErrorBoundary, GeneratedShapeReturnsZeroWhenTheHandlerReturns) {
  int t = 0;
  EXPECT_EQ(fake_narrow(&t, &t, 1, 0, 5), 5);
  EXPECT_EQ(seen_.calls, 0);

  EXPECT_EQ(fake_narrow(&t, &t, 9, 0, 5), 0);
  EXPECT_EQ(seen_.arg_number, 3);
  EXPECT_STREQ(seen_.message, "narrow: dimension 9 out of range (argument 'dimension')");

  EXPECT_EQ(fake_narrow(&t, nullptr, 1, 0, 5), 0);
  EXPECT_EQ(seen_.arg_number, 2);

  EXPECT_EQ(fake_narrow(&t, &t, 1, -2, 5), 0);
  EXPECT_EQ(seen_.arg_number, 4);

  EXPECT_EQ(fake_narrow(&t, &t, 1, 0, 5000), 0);
  EXPECT_EQ(seen_.arg_number, 0);
  EXPECT_STREQ(seen_.message, "out of memory");
  EXPECT_EQ(Tracked::alive, 0);
}

TEST_F(THErrorBoundary, GeneratedShapeSurvivesAHandlerThatLongjmps) {
  std::jmp_buf jump;
  seen_.jump = &jump;
  int t = 0;
  volatile int reached_end = 0;  // written between setjmp and longjmp
  if (setjmp(jump) == 0) {
    fake_narrow(&t, &t, 1, -7, 5);
    reached_end = 1;
  }
  EXPECT_EQ(reached_end, 0);
  EXPECT_EQ(seen_.calls, 1);
  EXPECT_EQ(seen_.arg_number, 4);
  EXPECT_STREQ(seen_.message, "narrow: negative first index -7 (argument 'firstIndex')");
  EXPECT_EQ(Tracked::alive, 0);  // unwound before the handler ran
}

}  // namespace
