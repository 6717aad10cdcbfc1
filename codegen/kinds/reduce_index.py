"""reduce_index: the best element of each slice along `dim` and its
position (kernels/reduce.h's reduce_dim_index), by a `better` comparison."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl, out_names
from ..dtypes import DTypeTable
from ..model import Op
from ..signature import Signature
from ..yaml_source import Node
from .base import Kernel, Kind


@dataclass(frozen=True)
class ReduceIndexKernel(Kernel):
    better: str                      # a, b -> is a better than b


class ReduceIndex(Kind):
    name = "reduce_index"
    includes = ("kernels/reduce.h", "runtime/ops/reduce_plan.h", "runtime/th/plan.h", "TH/THTensorTypes.h", "ember/th_error.h", "runtime/th/api.h")
    required = frozenset({"better"})
    value_check = "check_reduce_index"
    reference_reducers = ("max", "min")

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

    def python_results(self, op: Op) -> tuple[str, ...]:
        return (op.kernel.result, "Long")


KIND = ReduceIndex()
