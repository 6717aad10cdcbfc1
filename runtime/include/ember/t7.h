// Torch7's object format (.t7, File.lua's writeObject/readObject): the
// Lua values a file holds, and saving and loading them. docs/serialization.md
// states the format and where ember differs from Torch7.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ember/export.h"
#include "ember/storage.h"
#include "ember/tensor_base.h"

namespace ember::t7 {

enum class Format { Binary, Ascii };

class Value;

// A Lua table: its key/value pairs in the order they were added (a file's
// order on load). Keys are never nil. Tables are shared by pointer: two
// Values holding one Table are one Lua table, written once.
struct Table {
  std::vector<std::pair<Value, Value>> entries;
};
using TablePtr = std::shared_ptr<Table>;

enum class Kind { Nil, Number, String, Boolean, Table, Tensor, Storage };

// One Lua value of what a .t7 file can hold: nil, a number (Lua's double),
// a string (any bytes), a boolean, a table, or a torch.*Tensor /
// torch.*Storage. Tensors and storages are shared as ember shares them:
// views of one Storage save it once, and load as views of one Storage.
class EMBER_CPP_API Value {
 public:
  Value() = default;
  Value(double number) : v_(number) {}
  Value(int number) : v_(static_cast<double>(number)) {}
  Value(int64_t number) : v_(static_cast<double>(number)) {}  // rounded to a double beyond 2^53
  Value(std::string text) : v_(std::move(text)) {}
  Value(const char* text) : v_(std::string(text)) {}
  Value(bool boolean) : v_(boolean) {}
  Value(TablePtr table) : v_(std::move(table)) {}
  Value(TensorBase tensor) : v_(std::move(tensor)) {}
  Value(Storage storage) : v_(std::move(storage)) {}

  Kind kind() const { return static_cast<Kind>(v_.index()); }
  bool is_nil() const { return kind() == Kind::Nil; }

  // Each throws a TypeError naming the kind held when it is another.
  double number() const;
  const std::string& string() const;
  bool boolean() const;
  const TablePtr& table() const;
  const TensorBase& tensor() const;
  const Storage& storage() const;

  // Lua's raw equality, which keys follow: numbers, strings and booleans
  // compare by value; tables, tensors and storages by identity.
  bool same(const Value& o) const;
  size_t hash() const;  // consistent with same()

  // The value of `key` in a table (nil when absent); a TypeError when this
  // is not a table.
  Value get(const Value& key) const;

 private:
  std::variant<std::monostate, double, std::string, bool, TablePtr, TensorBase, Storage> v_;
};

// A new table holding `items` at keys 1..n (a Lua array).
EMBER_CPP_API TablePtr array(std::vector<Value> items);

// The bytes of a file holding `value`, and the value those bytes hold.
EMBER_CPP_API std::string serialize(const Value& value, Format format = Format::Binary);
EMBER_CPP_API Value deserialize(const std::string& bytes, Format format = Format::Binary);

}  // namespace ember::t7

namespace ember {

// torch.save(path, value, format) and torch.load(path, format). Errors are
// ember::Error naming "save" or "load" (and, for a bad file, the byte
// position); a failed save may leave a partial file.
EMBER_CPP_API void save(const t7::Value& value, const std::string& path, t7::Format format = t7::Format::Binary);
EMBER_CPP_API t7::Value load(const std::string& path, t7::Format format = t7::Format::Binary);

}  // namespace ember
