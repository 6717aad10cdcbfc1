// ember::t7::Value: the Lua values of a .t7 file (ember/t7.h).
#include <cstring>
#include <functional>

#include "ember/error.h"
#include "ember/t7.h"

namespace ember::t7 {

namespace {

const char* kind_name(Kind k) {
  static const char* const names[] = {"nil", "number", "string", "boolean", "table", "tensor", "storage"};
  return names[static_cast<int>(k)];
}

[[noreturn]] void wrong_kind(Kind want, Kind have) {
  fail(ErrorKind::Type, str("t7::Value: expected a ", kind_name(want), ", not a ", kind_name(have)), "value");
}

}  // namespace

double Value::number() const {
  if (kind() != Kind::Number) wrong_kind(Kind::Number, kind());
  return std::get<double>(v_);
}
const std::string& Value::string() const {
  if (kind() != Kind::String) wrong_kind(Kind::String, kind());
  return std::get<std::string>(v_);
}
bool Value::boolean() const {
  if (kind() != Kind::Boolean) wrong_kind(Kind::Boolean, kind());
  return std::get<bool>(v_);
}
const TablePtr& Value::table() const {
  if (kind() != Kind::Table) wrong_kind(Kind::Table, kind());
  return std::get<TablePtr>(v_);
}
const TensorBase& Value::tensor() const {
  if (kind() != Kind::Tensor) wrong_kind(Kind::Tensor, kind());
  return std::get<TensorBase>(v_);
}
const Storage& Value::storage() const {
  if (kind() != Kind::Storage) wrong_kind(Kind::Storage, kind());
  return std::get<Storage>(v_);
}

bool Value::same(const Value& o) const {
  if (kind() != o.kind()) return false;
  switch (kind()) {
    case Kind::Nil: return true;
    case Kind::Number: return number() == o.number();  // Lua: 0 == -0, NaN is never equal
    case Kind::String: return string() == o.string();
    case Kind::Boolean: return boolean() == o.boolean();
    case Kind::Table: return table() == o.table();
    case Kind::Tensor: return tensor().impl() == o.tensor().impl();
    case Kind::Storage: return storage().impl() == o.storage().impl();
  }
  return false;
}

size_t Value::hash() const {
  switch (kind()) {
    case Kind::Nil: return 0;
    case Kind::Number: {
      const double x = number() == 0 ? 0.0 : number();  // -0 hashes as 0, as it compares
      return std::hash<double>()(x);
    }
    case Kind::String: return std::hash<std::string>()(string());
    case Kind::Boolean: return boolean() ? 1 : 2;
    case Kind::Table: return std::hash<const void*>()(table().get());
    case Kind::Tensor: return std::hash<const void*>()(tensor().impl());
    case Kind::Storage: return std::hash<const void*>()(storage().impl());
  }
  return 0;
}

Value Value::get(const Value& key) const {
  for (const auto& [k, v] : table()->entries)
    if (k.same(key)) return v;
  return Value();
}

TablePtr array(std::vector<Value> items) {
  auto t = std::make_shared<Table>();
  t->entries.reserve(items.size());
  double key = 0;
  for (Value& item : items) t->entries.push_back({Value(++key), std::move(item)});
  return t;
}

}  // namespace ember::t7
