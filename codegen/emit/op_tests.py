"""GoogleTest sources from each entry's `test:` and `errors:`, calling the
hand-written harness tests/ops/harness.h.

One file per op (generated/tests/<group>/<op>.cpp), so a schema edit
rebuilds one test source. For an entry with `ref`: every dtype of
dtypes.cpu on every layout of tests/ops/harness/inputs.cpp's Note [layouts], through every
C++ variant the entry declares; one mixed-dtype case per binary op; every
TH binding for every dtype. One negative test per `errors` item. The op's
kind (kinds/) says what `ref` means and which value tests it gets.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..cbinding import CBinding
from ..cpp import Decl, cpp_default, declarations, out_names
from ..dtypes import DType
from ..errors import SchemaError
from ..gtest_cases import TestCase
from ..kinds.base import RESULT_RULES
from ..model import ErrorCase, Op
from ..render import render
from ..schema_set import SchemaSet
from ..signature import Arg
from ..writer import Output

ARG_KINDS = {"Tensor": "Tensor", "Tensor|Scalar": "TensorOrScalar", "Scalar": "Scalar", "int": "Int", "bool": "Bool",
             "ScalarType?": "OptDType"}
_TH_CALL = re.compile(r"\b(TH([A-Z][A-Za-z0-9]*?)(Tensor|Storage|Blas|Lapack)_(\w+))\s*\(")


@dataclass(frozen=True)
class TestFile:
    signature: str
    suite: str
    definitions: tuple[str, ...]   # reference functions, the OpSpec, variants, TH specs
    tests: tuple[TestCase, ...]


def test_path(op: Op) -> str:
    return f"generated/tests/{op.group}/{op.ident}.cpp"


def has_tests(op: Op) -> bool:
    return op.test.ref is not None or bool(op.errors)


def _suite(op: Op) -> str:
    return "Op" + "".join(part.capitalize() for part in op.ident.split("_"))


def _cstr(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---- the OpSpec -----------------------------------------------------------------

def _arg_kind(op: Op, arg: Arg) -> str:
    if arg.name in op.kind.number_args(op):
        return "Number"
    if arg.type not in ARG_KINDS:
        raise SchemaError(op.where, f"test: a generated test cannot pass '{arg.type} {arg.name}'; "
                                    f"name hand-written tests in 'gtest' instead")
    return ARG_KINDS[arg.type]


def _needs_th_spec(op: Op) -> bool:
    """TH's C forms compute something else, or for other dtypes: a second OpSpec."""
    return op.test.th_ref is not None or op.kernel.th_dtypes is not None


def _spec(op: Op, th: bool = False) -> tuple[list[str], str]:
    """The reference functions and the OpSpec initializer (of TH's C forms with `th`)."""
    sig = op.signature
    assert sig is not None and op.test.ref is not None
    dtypes = op.th_dtypes() if th else op.cpu_dtypes()
    ref = (op.test.th_ref or op.test.ref) if th else op.test.ref
    reference = op.kind.reference(op, ref, dtypes, th)
    args = []
    for a in sig.args:
        lo, hi = op.test.domain.get(a.name, (0.0, 0.0))
        has = "true" if a.name in op.test.domain else "false"
        args.append(f'{{"{a.name}", ArgKind::{_arg_kind(op, a)}, {has}, {lo!r}, {hi!r}}}')
    tols = []
    for d in dtypes:
        tol = op.test.tol.get(d.name, op.test.tol.get("default"))
        if tol:
            tols.append(f"{{DType::{d.name}, {tol!r}}}")
    spec = (f"const OpSpec kOp{'Th' if th else ''}{{\n    {_cstr(op.name)},\n    {{{', '.join(args)}}},\n"
            f"    {{{', '.join('DType::' + d.name for d in dtypes)}}},\n"
            f"    Rule::{RESULT_RULES[op.kernel.result]}, {reference.ref_f}, {reference.ref_i}, Reducer::{reference.reducer},\n"
            f"    {{{', '.join(tols)}}}{', true' if op.test.magnitude_tol else ''}}};")
    return list(reference.functions), spec


# ---- C++ variants -----------------------------------------------------------------

def _form(decl: Decl) -> str:
    return {"out": "Out", "inplace": "Inplace"}.get(decl.variant, "Functional")


def _variant(op: Op, decl: Decl) -> str:
    sig = op.signature
    assert sig is not None
    form = _form(decl)
    exprs, names = [], []
    for i, a in enumerate(sig.args):
        as_scalar = decl.scalar_overload and a.type == "Tensor|Scalar"
        if a.is_tensor:
            exprs.append(f"a.s({i})" if as_scalar else f"a.t({i})")
        else:
            exprs.append({"Scalar": f"a.s({i})", "int": f"a.n({i})", "bool": f"a.b({i})", "ScalarType?": f"a.dt({i})"}[a.type])
        names.append(f"Scalar {a.name}" if as_scalar else a.name)
    if form == "Inplace":
        exprs[0] = "a.w(0)"
    outs = ["a.out", "a.out2"][:len(out_names(sig))]
    if decl.is_method:
        call = f"{exprs[0]}.{decl.name}({', '.join(exprs[1:])})"
        text = f"{names[0]}.{decl.name}({', '.join(names[1:])})"
    else:
        lead = outs if form == "Out" else []
        call = f"ember::{decl.name}({', '.join(lead + exprs)})"
        text = f"ember::{decl.name}({', '.join((out_names(sig) if lead else []) + names)})"
    ret = "std::tuple<Tensor, Tensor>" if len(outs) == 2 else "Tensor"
    scalar = "true" if decl.scalar_overload else "false"
    return f"{{{_cstr(text)}, Form::{form}, {scalar}, [](Args& a) -> {ret} {{ return {call}; }}}}"


def _variants(op: Op) -> str:
    sig = op.signature
    assert sig is not None
    element = "Variant2" if len(out_names(sig)) == 2 else "Variant"
    items = ",\n    ".join(_variant(op, d) for d in declarations(op))
    return f"const std::vector<{element}> kVariants = {{\n    {items}}};"


# ---- TH bindings ------------------------------------------------------------------

def _th_param(op: Op, b: CBinding, index: int) -> str:
    """A C parameter as the harness's c_out() / c_input(1) / ... ."""
    sig = op.signature
    assert sig is not None
    p = b.params[index]
    fixed = f"DType::{p.fixed_dtype}" if p.fixed_dtype else ""
    returns = [r.name for r in sig.returns]
    if p.bind == "out" or (p.bind in returns and returns.index(p.bind) == 0):
        return f"c_out({fixed})"
    if p.bind in returns and p.fixed_dtype == "Long":
        return "c_indices()"
    arg = sig.arg(p.bind or "")
    pos = sig.args.index(arg) if arg else -1
    if arg is not None and p.is_tensor:
        return f"c_inout({pos})" if arg.alias == "(a!)" and not fixed else f"c_input({', '.join(filter(None, [str(pos), fixed]))})"
    if arg is not None and p.type == "real":
        return f"c_value({pos})"
    if arg is not None and arg.type == "int" and p.type in ("int", "long"):
        return "c_dim()" if arg.name == "dim" else f"c_int({pos})"
    if arg is not None and arg.type == "bool" and p.type == "int":
        return "c_keepdim()" if arg.name == "keepdim" else f"c_flag({pos}, {'true' if p.negate else 'false'})"
    raise SchemaError(op.where, f"test: no generated TH test for parameter '{p.name}' of {b.generic_name}")


def _th_spec(op: Op, b: CBinding, var: str) -> str:
    sig = op.signature
    assert sig is not None
    params = [_th_param(op, b, i) for i in range(len(b.params))]
    bound = {p.bind for p in b.params}
    defaults = [f"{{{i}, {float(cpp_default(a))!r}}}" for i, a in enumerate(sig.args)
                if a.name not in bound and a.type == "Scalar" and a.default is not None]
    return (f"const ThSpec {var}{{{_cstr(b.generic_name)}, {{{', '.join(params)}}}, "
            f"{{{', '.join(defaults)}}}}};")


def _th_call(b: CBinding, d: DType) -> str:
    args = []
    for i, p in enumerate(b.params):
        if p.is_tensor:
            args.append(f"c.tensor<TH{p.fixed_dtype or d.name}Tensor>({i})")
        elif p.type == "real":
            args.append(f"c.value<{d.c}>({i})")
        else:
            args.append(f"c.integer({i})")
    return f"{b.c_name(d.name)}({', '.join(args)})"


_TH_RETURNS = {"accreal": "Accreal", "real": "Real", "int": "Int"}


def _th_test(op: Op, b: CBinding, d: DType, var: str) -> TestCase:
    call = _th_call(b, d)
    spec = "kOpTh" if _needs_th_spec(op) else "kOp"
    if op.kind.th_check is not None:
        body = f"{op.kind.th_check}({spec}, DType::{d.name}, {var}, [](const ThCall& c) {{ {call}; }});"
    elif b.ret in _TH_RETURNS:
        value = f"static_cast<double>({call})"
        if d.name in ("Half", "BFloat16") and b.ret == "real":
            value = f"static_cast<double>(ember::{d.name}::from_bits({call}.x))"
        body = (f"check_th_reduce_all(kOp, DType::{d.name}, {var}, ThReturn::{_TH_RETURNS[b.ret]}, "
                f"[](const ThCall& c) {{ return {value}; }});")
    elif b.ret == "void":
        body = f"check_th_reduce(kOp, DType::{d.name}, {var}, [](const ThCall& c) {{ {call}; }});"
    else:
        raise SchemaError(op.where, f"test: no generated TH test for {b.generic_name} returning '{b.ret}'")
    return TestCase(b.c_name(d.name), body)


# ---- errors ---------------------------------------------------------------------

def _error_test(op: Op, e: ErrorCase, index: int) -> TestCase:
    example = e.example.strip().rstrip(";")
    arg = _cstr(e.arg) if e.arg else "nullptr"
    m = _TH_CALL.search(example)
    if m:
        fn = m.group(1)
        binding = next((b for b in op.th if b.family == m.group(3) and b.name == m.group(4)), None)
        if binding is None or m.group(2) not in {d.name for d in op.th_exported_dtypes()}:
            raise SchemaError(e.where, f"the example calls {fn}, which is not a C function of {op.name}")
        number = 0
        if e.arg:
            positions = [i + 1 for i, p in enumerate(binding.params) if (p.bind or p.name) == e.arg]
            if not positions:
                raise SchemaError(e.where, f"{fn} has no parameter bound to '{e.arg}'")
            number = positions[0]
        body = f"expect_th_error({_cstr(fn)}, {number}, {arg}, [] {{ {example}; }});"
    else:
        name = op.signature.base_name if op.signature else op.name
        body = f"expect_error(ember::ErrorKind::{e.raises}, {_cstr(name)}, {arg}, [] {{ {example}; }});"
    return TestCase(f"Error{index}", body)


# ---- files ----------------------------------------------------------------------

def test_file(op: Op) -> TestFile:
    definitions: list[str] = []
    tests: list[TestCase] = []
    if op.test.ref is not None:
        if op.signature is None:
            raise SchemaError(op.where, "test: a 'ref' needs a signature (a C-only entry names 'gtest' tests)")
        if op.variants:
            functions, spec = _spec(op)
            definitions += functions + [spec, _variants(op)]
            tests += op.kind.test_cases(op)
        if op.th and _needs_th_spec(op):
            functions, spec = _spec(op, th=True)
            definitions += functions + [spec]
        for b in op.th:
            var = "kTh" + "".join(w[:1].upper() + w[1:] for w in b.name.split("_"))
            definitions.append(_th_spec(op, b, var))
            tests += [_th_test(op, b, d, var) for d in op.th_dtypes()]
    tests += [_error_test(op, e, i) for i, e in enumerate(op.errors)]
    return TestFile(str(op.signature) if op.signature else op.name, _suite(op), tuple(definitions), tuple(tests))


def emit(schemas: SchemaSet, out: Output) -> None:
    for op in schemas.ops:
        if has_tests(op):
            by = (__name__, type(op.kind).__module__)
            out.add(test_path(op), render("op_test.cpp.j2", f"{op.where.file} (op {op.name})", by, file=test_file(op)))
