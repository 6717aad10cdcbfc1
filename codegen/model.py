"""The typed model of an op entry, built by ops.py from the YAML."""
from __future__ import annotations

from dataclasses import dataclass, field

from .cbinding import CBinding
from .dtypes import DType
from .errors import Location
from .signature import Signature

VARIANTS = ("function", "method", "inplace", "out")
BACKENDS = ("cpu", "cuda")
ERROR_KINDS = ("Index", "Value", "Type", "Memory", "Runtime")


@dataclass(frozen=True)
class Kernel:
    kind: str                        # see KERNEL_KINDS in ops.py
    expr: str | None = None          # pointwise: C++ expression over argument names
    inputs: tuple[str, ...] = ()     # pointwise: the tensor arguments read, in order
    nonzero: str | None = None       # pointwise: an input that must hold no zero for integral dtypes (a divisor)
    result: str = "same"             # dtype rule for the result (see ops.RESULT_RULES)
    identity: str | None = None      # reduce: the value of an empty reduction
    combine: str | None = None       # reduce: acc, x -> acc
    merge: str | None = None         # reduce: a, b -> acc (partial results)
    finalize: str | None = None      # reduce: acc, count -> result
    reducer: str | None = None       # reduce: a hand-written reducer family (kernels/reducers.h) instead of expressions
    args: tuple[str, ...] = ()       # reduce (with reducer), along_dim: signature arguments the kernel takes
    nonempty: str | None = None      # reduce: "all" or "th": no element to reduce is an error (both APIs, or TH's only)
    length: str | None = None        # along_dim: each output slice's length: same | one | an int argument
    check: str | None = None         # along_dim: C++ statement validating arguments before the kernel runs
    indices: bool = False            # along_dim: the kernel also writes positions (a Long output)
    better: str | None = None        # reduce_index: a, b -> is a better than b
    impl: str | None = None          # view/custom: the runtime function
    th_impl: str | None = None       # custom: the runtime function TH's C functions call instead of the C++ API
    routine: str | None = None       # blas: the BLAS routine the driver calls (ops.BLAS_ROUTINES)
    th_expr: str | None = None       # pointwise: what TH's C forms compute instead of expr (TH's semantics)
    th_dtypes: tuple[DType, ...] | None = None  # pointwise: dtypes of the C forms, when not dtypes.cpu
    negative_power_error: str | None = None  # pointwise: a Tensor|Scalar exponent; an integral number < 0 with an integral self is an error (C++)
    th_type_error: tuple[DType, ...] = ()  # pointwise: dtypes whose C forms TH exported only to raise (Float bitand)


@dataclass(frozen=True)
class ErrorCase:
    raises: str        # an ErrorKind
    when: str          # the precondition, in words (docs)
    example: str       # a C++ call that violates it (negative test)
    arg: str | None    # the argument the message must name
    where: Location


@dataclass(frozen=True)
class TestSpec:
    ref: str | None = None                     # reference expression (naive loop)
    th_ref: str | None = None                  # reference of TH's C forms, when they compute kernel.th_expr
    numpy: str | None = None                   # NumPy expression over the arguments (Python tests)
    tol: dict[str, float] = field(default_factory=dict)   # dtype name or 'default' -> tolerance
    domain: dict[str, tuple[float, float]] = field(default_factory=dict)  # arg -> input range
    gtest: tuple[str, ...] = ()                # hand-written tests that cover the op
    skip_layouts: tuple[str, ...] = ()         # generated layouts left out (a double reference cannot follow float overflow)
    shape: tuple[int, int] | None = None       # the 2-D input shape of the Python NumPy tests, when (5, 7) does not fit
    numpy_dtypes: tuple | None = None          # the dtypes of the Python NumPy tests, when not all (NumPy cannot round like the dtype)
    shapes: dict[str, tuple[int | str, ...]] = field(default_factory=dict)  # Python tests: arg -> declared shape
    values: dict[str, str] = field(default_factory=dict)  # Python tests: arg -> mask | index(dim) | unique_index(dim)
    magnitude_tol: bool = False                # Python tests: tolerance relative to the reference on |inputs|
    gtest_at: Location | None = None           # where 'gtest' is written (--check-tests)


@dataclass(frozen=True)
class Op:
    name: str                              # canonical: "add", "sum.dim", or a C-only name
    signature: Signature | None            # None for C-only entries
    variants: tuple[str, ...]
    dtypes: dict[str, tuple[DType, ...]]   # backend -> dtypes
    kernel: Kernel
    th: tuple[CBinding, ...]
    doc: str
    test: TestSpec
    errors: tuple[ErrorCase, ...]
    where: Location
    group: str                             # schema file stem: "pointwise"

    @property
    def base_name(self) -> str:
        return self.name.split(".")[0]

    @property
    def ident(self) -> str:
        """A C++ identifier unique to this entry: sum.dim -> sum_dim."""
        return self.name.replace(".", "_")

    def cpu_dtypes(self) -> tuple[DType, ...]:
        return self.dtypes.get("cpu", ())

    def th_dtypes(self) -> tuple[DType, ...]:
        """The dtypes TH's C functions are generated for."""
        return self.kernel.th_dtypes if self.kernel.th_dtypes is not None else self.cpu_dtypes()

    def th_exported_dtypes(self) -> tuple[DType, ...]:
        """The dtypes with C functions: th_dtypes(), then those that only raise a TypeError."""
        return self.th_dtypes() + self.kernel.th_type_error
