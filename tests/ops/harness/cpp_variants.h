// The C++ calls a generated op test makes: each variant of the op
// (functional, in-place, out=, with Scalars for Tensor|Scalar arguments)
// as a captureless function over the arguments of one call.
#pragma once

#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

#include "ember/tensor.h"

namespace ember::optest {

// The arguments of one C++ call, by signature position.
class Args {
 public:
  Args() = default;
  // n empty slots of every kind, one per signature position.
  explicit Args(size_t n) : tensors(n), scalars(n), ints(n), dtypes(n) {}

  const Tensor& t(int k) const { return tensors[k]; }
  Tensor& w(int k) { return tensors[k]; }  // the self of an in-place call
  const Scalar& s(int k) const { return scalars[k]; }
  int64_t n(int k) const { return ints[k]; }
  bool b(int k) const { return ints[k] != 0; }
  std::optional<DType> dt(int k) const { return dtypes[k]; }

  std::vector<Tensor> tensors;
  std::vector<Scalar> scalars;
  std::vector<int64_t> ints;
  std::vector<std::optional<DType>> dtypes;
  Tensor out, out2;  // out= variants
};

enum class Form : int8_t { Functional, Inplace, Out };

struct Variant {
  const char* text;  // the C++ call, for messages
  Form form;
  bool scalar;  // Tensor|Scalar arguments are passed as Scalars
  Tensor (*call)(Args& a);
};

struct Variant2 {  // ops returning (values, indices)
  const char* text;
  Form form;
  bool scalar;
  std::tuple<Tensor, Tensor> (*call)(Args& a);
};

}  // namespace ember::optest
