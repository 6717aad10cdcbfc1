// The records torch's C classes write for themselves after the class name
// (torch7 generic/Storage.c and generic/Tensor.c, write and read):
//   storage: Long size, then `size` elements (THFile's raw array);
//   tensor:  Int nDimension, Long sizes[nDimension], Long strides[nDimension],
//            Long storageOffset + 1 (1-based), then its storage as an
//            object (writeObject: shared storages are written once), or nil.
#pragma once

#include <cstdint>
#include <vector>

#include "ember/t7.h"
#include "runtime/serialize/object_file.h"

namespace ember::t7 {

void write_storage_record(ObjectFile& f, const Storage& s);
Storage read_storage_record(ObjectFile& f, DType dtype);

// A tensor record without its storage object.
struct TensorHeader {
  std::vector<int64_t> sizes, strides;
  int64_t offset = 0;  // 0-based
};

TensorHeader tensor_header(const TensorBase& t);
void write_tensor_header(ObjectFile& f, const TensorHeader& h);
TensorHeader read_tensor_header(ObjectFile& f);

// The tensor a header and its storage object (read from `at`) describe;
// a ValueError when the storage is neither nil nor a storage of `dtype`,
// or when the geometry reaches outside it.
TensorBase make_tensor(ObjectFile& f, DType dtype, const TensorHeader& h, const Value& storage, size_t at);

}  // namespace ember::t7
