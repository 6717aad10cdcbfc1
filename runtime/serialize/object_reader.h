// File.lua's readObject: the inverse of ObjectWriter, checking everything a
// file declares before it is used (docs/serialization.md, "Bad files").
#pragma once

#include <unordered_map>
#include <unordered_set>

#include "runtime/serialize/object_file.h"

namespace ember::t7 {

class ObjectReader {
 public:
  explicit ObjectReader(ObjectFile& f) : f_(f) {}
  Value read();

 private:
  Value read_table();
  Value read_torch(size_t at);

  ObjectFile& f_;
  std::unordered_map<int, Value> objects_;  // by the file's object numbers
  std::unordered_set<int> open_;            // numbers whose object is being read
  int depth_ = 0;
};

}  // namespace ember::t7
