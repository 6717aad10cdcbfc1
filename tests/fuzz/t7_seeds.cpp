// The fuzzer's seed corpus: when T7_WRITE_SEEDS names a folder, the
// fuzzer writes there, at start-up, the files of a few objects that use
// every part of the format (each class, views, sharing, nesting), in both
// formats, as the serialize tests write them.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "ember/t7.h"
#include "ember/tensor_impl.h"

using ember::DType;
using ember::Storage;
using ember::TensorBase;
using ember::t7::Value;

namespace {

void write_file(const std::string& path, const std::string& bytes) {
  if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* dir = std::getenv("T7_WRITE_SEEDS");
  if (!dir) return 0;
  std::vector<Value> seeds = {Value(), Value(1.5), Value("text"), Value(true)};
  const DType dtypes[] = {DType::Byte, DType::Char, DType::Short, DType::Int,
                          DType::Long, DType::Float, DType::Double, DType::Half};
  for (DType d : dtypes) {
    Storage s(d, 6);
    std::memset(s.data_ptr(), 1, 6 * ember::element_size(d));
    const TensorBase t = TensorBase::adopt(ember::rt::tensor_new_with_storage(d, s.impl(), 1, {2, 2}, {1, 2}));
    seeds.push_back(Value(ember::t7::array({Value(t), Value(s), Value(t)})));
  }
  auto dict = std::make_shared<ember::t7::Table>();
  dict->entries.push_back({Value("nested"), Value(ember::t7::array({Value(1), Value(ember::t7::array({Value(2)}))}))});
  dict->entries.push_back({Value(false), Value("x")});
  seeds.push_back(Value(dict));
  int n = 0;
  for (const Value& v : seeds)
    for (auto format : {ember::t7::Format::Binary, ember::t7::Format::Ascii})
      write_file(std::string(dir) + "/seed" + std::to_string(n++), ember::t7::serialize(v, format));
  return 0;
}
