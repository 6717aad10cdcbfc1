"""TH C API wrappers: one C function per (binding, dtype).

Each wrapper converts its C arguments (typed pointers, TH's `real`) to the
runtime's, runs the op with TH's semantics, and turns any C++ exception
into a call of TH's error handlers (ember::th::report). This module builds
the statements; templates/th_wrapper.j2 lays them out.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cbinding import CBinding, CParam
from .cpp import cpp_default
from .dtypes import DType, DTypeTable
from .kernel_code import kernel_arg_list, kernel_arg_type, result_cpp, scalar_args
from .model import Op


@dataclass(frozen=True)
class CFunction:
    name: str
    decl: str            # full C declaration without the trailing ';'
    arg_names: tuple[str, ...]  # per C parameter: the name errors report
    body: tuple[str, ...]
    returns_value: bool


def c_type(text: str, d: DType) -> str:
    return (text.replace("THTensor *", f"TH{d.name}Tensor *").replace("THStorage *", f"TH{d.name}Storage *")
            .replace("accreal", d.c_acc).replace("real", d.c))


def _param_dtype(p: CParam, d: DType) -> str:
    return p.fixed_dtype or d.name


def _c_decl(b: CBinding, d: DType) -> str:
    ret = c_type(b.ret, d)
    params = ", ".join(f"{c_type(p.type, d)}{'' if p.type.endswith('*') else ' '}{p.name}" for p in b.params)
    sep = "" if ret.endswith("*") else " "
    return f"{ret}{sep}{b.c_name(d.name)}({params or 'void'})"


class _Builder:
    def __init__(self, op: Op, b: CBinding, d: DType, table: DTypeTable):
        self.op, self.b, self.d, self.table = op, b, d, table
        self.fn = b.c_name(d.name)
        self.lines: list[str] = []

    def impl_of(self, p: CParam, optional: bool = False) -> str:
        """Declares the runtime pointer of a tensor/storage parameter."""
        kind = "tensor" if p.is_tensor else "storage"
        getter = f"{'optional_' if optional else ''}{kind}_arg"
        cls = "TensorImpl" if p.is_tensor else "StorageImpl"
        self.lines.append(f"{cls}* {p.name}_i = ember::th::{getter}({p.name}, DType::{_param_dtype(p, self.d)}, "
                          f"\"{self.fn}\", \"{p.name}\", \"{p.bind or p.name}\");")
        return f"{p.name}_i"

    def value_of(self, p: CParam) -> str:
        """A `real` parameter as the library's element type."""
        self.lines.append(f"const {self.d.cpp} {p.name}_v = ember::th::from_c({p.name});")
        return f"{p.name}_v"

    def bound(self, name: str) -> CParam | None:
        return self.b.param(name)


def _scalar_call_args(bld: _Builder) -> str:
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
            parts.append(f"ember::Scalar({value})" if a.type == "Scalar" else f"static_cast<{a.cpp_type}>({value})")
        else:
            assert a.default is not None, f"{bld.fn}: unbound argument {a.name} has no default"
            parts.append(f"ember::Scalar({cpp_default(a)})" if a.type == "Scalar" else cpp_default(a))
    return "".join(", " + x for x in parts)


def _pointwise(bld: _Builder) -> None:
    op, d = bld.op, bld.d
    sig = op.signature
    assert sig is not None
    out_p = bld.bound("out") or bld.bound(sig.args[0].name if sig.args[0].alias == "(a!)" else "")
    assert out_p is not None, f"{bld.fn}: a pointwise binding needs a parameter bound to out (or to an in-place self)"
    resize = out_p.bind == "out"
    out_impl = bld.impl_of(out_p)
    inputs = []
    for name in op.kernel.inputs:
        p = bld.bound(name)
        assert p is not None, f"{bld.fn}: kernel input {name} is not bound"
        divisor = ", true" if name == op.kernel.nonzero else ""
        if p.is_tensor:
            inputs.append(f"ember::th::ThInput{{{bld.impl_of(p)}, nullptr, \"{name}\"{divisor}}}")
        else:
            inputs.append(f"ember::th::ThInput{{nullptr, &{bld.value_of(p)}, \"{name}\"{divisor}}}")
    scalars = _scalar_call_args(bld)
    out_dtype = _param_dtype(out_p, d)
    kernel_out = result_cpp(op, d, for_th=True)
    kernel_out_dtype = {"bool": "Bool", "int64_t": "Long"}.get(kernel_out, d.name) if kernel_out != d.cpp else d.name
    # Byte masks take Bool results as they are (both are one byte of 0 or 1).
    direct = out_dtype == kernel_out_dtype or (out_dtype == "Byte" and kernel_out_dtype == "Bool")
    n = len(inputs)
    target = out_impl
    if not direct:
        bld.lines.append(f"ember::Tensor result_t = ember::Tensor::adopt(ember::rt::tensor_new(DType::{kernel_out_dtype}));")
        target = "result_t.impl()"
    bld.lines.append("{")
    bld.lines.append(f"  ember::th::ThPointwise<{n}> plan(\"{bld.fn}\", {target}, {{{{{', '.join(inputs)}}}}}, {str(resize or not direct).lower()});")
    kernel = f"{op.ident}_th_kernel" if op.kernel.th_expr else f"{op.ident}_kernel"
    bld.lines.append(f"  {kernel}<{d.cpp}, {kernel_out}>(plan.operands(){scalars});")
    bld.lines.append("  plan.finish();")
    bld.lines.append("}")
    if not direct:
        bld.lines.append(f"ember::th::copy_into({out_impl}, result_t.impl());")


def _kernel_arg_values(bld: _Builder) -> dict[str, str]:
    """A reducer's or along-dim kernel's arguments, from C parameters or the
    signature's defaults, as the kernel's parameter types."""
    values = {}
    for a in kernel_arg_list(bld.op):
        p = bld.bound(a.name)
        if p is None:
            assert a.default is not None, f"{bld.fn}: unbound argument {a.name} has no default"
            values[a.name] = f"static_cast<{kernel_arg_type(a)}>({cpp_default(a)})"
        elif p.type == "real":
            values[a.name] = f"static_cast<double>(ember::th::from_c({p.name}))"
        elif a.type == "bool":
            values[a.name] = f"({p.name} {'==' if p.negate else '!='} 0)"
        else:
            values[a.name] = f"static_cast<{kernel_arg_type(a)}>({p.name})"
    return values


def _joined(values: dict[str, str]) -> str:
    return "".join(", " + v for v in values.values())


# What a whole-tensor reduction's C function returns, read from the Scalar result.
def _return_cpp(ret: str, d: DType) -> str:
    return {"real": d.cpp, "accreal": d.acc, "int": "int"}[ret]


def _reduce(bld: _Builder) -> None:
    op, d = bld.op, bld.d
    self_p = bld.bound("self")
    assert self_p is not None
    src = bld.impl_of(self_p)
    args = _joined(_kernel_arg_values(bld))
    if bld.b.ret in ("accreal", "real", "int"):
        if op.kernel.nonempty:
            bld.lines.append(f"ember::rt::check_has_elements(\"{bld.fn}\", ember::Tensor::borrow({src}));")
        bld.lines.append("kernels::Operands<1> ops;")
        bld.lines.append(f"ember::rt::set_whole_operand(ops, {src});")
        value = f"{op.ident}_all<{d.cpp}>(ops, ember::rt::numel({src}){args}).to<{_return_cpp(bld.b.ret, d)}>()"
        bld.lines.append(f"return ember::th::value_to_c<{c_type(bld.b.ret, d)}>({value});")
        return
    out_p = bld.bound("out")
    dim_p = bld.bound("dim")
    keep_p = bld.bound("keepdim")
    assert out_p is not None and dim_p is not None
    out = bld.impl_of(out_p)
    keep = keep_p.name if keep_p else "false"
    bld.lines.append(f"ember::th::ThReduce<1> plan(\"{bld.fn}\", {{{{{out}}}}}, {src}, {dim_p.name}, {keep} != 0);")
    bld.lines.append(f"{op.ident}_kernel<{d.cpp}, {result_cpp(op, d, for_th=True)}>(plan.operands(), plan.dim(){args});")
    bld.lines.append("plan.finish();")


def _along_dim(bld: _Builder) -> None:
    """TH's sort, topk, kthvalue, cumsum, ...: outputs resized as TH does,
    then the typed kernel; the whole-tensor forms (medianall) return the value."""
    op, d = bld.op, bld.d
    sig = op.signature
    assert sig is not None
    k = op.kernel
    outs = [bld.bound(r.name or "") or (bld.bound("out") if len(sig.returns) == 1 else None) for r in sig.returns]
    impls = [bld.impl_of(p) if p is not None else "nullptr" for p in outs]
    if k.indices and len(impls) < 2:
        impls.append("nullptr")
    src = bld.impl_of(bld.bound("self"))
    values = _kernel_arg_values(bld)
    dim_p, keep_p = bld.bound("dim"), bld.bound("keepdim")
    if sig.arg("dim") is None:
        dim = "std::nullopt"
    elif dim_p is not None:
        dim = f"static_cast<int64_t>({dim_p.name})"
    else:
        dim = cpp_default(sig.arg("dim"))
    length = {"same": "ember::rt::SliceOutputs::kSame", "one": "1"}.get(k.length or "") or values[k.length or ""]
    keep = f"{keep_p.name} != 0" if keep_p else "false"
    bld.lines.append(f"ember::rt::DimPlan plan(\"{bld.fn}\", ember::Tensor::borrow({src}), {dim}, "
                     f"ember::rt::SliceOutputs{{{length}, {'true' if k.length == 'one' else 'false'}, {keep}, "
                     f"{'true' if k.indices else 'false'}}});")
    if k.check:
        bld.lines.append(f"{op.ident}_check(\"{bld.fn}\", plan{_joined(values)});")
    bld.lines.append(f"plan.th_outputs({', '.join(impls[:2] if k.indices else impls[:1])});")
    operands = "operands3" if k.indices else "operands2"
    bld.lines.append(f"{k.impl}<{d.cpp}, {d.cpp}>(plan.{operands}(), plan.dim(){_joined(values)});")
    if bld.b.ret in ("real", "accreal"):
        bld.lines.append(f"return ember::th::value_to_c<{c_type(bld.b.ret, d)}>(plan.finish().item().to<{_return_cpp(bld.b.ret, d)}>());")
    else:
        bld.lines.append("plan.finish_pair();" if k.indices else "plan.finish();")


def _reduce_index(bld: _Builder) -> None:
    op, d = bld.op, bld.d
    sig = op.signature
    assert sig is not None
    names = [r.name for r in sig.returns]
    vals = bld.impl_of(bld.bound(names[0]))
    idx = bld.impl_of(bld.bound(names[1]))
    src = bld.impl_of(bld.bound("self"))
    dim_p = bld.bound("dim")
    keep_p = bld.bound("keepdim")
    keep = keep_p.name if keep_p else "false"
    bld.lines.append(f"ember::th::ThReduce<2> plan(\"{bld.fn}\", {{{{{vals}, {idx}}}}}, {src}, {dim_p.name}, {keep} != 0);")
    bld.lines.append(f"{op.ident}_kernel<{d.cpp}>(plan.operands(), plan.dim());")
    bld.lines.append("plan.finish();")


def _through_cpp_api(bld: _Builder) -> None:
    """View and custom ops with a signature: call the C++ API, then give
    TH its result (a new tensor, or `out` set to it)."""
    op, d = bld.op, bld.d
    sig = op.signature
    assert sig is not None
    out_p = bld.bound("out")
    args = []
    for a in sig.args:
        p = bld.bound(a.name)
        if p is None:
            assert a.default is not None, f"{bld.fn}: unbound argument {a.name} has no default"
            args.append(cpp_default(a))
        elif a.type == "int[]":
            args.append(f"ember::th::int_list({bld.impl_of(p)}, \"{bld.fn}\", \"{p.name}\")")
        elif p.is_tensor:
            # TH's in-place structure functions take NULL for "the result itself".
            if out_p is not None and a.name == sig.args[0].name:
                impl = bld.impl_of(p, optional=True)
                bld.lines.append(f"if (!{impl}) {impl} = {out_p.name}_i_early;")
            else:
                impl = bld.impl_of(p)
            args.append(f"ember::Tensor::borrow({impl})")
        elif p.is_storage:
            args.append(f"ember::Storage::borrow({bld.impl_of(p)})")
        elif p.type == "real":
            args.append(f"ember::Scalar({bld.value_of(p)})")
        else:
            args.append(f"static_cast<{a.cpp_type.replace('const ', '').replace('&', '')}>({p.name})")
    if out_p is not None:
        # Declared first so a NULL source can fall back to it.
        early = [f"TensorImpl* {out_p.name}_i_early = ember::th::tensor_arg({out_p.name}, DType::{_param_dtype(out_p, d)}, "
                 f"\"{bld.fn}\", \"{out_p.name}\", \"out\");"]
        bld.lines[:0] = early
    call = f"ember::{sig.base_name}({', '.join(args)})"
    if out_p is not None:
        bld.lines.append(f"ember::Tensor result = {call};")
        bld.lines.append(f"ember::rt::set({out_p.name}_i_early, ember::th::to_th_geometry(result.impl()));")
    elif bld.b.ret.endswith("Tensor *"):
        bld.lines.append(f"ember::Tensor result = {call};")
        bld.lines.append(f"return ember::th::to_c<{c_type(bld.b.ret, d)[:-2].strip()}>(ember::th::to_th_geometry(result.release()));")
    elif bld.b.ret == "void":
        bld.lines.append(f"{call};")
    elif bld.b.ret in ("real", "accreal", "int") and [r.type for r in sig.returns] == ["Tensor"]:
        # A 0-dim result (trace): TH returns its value.
        bld.lines.append(f"return ember::th::value_to_c<{c_type(bld.b.ret, d)}>({call}.item().to<{_return_cpp(bld.b.ret, d)}>());")
    else:
        bld.lines.append(f"return static_cast<{c_type(bld.b.ret, d)}>({call});")


def _blas(bld: _Builder) -> None:
    """Matrix products: the op's driver in TH's mode (runtime/blas_plan.h),
    writing into the parameter bound to `out`, or returning TH's accreal."""
    op, d = bld.op, bld.d
    sig = op.signature
    assert sig is not None
    args = []
    for a in sig.args:
        p = bld.bound(a.name)
        if p is None:
            assert a.default is not None, f"{bld.fn}: unbound argument {a.name} has no default"
            args.append(f"ember::Scalar({cpp_default(a)})" if a.type == "Scalar" else cpp_default(a))
        elif p.is_tensor:
            args.append(f"ember::Tensor::borrow({bld.impl_of(p)})")
        elif p.type == "real":
            args.append(f"ember::Scalar({bld.value_of(p)})")
        else:
            raise AssertionError(f"{bld.fn}: a matrix product's C parameter {p.name} must be a tensor or a real")
    out_p = bld.bound("out")
    dispatch = f"{op.ident}_dispatch"
    if out_p is not None:
        bld.lines.append(f"const ember::Tensor out_t = ember::Tensor::borrow({bld.impl_of(out_p)});")
        dest = f'ember::rt::BlasDest::th("{bld.fn}", out_t)'
        bld.lines.append(f"{op.kernel.impl}({', '.join([dest] + args + [dispatch])});")
        return
    assert bld.b.ret in ("real", "accreal"), f"{bld.fn}: a matrix product without an out parameter returns its value"
    acc = d.cpp if bld.b.ret == "real" else d.acc
    bld.lines.append("ember::Scalar value;")
    dest = f'ember::rt::BlasDest::th_value("{bld.fn}", &value)'
    bld.lines.append(f"{op.kernel.impl}({', '.join([dest] + args + [dispatch])});")
    bld.lines.append(f"return ember::th::value_to_c<{c_type(bld.b.ret, d)}>(value.to<{acc}>());")


def _custom(bld: _Builder) -> None:
    """C-only entries: the generic runtime function, instantiated for the dtype."""
    d = bld.d
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
    call = f"{bld.op.kernel.impl}<{d.cpp}>({', '.join(args)})"
    ret = bld.b.ret
    if ret == "void":
        bld.lines.append(f"{call};")
    elif ret.endswith("Tensor *") or ret.endswith("Storage *"):
        bld.lines.append(f"return ember::th::to_c<{c_type(ret, d)[:-2].strip()}>({call});")
    elif ret in ("real", "accreal"):
        bld.lines.append(f"return ember::th::value_to_c<{c_type(ret, d)}>({call});")
    elif ret.endswith("*"):
        # Element pointers (real *): the impl returns the address untyped.
        bld.lines.append(f"return static_cast<{c_type(ret, d)}>({call});")
    else:
        bld.lines.append(f"return {call};")


def _th_impl(bld: _Builder) -> None:
    """Custom ops whose TH semantics differ beyond geometry (1-based index
    tensors, Byte masks, results written into `r_`): the entry's `th_impl`
    gets the C function's name (for messages) and its C arguments in order,
    tensors as TensorImpl* (NULL is an error), `real`/`accreal` as Scalar."""
    args = [f'"{bld.fn}"']
    for p in bld.b.params:
        if p.is_tensor or p.is_storage:
            args.append(bld.impl_of(p))
        elif p.type == "real":
            args.append(f"ember::Scalar({bld.value_of(p)})")
        elif p.type == "accreal":
            args.append(f"ember::Scalar({p.name})")
        elif p.type == "THTensor **":
            args.append(f"reinterpret_cast<TensorImpl**>({p.name})")
        else:
            args.append(p.name)
    call = f"{bld.op.kernel.th_impl}({', '.join(args)})"
    bld.lines.append(f"{call};" if bld.b.ret == "void" else f"return {call};")


def _copy(bld: _Builder) -> None:
    """copy and copy<Src>: TH copies between equal element counts, no resize."""
    dst_p, src_p = bld.bound("self"), bld.bound("src")
    assert dst_p is not None and src_p is not None
    dst = bld.impl_of(dst_p)
    src = bld.impl_of(src_p)
    src_cpp = bld.table.by_name(_param_dtype(src_p, bld.d)).cpp
    bld.lines.append("{")
    bld.lines.append(f"  ember::th::ThPointwise<1> plan(\"{bld.fn}\", {dst}, {{{{ember::th::ThInput{{{src}, nullptr, \"src\"}}}}}}, false);")
    bld.lines.append(f"  {bld.op.ident}_kernel<{bld.d.cpp}, {src_cpp}>(plan.operands());")
    bld.lines.append("  plan.finish();")
    bld.lines.append("}")


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


def th_functions(op: Op, table: DTypeTable) -> list[CFunction]:
    result = []
    for b in op.th:
        for d in op.th_dtypes():
            bld = _Builder(op, b, d, table)
            if op.signature is None:
                _custom(bld)
            else:
                _BUILDERS[op.kind.th_builder(op)](bld)
            result.append(CFunction(bld.fn, _c_decl(b, d), tuple(p.bind or p.name for p in b.params),
                                    tuple(bld.lines), b.ret != "void"))
        for d in op.kernel.th_type_error:
            result.append(_type_error(op, b, d))
    return result


def _type_error(op: Op, b: CBinding, d: DType) -> CFunction:
    """A C function TH exported for a dtype the op does not fit (THFloatTensor_bitand):
    it raises a TypeError naming the function and the dtype, as TH's raised."""
    fn = b.c_name(d.name)
    first = b.params[1] if len(b.params) > 1 else b.params[0]
    arg = first.bind or first.name
    names = ", ".join(x.name for x in op.th_dtypes())
    line = (f'ember::fail(ember::ErrorKind::Type, "{fn}: {op.name} is not defined for {d.name} tensors '
            f'(only {names})", "{arg}");')
    return CFunction(fn, _c_decl(b, d), tuple(p.bind or p.name for p in b.params), (line,), b.ret != "void")


def c_declarations(op: Op) -> list[tuple[DType, str]]:
    return [(d, _c_decl(b, d)) for b in op.th for d in op.th_exported_dtypes()]
