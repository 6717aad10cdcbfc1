// Torch7's tensor and storage records (tensor_records.h).
#include "runtime/serialize/tensor_records.h"

#include "ember/error.h"
#include "ember/structs.h"
#include "ember/tensor_impl.h"

namespace ember::t7 {

void write_storage_record(ObjectFile& f, const Storage& s) {
  if (rt::device(s.impl()).is_cuda())
    fail(ErrorKind::Value, str("save: a storage on ", rt::device(s.impl()).str(), " is saved from the host; call .cpu() first"),
         "object");
  f.write_long(s.size());
  f.write_elements(s.dtype(), s.data_ptr(), s.size());
}

Storage read_storage_record(ObjectFile& f, DType dtype) {
  const int64_t size = f.read_long("a storage's size");
  f.need_room(size, static_cast<int64_t>(element_size(dtype)), "storage elements");
  Storage s(dtype, size);
  f.read_elements(dtype, s.data_ptr(), size, "a storage's elements");
  return s;
}

TensorHeader tensor_header(const TensorBase& t) {
  TensorHeader h;
  // Torch7 has no 0-dim tensors: a scalar is saved as one element.
  if (t.dim() == 0) {
    h.sizes = {1};
    h.strides = {1};
  } else {
    h.sizes = t.sizes().vec();
    h.strides = t.strides().vec();
  }
  h.offset = t.storage_offset();
  return h;
}

void write_tensor_header(ObjectFile& f, const TensorHeader& h) {
  f.write_int(static_cast<int>(h.sizes.size()));
  f.write_longs(h.sizes);
  f.write_longs(h.strides);
  f.write_long(h.offset + 1);
}

TensorHeader read_tensor_header(ObjectFile& f) {
  const size_t at = f.position();
  const int ndim = f.read_int("a tensor's dimension count");
  if (ndim < 0 || ndim > EMBER_MAX_DIMS)
    f.corrupt(str("a tensor's dimension count ", ndim, " is not in 0..", EMBER_MAX_DIMS), at);
  TensorHeader h;
  h.sizes = f.read_longs(ndim, "tensor sizes");
  h.strides = f.read_longs(ndim, "tensor strides");
  const size_t offset_at = f.position();
  const int64_t offset1 = f.read_long("a tensor's storage offset");
  if (offset1 < 1) f.corrupt(str("a tensor's 1-based storage offset ", offset1, " is below 1"), offset_at);
  h.offset = offset1 - 1;
  for (int d = 0; d < ndim; ++d) {
    if (h.sizes[d] < 0) f.corrupt(str("a tensor's size ", h.sizes[d], " of dim ", d, " is negative"), at);
    if (h.strides[d] < 0) f.corrupt(str("a tensor's stride ", h.strides[d], " of dim ", d, " is negative"), at);
  }
  return h;
}

TensorBase make_tensor(ObjectFile& f, DType dtype, const TensorHeader& h, const Value& storage, size_t at) {
  if (!storage.is_nil() && (storage.kind() != Kind::Storage || storage.storage().dtype() != dtype))
    f.corrupt(str("a ", dtype_name(dtype), " tensor's storage is not a ", dtype_name(dtype), " storage"), at);
  // Torch7's empty tensor (no dims) is ember's 1-dim tensor of 0 elements.
  std::vector<int64_t> sizes = h.sizes, strides = h.strides;
  if (sizes.empty()) {
    sizes = {0};
    strides = {1};
  }
  const int64_t have = storage.is_nil() ? 0 : storage.storage().size();
  // The last element's index, in 128 bits: each term is below 2^126 and the
  // sum stops growing once it passes `have`, so nothing from the file can
  // overflow it. Irrelevant when some size is 0.
  __int128 last = h.offset;
  bool empty = false;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) empty = true;
    if (last < have) last += static_cast<__int128>(sizes[d] > 0 ? sizes[d] - 1 : 0) * strides[d];
  }
  if (!empty && last >= have)
    f.corrupt(str("a tensor of sizes ", rt::sizes_text(sizes), ", strides ", rt::sizes_text(strides), " and offset ",
                  h.offset, " reaches outside its storage of ", have, " elements"),
              at);
  if (empty && !storage.is_nil() && h.offset > have)
    f.corrupt(str("an empty tensor's storage offset ", h.offset, " lies beyond its storage of ", have, " elements"), at);
  // A nil storage (Torch7's empty tensor) becomes an empty one, so that
  // every loaded tensor has a storage.
  const Storage s = storage.is_nil() ? Storage(dtype, 0) : storage.storage();
  return TensorBase::adopt(rt::tensor_new_with_storage(dtype, s.impl(), storage.is_nil() ? 0 : h.offset, sizes, strides));
}

}  // namespace ember::t7
