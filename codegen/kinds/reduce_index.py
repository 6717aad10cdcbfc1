"""reduce_index: the best element of each slice along `dim` and its
position (kernels/reduce.h's reduce_dim_index), by a `better` comparison."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl, out_names
from ..dtypes import DTypeTable
from ..model import Op
from ..signature import Signature
from ..th_wrappers import THBuilder
from ..yaml_source import Node
from .base import Kernel, Kind
from .th_calls import cpp_api_call


@dataclass(frozen=True)
class ReduceIndexKernel(Kernel):
    better: str                      # a, b -> is a better than b


class ReduceIndex(Kind):
    name = "reduce_index"
    includes = ("ember/kernel_log.h", "kernels/reduce.h", "runtime/ops/reduce_plan.h", "runtime/th/plan.h", "TH/THTensorTypes.h", "ember/th_error.h", "runtime/th/api.h")
    required = frozenset({"better"})
    value_check = "check_reduce_index"
    reference_reducers = ("max", "min")
    has_cuda_kernels = True
    cuda_includes = ("ember/dtype.h", "kernels/cuda/reduce_index.cuh")

    def read(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> ReduceIndexKernel:
        return ReduceIndexKernel(better=node.get("better"))

    def body(self, op: Op, decl: Decl) -> tuple[str, ...]:
        sig = op.signature
        assert sig is not None
        rest = ", ".join(a.name for a in sig.args)
        if decl.variant == "out":
            v, i = out_names(sig)
            return (f"{op.ident}_run(&{v}, &{i}, {rest});", f"return std::tie({v}, {i});")
        return (f"return {op.ident}_run(nullptr, nullptr, {rest});",)

    def cuda_signature(self, op: Op) -> str:
        return f"void {op.ident}(DType dtype, const kernels::Operands<3>& ops, int dim)"

    def th_runs_on_device(self, op: Op) -> bool:
        """THC's forms call the C++ op, which runs on the device."""
        return bool(op.dtypes.get("cuda"))

    def th_body(self, bld: THBuilder) -> None:
        """TH's max and min along a dim: values and indices, resized as TH
        does (th::ThReduce, runtime/th/plan.h)."""
        op = bld.op
        sig = op.signature
        assert sig is not None
        names = [r.name for r in sig.returns]
        vals = bld.impl_of(bld.bound(names[0]))
        idx = bld.impl_of(bld.bound(names[1]))
        src = bld.impl_of(bld.bound("self"))
        dim_p = bld.bound("dim")
        keep_p = bld.bound("keepdim")
        keep = keep_p.name if keep_p else "false"
        if self.th_runs_on_device(op):  # THC's forms: the C++ op on the device, written as TH would
            bld.lines.append("if (rt::default_device_type() != DeviceType::CPU) {")
            call = cpp_api_call(bld, {"self": f"TensorBase::borrow({src})"})
            bld.lines.append(f"  const auto [values, indices] = {call};")
            bld.lines.append(f"  th::copy_into({vals}, th::to_th_geometry(values.impl()));")
            bld.lines.append(f"  return th::copy_into({idx}, th::to_th_geometry(indices.impl()));")
            bld.lines.append("}")
        bld.lines.append(f"th::ThReduce<2> plan({bld.fn}, {{{{{vals}, {idx}}}}}, {src}, {dim_p.name}, {keep} != 0);")
        bld.lines.append(f"{op.ident}_kernel<T>(plan.operands(), plan.dim());")
        bld.lines.append("plan.finish();")

    def python_results(self, op: Op) -> tuple[str, ...]:
        return (op.kernel.result, "Long")


KIND = ReduceIndex()
