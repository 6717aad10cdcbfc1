// Searching and counting (schemas/math/search.yaml): unique and
// unique_consecutive, bincount, searchsorted and bucketize, with
// PyTorch's rules, over the generic loops of kernels/search.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>

#include "ember/tensor_base.h"

namespace ember::rt {

using UniqueResult = std::tuple<TensorBase, TensorBase, TensorBase>;

UniqueResult unique(const TensorBase& self, bool sorted, bool return_inverse, bool return_counts,
                    std::optional<int64_t> dim);
UniqueResult unique_consecutive(const TensorBase& self, bool return_inverse, bool return_counts,
                                std::optional<int64_t> dim);

TensorBase bincount(const TensorBase& self, const TensorBase& weights, int64_t minlength);

TensorBase searchsorted(const TensorBase& sorted_sequence, const TensorBase& self, bool out_int32, bool right,
                        std::optional<std::string_view> side, const TensorBase& sorter);
TensorBase searchsorted(const TensorBase& sorted_sequence, const Scalar& self, bool out_int32, bool right,
                        std::optional<std::string_view> side, const TensorBase& sorter);
void searchsorted_out(TensorBase& out, const TensorBase& sorted_sequence, const TensorBase& self, bool out_int32,
                      bool right, std::optional<std::string_view> side, const TensorBase& sorter);
void searchsorted_out(TensorBase& out, const TensorBase& sorted_sequence, const Scalar& self, bool out_int32,
                      bool right, std::optional<std::string_view> side, const TensorBase& sorter);

TensorBase bucketize(const TensorBase& self, const TensorBase& boundaries, bool out_int32, bool right);
TensorBase bucketize(const Scalar& self, const TensorBase& boundaries, bool out_int32, bool right);
void bucketize_out(TensorBase& out, const TensorBase& self, const TensorBase& boundaries, bool out_int32, bool right);
void bucketize_out(TensorBase& out, const Scalar& self, const TensorBase& boundaries, bool out_int32, bool right);

}  // namespace ember::rt
