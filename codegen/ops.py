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
from .fields import mapping, string
from .gtest_cases import FLOATING_LAYOUTS, LAYOUTS
from .kinds import KINDS
from .kinds.base import Kernel, Kind
from .model import BACKENDS, ERROR_KINDS, FACTORY_KINDS, VARIANTS, ErrorCase, Op, TestSpec
from .signature import Signature, SignatureError, parse_signature
from .yaml_source import Node, Seq, load

OP_KEYS = {"name", "signature", "variants", "dtypes", "kernel", "th", "doc", "test", "errors", "namespace", "include", "returns_if",
           "python_names", "factory", "aliases"}
# Namespaces an op may also be reached through (ember::linalg::solve, ember.linalg.solve).
NAMESPACES = ("linalg",)

TEST_KEYS = {"ref", "th_ref", "numpy", "tol", "domain", "gtest", "skip_layouts", "shape", "numpy_dtypes", "shapes", "values",
             "magnitude_tol", "ulp"}
# Symbols of test.shapes (tests/python/op_harness.py, Note [argument specs]).
SHAPE_SYMBOLS = ("a", "b", "c", "d", "e")
# Layouts of the generated value tests, for `skip_layouts`.
TEST_LAYOUTS = LAYOUTS + FLOATING_LAYOUTS
ERROR_KEYS = {"raises", "when", "example", "arg"}


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


def _kernel(node: Node, sig: Signature | None, table: DTypeTable) -> tuple[Kind, Kernel]:
    kernel = mapping(node.require("kernel"), node.at("kernel"), "'kernel'")
    name = string(kernel, "kind", required=True)
    if name not in KINDS:
        raise SchemaError(kernel.at("kind"), f"unknown kernel kind '{name}' (known: {', '.join(KINDS)})")
    return KINDS[name], KINDS[name].parse(kernel, node, sig, table)


def _dtypes(node: Node, table: DTypeTable, kind: Kind) -> dict[str, tuple]:
    raw = mapping(node.require("dtypes"), node.at("dtypes"), "'dtypes' (e.g. {cpu: all})")
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
    if "cuda" in result and not kind.has_cuda_kernels:
        raise SchemaError(raw.at("cuda"), f"the '{kind.name}' kind generates no CUDA kernels yet, so it takes no cuda dtypes")
    # CUDA results are tested against the CPU's.
    extra = [d.name for d in result.get("cuda", ()) if d not in result["cpu"]]
    if extra:
        raise SchemaError(raw.at("cuda"), f"cuda dtypes must be cpu dtypes too; not on the cpu: {', '.join(extra)}")
    return result


def _test(node: Node, sig: Signature | None, table: DTypeTable) -> TestSpec:
    test = mapping(node.require("test"), node.at("test"), "'test'")
    test.check_keys(TEST_KEYS, "'test'")
    if "ref" not in test and "gtest" not in test:
        raise SchemaError(test.where, "a test needs a reference ('ref') or the hand-written tests that cover the op ('gtest')")
    ref = string(test, "ref")
    tol: dict[str, float] = {}
    if "tol" in test:
        tol_node = mapping(test.get("tol"), test.at("tol"), "'tol'")
        for key in tol_node.keys():
            if key != "default" and not any(d.name == key for d in table.dtypes):
                raise SchemaError(tol_node.at(key), f"tolerance for unknown dtype '{key}'")
            value = _number(tol_node.get(key))
            if value is None or value < 0:
                raise SchemaError(tol_node.at(key), f"tolerance for {key} must be a number >= 0")
            tol[key] = float(value)
    domain: dict[str, tuple[float, float]] = {}
    if "domain" in test:
        dom_node = mapping(test.get("domain"), test.at("domain"), "'domain'")
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
        node_ = mapping(test.get("shapes"), test.at("shapes"), "'shapes'")
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
        node_ = mapping(test.get("values"), test.at("values"), "'values'")
        for key in node_.keys():
            arg = sig.arg(key) if sig is not None else None
            kind = node_.get(key)
            m = re.fullmatch(r"(?:unique_)?index\((\w+)\)", kind) if isinstance(kind, str) else None
            if arg is not None and arg.type in ("str", "str?"):
                # Words are whatever holds no space (einsum's equations: "ij,jk->ik"), separated by ", ".
                if not isinstance(kind, str) or not re.fullmatch(r"one_of\(\S+(, \S+)*\)", kind):
                    raise SchemaError(node_.at(key), f"values of {key} must be one_of(<word>, ...)")
                values[key] = kind
                continue
            if arg is None or not arg.is_tensor:
                raise SchemaError(node_.at(key), f"values for '{key}', which is not a Tensor or str argument")
            if kind not in ("mask", "sorted", "flat_index") and (m is None or sig.arg(m.group(1)) is None
                                                                 or sig.arg(m.group(1)).type not in ("int", "int?")):
                raise SchemaError(node_.at(key), f"values of {key} must be mask, sorted, flat_index, index(<int dim argument>) "
                                                 f"or unique_index(...)")
            values[key] = kind
    magnitude_tol = test.get("magnitude_tol", False)
    if not isinstance(magnitude_tol, bool):
        raise SchemaError(test.at("magnitude_tol"), "'magnitude_tol' must be true or false")
    return TestSpec(ref=ref, th_ref=string(test, "th_ref"), numpy=string(test, "numpy"), tol=tol, domain=domain, gtest=gtests,
                    gtest_at=test.at("gtest") if gtests else None, skip_layouts=skip, shape=shape,
                    numpy_dtypes=numpy_dtypes, shapes=shapes, values=values, magnitude_tol=magnitude_tol,
                    ulp=_ulp(test, table, ref))


def _ulp(test: Node, table: DTypeTable, ref: str | None) -> dict[str, float]:
    """`ulp: {Float: 1, Double: 1}`: the accuracy promised per floating dtype, against `ref` in long double."""
    if "ulp" not in test:
        return {}
    if ref is None:
        raise SchemaError(test.at("ulp"), "ulp bounds are measured against 'ref'; add one")
    node = mapping(test.get("ulp"), test.at("ulp"), "'ulp'")
    bounds: dict[str, float] = {}
    for key in node.keys():
        if not any(d.name == key and d.kind == "floating" for d in table.dtypes):
            raise SchemaError(node.at(key), f"ulp bound for '{key}', which is not a floating dtype")
        value = _number(node.get(key))
        if value is None or value <= 0:
            raise SchemaError(node.at(key), f"ulp bound for {key} must be a number > 0")
        bounds[key] = float(value)
    return bounds


def _errors(node: Node, sig: Signature | None) -> tuple[ErrorCase, ...]:
    raw = node.get("errors", [])
    if not isinstance(raw, list):
        raise SchemaError(node.at("errors"), "'errors' must be a list")
    lines = raw.lines if isinstance(raw, Seq) else [node.at("errors")] * len(raw)
    cases = []
    for item, where in zip(raw, lines):
        item = mapping(item, where, "each error case")
        item.check_keys(ERROR_KEYS, "an error case")
        raises = string(item, "raises", required=True)
        if raises not in ERROR_KINDS:
            raise SchemaError(item.at("raises"), f"'raises' must be one of {', '.join(ERROR_KINDS)}")
        arg = string(item, "arg")
        # Errors name the op's argument (the C API maps it to TH's number).
        if sig is not None and arg is not None and arg not in _nameable(sig):
            raise SchemaError(item.at("arg"), f"'arg' must name an argument of {sig.name} "
                                              f"({', '.join(sorted(_nameable(sig)))}), got '{arg}'")
        cases.append(ErrorCase(raises=raises, when=string(item, "when", required=True),
                               example=string(item, "example", required=True), arg=arg, where=item.where))
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


def _namespace(node: Node, sig: Signature | None, name: str) -> str | None:
    """`namespace: linalg` on `linalg_solve`: also ember::linalg::solve in
    C++ and ember.linalg.solve in Python (PyTorch's python_module)."""
    ns = string(node, "namespace")
    if ns is None:
        return None
    if ns not in NAMESPACES:
        raise SchemaError(node.at("namespace"), f"unknown namespace '{ns}' (known: {', '.join(NAMESPACES)})")
    if sig is None:
        raise SchemaError(node.at("namespace"), "a C-only entry has no C++ or Python name to put in a namespace")
    if not name.startswith(ns + "_") or "function" not in node.get("variants", ["function"]):
        raise SchemaError(node.at("namespace"), f"an op in namespace '{ns}' is a function named {ns}_<name>, got '{name}'")
    return ns


def _returns_if(node: Node, sig: Signature | None, variants: list) -> tuple[str | None, ...]:
    """`returns_if: {counts: return_counts}`: in Python a result is returned
    only when its bool argument is true (PyTorch's unique); C++ returns them all."""
    if "returns_if" not in node:
        return ()
    raw = mapping(node.get("returns_if"), node.at("returns_if"), "'returns_if'")
    if sig is None or len(sig.returns) < 2:
        raise SchemaError(raw.where, "'returns_if' selects among several results; the op has one")
    if "out" in variants:
        raise SchemaError(raw.where, "an op with 'returns_if' has no out= variant (its results vary)")
    names = [r.name for r in sig.returns]
    for key in raw.keys():
        if key not in names[1:]:
            raise SchemaError(raw.at(key), f"'returns_if' names '{key}', not a result of {sig.name} after the first "
                                           f"({', '.join(names[1:])})")
        arg = sig.arg(raw.get(key)) if isinstance(raw.get(key), str) else None
        if arg is None or arg.type != "bool":
            raise SchemaError(raw.at(key), f"result '{key}' must depend on a bool argument of {sig.name}, got '{raw.get(key)}'")
    return tuple(raw.get(n) if n in raw else None for n in names)


def _python_names(node: Node, sig: Signature | None, variants: list) -> tuple[tuple[str, str], ...]:
    """`python_names: {split_size: split_size_or_sections}`: the keyword names
    of the Python function form where PyTorch's Python wrapper renames its
    arguments (torch.split); methods and C++ keep the signature's names."""
    if "python_names" not in node:
        return ()
    raw = mapping(node.get("python_names"), node.at("python_names"), "'python_names'")
    if sig is None or "function" not in variants:
        raise SchemaError(raw.where, "'python_names' renames the arguments of the Python function; the op has none")
    for key in raw.keys():
        if sig.arg(key) is None:
            raise SchemaError(raw.at(key), f"'python_names' names '{key}', not an argument of {sig.name}")
        if not isinstance(raw.get(key), str) or not raw.get(key).isidentifier():
            raise SchemaError(raw.at(key), f"the Python name of '{key}' must be an identifier, got '{raw.get(key)}'")
    return tuple((key, raw.get(key)) for key in raw.keys())


def _aliases(node: Node, sig: Signature | None, variants: list) -> tuple[str, ...]:
    """`aliases: [absolute]`: more names of the op (PyTorch's and NumPy's),
    in C++ and Python, for each of its variants; they forward to it."""
    if "aliases" not in node:
        return ()
    raw = node.get("aliases")
    if sig is None or not variants:
        raise SchemaError(node.at("aliases"), "'aliases' names C++ and Python forms; the op has none")
    if not isinstance(raw, list) or not raw or any(not isinstance(a, str) or not a.isidentifier() for a in raw):
        raise SchemaError(node.at("aliases"), f"'aliases' must be a list of identifiers, got {raw!r}")
    if sig.base_name in raw or len(set(raw)) != len(raw):
        raise SchemaError(node.at("aliases"), f"'aliases' of {sig.base_name} must be other names, each once")
    return tuple(raw)


def _factory(node: Node, sig: Signature | None) -> str | None:
    """`factory: new` (or `like`): the Python forms also take PyTorch's
    device=, layout=, pin_memory= and requires_grad= (and memory_format=)."""
    kind = string(node, "factory")
    if kind is None:
        return None
    if kind not in FACTORY_KINDS:
        raise SchemaError(node.at("factory"), f"'factory' must be one of {', '.join(FACTORY_KINDS)}, got '{kind}'")
    if sig is None or [r.type for r in sig.returns] != ["Tensor"] or sig.writes_self:
        raise SchemaError(node.at("factory"), "a factory returns one new Tensor")
    if kind == "like" and (not sig.args or sig.args[0].type != "Tensor"):
        raise SchemaError(node.at("factory"), "a 'like' factory takes the tensor it is shaped like first")
    return kind


def _op(node: Any, where: Location, group: str, table: DTypeTable) -> Op:
    node = mapping(node, where, "each op")
    node.check_keys(OP_KEYS, "an op")
    sig: Signature | None = None
    if "signature" in node:
        if "name" in node:
            raise SchemaError(node.at("name"), "an op with a signature takes its name from it; drop 'name'")
        try:
            sig = parse_signature(string(node, "signature", required=True))
        except SignatureError as err:
            raise SchemaError(node.at("signature"), str(err)) from None
        name = sig.name
    else:
        name = string(node, "name")
        if name is None:
            raise SchemaError(node.where, "an op needs a 'signature' (or, for a C-only entry, a 'name')")
    kind, kernel = _kernel(node, sig, table)
    default_variants = ["function", "method"] if sig else []
    variants = node.get("variants", default_variants)
    if not isinstance(variants, list) or any(v not in VARIANTS for v in variants):
        raise SchemaError(node.at("variants"), f"variants must be a list drawn from {', '.join(VARIANTS)}")
    if "inplace_function" in variants and "inplace" not in variants:
        raise SchemaError(node.at("variants"), "variant 'inplace_function' is the module form of variant 'inplace'; add it")
    if variants and sig is None:
        raise SchemaError(node.at("variants"), "a C-only entry has no C++ variants; add a signature")
    th = _bindings(node, sig, table, passthrough=kernel.passes_c_args)
    if th and not kind.writes_th:
        raise SchemaError(node.at("th"), f"a '{kind.name}' kernel writes no TH C functions; drop 'th'")
    if sig is None and not th:
        raise SchemaError(node.where, f"'{name}' has neither a signature nor C bindings: it would generate nothing")
    namespace = _namespace(node, sig, name)
    include = string(node, "include")
    if include is not None and not re.fullmatch(r"(kernels|runtime)/[\w/]+\.h", include):
        raise SchemaError(node.at("include"), f"'include' must name a header under kernels/ or runtime/, got '{include}'")
    op = Op(name=name, signature=sig, variants=tuple(v for v in VARIANTS if v in variants),
            dtypes=_dtypes(node, table, kind), kind=kind, kernel=kernel, th=th, doc=string(node, "doc", required=True).strip(),
            test=_test(node, sig, table), errors=_errors(node, sig), where=node.where, group=group,
            namespace=namespace, include=include, returns_if=_returns_if(node, sig, variants),
            python_names=_python_names(node, sig, variants), factory=_factory(node, sig),
            aliases=_aliases(node, sig, variants))
    _check_ulp(op, node)
    both = sorted(d.name for d in set(op.th_dtypes()) & set(kernel.th_type_error))
    if both:
        raise SchemaError(node.at("kernel"), f"'th_type_error' lists dtypes the C forms compute: {', '.join(both)}")
    return op


def _check_ulp(op: Op, node: Node) -> None:
    """ulp bounds: a pointwise op whose inputs are all tensors, for dtypes it computes on the CPU."""
    if not op.test.ulp:
        return
    where = node.at("test")
    if op.kind.name != "pointwise" or op.signature is None:
        raise SchemaError(where, "ulp bounds are measured for pointwise ops only")
    if any(not a.is_tensor for a in op.signature.args if not a.kwarg_only):
        raise SchemaError(where, "ulp bounds are measured with every positional argument a tensor")
    cpu = {d.name for d in op.dtypes.get("cpu", ())}
    missing = sorted(set(op.test.ulp) - cpu)
    if missing:
        raise SchemaError(where, f"ulp bound for {', '.join(missing)}, which {op.name} does not compute on the CPU")


def _substitute(value: Any, texts: dict[str, str]) -> Any:
    if isinstance(value, str):
        for key, text in texts.items():
            value = value.replace(key, text)
        return value
    if isinstance(value, Node):
        return Node(value.where, {k: _substitute(v, texts) for k, v in value.items.items()}, value.key_lines)
    if isinstance(value, Seq):
        return Seq(value.where, [_substitute(v, texts) for v in value], value.lines)
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
        root = mapping(root, Location(display, 1), f"{display}")
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
    _check_aliases(ops)
    return ops


def _check_aliases(ops: list[Op]) -> None:
    """An alias names one op's overloads and nothing else."""
    bases = {op.base_name: op for op in ops}
    owner: dict[str, Op] = {}
    for op in ops:
        for alias in op.aliases:
            if alias in bases:
                raise SchemaError(op.where, f"alias '{alias}' of {op.base_name} is already an op (at {bases[alias].where})")
            first = owner.setdefault(alias, op)
            if first.base_name != op.base_name:
                raise SchemaError(op.where, f"alias '{alias}' of {op.base_name} is also an alias of {first.base_name} "
                                            f"(at {first.where})")
