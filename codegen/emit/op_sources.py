"""One C++ source per op: its kernel templates, its C++ API functions
(dtype switch + generic driver) and its TH C functions for every dtype.
One file per op keeps a schema edit's rebuild to that file. What differs
between kinds comes from the op's kind (kinds/)."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl, base_decl, device_guard, function_declarations
from .cpp_api import header_path
from .cuda_sources import cuda_dispatch, cuda_path, has_cuda
from ..kernel_code import dispatch_dtypes, result_cpp
from ..kinds.base import RESULT_RULES
from ..model import Op
from ..render import render
from ..schema_set import SchemaSet
from ..th_wrappers import th_functions, thc_bindings
from ..writer import Output


@dataclass(frozen=True)
class Definition:
    decl: Decl
    body: tuple[str, ...]


def source_path(op: Op) -> str:
    return f"generated/src/ops/{op.group}/{op.ident}.cpp"


def definitions(op: Op) -> list[Definition]:
    if op.signature is None:
        return []
    return [Definition(base, device_guard(op, base) + op.kind.body(op, d))
            for d in function_declarations(op) for base in [base_decl(d)]]


def emit(schemas: SchemaSet, out: Output) -> None:
    for op in schemas.ops:
        sig = op.signature
        dispatch = [(d, result_cpp(op, d)) for d in dispatch_dtypes(op)] if sig else []
        out.add(source_path(op), render(
            op.kind.template, f"{op.where.file} (op {op.name})", (__name__, type(op.kind).__module__),
            op=op, sig=str(sig) if sig else "", ident=op.ident, base=sig.base_name if sig else op.name,
            includes=sorted({*op.kind.includes, "runtime/ops/device_guard.h", *([header_path(op)[len("generated/include/"):]] if sig else []),
                             *([op.include] if op.include else []), *op.kind.op_includes(op),
                             *(["THC/THCTensorTypes.h", "runtime/thc/thunk.h"] if thc_bindings(op) else [])}),
            rule=RESULT_RULES[op.kernel.result],
            cuda_signature=op.kind.cuda_signature(op) if has_cuda(op) else "",
            cuda_source=cuda_path(op) if has_cuda(op) else "", cuda_dispatch=cuda_dispatch(op) if has_cuda(op) else [],
            cuda_dtype_set="rt::DTypeSet{" + ", ".join(f"DType::{d.name}" for d, _ in cuda_dispatch(op)) + "}" if has_cuda(op) else "",
            definitions=definitions(op), dispatch=dispatch, dtypes=op.cpu_dtypes(),
            dtype_set="rt::DTypeSet{" + ", ".join(f"DType::{d.name}" for d, _ in dispatch) + "}",
            th_functions=th_functions(op, schemas.dtypes), **op.kind.source_context(op)))
