// TH's THFile API over a kind's operations (file.h): argument checks, the
// binary encodings (byte order, longSize), Torch7's ascii formats and
// spacing rule, strings, and the error state. docs/files.md lists the
// Torch7 behaviour each rule reproduces.
#include "runtime/th/file/file.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include <type_traits>

#include "TH/THHalf.h"
#include "ember/allocator.h"
#include "ember/error.h"
#include "ember/export.h"
#include "runtime/th/api.h"

namespace ember::th::file {

bool parse_mode(const char* mode, bool with_rw, bool* readable, bool* writable) {
  *readable = *writable = false;
  if (!mode) return false;
  if (std::strcmp(mode, "r") == 0) return *readable = true;
  if (std::strcmp(mode, "w") == 0) return *writable = true;
  if (with_rw && std::strcmp(mode, "rw") == 0) return *readable = *writable = true;
  return false;
}

THFile* need_file(THFile* f, const char* fn, const char* kind) {
  if (!f) fail(ErrorKind::Value, str(fn, ": self is NULL"), "self");
  if (kind && std::strcmp(f->ops->kind, kind) != 0)
    fail(ErrorKind::Type, str(fn, ": self is a ", f->ops->kind, ", not a ", kind), "self");
  return f;
}

THFile* need_opened(THFile* f, const char* fn, const char* kind) {
  if (!need_file(f, fn, kind)->ops->is_opened(f))
    fail(ErrorKind::Value, str(fn, ": attempt to use a closed file"), "self");
  return f;
}

void io_error(THFile* f, const char* fn, const std::string& what) {
  f->has_error = true;
  if (!f->quiet) fail(ErrorKind::Runtime, str(fn, ": ", what));
}

void set_long_size(THFile* f, int size, const char* fn) {
  if (size != 0 && size != 4 && size != 8)
    fail(ErrorKind::Value, str(fn, ": invalid long size ", size, " (0, 4 or 8)"), "size");
  f->long_size = size;
}

namespace {

// Torch7's ascii forms (THDiskFile.c, THMemoryFile.c): bytes and chars are
// written and read as they are; the others through these printf/scanf
// conversions. Half is printed and scanned as a float.
template <class T>
struct Ascii {
  static constexpr bool raw = true;
};
template <class T, class S, const char* Put, const char* Get>
struct Number {
  static constexpr bool raw = false;
  using Scan = S;
  static constexpr const char* put = Put;
  static constexpr const char* get = Get;
  static auto printed(T v) { return v; }
  static T from(S s) { return s; }
};
constexpr char kShort[] = "%hd", kInt[] = "%d", kLong[] = "%ld", kFloatPut[] = "%.9g", kFloatGet[] = "%g",
               kDoublePut[] = "%.17g", kDoubleGet[] = "%lg";
template <>
struct Ascii<short> : Number<short, short, kShort, kShort> {};
template <>
struct Ascii<int> : Number<int, int, kInt, kInt> {};
template <>
struct Ascii<long> : Number<long, long, kLong, kLong> {};
template <>
struct Ascii<float> : Number<float, float, kFloatPut, kFloatGet> {};
template <>
struct Ascii<double> : Number<double, double, kDoublePut, kDoubleGet> {};
template <>
struct Ascii<THHalf> {
  static constexpr bool raw = false;
  using Scan = float;
  static constexpr const char* put = kFloatPut;
  static constexpr const char* get = kFloatGet;
  static float printed(THHalf v) { return TH_half2float(v); }
  static THHalf from(float s) { return TH_float2half(s); }
};

// Conversions for byte order and longSize go through a bounded buffer.
constexpr size_t kChunkBytes = 1 << 16;

void reverse_each(void* data, size_t size, size_t n) {
  auto* p = static_cast<unsigned char*>(data);
  for (size_t i = 0; i < n; ++i, p += size) std::reverse(p, p + size);
}

template <class T>
size_t read_binary(THFile* f, T* data, size_t n) {
  if constexpr (std::is_same_v<T, long>) {
    if (f->long_size == 4) {  // int32 in the file, sign-extended
      int32_t buf[kChunkBytes / 4];
      size_t done = 0;
      while (done < n) {
        const size_t want = std::min(n - done, kChunkBytes / 4);
        const size_t got = f->ops->read(f, buf, 4, want);
        if (!f->native_encoding) reverse_each(buf, 4, got);
        for (size_t i = 0; i < got; ++i) data[done + i] = buf[i];
        done += got;
        if (got < want) break;
      }
      return done;
    }
  }
  const size_t got = f->ops->read(f, data, sizeof(T), n);
  if (!f->native_encoding && sizeof(T) > 1) reverse_each(data, sizeof(T), got);
  return got;
}

template <class T>
size_t write_binary(THFile* f, const T* data, size_t n) {
  constexpr bool is_long = std::is_same_v<T, long>;
  const bool narrow = is_long && f->long_size == 4;
  if (!narrow && (f->native_encoding || sizeof(T) == 1)) return f->ops->write(f, data, sizeof(T), n);
  const size_t out_size = narrow ? 4 : sizeof(T);
  alignas(8) unsigned char buf[kChunkBytes];
  size_t done = 0;
  while (done < n) {
    const size_t want = std::min(n - done, kChunkBytes / out_size);
    if constexpr (is_long) {
      if (narrow) {
        // Truncated modulo 2^32, as Torch7's (int32_t) assignment did.
        for (size_t i = 0; i < want; ++i) {
          const auto v = static_cast<int32_t>(data[done + i]);
          std::memcpy(buf + 4 * i, &v, 4);
        }
      }
    }
    if (!narrow) {
      std::memcpy(buf, data + done, want * sizeof(T));
    }
    if (!f->native_encoding) reverse_each(buf, out_size, want);
    const size_t put = f->ops->write(f, buf, out_size, want);
    done += put;
    if (put < want) break;
  }
  return done;
}

// With auto-spacing an ascii read eats the newline that ended the write.
void skip_newline(THFile* f) {
  const int c = f->ops->get(f);
  if (c != '\n' && c != EOF) f->ops->unget(f, c);
}

void check_readable(THFile* f, const char* fn) {
  if (!need_opened(f, fn)->readable) fail(ErrorKind::Value, str(fn, ": attempt to read in a write-only file"), "self");
}
void check_writable(THFile* f, const char* fn) {
  if (!need_opened(f, fn)->writable) fail(ErrorKind::Value, str(fn, ": attempt to write in a read-only file"), "self");
}

template <class T>
size_t read_values(const char* fn, THFile* f, T* data, size_t n) {
  check_readable(f, fn);
  if (n == 0) return 0;
  if (!data) fail(ErrorKind::Value, str(fn, ": data is NULL"), "data");
  size_t got = 0;
  using A = Ascii<T>;
  if (f->binary) {
    got = read_binary(f, data, n);
  } else {
    if constexpr (A::raw) {
      got = f->ops->read(f, data, 1, n);
    } else {
      for (; got < n; ++got) {
        typename A::Scan v{};
        if (!f->ops->scan(f, A::get, &v)) break;
        data[got] = A::from(v);
      }
    }
    if (f->auto_spacing) skip_newline(f);
  }
  if (got != n) io_error(f, fn, str("read error: read ", got, " blocks instead of ", n));
  return got;
}

template <class T>
size_t write_values(const char* fn, THFile* f, const T* data, size_t n) {
  check_writable(f, fn);
  if (n == 0) return 0;
  if (!data) fail(ErrorKind::Value, str(fn, ": data is NULL"), "data");
  size_t put = 0;
  using A = Ascii<T>;
  if (f->binary) {
    put = write_binary(f, data, n);
  } else {
    if constexpr (A::raw) {
      put = f->ops->write(f, data, 1, n);
    } else {
      for (; put < n; ++put) {
        char text[64];  // the longest: "%.17g" of a double, 24 bytes
        const int len = std::snprintf(text, sizeof text, A::put, A::printed(data[put]));
        if (len <= 0 || f->ops->write(f, text, 1, static_cast<size_t>(len)) != static_cast<size_t>(len)) break;
        if (f->auto_spacing && put + 1 < n && f->ops->write(f, " ", 1, 1) != 1) break;
      }
    }
    if (f->auto_spacing) f->ops->write(f, "\n", 1, 1);
  }
  if (put != n) io_error(f, fn, str("write error: wrote ", put, " blocks instead of ", n));
  return put;
}

// Memory the caller frees with THFree.
char* th_copy(const std::string& s) {
  auto* p = static_cast<char*>(THDefaultAllocator.malloc(nullptr, static_cast<ptrdiff_t>(s.size() + 1)));
  if (!p) throw std::bad_alloc();
  std::memcpy(p, s.data(), s.size());
  p[s.size()] = '\0';
  return p;
}

size_t read_string(const char* fn, THFile* f, const char* format, char** str_) {
  check_readable(f, fn);
  if (!format) fail(ErrorKind::Value, str(fn, ": format is NULL"), "format");
  if (!(format[0] == '*' && (format[1] == 'a' || format[1] == 'l')))
    fail(ErrorKind::Value, str(fn, ": format must be '*a' or '*l', not '", format, "'"), "format");
  if (!str_) fail(ErrorKind::Value, str(fn, ": str_ is NULL"), "str_");
  *str_ = nullptr;
  std::string text;
  bool any = false;  // a line ended by '\n' counts even when empty
  if (format[1] == 'a') {
    char chunk[4096];
    size_t got;
    do {
      got = f->ops->read(f, chunk, 1, sizeof chunk);
      text.append(chunk, got);
    } while (got == sizeof chunk);
    any = !text.empty();
  } else {
    for (int c; (c = f->ops->get(f)) != EOF;) {
      any = true;
      if (c == '\n') break;
      text.push_back(static_cast<char>(c));
    }
  }
  if (!any) {
    io_error(f, fn, "read error: read 0 blocks instead of 1");
    return 0;
  }
  *str_ = th_copy(text);
  return text.size();
}

size_t write_string(const char* fn, THFile* f, const char* s, size_t size) {
  check_writable(f, fn);
  if (size == 0) return 0;
  if (!s) fail(ErrorKind::Value, str(fn, ": str is NULL"), "str");
  const size_t put = f->ops->write(f, s, 1, size);
  if (put != size) io_error(f, fn, str("write error: wrote ", put, " blocks instead of ", size));
  return put;
}

constexpr ArgNames<1> kSelf = {"self"};
constexpr ArgNames<2> kSelfValue = {"self", "scalar"};
constexpr ArgNames<2> kSelfStorage = {"self", "storage"};
constexpr ArgNames<3> kSelfData = {"self", "data", "n"};

template <class T>
T read_scalar(const char* fn, THFile* f) {
  T value{};
  read_values(fn, f, &value, 1);
  return value;
}

template <class T, class S>
T* storage_data(S* s, DType dtype, const char* fn, size_t* n) {
  StorageImpl* impl = storage_arg(s, dtype, fn, "storage", "storage");
  *n = static_cast<size_t>(impl->size);
  return static_cast<T*>(impl->data);
}

}  // namespace
}  // namespace ember::th::file

using namespace ember;
using namespace ember::th::file;
using ember::th::guarded;

// Per element type: the scalar, storage and raw forms, each one line over
// the templates above.
#define EMBER_THFILE_TYPE(NAME, T)                                                                         \
  EMBER_API T THFile_read##NAME##Scalar(THFile* self) {                                                    \
    return guarded(kSelf, [&] { return read_scalar<T>("THFile_read" #NAME "Scalar", self); });             \
  }                                                                                                        \
  EMBER_API void THFile_write##NAME##Scalar(THFile* self, T scalar) {                                      \
    guarded(kSelfValue, [&] { write_values("THFile_write" #NAME "Scalar", self, &scalar, 1); });           \
  }                                                                                                        \
  EMBER_API size_t THFile_read##NAME(THFile* self, TH##NAME##Storage* storage) {                           \
    return guarded(kSelfStorage, [&] {                                                                     \
      const char* fn = "THFile_read" #NAME;                                                                \
      need_file(self, fn);                                                                                 \
      size_t n;                                                                                            \
      T* data = storage_data<T>(storage, DType::NAME, fn, &n);                                             \
      return read_values(fn, self, data, n);                                                               \
    });                                                                                                    \
  }                                                                                                        \
  EMBER_API size_t THFile_write##NAME(THFile* self, TH##NAME##Storage* storage) {                          \
    return guarded(kSelfStorage, [&] {                                                                     \
      const char* fn = "THFile_write" #NAME;                                                               \
      need_file(self, fn);                                                                                 \
      size_t n;                                                                                            \
      const T* data = storage_data<T>(storage, DType::NAME, fn, &n);                                       \
      return write_values(fn, self, data, n);                                                              \
    });                                                                                                    \
  }                                                                                                        \
  EMBER_API size_t THFile_read##NAME##Raw(THFile* self, T* data, size_t n) {                               \
    return guarded(kSelfData, [&] { return read_values("THFile_read" #NAME "Raw", self, data, n); });      \
  }                                                                                                        \
  EMBER_API size_t THFile_write##NAME##Raw(THFile* self, T* data, size_t n) {                              \
    return guarded(kSelfData, [&] { return write_values<T>("THFile_write" #NAME "Raw", self, data, n); }); \
  }

EMBER_THFILE_TYPE(Byte, unsigned char)
EMBER_THFILE_TYPE(Char, char)
EMBER_THFILE_TYPE(Short, short)
EMBER_THFILE_TYPE(Int, int)
EMBER_THFILE_TYPE(Long, long)
EMBER_THFILE_TYPE(Float, float)
EMBER_THFILE_TYPE(Double, double)
EMBER_THFILE_TYPE(Half, THHalf)
#undef EMBER_THFILE_TYPE

EMBER_API size_t THFile_readStringRaw(THFile* self, const char* format, char** str_) {
  static constexpr th::ArgNames<3> args = {"self", "format", "str_"};
  return guarded(args, [&] { return read_string("THFile_readStringRaw", self, format, str_); });
}

EMBER_API size_t THFile_writeStringRaw(THFile* self, const char* str, size_t size) {
  static constexpr th::ArgNames<3> args = {"self", "str", "size"};
  return guarded(args, [&] { return write_string("THFile_writeStringRaw", self, str, size); });
}

EMBER_API void THFile_synchronize(THFile* self) {
  guarded(kSelf, [&] { need_opened(self, "THFile_synchronize")->ops->synchronize(self); });
}

EMBER_API void THFile_seek(THFile* self, size_t position) {
  static constexpr th::ArgNames<2> args = {"self", "position"};
  guarded(args, [&] {
    const char* fn = "THFile_seek";
    need_opened(self, fn);
    if (position > static_cast<size_t>(LLONG_MAX))
      fail(ErrorKind::Value, str(fn, ": position ", position, " is beyond LLONG_MAX"), "position");
    if (!self->ops->seek(self, position)) io_error(self, fn, str("unable to seek to position ", position));
  });
}

EMBER_API void THFile_seekEnd(THFile* self) {
  guarded(kSelf, [&] {
    const char* fn = "THFile_seekEnd";
    if (!need_opened(self, fn)->ops->seek_end(self)) io_error(self, fn, "unable to seek at end of file");
  });
}

EMBER_API size_t THFile_position(THFile* self) {
  return guarded(kSelf, [&]() -> size_t {
    const char* fn = "THFile_position";
    size_t p = 0;
    if (!need_opened(self, fn)->ops->position(self, &p)) io_error(self, fn, "unable to obtain the file offset");
    return p;
  });
}

EMBER_API void THFile_close(THFile* self) {
  guarded(kSelf, [&] { need_opened(self, "THFile_close")->ops->close(self); });
}

EMBER_API void THFile_free(THFile* self) {
  guarded(kSelf, [&] {
    if (self) self->ops->destroy(self);
  });
}

EMBER_API int THFile_isOpened(THFile* self) {
  return guarded(kSelf, [&] { return need_file(self, "THFile_isOpened")->ops->is_opened(self) ? 1 : 0; });
}

#define EMBER_THFILE_FLAG(NAME, FIELD)                                                      \
  EMBER_API int THFile_##NAME(THFile* self) {                                               \
    return guarded(kSelf, [&] { return need_file(self, "THFile_" #NAME)->FIELD ? 1 : 0; }); \
  }
EMBER_THFILE_FLAG(isQuiet, quiet)
EMBER_THFILE_FLAG(isReadable, readable)
EMBER_THFILE_FLAG(isWritable, writable)
EMBER_THFILE_FLAG(isBinary, binary)
EMBER_THFILE_FLAG(isAutoSpacing, auto_spacing)
EMBER_THFILE_FLAG(hasError, has_error)
#undef EMBER_THFILE_FLAG

#define EMBER_THFILE_SET(NAME, FIELD, VALUE)                                  \
  EMBER_API void THFile_##NAME(THFile* self) {                                \
    guarded(kSelf, [&] { need_file(self, "THFile_" #NAME)->FIELD = VALUE; }); \
  }
EMBER_THFILE_SET(binary, binary, true)
EMBER_THFILE_SET(ascii, binary, false)
EMBER_THFILE_SET(autoSpacing, auto_spacing, true)
EMBER_THFILE_SET(noAutoSpacing, auto_spacing, false)
EMBER_THFILE_SET(quiet, quiet, true)
EMBER_THFILE_SET(pedantic, quiet, false)
EMBER_THFILE_SET(clearError, has_error, false)
#undef EMBER_THFILE_SET
