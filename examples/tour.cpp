// A short tour of ember: tensors of several dtypes, views that share
// storage, broadcasting arithmetic with type promotion, reductions, and the
// same through Torch7's TH C API. Build with the library and run `tour`.
#include <cstdint>
#include <iostream>
#include <string>
#include <tuple>
#include <vector>

#include "TH/TH.h"
#include "ember/tensor.h"

using ember::DType;
using ember::Tensor;

namespace {

void show(const std::string& what, const Tensor& t) { std::cout << what << ":\n" << t.to_string() << "\n\n"; }

void section(const std::string& title) { std::cout << "== " << title << " ==\n\n"; }

void dtypes() {
  section("Tensors of several dtypes");
  show("float32, 2 x 3, from values", ember::from_vector<float>({1, 2, 3, 4, 5, 6}, {2, 3}));
  Tensor longs = ember::empty({4}, DType::Long);
  longs.fill_(7);
  show("int64, filled with 7", longs);
  show("float16, ones", ember::ones({2, 2}, DType::Half));
  show("bool, from comparing int32 values with 3", ember::from_vector<int32_t>({1, 2, 3, 4}, {4}).lt(3));
  show("a 0-dim tensor", ember::scalar_tensor(2.5, DType::Double));
}

void views() {
  section("Views share storage");
  Tensor m = ember::from_vector<float>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, {3, 4});
  show("m", m);
  show("m.narrow(1, 1, 2): columns 1 and 2", m.narrow(1, 1, 2));
  show("m.t(): strides swapped, no copy", m.t());
  Tensor row = m.select(0, 1);
  show("m.select(0, 1): row 1", row);
  row.fill_(-1);  // writes into m's storage
  show("m after row.fill_(-1)", m);
  std::cout << "row and m share one storage: " << std::boolalpha << (row.storage().impl() == m.storage().impl())
            << "\n\n";
}

void arithmetic() {
  section("Broadcasting and type promotion");
  Tensor ints = ember::from_vector<int32_t>({1, 2, 3}, {3, 1});
  Tensor floats = ember::from_vector<float>({0.5f, 0.25f}, {2});
  show("int32 [3 x 1]", ints);
  show("float32 [2]", floats);
  show("int32 + float32 broadcasts to [3 x 2] float32", ints.add(floats));
  show("int32 / 2: true division gives float32", ints.div(2));
}

void reductions() {
  section("Reductions");
  Tensor m = ember::from_vector<float>({3, 1, 4, 1, 5, 9, 2, 6}, {2, 4});
  show("m", m);
  show("m.sum()", m.sum());
  show("m.sum(1)", m.sum(1));
  auto [values, indices] = m.max(1);
  show("m.max(1) values", values);
  show("m.max(1) indices", indices);
}

void th_api() {
  section("The same through TH's C API");
  THFloatTensor* a = THFloatTensor_newWithSize2d(2, 3);
  THFloatTensor_fill(a, 1.5f);
  THFloatTensor* b = THFloatTensor_newWithSize2d(2, 3);
  for (long i = 0; i < 2; ++i)
    for (long j = 0; j < 3; ++j) THFloatTensor_set2d(b, i, j, static_cast<float>(i * 3 + j));
  THFloatTensor* c = THFloatTensor_new();
  THFloatTensor_cadd(c, a, 2.0f, b);  // c = a + 2 * b
  std::cout << "c = a + 2 * b is " << c->size[0] << " x " << c->size[1] << ", c[1][2] = " << THFloatTensor_get2d(c, 1, 2)
            << ", sum = " << THFloatTensor_sumall(c) << "\n";
  THFloatTensor* col = THFloatTensor_newSelect(c, 1, 0);  // a view: TH code reads the fields directly
  std::cout << "column 0 has " << col->nDimension << " dim of size " << col->size[0] << ", stride " << col->stride[0]
            << ", first value " << col->storage->data[col->storageOffset] << "\n";
  show("\nc seen from C++", Tensor::borrow(reinterpret_cast<ember::TensorImpl*>(c)));
  THFloatTensor_free(col);
  THFloatTensor_free(c);
  THFloatTensor_free(b);
  THFloatTensor_free(a);
}

}  // namespace

int main() {
  dtypes();
  views();
  arithmetic();
  reductions();
  th_api();
  return 0;
}
