// Note [OpenBLAS core type] where another library loaded OpenBLAS before
// ember (NumPy does, at import, through libblas.so.3): ember's products
// still run the core ember asks for, the other library keeps its own, and
// a child forked after threaded products can run threaded products too.
// A process loads OpenBLAS once, so the check runs in a fresh process (a
// threadsafe death test runs the binary again for it).
#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "ember/blas.h"
#include "ember/tensor.h"
#include "ember/threads.h"
#include "tests/math/blas_test_util.h"

namespace ember::blastest {
namespace {

// The AVX-512 subsets for which ember asks OpenBLAS for its SkylakeX core.
bool ember_asks_for_skylakex() {
  if (std::getenv("OPENBLAS_CORETYPE") || std::getenv("EMBER_OPENBLAS_CORETYPE")) return false;
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
         __builtin_cpu_supports("avx512vl");
}

// A float32 product large enough for OpenBLAS's threads, against the
// naive reference.
bool product_matches(uint32_t seed) {
  const Tensor a = random({256, 200}, kFloat, seed), b = random({200, 230}, kFloat, seed + 1);
  return ref_matmul(kFloat, nullptr, a, b, 0, 1).matches(mm(a, b), 200);
}

[[noreturn]] void fail_with(int code, const std::string& why) {
  std::fprintf(stderr, "%s\n", why.c_str());
  std::fflush(stderr);
  std::_Exit(code);
}

// The fresh process's part: exits 0 when every check holds.
[[noreturn]] void products_after_another_library_loaded_openblas() {
  void* other = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_GLOBAL);
  if (!other) fail_with(10, std::string("no libopenblas.so.0: ") + dlerror());
  using CoreName = char* (*)();
  const auto other_core = reinterpret_cast<CoreName>(dlsym(other, "openblas_get_corename"));
  if (!other_core) fail_with(11, "libopenblas.so.0 lacks openblas_get_corename");
  const std::string before = other_core();
  set_num_threads(2);
  if (!product_matches(1)) fail_with(12, "a product differs from the reference");
  const std::string info = blas_info();
  if (info.find("core SkylakeX") == std::string::npos) fail_with(13, "not SkylakeX's core: " + info);
  if (before != "SkylakeX" && info.find("private copy") == std::string::npos)
    fail_with(14, "no private copy beside a " + before + " one: " + info);
  if (other_core() != before) fail_with(15, "the other library's core changed: " + std::string(other_core()));
  std::fflush(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    alarm(120);  // a child waiting on threads it does not have is killed, not left hanging
    std::_Exit(product_matches(3) ? 0 : 1);
  }
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) != child) fail_with(16, "fork or wait failed");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    fail_with(17, "the forked child's product failed or hung: status " + std::to_string(status));
  if (!product_matches(5)) fail_with(18, "a product after the fork differs from the reference");
  std::_Exit(0);
}

TEST(OpenBlasCore, AskedForEvenWhereAnotherLibraryLoadedItFirst) {
  if (!ember_asks_for_skylakex()) GTEST_SKIP() << "ember asks for no core here";
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(products_after_another_library_loaded_openblas(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace ember::blastest
