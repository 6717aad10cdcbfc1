"""copy: elements converted from any dtype to any other (kernels/copy.h),
run by rt::run_copy."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl
from ..dtypes import DTypeTable
from ..model import Op
from ..signature import Signature
from ..th_wrappers import THBuilder
from ..yaml_source import Node
from .base import Kernel, Kind


@dataclass(frozen=True)
class CopyKernel(Kernel):
    """The kernel is fixed (kernels/copy.h): the schema sets nothing."""


class Copy(Kind):
    name = "copy"
    includes = ("ember/kernel_log.h", "kernels/copy.h", "runtime/ops/copy_plan.h", "runtime/th/plan.h", "TH/THTensorTypes.h", "ember/th_error.h", "runtime/th/api.h")
    needs_signature = False
    has_cuda_kernels = True
    th_body_any_device = True  # THC's copies: a CUDA tensor on either side goes through copy_
    cuda_includes = ("ember/dtype.h", "kernels/cuda/copy.cuh")

    def read(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> CopyKernel:
        return CopyKernel()

    def body(self, op: Op, decl: Decl) -> tuple[str, ...]:
        sig = op.signature
        assert sig is not None
        # PyTorch's non_blocking: a CPU copy is synchronous whatever it says.
        ignored = tuple(f"static_cast<void>({a.name});" for a in sig.args if a.name not in ("self", "src"))
        cuda = f", {op.ident}_cuda" if "cuda" in op.dtypes else ""
        return ignored + (f'rt::run_copy("{sig.base_name}", self, src, [](DType dst, DType from, kernels::Operands<2>& ops) '
                          f'{{ {op.ident}_dispatch(dst, from, ops); }}{cuda});', "return self;")

    def cuda_signature(self, op: Op) -> str:
        return f"void {op.ident}(DType dst, DType src, const kernels::Operands<2>& ops)"

    def th_body(self, bld: THBuilder) -> None:
        """copy and copy<Src>: TH copies between equal element counts, no resize."""
        dst_p, src_p = bld.bound("self"), bld.bound("src")
        assert dst_p is not None and src_p is not None
        dst = bld.impl_of(dst_p)
        src = bld.impl_of(src_p)
        src_cpp = bld.table.by_name(src_p.fixed_dtype).cpp if src_p.fixed_dtype else "T"
        bld.lines.append(f"if (th::copy_on_device({bld.fn}, {dst}, {src})) return;")
        bld.lines.append(f"th::ThPointwise<1> plan({bld.fn}, {dst}, {{{{th::ThInput{{{src}, nullptr, \"src\"}}}}}}, false);")
        bld.lines.append(f"{bld.op.ident}_kernel<T, {src_cpp}>(plan.operands());")
        bld.lines.append("plan.finish();")


KIND = Copy()
