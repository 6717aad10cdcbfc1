"""How the schemas' ops appear in Python, with PyTorch's names and conventions.

Every op with a signature becomes overloads of Python names:
- `ember.<name>` (variant `function`; `out=` when the op has `out`), whose
  first argument `self` is called `input`, as in PyTorch;
- the method `Tensor.<name>` (variant `method`), without `self`;
- the method `Tensor.<name>_` (variant `inplace`), returning `self`;
- `ember.<name>_(input, ...)` (variant `inplace_function`), the same on
  its first argument, as torch.abs_.
Overloads of one name (`sum`, `sum.dim`) share one Python callable; the
runtime parser (runtime/python/arg_parser.h) picks the first overload, in
schema order, that the arguments fit. Logic only: the emitter hands the
results to thin templates.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cpp import out_names
from .dtypes import DTypeTable
from .model import Op
from .signature import Arg, Signature

# Python-facing names of the schema types, for docstrings.
DOC_TYPES = {
    "Tensor": "Tensor", "Tensor|Scalar": "Tensor | number", "Tensor?": "Tensor | None", "Tensor[]": "list[Tensor]",
    "Tensor?[]": "list[Tensor | None]",
    "Scalar": "number", "Scalar?": "number | None", "int": "int", "int?": "int | None", "int[]": "tuple[int, ...]",
    "int[]?": "tuple[int, ...] | None", "bool": "bool",
    "float": "float", "float?": "float | None", "ScalarType": "dtype", "ScalarType?": "dtype | None",
    "Generator?": "Generator | None", "str": "str", "str?": "str | None",
    "Layout?": "layout | None", "Device?": "device | str | None", "bool?": "bool | None",
    "MemoryFormat?": "memory_format | None",
}
DOC_RETURNS = {"Tensor": "Tensor", "Tensor[]": "tuple[Tensor, ...]", "Scalar": "number", "int": "int", "bool": "bool",
               "float": "float", "()": "None"}


@dataclass(frozen=True)
class PyParam:
    type: str                  # the parser's type: a schema type, or Tensor[N] for a multi-output out=
    name: str
    default: str | None
    kwarg_only: bool
    arg: Arg | None            # the schema argument it binds; None for out=

    def parser_text(self) -> str:
        text = f"{self.type} {self.name}"
        return text + (f"={self.default}" if self.default is not None else "")

    def doc_text(self) -> str:
        shown = DOC_TYPES.get(self.type, "tuple[Tensor, ...] | None" if self.type.startswith("Tensor[") else self.type)
        return f"{self.name}: {shown}" + (f" = {self.default}" if self.default is not None else "")


@dataclass(frozen=True)
class Overload:
    op: Op
    kind: str                    # "function" | "method" | "inplace" | "inplace_function"
    params: tuple[PyParam, ...]  # what Python passes (methods: without self)
    outs: tuple[str, ...]        # names of the results out= takes; () without out=
    out_required: bool           # an op with `out` but no `function` variant

    @property
    def sig(self) -> Signature:
        assert self.op.signature is not None
        return self.op.signature

    @property
    def has_out(self) -> bool:
        return bool(self.outs)

    def parser_text(self, name: str) -> str:
        parts: list[str] = []
        star = False
        for p in self.params:
            if p.kwarg_only and not star:
                parts.append("*")
                star = True
            parts.append(p.parser_text())
        return f"{name}({', '.join(parts)})"

    def doc_line(self, name: str) -> str:
        parts: list[str] = []
        star = False
        for p in self.params:
            if p.kwarg_only and not star:
                parts.append("*")
                star = True
            parts.append(p.doc_text())
        if self.kind in ("inplace", "inplace_function"):
            ret = "Tensor"
        elif self.op.returns_if:
            ret = " | ".join(_selected_returns(self.sig, self.op.returns_if))
        elif len(self.sig.returns) > 1:
            ret = f"({', '.join(f'{r.name}: {DOC_RETURNS[r.type]}' for r in self.sig.returns)})"
        else:
            ret = DOC_RETURNS[self.sig.returns[0].type]
        return f"{name}({', '.join(parts)}) -> {ret}"


@dataclass(frozen=True)
class Binding:
    """One Python callable: a module function or a Tensor method."""
    name: str                        # the Python name: "add", "add_"
    kind: str                        # "function" | "method"
    overloads: tuple[Overload, ...]
    group: str                       # the shard it is emitted into

    @property
    def cpp_name(self) -> str:
        return ("fn_" if self.kind == "function" else "m_") + self.name

    def parser_texts(self) -> list[str]:
        return [ov.parser_text(self.name) for ov in self.overloads]

    def doc(self) -> str:
        lines = [ov.doc_line(self.name) for ov in self.overloads]
        base = self.overloads[0].op.base_name
        if self.name.removesuffix("_") in self.overloads[0].op.aliases:
            lines.append(f"\nAlias of {base}{self.name[len(self.name.removesuffix('_')):]}.")
        docs: list[str] = []
        for ov in self.overloads:
            if ov.op.doc not in docs:
                docs.append(ov.op.doc)
        return "\n".join(lines) + "\n\n" + "\n\n".join(docs)


@dataclass(frozen=True)
class ReturnType:
    """A named tuple (PyStructSequence) for the results of a multi-output op."""
    name: str                 # "max": ember.return_types.max
    fields: tuple[str, ...]   # ("values", "indices")

    @property
    def cpp_name(self) -> str:
        return "return_type_" + self.name


def _selected_returns(sig: Signature, returns_if: tuple[str | None, ...]) -> list[str]:
    """Docs of a `returns_if` op's results: the first alone, or a tuple with those asked for."""
    shown = [f"{r.name}: {DOC_RETURNS[r.type]}" + (f" if {cond}" if cond else "") for r, cond in zip(sig.returns, returns_if)]
    return [DOC_RETURNS[sig.returns[0].type], f"tuple[{', '.join(shown)}]"]


# PyTorch's tensor options, which its factories take in Python (the
# schema's `factory:`); runtime/python/tensor_options.h checks them.
FACTORY_OPTIONS = (
    PyParam("Layout?", "layout", "None", True, None),
    PyParam("Device?", "device", "None", True, None),
    PyParam("bool?", "pin_memory", "False", True, None),
    PyParam("bool", "requires_grad", "False", True, None),
)
LIKE_OPTIONS = FACTORY_OPTIONS + (PyParam("MemoryFormat?", "memory_format", "None", True, None),)


def options_of(op: Op) -> tuple[PyParam, ...]:
    return {"new": FACTORY_OPTIONS, "like": LIKE_OPTIONS}.get(op.factory or "", ())


def _first_is_tensor(sig: Signature) -> bool:
    return bool(sig.args) and sig.args[0].type == "Tensor"


def _param(arg: Arg, rename_self: bool) -> PyParam:
    # PyTorch calls a function's tensor `self` `input`; a number keeps its name (pow(self=2, exponent=t)).
    name = "input" if (rename_self and arg.name == "self" and arg.is_tensor) else arg.name
    return PyParam(arg.type, name, arg.default, arg.kwarg_only, arg)


def _function_param(op: Op, arg: Arg) -> PyParam:
    """An argument of the Python function: `self` is `input`, unless the
    op's python_names says otherwise (torch.split's `tensor`)."""
    param = _param(arg, True)
    renamed = dict(op.python_names).get(arg.name)
    return param if renamed is None else PyParam(param.type, renamed, param.default, param.kwarg_only, arg)


def _out_param(sig: Signature, required: bool) -> PyParam | None:
    names = out_names(sig)
    if not names or any(r.type != "Tensor" for r in sig.returns):
        return None
    kind = "Tensor" if len(names) == 1 else f"Tensor[{len(names)}]"
    if required:
        return PyParam(kind, "out", None, True, None)
    return PyParam(kind + "?", "out", "None", True, None)


def overloads_of(op: Op) -> list[Overload]:
    """The Python overloads one op contributes, as (kind, Overload)."""
    sig = op.signature
    if sig is None:
        return []
    result: list[Overload] = []
    variants = op.variants
    if sig.writes_self:
        if ("inplace" in variants or "method" in variants) and _first_is_tensor(sig):
            result.append(Overload(op, "inplace", tuple(_param(a, False) for a in sig.args[1:]), (), False))
        result += _inplace_function(op)
        return result
    if "function" in variants or "out" in variants:
        # Options before out=, which the calls find last.
        params = [_function_param(op, a) for a in sig.args] + list(options_of(op))
        out = _out_param(sig, required="function" not in variants) if "out" in variants else None
        if out is not None:
            params.append(out)
        if "function" in variants or out is not None:
            result.append(Overload(op, "function", tuple(params),
                                   tuple(out_names(sig)) if out is not None else (), out is not None and out.default is None))
    k = sig.method_self
    if "method" in variants and sig.args and sig.args[k].type == "Tensor":
        result.append(Overload(op, "method", tuple(_param(a, False) for a in sig.args[:k] + sig.args[k + 1:]) + options_of(op),
                               (), False))
    if "inplace" in variants and _first_is_tensor(sig):
        result.append(Overload(op, "inplace", tuple(_param(a, False) for a in sig.args[1:]), (), False))
    return result + _inplace_function(op)


def _inplace_function(op: Op) -> list[Overload]:
    """torch.abs_(input): the in-place form taking its tensor first."""
    sig = op.signature
    if sig is None or "inplace_function" not in op.variants or not _first_is_tensor(sig):
        return []
    return [Overload(op, "inplace_function", tuple(_param(a, True) for a in sig.args), (), False)]


def method_aliases(op: Op, dtypes: DTypeTable) -> list[str]:
    """Extra method names: to_float is also Tensor.float(), as in PyTorch."""
    sig = op.signature
    if sig is None:
        return []
    names = []
    for d in dtypes.dtypes:
        if op.name == f"to_{d.name.lower()}":
            names.append(d.name.lower())
    return names


def bindings(ops: tuple[Op, ...], dtypes: DTypeTable) -> list[Binding]:
    """Every Python function and method, in schema order of first appearance."""
    order: list[tuple[str, str]] = []
    grouped: dict[tuple[str, str], list[Overload]] = {}
    shard: dict[tuple[str, str], str] = {}

    def add(kind: str, name: str, ov: Overload) -> None:
        key = (kind, name)
        if key not in grouped:
            order.append(key)
            grouped[key] = []
            shard[key] = ov.op.group
        grouped[key].append(ov)

    for op in ops:
        assert op.signature is None or op.signature.base_name == op.base_name
        for ov in overloads_of(op):
            for name in (op.base_name,) + op.aliases:
                if ov.kind == "function":
                    add("function", name, ov)
                elif ov.kind == "method":
                    add("method", name, ov)
                elif ov.kind == "inplace_function":
                    add("function", name + "_", ov)
                else:
                    add("method", name + "_", ov)
            if ov.kind == "method":
                for alias in method_aliases(op, dtypes):
                    add("method", alias, ov)
    return [Binding(name, kind, tuple(grouped[(kind, name)]), shard[(kind, name)]) for kind, name in order]


def return_types(ops: tuple[Op, ...]) -> list[ReturnType]:
    """One named tuple per multi-output base name (ember.return_types.max);
    overloads of one name with other fields get the overload's own name."""
    result: dict[str, ReturnType] = {}
    for op in ops:
        sig = op.signature
        if sig is None or len(sig.returns) < 2 or op.returns_if:
            continue
        fields = tuple(r.name or f"field{i}" for i, r in enumerate(sig.returns))
        name = op.base_name
        if name in result and result[name].fields != fields:
            name = op.ident
        result.setdefault(name, ReturnType(name, fields))
    return list(result.values())


def return_type_of(op: Op, types: list[ReturnType]) -> ReturnType | None:
    sig = op.signature
    if sig is None or len(sig.returns) < 2 or op.returns_if:
        return None
    fields = tuple(r.name or f"field{i}" for i, r in enumerate(sig.returns))
    for name in (op.base_name, op.ident):
        for t in types:
            if t.name == name and t.fields == fields:
                return t
    return None
