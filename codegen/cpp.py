"""How an op's signature becomes C++ declarations and calls.

Logic only; templates receive the strings built here. Naming follows
PyTorch's C++ API: `add(self, other)`, `self.add(other)`, `self.add_(other)`,
`add_out(out, self, other)`.

Each function exists twice: in ember::base over TensorBase, defined in the
op's source (what the library's own code calls), and in ember:: over
Tensor, an inline forward to it in ops.h (what users call). See
runtime/include/ember/tensor_base.h for why.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .model import Op
from .signature import Arg, Signature

_DEFAULTS = {"True": "true", "False": "false", "None": "std::nullopt", "[]": "{}"}


def cpp_default(arg: Arg) -> str:
    assert arg.default is not None
    if arg.type == "Tensor?" and arg.default == "None":
        return "{}"  # an undefined tensor
    if arg.type == "int[]?" and arg.default == "None":
        return "{}"  # None is the empty list (signature.py)
    text = _DEFAULTS.get(arg.default, arg.default)
    if text.startswith("[") and text.endswith("]"):
        return "{" + text[1:-1] + "}"
    if text.startswith("'") and text.endswith("'"):
        return '"' + text[1:-1] + '"'
    return text


@dataclass(frozen=True)
class Decl:
    """One C++ function or method of an op."""
    variant: str        # the schema variant it stands for: function | method | inplace | out
    ret: str            # "Tensor", "Tensor&", "std::tuple<Tensor, Tensor>"
    name: str           # "add", "add_", "add_out"
    params: str         # with defaults, for the declaration
    params_nodef: str   # for the definition
    call_args: str      # how a method forwards to the free function
    is_method: bool
    scalar_overload: bool  # Tensor|Scalar args taken as Scalar
    args: tuple[str, ...] = ()  # the parameter names, in order
    lists: tuple[str, ...] = ()  # those that are TensorList

    @property
    def forward(self) -> tuple[str, ...]:
        """The statements of the ember:: function, forwarding to ember::base."""
        call = "base::{}({})".format(self.name, ", ".join(f"to_bases({a})" if a in self.lists else a for a in self.args))
        if self.ret == "Tensor&":
            return (f"{call};", f"return {self.args[0]};")
        if self.ret.startswith("std::tuple<Tensor&"):
            outs = self.args[:self.ret.count("Tensor&")]
            return (f"{call};", f"return std::tie({', '.join(outs)});")
        if self.ret == "std::vector<Tensor>":
            return (f"return to_tensors({call});",)
        return (f"return {call};",)


_PUBLIC_TYPE = re.compile(r"\bTensorList\b|\bTensor\b")


def base_decl(decl: Decl) -> Decl:
    """`decl` as the ember::base function over TensorBase."""
    def base(text: str) -> str:
        return _PUBLIC_TYPE.sub(lambda m: "const TensorBaseList&" if m.group(0) == "TensorList" else "TensorBase", text)
    return replace(decl, ret=base(decl.ret), params=base(decl.params), params_nodef=base(decl.params_nodef))


def _param(arg: Arg, as_scalar: bool, with_default: bool) -> str:
    cpp_type = "const Scalar&" if (as_scalar and arg.type == "Tensor|Scalar") else arg.cpp_type
    text = f"{cpp_type} {arg.name}"
    if with_default and arg.default is not None:
        text += f" = {cpp_default(arg)}"
    return text


def _returns(sig: Signature, variant: str) -> str:
    tensors = [r for r in sig.returns if r.type == "Tensor"]
    if variant == "inplace":
        return "Tensor&"
    if variant == "out":
        return "Tensor&" if len(tensors) == 1 else "std::tuple<" + ", ".join(["Tensor&"] * len(tensors)) + ">"
    if len(sig.returns) > 1:
        return "std::tuple<" + ", ".join("Tensor" for _ in sig.returns) + ">"
    return {"Tensor": "Tensor", "Tensor[]": "std::vector<Tensor>", "Scalar": "Scalar", "int": "int64_t",
            "bool": "bool", "float": "double", "()": "void"}[sig.returns[0].type]


def out_names(sig: Signature) -> list[str]:
    tensors = [r for r in sig.returns if r.type == "Tensor"]
    return ["out"] if len(tensors) == 1 else [r.name for r in tensors if r.name]


def has_scalar_overload(sig: Signature) -> bool:
    return any(a.type == "Tensor|Scalar" for a in sig.args)


def declarations(op: Op) -> list[Decl]:
    """Every C++ function and method the op's variants ask for."""
    sig = op.signature
    assert sig is not None
    base = sig.base_name
    decls: list[Decl] = []
    scalar_modes = [False, True] if has_scalar_overload(sig) else [False]
    rest = sig.args[1:]
    names = tuple(a.name for a in sig.args)
    lists = tuple(a.name for a in sig.args if a.cpp_type == "TensorList")
    for as_scalar in scalar_modes:
        def params(args: tuple[Arg, ...], default: bool) -> list[str]:
            return [_param(a, as_scalar, default) for a in args]

        if "function" in op.variants:
            decls.append(Decl("function", _returns(sig, "function"), base, ", ".join(params(sig.args, True)),
                              ", ".join(params(sig.args, False)), "", False, as_scalar, names, lists))
        if "method" in op.variants and not sig.writes_self:
            k = sig.method_self
            others = sig.args[:k] + sig.args[k + 1:]
            decls.append(Decl("method", _returns(sig, "function"), base, ", ".join(params(others, True)),
                              ", ".join(params(others, False)),
                              ", ".join("*this" if i == k else a.name for i, a in enumerate(sig.args)), True, as_scalar))
        if "inplace" in op.variants:
            fn = ["Tensor& self"] + params(rest, True)
            fn_nodef = ["Tensor& self"] + params(rest, False)
            decls.append(Decl("inplace", "Tensor&", base + "_", ", ".join(fn), ", ".join(fn_nodef), "", False, as_scalar,
                              names, lists))
            decls.append(Decl("inplace", "Tensor&", base + "_", ", ".join(params(rest, True)), ", ".join(params(rest, False)),
                              ", ".join(["*this"] + [a.name for a in rest]), True, as_scalar))
        if "out" in op.variants:
            outs = [f"Tensor& {n}" for n in out_names(sig)]
            decls.append(Decl("out", _returns(sig, "out"), base + "_out", ", ".join(outs + params(sig.args, True)),
                              ", ".join(outs + params(sig.args, False)), "", False, as_scalar,
                              tuple(out_names(sig)) + names, lists))
    return decls


def function_declarations(op: Op) -> list[Decl]:
    """The declarations that become ember::base functions: every variant's
    but the methods', and for an op whose only C++ form is a method
    (reshape_as) the function that method forwards to."""
    decls = [d for d in declarations(op) if not d.is_method]
    if "function" not in op.variants and any(d.variant == "method" for d in declarations(op)):
        decls = declarations(replace(op, variants=("function",))) + decls
    return decls


def method_target(op: Op, decl: Decl) -> str:
    """The function a method forwards to: the ember:: one of its name, or
    for an op without a `function` variant its ember::base one (on
    TensorBase, which a Tensor converts to and from)."""
    base = "function" in op.variants or decl.variant == "inplace"
    return ("ember::" if base else "base::") + decl.name


def alias_declarations(op: Op) -> list[tuple[Decl, str]]:
    """The op's declarations under each of its aliases, with the function
    each forwards to: absolute_out -> ember::abs_out."""
    base = op.base_name
    return [(replace(d, name=alias + d.name[len(base):]), method_target(op, d) if d.is_method else "ember::" + d.name)
            for alias in op.aliases for d in declarations(op)]


def _split_params(params: str) -> list[str]:
    """`const TensorBase& self, std::array<bool, 2> m` -> its parameters (commas inside <> and () kept)."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(params + ","):
        depth += c in "<(["
        depth -= c in ">)]"
        if c == "," and depth == 0:
            if params[start:i].strip():
                parts.append(params[start:i].strip())
            start = i + 1
    return parts


def device_guard(op: Op, decl: Decl) -> tuple[str, ...]:
    """The checks that open the ember::base function `decl` (over
    TensorBase): each tensor argument must be on the CPU, unless the op's
    kind takes any device or the op has CUDA kernels."""
    if op.kind.device_agnostic or "cuda" in op.dtypes:
        return ()
    name = op.signature.base_name if op.signature else op.name
    checks = []
    for param in _split_params(decl.params_nodef):
        cpp_type, arg = param.rsplit(" ", 1)
        if "TensorBase" in cpp_type:
            checks.append(f'rt::require_cpu("{name}", {arg}, "{arg}");')
    return tuple(checks)
