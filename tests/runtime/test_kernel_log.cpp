// ember/kernel_log.h: the generated dispatch of each kind records the op,
// the dtype its kernel computed in, the backend and the SIMD target; per
// thread.
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <thread>

#include "ember/kernel_log.h"
#include "ember/tensor.h"
#include "kernels/gemm_amx.h"

namespace ember {
namespace {

void expect_last(const char* op, DType dtype) {
  const KernelRun run = last_kernel();
  ASSERT_NE(run.op, nullptr);
  EXPECT_STREQ(run.op, op);
  EXPECT_EQ(run.dtype, dtype) << op;
  EXPECT_EQ(run.backend, DeviceType::CPU) << op;
  EXPECT_STREQ(run.simd, cpu_simd_target()) << op;
}

TEST(KernelLog, EachKindRecordsItsOpAndComputeDtype) {
  const Tensor f = ones({4, 3}, DType::Float), i = ones({4, 3}, DType::Int);
  (void)add(f, f);
  expect_last("add", DType::Float);
  (void)add(i, f);  // promoted: the kernel computes in float
  expect_last("add", DType::Float);
  (void)lt(i, i);
  expect_last("lt", DType::Int);
  (void)sum(f.to(DType::Double));
  expect_last("sum", DType::Double);
  (void)sum(i, 1);
  expect_last("sum", DType::Int);
  (void)max(f, 1);
  expect_last("max", DType::Float);
  (void)sort(i, 0);
  expect_last("sort", DType::Int);
  (void)mm(f, f.t());
  expect_last("mm", DType::Float);
  (void)f.to(DType::Short);
  expect_last("copy", DType::Short);
}

// Integer and bfloat16 matrix products name AMX where its tiles ran them
// (kernels/gemm_amx.h), the build's target elsewhere; int64's never do.
TEST(KernelLog, IntegerMatrixProductsNameAmxWhereItRan) {
  const bool amx = kernels::gemm_amx::usable();
  for (DType d : {DType::Byte, DType::Char, DType::Short, DType::Int, DType::BFloat16}) {
    const bool tiles = amx && (d != DType::BFloat16 || kernels::gemm_amx::kRuns<BFloat16>);
    (void)mm(ones({5, 3}, d), ones({3, 4}, d));
    EXPECT_STREQ(last_kernel().simd, tiles ? "AMX" : cpu_simd_target()) << dtype_name(d);
  }
  (void)mm(ones({5, 3}, DType::Long), ones({3, 4}, DType::Long));
  expect_last("mm", DType::Long);
  (void)mm(ones({5, 0}, DType::Int), ones({0, 4}, DType::Int));  // no product to run
  expect_last("mm", DType::Int);
}

TEST(KernelLog, SimdTargetIsOneOfTheNamedSets) {
  const std::set<std::string> names = {"AVX-512", "AVX2", "SSE4.2", "SSE2", "scalar"};
  EXPECT_EQ(names.count(cpu_simd_target()), 1u) << cpu_simd_target();
#if defined(__x86_64__)
  EXPECT_STRNE(cpu_simd_target(), "scalar");  // x86-64 has SSE2 at least
#endif
}

TEST(KernelLog, RecordsArePerThread) {
  (void)neg(ones({2}, DType::Double));
  std::thread other([] {
    EXPECT_EQ(last_kernel().op, nullptr);
    (void)sqrt(ones({2}, DType::Float));
    EXPECT_STREQ(last_kernel().op, "sqrt");
  });
  other.join();
  expect_last("neg", DType::Double);
}

}  // namespace
}  // namespace ember
