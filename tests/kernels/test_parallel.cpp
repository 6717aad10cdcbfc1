// parallel_for: covers the range once, runs inline where documented, and
// the thread-count wrappers.
#include <gtest/gtest.h>

#include <omp.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "kernels/opmath.h"
#include "kernels/parallel.h"

namespace ember::kernels {
namespace {

class Threads {
 public:
  explicit Threads(int n) : saved_(get_num_threads()) { set_num_threads(n); }
  ~Threads() { set_num_threads(saved_); }

 private:
  int saved_;
};

std::vector<std::pair<int64_t, int64_t>> chunks_of(int64_t b, int64_t e, int64_t grain) {
  std::vector<std::pair<int64_t, int64_t>> chunks;
  parallel_for(b, e, grain, [&](int64_t cb, int64_t ce) {
#pragma omp critical
    chunks.emplace_back(cb, ce);
  });
  std::sort(chunks.begin(), chunks.end());
  return chunks;
}

TEST(ParallelFor, ChunksTileTheRange) {
  Threads threads(2);
  for (int64_t n : {1, 2, 3, 100, 65536, 65537, 1000003}) {
    for (int64_t grain : {1, 7, 32768}) {
      const auto chunks = chunks_of(5, 5 + n, grain);
      ASSERT_FALSE(chunks.empty());
      EXPECT_EQ(chunks.front().first, 5);
      EXPECT_EQ(chunks.back().second, 5 + n);
      for (size_t i = 0; i < chunks.size(); ++i) {
        EXPECT_LT(chunks[i].first, chunks[i].second);
        if (i > 0) {
        EXPECT_EQ(chunks[i - 1].second, chunks[i].first);
      }
      }
      EXPECT_LE(static_cast<int64_t>(chunks.size()), std::min<int64_t>(2, (n + grain - 1) / grain));
    }
  }
}

TEST(ParallelFor, EmptyRangeCallsNothing) {
  int calls = 0;
  parallel_for(10, 10, 1, [&](int64_t, int64_t) { ++calls; });
  parallel_for(10, 3, 1, [&](int64_t, int64_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(ParallelFor, InlineBelowTheGrainWithOneThreadAndWhenNested) {
  Threads threads(2);
  auto runs_inline = [](int64_t n, int64_t grain) {
    bool in_region = true;
    parallel_for(0, n, grain, [&](int64_t, int64_t) { in_region = omp_in_parallel(); });
    return !in_region;
  };
  EXPECT_TRUE(runs_inline(1000, 1000));
  EXPECT_FALSE(runs_inline(1001, 1000));
  {
    Threads one(1);
    EXPECT_TRUE(runs_inline(1 << 20, 1));
  }
  std::atomic<int> nested_chunks{0};
#pragma omp parallel num_threads(2)
  parallel_for(0, 1 << 20, 1, [&](int64_t b, int64_t e) {
    EXPECT_EQ(b, 0);
    EXPECT_EQ(e, 1 << 20);
    ++nested_chunks;
  });
  EXPECT_EQ(nested_chunks.load(), omp_get_max_threads() >= 2 ? 2 : 1);
}

TEST(ParallelFor, NumThreadsRoundTripsAndClampsToOne) {
  const int saved = get_num_threads();
  set_num_threads(3);
  EXPECT_EQ(get_num_threads(), 3);
  set_num_threads(0);
  EXPECT_EQ(get_num_threads(), 1);
  set_num_threads(saved);
}

// Note [threads after fork]: a child forked after a team ran runs on one
// thread, whatever it asks for, and finishes; the parent keeps its count.
TEST(ParallelFor, ChildForkedAfterATeamRunsOnOneThread) {
  Threads threads(2);
  std::atomic<int64_t> covered{0};
  parallel_for(0, 1 << 20, 1024, [&](int64_t b, int64_t e) { covered += e - b; });
  ASSERT_EQ(covered.load(), 1 << 20);
  const pid_t child = fork();
  if (child == 0) {
    alarm(60);  // a child stuck waiting for the parent's team is killed, not left hanging
    set_num_threads(2);
    std::atomic<int64_t> sum{0};
    int teams = 0;
    parallel_for(0, 1 << 20, 1024, [&](int64_t b, int64_t e) {
      teams = std::max(teams, omp_get_num_threads());
      sum += e - b;
    });
    _exit(sum.load() == (1 << 20) && teams == 1 && get_num_threads() == 1 ? 0 : 1);
  }
  ASSERT_GT(child, 0);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child status " << status;
  EXPECT_EQ(get_num_threads(), 2);
}

TEST(OpMath, Types) {
  static_assert(std::is_same_v<opmath_t<Half>, float> && std::is_same_v<opmath_t<BFloat16>, float>);
  static_assert(std::is_same_v<opmath_t<int8_t>, int8_t> && std::is_same_v<opmath_t<double>, double>);
  static_assert(std::is_same_v<acc_t<bool>, int64_t> && std::is_same_v<acc_t<uint8_t>, int64_t>);
  static_assert(std::is_same_v<acc_t<float>, double> && std::is_same_v<acc_t<double>, double>);
  static_assert(std::is_same_v<acc_t<Half>, float> && std::is_same_v<acc_t<BFloat16>, float>);
  EXPECT_TRUE(is_nan(std::numeric_limits<float>::quiet_NaN()));
  EXPECT_FALSE(is_nan(3));
}

}  // namespace
}  // namespace ember::kernels
