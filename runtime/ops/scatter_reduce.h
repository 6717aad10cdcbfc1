// scatter_reduce (sum, prod, mean, amax, amin; include_self) and scatter's
// reduce= (add, multiply), PyTorch 1.13's forms (schemas/math/indexing.yaml),
// over index_ops' scatter.
#pragma once

#include <cstdint>
#include <string_view>

#include "ember/tensor_base.h"

namespace ember::rt {

TensorBase scatter_reduce(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src,
                          std::string_view reduce, bool include_self);
void scatter_reduce_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src,
                     std::string_view reduce, bool include_self);
void scatter_reduce_out(TensorBase& out, const TensorBase& self, int64_t dim, const TensorBase& index,
                        const TensorBase& src, std::string_view reduce, bool include_self);

TensorBase scatter(const TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src,
                   std::string_view reduce);
void scatter_(TensorBase& self, int64_t dim, const TensorBase& index, const TensorBase& src, std::string_view reduce);
TensorBase scatter(const TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value,
                   std::string_view reduce);
void scatter_(TensorBase& self, int64_t dim, const TensorBase& index, const Scalar& value, std::string_view reduce);

}  // namespace ember::rt
