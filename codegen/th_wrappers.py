"""TH C API: per binding, one C++ function template over the element type
T; per dtype, an `extern "C"` thunk that instantiates it.

The template converts its C arguments (typed pointers, TH's `real`) to the
runtime's and runs the op with TH's semantics; it takes the typed C
function's name first (`fn`), for messages. The thunk hands the template
and its C arguments to ember::th::call (runtime/th/thunk.h), which turns
any C++ exception into a call of TH's error handlers. This module builds
the template's statements and the thunks; templates/th_functions.cpp.j2
lays them out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .cbinding import CBinding, CParam
from .cpp import cpp_default
from .dtypes import DType, DTypeTable
from .kernel_code import kernel_arg_list, kernel_arg_type, scalar_args
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
    """Collects the statements of a binding's template (element type T)."""

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
        getter = f"{'optional_' if optional else ''}{kind}_arg"
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
    return f"DType::{p.fixed_dtype}" if p.fixed_dtype else "dtype_of<T>"


def th_result(op: Op) -> str:
    """The element type TH's forms of a pointwise or reduce kernel compute
    (TH keeps integral sums in their own dtype)."""
    return {"Bool": "bool", "Long": "int64_t"}.get(op.kernel.result, "T")


# What a C function returns, read from a Scalar or 0-dim result.
def return_cpp(ret: str) -> str:
    return {"real": "T", "accreal": "th::accreal<T>", "int": "int"}[ret]


def _scalar_call_args(bld: THBuilder) -> str:
    """The kernel's scalar arguments: from C parameters, or the signature's defaults."""
    sig = bld.op.signature
    assert sig is not None
    parts = []
    for a in scalar_args(bld.op):
        p = bld.bound(a.name)
        if p is not None:
            value = f"{p.name}_v" if p.type == "real" else p.name
            if p.type == "real":
                bld.value_of(p)
            parts.append(f"Scalar({value})" if a.type == "Scalar" else f"static_cast<{a.cpp_type}>({value})")
        else:
            assert a.default is not None, f"{bld.name}: unbound argument {a.name} has no default"
            parts.append(f"Scalar({cpp_default(a)})" if a.type == "Scalar" else cpp_default(a))
    return "".join(", " + x for x in parts)


def _pointwise(bld: THBuilder) -> None:
    """The kernel under th::pointwise (runtime/th/plan.h), which also
    takes results of another dtype (comparisons into a THFloatTensor)."""
    op = bld.op
    sig = op.signature
    assert sig is not None
    out_p = bld.bound("out") or bld.bound(sig.args[0].name if sig.args[0].alias == "(a!)" else "")
    assert out_p is not None, f"{bld.name}: a pointwise binding needs a parameter bound to out (or to an in-place self)"
    resize = out_p.bind == "out"
    out_impl = bld.impl_of(out_p)
    inputs = []
    for name in op.kernel.inputs:
        p = bld.bound(name)
        assert p is not None, f"{bld.name}: kernel input {name} is not bound"
        divisor = ", true" if name == op.kernel.nonzero else ""
        if p.is_tensor:
            inputs.append(f"th::ThInput{{{bld.impl_of(p)}, nullptr, \"{name}\"{divisor}}}")
        else:
            inputs.append(f"th::ThInput{{nullptr, &{bld.value_of(p)}, \"{name}\"{divisor}}}")
    scalars = _scalar_call_args(bld)
    out_t = th_result(op)
    kernel = f"{op.ident}_th_kernel" if op.kernel.th_expr else f"{op.ident}_kernel"
    head = f"th::pointwise<{out_t}, {len(inputs)}>("
    bld.lines.append(f"{head}{bld.fn}, {out_impl}, {{{{{', '.join(inputs)}}}}}, {str(resize).lower()},")
    bld.lines.append(" " * len(head) + f"[&](auto& ops) {{ {kernel}<T, {out_t}>(ops{scalars}); }});")


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
    return "".join(", " + v for v in values.values())


def _reduce(bld: THBuilder) -> None:
    op = bld.op
    self_p = bld.bound("self")
    assert self_p is not None
    src = bld.impl_of(self_p)
    args = trailing_args(th_kernel_args(bld))
    if bld.b.ret in ("accreal", "real", "int"):
        if op.kernel.nonempty:
            bld.lines.append(f"rt::check_has_elements({bld.fn}, Tensor::borrow({src}));")
        bld.lines.append("kernels::Operands<1> ops;")
        bld.lines.append(f"rt::set_whole_operand(ops, {src});")
        value = f"{op.ident}_all<T>(ops, rt::numel({src}){args}).template to<{return_cpp(bld.b.ret)}>()"
        bld.lines.append(f"return th::value_to_c<{generic_type(bld.b.ret)}>({value});")
        return
    out_p = bld.bound("out")
    dim_p = bld.bound("dim")
    keep_p = bld.bound("keepdim")
    assert out_p is not None and dim_p is not None
    out = bld.impl_of(out_p)
    keep = keep_p.name if keep_p else "false"
    bld.lines.append(f"th::ThReduce<1> plan({bld.fn}, {{{{{out}}}}}, {src}, {dim_p.name}, {keep} != 0);")
    bld.lines.append(f"{op.ident}_kernel<T, {th_result(op)}>(plan.operands(), plan.dim(){args});")
    bld.lines.append("plan.finish();")


def _along_dim(bld: THBuilder) -> None:
    """TH's sort, topk, kthvalue, cumsum, ...: outputs resized as TH does,
    then the typed kernel; the whole-tensor forms (medianall) return the value."""
    op = bld.op
    sig = op.signature
    assert sig is not None
    k = op.kernel
    outs = [bld.bound(r.name or "") or (bld.bound("out") if len(sig.returns) == 1 else None) for r in sig.returns]
    impls = [bld.impl_of(p) if p is not None else "nullptr" for p in outs]
    if k.indices and len(impls) < 2:
        impls.append("nullptr")
    src = bld.impl_of(bld.bound("self"))
    values = th_kernel_args(bld)
    dim_p, keep_p = bld.bound("dim"), bld.bound("keepdim")
    if sig.arg("dim") is None:
        dim = "std::nullopt"
    elif dim_p is not None:
        dim = f"static_cast<int64_t>({dim_p.name})"
    else:
        dim = cpp_default(sig.arg("dim"))
    length = {"same": "rt::SliceOutputs::kSame", "one": "1"}.get(k.length or "") or values[k.length or ""]
    keep = f"{keep_p.name} != 0" if keep_p else "false"
    bld.lines.append(f"rt::DimPlan plan({bld.fn}, Tensor::borrow({src}), {dim}, "
                     f"rt::SliceOutputs{{{length}, {'true' if k.length == 'one' else 'false'}, {keep}, "
                     f"{'true' if k.indices else 'false'}}});")
    if k.check:
        bld.lines.append(f"{op.ident}_check({bld.fn}, plan{trailing_args(values)});")
    bld.lines.append(f"plan.th_outputs({', '.join(impls[:2] if k.indices else impls[:1])});")
    operands = "operands3" if k.indices else "operands2"
    bld.lines.append(f"{k.impl}<T, T>(plan.{operands}(), plan.dim(){trailing_args(values)});")
    if bld.b.ret in ("real", "accreal"):
        bld.lines.append(f"return th::value_to_c<{generic_type(bld.b.ret)}>("
                         f"plan.finish().item().to<{return_cpp(bld.b.ret)}>());")
    else:
        bld.lines.append("plan.finish_pair();" if k.indices else "plan.finish();")


def _reduce_index(bld: THBuilder) -> None:
    op = bld.op
    sig = op.signature
    assert sig is not None
    names = [r.name for r in sig.returns]
    vals = bld.impl_of(bld.bound(names[0]))
    idx = bld.impl_of(bld.bound(names[1]))
    src = bld.impl_of(bld.bound("self"))
    dim_p = bld.bound("dim")
    keep_p = bld.bound("keepdim")
    keep = keep_p.name if keep_p else "false"
    bld.lines.append(f"th::ThReduce<2> plan({bld.fn}, {{{{{vals}, {idx}}}}}, {src}, {dim_p.name}, {keep} != 0);")
    bld.lines.append(f"{op.ident}_kernel<T>(plan.operands(), plan.dim());")
    bld.lines.append("plan.finish();")


def _through_cpp_api(bld: THBuilder) -> None:
    """View and custom ops with a signature: call the C++ API, then give
    TH its result (a new tensor, or `out` set to it)."""
    op = bld.op
    sig = op.signature
    assert sig is not None
    out_p = bld.bound("out")
    if out_p is not None:
        # Declared first so a NULL source can fall back to it.
        bld.lines.append(f"TensorImpl* {out_p.name}_i_early = th::tensor_arg({out_p.name}, {param_dtype(out_p)}, "
                         f"{bld.fn}, \"{out_p.name}\", \"out\");")
    args = []
    for a in sig.args:
        p = bld.bound(a.name)
        if p is None:
            assert a.default is not None, f"{bld.name}: unbound argument {a.name} has no default"
            args.append(cpp_default(a))
        elif a.type == "int[]":
            args.append(f"th::int_list({bld.impl_of(p)}, {bld.fn}, \"{p.name}\")")
        elif p.is_tensor:
            # TH's in-place structure functions take NULL for "the result itself".
            if out_p is not None and a.name == sig.args[0].name:
                impl = bld.impl_of(p, optional=True)
                bld.lines.append(f"if (!{impl}) {impl} = {out_p.name}_i_early;")
            else:
                impl = bld.impl_of(p)
            args.append(f"Tensor::borrow({impl})")
        elif p.is_storage:
            args.append(f"Storage::borrow({bld.impl_of(p)})")
        elif p.type == "real":
            args.append(f"Scalar({bld.value_of(p)})")
        else:
            args.append(f"static_cast<{a.cpp_type.replace('const ', '').replace('&', '')}>({p.name})")
    call = f"ember::{sig.base_name}({', '.join(args)})"
    ret = bld.b.ret
    if out_p is not None:
        bld.lines.append(f"Tensor result = {call};")
        bld.lines.append(f"rt::set({out_p.name}_i_early, th::to_th_geometry(result.impl()));")
    elif ret.endswith("Tensor *"):
        bld.lines.append(f"Tensor result = {call};")
        bld.lines.append(f"return th::to_c<{generic_type(ret)[:-2].strip()}>(th::to_th_geometry(result.release()));")
    elif ret == "void":
        bld.lines.append(f"{call};")
    elif ret in ("real", "accreal", "int") and [r.type for r in sig.returns] == ["Tensor"]:
        # A 0-dim result (trace): TH returns its value.
        bld.lines.append(f"return th::value_to_c<{generic_type(ret)}>({call}.item().template to<{return_cpp(ret)}>());")
    else:
        bld.lines.append(f"return static_cast<{generic_type(ret)}>({call});")


def _blas(bld: THBuilder) -> None:
    """Matrix products: the op's driver in TH's mode (runtime/ops/blas_plan.h),
    writing into the parameter bound to `out`, or returning TH's accreal."""
    op = bld.op
    sig = op.signature
    assert sig is not None
    args = []
    for a in sig.args:
        p = bld.bound(a.name)
        if p is None:
            assert a.default is not None, f"{bld.name}: unbound argument {a.name} has no default"
            args.append(f"Scalar({cpp_default(a)})" if a.type == "Scalar" else cpp_default(a))
        elif p.is_tensor:
            args.append(f"Tensor::borrow({bld.impl_of(p)})")
        elif p.type == "real":
            args.append(f"Scalar({bld.value_of(p)})")
        else:
            raise AssertionError(f"{bld.name}: a matrix product's C parameter {p.name} must be a tensor or a real")
    out_p = bld.bound("out")
    dispatch = f"{op.ident}_dispatch"
    if out_p is not None:
        bld.lines.append(f"const Tensor out_t = Tensor::borrow({bld.impl_of(out_p)});")
        dest = f"rt::BlasDest::th({bld.fn}, out_t)"
        bld.lines.append(f"{op.kernel.impl}({', '.join([dest] + args + [dispatch])});")
        return
    assert bld.b.ret in ("real", "accreal"), f"{bld.name}: a matrix product without an out parameter returns its value"
    bld.lines.append("Scalar value;")
    dest = f"rt::BlasDest::th_value({bld.fn}, &value)"
    bld.lines.append(f"{op.kernel.impl}({', '.join([dest] + args + [dispatch])});")
    bld.lines.append(f"return th::value_to_c<{generic_type(bld.b.ret)}>(value.to<{return_cpp(bld.b.ret)}>());")


def _custom(bld: THBuilder) -> None:
    """C-only entries: the generic runtime function, instantiated for T."""
    args = []
    for p in bld.b.params:
        if p.is_tensor or p.is_storage:
            args.append(bld.impl_of(p, optional=True))
        elif p.type == "real":
            args.append(bld.value_of(p))
        elif p.type == "THTensor **":
            # An array of typed tensors (expandNd); the impl checks each element.
            args.append(f"reinterpret_cast<TensorImpl**>({p.name})")
        else:
            args.append(p.name)
    call = f"{bld.op.kernel.impl}<T>({', '.join(args)})"
    ret = bld.b.ret
    if ret == "void":
        bld.lines.append(f"{call};")
    elif ret.endswith("Tensor *") or ret.endswith("Storage *"):
        bld.lines.append(f"return th::to_c<{generic_type(ret)[:-2].strip()}>({call});")
    elif ret in ("real", "accreal"):
        bld.lines.append(f"return th::value_to_c<{generic_type(ret)}>({call});")
    elif ret.endswith("*"):
        # Element pointers (real *): the impl returns the address untyped.
        bld.lines.append(f"return static_cast<{generic_type(ret)}>({call});")
    else:
        bld.lines.append(f"return {call};")


def _th_impl(bld: THBuilder) -> None:
    """Custom ops whose TH semantics differ beyond geometry (1-based index
    tensors, Byte masks, results written into `r_`): the entry's `th_impl`
    gets the C function's name (for messages) and its C arguments in order,
    tensors as TensorImpl* (NULL is an error), `real`/`accreal` as Scalar."""
    args = [bld.fn]
    for p in bld.b.params:
        if p.is_tensor or p.is_storage:
            args.append(bld.impl_of(p))
        elif p.type == "real":
            args.append(f"Scalar({bld.value_of(p)})")
        elif p.type == "accreal":
            args.append(f"Scalar({p.name})")
        elif p.type == "THTensor **":
            args.append(f"reinterpret_cast<TensorImpl**>({p.name})")
        else:
            args.append(p.name)
    call = f"{bld.op.kernel.th_impl}({', '.join(args)})"
    bld.lines.append(f"{call};" if bld.b.ret == "void" else f"return {call};")


def _copy(bld: THBuilder) -> None:
    """copy and copy<Src>: TH copies between equal element counts, no resize."""
    dst_p, src_p = bld.bound("self"), bld.bound("src")
    assert dst_p is not None and src_p is not None
    dst = bld.impl_of(dst_p)
    src = bld.impl_of(src_p)
    src_cpp = bld.table.by_name(src_p.fixed_dtype).cpp if src_p.fixed_dtype else "T"
    bld.lines.append(f"th::ThPointwise<1> plan({bld.fn}, {dst}, {{{{th::ThInput{{{src}, nullptr, \"src\"}}}}}}, false);")
    bld.lines.append(f"{bld.op.ident}_kernel<T, {src_cpp}>(plan.operands());")
    bld.lines.append("plan.finish();")


_BUILDERS = {
    "pointwise": _pointwise,
    "copy": _copy,
    "reduce": _reduce,
    "reduce_index": _reduce_index,
    "along_dim": _along_dim,
    "view": _through_cpp_api,
    "custom": _through_cpp_api,
    "th_impl": _th_impl,
    "blas": _blas,
}


def _arg_names(b: CBinding) -> tuple[str, ...]:
    return tuple(p.bind or p.name for p in b.params)


def _template(op: Op, b: CBinding, table: DTypeTable) -> tuple[str, tuple[str, ...]]:
    bld = THBuilder(op, b, table)
    if op.signature is None:
        _custom(bld)
    else:
        _BUILDERS[op.kind.th_builder(op)](bld)
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


def th_functions(op: Op, table: DTypeTable) -> list[THFunction]:
    result = []
    for b in op.th:
        decl, body = _template(op, b, table) if op.th_dtypes() else (None, ())
        thunks = [_thunk(b, d) for d in op.th_dtypes()] + [_type_error(op, b, d) for d in op.kernel.th_type_error]
        result.append(THFunction(str(b), b.generic_name, _arg_names(b), decl, body, tuple(thunks)))
    return result


def c_declarations(op: Op) -> list[tuple[DType, str]]:
    return [(d, _c_decl(b, d)) for b in op.th for d in op.th_exported_dtypes()]
