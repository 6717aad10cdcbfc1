// libFuzzer target for the .t7 reader: any bytes, in both formats, must
// load or raise ember::Error; never crash, leak or allocate beyond the
// input. Built by tests/fuzz/run_t7_fuzzer.sh (clang only).
#include <cstddef>
#include <cstdint>
#include <string>

#include "ember/error.h"
#include "ember/t7.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  for (auto format : {ember::t7::Format::Binary, ember::t7::Format::Ascii}) {
    try {
      const ember::t7::Value v = ember::t7::deserialize(bytes, format);
      // What loads must save again.
      ember::t7::serialize(v, format);
    } catch (const ember::Error&) {
    }
  }
  return 0;
}
