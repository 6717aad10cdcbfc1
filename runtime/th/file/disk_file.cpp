// THDiskFile: Torch7's files over stdio. Binary values go through
// fread/fwrite, ascii numbers through fscanf with Torch7's conversions
// (file.cpp), so reading skips any whitespace fscanf skips.
#include "runtime/th/file/disk_file.h"

#include <sys/types.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>

#include "TH/THDiskFile.h"
#include "ember/error.h"
#include "ember/export.h"
#include "runtime/th/file/file.h"
#include "runtime/th/thunk.h"

namespace ember::th::file {
namespace {

constexpr const char* kKind = "disk file";

struct DiskFile : THFile__ {
  std::FILE* handle = nullptr;
  int (*closer)(std::FILE*) = nullptr;
  std::string name;
};

DiskFile* disk(THFile* f) { return static_cast<DiskFile*>(f); }
std::FILE* stream(THFile* f) { return disk(f)->handle; }

const Ops kDiskOps = {
    kKind,
    [](THFile* f) { return stream(f) != nullptr; },
    [](THFile* f, void* data, size_t size, size_t n) { return std::fread(data, size, n, stream(f)); },
    [](THFile* f, const void* data, size_t size, size_t n) { return std::fwrite(data, size, n, stream(f)); },
    [](THFile* f, const char* conv, void* out) { return std::fscanf(stream(f), conv, out) == 1; },
    [](THFile* f) { return std::fgetc(stream(f)); },
    [](THFile* f, int c) { std::ungetc(c, stream(f)); },
    [](THFile* f) { std::fflush(stream(f)); },
    [](THFile* f, size_t position) { return fseeko(stream(f), static_cast<off_t>(position), SEEK_SET) == 0; },
    [](THFile* f) { return fseeko(stream(f), 0, SEEK_END) == 0; },
    [](THFile* f, size_t* out) {
      const off_t p = ftello(stream(f));
      if (p < 0) return false;
      *out = static_cast<size_t>(p);
      return true;
    },
    [](THFile* f) {
      disk(f)->closer(stream(f));
      disk(f)->handle = nullptr;
    },
    [](THFile* f) {
      if (stream(f)) disk(f)->closer(stream(f));
      delete disk(f);
    },
};

DiskFile* need_disk(THFile* f, const char* fn) { return disk(need_opened(f, fn, kKind)); }

}  // namespace

THFile* disk_file_adopt(std::FILE* handle, int (*closer)(std::FILE*), const char* name, bool readable, bool writable,
                        bool quiet) {
  std::unique_ptr<DiskFile> f;
  try {
    f = std::make_unique<DiskFile>();
    f->name = name;
  } catch (...) {
    closer(handle);
    throw;
  }
  f->ops = &kDiskOps;
  f->handle = handle;
  f->closer = closer;
  f->readable = readable;
  f->writable = writable;
  f->quiet = quiet;
  return f.release();
}

}  // namespace ember::th::file

using namespace ember;
using namespace ember::th::file;
using ember::th::ArgNames;
using ember::th::guarded;

namespace {
constexpr ArgNames<1> kSelf = {"self"};
}

EMBER_API THFile* THDiskFile_new(const char* name, const char* mode, int isQuiet) {
  static constexpr ArgNames<3> args = {"name", "mode", "isQuiet"};
  return guarded(args, [&]() -> THFile* {
    const char* fn = "THDiskFile_new";
    if (!name) fail(ErrorKind::Value, str(fn, ": name is NULL"), "name");
    bool readable, writable;
    if (!parse_mode(mode, true, &readable, &writable))
      fail(ErrorKind::Value, str(fn, ": file mode should be 'r', 'w' or 'rw', not '", mode ? mode : "NULL", "'"),
           "mode");
    std::FILE* handle;
    if (readable && writable) {
      // Torch7's "rw": read and write in place, creating a missing file.
      handle = std::fopen(name, "r+b");
      if (!handle && (handle = std::fopen(name, "wb"))) handle = std::freopen(name, "r+b", handle);
    } else {
      handle = std::fopen(name, readable ? "rb" : "wb");
    }
    if (!handle) {
      if (isQuiet) return nullptr;
      fail(ErrorKind::Runtime, str(fn, ": cannot open <", name, "> in mode ", readable ? 'r' : ' ',
                                   writable ? 'w' : ' ', " (", std::strerror(errno), ")"));
    }
    return disk_file_adopt(handle, std::fclose, name, readable, writable, isQuiet != 0);
  });
}

EMBER_API const char* THDiskFile_name(THFile* self) {
  return guarded(kSelf, [&] { return disk(need_file(self, "THDiskFile_name", kKind))->name.c_str(); });
}

EMBER_API int THDiskFile_isLittleEndianCPU(void) {
  const int x = 7;
  unsigned char first;
  std::memcpy(&first, &x, 1);
  return first == 7;
}

EMBER_API int THDiskFile_isBigEndianCPU(void) { return !THDiskFile_isLittleEndianCPU(); }

EMBER_API void THDiskFile_nativeEndianEncoding(THFile* self) {
  guarded(kSelf, [&] { need_disk(self, "THDiskFile_nativeEndianEncoding")->native_encoding = true; });
}

EMBER_API void THDiskFile_littleEndianEncoding(THFile* self) {
  guarded(kSelf, [&] {
    need_disk(self, "THDiskFile_littleEndianEncoding")->native_encoding = THDiskFile_isLittleEndianCPU();
  });
}

EMBER_API void THDiskFile_bigEndianEncoding(THFile* self) {
  guarded(kSelf,
          [&] { need_disk(self, "THDiskFile_bigEndianEncoding")->native_encoding = THDiskFile_isBigEndianCPU(); });
}

EMBER_API void THDiskFile_longSize(THFile* self, int size) {
  static constexpr ArgNames<2> args = {"self", "size"};
  guarded(args, [&] {
    const char* fn = "THDiskFile_longSize";
    set_long_size(need_disk(self, fn), size, fn);
  });
}

EMBER_API void THDiskFile_noBuffer(THFile* self) {
  guarded(kSelf, [&] {
    const char* fn = "THDiskFile_noBuffer";
    if (std::setvbuf(need_disk(self, fn)->handle, nullptr, _IONBF, 0) != 0)
      fail(ErrorKind::Runtime, str(fn, ": cannot disable buffering"));
  });
}
