"""TH C API: per binding, one C++ function template over the element type
T; per dtype, an `extern "C"` thunk that instantiates it.

The template converts its C arguments (typed pointers, TH's `real`) to the
runtime's and runs the op with TH's semantics; it takes the typed C
function's name first (`fn`), for messages. The thunk hands the template
and its C arguments to ember::th::call (runtime/th/thunk.h), which turns
any C++ exception into a call of TH's error handlers.

The template's statements are the op's kind's (`Kind.th_body`, kinds/):
it writes them into a THBuilder, with the argument helpers here. This
module writes what every kind shares: the template's declaration, the
thunks, the C functions TH exported only to raise a TypeError
(`th_type_error`), and the typed declarations of TH's headers
(emit/th_headers.py). templates/th_functions.cpp.j2 lays them out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .cbinding import CBinding, CParam
from .cpp import cpp_default
from .dtypes import DType, DTypeTable
from .kernel_code import kernel_arg_list, kernel_arg_type
from .model import Op


@dataclass(frozen=True)
class Thunk:
    decl: str            # the typed C declaration without the trailing ';'
    body: str            # its one statement


@dataclass(frozen=True)
class THFunction:
    """One C binding: the template written once, and a thunk per dtype."""
    binding: str                 # as the schema writes it
    name: str                    # the template's name, TH's generic one: THTensor_cadd
    arg_names: tuple[str, ...]   # per C parameter: the name errors report
    decl: str | None             # the template's declaration; None when every dtype only raises
    body: tuple[str, ...]
    thunks: tuple[Thunk, ...]
    thc_thunks: tuple[Thunk, ...] = ()  # THC's CUDA forms (THCudaTensor_cadd), the same template run by thc::call


def c_type(text: str, d: DType) -> str:
    return (text.replace("THTensor *", f"TH{d.name}Tensor *").replace("THStorage *", f"TH{d.name}Storage *")
            .replace("accreal", d.c_acc).replace("real", d.c))


# TH's generic C types in a template over T (runtime/th/c_types.h).
_GENERIC_TYPES = [(re.compile(rf"\b{name}\b"), f"th::{name}<T>") for name in ("THTensor", "THStorage", "accreal", "real")]


def generic_type(text: str) -> str:
    for pattern, repl in _GENERIC_TYPES:
        text = pattern.sub(repl, text)
    return text


def _param_text(type_: str, name: str) -> str:
    return f"{type_}{'' if type_.endswith('*') else ' '}{name}"


def _c_decl(b: CBinding, d: DType, named: bool = True) -> str:
    ret = c_type(b.ret, d)
    params = ", ".join(_param_text(c_type(p.type, d), p.name if named else "").rstrip() for p in b.params)
    sep = "" if ret.endswith("*") else " "
    return f"{ret}{sep}{b.c_name(d.name)}({params or 'void'})"


def _generic_decl(b: CBinding, uses_fn: bool) -> str:
    ret = generic_type(b.ret)
    fn = "const char* fn" if uses_fn else "const char* /*fn*/"
    params = "".join(", " + _param_text(generic_type(p.type), p.name) for p in b.params)
    sep = "" if ret.endswith("*") else " "
    return f"{ret}{sep}{b.generic_name}({fn}{params})"


class THBuilder:
    """Collects the statements of a binding's template (element type T);
    the op's kind writes them (Kind.th_body)."""

    def __init__(self, op: Op, b: CBinding, table: DTypeTable):
        self.op, self.b, self.table = op, b, table
        self.name = b.generic_name
        self.lines: list[str] = []
        self.uses_fn = False

    @property
    def fn(self) -> str:
        """The typed C function's name, as the template's first parameter."""
        self.uses_fn = True
        return "fn"

    def impl_of(self, p: CParam, optional: bool = False) -> str:
        """Declares the runtime pointer of a tensor/storage parameter."""
        kind = "tensor" if p.is_tensor else "storage"
        # A named storage (THLongStorage *size) is host memory in THC's
        # functions too, and so is a copy's source tensor; a named tensor
        # (THLongTensor *index, THByteTensor *mask) is on the device, as
        # its THC type (THCudaLongTensor *, thc_type) says.
        host = "host_" if p.fixed_dtype and (not p.is_tensor or _host_tensors(self.b)) else ""
        getter = f"{'optional_' if optional else ''}{host}{kind}_arg"
        cls = "TensorImpl" if p.is_tensor else "StorageImpl"
        self.lines.append(f"{cls}* {p.name}_i = th::{getter}({p.name}, {param_dtype(p)}, {self.fn}, "
                          f"\"{p.name}\", \"{p.bind or p.name}\");")
        return f"{p.name}_i"

    def value_of(self, p: CParam) -> str:
        """A `real` parameter as the library's element type."""
        self.lines.append(f"const T {p.name}_v = th::from_c({p.name});")
        return f"{p.name}_v"

    def bound(self, name: str) -> CParam | None:
        return self.b.param(name)


def param_dtype(p: CParam) -> str:
    """The dtype the runtime checks a tensor or storage parameter against."""
    return f"DType::{p.fixed_dtype}" if p.fixed_dtype else "dtype_of<T>"


def th_result(op: Op) -> str:
    """The element type TH's forms of a pointwise or reduce kernel compute
    (TH keeps integral sums in their own dtype)."""
    return {"Bool": "bool", "Long": "int64_t"}.get(op.kernel.result, "T")


# What a C function returns, read from a Scalar or 0-dim result.
def return_cpp(ret: str) -> str:
    return {"real": "T", "accreal": "th::accreal<T>", "int": "int"}[ret]


def th_kernel_args(bld: THBuilder) -> dict[str, str]:
    """A reducer's or along-dim kernel's arguments, from C parameters or the
    signature's defaults, as the kernel's parameter types."""
    values = {}
    for a in kernel_arg_list(bld.op):
        p = bld.bound(a.name)
        if p is None:
            assert a.default is not None, f"{bld.name}: unbound argument {a.name} has no default"
            values[a.name] = f"static_cast<{kernel_arg_type(a)}>({cpp_default(a)})"
        elif p.type == "real":
            values[a.name] = f"static_cast<double>(th::from_c({p.name}))"
        elif a.type == "bool":
            values[a.name] = f"({p.name} {'==' if p.negate else '!='} 0)"
        else:
            values[a.name] = f"static_cast<{kernel_arg_type(a)}>({p.name})"
    return values


def trailing_args(values: dict[str, str]) -> str:
    """The values as arguments after others: `, a, b`."""
    return "".join(", " + v for v in values.values())


def _arg_names(b: CBinding) -> tuple[str, ...]:
    return tuple(p.bind or p.name for p in b.params)


def _template(op: Op, b: CBinding, table: DTypeTable) -> tuple[str, tuple[str, ...]]:
    bld = THBuilder(op, b, table)
    op.kind.th_body(bld)
    return _generic_decl(b, bld.uses_fn), tuple(bld.lines)


def _thunk(b: CBinding, d: DType) -> Thunk:
    args = "".join(", " + p.name for p in b.params)
    return Thunk(_c_decl(b, d), f'return th::call<{b.generic_name}<{d.cpp}>>("{b.c_name(d.name)}", '
                                f'{b.generic_name}_args{args});')


def _type_error(op: Op, b: CBinding, d: DType) -> Thunk:
    """A C function TH exported for a dtype the op does not fit (THFloatTensor_bitand):
    it raises a TypeError naming the function and the dtype, as TH's raised."""
    first = b.params[1] if len(b.params) > 1 else b.params[0]
    names = ", ".join(x.name for x in op.th_dtypes())
    message = f"{b.c_name(d.name)}: {op.name} is not defined for {d.name} tensors (only {names})"
    return Thunk(_c_decl(b, d, named=False),
                 f'return th::type_error<{c_type(b.ret, d)}>({b.generic_name}_args, "{message}", "{first.bind or first.name}");')


# ---- THC: the CUDA forms of TH's functions -------------------------------------
#
# THC named its types THCudaTensor (float), THCudaDoubleTensor, ... and gave
# every function a THCState * first. A binding whose TH body runs on any
# device (Op.thc_dtypes) gets one per such dtype: a thunk that runs the same
# template through thc::call (runtime/thc/thunk.h), which checks the state
# and makes CUDA the C API's device, so that its tensors must be CUDA ones
# and new storages are made there.

THC_FAMILIES = ("Tensor", "Storage")


def thc_prefix(d: DType) -> str:
    return "THCuda" + ("" if d.name == "Float" else d.name)


def thc_name(b: CBinding, d: DType) -> str:
    return f"{thc_prefix(d)}{b.family}_{b.name}"


_TYPED_TENSOR = re.compile(r"\bTH(Byte|Char|Short|Int|Long|Float|Double|Half|Bool|BFloat16)Tensor \*")


def thc_type(text: str, d: DType, host_tensors: bool = False) -> str:
    """`text` in THC's types: the op's own tensors and storages are its
    dtype's CUDA ones, and so is every tensor of a fixed dtype (THC's index
    and mask arguments are THCudaLongTensor, THCudaByteTensor), unless
    `host_tensors` (copy{Src}: its source is a host tensor, as cutorch's
    THCTensor_(copyLong)). `accreal` is THC's (float for Float)."""
    text = text.replace("THTensor *", f"{thc_prefix(d)}Tensor *").replace("THStorage *", f"{thc_prefix(d)}Storage *")
    text = re.sub(r"\baccreal\b", d.thc_c_acc, text)
    if not host_tensors:
        text = _TYPED_TENSOR.sub(lambda m: "THCuda" + ("" if m[1] == "Float" else m[1]) + "Tensor *", text)
    return c_type(text, d)


def _host_tensors(b: CBinding) -> bool:
    return b.name.startswith("copy")


def _thc_decl(b: CBinding, d: DType) -> str:
    ret = thc_type(b.ret, d)
    params = "".join(", " + _param_text(thc_type(p.type, d, _host_tensors(b)), p.name) for p in b.params)
    sep = "" if ret.endswith("*") else " "
    return f"{ret}{sep}{thc_name(b, d)}(THCState *state{params})"


def _thc_thunk(b: CBinding, d: DType) -> Thunk:
    args = "".join(", " + _thc_cast(p.name, thc_type(p.type, d, _host_tensors(b)), c_type(p.type, d)) for p in b.params)
    call = f'thc::call<{b.generic_name}<{d.cpp}>>("{thc_name(b, d)}", {b.generic_name}_thc_args, state{args})'
    return Thunk(_thc_decl(b, d), f"return {_thc_cast(call, c_type(b.ret, d), thc_type(b.ret, d))};")


def _thc_cast(value: str, from_type: str, to_type: str) -> str:
    """`value` of THC's type as TH's, or the reverse: a pointer to the other
    name of one struct, or a number of THC's accreal (float for Float)."""
    if from_type == to_type:
        return value
    return f"{'reinterpret_cast' if to_type.endswith('*') else 'static_cast'}<{to_type}>({value})"


def thc_bindings(op: Op) -> list[CBinding]:
    return [b for b in op.th if b.family in THC_FAMILIES] if op.thc_dtypes() else []


def th_functions(op: Op, table: DTypeTable) -> list[THFunction]:
    result = []
    thc = thc_bindings(op)
    for b in op.th:
        decl, body = _template(op, b, table) if op.th_dtypes() else (None, ())
        thunks = [_thunk(b, d) for d in op.th_dtypes()] + [_type_error(op, b, d) for d in op.kernel.th_type_error]
        thc_thunks = [_thc_thunk(b, d) for d in op.thc_dtypes()] if b in thc else []
        result.append(THFunction(str(b), b.generic_name, _arg_names(b), decl, body, tuple(thunks), tuple(thc_thunks)))
    return result


def c_declarations(op: Op) -> list[tuple[DType, str]]:
    return [(d, _c_decl(b, d)) for b in op.th for d in op.th_exported_dtypes()]


def thc_declarations(op: Op) -> list[tuple[CBinding, DType, str]]:
    return [(b, d, _thc_decl(b, d)) for b in thc_bindings(op) for d in op.thc_dtypes()]
