"""What every kernel kind answers (Kind) and what every kernel holds (Kernel).

Generic code (the loader, the emitters) asks an op's kind and never
compares its name. Adding a kind is one module in kinds/, registered in
kinds/__init__.py, one template templates/kinds/<name>.cpp.j2 and its
runtime driver.
"""
from __future__ import annotations

from ..cpp import Decl
from ..dtypes import DType, DTypeTable
from ..errors import SchemaError
from ..fields import string
from ..gtest_cases import Reference, TestCase, layout_tests
from ..model import Op
from ..signature import Signature
from ..th_wrappers import THBuilder
from ..yaml_source import Node

# How the result dtype follows from the promoted input dtype -> the C++
# enumerator of rt::ResultRule and of the test harness's Rule.
RESULT_RULES = {"same": "Same", "Bool": "Bool", "Long": "Long", "integral_to_long": "IntegralToLong", "floating": "Floating"}


class Kernel:
    """What generic code reads of any kernel. A kind whose schema may set
    one of these declares it as a field of its dataclass; the kernels of
    the other kinds answer the values here."""
    result: str = "same"                          # a RESULT_RULES key
    th_dtypes: tuple[DType, ...] | None = None    # dtypes of TH's C forms, when not dtypes.cpu
    th_type_error: tuple[DType, ...] = ()         # dtypes whose C forms TH exported only to raise

    @property
    def passes_c_args(self) -> bool:
        """TH's C functions hand their own parameters to a runtime function
        (so a C-only parameter may bind no argument of the signature)."""
        return False


class Kind:
    name: str                                    # `kernel: {kind: <name>}` in a schema
    required: frozenset[str] = frozenset()       # keys of `kernel:` (besides `kind`), non-empty strings
    optional: frozenset[str] = frozenset()
    needs_signature = True                       # False: a C-only entry (TH functions only) may use it
    # What its C++ sources include: its driver, its kernels and TH's boundary.
    # Kinds whose entries name any runtime function (view, custom) take every
    # driver (runtime/ops/runtime_functions.h).
    includes: tuple[str, ...] = ("runtime/ops/runtime_functions.h",)
    value_check: str | None = None               # tests/ops/harness.h's check of one dtype on one layout
    th_check: str | None = None                  # the harness's check of a TH function, when not chosen by its return type
    reference_reducers: tuple[str, ...] = ()     # `test.ref` names of the harness's reducers (tests/ops/harness/reduce_slices.cpp)
    # A kind whose functions only change sizes, strides and offset takes
    # tensors of any device; the others refuse a CUDA tensor unless the op
    # has CUDA dtypes (codegen/cpp.py device_guard), which only a kind that
    # generates CUDA kernels (a templates/kinds/<name>.cu.j2) or runs
    # device-aware runtime code (custom) may declare.
    device_agnostic = False
    # Whether its TH bodies run on tensors of any device (they change only
    # geometry, or call code that checks the device): then the op's TH
    # bindings also get THC's CUDA forms (Op.thc_dtypes), unless
    # th_runs_on_device says otherwise for one op.
    th_body_any_device = False
    has_cuda_kernels = False
    cuda_source = True                           # with has_cuda_kernels: a .cu per op (custom: the impl runs on any device)
    cuda_includes: tuple[str, ...] = ()          # what its .cu sources include (kernels/cuda/...)

    def op_includes(self, op: Op) -> tuple[str, ...]:
        """Headers op's CPU source includes beyond the kind's own `includes`."""
        return ()

    def th_runs_on_device(self, op: Op) -> bool:
        """Whether op's TH bodies also run on CUDA tensors (its THC forms)."""
        return self.th_body_any_device

    @property
    def template(self) -> str:
        return f"kinds/{self.name}.cpp.j2"

    @property
    def cuda_template(self) -> str:
        return f"kinds/{self.name}.cu.j2"

    def cuda_signature(self, op: Op) -> str:
        """The declaration of the op's CUDA entry point (namespace
        ember::cuda_ops, defined in its .cu, called from its C++ source)."""
        raise NotImplementedError

    def cuda_context(self, op: Op) -> dict[str, object]:
        """What this kind's .cu template reads beyond the common context (emit/cuda_sources.py)."""
        return {}

    # ---- the schema ----------------------------------------------------------------

    def parse(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> Kernel:
        """The `kernel:` mapping `node` of the op `entry` -> this kind's kernel."""
        node.check_keys(self.required | self.optional | {"kind"}, f"a '{self.name}' kernel")
        for key in sorted(self.required):
            string(node, key, required=True)
        if self.needs_signature and sig is None:
            raise SchemaError(node.at("kind"), f"a '{self.name}' kernel needs a signature")
        return self.read(node, entry, sig, table)

    def read(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> Kernel:
        """The kernel's fields, validated; `parse` has checked the keys and the signature."""
        raise NotImplementedError

    # ---- the C++ source -----------------------------------------------------------

    def body(self, op: Op, decl: Decl) -> tuple[str, ...]:
        """The statements of the C++ API function `decl` (methods forward to these)."""
        raise NotImplementedError

    def source_context(self, op: Op) -> dict[str, object]:
        """What this kind's template reads beyond the common context (emit/op_sources.py)."""
        return {}

    def th_body(self, bld: THBuilder) -> None:
        """The statements of the template of one of the op's TH C functions
        (`bld.b`), over the element type T, appended to `bld.lines`
        (th_wrappers.py writes its declaration and the per-dtype thunks).
        Needed by kinds whose entries have `th:` bindings."""
        raise NotImplementedError

    @property
    def writes_th(self) -> bool:
        """Whether this kind writes TH C functions (overrides th_body)."""
        return type(self).th_body is not Kind.th_body

    # ---- the generated C++ tests --------------------------------------------------

    def reference(self, op: Op, ref: str, dtypes: tuple[DType, ...], th: bool) -> Reference:
        """What `test.ref` (ref: of TH's C forms with `th`) makes of the OpSpec."""
        if not self.reference_reducers:
            raise SchemaError(op.where, f"test: a 'ref' needs a pointwise or reduce kernel, not '{self.name}'; "
                                        f"name hand-written tests in 'gtest' instead")
        if op.test.ref not in self.reference_reducers:
            raise SchemaError(op.where, f"test: the ref of a '{self.name}' entry names a reference reducer "
                                        f"({', '.join(self.reference_reducers)}), got '{op.test.ref}'")
        return Reference(reducer=op.test.ref.capitalize())

    def test_cases(self, op: Op) -> list[TestCase]:
        """The value tests of an entry with a reference and C++ variants."""
        assert self.value_check is not None, f"{op.name}: a '{self.name}' kernel has no value tests"
        return layout_tests(op, self.value_check)

    def number_args(self, op: Op) -> set[str]:
        """Scalar arguments the kernel reads as operands: the test harness
        passes them as numbers that take part in type promotion."""
        return set()

    # ---- Python --------------------------------------------------------------------

    def python_results(self, op: Op) -> tuple[str, ...]:
        """The result rule of each result the Python tests check (tests/python/op_harness.py)."""
        return (op.kernel.result,)

    def keeps_gil(self, op: Op) -> bool:
        """Whether the Python binding calls the op holding the GIL (releasing it would cost more)."""
        return False
