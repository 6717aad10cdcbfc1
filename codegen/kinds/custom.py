"""custom: hand-written runtime functions. With a signature, the C++
variants call functions named like them (`impl`, `impl_`, `impl_out`);
a C-only entry's TH functions call `impl<T>` with their own parameters."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl, out_names
from ..dtypes import DTypeTable
from ..errors import SchemaError
from ..fields import string
from ..model import Op
from ..signature import Signature
from ..yaml_source import Node
from .base import Kernel, Kind
from .fields import result_rule

# What a call returns when it answers a question (sizes, flags) rather than computing a tensor.
_PLAIN_RETURNS = ("bool", "int", "float", "Scalar", "()")


@dataclass(frozen=True)
class CustomKernel(Kernel):
    impl: str                        # the runtime function
    th_impl: str | None = None       # the runtime function TH's C functions call instead of the C++ API
    result: str = "same"             # the result dtype rule the Python tests expect

    @property
    def passes_c_args(self) -> bool:
        return self.th_impl is not None


class Custom(Kind):
    name = "custom"
    required = frozenset({"impl"})
    optional = frozenset({"th_impl", "result"})
    needs_signature = False

    def read(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> CustomKernel:
        result = result_rule(node)
        if "th_impl" in node:
            string(node, "th_impl", required=True)
            if sig is None:
                raise SchemaError(node.at("th_impl"), "a C-only entry's C functions call 'impl'; 'th_impl' is for entries with a signature")
            if not entry.get("th"):
                raise SchemaError(node.at("th_impl"), "'th_impl' is what C bindings call, but the entry has no 'th' bindings")
        return CustomKernel(impl=node.get("impl"), th_impl=node.get("th_impl"), result=result)

    def body(self, op: Op, decl: Decl) -> tuple[str, ...]:
        sig = op.signature
        assert sig is not None
        args = ", ".join(a.name for a in sig.args)
        if decl.variant == "out":
            outs = out_names(sig)
            ret = f"return {outs[0]};" if len(outs) == 1 else f"return std::tie({', '.join(outs)});"
            return (f"{op.kernel.impl}_out({', '.join(outs)}, {args});", ret)
        if decl.variant == "inplace":
            return (f"{op.kernel.impl}_({args});", "return self;")
        return (f"return {op.kernel.impl}({args});",)

    def th_builder(self, op: Op) -> str:
        return "th_impl" if op.kernel.th_impl else self.name

    def keeps_gil(self, op: Op) -> bool:
        """Queries (sizes, flags) are cheap."""
        sig = op.signature
        assert sig is not None
        return all(r.type in _PLAIN_RETURNS for r in sig.returns)


KIND = Custom()
