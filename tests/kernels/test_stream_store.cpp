// Streaming stores (kernels/stream_store.h, Note [streaming stores]):
// stream_store copies exactly whatever the alignment and length, and
// pointwise() over a footprint large enough to stream gives what a naive
// loop gives, for outputs that start off a line, in place, with a scalar
// input and with another output type of the same width; fresh outputs
// (Note [fresh outputs]) are told apart and written whole, and chunks
// shifted off the inputs' lines (Note [skewed chunks]) miss nothing.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "kernels/pointwise.h"
#include "kernels/stream_store.h"
#include "tests/kernels/kernel_test_util.h"

namespace ember::kernels {
namespace {

using namespace ember::kernels::testing;

TEST(StreamStore, CopiesEveryAlignmentAndLengthAndNothingElse) {
  std::mt19937 g(1);
  std::vector<char> src(6000);
  for (char& c : src) c = static_cast<char>(g());
  for (int64_t offset = 0; offset <= 64; ++offset) {
    for (int64_t len : {0, 1, 63, 64, 65, 127, 128, 129, 200, 5000}) {
      SCOPED_TRACE("offset " + std::to_string(offset) + " length " + std::to_string(len));
      std::vector<char> dst(6200, '\x5a');
      stream_store(dst.data() + offset, src.data(), len);
      stream_fence();
      for (int64_t i = 0; i < static_cast<int64_t>(dst.size()); ++i) {
        const bool inside = i >= offset && i < offset + len;
        ASSERT_EQ(dst[i], inside ? src[i - offset] : '\x5a') << "byte " << i;
      }
    }
  }
}

// Operands over vectors, each starting `offset` elements in.
template <class OutT, class InT>
Operands<3> operands3(const Shape& shape, OutT* out, const InT* a, const InT* b, const Shape& b_strides) {
  const Shape dense = contiguous_strides(shape);
  char* data[3] = {reinterpret_cast<char*>(out), reinterpret_cast<char*>(const_cast<InT*>(a)),
                   reinterpret_cast<char*>(const_cast<InT*>(b))};
  const Shape* strides[3] = {&dense, &dense, &b_strides};
  const int64_t sizes[3] = {sizeof(OutT), sizeof(InT), sizeof(InT)};
  return make_operands<3>(shape, data, strides, sizes);
}

// Rows of 3001 (not a whole number of 64-byte lines) and enough of them
// that out = f(a, b) over float32 reaches kStreamBytes.
const Shape kBig{2000, 3001};

std::vector<float> random_floats(int64_t n, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> u(-4, 4);
  std::vector<float> v(static_cast<size_t>(n));
  for (float& x : v) x = u(g);
  return v;
}

TEST(StreamStore, LargePointwiseOutputsMatchANaiveLoop) {
  const int64_t n = numel(kBig);
  const int64_t dense[3] = {4, 4, 4};
  ASSERT_TRUE((detail::streams_output<float, float>(n, dense, 3))) << "the case must take the streamed path";
  const std::vector<float> a = random_floats(n, 2), b = random_floats(n, 3);
  const auto f = [](float x, float y) { return x * 3.0f - y; };
  for (int64_t offset : {0, 1, 5}) {
    SCOPED_TRACE("output offset " + std::to_string(offset));
    std::vector<float> out(static_cast<size_t>(n + offset + 1), -7.0f);
    pointwise<float, float, 2>(operands3(kBig, out.data() + offset, a.data(), b.data(), contiguous_strides(kBig)), f);
    for (int64_t i = 0; i < offset; ++i) ASSERT_EQ(out[i], -7.0f);
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(out[i + offset], f(a[i], b[i])) << "element " << i;
    ASSERT_EQ(out[n + offset], -7.0f);
  }
}

// A compute-bound op (its schema's compute_bound) streams its large
// outputs or writes them plainly as the CPU's tuning says (Note [memory
// tuning per CPU]); either way every element is the function's and
// nothing around the output is touched.
TEST(StreamStore, ComputeBoundOutputsMatchANaiveLoop) {
  const Shape big{3000, 3001};
  const int64_t n = numel(big);
  const int64_t dense_bytes[2] = {4, 4};
  ASSERT_TRUE((detail::streams_output<float, float>(n, dense_bytes, 2))) << "the case must reach the streamed size";
  const std::vector<float> a = random_floats(n, 4);
  const auto f = [](float x) { return x * x * 0.5f - x; };
  for (int64_t offset : {0, 3}) {
    SCOPED_TRACE("output offset " + std::to_string(offset));
    std::vector<float> out(static_cast<size_t>(n + offset + 1), -7.0f);
    const Shape dense = contiguous_strides(big);
    char* data[2] = {reinterpret_cast<char*>(out.data() + offset), reinterpret_cast<char*>(const_cast<float*>(a.data()))};
    const Shape* strides[2] = {&dense, &dense};
    const int64_t sizes[2] = {sizeof(float), sizeof(float)};
    pointwise<float, float, 1, true>(make_operands<2>(big, data, strides, sizes), f);
    for (int64_t i = 0; i < offset; ++i) ASSERT_EQ(out[i], -7.0f);
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(out[i + offset], f(a[i])) << "element " << i;
    ASSERT_EQ(out[n + offset], -7.0f);
  }
}

TEST(StreamStore, InPlaceScalarAndOtherOutputTypes) {
  const int64_t n = numel(kBig);
  std::vector<float> a = random_floats(n, 4);
  const std::vector<float> b = random_floats(n, 5), a0 = a;
  const auto f = [](float x, float y) { return x * 3.0f - y; };
  pointwise<float, float, 2>(operands3(kBig, a.data(), a.data(), b.data(), contiguous_strides(kBig)), f);
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(a[i], f(a0[i], b[i])) << "in place, element " << i;

  // b a scalar: only a and the output count, 8 bytes an element.
  const std::vector<float> big = random_floats(kStreamBytes / 8 + 4099, 6);
  const Shape line{static_cast<int64_t>(big.size())};
  const int64_t scalar_b[3] = {4, 4, 0};
  ASSERT_TRUE((detail::streams_output<float, float>(numel(line), scalar_b, 3)));
  std::vector<float> out(big.size());
  const float scalar = 0.25f;
  pointwise<float, float, 2>(operands3(line, out.data(), big.data(), &scalar, Shape{0}), f);
  for (size_t i = 0; i < big.size(); ++i) ASSERT_EQ(out[i], f(big[i], scalar)) << "scalar b, element " << i;

  // Another output type of the same width streams.
  const int64_t dense[3] = {4, 4, 4};
  ASSERT_TRUE((detail::streams_output<int32_t, float>(n, dense, 3)));
  std::vector<int32_t> scaled(static_cast<size_t>(n) + 3, 7);
  const auto g = [](float x, float y) { return static_cast<int32_t>(x * 1000.0f) - static_cast<int32_t>(y); };
  pointwise<int32_t, float, 2>(operands3(kBig, scaled.data() + 3, a0.data(), b.data(), contiguous_strides(kBig)), g);
  for (int64_t i = 0; i < 3; ++i) ASSERT_EQ(scaled[i], 7);
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(scaled[i + 3], g(a0[i], b[i])) << "int32 output, element " << i;
}

// A comparison's bool output, off a line, streams once the call's bytes
// (9 an element here) reach kStreamBytes.
TEST(StreamStore, NarrowBoolOutputs) {
  const Shape shape{2500, 3001};
  const int64_t n = numel(shape);
  const int64_t dense[3] = {1, 4, 4};
  ASSERT_FALSE((detail::streams_output<bool, float>(numel(kBig), dense, 3)));
  ASSERT_TRUE((detail::streams_output<bool, float>(n, dense, 3))) << "the case must take the streamed path";
  const std::vector<float> a = random_floats(n, 8), b = random_floats(n, 9);
  std::vector<uint8_t> mask(static_cast<size_t>(n) + 4, 2);
  const auto lt = [](float x, float y) { return x < y; };
  pointwise<bool, float, 2>(
      operands3(shape, reinterpret_cast<bool*>(mask.data() + 3), a.data(), b.data(), contiguous_strides(shape)), lt);
  for (int64_t i = 0; i < 3; ++i) ASSERT_EQ(mask[i], 2);
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(mask[i + 3], a[i] < b[i] ? 1 : 0) << "element " << i;
  ASSERT_EQ(mask[n + 3], 2);
}

// Note [skewed chunks]: a streamed row whose input starts on a line or
// off it, at lengths around the chunks, writes every element once and
// nothing else; where the CPU's tuning skews, an input on a line takes a
// first chunk of 16 bytes and one off a line, or not dense, takes none.
TEST(StreamStore, SkewedChunksWriteEveryElementOnce) {
  const int64_t elems = memory_tuning().stream_chunk / static_cast<int64_t>(sizeof(float));
  std::vector<float> in_store(static_cast<size_t>(4 * elems + 64)), out_store(in_store.size() + 16);
  const auto line_start = [](float* v) { return v + ((64 - reinterpret_cast<uintptr_t>(v) % 64) % 64) / sizeof(float); };
  float* in_line = line_start(in_store.data());
  for (int64_t i = 0; i < 3 * elems + 40; ++i) in_line[i] = static_cast<float>(i % 97) - 40.0f;
  const auto row = [](char* const* q, int64_t m) {
    auto* o = reinterpret_cast<float*>(q[0]);
    const auto* x = reinterpret_cast<const float*>(q[1]);
    for (int64_t j = 0; j < m; ++j) o[j] = x[j] * 2.0f + 1.0f;
  };
  const int64_t strides[2] = {sizeof(float), sizeof(float)};
  for (int64_t in_off = 0; in_off <= 16; ++in_off) {
    for (int64_t out_off : {0, 1, 5}) {
      for (int64_t n : {int64_t{1}, int64_t{3}, int64_t{4}, int64_t{5}, elems - 1, elems, elems + 3, 3 * elems + 7}) {
        SCOPED_TRACE("input offset " + std::to_string(in_off) + " output offset " + std::to_string(out_off) +
                     " length " + std::to_string(n));
        std::fill(out_store.begin(), out_store.end(), -7.0f);
        float* out = line_start(out_store.data()) + out_off;
        char* p[2] = {reinterpret_cast<char*>(out), reinterpret_cast<char*>(in_line + in_off)};
        streamed_row<float, 2>(p, strides, n, row);
        for (float* e = out_store.data(); e < out; ++e) ASSERT_EQ(*e, -7.0f);
        for (int64_t i = 0; i < n; ++i) ASSERT_EQ(out[i], in_line[in_off + i] * 2.0f + 1.0f) << "element " << i;
        ASSERT_EQ(out[n], -7.0f);
      }
    }
  }
  const int64_t skew = memory_tuning().skew_chunks ? 4 : 0;
  EXPECT_EQ(skewed_first_chunk(reinterpret_cast<char*>(in_line), 4), skew);
  EXPECT_EQ(skewed_first_chunk(reinterpret_cast<char*>(in_line), 8), skew / 2);
  EXPECT_EQ(skewed_first_chunk(reinterpret_cast<char*>(in_line + 1), 4), 0);
  EXPECT_EQ(skewed_first_chunk(reinterpret_cast<char*>(in_line), 0), 0);
  EXPECT_EQ(skewed_first_chunk(reinterpret_cast<char*>(in_line), 12), 0);
  EXPECT_EQ(skewed_first_chunk(reinterpret_cast<char*>(in_line), -4), 0);
}

// A fresh anonymous mapping has no pages in memory until written; the
// stack and written memory have; an address outside any mapping cannot
// be told, and counts as resident (the streamed path, as before).
TEST(StreamStore, OutputResidentTellsFreshPages) {
  const size_t bytes = size_t{8} << 20;
  void* fresh = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(fresh, MAP_FAILED);
  auto* bytes_at = static_cast<char*>(fresh);
  EXPECT_FALSE(output_resident(bytes_at + 100));
  bytes_at[100] = 1;
  EXPECT_TRUE(output_resident(bytes_at + 100));
  EXPECT_FALSE(output_resident(bytes_at + bytes - 1));
  int on_stack = 0;
  EXPECT_TRUE(output_resident(&on_stack));
  ASSERT_EQ(munmap(fresh, bytes), 0);
  EXPECT_TRUE(output_resident(bytes_at));
}

// A large call into a fresh output takes plain stores and gives what a
// naive loop gives, up to the output's last element.
TEST(StreamStore, LargeCallsIntoFreshOutputsMatchANaiveLoop) {
  const int64_t n = numel(kBig);
  const std::vector<float> a = random_floats(n, 12), b = random_floats(n, 13);
  const size_t bytes = static_cast<size_t>(n) * sizeof(float);
  void* fresh = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(fresh, MAP_FAILED);
  auto* out = static_cast<float*>(fresh);
  ASSERT_FALSE(output_resident(out));
  const auto f = [](float x, float y) { return x * 3.0f - y; };
  pointwise<float, float, 2>(operands3(kBig, out, a.data(), b.data(), contiguous_strides(kBig)), f);
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(out[i], f(a[i], b[i])) << "element " << i;
  ASSERT_EQ(munmap(fresh, bytes), 0);
}

}  // namespace
}  // namespace ember::kernels
