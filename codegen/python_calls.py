"""The C++ body of one Python overload: convert the parsed arguments, call
the op's C++ API (GIL released for large tensors), convert the result.

Names in the generated code: `r` is the ParsedArgs, `self` the Tensor
object of a method, `a<i>` the i-th Python argument converted.
"""
from __future__ import annotations

from .python_api import Overload, PyParam, ReturnType, options_of, return_type_of

# Parser type -> (C++ declaration with {v} and {i}, whether it is a tensor for the GIL estimate)
_CONVERT = {
    "Tensor": "const Tensor& {v} = r.tensor({i});",
    "Tensor?": "const Tensor {v} = r.optional_tensor({i});",
    "Tensor[]": "const std::vector<Tensor> {v} = r.tensor_list({i});",
    "Tensor?[]": "const std::vector<Tensor> {v} = r.tensor_list({i});",
    "Scalar": "const Scalar {v} = r.scalar({i});",
    "Scalar?": "const std::optional<Scalar> {v} = r.optional_scalar({i});",
    "int": "const int64_t {v} = r.to_int({i});",
    "int?": "const std::optional<int64_t> {v} = r.optional_int({i});",
    "int[]": "ParsedArgs::Ints {v}_list;\nr.int_list({i}, {v}_list);\nconst IntList {v} = {v}_list.list();",
    "int[]?": "ParsedArgs::Ints {v}_list;\nif (!r.is_none({i})) r.int_list({i}, {v}_list);\nconst IntList {v} = {v}_list.list();",
    "bool": "const bool {v} = r.to_bool({i});",
    "float": "const double {v} = r.to_double({i});",
    "float?": "const std::optional<double> {v} = r.optional_double({i});",
    "ScalarType": "const DType {v} = r.dtype({i});",
    "ScalarType?": "const std::optional<DType> {v} = r.optional_dtype({i});",
    "Generator?": "const std::optional<Generator> {v} = r.optional_generator({i});",
    "str": "const std::string_view {v} = r.string({i});",
    "str?": "const std::optional<std::string_view> {v} = r.optional_string({i});",
}


def _var(i: int) -> str:
    return f"a{i}"


def _indent(lines: list[str], n: int) -> list[str]:
    return [(" " * n + line) if line else line for line in lines]


def _convert(p: PyParam, i: int, as_scalar: bool) -> list[str]:
    if p.type == "Tensor|Scalar":
        text = "const Scalar {v} = r.scalar({i});" if as_scalar else "const Tensor& {v} = r.tensor({i});"
    else:
        text = _CONVERT[p.type]
    return text.format(v=_var(i), i=i).split("\n")


def _tensor_exprs(ov: Overload, as_scalar: bool) -> list[str]:
    """Pointers to the tensors whose sizes say whether the call is heavy."""
    exprs = []
    if ov.kind != "function":
        exprs.append("&self_t")
    for i, p in enumerate(ov.params):
        if p.arg is None or _is_self_of_inplace_function(ov, i):
            continue
        if p.type in ("Tensor", "Tensor?") or (p.type == "Tensor|Scalar" and not as_scalar):
            exprs.append(f"&{_var(i)}")
    return exprs


def _is_self_of_inplace_function(ov: Overload, i: int) -> bool:
    """torch.abs_(input)'s input, which the call writes (self_mut)."""
    return ov.kind == "inplace_function" and i == 0


def _cpp_args(ov: Overload) -> list[str]:
    args = [_var(i) for i, p in enumerate(ov.params) if p.arg is not None and not _is_self_of_inplace_function(ov, i)]
    if ov.kind == "method":
        args.insert(ov.sig.method_self, "self_t")
    elif ov.kind in ("inplace", "inplace_function"):
        args.insert(0, "self_mut")
    return args


def _gil(ov: Overload, tensors: list[str], extra: list[str]) -> str:
    if ov.op.kind.keeps_gil(ov.op):
        return ""
    listed = ", ".join(tensors + extra)
    return f"GilRelease unlocked(heavy({{{listed}}}));"


def _call_block(call: str, ov: Overload, tensors: list[str], extra: list[str], result_decl: str | None) -> list[str]:
    gil = _gil(ov, tensors, extra)
    assign = "result = " if result_decl else ""
    if not gil:
        return [f"{'auto result = ' if result_decl else ''}{call};"]
    lines = [result_decl] if result_decl else []
    # The GIL is back when the block ends, before any Python object is touched.
    return lines + ["{", "  " + gil, f"  {assign}{call};", "}"]


def _result_decl(ov: Overload) -> str | None:
    sig = ov.sig
    if len(sig.returns) > 1:
        return "std::tuple<" + ", ".join("Tensor" for _ in sig.returns) + "> result;"
    return {"Tensor": "Tensor result;", "Tensor[]": "std::vector<Tensor> result;", "Scalar": "Scalar result;",
            "int": "int64_t result = 0;", "bool": "bool result = false;", "float": "double result = 0;",
            "()": None}[sig.returns[0].type]


def _index_of(ov: Overload, name: str) -> int:
    return next(i for i, p in enumerate(ov.params) if p.arg is not None and p.arg.name == name)


def _return_result(ov: Overload, types: list[ReturnType]) -> str:
    sig = ov.sig
    if ov.op.returns_if:
        # A plain tuple of the results asked for, or the first alone (PyTorch's unique).
        wanted = ["true" if cond is None else _var(_index_of(ov, cond)) for cond in ov.op.returns_if]
        return f"return to_python_selected(std::move(result), {{{', '.join(wanted)}}});"
    if len(sig.returns) > 1:
        rt = return_type_of(ov.op, types)
        assert rt is not None
        return f"return to_python(gen::{rt.cpp_name}, std::move(result));"
    if sig.returns[0].type == "()":
        return "Py_RETURN_NONE;"
    if sig.returns[0].type == "Tensor":
        # A call that returns its input (contiguous() of a contiguous
        # tensor) gives back the same Python object, as PyTorch.
        same = "self" if ov.kind != "function" else ("r.object(0)" if ov.params and ov.params[0].type == "Tensor" else "nullptr")
        return f"return to_python_same(std::move(result), {same});"
    return "return to_python(std::move(result));"


def _scalar_modes(ov: Overload) -> list[bool]:
    return [False, True] if any(p.type == "Tensor|Scalar" for p in ov.params) else [False]


def _body_for_mode(ov: Overload, as_scalar: bool, types: list[ReturnType]) -> list[str]:
    lines: list[str] = []
    base = ov.sig.base_name
    if ov.kind == "method":
        lines.append("const Tensor& self_t = unwrap(self);")
    elif ov.kind in ("inplace", "inplace_function"):
        lines.append("Tensor& self_mut = " + ("unwrap_mut(self);" if ov.kind == "inplace" else "r.tensor_mut(0);"))
        if not ov.op.kind.keeps_gil(ov.op):
            lines.append("const Tensor& self_t = self_mut;")
    for i, p in enumerate(ov.params):
        if p.arg is not None and not _is_self_of_inplace_function(ov, i):
            lines += _convert(p, i, as_scalar)
    tensors = _tensor_exprs(ov, as_scalar)
    args = _cpp_args(ov)
    options = ov.kind != "inplace" and bool(options_of(ov.op))
    if options:
        lines.append("const FactoryOptions options = factory_options(r);")
    if ov.kind in ("inplace", "inplace_function"):
        lines += _call_block(f"ember::{base}_({', '.join(args)})", ov, tensors, [], None)
        target = "self" if ov.kind == "inplace" else "r.object(0)"
        lines.append(f"Py_INCREF({target});")
        lines.append(f"return {target};")
        return lines
    # The memory format and device a factory call asks for, once the op has made its result.
    formatted = ["result = finish_factory(std::move(result), options);"] if options else []
    if ov.kind == "method":
        # An op whose only C++ form is the method (reshape_as) has no ember:: function; its ember::base one is it.
        fn = f"ember::{base}" if "function" in ov.op.variants else f"ember::base::{base}"
        lines += _call_block(f"{fn}({', '.join(args)})", ov, tensors, [], _result_decl(ov))
        lines += formatted
        lines.append(_return_result(ov, types))
        return lines
    # function, perhaps with out=
    out_index = len(ov.params) - 1
    functional = _call_block(f"ember::{base}({', '.join(args)})", ov, tensors, [], _result_decl(ov))
    functional += formatted
    functional.append(_return_result(ov, types))
    if not ov.has_out:
        return lines + functional
    if len(ov.outs) == 1:
        out_lines = [f"Tensor& out0 = r.tensor_mut({out_index});"]
        out_lines += ["check_out_device(out0, options);"] if options else []
        out_lines += _call_block(f"ember::{base}_out({', '.join(['out0'] + args)})", ov, tensors, ["&out0"], None)
        out_lines += [f"Py_INCREF(r.object({out_index}));", f"return r.object({out_index});"]
    else:
        rt = return_type_of(ov.op, types)
        assert rt is not None
        out_lines = []
        outs = []
        for k in range(len(ov.outs)):
            # A strong reference: the tuple may be a list another thread edits while the GIL is released.
            out_lines.append(f"const Ref out{k}_obj(r.tuple_item({out_index}, {k}));")
            out_lines.append(f"Tensor& out{k} = unwrap_mut(out{k}_obj.get());")
            outs.append(f"out{k}")
        out_lines += _call_block(f"ember::{base}_out({', '.join(outs + args)})", ov, tensors,
                                 [f"&{o}" for o in outs], None)
        objs = ", ".join(f"out{k}_obj.get()" for k in range(len(ov.outs)))
        out_lines.append(f"return to_python_objects(gen::{rt.cpp_name}, {{{objs}}});")
    if ov.out_required:
        return lines + out_lines
    return (lines + [f"if (r.is_none({out_index})) {{"] + _indent(functional, 2) + ["}"] + out_lines)


def overload_body(ov: Overload, types: list[ReturnType]) -> list[str]:
    """The statements of `case k:` for this overload (each path returns)."""
    modes = _scalar_modes(ov)
    if len(modes) == 1:
        return _body_for_mode(ov, False, types)
    # Tensor|Scalar arguments: all tensors take the Tensor overload of the
    # C++ API, all numbers the Scalar one; a mix wraps the numbers as 0-dim
    # tensors (which promote like numbers as long as another tensor has dims).
    mixed = [i for i, p in enumerate(ov.params) if p.type == "Tensor|Scalar"]
    all_tensor = " && ".join(f"r.is_tensor({i})" for i in mixed)
    all_number = " && ".join(f"!r.is_tensor({i})" for i in mixed)
    lines = [f"if ({all_tensor}) {{"] + _indent(_body_for_mode(ov, False, types), 2) + ["}"]
    if len(mixed) == 1:
        return lines + _body_for_mode(ov, True, types)
    lines += [f"if ({all_number}) {{"] + _indent(_body_for_mode(ov, True, types), 2) + ["}"]
    lines.append("PyErr_SetString(PyExc_TypeError, \"" + ov.sig.base_name +
                 "(): numbers and tensors cannot be mixed in these arguments; pass all as tensors\");")
    lines.append("return nullptr;")
    return lines
