// The out= forms of index_copy and index_add (schemas/math/indexing.yaml),
// defined in index_ops.cpp with the rest of index_ops.h: the functional
// result, computed on a copy of self, then written to out (resized), so a
// call that raises leaves out as it was and out may alias any input.
#pragma once

#include <cstdint>

#include "ember/tensor_base.h"

namespace ember::rt {

void index_copy_out(TensorBase& out, const TensorBase& self, int64_t dim, const TensorBase& index,
                    const TensorBase& source);
void index_add_out(TensorBase& out, const TensorBase& self, int64_t dim, const TensorBase& index,
                   const TensorBase& source, const Scalar& alpha);

}  // namespace ember::rt
