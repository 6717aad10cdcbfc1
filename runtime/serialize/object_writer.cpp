// ObjectWriter: File.lua's writeObject over ember's values (object_writer.h).
#include "runtime/serialize/object_writer.h"

#include <cmath>
#include <limits>

#include "ember/error.h"
#include "runtime/serialize/tensor_records.h"
#include "runtime/serialize/torch_classes.h"

namespace ember::t7 {

namespace {

// Marks an object open while its body is written, and counts the depth.
class Open {
 public:
  Open(std::unordered_set<const void*>& open, int& depth, const void* identity, const char* op)
      : open_(open), depth_(depth), identity_(identity) {
    if (depth_ >= kMaxDepth) fail(ErrorKind::Value, str(op, ": values nest deeper than ", kMaxDepth, " levels"), "value");
    if (!open_.insert(identity_).second)
      fail(ErrorKind::Value,
           str(op, ": a table contains itself (a reference cycle), which ember cannot load back"), "value");
    ++depth_;
  }
  ~Open() {
    open_.erase(identity_);
    --depth_;
  }

 private:
  std::unordered_set<const void*>& open_;
  int& depth_;
  const void* identity_;
};

}  // namespace

bool ObjectWriter::write_index(const void* identity) {
  auto [it, fresh] = index_.emplace(identity, static_cast<int>(index_.size()) + 1);
  if (index_.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    fail(ErrorKind::Value, str(f_.op(), ": more objects than a Lua int can number"), "value");
  f_.write_int(it->second);
  return fresh;
}

void ObjectWriter::write_torch_header(const std::string& class_name) {
  f_.write_int(static_cast<int>(std::string(kVersion).size()));
  f_.write_chars(kVersion);
  f_.write_int(static_cast<int>(class_name.size()));
  f_.write_chars(class_name);
}

void ObjectWriter::write_table(const Table& t) {
  size_t n = 0;
  for (const auto& [k, v] : t.entries) {
    if (k.is_nil() || (k.kind() == Kind::Number && std::isnan(k.number())))
      fail(ErrorKind::Value, str(f_.op(), ": a table key is ", k.is_nil() ? "nil" : "NaN", ", which Lua forbids"),
           "value");
    n += !v.is_nil();  // Lua tables hold no nil values
  }
  f_.write_int(static_cast<int>(n));
  for (const auto& [k, v] : t.entries) {
    if (v.is_nil()) continue;
    write(k);
    write(v);
  }
}

void ObjectWriter::write(const Value& v) {
  switch (v.kind()) {
    case Kind::Nil: f_.write_int(kTagNil); return;
    case Kind::Number:
      f_.write_int(kTagNumber);
      f_.write_double(v.number());
      return;
    case Kind::Boolean:
      f_.write_int(kTagBoolean);
      f_.write_int(v.boolean() ? 1 : 0);
      return;
    case Kind::String:
      if (v.string().size() > static_cast<size_t>(std::numeric_limits<int>::max()))
        fail(ErrorKind::Value, str(f_.op(), ": a string of ", v.string().size(), " bytes is longer than a Lua int"),
             "value");
      f_.write_int(kTagString);
      f_.write_int(static_cast<int>(v.string().size()));
      f_.write_chars(v.string());
      return;
    case Kind::Table: {
      const Table* t = v.table().get();
      if (!t) fail(ErrorKind::Value, str(f_.op(), ": a table pointer is null"), "value");
      Open open(open_, depth_, t, f_.op());
      f_.write_int(kTagTable);
      if (write_index(t)) write_table(*t);
      return;
    }
    case Kind::Storage: {
      const Storage& s = v.storage();
      if (!s.defined()) fail(ErrorKind::Value, str(f_.op(), ": a storage is undefined"), "value");
      const std::string name = torch_class_name({s.dtype(), false}, f_.op());
      f_.write_int(kTagTorch);
      if (!write_index(s.impl())) return;
      write_torch_header(name);
      write_storage_record(f_, s);
      return;
    }
    case Kind::Tensor: {
      const TensorBase& t = v.tensor();
      if (!t.defined()) fail(ErrorKind::Value, str(f_.op(), ": a tensor is undefined"), "value");
      const std::string name = torch_class_name({t.dtype(), true}, f_.op());
      Open open(open_, depth_, t.impl(), f_.op());
      f_.write_int(kTagTorch);
      if (!write_index(t.impl())) return;
      write_torch_header(name);
      write_tensor_header(f_, tensor_header(t));
      write(t.impl()->storage ? Value(t.storage()) : Value());
      return;
    }
  }
}

}  // namespace ember::t7
