"""Kernel pieces several kinds (kinds/) and TH's wrappers share: the
element types each dtype instantiates a kernel with, the arguments a
kernel takes, the parameters of a generated *_run helper."""
from __future__ import annotations

import re

from .dtypes import DType
from .model import Op
from .signature import Arg

# C++ element type of the result, per result rule, for an input dtype.
def result_cpp(op: Op, d: DType, for_th: bool = False) -> str:
    rule = op.kernel.result
    if rule == "Bool":
        return "bool"
    if rule == "Long":
        return "int64_t"
    if rule == "integral_to_long" and not for_th and not d.is_floating:
        return "int64_t"
    return d.cpp


def result_dtype_name(op: Op, d: DType, for_th: bool = False) -> str:
    cpp = result_cpp(op, d, for_th)
    return {"bool": "Bool", "int64_t": "Long"}.get(cpp, d.name) if cpp != d.cpp else d.name


def scalar_args(op: Op) -> list[Arg]:
    """Non-tensor arguments a pointwise kernel's expressions use (captured by value)."""
    sig = op.signature
    assert sig is not None
    used = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", " ".join(filter(None, [op.kernel.expr, op.kernel.th_expr]))))
    return [a for a in sig.args if not a.is_tensor and a.name in used and a.name not in op.kernel.inputs]


def dispatch_dtypes(op: Op, backend: str = "cpu") -> list[DType]:
    """dtypes the C++ API may compute in on `backend` (true division never computes in integers)."""
    dtypes = op.dtypes.get(backend, ())
    if op.kernel.result == "floating":
        return [d for d in dtypes if d.is_floating]
    return list(dtypes)


# ---- reducers and along-dim kernels: arguments passed by name ----------------------

_KERNEL_ARG_TYPES = {"Scalar": "double", "float": "double", "int": "int64_t", "int?": "std::optional<int64_t>", "bool": "bool",
                     "str": "std::string_view"}


def kernel_arg_list(op: Op) -> list[Arg]:
    """The signature arguments a `reducer` or an along_dim kernel takes, in order."""
    sig = op.signature
    assert sig is not None
    return [a for name in op.kernel.args for a in [sig.arg(name)] if a is not None]


def kernel_arg_type(arg: Arg) -> str:
    return _KERNEL_ARG_TYPES[arg.type]


def kernel_arg_params(op: Op) -> str:
    """`, double p, bool unbiased`: the kernel's parameters after the operands."""
    return "".join(f", {kernel_arg_type(a)} {a.name}" for a in kernel_arg_list(op))


def kernel_arg_names(op: Op) -> str:
    return "".join(f", {a.name}" for a in kernel_arg_list(op))


def kernel_arg_values(op: Op) -> str:
    """The C++ API's arguments converted to the kernel's parameter types."""
    return "".join(f", {a.name}.to<double>()" if a.type == "Scalar" else f", {a.name}" for a in kernel_arg_list(op))


def run_params(op: Op, used: set[str] | None = None) -> str:
    """The signature's arguments as parameters of a generated *_run helper;
    those not in `used` (all by default) go unnamed."""
    sig = op.signature
    assert sig is not None
    used = {a.name for a in sig.args} if used is None else used
    return ", ".join(f"{a.base_cpp_type} {a.name}" if a.name in used else f"{a.base_cpp_type} /*{a.name}*/" for a in sig.args)
