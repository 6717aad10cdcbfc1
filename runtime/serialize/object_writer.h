// File.lua's writeObject: a value's type tag, then its contents; tables,
// tensors and storages are numbered in the order they are first written,
// and a second reference writes only the number (docs/serialization.md).
#pragma once

#include <unordered_map>
#include <unordered_set>

#include "runtime/serialize/object_file.h"

namespace ember::t7 {

// How deep tables and tensors may nest, in both directions: the reader
// and writer recurse once per level, so this bounds their stack use.
inline constexpr int kMaxDepth = 1000;

class ObjectWriter {
 public:
  explicit ObjectWriter(ObjectFile& f) : f_(f) {}
  void write(const Value& v);

 private:
  // Writes the object's number; true when it is new, so its body follows.
  bool write_index(const void* identity);
  void write_table(const Table& t);
  void write_torch_header(const std::string& class_name);

  ObjectFile& f_;
  std::unordered_map<const void*, int> index_;
  std::unordered_set<const void*> open_;  // objects being written: a cycle
  int depth_ = 0;
};

}  // namespace ember::t7
