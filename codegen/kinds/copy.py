"""copy: elements converted from any dtype to any other (kernels/copy.h),
run by rt::run_copy."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl
from ..dtypes import DTypeTable
from ..model import Op
from ..signature import Signature
from ..yaml_source import Node
from .base import Kernel, Kind


@dataclass(frozen=True)
class CopyKernel(Kernel):
    """The kernel is fixed (kernels/copy.h): the schema sets nothing."""


class Copy(Kind):
    name = "copy"
    includes = ("kernels/copy.h", "runtime/ops/copy_plan.h", "runtime/th/plan.h", "TH/THTensorTypes.h", "ember/th_error.h", "runtime/th/api.h")
    needs_signature = False

    def read(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> CopyKernel:
        return CopyKernel()

    def body(self, op: Op, decl: Decl) -> tuple[str, ...]:
        sig = op.signature
        assert sig is not None
        return (f'rt::run_copy("{sig.base_name}", self, src, [](DType dst, DType from, kernels::Operands<2>& ops) '
                f'{{ {op.ident}_dispatch(dst, from, ops); }});', "return self;")


KIND = Copy()
