// THMemoryFile: a THFile over a THCharStorage.
//
// Invariant: the storage holds more than `size` bytes and data[size] is
// '\0' (Torch7 kept that '\0' so that sscanf stops at the end of the
// file); bytes past it are spare room for writes.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "TH/THMemoryFile.h"
#include "ember/error.h"
#include "ember/export.h"
#include "ember/storage_impl.h"
#include "runtime/th/api.h"
#include "runtime/th/file/file.h"

namespace ember::th::file {
namespace {

constexpr const char* kKind = "memory file";

struct MemoryFile : THFile__ {
  StorageImpl* storage = nullptr;  // one reference, NULL once closed
  size_t size = 0;                 // bytes in the file
  size_t position = 0;             // <= size
  char* bytes() const { return static_cast<char*>(storage->data); }
};

MemoryFile* mem(THFile* f) { return static_cast<MemoryFile*>(f); }

// Room for `size` bytes and the '\0' after them, growing by half at least
// so that writing n values costs O(n).
void reserve(MemoryFile* m, size_t size) {
  const auto have = static_cast<size_t>(m->storage->size);
  if (size < have) return;
  if (size >= static_cast<size_t>(INT64_MAX) / 2) fail(ErrorKind::Memory, "THMemoryFile: file too large");
  rt::storage_resize(m->storage, static_cast<int64_t>(std::max(size + 1, have + have / 2)));
}

size_t read_elements(THFile* f, void* data, size_t size, size_t n) {
  MemoryFile* m = mem(f);
  const size_t k = std::min(n, (m->size - m->position) / size);  // whole elements only, as Torch7
  std::memcpy(data, m->bytes() + m->position, k * size);
  m->position += k * size;
  return k;
}

size_t write_elements(THFile* f, const void* data, size_t size, size_t n) {
  MemoryFile* m = mem(f);
  if (n > (SIZE_MAX - m->position) / size) fail(ErrorKind::Memory, "THMemoryFile: file too large");
  const size_t nbytes = size * n;
  reserve(m, m->position + nbytes);
  std::memmove(m->bytes() + m->position, data, nbytes);
  m->position += nbytes;
  if (m->position > m->size) {
    m->size = m->position;
    m->bytes()[m->size] = '\0';
  }
  return n;
}

bool is_separator(char c) { return c == ' ' || c == '\n' || c == ':' || c == ';'; }

// Torch7's rule: sscanf sees the text from the position to the end of the
// first token, tokens being separated by ' ', '\n', ':' and ';'.
bool scan_number(THFile* f, const char* conv, void* out) {
  MemoryFile* m = mem(f);
  const char* p = m->bytes();
  size_t end = m->position;
  while (end < m->size && is_separator(p[end])) ++end;
  while (end < m->size && !is_separator(p[end])) ++end;
  const std::string text(p + m->position, end - m->position);
  char format[16];
  std::snprintf(format, sizeof format, "%s%%n", conv);
  int consumed = 0;
  if (std::sscanf(text.c_str(), format, out, &consumed) != 1) return false;
  m->position += static_cast<size_t>(consumed);
  return true;
}

const Ops kMemoryOps = {
    kKind,
    [](THFile* f) { return mem(f)->storage != nullptr; },
    read_elements,
    write_elements,
    scan_number,
    [](THFile* f) {
      MemoryFile* m = mem(f);
      return m->position < m->size ? static_cast<unsigned char>(m->bytes()[m->position++]) : EOF;
    },
    [](THFile* f, int c) {
      if (c != EOF) --mem(f)->position;
    },
    [](THFile*) {},
    [](THFile* f, size_t position) {
      if (position > mem(f)->size) return false;
      mem(f)->position = position;
      return true;
    },
    [](THFile* f) {
      mem(f)->position = mem(f)->size;
      return true;
    },
    [](THFile* f, size_t* out) {
      *out = mem(f)->position;
      return true;
    },
    [](THFile* f) {
      rt::storage_release(mem(f)->storage);
      mem(f)->storage = nullptr;
    },
    [](THFile* f) {
      if (mem(f)->storage) rt::storage_release(mem(f)->storage);
      delete mem(f);
    },
};

THFile* make(const char* fn, THCharStorage* storage, const char* mode) {
  bool readable, writable;
  if (!parse_mode(mode, true, &readable, &writable))
    fail(ErrorKind::Value, str(fn, ": file mode should be 'r', 'w' or 'rw', not '", mode ? mode : "NULL", "'"), "mode");
  StorageImpl* s = optional_storage_arg(storage, DType::Char, fn, "storage", "storage");
  if (s && (s->size < 1 || static_cast<char*>(s->data)[s->size - 1] != '\0'))
    fail(ErrorKind::Value, str(fn, ": the storage must end with a '\\0' byte"), "storage");
  auto m = std::make_unique<MemoryFile>();
  if (s) {
    rt::storage_retain(s);
  } else {
    s = rt::storage_new(DType::Char, 1);
    static_cast<char*>(s->data)[0] = '\0';
  }
  m->ops = &kMemoryOps;
  m->storage = s;
  m->size = static_cast<size_t>(s->size) - 1;
  m->readable = readable;
  m->writable = writable;
  return m.release();
}

}  // namespace
}  // namespace ember::th::file

using namespace ember;
using namespace ember::th::file;
using ember::th::ArgNames;
using ember::th::guarded;

EMBER_API THFile* THMemoryFile_newWithStorage(THCharStorage* storage, const char* mode) {
  static constexpr ArgNames<2> args = {"storage", "mode"};
  return guarded(args, [&] { return make("THMemoryFile_newWithStorage", storage, mode); });
}

EMBER_API THFile* THMemoryFile_new(const char* mode) {
  static constexpr ArgNames<1> args = {"mode"};
  return guarded(args, [&] { return make("THMemoryFile_new", nullptr, mode); });
}

EMBER_API THCharStorage* THMemoryFile_storage(THFile* self) {
  static constexpr ArgNames<1> args = {"self"};
  return guarded(args, [&] {
    MemoryFile* m = mem(need_opened(self, "THMemoryFile_storage", kKind));
    rt::storage_resize(m->storage, static_cast<int64_t>(m->size) + 1);
    return reinterpret_cast<THCharStorage*>(m->storage);
  });
}

EMBER_API void THMemoryFile_longSize(THFile* self, int size) {
  static constexpr ArgNames<2> args = {"self", "size"};
  guarded(args, [&] {
    const char* fn = "THMemoryFile_longSize";
    set_long_size(need_file(self, fn, kKind), size, fn);
  });
}
