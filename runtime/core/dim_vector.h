// A tensor's sizes or strides while a view is built: at most
// EMBER_MAX_DIMS values, held inline. The view functions build several
// per call, and as heap vectors their allocations were a third of
// a.view(2, 2)'s time from Python (bench/python_overhead.py).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "ember/error.h"
#include "ember/int_list.h"
#include "ember/structs.h"

namespace ember::rt {

class DimVector {
 public:
  // `values` (or `n` zeros); more than EMBER_MAX_DIMS is the error every
  // tensor of too many dims gets, naming `op`.
  DimVector(IntList values, const char* op) {
    resize(values.size(), op);
    std::copy(values.begin(), values.end(), data_);
  }
  DimVector(size_t n, const char* op) { resize(n, op); }
  DimVector(const DimVector& other) { *this = other; }
  DimVector& operator=(const DimVector& other) {
    if (this == &other) return *this;
    size_ = other.size_;
    std::copy(other.data_, other.data_ + size_, data_);
    return *this;
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  int64_t* data() { return data_; }
  const int64_t* data() const { return data_; }
  int64_t& operator[](size_t i) { return data_[i]; }
  int64_t operator[](size_t i) const { return data_[i]; }
  operator IntList() const { return IntList(data_, size_); }  // NOLINT: used where IntList is taken

  // `n` elements: kept ones unchanged, new ones zero.
  void resize(size_t n, const char* op) {
    if (n > EMBER_MAX_DIMS)
      fail(ErrorKind::Value, str(op, ": tensors have at most ", EMBER_MAX_DIMS, " dims, got ", n));
    std::fill(data_ + std::min(n, size_), data_ + n, 0);
    size_ = n;
  }
  void insert(size_t pos, int64_t value, const char* op) {
    resize(size_ + 1, op);
    std::copy_backward(data_ + pos, data_ + size_ - 1, data_ + size_);
    data_[pos] = value;
  }
  void push_back(int64_t value, const char* op) { insert(size_, value, op); }
  void erase(size_t pos) {
    std::copy(data_ + pos + 1, data_ + size_, data_ + pos);
    --size_;
  }

 private:
  int64_t data_[EMBER_MAX_DIMS];
  size_t size_ = 0;
};

}  // namespace ember::rt
