"""custom: hand-written runtime functions. With a signature, the C++
variants call functions named like them (`impl`, `impl_`, `impl_out`);
a C-only entry's TH functions call `impl<T>` with their own parameters."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl, out_names
from ..dtypes import DType, DTypeTable
from ..errors import SchemaError
from ..fields import string
from ..model import Op
from ..signature import Signature
from ..th_wrappers import THBuilder, generic_type
from ..yaml_source import Node
from .base import RESULT_RULES, Kernel, Kind
from .fields import dtype_list, result_rule
from .th_calls import through_cpp_api

# What a call returns when it answers a question (sizes, flags) rather than computing a tensor.
_PLAIN_RETURNS = ("bool", "int", "float", "Scalar", "()")


@dataclass(frozen=True)
class CustomKernel(Kernel):
    impl: str                        # the runtime function
    th_impl: str | None = None       # the runtime function TH's C functions call instead of the C++ API
    result: str = "same"             # the result dtype rule the Python tests expect
    results: tuple[str, ...] = ()    # one rule per result, when `result` lists them (several results)
    th_dtypes: tuple[DType, ...] | None = None  # dtypes of TH's C forms, when not dtypes.cpu

    @property
    def passes_c_args(self) -> bool:
        return self.th_impl is not None


class Custom(Kind):
    name = "custom"
    # An entry gives `cuda:` dtypes when its impl handles tensors on any
    # device itself (rt::clone_tensor: empty on self's device, then copy_).
    has_cuda_kernels = True
    cuda_source = False
    th_body_any_device = True
    required = frozenset({"impl"})
    optional = frozenset({"th_impl", "result", "th_dtypes"})
    needs_signature = False

    def read(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> CustomKernel:
        results: tuple[str, ...] = ()
        if isinstance(node.get("result"), list):
            results = tuple(node.get("result"))
            if sig is None or len(results) != len(sig.returns) or any(r not in RESULT_RULES for r in results):
                raise SchemaError(node.at("result"), f"a list of result rules has one of {', '.join(sorted(RESULT_RULES))} "
                                                     f"per result of the signature")
        result = results[0] if results else result_rule(node)
        if "th_impl" in node:
            string(node, "th_impl", required=True)
            if sig is None:
                raise SchemaError(node.at("th_impl"), "a C-only entry's C functions call 'impl'; 'th_impl' is for entries with a signature")
            if not entry.get("th"):
                raise SchemaError(node.at("th_impl"), "'th_impl' is what C bindings call, but the entry has no 'th' bindings")
        th_dtypes = None
        if "th_dtypes" in node:
            if not entry.get("th"):
                raise SchemaError(node.at("th_dtypes"), "'th_dtypes' lists the dtypes of C bindings, but the entry has no 'th' bindings")
            th_dtypes = dtype_list(node, "th_dtypes", table)
        return CustomKernel(impl=node.get("impl"), th_impl=node.get("th_impl"), result=result, results=results,
                            th_dtypes=th_dtypes)

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

    def th_body(self, bld: THBuilder) -> None:
        if bld.op.signature is None:
            _c_only(bld)
        elif bld.op.kernel.th_impl:
            _th_impl(bld)
        else:
            through_cpp_api(bld)

    def python_results(self, op: Op) -> tuple[str, ...]:
        return op.kernel.results or (op.kernel.result,)

    def keeps_gil(self, op: Op) -> bool:
        """Queries (sizes, flags) are cheap."""
        sig = op.signature
        assert sig is not None
        return all(r.type in _PLAIN_RETURNS for r in sig.returns)


def _c_only(bld: THBuilder) -> None:
    """C-only entries: the generic runtime function, instantiated for T."""
    args = []
    for p in bld.b.params:
        if p.is_tensor or p.is_storage:
            args.append(bld.impl_of(p, optional=True))
        elif p.type == "real":
            args.append(bld.value_of(p))
        elif p.type == "THTensor **":
            # An array of typed tensors (expandNd); the impl checks each element.
            args.append(f"reinterpret_cast<TensorImpl**>({p.name})")
        else:
            args.append(p.name)
    call = f"{bld.op.kernel.impl}<T>({', '.join(args)})"
    ret = bld.b.ret
    if ret == "void":
        bld.lines.append(f"{call};")
    elif ret.endswith("Tensor *") or ret.endswith("Storage *"):
        bld.lines.append(f"return th::to_c<{generic_type(ret)[:-2].strip()}>({call});")
    elif ret in ("real", "accreal"):
        bld.lines.append(f"return th::value_to_c<{generic_type(ret)}>({call});")
    elif ret.endswith("*"):
        # Element pointers (real *): the impl returns the address untyped.
        bld.lines.append(f"return static_cast<{generic_type(ret)}>({call});")
    else:
        bld.lines.append(f"return {call};")


def _th_impl(bld: THBuilder) -> None:
    """Custom ops whose TH semantics differ beyond geometry (1-based index
    tensors, Byte masks, results written into `r_`): the entry's `th_impl`
    gets the C function's name (for messages) and its C arguments in order,
    tensors as TensorImpl* (NULL is an error), `real`/`accreal` as Scalar."""
    args = [bld.fn]
    for p in bld.b.params:
        if p.is_tensor or p.is_storage:
            args.append(bld.impl_of(p))
        elif p.type == "real":
            args.append(f"Scalar({bld.value_of(p)})")
        elif p.type == "accreal":
            args.append(f"Scalar({p.name})")
        elif p.type == "THTensor **":
            args.append(f"reinterpret_cast<TensorImpl**>({p.name})")
        else:
            args.append(p.name)
    call = f"{bld.op.kernel.th_impl}({', '.join(args)})"
    bld.lines.append(f"{call};" if bld.b.ret == "void" else f"return {call};")


KIND = Custom()
