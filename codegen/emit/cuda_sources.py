"""One CUDA source per op with CUDA dtypes (generated/src/cuda/): its
kind's .cu template instantiates the kind's generic device code
(kernels/cuda/) once per CUDA dtype, behind one entry point in
ember::cuda_ops that the op's C++ source calls. nvcc compiles them only
when the CUDA backend is built (meson -Dcuda)."""
from __future__ import annotations

from ..kernel_code import dispatch_dtypes, result_cpp
from ..model import Op
from ..render import render
from ..schema_set import SchemaSet
from ..writer import Output


def cuda_path(op: Op) -> str:
    return f"generated/src/cuda/{op.group}/{op.ident}.cu"


def has_cuda(op: Op) -> bool:
    """Whether the op has a .cu (a custom op with cuda dtypes runs on a device through its impl)."""
    return "cuda" in op.dtypes and op.kind.cuda_source


def cuda_dispatch(op: Op) -> list:
    """(dtype, result C++ type) for each dtype the CUDA kernel computes in."""
    return [(d, result_cpp(op, d)) for d in dispatch_dtypes(op, "cuda")] if op.signature else []


def emit(schemas: SchemaSet, out: Output) -> None:
    for op in schemas.ops:
        if not has_cuda(op):
            continue
        sig = op.signature
        context = op.kind.source_context(op) | op.kind.cuda_context(op)
        out.add(cuda_path(op), render(
            op.kind.cuda_template, f"{op.where.file} (op {op.name})", (__name__, type(op.kind).__module__),
            op=op, sig=str(sig) if sig else "", ident=op.ident, base=sig.base_name if sig else op.name,
            cuda_includes=sorted({*op.kind.cuda_includes, *([op.include] if op.include else [])}),
            cuda_signature=op.kind.cuda_signature(op), cuda_dispatch=cuda_dispatch(op),
            cuda_dtypes=op.dtypes["cuda"], **context))
