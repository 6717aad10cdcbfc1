"""The pieces of a generated C++ op test: emit/op_tests.py lays out the
file, each kind (kinds/) names its reference and its value tests."""
from __future__ import annotations

from dataclasses import dataclass

from .model import Op

# The layouts of tests/ops/harness/inputs.cpp's Note [layouts]; Special only for floating dtypes.
LAYOUTS = ("Contiguous", "Transposed", "Narrowed", "Expanded", "ZeroSize", "ZeroDim", "Large")
FLOATING_LAYOUTS = ("Special",)


@dataclass(frozen=True)
class TestCase:
    name: str
    body: str


@dataclass(frozen=True)
class Reference:
    """What an OpSpec compares the op with: functions of the arguments over
    double and int64_t, or one of the harness's reference reducers."""
    functions: tuple[str, ...] = ()
    ref_f: str = "nullptr"
    ref_i: str = "nullptr"
    reducer: str = "None"


def layout_tests(op: Op, check: str) -> list[TestCase]:
    """The harness's `check` for every dtype of the entry on every layout it does not skip."""
    tests = []
    for d in op.cpu_dtypes():
        for layout in (x for x in LAYOUTS + (FLOATING_LAYOUTS if d.is_floating else ()) if x not in op.test.skip_layouts):
            tests.append(TestCase(f"{d.name}_{layout}", f"{check}(kOp, kVariants, DType::{d.name}, Layout::{layout});"))
    return tests
