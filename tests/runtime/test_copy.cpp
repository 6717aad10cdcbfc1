// Copies and conversions (schemas/tensor/copy.yaml): every dtype pair
// through copy_ and TH's THXTensor_copyY against convert_reference.h,
// layouts (transposed, narrowed, expanded, broadcast, overlapping, empty),
// clone, contiguous and to, in C++ and through TH's C forms.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "TH/TH.h"
#include "convert_reference.h"
#include "ember/tensor.h"
#include "runtime_test_util.h"
#include "th_view_checks.h"

namespace ember {
namespace {

using test::Exact;
using test::expect_error;
using V = std::vector<int64_t>;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int64_t kI32Min = std::numeric_limits<int32_t>::min();
constexpr int64_t kI32Max = std::numeric_limits<int32_t>::max();
constexpr int64_t kI64Min = std::numeric_limits<int64_t>::min();
constexpr int64_t kI64Max = std::numeric_limits<int64_t>::max();

// Source values per dtype, chosen to hit each clause of the rule: wrap,
// truncation, NaN/Inf/out of range, subnormals, Half/BFloat16 rounding ties
// and overflow, float rounding of large integers.
std::vector<int64_t> integer_sources(DType d) {
  switch (d) {
    case DType::Byte: return {0, 1, 7, 127, 128, 200, 255};
    case DType::Char: return {0, 1, -1, -128, 127, 100, -100};
    case DType::Short: return {0, -1, 300, -32768, 32767, 1000, 257, -129, 2049};
    case DType::Int: return {0, -1, 70000, kI32Min, kI32Max, 16777217, -300, 65520, 2049};
    case DType::Long:
      return {0, -1, int64_t{1} << 40, kI64Min, kI64Max, (int64_t{1} << 53) + 1, -70000, (int64_t{1} << 32) + 300, 65519};
    case DType::Bool: return {0, 1};
    default: return {};
  }
}
const std::vector<float> kFloatSources = {0.0f, -0.0f, 2.7f, -2.7f, 300.5f, -129.9f, 1e20f, -1e20f,
                                          static_cast<float>(kNaN), static_cast<float>(kInf), -static_cast<float>(kInf),
                                          65519.0f, 65520.0f, 0.1f, 1e-8f, 3e9f, 2147483520.0f, -2147483648.0f,
                                          70000.7f, 1e-40f, 255.9f, -0.9f, 1.00048828125f, 3.4e38f};
const std::vector<double> kDoubleSources = {0.0, -0.0, 2.7, -2.7, 1e300, -1e300, kNaN, kInf, 0.1,
                                            4294967596.0, 2147483647.9, -2147483648.5, 9.3e18, -9.3e18, 1e-320,
                                            65519.99, 1.0000000596046448, 300.0, -1.5, 1e-45};
// 0, -0, 2.5, -2.5, 65504, -65504, inf, -inf, NaN, ~0.1, 2^-24, 300.5, ~0.9995, 2048
const std::vector<uint16_t> kHalfSources = {0x0000, 0x8000, 0x4100, 0xc100, 0x7bff, 0xfbff, 0x7c00,
                                            0xfc00, 0x7e00, 0x2e66, 0x0001, 0x5cb2, 0x3bff, 0x6800};
// 0, -0, 2.5, -3, max, inf, -inf, NaN, ~0.1, 256, 2^32, tiny subnormal, -1.0078125, 1e10-ish
const std::vector<uint16_t> kBFloat16Sources = {0x0000, 0x8000, 0x4020, 0xc040, 0x7f7f, 0x7f80, 0xff80,
                                                0x7fc0, 0x3dcd, 0x4380, 0x4f80, 0x0001, 0xbf81, 0x5015};

// A 1-d tensor of dtype d holding the sources for d, and their exact values.
Tensor make_sources(DType d, std::vector<Exact>& values) {
  values.clear();
  auto fill = [&](auto tag, size_t n, auto value_at) {
    using T = decltype(tag);
    Tensor t = empty({static_cast<int64_t>(n)}, d);
    auto* p = static_cast<T*>(t.data_ptr());
    for (size_t k = 0; k < n; ++k) p[k] = value_at(k);
    return t;
  };
  switch (d) {
    case DType::Float:
      for (float f : kFloatSources) values.push_back(Exact::floating(f));
      return fill(float{}, kFloatSources.size(), [](size_t k) { return kFloatSources[k]; });
    case DType::Double:
      for (double x : kDoubleSources) values.push_back(Exact::floating(x));
      return fill(double{}, kDoubleSources.size(), [](size_t k) { return kDoubleSources[k]; });
    case DType::Half:
      for (uint16_t b : kHalfSources) values.push_back(Exact::floating(test::half_bits_value(b)));
      return fill(uint16_t{}, kHalfSources.size(), [](size_t k) { return kHalfSources[k]; });
    case DType::BFloat16:
      for (uint16_t b : kBFloat16Sources) values.push_back(Exact::floating(test::bfloat16_bits_value(b)));
      return fill(uint16_t{}, kBFloat16Sources.size(), [](size_t k) { return kBFloat16Sources[k]; });
    default: break;
  }
  const std::vector<int64_t> ints = integer_sources(d);
  for (int64_t i : ints) values.push_back(Exact::integer(i));
  switch (d) {
    case DType::Byte: return fill(uint8_t{}, ints.size(), [&](size_t k) { return static_cast<uint8_t>(ints[k]); });
    case DType::Char: return fill(int8_t{}, ints.size(), [&](size_t k) { return static_cast<int8_t>(ints[k]); });
    case DType::Short: return fill(int16_t{}, ints.size(), [&](size_t k) { return static_cast<int16_t>(ints[k]); });
    case DType::Int: return fill(int32_t{}, ints.size(), [&](size_t k) { return static_cast<int32_t>(ints[k]); });
    case DType::Long: return fill(int64_t{}, ints.size(), [&](size_t k) { return ints[k]; });
    default: return fill(uint8_t{}, ints.size(), [&](size_t k) { return static_cast<uint8_t>(ints[k]); });  // Bool
  }
}

// Element k of a contiguous tensor, exactly; a Bool element must be 0 or 1.
Exact read(const Tensor& t, int64_t k) {
  const void* p = static_cast<const char*>(t.data_ptr()) + k * static_cast<int64_t>(t.element_size());
  auto load = [p](auto tag) {
    decltype(tag) v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  switch (t.dtype()) {
    case DType::Byte: return Exact::integer(load(uint8_t{}));
    case DType::Char: return Exact::integer(load(int8_t{}));
    case DType::Short: return Exact::integer(load(int16_t{}));
    case DType::Int: return Exact::integer(load(int32_t{}));
    case DType::Long: return Exact::integer(load(int64_t{}));
    case DType::Bool: {
      const uint8_t b = load(uint8_t{});
      EXPECT_LE(b, 1) << "a bool byte that is neither 0 nor 1";
      return Exact::integer(b);
    }
    case DType::Float: return Exact::floating(load(float{}));
    case DType::Double: return Exact::floating(load(double{}));
    case DType::Half: return Exact::floating(test::half_bits_value(load(uint16_t{})));
    case DType::BFloat16: return Exact::floating(test::bfloat16_bits_value(load(uint16_t{})));
  }
  return Exact::integer(0);
}

std::string text(const Exact& e) { return e.integral ? std::to_string(e.i) : str(e.d); }

// TH's THXTensor_copyY for every pair, indexed [dst][src] in DType order.
using ThCopy = void (*)(TensorImpl*, TensorImpl*);
#define EMBER_TH_COPY(D, S) \
  [](TensorImpl* d, TensorImpl* s) { TH##D##Tensor_copy##S(reinterpret_cast<TH##D##Tensor*>(d), reinterpret_cast<TH##S##Tensor*>(s)); }
#define EMBER_TH_COPY_ROW(D, cpp, acc)                                                                 \
  {EMBER_TH_COPY(D, Byte),  EMBER_TH_COPY(D, Char),   EMBER_TH_COPY(D, Short), EMBER_TH_COPY(D, Int),  \
   EMBER_TH_COPY(D, Long),  EMBER_TH_COPY(D, Float),  EMBER_TH_COPY(D, Double), EMBER_TH_COPY(D, Half), \
   EMBER_TH_COPY(D, Bool),  EMBER_TH_COPY(D, BFloat16)},
const ThCopy kThCopy[kNumDTypes][kNumDTypes] = {EMBER_FORALL_DTYPES(EMBER_TH_COPY_ROW)};
#undef EMBER_TH_COPY_ROW
#undef EMBER_TH_COPY

TEST(Copy, AllDTypePairs) {
  static_assert(static_cast<int>(DType::BFloat16) == kNumDTypes - 1, "kThCopy's rows follow the DType order");
  for (int s = 0; s < kNumDTypes; ++s) {
    const DType src_dtype = static_cast<DType>(s);
    std::vector<Exact> values;
    const Tensor src = make_sources(src_dtype, values);
    for (int d = 0; d < kNumDTypes; ++d) {
      const DType dst_dtype = static_cast<DType>(d);
      SCOPED_TRACE(str(dtype_name(src_dtype), " -> ", dtype_name(dst_dtype)));
      Tensor dst = empty({src.numel()}, dst_dtype);
      dst.copy_(src);
      Tensor th_dst = empty({src.numel()}, dst_dtype);
      std::memset(th_dst.data_ptr(), 0x5a, src.numel() * th_dst.element_size());
      kThCopy[d][s](th_dst.impl(), src.impl());
      for (int64_t k = 0; k < src.numel(); ++k) {
        const Exact want = test::convert_reference(dst_dtype, values[k]);
        EXPECT_EQ(read(dst, k), want) << "copy_ of " << text(values[k]) << " gave " << text(read(dst, k))
                                      << ", want " << text(want);
        EXPECT_EQ(read(th_dst, k), want) << "TH copy of " << text(values[k]) << " gave " << text(read(th_dst, k))
                                         << ", want " << text(want);
      }
    }
  }
}

// A contiguous float tensor whose element k holds k.
Tensor iota(IntList sizes, DType dtype = DType::Float) {
  Tensor t = empty(sizes, DType::Float);
  for (int64_t k = 0; k < t.numel(); ++k) t.data<float>()[k] = static_cast<float>(k);
  return dtype == DType::Float ? t : t.to(dtype);
}

// Values of a tensor of any layout, row-major, as doubles (through Double).
std::vector<double> values_of(const Tensor& t) {
  Tensor d = empty(t.sizes(), DType::Double);
  d.copy_(t);
  return std::vector<double>(d.data<double>(), d.data<double>() + d.numel());
}

// Element [i, j] of a 2-d tensor, through its strides.
template <class T>
T at2(const Tensor& t, int64_t i, int64_t j) {
  return static_cast<const T*>(t.data_ptr())[i * t.stride(0) + j * t.stride(1)];
}

TEST(Copy, Layouts) {
  // Transposed source, converting to double.
  Tensor base = iota({2, 3});
  Tensor dst = empty({3, 2}, DType::Double);
  dst.copy_(base.t());
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 2; ++j) EXPECT_EQ(at2<double>(dst, i, j), j * 3 + i);

  // Narrowed source.
  Tensor wide = iota({4, 6});
  Tensor n = empty({4, 3}, DType::Int);
  n.copy_(wide.narrow(1, 2, 3));
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t j = 0; j < 3; ++j) EXPECT_EQ(at2<int32_t>(n, i, j), i * 6 + j + 2);

  // Expanded source, and broadcasting in copy_ itself.
  Tensor e = empty({4, 3}, DType::Long);
  e.copy_(iota({1, 3}).expand({4, 3}));
  Tensor b = empty({4, 3}, DType::Long);
  b.copy_(iota({3}));
  Tensor b3 = empty({2, 4, 3}, DType::Half);
  b3.copy_(iota({4, 1}));
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t j = 0; j < 3; ++j) {
      EXPECT_EQ(at2<int64_t>(e, i, j), j);
      EXPECT_EQ(at2<int64_t>(b, i, j), j);
      EXPECT_EQ(b3.select(0, 1).select(0, i).select(0, j).item<float>(), static_cast<float>(i));
    }

  // A non-contiguous destination: check through its storage.
  Tensor store = empty({3, 2}, DType::Float);
  store.t().copy_(iota({2, 3}));
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j) EXPECT_EQ(store.data<float>()[j * 2 + i], static_cast<float>(i * 3 + j));

  // Overlapping source and destination: the source is read as it was.
  Tensor shift = iota({10});
  shift.narrow(0, 1, 9).copy_(shift.narrow(0, 0, 9));
  EXPECT_EQ(values_of(shift), (std::vector<double>{0, 0, 1, 2, 3, 4, 5, 6, 7, 8}));
  Tensor back = iota({10});
  back.narrow(0, 0, 9).copy_(back.narrow(0, 1, 9));
  EXPECT_EQ(values_of(back), (std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 9}));
  Tensor sq = iota({3, 3});
  sq.copy_(sq.t());
  EXPECT_EQ(values_of(sq), (std::vector<double>{0, 3, 6, 1, 4, 7, 2, 5, 8}));
  Tensor same = iota({4});
  same.copy_(same);
  EXPECT_EQ(values_of(same), (std::vector<double>{0, 1, 2, 3}));

  // No elements.
  Tensor z = empty({0, 3}, DType::Float);
  z.copy_(iota({0, 3}, DType::Int));
  z.copy_(iota({3}));
  EXPECT_EQ(z.shape(), (V{0, 3}));

  expect_error([] { empty({2, 3}).copy_(iota({4})); }, ErrorKind::Value, "src", {"copy", "does not broadcast"});
  expect_error([] { empty({3}).copy_(iota({0})); }, ErrorKind::Value, "src");
  expect_error([] { iota({1, 3}).expand({4, 3}).copy_(iota({4, 3})); }, ErrorKind::Value, "self", {"expanded"});
  expect_error([] { Tensor().copy_(iota({1})); }, ErrorKind::Value, "self");
}

TEST(Copy, LayoutsThroughTH) {
  test::THReports reports;
  // TH's copy needs equal element counts only and walks both in row-major order.
  Tensor dst = empty({2, 3});
  THFloatTensor_copy(reinterpret_cast<THFloatTensor*>(dst.impl()), reinterpret_cast<THFloatTensor*>(iota({6}).impl()));
  EXPECT_EQ(values_of(dst), (std::vector<double>{0, 1, 2, 3, 4, 5}));
  Tensor flat = empty({6}, DType::Double);
  THDoubleTensor_copyFloat(reinterpret_cast<THDoubleTensor*>(flat.impl()),
                           reinterpret_cast<THFloatTensor*>(iota({2, 3}).t().impl()));
  EXPECT_EQ(values_of(flat), (std::vector<double>{0, 3, 1, 4, 2, 5}));
  Tensor store = empty({3, 2}, DType::Int);
  THIntTensor_copyFloat(reinterpret_cast<THIntTensor*>(store.t().impl()),
                        reinterpret_cast<THFloatTensor*>(iota({6}).impl()));
  EXPECT_EQ(values_of(store), (std::vector<double>{0, 3, 1, 4, 2, 5}));
  Tensor expanded = empty({2, 3}, DType::Half);
  THHalfTensor_copyFloat(reinterpret_cast<THHalfTensor*>(expanded.impl()),
                         reinterpret_cast<THFloatTensor*>(iota({1, 3}).expand({2, 3}).impl()));
  EXPECT_EQ(values_of(expanded), (std::vector<double>{0, 1, 2, 0, 1, 2}));

  Tensor five = empty({5});
  THFloatTensor_copy(reinterpret_cast<THFloatTensor*>(five.impl()), reinterpret_cast<THFloatTensor*>(iota({6}).impl()));
  reports.expect_arg_error(2, "equal element counts");
  THFloatTensor_copyInt(reinterpret_cast<THFloatTensor*>(five.impl()), nullptr);
  reports.expect_arg_error(2, "NULL");
}

TEST(Copy, Clone) {
  Tensor src = iota({2, 3}).t();
  Tensor c = src.clone();
  EXPECT_EQ(c.shape(), (V{3, 2}));
  EXPECT_EQ(c.strides().vec(), (V{2, 1}));
  EXPECT_EQ(c.dtype(), DType::Float);
  EXPECT_NE(c.storage().impl(), src.storage().impl());
  EXPECT_EQ(values_of(c), values_of(src));
  c.fill_(-1);
  EXPECT_EQ(values_of(src), (std::vector<double>{0, 3, 1, 4, 2, 5}));

  Tensor ex = iota({1, 3}, DType::Bool).expand({2, 3}).clone();
  EXPECT_EQ(ex.strides().vec(), (V{3, 1}));
  EXPECT_EQ(values_of(ex), (std::vector<double>{0, 1, 1, 0, 1, 1}));
  Tensor h = iota({4}, DType::Half).narrow(0, 1, 2).clone();
  EXPECT_EQ(h.storage_offset(), 0);
  EXPECT_EQ(h.storage().size(), 2);
  EXPECT_EQ(values_of(h), (std::vector<double>{1, 2}));
  Tensor s = scalar_tensor(2.5, DType::Double).clone();
  EXPECT_TRUE(s.is_scalar());
  EXPECT_EQ(s.item<double>(), 2.5);
  Tensor none = Tensor::adopt(rt::tensor_new(DType::Int)).clone();
  EXPECT_EQ(none.dim(), 0);
  EXPECT_EQ(none.numel(), 0);

  THFloatTensor* th = THFloatTensor_newClone(reinterpret_cast<THFloatTensor*>(src.impl()));
  Tensor thc = Tensor::adopt(reinterpret_cast<TensorImpl*>(th));
  EXPECT_TRUE(thc.is_contiguous());
  EXPECT_NE(thc.storage().impl(), src.storage().impl());
  EXPECT_EQ(values_of(thc), values_of(src));
}

TEST(Copy, Contiguous) {
  Tensor c = iota({2, 3});
  EXPECT_TRUE(c.contiguous().is_same(c));
  Tensor odd = Tensor::adopt(rt::tensor_new_with_storage(DType::Float, c.storage().impl(), 0, {2, 1, 3}, {3, 42, 1}));
  EXPECT_TRUE(odd.contiguous().is_same(odd));  // size-1 dims' strides do not count
  Tensor t = c.t();
  Tensor tc = t.contiguous();
  EXPECT_FALSE(tc.is_same(t));
  EXPECT_TRUE(tc.is_contiguous());
  EXPECT_NE(tc.storage().impl(), c.storage().impl());
  EXPECT_EQ(values_of(tc), (std::vector<double>{0, 3, 1, 4, 2, 5}));

  // TH: the same pointer, retained, for a contiguous tensor.
  auto* th = reinterpret_cast<THFloatTensor*>(c.impl());
  const int refs = c.impl()->refcount;
  THFloatTensor* same = THFloatTensor_newContiguous(th);
  EXPECT_EQ(same, th);
  EXPECT_EQ(c.impl()->refcount, refs + 1);
  rt::tensor_release(reinterpret_cast<TensorImpl*>(same));
  EXPECT_EQ(c.impl()->refcount, refs);
  THFloatTensor* copy = THFloatTensor_newContiguous(reinterpret_cast<THFloatTensor*>(t.impl()));
  EXPECT_NE(copy, reinterpret_cast<THFloatTensor*>(t.impl()));
  Tensor owned = Tensor::adopt(reinterpret_cast<TensorImpl*>(copy));
  EXPECT_TRUE(owned.is_contiguous());
  EXPECT_EQ(values_of(owned), (std::vector<double>{0, 3, 1, 4, 2, 5}));
}

TEST(Copy, To) {
  Tensor f = iota({2, 3});
  EXPECT_TRUE(f.to(DType::Float).is_same(f));
  Tensor forced = f.to(DType::Float, true);
  EXPECT_FALSE(forced.is_same(f));
  EXPECT_NE(forced.storage().impl(), f.storage().impl());
  EXPECT_EQ(values_of(forced), values_of(f));

  Tensor frac = f.add(0.75).neg();  // -0.75, -1.75, ...: truncation toward zero
  Tensor i = frac.t().to(DType::Int);
  EXPECT_EQ(i.dtype(), DType::Int);
  EXPECT_EQ(i.shape(), (V{3, 2}));
  EXPECT_TRUE(i.is_contiguous());
  EXPECT_EQ(values_of(i), (std::vector<double>{0, -3, -1, -4, -2, -5}));
  Tensor h = f.to(DType::Half);
  EXPECT_EQ(h.dtype(), DType::Half);
  EXPECT_EQ(values_of(h), values_of(f));
  Tensor b = f.to(DType::Bool);
  EXPECT_EQ(values_of(b), (std::vector<double>{0, 1, 1, 1, 1, 1}));
  Tensor s = scalar_tensor(300, DType::Long).to(DType::Byte);
  EXPECT_TRUE(s.is_scalar());
  EXPECT_EQ(s.item<int64_t>(), 44);
  Tensor none = Tensor::adopt(rt::tensor_new(DType::Float)).to(DType::Double);
  EXPECT_EQ(none.dtype(), DType::Double);
  EXPECT_EQ(none.numel(), 0);
}

}  // namespace
}  // namespace ember
