// ObjectFile: Torch7's object format's reads and writes over TH's file API
// (object_file.h).
#include "runtime/serialize/object_file.h"

#include "ember/error.h"

namespace ember::t7 {

static_assert(sizeof(long) == 8, "Torch7's binary Long is a C long; ember is LP64");

// TH's eight element types and the C type each THFile function takes.
#define EMBER_T7_ELEMENT_TYPES(_) \
  _(Byte, unsigned char)          \
  _(Char, char)                   \
  _(Short, short)                 \
  _(Int, int)                     \
  _(Long, long)                   \
  _(Float, float)                 \
  _(Double, double)               \
  _(Half, THHalf)

ObjectFile::ObjectFile(THFile* f, Format format, const char* op)
    : f_(f), binary_(format == Format::Binary), op_(op) {
  THFile_quiet(f_);
  if (binary_)
    THFile_binary(f_);
  else
    THFile_ascii(f_);
  if (THFile_isReadable(f_)) {
    THFile_seekEnd(f_);
    length_ = THFile_position(f_);
    THFile_seek(f_, 0);
    if (THFile_hasError(f_)) fail(ErrorKind::Runtime, str(op_, ": cannot find the file's length"), "path");
  }
}

ObjectFile::~ObjectFile() { THFile_free(f_); }

size_t ObjectFile::position() { return THFile_position(f_); }

void ObjectFile::corrupt(const std::string& what, size_t at) {
  fail(ErrorKind::Value, str(op_, ": ", what, " (at byte ", at, ")"), "file");
}

void ObjectFile::check_read(const char* what, size_t at) {
  if (THFile_hasError(f_)) {
    const bool at_end = at >= length_;
    corrupt(str(at_end ? "the file ends before " : "cannot read ", what, binary_ ? "" : " as ascii"), at);
  }
}

void ObjectFile::check_write() {
  if (THFile_hasError(f_)) fail(ErrorKind::Runtime, str(op_, ": write error at byte ", position()), "path");
}

void ObjectFile::need_room(int64_t n, int64_t binary_bytes, const char* what) {
  const size_t at = position();
  if (n < 0) corrupt(str("negative count ", n, " of ", what), at);
  const uint64_t left = at < length_ ? length_ - at : 0;
  const uint64_t each = binary_ ? static_cast<uint64_t>(binary_bytes) : 1;
  if (static_cast<uint64_t>(n) > left / each)
    corrupt(str(n, " ", what, " declared, but only ", left, " bytes are left in the file"), at);
}

int ObjectFile::read_int(const char* what) {
  const size_t at = position();
  const int v = THFile_readIntScalar(f_);
  check_read(what, at);
  return v;
}

int64_t ObjectFile::read_long(const char* what) {
  const size_t at = position();
  const long v = THFile_readLongScalar(f_);
  check_read(what, at);
  return v;
}

double ObjectFile::read_double(const char* what) {
  const size_t at = position();
  const double v = THFile_readDoubleScalar(f_);
  check_read(what, at);
  return v;
}

std::string ObjectFile::read_chars(int64_t n, const char* what) {
  need_room(n, 1, what);
  const size_t at = position();
  std::string s(static_cast<size_t>(n), '\0');
  if (n > 0) THFile_readCharRaw(f_, s.data(), s.size());
  check_read(what, at);
  return s;
}

std::vector<int64_t> ObjectFile::read_longs(int64_t n, const char* what) {
  need_room(n, sizeof(long), what);
  const size_t at = position();
  std::vector<long> v(static_cast<size_t>(n));
  if (n > 0) THFile_readLongRaw(f_, v.data(), v.size());
  check_read(what, at);
  return std::vector<int64_t>(v.begin(), v.end());
}

void ObjectFile::read_elements(DType dtype, void* data, int64_t n, const char* what) {
  const size_t at = position();
  if (n == 0) return;
  switch (dtype) {
#define EMBER_T7_READ(NAME, T) \
  case DType::NAME: THFile_read##NAME##Raw(f_, static_cast<T*>(data), static_cast<size_t>(n)); break;
    EMBER_T7_ELEMENT_TYPES(EMBER_T7_READ)
#undef EMBER_T7_READ
    default: fail(ErrorKind::Type, str(op_, ": no Torch7 class holds ", dtype_name(dtype)), "file");
  }
  check_read(what, at);
}

void ObjectFile::write_int(int v) {
  THFile_writeIntScalar(f_, v);
  check_write();
}

void ObjectFile::write_long(int64_t v) {
  THFile_writeLongScalar(f_, v);
  check_write();
}

void ObjectFile::write_double(double v) {
  THFile_writeDoubleScalar(f_, v);
  check_write();
}

void ObjectFile::write_chars(const std::string& s) {
  // TH writes nothing, not even ascii's newline, for no elements.
  if (!s.empty()) THFile_writeCharRaw(f_, const_cast<char*>(s.data()), s.size());
  check_write();
}

void ObjectFile::write_longs(const std::vector<int64_t>& v) {
  std::vector<long> longs(v.begin(), v.end());
  if (!longs.empty()) THFile_writeLongRaw(f_, longs.data(), longs.size());
  check_write();
}

void ObjectFile::write_elements(DType dtype, const void* data, int64_t n) {
  if (n == 0) return;
  // TH's write functions take non-const pointers but only read.
  void* p = const_cast<void*>(data);
  switch (dtype) {
#define EMBER_T7_WRITE(NAME, T) \
  case DType::NAME: THFile_write##NAME##Raw(f_, static_cast<T*>(p), static_cast<size_t>(n)); break;
    EMBER_T7_ELEMENT_TYPES(EMBER_T7_WRITE)
#undef EMBER_T7_WRITE
    default: fail(ErrorKind::Type, str(op_, ": no Torch7 class holds ", dtype_name(dtype)), "value");
  }
  check_write();
}

}  // namespace ember::t7
