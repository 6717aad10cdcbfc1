// THGeneral: error handlers (per thread, process-wide, built-in), the
// THError/THArgCheck/THAssert macros, THSize helpers, log-space helpers,
// thread counts.
#include <gtest/gtest.h>
#include <sched.h>

#include <cfloat>
#include <cmath>
#include <csetjmp>
#include <string>
#include <thread>

#include "TH/THGeneral.h"

namespace {

// What reached a handler. Kept in plain storage so that a handler may
// longjmp without skipping a destructor.
struct Seen {
  int calls = 0;
  int arg_number = 0;
  char message[4096] = {};
  std::jmp_buf* jump = nullptr;  // set: the handler longjmps here
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
  std::snprintf(s->message, sizeof s->message, "%s", msg ? msg : "");
  if (s->jump) std::longjmp(*s->jump, 1);
}

// Installs recording handlers on this thread for the scope of a test.
struct ThreadHandlers {
  Seen seen;
  ThreadHandlers() {
    THSetErrorHandler(record_error, &seen);
    THSetArgErrorHandler(record_arg_error, &seen);
  }
  ~ThreadHandlers() {
    THSetErrorHandler(nullptr, nullptr);
    THSetArgErrorHandler(nullptr, nullptr);
  }
};

std::string location(int line) { return std::string(" at ") + __FILE__ + ":" + std::to_string(line); }

TEST(THError, HandlerThatLongjmpsGetsTheFormattedMessage) {
  ThreadHandlers h;
  std::jmp_buf jump;
  h.seen.jump = &jump;
  volatile int line = 0;  // written between setjmp and longjmp
  volatile bool returned = false;
  if (setjmp(jump) == 0) {
    line = __LINE__ + 1;
    THError("bad value %d for %s", 42, "dim");
    returned = true;
  }
  EXPECT_FALSE(returned);
  EXPECT_EQ(h.seen.calls, 1);
  EXPECT_EQ(std::string(h.seen.message), "bad value 42 for dim" + location(line));
}

TEST(THError, ReturnsWhenTheHandlerReturns) {
  ThreadHandlers h;
  THError("first");
  THError("second %s", "time");
  EXPECT_EQ(h.seen.calls, 2);
  EXPECT_EQ(std::string(h.seen.message).rfind("second time at ", 0), 0u) << h.seen.message;
}

TEST(THError, LongMessagesAreTruncatedNotOverrun) {
  ThreadHandlers h;
  const std::string big(5000, 'x');
  THError("%s", big.c_str());
  EXPECT_EQ(std::string(h.seen.message), std::string(2047, 'x'));
}

TEST(THArgCheck, CallsTheArgHandlerWithTheArgumentNumber) {
  ThreadHandlers h;
  THArgCheck(1, 2, "never %s", "shown");
  EXPECT_EQ(h.seen.calls, 0);
  const int line = __LINE__ + 1;
  THArgCheck(0, 3, "size must be positive, got %d", -1);
  EXPECT_EQ(h.seen.calls, 1);
  EXPECT_EQ(h.seen.arg_number, 3);
  EXPECT_EQ(std::string(h.seen.message), "size must be positive, got -1" + location(line));
}

TEST(THArgCheck, WithCleanupRunsTheCleanupFirstAndOnlyOnFailure) {
  ThreadHandlers h;
  volatile int cleaned = 0;  // written between setjmp and longjmp
  THArgCheckWithCleanup(1 == 1, THCleanup(cleaned = cleaned + 1;), 1, "fine");
  EXPECT_EQ(cleaned, 0);
  std::jmp_buf jump;
  h.seen.jump = &jump;
  if (setjmp(jump) == 0) THArgCheckWithCleanup(1 == 2, THCleanup(cleaned = cleaned + 1;), 4, "broken");
  EXPECT_EQ(cleaned, 1);
  EXPECT_EQ(h.seen.arg_number, 4);
}

TEST(THAssert, ReportsTheExpressionAndMessage) {
  ThreadHandlers h;
  THAssert(2 + 2 == 4);
  EXPECT_EQ(h.seen.calls, 0);
  THAssert(2 + 2 == 5);
  EXPECT_EQ(std::string(h.seen.message).rfind("Assertion `2 + 2 == 5' failed. ", 0), 0u) << h.seen.message;
  THAssertMsg(1 > 2, "context %d", 7);
  EXPECT_EQ(std::string(h.seen.message).rfind("Assertion `1 > 2' failed. context 7 at ", 0), 0u) << h.seen.message;
  EXPECT_EQ(h.seen.calls, 2);
}

TEST(THHandlers, ThreadHandlersOverrideTheProcessDefault) {
  Seen process;
  Seen mine;
  THSetDefaultErrorHandler(record_error, &process);
  THSetDefaultArgErrorHandler(record_arg_error, &process);
  THSetErrorHandler(record_error, &mine);
  THSetArgErrorHandler(record_arg_error, &mine);

  THError("main");
  THArgCheck(0, 5, "main arg");
  EXPECT_EQ(mine.calls, 2);
  EXPECT_EQ(mine.arg_number, 5);
  EXPECT_EQ(process.calls, 0);

  // Another thread has no handler of its own, so it gets the default.
  std::thread([] {
    THError("other");
    THArgCheck(0, 6, "other arg");
  }).join();
  EXPECT_EQ(process.calls, 2);
  EXPECT_EQ(process.arg_number, 6);
  EXPECT_EQ(std::string(process.message).rfind("other arg at ", 0), 0u) << process.message;
  EXPECT_EQ(mine.calls, 2);

  // NULL removes this thread's handler: the default applies again.
  THSetErrorHandler(nullptr, nullptr);
  THSetArgErrorHandler(nullptr, nullptr);
  THError("main again");
  EXPECT_EQ(process.calls, 3);

  THSetDefaultErrorHandler(nullptr, nullptr);
  THSetDefaultArgErrorHandler(nullptr, nullptr);
}

TEST(THHandlersDeathTest, BuiltInErrorHandlerPrintsAndAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(THError("boom %d", 7), "\\$ Error: boom 7 at .*test_th_general.cpp");
}

TEST(THHandlersDeathTest, BuiltInArgErrorHandlerPrintsAndAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(THArgCheck(0, 2, "bad size"), "\\$ Invalid argument 2: bad size at ");
}

TEST(THHandlersDeathTest, ResettingTheDefaultRestoresAbort) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  Seen process;
  THSetDefaultErrorHandler(record_error, &process);
  THError("caught");
  EXPECT_EQ(process.calls, 1);
  THSetDefaultErrorHandler(nullptr, nullptr);
  EXPECT_DEATH(THError("not caught"), "\\$ Error: not caught");
}

TEST(THHandlersDeathTest, AllocationFailureWithoutHandlersAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(THAlloc(-1), "\\$ Error: THAlloc: invalid memory size -1");
}

TEST(THSize, IsSameSizeAs) {
  const long a[] = {2, 3, 4};
  const long b[] = {2, 3, 4};
  const long c[] = {2, 3, 5};
  EXPECT_EQ(THSize_isSameSizeAs(a, 3, b, 3), 1);
  EXPECT_EQ(THSize_isSameSizeAs(a, 3, c, 3), 0);
  EXPECT_EQ(THSize_isSameSizeAs(a, 2, c, 2), 1);
  EXPECT_EQ(THSize_isSameSizeAs(a, 3, b, 2), 0);
  EXPECT_EQ(THSize_isSameSizeAs(nullptr, 0, nullptr, 0), 1);
  ThreadHandlers h;
  EXPECT_EQ(THSize_isSameSizeAs(a, 3, nullptr, 3), 0);
  EXPECT_EQ(h.seen.arg_number, 3);
}

TEST(THSize, NElement) {
  long sizes[] = {2, 3, 4};
  EXPECT_EQ(THSize_nElement(3, sizes), 24);
  EXPECT_EQ(THSize_nElement(1, sizes), 2);
  EXPECT_EQ(THSize_nElement(0, sizes), 0);  // TH: no dimensions means empty
  long with_zero[] = {5, 0, 7};
  EXPECT_EQ(THSize_nElement(3, with_zero), 0);

  ThreadHandlers h;
  long huge[] = {1L << 40, 1L << 40};
  EXPECT_EQ(THSize_nElement(2, huge), 0);
  EXPECT_NE(std::string(h.seen.message).find("overflows"), std::string::npos) << h.seen.message;
  EXPECT_EQ(THSize_nElement(2, nullptr), 0);
  EXPECT_EQ(h.seen.arg_number, 2);
  EXPECT_EQ(THSize_nElement(-1, sizes), 0);
  EXPECT_EQ(h.seen.arg_number, 1);
}

TEST(THSize, Desc) {
  const long s[] = {2, 3, 4};
  EXPECT_STREQ(_THSizeDesc(s, 3).str, "[2 x 3 x 4]");
  EXPECT_STREQ(_THSizeDesc(s, 1).str, "[2]");
  EXPECT_STREQ(_THSizeDesc(s, 0).str, "[]");
  const long neg[] = {-1, 1234567890123L};
  EXPECT_STREQ(_THSizeDesc(neg, 2).str, "[-1 x 1234567890123]");

  long many[20];
  for (long& v : many) v = 1000000;
  const std::string desc = _THSizeDesc(many, 20).str;
  EXPECT_EQ(desc.size(), static_cast<size_t>(TH_DESC_BUFF_LEN - 1));
  EXPECT_EQ(desc.substr(0, 20), "[1000000 x 1000000 x");
  EXPECT_EQ(desc.substr(desc.size() - 4), "...]");

  // 63 characters and the NUL fill the buffer exactly; one more digit
  // does not fit.
  const long fits[] = {1000000000000000000L, 100000000000000000L, 100000000000000000L};
  EXPECT_STREQ(_THSizeDesc(fits, 3).str, "[1000000000000000000 x 100000000000000000 x 100000000000000000]");
  const long over[] = {1000000000000000000L, 1000000000000000000L, 100000000000000000L};
  EXPECT_STREQ(_THSizeDesc(over, 3).str, "[1000000000000000000 x 1000000000000000000 x 10000000000000...]");
}

TEST(THMath, Log1p) {
  for (double x : {0.0, 1e-300, 1e-17, 1e-10, 1e-3, 0.5, 1.0, 10.0, 1e10, -0.5, -1e-12})
    EXPECT_EQ(THLog1p(x), std::log1p(x)) << x;
  EXPECT_EQ(THLog1p(-1.0), -INFINITY);
}

// Reference: log(exp(a) +- exp(b)) in long double, shifted by max(a, b)
// so that it neither overflows nor underflows.
long double ref_log_add(long double a, long double b, int sign) {
  const long double m = std::max(a, b);
  return m + std::log(std::exp(a - m) + sign * std::exp(b - m));
}

TEST(THMath, LogAdd) {
  const double values[] = {-1000.0, -50.0, -3.5, -1.0, 0.0, 0.1, 1.0, 7.25, 30.0, 700.0, 710.0, 1e5};
  for (double a : values) {
    for (double b : values) {
      const double got = THLogAdd(a, b);
      const long double want = ref_log_add(a, b, 1);
      if (std::fabs(a - b) > 18.42) {
        EXPECT_EQ(got, std::max(a, b)) << a << " " << b;  // TH's cut-off: exp(-18.42) ~ 1e-8
        EXPECT_NEAR(got, static_cast<double>(want), 1e-8 * (1 + std::fabs(got)));
      } else {
        EXPECT_NEAR(got, static_cast<double>(want), 4 * DBL_EPSILON * (1 + std::fabs(got))) << a << " " << b;
      }
      EXPECT_EQ(THLogAdd(a, b), THLogAdd(b, a));
    }
  }
  EXPECT_EQ(THLogAdd(-DBL_MAX, 3.0), 3.0);  // adding log(0)
}

TEST(THMath, LogSub) {
  const double values[] = {-1000.0, -3.5, -1.0, 0.0, 0.1, 1.0, 7.25, 30.0, 710.0};
  for (double a : values) {
    for (double b : values) {
      if (a <= b) continue;
      const double got = THLogSub(a, b);
      if (a - b > 18.42) {
        EXPECT_EQ(got, a);
      } else {
        const long double want = ref_log_add(a, b, -1);
        EXPECT_NEAR(got, static_cast<double>(want), 1e-14 * (1 + std::fabs(got))) << a << " " << b;
      }
    }
  }
  EXPECT_EQ(THLogSub(2.5, 2.5), -DBL_MAX);  // log(0) is TH's THLogZero
  ThreadHandlers h;
  EXPECT_TRUE(std::isnan(THLogSub(1.0, 2.0)));
  EXPECT_EQ(h.seen.calls, 1);
  EXPECT_EQ(std::string(h.seen.message).rfind("THLogSub: log_a (1.000000) should be", 0), 0u) << h.seen.message;
}

TEST(THMath, ExpMinusApprox) {
  double worst_abs = 0;
  double worst_rel_below_4 = 0;
  for (double x = 0; x < 13.0; x += 1.0 / 64) {
    const double got = THExpMinusApprox(x);
    const double want = std::exp(-x);
    worst_abs = std::max(worst_abs, std::fabs(got - want));
    if (x <= 4) worst_rel_below_4 = std::max(worst_rel_below_4, std::fabs(got - want) / want);
  }
  // Bottou's approximation: ~2.6e-5 absolute at worst (near x = 4.5),
  // ~1.4e-3 relative at x = 4.
  EXPECT_LT(worst_abs, 3e-5);
  EXPECT_LT(worst_rel_below_4, 2e-3);
  EXPECT_EQ(THExpMinusApprox(0.0), 1.0);
  EXPECT_EQ(THExpMinusApprox(13.0), 0.0);
  EXPECT_EQ(THExpMinusApprox(100.0), 0.0);
}

int cpus_available() {
  cpu_set_t set;
  CPU_ZERO(&set);
  return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : -1;
}

TEST(THThreads, CoresMatchTheAffinityMask) { EXPECT_EQ(THGetNumCores(), cpus_available()); }

TEST(THThreads, SetGetAndInferInANewThread) {
  const int before = THGetNumThreads();
  int fresh_default = 0;
  std::thread([&] { fresh_default = THGetNumThreads(); }).join();
  const int wanted = fresh_default + 3;

  THSetNumThreads(wanted);
  EXPECT_EQ(THGetNumThreads(), wanted);
  int in_thread_before = 0;
  int in_thread_after = 0;
  std::thread([&] {
    in_thread_before = THGetNumThreads();  // OpenMP's per-thread count starts from the environment
    THInferNumThreads();
    in_thread_after = THGetNumThreads();
  }).join();
  EXPECT_EQ(in_thread_before, fresh_default);
  EXPECT_EQ(in_thread_after, wanted);

  ThreadHandlers h;
  THSetNumThreads(0);
  EXPECT_EQ(h.seen.arg_number, 1);
  EXPECT_EQ(THGetNumThreads(), wanted);  // unchanged
  THSetNumThreads(before);
}

TEST(THGeneralMacros, ConcatAndMinMax) {
  EXPECT_STREQ(TH_CONCAT_STRING_3(TH, Float, Tensor), "THFloatTensor");
  const int TH_CONCAT_3(ab, cd, ef) = 5;
  EXPECT_EQ(abcdef, 5);
  EXPECT_EQ(THMin(3, -2), -2);
  EXPECT_EQ(THMax(3, -2), 3);
  EXPECT_EQ(TH_INDEX_BASE, 1);
}

}  // namespace
