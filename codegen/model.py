"""The typed model of an op entry, built by ops.py from the YAML."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .cbinding import CBinding
from .dtypes import DType
from .errors import Location
from .signature import Signature

if TYPE_CHECKING:
    from .kinds.base import Kernel, Kind

# inplace_function: the in-place form as a module function too (torch.abs_(x)), in Python only.
VARIANTS = ("function", "method", "inplace", "inplace_function", "out")
BACKENDS = ("cpu", "cuda")
ERROR_KINDS = ("Index", "Value", "Type", "Memory", "Runtime")
# Factories' kinds (`factory:`): a tensor from sizes or values, or one shaped like an input (memory_format= too).
FACTORY_KINDS = ("new", "like")


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
    values: dict[str, str] = field(default_factory=dict)  # Python tests: arg -> mask | index(dim) | unique_index(dim) | one_of(a, b) (str)
    magnitude_tol: bool = False                # tolerance relative to the larger of |reference| and |inputs| (C++ pointwise and Python tests)
    ulp: dict[str, float] = field(default_factory=dict)  # floating dtype name -> bound on the error in ulps
    gtest_at: Location | None = None           # where 'gtest' is written (--check-tests)


@dataclass(frozen=True)
class Op:
    name: str                              # canonical: "add", "sum.dim", or a C-only name
    signature: Signature | None            # None for C-only entries
    variants: tuple[str, ...]
    dtypes: dict[str, tuple[DType, ...]]   # backend -> dtypes
    kind: Kind                             # what kind of kernel computes it (kinds/)
    kernel: Kernel                         # that kind's fields
    th: tuple[CBinding, ...]
    doc: str
    test: TestSpec
    errors: tuple[ErrorCase, ...]
    where: Location
    group: str                             # schema file stem: "pointwise"
    namespace: str | None = None           # "linalg": also ember::linalg::<short_name>, ember.linalg.<short_name>
    include: str | None = None             # a header its source includes besides its kind's (its runtime functions)
    returns_if: tuple[str | None, ...] = ()  # per return: the bool argument asking for it in Python (None: always)
    python_names: tuple[tuple[str, str], ...] = ()  # (argument, keyword) of the Python function where PyTorch renames it
    factory: str | None = None             # "new" | "like": takes PyTorch's tensor-option keywords in Python
    aliases: tuple[str, ...] = ()          # more names of every variant (absolute for abs), forwarding to it

    @property
    def short_name(self) -> str:
        """The name inside its namespace: linalg_solve -> solve."""
        assert self.namespace is not None
        return self.base_name[len(self.namespace) + 1:]

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

    def thc_dtypes(self) -> tuple[DType, ...]:
        """The dtypes of THC's forms of the TH bindings (THCudaTensor_*):
        those of TH's whose body runs on any device, for every dtype of a
        view and for the CUDA dtypes of a custom op (kinds/base.py
        th_body_any_device, th_runs_on_device)."""
        if not self.kind.th_runs_on_device(self):
            return ()
        if self.kind.device_agnostic:
            return self.th_dtypes()
        cuda = self.dtypes.get("cuda", ())
        return tuple(d for d in self.th_dtypes() if d in cuda)

    def th_exported_dtypes(self) -> tuple[DType, ...]:
        """The dtypes with C functions: th_dtypes(), then those that only raise a TypeError."""
        return self.th_dtypes() + self.kernel.th_type_error
