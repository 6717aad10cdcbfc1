// ember::Storage, the C++ value type over StorageImpl (one reference held,
// copies share the storage).
#pragma once

#include <cstdint>
#include <utility>

#include "ember/dtype.h"
#include "ember/storage_impl.h"

namespace ember {

class Storage {
 public:
  Storage() = default;
  Storage(DType dtype, int64_t size) : impl_(rt::storage_new(dtype, size)) {}
  static Storage adopt(StorageImpl* impl) { return Storage(impl); }
  static Storage borrow(StorageImpl* impl) {
    rt::storage_retain(impl);
    return Storage(impl);
  }
  Storage(const Storage& o) : impl_(o.impl_) { rt::storage_retain(impl_); }
  Storage(Storage&& o) noexcept : impl_(std::exchange(o.impl_, nullptr)) {}
  Storage& operator=(Storage o) noexcept {
    std::swap(impl_, o.impl_);
    return *this;
  }
  ~Storage() { rt::storage_release(impl_); }

  StorageImpl* impl() const { return impl_; }
  bool defined() const { return impl_ != nullptr; }
  DType dtype() const { return rt::dtype(impl_); }
  int64_t size() const { return impl_->size; }
  void* data_ptr() const { return impl_->data; }
  void resize(int64_t size) { rt::storage_resize(impl_, size); }

 private:
  explicit Storage(StorageImpl* impl) : impl_(impl) {}
  StorageImpl* impl_ = nullptr;
};

}  // namespace ember
