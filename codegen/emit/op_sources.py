"""One C++ source per op: its kernel templates, its C++ API functions
(dtype switch + generic driver) and its TH C functions for every dtype.
One file per op keeps a schema edit's rebuild to that file."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl, declarations, out_names
from ..dtypes import DTypeTable
from ..kernel_code import (dispatch_dtypes, kernel_arg_names, kernel_arg_params, kernel_arg_values, kernel_captures,
                           kernel_params, lambda_params, result_cpp, result_dtype_name, scalar_args)
from ..model import Op
from ..ops import BLAS_ROUTINES
from ..render import render
from ..schema_set import SchemaSet
from ..th_wrappers import th_functions
from ..writer import Output

RULES = {"same": "Same", "Bool": "Bool", "Long": "Long", "integral_to_long": "IntegralToLong", "floating": "Floating"}


@dataclass(frozen=True)
class Definition:
    decl: Decl
    body: tuple[str, ...]


def source_path(op: Op) -> str:
    return f"generated/src/ops/{op.group}/{op.ident}.cpp"


def _scalar_names(op: Op) -> str:
    return "".join(f", {a.name}" for a in scalar_args(op))


def _scalar_run_params(op: Op) -> str:
    return "".join(f", {'const Scalar&' if a.type == 'Scalar' else a.cpp_type} {a.name}" for a in scalar_args(op))


def _pointwise_body(op: Op, decl: Decl) -> tuple[str, ...]:
    entries = []
    sig = op.signature
    assert sig is not None
    for name in op.kernel.inputs:
        arg = sig.arg(name)
        assert arg is not None
        scalar = (decl.scalar_overload and arg.type == "Tensor|Scalar") or arg.type == "Scalar"
        entries.append(f"rt::PointwiseArg{{nullptr, &{name}}}" if scalar else f"rt::PointwiseArg{{&{name}, nullptr}}")
    args = "{{" + ", ".join(entries) + "}}" if entries else "{}"
    call = f"{op.ident}_run(%s, {args}{_scalar_names(op)})"
    power = op.kernel.negative_power_error
    check = ()
    if power is not None and decl.scalar_overload:
        check = (f'rt::require_nonnegative_power("{sig.base_name}", {sig.args[0].name}, {power}, "{power}");',)
    if decl.variant == "out":
        return check + (call % "&out, false" + ";", "return out;")
    if decl.variant == "inplace":
        return check + (call % "&self, true" + ";", "return self;")
    return check + ("return " + call % "nullptr, false" + ";",)


def _reduce_body(op: Op, decl: Decl) -> tuple[str, ...]:
    sig = op.signature
    assert sig is not None
    rest = ", ".join(a.name for a in sig.args)
    if sig.arg("dim") is None:
        return (f"return {op.ident}_whole({rest});",)
    if decl.variant == "out":
        return (f"{op.ident}_run(&out, {rest});", "return out;")
    return (f"return {op.ident}_run(nullptr, {rest});",)


def _along_dim_body(op: Op, decl: Decl) -> tuple[str, ...]:
    sig = op.signature
    assert sig is not None
    rest = ", ".join(a.name for a in sig.args)
    outs = out_names(sig)
    if decl.variant == "out":
        if len(outs) == 2:
            v, i = outs
            return (f"{op.ident}_run(&{v}, &{i}, {rest});", f"return std::tie({v}, {i});")
        return (f"{op.ident}_run(&out, nullptr, {rest});", "return out;")
    return (f"return {op.ident}_run(nullptr, nullptr, {rest});",)


def _reduce_index_body(op: Op, decl: Decl) -> tuple[str, ...]:
    sig = op.signature
    assert sig is not None
    rest = ", ".join(a.name for a in sig.args)
    if decl.variant == "out":
        v, i = out_names(sig)
        return (f"{op.ident}_run(&{v}, &{i}, {rest});", f"return std::tie({v}, {i});")
    return (f"return {op.ident}_run(nullptr, nullptr, {rest});",)


def _impl_args(op: Op) -> str:
    sig = op.signature
    assert sig is not None
    return ", ".join(f"{a.name}.impl()" if a.is_tensor else a.name for a in sig.args)


def _view_body(op: Op, decl: Decl) -> tuple[str, ...]:
    return (f"return Tensor::adopt({op.kernel.impl}({_impl_args(op)}));",)


def _custom_body(op: Op, decl: Decl) -> tuple[str, ...]:
    """A custom op's variants call runtime functions named like them:
    `impl` (function), `impl_` (in-place), `impl_out` (out=)."""
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


def _copy_body(op: Op, decl: Decl) -> tuple[str, ...]:
    return ()  # laid out by the template


def _blas_body(op: Op, decl: Decl) -> tuple[str, ...]:
    """The driver with where the result goes (runtime/blas_plan.h) and the dispatch."""
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


_BODIES = {
    "pointwise": _pointwise_body,
    "reduce": _reduce_body,
    "reduce_index": _reduce_index_body,
    "view": _view_body,
    "custom": _custom_body,
    "copy": _copy_body,
    "blas": _blas_body,
    "along_dim": _along_dim_body,
}


def _run_params(op: Op) -> str:
    """The signature's arguments as parameters of a generated *_run helper;
    an along_dim kernel's unused ones (sort's `stable`) go unnamed."""
    sig = op.signature
    assert sig is not None
    used = {a.name for a in sig.args}
    if op.kernel.kind == "along_dim":
        used = {"self", "dim", "keepdim", "dtype", *op.kernel.args}
    return ", ".join(f"{a.cpp_type} {a.name}" if a.name in used else f"{a.cpp_type} /*{a.name}*/" for a in sig.args)


def _along_dim_context(op: Op) -> dict[str, object]:
    sig = op.signature
    assert sig is not None
    k = op.kernel
    length = {"same": "ember::rt::SliceOutputs::kSame", "one": "1"}.get(k.length or "", k.length)
    tensors = [r for r in sig.returns if r.type == "Tensor"]
    return {
        "dim_expr": "dim" if sig.arg("dim") is not None else "std::nullopt",
        "slice_outputs": (f"ember::rt::SliceOutputs{{{length}, {'true' if k.length == 'one' else 'false'}, "
                          f"{'keepdim' if sig.arg('keepdim') is not None else 'false'}, {'true' if k.indices else 'false'}}}"),
        "has_dtype_arg": sig.arg("dtype") is not None,
        "operands": "operands3" if k.indices else "operands2",
        "returns_two": len(tensors) == 2,
    }



def definitions(op: Op) -> list[Definition]:
    if op.signature is None:
        return []
    return [Definition(d, _BODIES[op.kernel.kind](op, d)) for d in declarations(op) if not d.is_method]


def emit(schemas: SchemaSet, out: Output) -> None:
    table: DTypeTable = schemas.dtypes
    for op in schemas.ops:
        sig = op.signature
        dispatch = [(d, result_cpp(op, d)) for d in dispatch_dtypes(op)] if sig else []
        result_dtypes = {d.name: result_dtype_name(op, d) for d in op.cpu_dtypes()}
        dtype_set = "rt::DTypeSet{" + ", ".join(f"DType::{d.name}" for d, _ in dispatch) + "}"
        out.add(source_path(op), render(
            "op.cpp.j2", f"{op.where.file} (op {op.name})",
            op=op, sig=str(sig) if sig else "", ident=op.ident, base=sig.base_name if sig else op.name,
            kind=op.kernel.kind, rule=RULES[op.kernel.result], definitions=definitions(op),
            dispatch=dispatch, dtype_set=dtype_set, result_dtypes=result_dtypes, dtypes=op.cpu_dtypes(),
            kernel_params=kernel_params(op) if sig else "", captures=kernel_captures(op) if sig else [],
            lambda_params=lambda_params(op) if sig and op.kernel.kind == "pointwise" else "",
            scalar_run_params=_scalar_run_params(op) if sig else "", scalar_names=_scalar_names(op) if sig else "",
            nonzero=op.kernel.inputs.index(op.kernel.nonzero) if op.kernel.nonzero else -1,
            n_inputs=len(op.kernel.inputs), th_functions=th_functions(op, table),
            has_dim=bool(sig and sig.arg("dim")), table=table.dtypes,
            blas_call=BLAS_ROUTINES.get(op.kernel.routine or ""),
            run_params=_run_params(op) if sig else "", karg_params=kernel_arg_params(op) if sig else "",
            karg_names=kernel_arg_names(op) if sig else "", karg_list=list(op.kernel.args), karg_values=kernel_arg_values(op) if sig else "",
            along=_along_dim_context(op) if sig and op.kernel.kind == "along_dim" else {}))
