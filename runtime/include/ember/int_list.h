// A non-owning view of a list of int64 (sizes, strides, dims), so that
// functions take a vector, an initializer list or a raw TH array alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace ember {

class IntList {
 public:
  IntList() = default;
  IntList(const int64_t* data, size_t size) : data_(data), size_(size) {}
  IntList(const std::vector<int64_t>& v) : data_(v.data()), size_(v.size()) {}  // NOLINT
  // For arguments: the list lives until the end of the call's full expression.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
  IntList(std::initializer_list<int64_t> l) : data_(l.begin()), size_(l.size()) {}  // NOLINT
#pragma GCC diagnostic pop
  const int64_t* data() const { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  int64_t operator[](size_t i) const { return data_[i]; }
  const int64_t* begin() const { return data_; }
  const int64_t* end() const { return data_ + size_; }
  std::vector<int64_t> vec() const { return {begin(), end()}; }
  bool operator==(IntList o) const {
    if (size_ != o.size_) return false;
    for (size_t i = 0; i < size_; ++i)
      if (data_[i] != o.data_[i]) return false;
    return true;
  }
  bool operator!=(IntList o) const { return !(*this == o); }

 private:
  const int64_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace ember
