// Compute-bound functions of one uint8, int8 or int16 tensor by a table of
// their results for every input value (run_pointwise's path for them).
//
// Note [small integer function tables]: an integer input of a floating
// function (sin of an int16 tensor) is converted to the compute dtype
// (float32 by default) and the float function runs on every element:
// int16 sin, cosh and acos of 2^20 took 0.71-0.84 ms against NumPy's
// 0.45-0.57 (session 43). Such an input has only 256 or 65536 values. A
// call of a `compute_bound` op (the schema's flag; PointwiseOp::by_table)
// with at least a quarter as many elements as its input dtype has values
// (kHalfTableMinElements's share) takes a table: made on first use by
// converting every value as the general path converts the input
// (base::to) and running the op's own kernel over them, so it holds
// exactly the bits the general path gives each value, and kept for the
// process's life per op, input dtype and compute dtype (1 or 256 KiB for
// float32). Every element is then one lookup. Bool inputs (two valid
// bytes of 256) keep the general path.
// Float16 and BFloat16 inputs have their own tables inside the generated
// kernels (Note [16-bit function tables] in kernels/half_function_table.h).
#pragma once

#include "ember/tensor_base.h"
#include "kernels/operands.h"
#include "runtime/ops/pointwise_plan.h"

namespace ember::rt {

// Whether `op` runs `input` into results of `compute` by a table.
bool takes_function_table(const PointwiseOp& op, DType compute, const TensorBase& input);

// Runs ops (0: the result, in `compute`; 1: the input, in `input`) by the
// table of op's kernel over every value of `input`.
void run_by_function_table(const PointwiseOp& op, DType compute, DType input, kernels::Operands<2>& ops,
                           PointwiseKernel<2> kernel);

}  // namespace ember::rt
