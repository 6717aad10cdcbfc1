"""generated/tests/python/: pytest modules, run by `meson test` (test 'python').

- test_ops_<group>.py: for every op with a `test.numpy` reference, every
  dtype it declares, on the layouts of tests/python/op_harness.py, through
  every Python variant, against NumPy (one module per schema group);
- test_bindings_smoke.py: every bound function and method called with
  wrong, odd and huge arguments, one argument at a time: only Python
  exceptions may come out (tests/python/smoke_harness.py).
The modules hold data only; the logic is in the hand-written harnesses.
"""
from __future__ import annotations

from itertools import groupby

from ..model import Op
from ..python_api import Binding, bindings
from ..render import render
from ..schema_set import SchemaSet
from ..writer import Output


def _py_name(dtype_name: str, schemas: SchemaSet) -> str:
    return schemas.dtypes.by_name(dtype_name).numpy


# The C++ harness's layout names (a schema's skip_layouts) -> tests/python/op_harness.py's.
_LAYOUTS = {"Contiguous": "contiguous", "Transposed": "transposed", "Narrowed": "sliced", "Expanded": "broadcast",
            "ZeroSize": "zero_size", "ZeroDim": "zero_dim"}


def _python_variants(op: Op) -> tuple[str, ...]:
    sig = op.signature
    assert sig is not None
    if sig.writes_self:
        return ("inplace",) + tuple(v for v in op.variants if v == "inplace_function")
    return op.variants


def _spec(op: Op, schemas: SchemaSet) -> dict:
    sig = op.signature
    assert sig is not None and op.test.numpy is not None
    tol = {("default" if k == "default" else _py_name(k, schemas)): v for k, v in sorted(op.test.tol.items())}
    spec = {
        "name": op.name,
        "python": sig.base_name,
        "signature": str(sig),
        "args": tuple((a.name, a.type, a.default, a.kwarg_only) for a in sig.args),
        "numpy": op.test.numpy,
        "dtypes": tuple(d.numpy for d in op.cpu_dtypes() if op.test.numpy_dtypes is None or d in op.test.numpy_dtypes),
        "layouts": tuple(layout for cpp, layout in _LAYOUTS.items()
                         if cpp not in op.test.skip_layouts and not (op.test.shapes and cpp == "ZeroDim")),
        "variants": _python_variants(op),
        "kind": op.kind.name,
        "results": op.kind.python_results(op),
        "tol": tol,
        "domain": dict(sorted(op.test.domain.items())),
        "shape": op.test.shape or (5, 7),
        "where": str(op.where),
    }
    # Note [argument specs] of tests/python/op_harness.py: only where an entry sets them.
    extras = {"shapes": dict(sorted(op.test.shapes.items())), "values": dict(sorted(op.test.values.items())),
              "magnitude_tol": op.test.magnitude_tol, "returns_if": op.returns_if, "aliases": op.aliases,
              "cuda_dtypes": tuple(d.numpy for d in op.dtypes.get("cuda", ())
                                   if op.test.numpy_dtypes is None or d in op.test.numpy_dtypes)}
    return spec | {key: value for key, value in extras.items() if value}


def _smoke_entry(b: Binding) -> dict:
    return {
        "kind": b.kind,
        "name": b.name,
        "overloads": tuple(tuple((p.name, p.type, p.default, p.kwarg_only) for p in ov.params) for ov in b.overloads),
    }


def emit(schemas: SchemaSet, out: Output) -> None:
    tested = [op for op in schemas.ops if op.signature is not None and op.test.numpy is not None]
    for group, ops in groupby(sorted(tested, key=lambda o: o.group), key=lambda o: o.group):
        specs = [_spec(op, schemas) for op in ops]
        out.add(f"generated/tests/python/test_ops_{group}.py",
                render("python_op_tests.py.j2", f"the op schemas of group '{group}'", __name__, comment="#",
                       group=group, specs=specs))
    out.add("generated/tests/python/test_bindings_smoke.py",
            render("python_smoke_tests.py.j2", "the op schemas in schemas/", __name__, comment="#",
                   entries=[_smoke_entry(b) for b in bindings(schemas.ops, schemas.dtypes)]))
    out.add("generated/tests/python/conftest.py",
            render("python_conftest.py.j2", None, __name__, comment="#"))
