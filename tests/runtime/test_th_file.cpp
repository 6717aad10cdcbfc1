// TH's file layer (THFile, THDiskFile, THPipeFile, THMemoryFile) against
// bytes built independently here: ascii text by snprintf with Torch7's
// formats (docs/files.md), binary by packing each value's bytes by hand in
// the byte order asked for. Every check runs on a memory file and on a
// disk file, which must write the same bytes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "TH/TH.h"
#include "tests/runtime/th_test_util.h"

namespace {

using ember::test::expect_th_error;
using ember::test::THThrowingHandlers;

std::string temp_path(const char* tag) {
  return std::string(::testing::TempDir()) + "ember_th_file_" + tag + "_" + std::to_string(getpid());
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void spit(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A place files are written to and read from: memory or disk.
struct Kind {
  const char* name;
  bool disk;

  THFile* open_write(const std::string& path) const {
    return disk ? THDiskFile_new(path.c_str(), "w", 0) : THMemoryFile_new("w");
  }
  // The bytes written; frees f.
  std::string finish(THFile* f, const std::string& path) const {
    std::string bytes;
    if (disk) {
      THFile_free(f);
      bytes = slurp(path);
    } else {
      THCharStorage* s = THMemoryFile_storage(f);
      EXPECT_GE(s->size, 1);
      EXPECT_EQ(s->data[s->size - 1], '\0') << "a memory file's storage ends with '\\0'";
      bytes.assign(s->data, static_cast<size_t>(s->size - 1));
      THFile_free(f);
    }
    return bytes;
  }
  THFile* open_read(const std::string& path, const std::string& bytes) const {
    if (disk) {
      spit(path, bytes);
      return THDiskFile_new(path.c_str(), "r", 0);
    }
    THCharStorage* s = THCharStorage_newWithSize(static_cast<ptrdiff_t>(bytes.size() + 1));
    std::memcpy(s->data, bytes.data(), bytes.size());
    s->data[bytes.size()] = '\0';
    THFile* f = THMemoryFile_newWithStorage(s, "r");
    THCharStorage_free(s);  // the file holds its own reference
    return f;
  }
};

// Per element type: TH's functions and Torch7's ascii format, as the docs
// state them (the test's own copy of the facts).
template <class T>
struct Type;
#define TYPE(NAME, T, FMT)                                                                      \
  template <>                                                                                   \
  struct Type<T> {                                                                              \
    static constexpr const char* fmt = FMT;                                                     \
    static size_t write(THFile* f, T* d, size_t n) { return THFile_write##NAME##Raw(f, d, n); } \
    static size_t read(THFile* f, T* d, size_t n) { return THFile_read##NAME##Raw(f, d, n); }   \
  };
TYPE(Byte, unsigned char, nullptr)
TYPE(Char, char, nullptr)
TYPE(Short, short, "%hd")
TYPE(Int, int, "%d")
TYPE(Long, long, "%ld")
TYPE(Float, float, "%.9g")
TYPE(Double, double, "%.17g")
TYPE(Half, THHalf, "%.9g")
#undef TYPE

template <class T>
std::string ascii_text(const std::vector<T>& v, bool spacing) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    char buf[64];
    if constexpr (std::is_same_v<T, THHalf>)
      std::snprintf(buf, sizeof buf, Type<T>::fmt, static_cast<double>(TH_half2float(v[i])));
    else if constexpr (Type<T>::fmt != nullptr)
      std::snprintf(buf, sizeof buf, Type<T>::fmt, v[i]);
    out += buf;
    if (spacing && i + 1 < v.size()) out += ' ';
  }
  if (spacing && !v.empty()) out += '\n';
  return out;
}

// Each value's bytes from its bit pattern, most significant first when
// big (independent of memcpy's order).
template <class T>
std::string packed(const std::vector<T>& v, bool big, size_t width = sizeof(T)) {
  std::string out;
  for (const T& x : v) {
    uint64_t bits = 0;
    if constexpr (std::is_integral_v<T>) {
      bits = static_cast<uint64_t>(static_cast<int64_t>(x));
    } else if constexpr (std::is_same_v<T, float>) {
      uint32_t b;
      std::memcpy(&b, &x, 4);
      bits = b;
    } else if constexpr (std::is_same_v<T, double>) {
      std::memcpy(&bits, &x, 8);
    } else {
      bits = x.x;
    }
    for (size_t i = 0; i < width; ++i) {
      const size_t shift = 8 * (big ? width - 1 - i : i);
      out += static_cast<char>((bits >> shift) & 0xff);
    }
  }
  return out;
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

THHalf half(float f) { return TH_float2half(f); }

std::vector<unsigned char> bytes_values() { return {0, 1, 'a', ' ', '\n', 127, 200, 255}; }
std::vector<char> char_values() { return {'h', 'i', ' ', '\n', 0, -1, -128, 127}; }
std::vector<short> short_values() { return {0, 1, -1, SHRT_MAX, SHRT_MIN, 1234}; }
std::vector<int> int_values() { return {0, 7, -7, INT_MAX, INT_MIN, 65536}; }
std::vector<long> long_values() { return {0, 3, -3, LONG_MAX, LONG_MIN, 1L << 40}; }
std::vector<float> float_values() { return {0.f, -0.f, 0.1f, -1.5f, FLT_MAX, -FLT_MIN, 1e-45f, 3.14159274f, INFINITY}; }
std::vector<double> double_values() { return {0.0, -0.0, 0.1, 1.0 / 3, DBL_MAX, -DBL_MIN, 4.9e-324, -2.5, -INFINITY}; }
std::vector<THHalf> half_values() {
  return {half(0.f), half(1.5f), half(-2.f), half(65504.f), half(0.099975586f), half(6e-8f)};
}

class THFileKinds : public ::testing::TestWithParam<Kind> {
 protected:
  std::string path = temp_path(GetParam().name);
  void TearDown() override { std::remove(path.c_str()); }

  template <class T>
  std::string write(std::vector<T> v, bool binary, bool spacing = true) {
    THFile* f = GetParam().open_write(path);
    if (binary) THFile_binary(f);
    if (!spacing) THFile_noAutoSpacing(f);
    EXPECT_EQ(Type<T>::write(f, v.data(), v.size()), v.size());
    EXPECT_FALSE(THFile_hasError(f));
    return GetParam().finish(f, path);
  }
  template <class T>
  std::vector<T> read(const std::string& bytes, size_t n, bool binary) {
    THFile* f = GetParam().open_read(path, bytes);
    if (binary) THFile_binary(f);
    std::vector<T> out(n);
    EXPECT_EQ(Type<T>::read(f, out.data(), n), n);
    EXPECT_FALSE(THFile_hasError(f));
    EXPECT_EQ(THFile_position(f), bytes.size()) << "a read consumes what its write wrote";
    THFile_free(f);
    return out;
  }
  template <class T>
  void round_trip(const std::vector<T>& v) {
    SCOPED_TRACE(Type<T>::fmt ? Type<T>::fmt : "raw bytes");
    THThrowingHandlers handlers;
    const std::string raw(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
    const std::string ascii = Type<T>::fmt ? ascii_text(v, true) : raw + "\n";
    EXPECT_EQ(write(v, false), ascii);
    EXPECT_TRUE(same_bits(read<T>(ascii, v.size(), false), v));
    const std::string binary = packed(v, THDiskFile_isBigEndianCPU());
    EXPECT_EQ(write(v, true), binary);
    EXPECT_TRUE(same_bits(read<T>(binary, v.size(), true), v));
  }
};

TEST_P(THFileKinds, EveryTypeRoundTripsInAsciiAndBinary) {
  round_trip(bytes_values());
  round_trip(char_values());
  round_trip(short_values());
  round_trip(int_values());
  round_trip(long_values());
  round_trip(float_values());
  round_trip(double_values());
  round_trip(half_values());
}

TEST_P(THFileKinds, AsciiWithoutAutoSpacingRunsValuesTogether) {
  THThrowingHandlers handlers;
  EXPECT_EQ(write(std::vector<int>{1, 22, -3}, false, false), "122-3");
  EXPECT_EQ(write(std::vector<double>{0.5, 2}, false, false), "0.52");
  EXPECT_EQ(write(std::vector<unsigned char>{'x', 'y'}, false, false), "xy");
}

TEST_P(THFileKinds, ScalarsEndEachWithANewline) {
  THThrowingHandlers handlers;
  THFile* f = GetParam().open_write(path);
  THFile_writeIntScalar(f, 5);
  THFile_writeDoubleScalar(f, 0.1);
  THFile_writeFloatScalar(f, 0.1f);
  THFile_writeCharScalar(f, 'c');
  THFile_writeByteScalar(f, 'b');
  THFile_writeShortScalar(f, -4);
  THFile_writeLongScalar(f, -9000000000L);
  THFile_writeHalfScalar(f, half(0.5f));
  const std::string bytes = GetParam().finish(f, path);
  EXPECT_EQ(bytes, "5\n0.10000000000000001\n0.100000001\nc\nb\n-4\n-9000000000\n0.5\n");
  f = GetParam().open_read(path, bytes);
  EXPECT_EQ(THFile_readIntScalar(f), 5);
  EXPECT_EQ(THFile_readDoubleScalar(f), 0.1);
  EXPECT_EQ(THFile_readFloatScalar(f), 0.1f);
  EXPECT_EQ(THFile_readCharScalar(f), 'c');
  EXPECT_EQ(THFile_readByteScalar(f), 'b');
  EXPECT_EQ(THFile_readShortScalar(f), -4);
  EXPECT_EQ(THFile_readLongScalar(f), -9000000000L);
  EXPECT_EQ(THFile_readHalfScalar(f).x, half(0.5f).x);
  EXPECT_EQ(THFile_position(f), bytes.size());
  THFile_free(f);
}

TEST_P(THFileKinds, AsciiReadsSkipWhitespace) {
  THThrowingHandlers handlers;
  THFile* f = GetParam().open_read(path, "  12\n\n 13   -14\n1.25 2e3");
  int ints[3];
  EXPECT_EQ(THFile_readIntRaw(f, ints, 3), 3u);
  EXPECT_EQ(ints[0], 12);
  EXPECT_EQ(ints[1], 13);
  EXPECT_EQ(ints[2], -14);
  double d[2];
  EXPECT_EQ(THFile_readDoubleRaw(f, d, 2), 2u);
  EXPECT_EQ(d[0], 1.25);
  EXPECT_EQ(d[1], 2000.0);
  THFile_free(f);
}

TEST_P(THFileKinds, StoragesReadAndWriteAllTheirElements) {
  THThrowingHandlers handlers;
  THFloatStorage* s = THFloatStorage_newWithSize(3);
  for (int i = 0; i < 3; ++i) s->data[i] = 0.25f * static_cast<float>(i + 1);
  THFile* f = GetParam().open_write(path);
  EXPECT_EQ(THFile_writeFloat(f, s), 3u);
  const std::string bytes = GetParam().finish(f, path);
  EXPECT_EQ(bytes, "0.25 0.5 0.75\n");
  THFloatStorage* back = THFloatStorage_newWithSize(3);
  f = GetParam().open_read(path, bytes);
  EXPECT_EQ(THFile_readFloat(f, back), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(back->data[i], s->data[i]);
  THFile_free(f);
  THFloatStorage_free(s);
  THFloatStorage_free(back);
}

TEST_P(THFileKinds, LongSizeFourTruncatesAndSignExtends) {
  THThrowingHandlers handlers;
  std::vector<long> v = {1, -2, (1L << 40) + 5, LONG_MIN};
  THFile* f = GetParam().open_write(path);
  THFile_binary(f);
  (GetParam().disk ? THDiskFile_longSize : THMemoryFile_longSize)(f, 4);
  THFile_writeLongRaw(f, v.data(), v.size());
  const std::string bytes = GetParam().finish(f, path);
  EXPECT_EQ(bytes, packed(v, THDiskFile_isBigEndianCPU(), 4));
  f = GetParam().open_read(path, bytes);
  THFile_binary(f);
  (GetParam().disk ? THDiskFile_longSize : THMemoryFile_longSize)(f, 4);
  std::vector<long> back(4);
  EXPECT_EQ(THFile_readLongRaw(f, back.data(), 4), 4u);
  EXPECT_EQ(back, (std::vector<long>{1, -2, 5, 0}));
  THFile_free(f);
}

TEST_P(THFileKinds, StringsAreRawAndReadByLineOrWhole) {
  THThrowingHandlers handlers;
  THFile* f = GetParam().open_write(path);
  EXPECT_EQ(THFile_writeStringRaw(f, "hello\n\nworld", 12), 12u);
  THFile_binary(f);
  EXPECT_EQ(THFile_writeStringRaw(f, " end", 4), 4u);
  const std::string bytes = GetParam().finish(f, path);
  EXPECT_EQ(bytes, "hello\n\nworld end");
  f = GetParam().open_read(path, bytes);
  char* s = nullptr;
  EXPECT_EQ(THFile_readStringRaw(f, "*l", &s), 5u);
  EXPECT_STREQ(s, "hello");
  THFree(s);
  EXPECT_EQ(THFile_readStringRaw(f, "*l", &s), 0u);
  EXPECT_STREQ(s, "");
  THFree(s);
  EXPECT_EQ(THFile_readStringRaw(f, "*a", &s), 9u);
  EXPECT_STREQ(s, "world end");
  THFree(s);
  expect_th_error([&] { THFile_readStringRaw(f, "*l", &s); }, 0, "read 0 blocks instead of 1");
  EXPECT_TRUE(THFile_hasError(f));
  THFile_clearError(f);
  THFile_quiet(f);
  EXPECT_EQ(THFile_readStringRaw(f, "*a", &s), 0u);
  EXPECT_EQ(s, nullptr);
  EXPECT_TRUE(THFile_hasError(f));
  THFile_free(f);
}

TEST_P(THFileKinds, SeekAndPosition) {
  THThrowingHandlers handlers;
  THFile* f = GetParam().open_read(path, "abcdef");
  EXPECT_EQ(THFile_position(f), 0u);
  THFile_seek(f, 2);
  EXPECT_EQ(THFile_readCharScalar(f), 'c');
  EXPECT_EQ(THFile_position(f), 3u);
  THFile_seekEnd(f);
  EXPECT_EQ(THFile_position(f), 6u);
  THFile_seek(f, 0);
  char s[6];
  THFile_noAutoSpacing(f);
  EXPECT_EQ(THFile_readCharRaw(f, s, 6), 6u);
  EXPECT_EQ(std::string(s, 6), "abcdef");
  THFile_free(f);
}

TEST_P(THFileKinds, FlagsStartAsTorch7s) {
  THThrowingHandlers handlers;
  THFile* f = GetParam().open_write(path);
  EXPECT_TRUE(THFile_isOpened(f));
  EXPECT_FALSE(THFile_isQuiet(f));
  EXPECT_FALSE(THFile_isReadable(f));
  EXPECT_TRUE(THFile_isWritable(f));
  EXPECT_FALSE(THFile_isBinary(f));
  EXPECT_TRUE(THFile_isAutoSpacing(f));
  EXPECT_FALSE(THFile_hasError(f));
  THFile_binary(f);
  THFile_noAutoSpacing(f);
  THFile_quiet(f);
  EXPECT_TRUE(THFile_isBinary(f) && !THFile_isAutoSpacing(f) && THFile_isQuiet(f));
  THFile_ascii(f);
  THFile_autoSpacing(f);
  THFile_pedantic(f);
  EXPECT_TRUE(!THFile_isBinary(f) && THFile_isAutoSpacing(f) && !THFile_isQuiet(f));
  THFile_synchronize(f);
  THFile_close(f);
  EXPECT_FALSE(THFile_isOpened(f));
  THFile_free(f);
}

TEST_P(THFileKinds, ReadingPastTheEnd) {
  THThrowingHandlers handlers;
  int v[3];
  THFile* f = GetParam().open_read(path, "1 2\n");
  expect_th_error([&] { THFile_readIntRaw(f, v, 3); }, 0, "THFile_readIntRaw: read error: read 2 blocks instead of 3");
  EXPECT_TRUE(THFile_hasError(f));
  THFile_clearError(f);
  EXPECT_FALSE(THFile_hasError(f));
  THFile_quiet(f);
  THFile_seek(f, 0);
  EXPECT_EQ(THFile_readIntRaw(f, v, 3), 2u);
  EXPECT_TRUE(THFile_hasError(f));
  THFile_free(f);

  f = GetParam().open_read(path, std::string(6, 'x'));
  THFile_binary(f);
  THFile_quiet(f);
  EXPECT_EQ(THFile_readIntRaw(f, v, 3), 1u) << "whole elements only";
  EXPECT_TRUE(THFile_hasError(f));
  THFile_free(f);
}

TEST_P(THFileKinds, MalformedAsciiNumbers) {
  THThrowingHandlers handlers;
  int v[3];
  THFile* f = GetParam().open_read(path, "12 abc 14\n");
  expect_th_error([&] { THFile_readIntRaw(f, v, 3); }, 0, "read 1 blocks instead of 3");
  EXPECT_EQ(v[0], 12);
  THFile_quiet(f);
  THFile_clearError(f);
  double d;
  EXPECT_EQ(THFile_readDoubleRaw(f, &d, 1), 0u);
  EXPECT_TRUE(THFile_hasError(f));
  THFile_free(f);
}

TEST_P(THFileKinds, MisuseIsAnArgumentError) {
  THThrowingHandlers handlers;
  THFile* f = GetParam().open_write(path);
  int v[2] = {1, 2};
  expect_th_error([&] { THFile_readIntRaw(f, v, 2); }, 1, "THFile_readIntRaw: attempt to read in a write-only file");
  expect_th_error([&] { THFile_writeIntRaw(f, nullptr, 2); }, 2, "THFile_writeIntRaw: data is NULL");
  EXPECT_EQ(THFile_writeIntRaw(f, nullptr, 0), 0u);
  expect_th_error([&] { THFile_writeFloat(f, nullptr); }, 2, "THFile_writeFloat: storage is NULL");
  expect_th_error([&] { THFile_writeStringRaw(f, nullptr, 3); }, 2, "str is NULL");
  THFile_quiet(f);  // misuse is reported even in quiet mode, as in Torch7
  THFile_close(f);
  expect_th_error([&] { THFile_writeIntRaw(f, v, 2); }, 1, "THFile_writeIntRaw: attempt to use a closed file");
  expect_th_error([&] { THFile_close(f); }, 1, "attempt to use a closed file");
  expect_th_error([&] { THFile_seek(f, 0); }, 1, "attempt to use a closed file");
  expect_th_error([&] { THFile_position(f); }, 1, "attempt to use a closed file");
  THFile_free(f);

  f = GetParam().open_read(path, "1\n");
  expect_th_error([&] { THFile_writeIntRaw(f, v, 2); }, 1, "attempt to write in a read-only file");
  char* s;
  expect_th_error([&] { THFile_readStringRaw(f, "*x", &s); }, 2, "format must be '*a' or '*l'");
  expect_th_error([&] { THFile_readStringRaw(f, "*l", nullptr); }, 3, "str_ is NULL");
  (GetParam().disk ? THDiskFile_longSize : THMemoryFile_longSize)(f, 8);
  expect_th_error([&] { (GetParam().disk ? THDiskFile_longSize : THMemoryFile_longSize)(f, 3); }, 2,
                  "invalid long size 3");
  if (GetParam().disk) {
    expect_th_error([&] { THMemoryFile_storage(f); }, 1,
                    "THMemoryFile_storage: self is a disk file, not a memory file");
  } else {
    expect_th_error([&] { THDiskFile_name(f); }, 1, "THDiskFile_name: self is a memory file, not a disk file");
    expect_th_error([&] { THDiskFile_bigEndianEncoding(f); }, 1, "not a disk file");
  }
  THFile_free(f);

  expect_th_error([&] { THFile_readIntScalar(nullptr); }, 1, "THFile_readIntScalar: self is NULL");
  expect_th_error([&] { THFile_isBinary(nullptr); }, 1, "THFile_isBinary: self is NULL");
  expect_th_error([&] { THFile_seekEnd(nullptr); }, 1, "self is NULL");
  THFile_free(nullptr);
}

TEST_P(THFileKinds, WritesAfterSeekingOverwrite) {
  THThrowingHandlers handlers;
  THFile* f = GetParam().open_write(path);
  THFile_writeStringRaw(f, "0123456789", 10);
  THFile_seek(f, 3);
  THFile_writeStringRaw(f, "ab", 2);
  EXPECT_EQ(THFile_position(f), 5u);
  EXPECT_EQ(GetParam().finish(f, path), "012ab56789");
}

INSTANTIATE_TEST_SUITE_P(Kinds, THFileKinds, ::testing::Values(Kind{"memory", false}, Kind{"disk", true}),
                         [](const auto& info) { return std::string(info.param.name); });

// Byte order on disk files: every multi-byte type, both orders, packed by hand.
class THDiskFileEndian : public ::testing::TestWithParam<bool> {
 protected:
  std::string path = temp_path(GetParam() ? "big" : "little");
  void TearDown() override { std::remove(path.c_str()); }

  void encode(THFile* f) {
    if (GetParam())
      THDiskFile_bigEndianEncoding(f);
    else
      THDiskFile_littleEndianEncoding(f);
  }
  template <class T>
  void check(const std::vector<T>& v) {
    SCOPED_TRACE(Type<T>::fmt);
    THThrowingHandlers handlers;
    THFile* f = THDiskFile_new(path.c_str(), "w", 0);
    THFile_binary(f);
    encode(f);
    std::vector<T> copy = v;
    EXPECT_EQ(Type<T>::write(f, copy.data(), copy.size()), v.size());
    THFile_free(f);
    EXPECT_TRUE(same_bits(copy, v)) << "the caller's values are left as they were";
    EXPECT_EQ(slurp(path), packed(v, GetParam()));
    f = THDiskFile_new(path.c_str(), "r", 0);
    THFile_binary(f);
    encode(f);
    std::vector<T> back(v.size());
    EXPECT_EQ(Type<T>::read(f, back.data(), back.size()), v.size());
    EXPECT_TRUE(same_bits(back, v));
    THFile_free(f);
  }
};

TEST_P(THDiskFileEndian, EveryTypeInBothOrders) {
  check(short_values());
  check(int_values());
  check(long_values());
  check(float_values());
  check(double_values());
  check(half_values());
}

TEST_P(THDiskFileEndian, LongSizeFourInBothOrders) {
  THThrowingHandlers handlers;
  std::vector<long> v = {1, -2, 0x12345678};
  THFile* f = THDiskFile_new(path.c_str(), "w", 0);
  THFile_binary(f);
  encode(f);
  THDiskFile_longSize(f, 4);
  THFile_writeLongRaw(f, v.data(), v.size());
  THFile_free(f);
  EXPECT_EQ(slurp(path), packed(v, GetParam(), 4));
  f = THDiskFile_new(path.c_str(), "r", 0);
  THFile_binary(f);
  encode(f);
  THDiskFile_longSize(f, 4);
  std::vector<long> back(3);
  THFile_readLongRaw(f, back.data(), 3);
  EXPECT_EQ(back, v);
  THFile_free(f);
}

INSTANTIATE_TEST_SUITE_P(Orders, THDiskFileEndian, ::testing::Values(false, true),
                         [](const auto& info) { return std::string(info.param ? "big" : "little"); });

TEST(THDiskFile, ModesNamesAndOpening) {
  THThrowingHandlers handlers;
  const std::string path = temp_path("modes");
  std::remove(path.c_str());
  expect_th_error([&] { THDiskFile_new(path.c_str(), "r", 0); }, 0,
                  "THDiskFile_new: cannot open <" + path + "> in mode r ");
  EXPECT_EQ(THDiskFile_new(path.c_str(), "r", 1), nullptr);
  expect_th_error([&] { THDiskFile_new(path.c_str(), "a", 0); }, 2, "file mode should be 'r', 'w' or 'rw', not 'a'");
  expect_th_error([&] { THDiskFile_new(path.c_str(), "wr", 1); }, 2, "file mode");
  expect_th_error([&] { THDiskFile_new(path.c_str(), nullptr, 0); }, 2, "not 'NULL'");
  expect_th_error([&] { THDiskFile_new(nullptr, "r", 0); }, 1, "THDiskFile_new: name is NULL");

  THFile* f = THDiskFile_new(path.c_str(), "rw", 0);  // creates it
  ASSERT_NE(f, nullptr);
  EXPECT_STREQ(THDiskFile_name(f), path.c_str());
  EXPECT_TRUE(THFile_isReadable(f) && THFile_isWritable(f));
  THDiskFile_noBuffer(f);
  int v[3] = {4, 5, 6};
  THFile_writeIntRaw(f, v, 3);
  THFile_seek(f, 0);
  int back[3];
  EXPECT_EQ(THFile_readIntRaw(f, back, 3), 3u);
  EXPECT_EQ(back[2], 6);
  THFile_free(f);
  EXPECT_EQ(slurp(path), "4 5 6\n");

  f = THDiskFile_new(path.c_str(), "rw", 0);  // keeps it
  THFile_seekEnd(f);
  EXPECT_EQ(THFile_position(f), 6u);
  THFile_free(f);
  std::remove(path.c_str());
  EXPECT_NE(THDiskFile_isLittleEndianCPU(), THDiskFile_isBigEndianCPU());
}

TEST(THPipeFile, ReadsAndWritesACommand) {
  THThrowingHandlers handlers;
  THFile* f = THPipeFile_new("printf '1 2 3\\nrest'", "r", 0);
  ASSERT_NE(f, nullptr);
  long v[3];
  EXPECT_EQ(THFile_readLongRaw(f, v, 3), 3u);
  EXPECT_EQ(v[2], 3);
  char* s;
  EXPECT_EQ(THFile_readStringRaw(f, "*a", &s), 4u);
  EXPECT_STREQ(s, "rest");
  THFree(s);
  EXPECT_STREQ(THDiskFile_name(f), "printf '1 2 3\\nrest'");
  THFile_free(f);

  const std::string path = temp_path("pipe");
  f = THPipeFile_new(("cat > " + path).c_str(), "w", 0);
  double d[2] = {0.1, -2};
  THFile_writeDoubleRaw(f, d, 2);
  THFile_close(f);  // waits for the command
  THFile_free(f);
  EXPECT_EQ(slurp(path), "0.10000000000000001 -2\n");
  std::remove(path.c_str());

  expect_th_error([&] { THPipeFile_new("true", "rw", 0); }, 2, "THPipeFile_new: file mode should be 'r' or 'w'");
}

TEST(THMemoryFile, StorageKeepsATrailingZero) {
  THThrowingHandlers handlers;
  THFile* f = THMemoryFile_new("rw");
  THCharStorage* s = THMemoryFile_storage(f);
  EXPECT_EQ(s->size, 1);
  EXPECT_EQ(s->data[0], '\0');
  for (int i = 0; i < 1000; ++i) THFile_writeIntScalar(f, i);  // grows many times
  s = THMemoryFile_storage(f);
  std::string expected;
  for (int i = 0; i < 1000; ++i) expected += std::to_string(i) + "\n";
  ASSERT_EQ(static_cast<size_t>(s->size), expected.size() + 1);
  EXPECT_EQ(std::string(s->data, expected.size()), expected);
  EXPECT_EQ(s->data[expected.size()], '\0');
  THFile_seek(f, 0);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(THFile_readIntScalar(f), i);
  expect_th_error([&] { THFile_seek(f, expected.size() + 1); }, 0, "unable to seek to position");
  THFile_free(f);
}

TEST(THMemoryFile, NewWithStorageSharesItAndChecksIt) {
  THThrowingHandlers handlers;
  THCharStorage* s = THCharStorage_newWithSize(4);
  std::memcpy(s->data, "7 8x", 4);  // new storages hold garbage: make the last byte non-zero
  expect_th_error([&] { THMemoryFile_newWithStorage(s, "r"); }, 1, "must end with a '\\0' byte");
  s->data[3] = '\0';
  expect_th_error([&] { THMemoryFile_newWithStorage(s, "x"); }, 2, "file mode should be 'r', 'w' or 'rw', not 'x'");
  expect_th_error([&] { THMemoryFile_new("rr"); }, 1, "THMemoryFile_new: file mode");
  THFile* f = THMemoryFile_newWithStorage(s, "rw");
  EXPECT_EQ(THFile_readIntScalar(f), 7);
  EXPECT_EQ(THFile_readIntScalar(f), 8);
  THFile_writeStringRaw(f, "9", 1);
  EXPECT_EQ(THMemoryFile_storage(f), s) << "the file works in the storage it was given";
  EXPECT_STREQ(s->data, "7 89");
  THFile_free(f);
  EXPECT_EQ(s->refcount, 1);
  THCharStorage_free(s);

  THByteStorage* wrong = THByteStorage_newWithSize(1);
  expect_th_error([&] { THMemoryFile_newWithStorage(reinterpret_cast<THCharStorage*>(wrong), "r"); }, 1,
                  "storage holds");
  THByteStorage_free(wrong);
}

// Memory files split ascii tokens at ':' and ';' as well (Torch7's rule).
TEST(THMemoryFile, AsciiTokensEndAtColonsAndSemicolons) {
  THThrowingHandlers handlers;
  THCharStorage* s = THCharStorage_newWithSize(6);
  std::memcpy(s->data, "12;34", 6);
  THFile* f = THMemoryFile_newWithStorage(s, "r");
  THCharStorage_free(s);
  THFile_noAutoSpacing(f);
  EXPECT_EQ(THFile_readIntScalar(f), 12);
  EXPECT_EQ(THFile_position(f), 2u);
  THFile_quiet(f);
  THFile_readIntScalar(f);  // sscanf cannot start at ';'
  EXPECT_TRUE(THFile_hasError(f));
  THFile_free(f);
}

}  // namespace
