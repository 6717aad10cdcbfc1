#include "runtime/ops/meshgrid.h"

#include <utility>

#include "ember/error.h"
#include "ember/ops/expand.h"
#include "ember/ops/view.h"

namespace ember::rt {

std::vector<TensorBase> meshgrid(const TensorBaseList& tensors, std::string_view indexing) {
  if (indexing != "ij" && indexing != "xy")
    fail(ErrorKind::Value, str("meshgrid: indexing must be 'ij' or 'xy', got '", indexing, "'"), "indexing");
  if (tensors.empty()) fail(ErrorKind::Value, "meshgrid: expected a non-empty list of tensors", "tensors");
  std::vector<int64_t> shape;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const TensorBase& t = tensors[i];
    if (!t.defined()) fail(ErrorKind::Value, str("meshgrid: tensors[", i, "] is undefined"), "tensors");
    if (t.dim() > 1)
      fail(ErrorKind::Value, str("meshgrid: tensors[", i, "] has ", t.dim(), " dims (0 or 1 expected)"), "tensors");
    if (t.dtype() != tensors[0].dtype())
      fail(ErrorKind::Type, str("meshgrid: tensors[", i, "] holds ", dtype_name(t.dtype()), " but tensors[0] holds ",
                                dtype_name(tensors[0].dtype()), " (they must match)"), "tensors");
    shape.push_back(t.numel());
  }
  // 'xy' (Cartesian) swaps the roles of the first two dims: tensors[0] varies along dim 1.
  const bool swap = indexing == "xy" && tensors.size() > 1;
  if (swap) std::swap(shape[0], shape[1]);
  std::vector<TensorBase> grids;
  for (size_t i = 0; i < tensors.size(); ++i) {
    std::vector<int64_t> along(shape.size(), 1);
    along[swap && i < 2 ? 1 - i : i] = tensors[i].numel();
    grids.push_back(base::expand(base::view(tensors[i], along), shape));
  }
  return grids;
}

}  // namespace ember::rt
