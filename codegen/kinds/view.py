"""view: a runtime function (runtime/core/views.cpp) that shares the input's
storage and sets new sizes, strides and offset. The in-place variant
(transpose_) gives self the view's geometry."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl
from ..dtypes import DTypeTable
from ..model import Op
from ..signature import Signature
from ..th_wrappers import THBuilder
from ..yaml_source import Node
from .base import Kernel, Kind
from .th_calls import through_cpp_api


@dataclass(frozen=True)
class ViewKernel(Kernel):
    impl: str                        # the runtime function, on TensorImpls


class View(Kind):
    name = "view"
    required = frozenset({"impl"})
    device_agnostic = True
    th_body_any_device = True

    def read(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> ViewKernel:
        return ViewKernel(impl=node.get("impl"))

    def body(self, op: Op, decl: Decl) -> tuple[str, ...]:
        sig = op.signature
        assert sig is not None
        args = ", ".join(f"{a.name}.impl()" if a.is_tensor else a.name for a in sig.args)
        if decl.variant == "inplace":
            # PyTorch's transpose_: self itself becomes the view (rt::set, as TH's THTensor_transpose).
            return (f"const TensorBase view = TensorBase::adopt({op.kernel.impl}({args}));", "rt::set(self.impl(), view.impl());",
                    "return self;")
        return (f"return TensorBase::adopt({op.kernel.impl}({args}));",)

    def th_body(self, bld: THBuilder) -> None:
        through_cpp_api(bld)

    def keeps_gil(self, op: Op) -> bool:
        return True


KIND = View()
