// searchsorted and bucketize: where values would be inserted into sorted
// sequences, as PyTorch 1.13 (both in the dtype the two promote to, by
// result_type; NaN compares as PyTorch's predicates do, kernels/search.h).
#include <cstdint>
#include <vector>

#include "ember/error.h"
#include "ember/ops/contiguous.h"
#include "ember/ops/to.h"
#include "kernels/search.h"
#include "runtime/core/visit_dtype.h"
#include "runtime/ops/output.h"
#include "runtime/ops/pointwise_plan.h"
#include "runtime/ops/search_ops.h"

namespace ember::rt {

namespace {

bool same_leading_dims(const TensorBase& a, const TensorBase& b) {
  if (a.dim() != b.dim()) return false;
  for (int64_t k = 0; k + 1 < a.dim(); ++k)
    if (a.size(k) != b.size(k)) return false;
  return true;
}

void check_search(const char* op, const char* seq_arg, const TensorBase& seq, const TensorBase& values, bool out_int32,
                  bool right, std::optional<std::string_view> side, const TensorBase& sorter, const TensorBase* out) {
  if (side && *side != "left" && *side != "right")
    fail(ErrorKind::Value, str(op, ": side must be 'left' or 'right', got '", *side, "'"), "side");
  if (side && right && *side == "left")
    fail(ErrorKind::Value, str(op, ": side 'left' contradicts right=True"), "side");
  if (seq.dim() == 0)
    fail(ErrorKind::Value, str(op, ": ", seq_arg, " must have at least one dim"), seq_arg);
  if (seq.dim() != 1 && !same_leading_dims(seq, values))
    fail(ErrorKind::Value, str(op, ": ", seq_arg, " of shape ", sizes_text(seq.sizes()),
                               " is neither 1-d nor of the values' shape ", sizes_text(values.sizes()),
                               " in all but the last dim"), seq_arg);
  if (sorter.defined()) {
    if (sorter.dtype() != DType::Long)
      fail(ErrorKind::Type, str(op, ": sorter must hold int64, got ", dtype_name(sorter.dtype())), "sorter");
    if (sorter.sizes() != seq.sizes())
      fail(ErrorKind::Value, str(op, ": sorter of shape ", sizes_text(sorter.sizes()), " is not ", seq_arg,
                                 "'s shape ", sizes_text(seq.sizes())), "sorter");
  }
  if (out) Output(op, out, "out").check_dtype(out_int32 ? DType::Int : DType::Long);
}

// The positions, in a new tensor of values' shape; every argument checked.
TensorBase positions(const char* op, const TensorBase& seq_in, const TensorBase& values_in, DType dtype,
                     bool out_int32, bool right, const TensorBase& sorter_in) {
  if (is_bool(dtype))
    fail(ErrorKind::Type, str(op, ": the values and the sequence promote to bool, which has no order here"), "self");
  const TensorBase seq = base::contiguous(base::to(seq_in, dtype));
  const TensorBase values = base::contiguous(base::to(values_in, dtype));
  const TensorBase sorter = sorter_in.defined() ? base::contiguous(sorter_in) : TensorBase();
  const int64_t n = seq.size(-1), rows = seq.numel() / (n ? n : 1);
  const int64_t* order = sorter.defined() ? sorter.data<int64_t>() : nullptr;
  for (int64_t i = 0; order && i < sorter.numel(); ++i)
    if (order[i] < 0 || order[i] >= n)
      fail(ErrorKind::Index, str(op, ": sorter holds ", order[i], ", out of range for a sequence of ", n), "sorter");
  TensorBase result = empty(values.sizes(), out_int32 ? DType::Int : DType::Long);
  const int64_t count = values.numel();
  const int64_t per_row = rows == 1 ? count : values.size(-1);
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* s = static_cast<const T*>(seq.data_ptr());
    const T* v = static_cast<const T*>(values.data_ptr());
    for (int64_t i = 0; i < count; ++i) {
      const int64_t row = rows == 1 ? 0 : i / per_row;
      const int64_t at = kernels::search_sorted(s + row * n, order ? order + row * n : nullptr, n, v[i], right);
      if (out_int32)
        result.data<int32_t>()[i] = static_cast<int32_t>(at);
      else
        result.data<int64_t>()[i] = at;
    }
  });
  return result;
}

TensorBase search(const char* op, const char* seq_arg, const TensorBase* out, const TensorBase& seq,
                  const TensorBase& values, const Scalar* number, bool out_int32, bool right,
                  std::optional<std::string_view> side, const TensorBase& sorter) {
  check_search(op, seq_arg, seq, values, out_int32, right, side, sorter, out);
  const PointwiseArg args[2] = {{&seq, nullptr}, number ? PointwiseArg{nullptr, number} : PointwiseArg{&values, nullptr}};
  const DType dtype = pointwise_types(op, args, 2, ResultRule::Same).compute;
  const bool to_right = right || (side && *side == "right");
  const TensorBase result = positions(op, seq, values, dtype, out_int32, to_right, sorter);
  return Output(op, out, "out").assign(result);
}

TensorBase scalar_values(const Scalar& self) {
  return scalar_tensor(self, self.is_floating() ? DType::Double : (self.is_bool() ? DType::Bool : DType::Long));
}

TensorBase bucket(const TensorBase* out, const TensorBase& values, const Scalar* number, const TensorBase& boundaries,
                  bool out_int32, bool right) {
  if (boundaries.dim() != 1)
    fail(ErrorKind::Value, str("bucketize: boundaries must be 1-d, got ", boundaries.dim(), " dims"), "boundaries");
  return search("bucketize", "boundaries", out, boundaries, values, number, out_int32, right, std::nullopt, {});
}

}  // namespace

TensorBase searchsorted(const TensorBase& sorted_sequence, const TensorBase& self, bool out_int32, bool right,
                        std::optional<std::string_view> side, const TensorBase& sorter) {
  return search("searchsorted", "sorted_sequence", nullptr, sorted_sequence, self, nullptr, out_int32, right, side,
                sorter);
}

TensorBase searchsorted(const TensorBase& sorted_sequence, const Scalar& self, bool out_int32, bool right,
                        std::optional<std::string_view> side, const TensorBase& sorter) {
  return search("searchsorted", "sorted_sequence", nullptr, sorted_sequence, scalar_values(self), &self, out_int32,
                right, side, sorter);
}

void searchsorted_out(TensorBase& out, const TensorBase& sorted_sequence, const TensorBase& self, bool out_int32,
                      bool right, std::optional<std::string_view> side, const TensorBase& sorter) {
  search("searchsorted", "sorted_sequence", &out, sorted_sequence, self, nullptr, out_int32, right, side, sorter);
}

void searchsorted_out(TensorBase& out, const TensorBase& sorted_sequence, const Scalar& self, bool out_int32,
                      bool right, std::optional<std::string_view> side, const TensorBase& sorter) {
  search("searchsorted", "sorted_sequence", &out, sorted_sequence, scalar_values(self), &self, out_int32, right, side,
         sorter);
}

TensorBase bucketize(const TensorBase& self, const TensorBase& boundaries, bool out_int32, bool right) {
  return bucket(nullptr, self, nullptr, boundaries, out_int32, right);
}

TensorBase bucketize(const Scalar& self, const TensorBase& boundaries, bool out_int32, bool right) {
  return bucket(nullptr, scalar_values(self), &self, boundaries, out_int32, right);
}

void bucketize_out(TensorBase& out, const TensorBase& self, const TensorBase& boundaries, bool out_int32, bool right) {
  bucket(&out, self, nullptr, boundaries, out_int32, right);
}

void bucketize_out(TensorBase& out, const Scalar& self, const TensorBase& boundaries, bool out_int32, bool right) {
  bucket(&out, scalar_values(self), &self, boundaries, out_int32, right);
}

}  // namespace ember::rt
