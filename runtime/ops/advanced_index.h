// PyTorch's advanced indexing (schemas/math/indexing.yaml): index(self,
// indices) is what `self[i0, i1, ...]` computes once the basic parts of a
// Python subscript (ints, slices, None, Ellipsis) have been applied as
// views, and index_put_ what `self[i0, i1, ...] = values` does.
//
// Note [advanced indexing]: indices[k] applies to dim k of self, an
// undefined tensor meaning the whole dim (`:`). An int64 tensor picks
// positions (negative counts from the end); a bool or uint8 mask of m dims
// stands for the m int64 tensors of its nonzero() subscripts, and must
// have the shape of the m dims it covers; a 0-dim mask adds a dim of size
// 1 (true) or 0 (false) there. The int64 tensors broadcast together to
// one shape B. The result has self's unindexed dims with B in place of
// the indexed ones, where they were if the indexed dims are adjacent and
// first otherwise (NumPy's rule).
#pragma once

#include "ember/tensor_base.h"

namespace ember::rt {

TensorBase index(const TensorBase& self, const TensorBaseList& indices);

// self[indices] = values (values broadcast to the shape index() would
// give, and have self's dtype); with `accumulate`, self[indices] +=
// values, duplicates adding up. Without it the last of duplicate
// positions, in row-major order of B, wins.
TensorBase index_put(const TensorBase& self, const TensorBaseList& indices, const TensorBase& values, bool accumulate);
void index_put_(TensorBase& self, const TensorBaseList& indices, const TensorBase& values, bool accumulate);

}  // namespace ember::rt
