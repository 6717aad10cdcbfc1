"""blas: matrix products, a driver (runtime/ops/blas_plan.h) calling one BLAS
routine per dtype (runtime/ops/blas_routines.h)."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl
from ..dtypes import DTypeTable
from ..errors import SchemaError
from ..model import Op
from ..signature import Signature
from ..yaml_source import Node
from .base import Kernel, Kind

# `routine` -> the call it takes (runtime/ops/blas_routines.h).
ROUTINES = {"gemm": "GemmCall", "gemv": "GemvCall", "ger": "GerCall", "dot": "DotCall"}


@dataclass(frozen=True)
class BlasKernel(Kernel):
    impl: str                        # the driver
    routine: str                     # the BLAS routine the driver calls (a ROUTINES key)


class Blas(Kind):
    name = "blas"
    includes = ("runtime/ops/blas_plan.h", "TH/THTensorTypes.h", "ember/th_error.h", "runtime/th/api.h")
    required = frozenset({"impl", "routine"})

    def read(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> BlasKernel:
        if node.get("routine") not in ROUTINES:
            raise SchemaError(node.at("routine"), f"unknown BLAS routine '{node.get('routine')}' (known: {', '.join(ROUTINES)})")
        return BlasKernel(impl=node.get("impl"), routine=node.get("routine"))

    def body(self, op: Op, decl: Decl) -> tuple[str, ...]:
        """The driver with where the result goes (runtime/ops/blas_plan.h) and the dispatch."""
        sig = op.signature
        assert sig is not None
        base = sig.base_name
        if decl.variant == "out":
            dest, ret = f'rt::BlasDest::out("{base}", out)', "out"
        elif decl.variant == "inplace":
            dest, ret = f'rt::BlasDest::inplace("{base}", self)', "self"
        else:
            dest, ret = f'rt::BlasDest::functional("{base}")', None
        call = f"{op.kernel.impl}({', '.join([dest] + [a.name for a in sig.args] + [op.ident + '_dispatch'])})"
        return (f"return {call};",) if ret is None else (f"{call};", f"return {ret};")

    def source_context(self, op: Op) -> dict[str, object]:
        return {"blas_call": ROUTINES[op.kernel.routine]}


KIND = Blas()
