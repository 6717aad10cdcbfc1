// What a THFile is inside the library: the state every kind shares (TH's
// flags, the binary encoding) and a table of the few operations a kind
// (disk_file.cpp, pipe_file.cpp, memory_file.cpp) implements. Everything
// TH's API means by "read a Float" (checks, encodings, ascii formats,
// spacing, error state) lives once in file.cpp, above these operations.
#pragma once

#include <cstddef>
#include <string>

#include "TH/THFile.h"

namespace ember::th::file {

struct Ops {
  const char* kind;  // "disk file" (pipes too) or "memory file": which kind-specific functions apply
  bool (*is_opened)(THFile* f);
  // Whole elements of `size` bytes, fread/fwrite-like: how many moved.
  size_t (*read)(THFile* f, void* data, size_t size, size_t n);
  size_t (*write)(THFile* f, const void* data, size_t size, size_t n);
  // One ascii number by a scanf conversion (`conv`, e.g. "%hd"), the way
  // Torch7's kind read it; false when none could be read.
  bool (*scan)(THFile* f, const char* conv, void* out);
  // The next byte (EOF at the end) and giving one back (at most one).
  int (*get)(THFile* f);
  void (*unget)(THFile* f, int c);
  void (*synchronize)(THFile* f);
  // false: the kind could not do it (the caller sets the error state).
  bool (*seek)(THFile* f, size_t position);
  bool (*seek_end)(THFile* f);
  bool (*position)(THFile* f, size_t* out);
  void (*close)(THFile* f);    // called only while opened
  void (*destroy)(THFile* f);  // frees f, closing it first if opened
};

}  // namespace ember::th::file

// The C handle. Kinds derive from it (a DiskFile is a THFile__ first), so
// the C API's THFile* is the kind's object.
struct THFile__ {
  const ember::th::file::Ops* ops;
  bool quiet = false;
  bool readable = false;
  bool writable = false;
  bool binary = false;  // Torch7's files start ascii
  bool auto_spacing = true;
  bool has_error = false;
  bool native_encoding = true;  // false: binary values are byte-reversed
  int long_size = 0;            // bytes of a binary Long: 0 (sizeof(long)), 4 or 8
};

namespace ember::th::file {

// TH's mode strings: "r", "w", "rw" (with_rw false: "r", "w" only). false
// for anything else.
bool parse_mode(const char* mode, bool with_rw, bool* readable, bool* writable);

// `f` itself; a ValueError for argument `self` when it is NULL, a
// TypeError when it is not of `kind` (Ops::kind; NULL: any kind).
THFile* need_file(THFile* f, const char* fn, const char* kind = nullptr);
// The same, and a ValueError when it is closed.
THFile* need_opened(THFile* f, const char* fn, const char* kind = nullptr);

// A failed transfer or seek: sets the error flag, and unless the file is
// quiet raises a RuntimeError (THError's handler) saying `what`.
void io_error(THFile* f, const char* fn, const std::string& what);

// longSize's check, shared by disk and memory files.
void set_long_size(THFile* f, int size, const char* fn);

}  // namespace ember::th::file
