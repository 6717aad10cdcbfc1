// Ops that need a whole slice along a dim at once (sort, topk, kthvalue,
// median, mode, cumsum, cumprod, histc), for the C++ API and TH's C API:
// the dim, the outputs' shapes, out= and TH resizing, and the operands
// their kernels (kernels/sort.h, select.h, scan.h, histogram.h) run over.
//
// Operands follow the reduce convention: outputs first (values, then the
// Long positions when there are any), the input last, over the input's
// shape; along the dim an output has its own stride (0 when reduced).
//
// Note [slice length]: kernels that return positions keep them 32-bit
// inside a slice, so such slices must hold fewer than 2^32 elements.
#pragma once

#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

#include "ember/tensor_base.h"
#include "kernels/operands.h"
#include "runtime/ops/dtype_set.h"
#include "runtime/ops/output.h"

namespace ember::rt {

// What each output slice holds.
struct SliceOutputs {
  static constexpr int64_t kSame = -1;
  int64_t length = kSame;  // kSame: as many elements as the input slice
  bool reduce = false;     // one element, and the dim goes unless keepdim
  bool keepdim = false;
  bool indices = false;    // a second output of Long positions
};

class DimPlan {
 public:
  // `dim` null: a whole-tensor form, over self flattened (a reduction
  // then gives a 0-dim result). A 0-dim self is one slice of one element.
  DimPlan(const char* op, const TensorBase& self, std::optional<int64_t> dim, const SliceOutputs& s);

  const TensorBase& input() const { return input_; }
  int dim() const { return static_cast<int>(dim_); }
  int64_t n() const { return n_; }  // the input slices' length

  // C++ API: the outputs, new or the given out= tensors (Note [output
  // aliasing]). Values are computed in `values_dtype`; a given values
  // tensor must hold `out_dtype` (an op's dtype= converts the computed
  // values into it), indices Long. The input's dtype must be in `dtypes`.
  // `values_arg` names the values tensor in errors ("self" in place;
  // null: "values" beside indices, else "out").
  void make_outputs(const TensorBase* values_out, DType values_dtype, DType out_dtype, const TensorBase* indices_out,
                    DTypeSet dtypes, const char* values_arg = nullptr);
  // TH: the given tensors, resized as TH does (TH has no 0-dim tensors: a
  // reduction to one element gives [1]); null ones become temporaries.
  void th_outputs(TensorImpl* values, TensorImpl* indices = nullptr);

  // After the kernel: the results, in the given tensors when there are some.
  TensorBase finish();
  std::tuple<TensorBase, TensorBase> finish_pair();

  kernels::Operands<2>& operands2();  // values, input
  kernels::Operands<3>& operands3();  // values, indices, input

 private:
  void set_targets(const TensorBase* values_out, DType values_dtype, const TensorBase* indices_out,
                   const char* values_arg);
  void set_operands();

  const char* op_;
  SliceOutputs s_;
  TensorBase input_, values_, indices_;  // values_ and indices_: what the kernel writes
  TensorBase th_given_[2];               // TH's tensors, held for the outputs
  std::optional<Output> values_out_, indices_out_;
  int64_t dim_ = 0, n_ = 1;
  bool whole_ = false;
  bool th_ = false;  // outputs follow TH's shapes
  std::vector<int64_t> shape_;  // the outputs' shape (C++ API)
  kernels::Operands<2> ops2_;
  kernels::Operands<3> ops3_;
};

// `name` (an argument of `op`) must lie in [lo, hi]: an IndexError (a
// position or count along a dim), or with hi == kUnbounded a ValueError.
constexpr int64_t kUnbounded = INT64_MAX;
void check_range(const char* op, const char* name, int64_t value, int64_t lo, int64_t hi);
// The reduced slices must not be empty (median, mode: nothing to pick).
void check_nonempty_dim(const char* op, const DimPlan& plan);

}  // namespace ember::rt
