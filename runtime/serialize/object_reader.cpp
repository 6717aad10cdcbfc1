// ObjectReader: File.lua's readObject into ember's values (object_reader.h).
#include "runtime/serialize/object_reader.h"

#include <cmath>
#include <optional>

#include "ember/error.h"
#include "runtime/serialize/object_writer.h"
#include "runtime/serialize/tensor_records.h"
#include "runtime/serialize/torch_classes.h"

namespace ember::t7 {

namespace {

struct KeyHash {
  size_t operator()(const Value& v) const { return v.hash(); }
};
struct KeyEq {
  bool operator()(const Value& a, const Value& b) const { return a.same(b); }
};

}  // namespace

Value ObjectReader::read() {
  const size_t at = f_.position();
  const int tag = f_.read_int("a type tag");
  switch (tag) {
    case kTagNil: return Value();
    case kTagNumber: return Value(f_.read_double("a number"));
    case kTagBoolean: return Value(f_.read_int("a boolean") == 1);  // File.lua: readInt() == 1
    case kTagString: {
      const int n = f_.read_int("a string's length");
      return Value(f_.read_chars(n, "string bytes"));
    }
    case kTagTable:
    case kTagTorch: {
      const size_t index_at = f_.position();
      const int index = f_.read_int("an object number");
      // As File.lua: a number already read is that object, whatever the tag.
      if (auto it = objects_.find(index); it != objects_.end()) return it->second;
      if (open_.count(index))
        f_.corrupt(str("object ", index, " refers to itself before it is complete (a reference cycle)"), index_at);
      if (depth_ >= kMaxDepth) f_.corrupt(str("objects nest deeper than ", kMaxDepth, " levels"), at);
      open_.insert(index);
      ++depth_;
      Value v = tag == kTagTable ? read_table() : read_torch(at);
      --depth_;
      open_.erase(index);
      objects_.emplace(index, v);
      return v;
    }
    case kTagFunction:
    case kTagLegacyRecurFunction:
    case kTagRecurFunction: f_.corrupt(str("a Lua function (type tag ", tag, ") cannot be loaded by ember"), at);
    default: f_.corrupt(str("unknown type tag ", tag), at);
  }
}

Value ObjectReader::read_table() {
  const int n = f_.read_int("a table's size");
  // Each entry holds at least two type tags.
  f_.need_room(n, 2 * static_cast<int64_t>(sizeof(int)), "table entries");
  auto table = std::make_shared<Table>();
  std::unordered_map<Value, size_t, KeyHash, KeyEq> where;
  for (int i = 0; i < n; ++i) {
    const size_t key_at = f_.position();
    Value k = read();
    if (k.is_nil()) f_.corrupt("a table key is nil", key_at);
    if (k.kind() == Kind::Number && std::isnan(k.number())) f_.corrupt("a table key is NaN", key_at);
    Value v = read();
    // Lua's t[k] = v: a repeated key replaces, a nil value removes.
    if (auto it = where.find(k); it != where.end()) {
      table->entries[it->second].second = std::move(v);
    } else if (!v.is_nil()) {
      where.emplace(k, table->entries.size());
      table->entries.emplace_back(std::move(k), std::move(v));
    }
  }
  auto& e = table->entries;
  for (size_t i = e.size(); i-- > 0;)
    if (e[i].second.is_nil()) e.erase(e.begin() + static_cast<ptrdiff_t>(i));
  return Value(std::move(table));
}

Value ObjectReader::read_torch(size_t at) {
  // "V <n>" then the class name; files older than versioning start with
  // the class name itself.
  std::string name = f_.read_chars(f_.read_int("a version string's length"), "a version string");
  if (name.rfind("V ", 0) == 0) name = f_.read_chars(f_.read_int("a class name's length"), "a class name");
  const std::optional<TorchClass> c = parse_torch_class(name);
  if (!c) f_.corrupt(str("unknown Torch class <", name, ">"), at);
  if (!c->tensor) return Value(read_storage_record(f_, c->dtype));
  const TensorHeader h = read_tensor_header(f_);
  const size_t storage_at = f_.position();
  const Value storage = read();
  return Value(make_tensor(f_, c->dtype, h, storage, storage_at));
}

}  // namespace ember::t7
