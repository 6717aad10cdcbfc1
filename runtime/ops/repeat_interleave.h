// repeat_interleave (schemas/tensor/reorder.yaml), PyTorch 1.13's three
// forms: each slice of self along dim repeated in place, by one count or
// by a count per slice (an index_select over the positions the counts
// make); and the counts alone, which give those positions.
#pragma once

#include <cstdint>
#include <optional>

#include "ember/tensor_base.h"

namespace ember::rt {

TensorBase repeat_interleave(const TensorBase& self, const TensorBase& repeats, std::optional<int64_t> dim,
                             std::optional<int64_t> output_size);
TensorBase repeat_interleave(const TensorBase& self, int64_t repeats, std::optional<int64_t> dim,
                             std::optional<int64_t> output_size);
// i repeated repeats[i] times, for each i in order, in repeats' dtype.
TensorBase repeat_interleave(const TensorBase& repeats, std::optional<int64_t> output_size);

}  // namespace ember::rt
