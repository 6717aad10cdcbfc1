// The THLongStorage-only functions of TH's THStorage.h
// (schemas/storage/storage.yaml): a size list's description and TH's shape
// inference for view and expand. The generated wrappers instantiate them
// for Long alone. The infer* functions report shapes that do not
// broadcast the way TH did, as -1 and a message in the caller's buffer;
// everything else (NULL pointers, empty shapes) is an error raised
// through TH's handlers.
#pragma once

#include <cstdint>
#include <type_traits>

#include "TH/THGeneral.h"
#include "ember/storage_impl.h"
#include "runtime/th/args.h"

namespace ember::rt {

THDescBuff th_sizes_description(const StorageImpl* size);
StorageImpl* th_infer_size(const StorageImpl* size, int64_t numel, const th::Fn& fn);
// n shapes (sizes[j] of dims[j] entries) broadcast into `output`.
int th_infer_broadcast(StorageImpl* output, int n, const int64_t* const* sizes, const int64_t* dims, char* error_buffer,
                       int buffer_len, const th::Fn& fn);
int th_infer_expand(const int64_t* sizes, const int64_t* strides, int64_t dim, const StorageImpl* target,
                    int64_t** expanded_sizes, int64_t** expanded_strides, char* error_buffer, int buffer_len,
                    const th::Fn& fn);

template <class T>
THDescBuff th_long_size_desc(StorageImpl* size) {
  static_assert(std::is_same_v<T, int64_t>, "THLongStorage only");
  return th_sizes_description(th::need(size, th::fn_of<T>("Storage_sizeDesc"), "size"));
}

// A copy of `size` with its one -1 (if any) inferred from nElement.
template <class T>
StorageImpl* th_long_new_infer_size(StorageImpl* size, ptrdiff_t nElement) {
  static_assert(std::is_same_v<T, int64_t>, "THLongStorage only");
  const th::Fn fn = th::fn_of<T>("Storage_newInferSize");
  return th_infer_size(th::need(size, fn, "size"), nElement, fn);
}

template <class T>
int th_long_infer_size2(StorageImpl* output, const int64_t* sizesA, long dimsA, const int64_t* sizesB, long dimsB,
                        char* error_buffer, int buffer_len) {
  static_assert(std::is_same_v<T, int64_t>, "THLongStorage only");
  const th::Fn fn = th::fn_of<T>("Storage_inferSize2");
  const int64_t* sizes[2] = {th::need(sizesA, fn, "sizesA"), th::need(sizesB, fn, "sizesB")};
  const int64_t dims[2] = {dimsA, dimsB};
  return th_infer_broadcast(output, 2, sizes, dims, error_buffer, buffer_len, fn);
}

template <class T>
int th_long_infer_size_n(StorageImpl* output, int n, int64_t** sizes, int64_t* dims, char* error_buffer,
                         int buffer_len) {
  static_assert(std::is_same_v<T, int64_t>, "THLongStorage only");
  const th::Fn fn = th::fn_of<T>("Storage_inferSizeN");
  return th_infer_broadcast(output, n, th::need(sizes, fn, "sizes"), th::need(dims, fn, "dims"), error_buffer,
                            buffer_len, fn);
}

// The sizes and strides of a tensor expanded to `sizes` (-1 keeps a size),
// in arrays from THAlloc that the caller gives back with THFree.
template <class T>
int th_long_infer_expand_geometry(int64_t* tensorSizes, int64_t* tensorStrides, long tensorDim, StorageImpl* sizes,
                                  int64_t** expandedSizes, int64_t** expandedStrides, char* error_buffer,
                                  int buffer_len) {
  static_assert(std::is_same_v<T, int64_t>, "THLongStorage only");
  const th::Fn fn = th::fn_of<T>("Storage_inferExpandGeometry");
  return th_infer_expand(tensorSizes, tensorStrides, tensorDim, th::need(sizes, fn, "sizes"),
                         th::need(expandedSizes, fn, "expandedSizes"), th::need(expandedStrides, fn, "expandedStrides"),
                         error_buffer, buffer_len, fn);
}

}  // namespace ember::rt
