#include "runtime/ops/pointwise_table.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <tuple>

#include "ember/kernel_log.h"
#include "ember/ops/to.h"
#include "kernels/pointwise.h"

namespace ember::rt {

namespace {

bool has_small_values(DType d) { return d == DType::Byte || d == DType::Char || d == DType::Short; }

int64_t value_count(DType d) { return int64_t{1} << (8 * element_size(d)); }

// op's kernel over every value of `input` (bit patterns 0, 1, ..., as
// unsigned), converted to `compute`: entry b is the result for pattern b.
TensorBase make_table(DType compute, DType input, PointwiseKernel<2> kernel) {
  const int64_t n = value_count(input);
  TensorBase values = empty({n}, input);
  char* v = static_cast<char*>(values.data_ptr());
  for (int64_t b = 0; b < n; ++b) {
    const uint16_t pattern = static_cast<uint16_t>(b);
    std::memcpy(v + b * element_size(input), &pattern, element_size(input));  // the low bytes: little-endian
  }
  const TensorBase converted = base::to(values, compute);
  TensorBase table = empty({n}, compute);
  kernels::Operands<2> ops;
  ops.ndim = 1;
  ops.shape[0] = n;
  ops.data[0] = static_cast<char*>(table.data_ptr());
  ops.data[1] = static_cast<char*>(converted.data_ptr());
  ops.strides[0][0] = ops.strides[1][0] = static_cast<int64_t>(element_size(compute));
  kernel(compute, ops);
  return table;
}

// The table of (op, input, compute), made on first use.
const TensorBase& table_of(const PointwiseOp& op, DType compute, DType input, PointwiseKernel<2> kernel) {
  static std::mutex mutex;
  static std::map<std::tuple<const PointwiseOp*, DType, DType>, TensorBase> tables;
  const std::lock_guard<std::mutex> lock(mutex);
  TensorBase& table = tables[{&op, input, compute}];
  if (!table.defined()) table = make_table(compute, input, kernel);
  return table;  // map entries stay where they are
}

// out = table[in's bit pattern], moving bits only: OutBits and InBits are
// unsigned integers of the result's and the input's element sizes.
template <class OutBits, class InBits>
void look_up(kernels::Operands<2>& ops, const TensorBase& table) {
  const OutBits* t = static_cast<const OutBits*>(table.data_ptr());
  kernels::pointwise<OutBits, InBits, 1>(ops, [t](InBits b) { return t[b]; });
}

template <class OutBits>
void look_up_from(DType input, kernels::Operands<2>& ops, const TensorBase& table) {
  if (element_size(input) == 1) look_up<OutBits, uint8_t>(ops, table);
  else look_up<OutBits, uint16_t>(ops, table);
}

}  // namespace

bool takes_function_table(const PointwiseOp& op, DType compute, const TensorBase& input) {
  return op.by_table && is_floating(compute) && has_small_values(input.dtype()) &&
         input.numel() >= value_count(input.dtype()) / 4;
}

void run_by_function_table(const PointwiseOp& op, DType compute, DType input, kernels::Operands<2>& ops,
                           PointwiseKernel<2> kernel) {
  const TensorBase& table = table_of(op, compute, input, kernel);
  note_kernel(op.name, compute, DeviceType::CPU);  // what a call by the kernel records, whether or not it made the table
  switch (element_size(compute)) {
    case 2: return look_up_from<uint16_t>(input, ops, table);
    case 4: return look_up_from<uint32_t>(input, ops, table);
    default: return look_up_from<uint64_t>(input, ops, table);
  }
}

}  // namespace ember::rt
