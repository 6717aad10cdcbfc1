"""PyTorch-style op signatures: `add(Tensor self, Tensor|Scalar other, *, Scalar alpha=1) -> Tensor`.

Parsed into frozen dataclasses that print back to the same text, so a
signature in a schema and the one shown in docs are the same string.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# Argument types an op may take, and what they are in C++.
ARG_TYPES = {
    "Tensor": "const Tensor&",
    "Tensor|Scalar": "const Tensor&",  # a Scalar is wrapped as a 0-dim tensor
    "Tensor?": "const Tensor&",        # an undefined Tensor means absent
    "Tensor[]": "TensorList",
    "Tensor?[]": "TensorList",         # an undefined entry means absent (None)
    "Scalar": "const Scalar&",
    "Scalar?": "const std::optional<Scalar>&",  # None: absent (clamp's bounds)
    "int": "int64_t",
    "int?": "std::optional<int64_t>",
    "int[]": "IntList",
    "int[]?": "IntList",               # None arrives as the empty list: every dim, to the reductions that take it
    "bool": "bool",
    "float": "double",
    "float?": "std::optional<double>",
    "ScalarType": "DType",
    "ScalarType?": "std::optional<DType>",
    "Generator?": "const std::optional<Generator>&",  # absent: the default generator
    "str": "std::string_view",                # rounding_mode="floor"; a default is quoted: 'linear'
    "str?": "std::optional<std::string_view>",
}
RETURN_TYPES = {"Tensor", "Tensor[]", "Scalar", "int", "bool", "float", "()"}

_ARG = re.compile(r"^(?P<type>[A-Za-z|\[\]?]+)(?P<alias>\([a-z]!?\))?\s+(?P<name>[A-Za-z_][A-Za-z0-9_]*)(=(?P<default>.+))?$")
_RET = re.compile(r"^(?P<type>[A-Za-z]+(\[\])?)(?P<alias>\([a-z]!?\))?(\s+(?P<name>[A-Za-z_][A-Za-z0-9_]*))?$")
_SIG = re.compile(r"^(?P<name>[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?)\((?P<args>.*)\)\s*->\s*(?P<ret>.+)$")


class SignatureError(ValueError):
    pass


@dataclass(frozen=True)
class Arg:
    type: str
    name: str
    default: str | None = None
    kwarg_only: bool = False
    alias: str | None = None  # "(a)" a view of the input, "(a!)" written to

    @property
    def is_tensor(self) -> bool:
        return self.type in ("Tensor", "Tensor|Scalar", "Tensor?")

    @property
    def cpp_type(self) -> str:
        return ARG_TYPES[self.type]

    @property
    def base_cpp_type(self) -> str:
        """The type in the ember::base functions, over TensorBase (cpp.py)."""
        return {"TensorList": "const TensorBaseList&"}.get(self.cpp_type, self.cpp_type.replace("Tensor&", "TensorBase&"))

    def __str__(self) -> str:
        text = f"{self.type}{self.alias or ''} {self.name}"
        return text + (f"={self.default}" if self.default is not None else "")


@dataclass(frozen=True)
class Return:
    type: str
    name: str | None = None
    alias: str | None = None

    def __str__(self) -> str:
        return f"{self.type}{self.alias or ''}" + (f" {self.name}" if self.name else "")


@dataclass(frozen=True)
class Signature:
    name: str  # with the overload, if any: "sum.dim"
    args: tuple[Arg, ...]
    returns: tuple[Return, ...]

    @property
    def base_name(self) -> str:
        return self.name.split(".")[0]

    def arg(self, name: str) -> Arg | None:
        return next((a for a in self.args if a.name == name), None)

    @property
    def tensor_args(self) -> tuple[Arg, ...]:
        return tuple(a for a in self.args if a.is_tensor)

    @property
    def method_self(self) -> int:
        """Which argument a method is called on: the first, unless a later
        Tensor is named self (where.self(Tensor condition, Tensor self, ...)
        is `x.where(condition, other)`, as PyTorch's)."""
        later = [i for i, a in enumerate(self.args) if i > 0 and a.name == "self" and a.type == "Tensor"]
        return later[0] if later else 0

    @property
    def writes_self(self) -> bool:
        """fill(Tensor(a!) self, ...): the op writes its first argument, so
        its only method is the in-place one (fill_), in C++ and Python."""
        return bool(self.args) and self.args[0].alias == "(a!)"

    def __str__(self) -> str:
        parts: list[str] = []
        star = False
        for a in self.args:
            if a.kwarg_only and not star:
                parts.append("*")
                star = True
            parts.append(str(a))
        if len(self.returns) == 1 and self.returns[0].name is None:
            ret = str(self.returns[0])
        else:
            ret = "(" + ", ".join(str(r) for r in self.returns) + ")"
        return f"{self.name}({', '.join(parts)}) -> {ret}"


def _split_args(text: str) -> list[str]:
    # Defaults never contain commas except inside brackets ([0, 1]).
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
            continue
        depth += ch in "[("
        depth -= ch in "])"
        cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def parse_signature(text: str) -> Signature:
    m = _SIG.match(text.strip())
    if not m:
        raise SignatureError(f"cannot parse signature '{text}' (expected 'name(Type arg, ...) -> Type')")
    args: list[Arg] = []
    kwarg_only = False
    seen: set[str] = set()
    for part in _split_args(m.group("args")):
        if part == "*":
            if kwarg_only:
                raise SignatureError("'*' appears twice")
            kwarg_only = True
            continue
        am = _ARG.match(part)
        if not am:
            raise SignatureError(f"cannot parse argument '{part}' (expected 'Type name' or 'Type name=default')")
        if am.group("type") not in ARG_TYPES:
            raise SignatureError(f"unknown argument type '{am.group('type')}' (known: {', '.join(ARG_TYPES)})")
        name = am.group("name")
        if name in seen:
            raise SignatureError(f"argument '{name}' appears twice")
        seen.add(name)
        default = am.group("default")
        if default is None and args and args[-1].default is not None and not kwarg_only:
            raise SignatureError(f"argument '{name}' without a default follows one with a default")
        args.append(Arg(am.group("type"), name, default, kwarg_only, am.group("alias")))
    ret_text = m.group("ret").strip()
    multiple = ret_text.startswith("(") and ret_text.endswith(")") and ret_text != "()"
    ret_parts = _split_args(ret_text[1:-1]) if multiple else [ret_text]
    returns: list[Return] = []
    for part in ret_parts:
        if part == "()":
            returns.append(Return("()"))
            continue
        rm = _RET.match(part)
        if not rm or rm.group("type") not in RETURN_TYPES:
            raise SignatureError(f"cannot parse return '{part}' (known types: {', '.join(sorted(RETURN_TYPES))})")
        returns.append(Return(rm.group("type"), rm.group("name"), rm.group("alias")))
    if multiple and any(r.name is None for r in returns):
        raise SignatureError("each of several returns needs a name: (Tensor values, Tensor indices)")
    sig = Signature(m.group("name"), tuple(args), tuple(returns))
    if str(sig) != " ".join(text.split()):
        raise SignatureError(f"signature does not print back the same: '{sig}' (write it in this canonical form)")
    return sig
