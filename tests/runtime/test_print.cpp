// Tensor::to_string against PyTorch's repr: every expected string below is
// what PyTorch 1.13 printed for the same values (`repr(t)` with "torch."
// removed from the dtype suffix).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "ember/tensor.h"

namespace ember {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// 0, 1, ..., n - 1 in T, shaped `sizes` (n is their product).
template <class T>
Tensor arange(IntList sizes) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<T> v;
  for (int64_t k = 0; k < n; ++k) v.push_back(static_cast<T>(k));
  return from_vector(v, sizes);
}

Tensor floats(const std::vector<float>& v) { return from_vector(v, {static_cast<int64_t>(v.size())}); }

TEST(Print, FloatLayouts) {
  EXPECT_EQ(from_vector<float>({1, 2, 3, 4}, {2, 2}).to_string(), "tensor([[1., 2.],\n        [3., 4.]])");
  EXPECT_EQ(arange<float>({2, 3, 4}).to_string(),
            "tensor([[[ 0.,  1.,  2.,  3.],\n         [ 4.,  5.,  6.,  7.],\n         [ 8.,  9., 10., 11.]],\n\n"
            "        [[12., 13., 14., 15.],\n         [16., 17., 18., 19.],\n         [20., 21., 22., 23.]]])");
  EXPECT_EQ(floats({1, 2}).expand({3, 2}).to_string(), "tensor([[1., 2.],\n        [1., 2.],\n        [1., 2.]])");
  EXPECT_EQ(from_vector<float>({0.5f, 1e-3f, 2.25f, 7.f}, {2, 2}).select(1, 1).to_string(),
            "tensor([1.0000e-03, 7.0000e+00])");
}

TEST(Print, FloatModes) {
  EXPECT_EQ(floats({1.5f, -2.25f, 3.0f}).to_string(), "tensor([ 1.5000, -2.2500,  3.0000])");
  EXPECT_EQ(floats({3.14159265f, -2.71828f}).to_string(), "tensor([ 3.1416, -2.7183])");
  EXPECT_EQ(floats({123456.789f}).to_string(), "tensor([123456.7891])");
  // A range over 1000, a large value or a tiny one: scientific.
  EXPECT_EQ(floats({0.1f, 0.2f, 100.5f}).to_string(), "tensor([1.0000e-01, 2.0000e-01, 1.0050e+02])");
  EXPECT_EQ(floats({1e-5f, 1.0f}).to_string(), "tensor([1.0000e-05, 1.0000e+00])");
  EXPECT_EQ(floats({1e-4f, 1.0f}).to_string(), "tensor([1.0000e-04, 1.0000e+00])");  // float 1e-4 is below 1e-4
  EXPECT_EQ(floats({1.f, 2000.f}).to_string(), "tensor([1.0000e+00, 2.0000e+03])");
  EXPECT_EQ(floats({1e9f}).to_string(), "tensor([1.0000e+09])");
  EXPECT_EQ(floats({100000000.0f, 2.5f}).to_string(), "tensor([1.0000e+08, 2.5000e+00])");
  EXPECT_EQ(floats({-1.5e-10f, 2.0f}).to_string(), "tensor([-1.5000e-10,  2.0000e+00])");
}

TEST(Print, NonFiniteAndZeros) {
  EXPECT_EQ(floats({kNaN, kInf, -kInf, 1.f}).to_string(), "tensor([nan, inf, -inf, 1.])");
  EXPECT_EQ(floats({kNaN}).to_string(), "tensor([nan])");
  EXPECT_EQ(floats({kNaN, 1.f, 10.f}).to_string(), "tensor([nan,  1., 10.])");
  EXPECT_EQ(floats({-kNaN}).to_string(), "tensor([nan])");  // no "-nan"
  EXPECT_EQ(floats({0.f, -0.f}).to_string(), "tensor([0., -0.])");
}

TEST(Print, Scalars) {
  EXPECT_EQ(scalar_tensor(3.0, DType::Float).to_string(), "tensor(3.)");
  EXPECT_EQ(scalar_tensor(3, DType::Long).to_string(), "tensor(3)");
  EXPECT_EQ(scalar_tensor(2.5, DType::Half).to_string(), "tensor(2.5000, dtype=float16)");
  EXPECT_EQ(scalar_tensor(true, DType::Bool).to_string(), "tensor(True)");
  EXPECT_EQ(scalar_tensor(std::nan(""), DType::Float).to_string(), "tensor(nan)");
  EXPECT_EQ(scalar_tensor(-0.0, DType::Float).to_string(), "tensor(-0.)");
}

TEST(Print, IntegersAndBools) {
  EXPECT_EQ(from_vector<int64_t>({1, 2, 3}, {3}).to_string(), "tensor([1, 2, 3])");
  EXPECT_EQ(from_vector<int64_t>({1, -200, 30, 4}, {2, 2}).to_string(), "tensor([[   1, -200],\n        [  30,    4]])");
  EXPECT_EQ(from_vector<int64_t>({1, 2, 3, 4}, {2, 2}).t().to_string(), "tensor([[1, 3],\n        [2, 4]])");
  EXPECT_EQ(from_vector<int32_t>({1, 2}, {2}).to_string(), "tensor([1, 2], dtype=int32)");
  EXPECT_EQ(from_vector<int8_t>({-5, 100}, {2}).to_string(), "tensor([ -5, 100], dtype=int8)");
  EXPECT_EQ(from_vector<uint8_t>({0, 255}, {2}).to_string(), "tensor([  0, 255], dtype=uint8)");
  EXPECT_EQ(from_vector<bool>({true, false}, {2}).to_string(), "tensor([ True, False])");
  EXPECT_EQ(arange<int64_t>({2, 2, 2, 2}).to_string(),
            "tensor([[[[ 0,  1],\n          [ 2,  3]],\n\n         [[ 4,  5],\n          [ 6,  7]]],\n\n\n"
            "        [[[ 8,  9],\n          [10, 11]],\n\n         [[12, 13],\n          [14, 15]]]])");
}

TEST(Print, ReducedFloats) {
  EXPECT_EQ(floats({1.5f, 2.f}).to(DType::Half).to_string(), "tensor([1.5000, 2.0000], dtype=float16)");
  EXPECT_EQ(floats({0.1f, 1000.f}).to(DType::BFloat16).to_string(), "tensor([1.0010e-01, 1.0000e+03], dtype=bfloat16)");
}

TEST(Print, LongLinesWrap) {
  std::vector<float> sevenths;
  for (int k = 0; k < 30; ++k) sevenths.push_back(static_cast<float>(k) / 7.0f);
  EXPECT_EQ(floats(sevenths).to_string(),
            "tensor([0.0000, 0.1429, 0.2857, 0.4286, 0.5714, 0.7143, 0.8571, 1.0000, 1.1429,\n"
            "        1.2857, 1.4286, 1.5714, 1.7143, 1.8571, 2.0000, 2.1429, 2.2857, 2.4286,\n"
            "        2.5714, 2.7143, 2.8571, 3.0000, 3.1429, 3.2857, 3.4286, 3.5714, 3.7143,\n"
            "        3.8571, 4.0000, 4.1429])");
  std::vector<double> tenths;
  for (int k = 0; k < 12; ++k) tenths.push_back(k / 10.0);
  EXPECT_EQ(from_vector(tenths, {12}).to_string(),
            "tensor([0.0000, 0.1000, 0.2000, 0.3000, 0.4000, 0.5000, 0.6000, 0.7000, 0.8000,\n"
            "        0.9000, 1.0000, 1.1000], dtype=float64)");
  std::vector<float> small;
  for (int k = 1; k <= 20; ++k) small.push_back(static_cast<float>(k) * 1e-5f);
  EXPECT_EQ(floats(small).to_string(),
            "tensor([1.0000e-05, 2.0000e-05, 3.0000e-05, 4.0000e-05, 5.0000e-05, 6.0000e-05,\n"
            "        7.0000e-05, 8.0000e-05, 9.0000e-05, 1.0000e-04, 1.1000e-04, 1.2000e-04,\n"
            "        1.3000e-04, 1.4000e-04, 1.5000e-04, 1.6000e-04, 1.7000e-04, 1.8000e-04,\n"
            "        1.9000e-04, 2.0000e-04])");
  std::vector<int64_t> big;
  for (int64_t k = 0; k < 40; ++k) big.push_back(k * 1000003);
  EXPECT_EQ(from_vector(big, {40}).to_string(),
            "tensor([       0,  1000003,  2000006,  3000009,  4000012,  5000015,  6000018,\n"
            "         7000021,  8000024,  9000027, 10000030, 11000033, 12000036, 13000039,\n"
            "        14000042, 15000045, 16000048, 17000051, 18000054, 19000057, 20000060,\n"
            "        21000063, 22000066, 23000069, 24000072, 25000075, 26000078, 27000081,\n"
            "        28000084, 29000087, 30000090, 31000093, 32000096, 33000099, 34000102,\n"
            "        35000105, 36000108, 37000111, 38000114, 39000117])");
}

TEST(Print, Summarised) {
  EXPECT_EQ(arange<float>({2000}).to_string(),
            "tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.9970e+03, 1.9980e+03,\n        1.9990e+03])");
  EXPECT_EQ(arange<int64_t>({100, 100}).to_string(),
            "tensor([[   0,    1,    2,  ...,   97,   98,   99],\n"
            "        [ 100,  101,  102,  ...,  197,  198,  199],\n"
            "        [ 200,  201,  202,  ...,  297,  298,  299],\n"
            "        ...,\n"
            "        [9700, 9701, 9702,  ..., 9797, 9798, 9799],\n"
            "        [9800, 9801, 9802,  ..., 9897, 9898, 9899],\n"
            "        [9900, 9901, 9902,  ..., 9997, 9998, 9999]])");
  Tensor ones = empty({2, 600});
  ones.fill_(1);
  EXPECT_EQ(ones.to_string(), "tensor([[1., 1., 1.,  ..., 1., 1., 1.],\n        [1., 1., 1.,  ..., 1., 1., 1.]])");
  std::vector<bool> thirds;
  for (int k = 0; k < 1200; ++k) thirds.push_back(k % 3 == 0);
  EXPECT_EQ(from_vector(thirds, {2, 600}).to_string(),
            "tensor([[ True, False, False,  ...,  True, False, False],\n"
            "        [ True, False, False,  ...,  True, False, False]])");
  EXPECT_EQ(arange<float>({30, 40}).to(DType::Half).to_string(),
            "tensor([[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 3.7000e+01, 3.8000e+01,\n"
            "         3.9000e+01],\n"
            "        [4.0000e+01, 4.1000e+01, 4.2000e+01,  ..., 7.7000e+01, 7.8000e+01,\n"
            "         7.9000e+01],\n"
            "        [8.0000e+01, 8.1000e+01, 8.2000e+01,  ..., 1.1700e+02, 1.1800e+02,\n"
            "         1.1900e+02],\n"
            "        ...,\n"
            "        [1.0800e+03, 1.0810e+03, 1.0820e+03,  ..., 1.1170e+03, 1.1180e+03,\n"
            "         1.1190e+03],\n"
            "        [1.1200e+03, 1.1210e+03, 1.1220e+03,  ..., 1.1570e+03, 1.1580e+03,\n"
            "         1.1590e+03],\n"
            "        [1.1600e+03, 1.1610e+03, 1.1620e+03,  ..., 1.1970e+03, 1.1980e+03,\n"
            "         1.1990e+03]], dtype=float16)");
}

TEST(Print, Empty) {
  EXPECT_EQ(empty({0}).to_string(), "tensor([])");
  EXPECT_EQ(empty({0, 3}).to_string(), "tensor([], size=(0, 3))");
  EXPECT_EQ(empty({0}, DType::Long).to_string(), "tensor([], dtype=int64)");
  EXPECT_EQ(empty({2, 0}, DType::Bool).to_string(), "tensor([], size=(2, 0), dtype=bool)");
  // TH's empty tensor (no dims, no elements) has no PyTorch counterpart;
  // the same rule gives its shape as ().
  EXPECT_EQ(Tensor::adopt(rt::tensor_new(DType::Float)).to_string(), "tensor([], size=())");
  EXPECT_EQ(Tensor().to_string(), "tensor(undefined)");
}

}  // namespace
}  // namespace ember
