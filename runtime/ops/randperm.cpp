#include "runtime/ops/construct_ops.h"

#include <mutex>
#include <utility>

#include "ember/error.h"
#include "ember/ops/to.h"
#include "runtime/core/generator.h"
#include "runtime/ops/construct_support.h"
#include "runtime/ops/output.h"

namespace ember::rt {

// A permutation of 0 .. n - 1 as `dtype`, out= when given.
TensorBase randperm_into(const char* op, const TensorBase* out, DType dtype, int64_t n, THGenerator& gen) {
  Output result(op, out, "out");
  no_bool(op, dtype);
  if (n < 0) fail(ErrorKind::Value, str(op, ": n must not be negative, got ", n), "n");
  if (n > 0 && n - 1 > info(dtype).exact_int)
    fail(ErrorKind::Value, str(op, ": n = ", n, " is too large for ", dtype_name(dtype), ", which holds the ",
                               "integers exactly only up to ", info(dtype).exact_int), "n");
  TensorBase perm = empty({n}, DType::Long);
  int64_t* p = perm.data<int64_t>();
  for (int64_t i = 0; i < n; ++i) p[i] = i;
  // TH's and PyTorch's loop: the modulo's bias and its 2^32 reach included.
  for (int64_t i = 0; i + 1 < n; ++i) std::swap(p[i], p[i + static_cast<int64_t>(next_u32(gen) % (n - i))]);
  return result.assign(base::to(perm, dtype));
}

namespace {

TensorBase randperm_result(const TensorBase* out, int64_t n, std::optional<DType> dtype,
                       const std::optional<Generator>& generator) {
  if (out && dtype && *dtype != out->dtype())
    fail(ErrorKind::Type, str("randperm: out has dtype ", dtype_name(out->dtype()), " but the result is ",
                              dtype_name(*dtype)), "out");
  THGenerator& g = generator ? *generator->th() : default_generator();
  std::lock_guard<std::mutex> lock(generator_mutex(&g));
  return randperm_into("randperm", out, out ? out->dtype() : dtype.value_or(DType::Long), n, g);
}

}  // namespace

TensorBase randperm(int64_t n, std::optional<DType> dtype, const std::optional<Generator>& generator) {
  return randperm_result(nullptr, n, dtype, generator);
}

void randperm_out(TensorBase& out, int64_t n, std::optional<DType> dtype, const std::optional<Generator>& generator) {
  randperm_result(&out, n, dtype, generator);
}

}  // namespace ember::rt
