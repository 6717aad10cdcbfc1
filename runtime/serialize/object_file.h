// A THFile seen as Torch7's object format sees it: Lua ints, longs and
// doubles, raw chars and element arrays, through TH's file API (so ascii
// and binary are exactly THFile's). Every failure is an ember::Error
// naming the operation ("save"/"load") and, when reading, the byte
// position; a read never asks for more elements than the rest of the
// file could hold, so a corrupt size cannot cause a huge allocation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "TH/THFile.h"
#include "ember/dtype.h"
#include "ember/t7.h"

namespace ember::t7 {

class ObjectFile {
 public:
  // Takes `f` (freed with the ObjectFile) and makes it quiet: failed
  // transfers set its error flag, which each call checks and reports.
  ObjectFile(THFile* f, Format format, const char* op);
  ~ObjectFile();
  ObjectFile(const ObjectFile&) = delete;
  ObjectFile& operator=(const ObjectFile&) = delete;

  THFile* handle() const { return f_; }
  const char* op() const { return op_; }
  size_t position();
  // A ValueError "load: <what> (at byte <position>)".
  [[noreturn]] void corrupt(const std::string& what, size_t at);

  int read_int(const char* what);
  int64_t read_long(const char* what);
  double read_double(const char* what);
  std::string read_chars(int64_t n, const char* what);
  std::vector<int64_t> read_longs(int64_t n, const char* what);
  // `n` elements of `dtype` (one of TH's eight) into `data`.
  void read_elements(DType dtype, void* data, int64_t n, const char* what);
  // Checks that `n` items of `binary_bytes` each (ascii: at least one byte
  // each) fit in what is left of the file; `what` names them.
  void need_room(int64_t n, int64_t binary_bytes, const char* what);

  void write_int(int v);
  void write_long(int64_t v);
  void write_double(double v);
  void write_chars(const std::string& s);
  void write_longs(const std::vector<int64_t>& v);
  void write_elements(DType dtype, const void* data, int64_t n);

 private:
  void check_read(const char* what, size_t at);
  void check_write();

  THFile* f_;
  bool binary_;
  const char* op_;
  size_t length_ = 0;  // the file's bytes, when reading
};

}  // namespace ember::t7
