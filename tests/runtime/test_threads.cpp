// ember/threads.h: the thread count of the calling thread and of the
// process, its errors, and results that do not depend on it.
#include "ember/threads.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>
#include <utility>

#include "ember/error.h"
#include "ember/tensor.h"

namespace ember {
namespace {

// Restores the calling thread's count when a test ends.
struct KeepCount {
  const int before = get_num_threads();
  ~KeepCount() { set_num_threads(before); }
};

TEST(Threads, SetThenGet) {
  KeepCount keep;
  for (int n : {1, 3, 2}) {
    set_num_threads(n);
    EXPECT_EQ(get_num_threads(), n);
  }
}

TEST(Threads, NonPositiveCountsRaiseAndChangeNothing) {
  KeepCount keep;
  set_num_threads(2);
  for (int n : {0, -1, -2147483647 - 1}) {
    try {
      set_num_threads(n);
      ADD_FAILURE() << "no error for " << n;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Value);
      EXPECT_EQ(e.arg(), "n");
      EXPECT_NE(std::string(e.what()).find("set_num_threads"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(std::to_string(n)), std::string::npos) << e.what();
    }
    EXPECT_EQ(get_num_threads(), 2);
  }
}

// OpenMP's count is per thread: a thread started later begins with the
// environment's until it takes the process's.
TEST(Threads, ANewThreadTakesTheProcessCountWhenTold) {
  KeepCount keep;
  int fresh = 0;
  std::thread([&] { fresh = get_num_threads(); }).join();
  set_num_threads(fresh + 2);
  int before = 0, after = 0;
  std::thread([&] {
    before = get_num_threads();
    rt::infer_num_threads();
    after = get_num_threads();
  }).join();
  EXPECT_EQ(before, fresh);
  EXPECT_EQ(after, fresh + 2);
}

// Note [deterministic parallelism]: the same bits on one thread and two.
TEST(Threads, ResultsDoNotDependOnTheCount) {
  KeepCount keep;
  const Tensor x = rand({1 << 20}, DType::Float);
  set_num_threads(1);
  const Tensor s1 = sum(x), c1 = cumsum(x, 0), m1 = amax(x.view({1024, 1024}), {1});
  set_num_threads(2);
  const Tensor s2 = sum(x), c2 = cumsum(x, 0), m2 = amax(x.view({1024, 1024}), {1});
  for (const auto& [one, two] : {std::pair{s1, s2}, std::pair{c1, c2}, std::pair{m1, m2}}) {
    ASSERT_EQ(one.numel(), two.numel());
    EXPECT_EQ(std::memcmp(one.data_ptr(), two.data_ptr(), one.numel() * one.element_size()), 0);
  }
}

}  // namespace
}  // namespace ember
