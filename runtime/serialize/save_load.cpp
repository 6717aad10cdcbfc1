// ember::save / ember::load and their in-memory forms (ember/t7.h): a
// THDiskFile or THMemoryFile under ObjectWriter / ObjectReader.
#include <cstdio>
#include <cstring>

#include "TH/THDiskFile.h"
#include "TH/THMemoryFile.h"
#include "ember/error.h"
#include "ember/storage_impl.h"
#include "ember/t7.h"
#include "runtime/serialize/object_reader.h"
#include "runtime/serialize/object_writer.h"

namespace ember {

void save(const t7::Value& value, const std::string& path, t7::Format format) {
  THFile* handle = THDiskFile_new(path.c_str(), "w", 1);
  if (!handle)
    fail(ErrorKind::Runtime, str("save: cannot open <", path, "> for writing (", std::strerror(errno), ")"), "path");
  try {
    t7::ObjectFile f(handle, format, "save");
    t7::ObjectWriter(f).write(value);
  } catch (...) {
    std::remove(path.c_str());  // no partial file is left behind
    throw;
  }
}

t7::Value load(const std::string& path, t7::Format format) {
  THFile* handle = THDiskFile_new(path.c_str(), "r", 1);
  if (!handle)
    fail(ErrorKind::Runtime, str("load: cannot open <", path, "> for reading (", std::strerror(errno), ")"), "path");
  t7::ObjectFile f(handle, format, "load");
  // As torch.load: one object, and whatever follows it is ignored.
  return t7::ObjectReader(f).read();
}

namespace t7 {

std::string serialize(const Value& value, Format format) {
  ObjectFile f(THMemoryFile_new("w"), format, "save");
  ObjectWriter(f).write(value);
  const THCharStorage* s = THMemoryFile_storage(f.handle());
  // The storage holds the bytes and a trailing '\0'.
  return std::string(s->data, static_cast<size_t>(s->size) - 1);
}

Value deserialize(const std::string& bytes, Format format) {
  // THMemoryFile reads in a char storage that ends with a '\0'.
  Storage s(DType::Char, static_cast<int64_t>(bytes.size()) + 1);
  char* data = static_cast<char*>(s.data_ptr());
  std::memcpy(data, bytes.data(), bytes.size());
  data[bytes.size()] = '\0';
  ObjectFile f(THMemoryFile_newWithStorage(reinterpret_cast<THCharStorage*>(s.impl()), "r"), format, "load");
  return ObjectReader(f).read();
}

}  // namespace t7
}  // namespace ember
