"""blas: matrix products, a driver (runtime/ops/blas_plan.h) calling one BLAS
routine per dtype (runtime/ops/blas_routines.h)."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl
from ..dtypes import DTypeTable
from ..errors import SchemaError
from ..model import Op
from ..signature import Signature
from ..th_wrappers import THBuilder, generic_type, return_cpp
from ..yaml_source import Node
from .base import Kernel, Kind
from .th_calls import cpp_args

# `routine` -> the call it takes (runtime/ops/blas_routines.h).
ROUTINES = {"gemm": "GemmCall", "gemv": "GemvCall", "ger": "GerCall", "dot": "DotCall"}


@dataclass(frozen=True)
class BlasKernel(Kernel):
    impl: str                        # the driver
    routine: str                     # the BLAS routine the driver calls (a ROUTINES key)


class Blas(Kind):
    name = "blas"
    # An entry gives `cuda:` dtypes when its driver runs on a device: every
    # routine goes to cuBLAS (runtime/ops/cuda_gemm.h); no .cu. The driver
    # checks the devices, so TH's forms get THC's (THCudaTensor_addmm).
    has_cuda_kernels = True
    th_body_any_device = True
    cuda_source = False
    includes = ("ember/kernel_log.h", "runtime/ops/blas_plan.h", "TH/THTensorTypes.h", "ember/th_error.h", "runtime/th/api.h")
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

    def th_body(self, bld: THBuilder) -> None:
        """Matrix products: the op's driver in TH's mode (runtime/ops/blas_plan.h),
        writing into the parameter bound to `out`, or returning TH's accreal."""
        op = bld.op
        sig = op.signature
        assert sig is not None
        tensors = {}
        for a in sig.args:
            p = bld.bound(a.name)
            assert p is None or p.is_tensor or p.type == "real", \
                f"{bld.name}: a matrix product's C parameter {p.name} must be a tensor or a real"
            if p is not None and p.is_tensor:
                tensors[a.name] = f"TensorBase::borrow({bld.impl_of(p)})"
        args = cpp_args(bld, tensors)
        out_p = bld.bound("out")
        dispatch = f"{op.ident}_dispatch"
        if out_p is not None:
            bld.lines.append(f"const TensorBase out_t = TensorBase::borrow({bld.impl_of(out_p)});")
            dest = f"rt::BlasDest::th({bld.fn}, out_t)"
            bld.lines.append(f"{op.kernel.impl}({', '.join([dest] + args + [dispatch])});")
            return
        assert bld.b.ret in ("real", "accreal"), f"{bld.name}: a matrix product without an out parameter returns its value"
        bld.lines.append("Scalar value;")
        dest = f"rt::BlasDest::th_value({bld.fn}, &value)"
        bld.lines.append(f"{op.kernel.impl}({', '.join([dest] + args + [dispatch])});")
        bld.lines.append(f"return th::value_to_c<{generic_type(bld.b.ret)}>(value.to<{return_cpp(bld.b.ret)}>());")


KIND = Blas()
