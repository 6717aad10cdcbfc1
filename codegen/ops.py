"""schemas/**/*.yaml (except dtypes.yaml) -> validated Op entries.

Every check here turns a mistake in a schema into `file:line: message`;
tests/codegen/ feeds malformed schemas through it and checks the messages.
"""
from __future__ import annotations

import re

from pathlib import Path
from typing import Any

from .cbinding import BindingError, CBinding, parse_binding
from .dtypes import DTypeTable
from .errors import Location, SchemaError
from .model import BACKENDS, ERROR_KINDS, VARIANTS, ErrorCase, Kernel, Op, TestSpec
from .signature import Signature, SignatureError, parse_signature
from .yaml_source import Node, Seq, load

OP_KEYS = {"name", "signature", "variants", "dtypes", "kernel", "th", "doc", "test", "errors"}

# kind -> (required keys, optional keys) of `kernel:`
KERNEL_KINDS: dict[str, tuple[set[str], set[str]]] = {
    "pointwise": ({"expr"}, {"inputs", "result", "nonzero", "th_expr", "th_dtypes", "th_type_error", "negative_power_error"}),
    # Expressions (identity, combine, merge[, finalize]) or a hand-written `reducer`.
    "reduce": (set(), {"identity", "combine", "merge", "finalize", "result", "reducer", "args", "nonempty"}),
    "reduce_index": ({"better"}, set()),
    "view": ({"impl"}, set()),
    # `result` of a custom kernel states its result dtype rule for the Python tests.
    "custom": ({"impl"}, {"th_impl", "result"}),
    "blas": ({"impl", "routine"}, set()),
    "copy": (set(), set()),
    # A kernel that needs whole slices along a dim (sort, selections, scans).
    "along_dim": ({"impl", "length"}, {"args", "result", "check", "indices"}),
}
# `routine` of a blas kernel -> the call it takes (runtime/blas_routines.h).
BLAS_ROUTINES = {"gemm": "GemmCall", "gemv": "GemvCall", "ger": "GerCall", "dot": "DotCall"}
NONEMPTY = ("all", "th")
# How the C++/Python result dtype follows from the promoted input dtype.
RESULT_RULES = {"same", "Bool", "Long", "integral_to_long", "floating"}
TEST_KEYS = {"ref", "th_ref", "numpy", "tol", "domain", "gtest", "skip_layouts", "shape", "numpy_dtypes", "shapes", "values",
             "magnitude_tol"}
# Symbols of test.shapes (tests/python/op_harness.py, Note [argument specs]).
SHAPE_SYMBOLS = ("a", "b", "c", "d", "e")
# Layouts of the generated value tests (tests/ops/harness.h); Special only for floating dtypes.
TEST_LAYOUTS = ("Contiguous", "Transposed", "Narrowed", "Expanded", "ZeroSize", "ZeroDim", "Large", "Special")
ERROR_KEYS = {"raises", "when", "example", "arg"}


def _str(node: Node, key: str, required: bool = False) -> str | None:
    value = node.get(key)
    if value is None:
        if required:
            raise SchemaError(node.where, f"missing required key '{key}'")
        return None
    if not isinstance(value, str) or not value.strip():
        raise SchemaError(node.at(key), f"'{key}' must be a non-empty string")
    return value


def _number(value: Any) -> float | None:
    """YAML 1.1 reads 1e-6 (no dot) as a string; accept it as a number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _mapping(value: Any, where: Location, what: str) -> Node:
    if not isinstance(value, Node):
        raise SchemaError(where, f"{what} must be a mapping")
    return value


def _kernel(node: Node, sig: Signature | None, table: DTypeTable) -> Kernel:
    kernel = _mapping(node.require("kernel"), node.at("kernel"), "'kernel'")
    kind = _str(kernel, "kind", required=True)
    if kind not in KERNEL_KINDS:
        raise SchemaError(kernel.at("kind"), f"unknown kernel kind '{kind}' (known: {', '.join(KERNEL_KINDS)})")
    required, optional = KERNEL_KINDS[kind]
    kernel.check_keys(required | optional | {"kind"}, f"a '{kind}' kernel")
    for key in sorted(required):
        _str(kernel, key, required=True)
    result = kernel.get("result", "same")
    if result not in RESULT_RULES:
        raise SchemaError(kernel.at("result"), f"unknown result rule '{result}' (known: {', '.join(sorted(RESULT_RULES))})")
    if kind == "blas" and kernel.get("routine") not in BLAS_ROUTINES:
        raise SchemaError(kernel.at("routine"), f"unknown BLAS routine '{kernel.get('routine')}' (known: {', '.join(BLAS_ROUTINES)})")
    if kind in ("pointwise", "reduce", "reduce_index", "view", "blas", "along_dim") and sig is None:
        raise SchemaError(kernel.at("kind"), f"a '{kind}' kernel needs a signature")
    if "th_impl" in kernel:
        _str(kernel, "th_impl", required=True)
        if sig is None:
            raise SchemaError(kernel.at("th_impl"), "a C-only entry's C functions call 'impl'; 'th_impl' is for entries with a signature")
        if not node.get("th"):
            raise SchemaError(kernel.at("th_impl"), "'th_impl' is what C bindings call, but the entry has no 'th' bindings")
    for key in ("identity", "combine", "merge", "finalize", "reducer", "check"):
        if key in kernel:
            _str(kernel, key)
    args: tuple[str, ...] = ()
    if "args" in kernel:
        assert sig is not None
        raw = kernel.get("args")
        if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
            raise SchemaError(kernel.at("args"), "'args' must be a list of argument names")
        for name in raw:
            arg = sig.arg(name)
            if arg is None or arg.is_tensor:
                raise SchemaError(kernel.at("args"), f"kernel argument '{name}' is not a non-tensor argument of {sig.name}")
        args = tuple(raw)
    if kind == "reduce":
        expressions = [k for k in ("identity", "combine", "merge") if k in kernel]
        if "reducer" in kernel and (expressions or "finalize" in kernel):
            raise SchemaError(kernel.at("reducer"), "a reduce kernel takes a 'reducer' or expressions, not both")
        if "reducer" not in kernel and len(expressions) < 3:
            missing = sorted({"identity", "combine", "merge"} - set(expressions))
            raise SchemaError(kernel.where, f"a reduce kernel needs 'reducer', or {', '.join(missing)}")
        if args and "reducer" not in kernel:
            raise SchemaError(kernel.at("args"), "'args' are passed to a 'reducer'; expressions name arguments directly")
        if "nonempty" in kernel and kernel.get("nonempty") not in NONEMPTY:
            raise SchemaError(kernel.at("nonempty"), f"'nonempty' must be one of {', '.join(NONEMPTY)}")
    indices = False
    if kind == "along_dim":
        assert sig is not None
        length = kernel.get("length")
        if length not in ("same", "one"):
            arg = sig.arg(str(length))
            if arg is None or arg.type != "int":
                raise SchemaError(kernel.at("length"), f"'length' must be same, one or an int argument of {sig.name}")
        keepdim = sig.arg("keepdim")
        if keepdim is not None and length != "one":
            raise SchemaError(kernel.at("length"), "an op with keepdim reduces: its 'length' must be one")
        tensors = [r for r in sig.returns if r.type == "Tensor"]
        indices = kernel.get("indices", len(tensors) == 2)
        if not isinstance(indices, bool):
            raise SchemaError(kernel.at("indices"), "'indices' must be true or false")
        if len(tensors) == 2 and not indices:
            raise SchemaError(kernel.at("indices"), "an op returning (values, indices) has a kernel writing indices")
    inputs: tuple[str, ...] = ()
    if kind == "pointwise":
        assert sig is not None
        if "inputs" in kernel:
            raw = kernel.get("inputs")
            if not isinstance(raw, list):
                raise SchemaError(kernel.at("inputs"), "'inputs' must be a list of tensor argument names")
            inputs = tuple(raw)
        else:
            inputs = tuple(a.name for a in sig.tensor_args)
        for name in inputs:
            arg = sig.arg(name)
            # A Scalar input takes part in type promotion as a wrapped number (pow.Scalar's base).
            if arg is None or not (arg.is_tensor or ("inputs" in kernel and arg.type == "Scalar")):
                raise SchemaError(kernel.at("inputs") if "inputs" in kernel else kernel.where,
                                  f"kernel input '{name}' is not a tensor argument of {sig.name}")
        if len(inputs) > 3:
            raise SchemaError(kernel.where, "pointwise kernels take at most 3 tensor inputs")
        if "nonzero" in kernel and kernel.get("nonzero") not in inputs:
            raise SchemaError(kernel.at("nonzero"), f"'nonzero' must name a kernel input ({', '.join(inputs) or 'none'})")
        power = kernel.get("negative_power_error")
        if power is not None and (sig.arg(power) is None or sig.arg(power).type != "Tensor|Scalar"):
            raise SchemaError(kernel.at("negative_power_error"), "'negative_power_error' must name a Tensor|Scalar argument")
    th_expr = _str(kernel, "th_expr")
    th_dtypes = None
    if "th_dtypes" in kernel:
        raw = kernel.get("th_dtypes")
        names = [raw] if isinstance(raw, str) else raw
        if not isinstance(names, list) or not names:
            raise SchemaError(kernel.at("th_dtypes"), "'th_dtypes' must be a group, a dtype, or a list of them")
        th_dtypes = table.resolve(names, kernel.at("th_dtypes"))
    th_type_error: tuple = ()
    if "th_type_error" in kernel:
        raw = kernel.get("th_type_error")
        names = [raw] if isinstance(raw, str) else raw
        if not isinstance(names, list) or not names:
            raise SchemaError(kernel.at("th_type_error"), "'th_type_error' must be a group, a dtype, or a list of them")
        th_type_error = table.resolve(names, kernel.at("th_type_error"))
        if "th" not in node:
            raise SchemaError(kernel.at("th_type_error"), "'th_type_error' needs 'th' bindings")
    return Kernel(kind=kind, expr=kernel.get("expr"), inputs=inputs, result=result, th_expr=th_expr, th_dtypes=th_dtypes, th_type_error=th_type_error,
                  negative_power_error=kernel.get("negative_power_error"),
                  nonzero=kernel.get("nonzero"), identity=kernel.get("identity"), combine=kernel.get("combine"), merge=kernel.get("merge"),
                  finalize=kernel.get("finalize"), better=kernel.get("better"), impl=kernel.get("impl"),
                  th_impl=kernel.get("th_impl"), routine=kernel.get("routine"), reducer=kernel.get("reducer"), args=args, nonempty=kernel.get("nonempty"),
                  length=kernel.get("length"), check=kernel.get("check"), indices=indices)


def _dtypes(node: Node, table: DTypeTable) -> dict[str, tuple]:
    raw = _mapping(node.require("dtypes"), node.at("dtypes"), "'dtypes' (e.g. {cpu: all})")
    raw.check_keys(set(BACKENDS), "'dtypes'")
    result = {}
    for backend in raw.keys():
        value = raw.get(backend)
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, list) or not names:
            raise SchemaError(raw.at(backend), f"dtypes for {backend} must be a group, a dtype, or a list of them")
        result[backend] = table.resolve(names, raw.at(backend))
    if "cpu" not in result:
        raise SchemaError(raw.where, "dtypes must say which dtypes the cpu backend supports")
    return result


def _test(node: Node, sig: Signature | None, table: DTypeTable) -> TestSpec:
    test = _mapping(node.require("test"), node.at("test"), "'test'")
    test.check_keys(TEST_KEYS, "'test'")
    if "ref" not in test and "gtest" not in test:
        raise SchemaError(test.where, "a test needs a reference ('ref') or the hand-written tests that cover the op ('gtest')")
    ref = _str(test, "ref")
    tol: dict[str, float] = {}
    if "tol" in test:
        tol_node = _mapping(test.get("tol"), test.at("tol"), "'tol'")
        for key in tol_node.keys():
            if key != "default" and not any(d.name == key for d in table.dtypes):
                raise SchemaError(tol_node.at(key), f"tolerance for unknown dtype '{key}'")
            value = _number(tol_node.get(key))
            if value is None or value < 0:
                raise SchemaError(tol_node.at(key), f"tolerance for {key} must be a number >= 0")
            tol[key] = float(value)
    domain: dict[str, tuple[float, float]] = {}
    if "domain" in test:
        dom_node = _mapping(test.get("domain"), test.at("domain"), "'domain'")
        for key in dom_node.keys():
            if sig is None or sig.arg(key) is None:
                raise SchemaError(dom_node.at(key), f"domain for unknown argument '{key}'")
            value = dom_node.get(key)
            bounds = [_number(v) for v in value] if isinstance(value, list) else []
            if len(bounds) != 2 or None in bounds or bounds[0] > bounds[1]:
                raise SchemaError(dom_node.at(key), f"domain of {key} must be [low, high]")
            domain[key] = (bounds[0], bounds[1])
    gtests: tuple[str, ...] = ()
    if "gtest" in test:
        raw = test.get("gtest")
        raw = [raw] if isinstance(raw, str) else raw
        if not isinstance(raw, list) or not all(isinstance(g, str) and "." in g for g in raw):
            raise SchemaError(test.at("gtest"), "'gtest' must name tests as Suite.Name")
        gtests = tuple(raw)
    skip: tuple[str, ...] = ()
    if "skip_layouts" in test:
        raw = test.get("skip_layouts")
        if not isinstance(raw, list) or not raw or any(x not in TEST_LAYOUTS for x in raw):
            raise SchemaError(test.at("skip_layouts"), f"'skip_layouts' must list layouts of {', '.join(TEST_LAYOUTS)}")
        if not gtests:
            raise SchemaError(test.at("skip_layouts"), "skipped layouts need the hand-written tests that cover them ('gtest')")
        skip = tuple(raw)
    shape = None
    if "shape" in test:
        raw = test.get("shape")
        if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(n, int) and n > 0 for n in raw):
            raise SchemaError(test.at("shape"), "'shape' must be [rows, columns] of positive integers")
        shape = (raw[0], raw[1])
    numpy_dtypes = None
    if "numpy_dtypes" in test:
        raw = test.get("numpy_dtypes")
        names = [raw] if isinstance(raw, str) else raw
        if not isinstance(names, list) or not names or "numpy" not in test:
            raise SchemaError(test.at("numpy_dtypes"), "'numpy_dtypes' lists the dtypes of the 'numpy' test")
        if "gtest" not in test:
            raise SchemaError(test.at("numpy_dtypes"), "dtypes left out of the 'numpy' test need the hand-written tests that cover them ('gtest')")
        numpy_dtypes = table.resolve(names, test.at("numpy_dtypes"))
    shapes: dict[str, tuple[int | str, ...]] = {}
    if "shapes" in test:
        node_ = _mapping(test.get("shapes"), test.at("shapes"), "'shapes'")
        for key in node_.keys():
            arg = sig.arg(key) if sig is not None else None
            if arg is None or not arg.is_tensor:
                raise SchemaError(node_.at(key), f"shape for '{key}', which is not a Tensor argument")
            raw = node_.get(key)
            if not isinstance(raw, list) or not all((isinstance(d, int) and d >= 0) or d in SHAPE_SYMBOLS for d in raw):
                raise SchemaError(node_.at(key), f"shape of {key} must list sizes and symbols ({', '.join(SHAPE_SYMBOLS)})")
            shapes[key] = tuple(raw)
    values: dict[str, str] = {}
    if "values" in test:
        node_ = _mapping(test.get("values"), test.at("values"), "'values'")
        for key in node_.keys():
            arg = sig.arg(key) if sig is not None else None
            kind = node_.get(key)
            m = re.fullmatch(r"(?:unique_)?index\((\w+)\)", kind) if isinstance(kind, str) else None
            if arg is None or not arg.is_tensor:
                raise SchemaError(node_.at(key), f"values for '{key}', which is not a Tensor argument")
            if kind != "mask" and (m is None or sig.arg(m.group(1)) is None or sig.arg(m.group(1)).type != "int"):
                raise SchemaError(node_.at(key), f"values of {key} must be mask, index(<int dim argument>) or unique_index(...)")
            values[key] = kind
    magnitude_tol = test.get("magnitude_tol", False)
    if not isinstance(magnitude_tol, bool):
        raise SchemaError(test.at("magnitude_tol"), "'magnitude_tol' must be true or false")
    return TestSpec(ref=ref, th_ref=_str(test, "th_ref"), numpy=_str(test, "numpy"), tol=tol, domain=domain, gtest=gtests,
                    gtest_at=test.at("gtest") if gtests else None, skip_layouts=skip, shape=shape,
                    numpy_dtypes=numpy_dtypes, shapes=shapes, values=values, magnitude_tol=magnitude_tol)


def _errors(node: Node, sig: Signature | None) -> tuple[ErrorCase, ...]:
    raw = node.get("errors", [])
    if not isinstance(raw, list):
        raise SchemaError(node.at("errors"), "'errors' must be a list")
    lines = raw.lines if isinstance(raw, Seq) else [node.at("errors")] * len(raw)
    cases = []
    for item, where in zip(raw, lines):
        item = _mapping(item, where, "each error case")
        item.check_keys(ERROR_KEYS, "an error case")
        raises = _str(item, "raises", required=True)
        if raises not in ERROR_KINDS:
            raise SchemaError(item.at("raises"), f"'raises' must be one of {', '.join(ERROR_KINDS)}")
        arg = _str(item, "arg")
        # Errors name the op's argument (the C API maps it to TH's number).
        if sig is not None and arg is not None and arg not in _nameable(sig):
            raise SchemaError(item.at("arg"), f"'arg' must name an argument of {sig.name} "
                                              f"({', '.join(sorted(_nameable(sig)))}), got '{arg}'")
        cases.append(ErrorCase(raises=raises, when=_str(item, "when", required=True),
                               example=_str(item, "example", required=True), arg=arg, where=item.where))
    return tuple(cases)


def _nameable(sig: Signature) -> set[str]:
    """What a C binding parameter or an error may refer to: arguments, `out`, named returns."""
    return {a.name for a in sig.args} | {"out"} | {r.name for r in sig.returns if r.name}


def _bindings(node: Node, sig: Signature | None, table: DTypeTable, passthrough: bool = False) -> tuple[CBinding, ...]:
    """`passthrough`: the C functions call a `th_impl` with their own
    parameters, so a C-only one (a THGenerator *) may bind no argument."""
    raw = node.get("th", [])
    if not isinstance(raw, list):
        raise SchemaError(node.at("th"), "'th' must be a list of C bindings")
    lines = raw.lines if isinstance(raw, Seq) else [node.at("th")] * len(raw)
    names = {d.name for d in table.dtypes}
    result = []
    expanded: list[tuple[str, Location]] = []
    for text, where in zip(raw, lines):
        if not isinstance(text, str):
            raise SchemaError(where, "a C binding must be a string like 'void THTensor_fill(THTensor *r_ = self, real value = value)'")
        # {Src} stands for every dtype: copy{Src}(..., TH{Src}Tensor *src) is ten bindings.
        if "{Src}" in text:
            expanded += [(text.replace("{Src}", d.name), where) for d in table.dtypes]
        else:
            expanded.append((text, where))
    for text, where in expanded:
        try:
            binding = parse_binding(text, names)
        except BindingError as err:
            raise SchemaError(where, str(err)) from None
        if sig is not None:
            bindable = _nameable(sig)
            for p in binding.params:
                if p.bind is None:
                    if passthrough and p.type == "THGenerator *":
                        continue
                    raise SchemaError(where, f"C parameter '{p.name}' of {binding.name} must say which argument it binds (= name)"
                                             + (" (only a THGenerator * of a th_impl entry may bind none)" if p.type == "THGenerator *" else ""))
                if p.bind not in bindable:
                    raise SchemaError(where, f"C parameter '{p.name}' of {binding.name} binds unknown argument '{p.bind}' "
                                             f"(arguments of {sig.name}: {', '.join(sorted(bindable))})")
                bound_arg = sig.arg(p.bind)
                if p.negate and (bound_arg is None or bound_arg.type != "bool"):
                    raise SchemaError(where, f"C parameter '{p.name}' of {binding.name} negates '{p.bind}', which is not a bool argument")
            bound = {p.bind for p in binding.params}
            for a in sig.args:
                if a.default is None and a.name not in bound:
                    raise SchemaError(where, f"{binding.name} does not bind required argument '{a.name}' of {sig.name}")
        elif any(p.bind for p in binding.params):
            raise SchemaError(where, f"{binding.name}: parameters of a custom op's C binding are passed as they are; drop the '= name' parts")
        result.append(binding)
    return tuple(result)


def _op(node: Any, where: Location, group: str, table: DTypeTable) -> Op:
    node = _mapping(node, where, "each op")
    node.check_keys(OP_KEYS, "an op")
    sig: Signature | None = None
    if "signature" in node:
        if "name" in node:
            raise SchemaError(node.at("name"), "an op with a signature takes its name from it; drop 'name'")
        try:
            sig = parse_signature(_str(node, "signature", required=True))
        except SignatureError as err:
            raise SchemaError(node.at("signature"), str(err)) from None
        name = sig.name
    else:
        name = _str(node, "name")
        if name is None:
            raise SchemaError(node.where, "an op needs a 'signature' (or, for a C-only entry, a 'name')")
    kernel = _kernel(node, sig, table)
    default_variants = ["function", "method"] if sig else []
    variants = node.get("variants", default_variants)
    if not isinstance(variants, list) or any(v not in VARIANTS for v in variants):
        raise SchemaError(node.at("variants"), f"variants must be a list drawn from {', '.join(VARIANTS)}")
    if variants and sig is None:
        raise SchemaError(node.at("variants"), "a C-only entry has no C++ variants; add a signature")
    th = _bindings(node, sig, table, passthrough=kernel.th_impl is not None)
    if sig is None and not th:
        raise SchemaError(node.where, f"'{name}' has neither a signature nor C bindings: it would generate nothing")
    op = Op(name=name, signature=sig, variants=tuple(v for v in VARIANTS if v in variants),
            dtypes=_dtypes(node, table), kernel=kernel, th=th, doc=_str(node, "doc", required=True).strip(),
            test=_test(node, sig, table), errors=_errors(node, sig), where=node.where, group=group)
    both = sorted(d.name for d in set(op.th_dtypes()) & set(kernel.th_type_error))
    if both:
        raise SchemaError(node.at("kernel"), f"'th_type_error' lists dtypes the C forms compute: {', '.join(both)}")
    return op


def _substitute(value: Any, mapping: dict[str, str]) -> Any:
    if isinstance(value, str):
        for key, text in mapping.items():
            value = value.replace(key, text)
        return value
    if isinstance(value, Node):
        return Node(value.where, {k: _substitute(v, mapping) for k, v in value.items.items()}, value.key_lines)
    if isinstance(value, Seq):
        return Seq(value.where, [_substitute(v, mapping) for v in value], value.lines)
    return value


def _per_dtype(entry: Any, table: DTypeTable) -> list[Any]:
    """An entry whose signature holds `{type}` stands for one op per dtype:
    `{type}` becomes the dtype's name in lower case (to_{type} -> to_bfloat16)
    and `{Type}` its TH name (BFloat16), everywhere in the entry."""
    sig = entry.get("signature") if isinstance(entry, Node) else None
    if not isinstance(sig, str) or "{type}" not in sig:
        return [entry]
    return [_substitute(entry, {"{type}": d.name.lower(), "{Type}": d.name}) for d in table.dtypes]


def load_ops(files: list[tuple[Path, str]], table: DTypeTable) -> list[Op]:
    """Loads every op file; cross-entry checks (unique names) included."""
    ops: list[Op] = []
    seen_names: dict[str, Op] = {}
    seen_c: dict[str, tuple[Op, Location]] = {}
    for path, display in files:
        root = load(path, display)
        root = _mapping(root, Location(display, 1), f"{display}")
        root.check_keys({"ops"}, "an op schema file")
        entries = root.require("ops")
        if not isinstance(entries, Seq):
            raise SchemaError(root.at("ops"), "'ops' must be a list")
        for op in (_op(one, where, path.stem, table)
                   for entry, where in zip(entries, entries.lines) for one in _per_dtype(entry, table)):
            if op.name in seen_names:
                raise SchemaError(op.where, f"duplicate op '{op.name}' (first at {seen_names[op.name].where})")
            seen_names[op.name] = op
            for b in op.th:
                if b.generic_name in seen_c:
                    first, loc = seen_c[b.generic_name]
                    raise SchemaError(op.where, f"C function '{b.generic_name}' is bound twice (also by '{first.name}' at {loc})")
                seen_c[b.generic_name] = (op, op.where)
            ops.append(op)
    return ops
