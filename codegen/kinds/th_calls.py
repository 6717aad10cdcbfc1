"""The TH body that view ops and custom ops without `th_impl` share: their
C functions call the C++ API and hand TH its result in TH's geometry
(th::to_th_geometry). THC's forms of the reductions call it too."""
from __future__ import annotations

from ..cpp import cpp_default
from ..th_wrappers import THBuilder, generic_type, param_dtype, return_cpp


def through_cpp_api(bld: THBuilder) -> None:
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
    tensors = {}
    for a in sig.args:
        p = bld.bound(a.name)
        if p is None or not (p.is_tensor or p.is_storage):
            continue
        if a.type == "int[]":
            tensors[a.name] = f"th::int_list({bld.impl_of(p)}, {bld.fn}, \"{p.name}\")"
        elif p.is_storage:
            tensors[a.name] = f"Storage::borrow({bld.impl_of(p)})"
        elif out_p is not None and a.name == sig.args[0].name:
            # TH's in-place structure functions take NULL for "the result itself".
            impl = bld.impl_of(p, optional=True)
            bld.lines.append(f"if (!{impl}) {impl} = {out_p.name}_i_early;")
            tensors[a.name] = f"TensorBase::borrow({impl})"
        else:
            tensors[a.name] = f"TensorBase::borrow({bld.impl_of(p)})"
    call = cpp_api_call(bld, tensors)
    ret = bld.b.ret
    if out_p is not None:
        bld.lines.append(f"TensorBase result = {call};")
        bld.lines.append(f"rt::set({out_p.name}_i_early, th::to_th_geometry(result.impl()));")
    elif ret.endswith("Tensor *"):
        bld.lines.append(f"TensorBase result = {call};")
        bld.lines.append(f"return th::to_c<{generic_type(ret)[:-2].strip()}>(th::to_th_geometry(result.release()));")
    elif ret == "void":
        bld.lines.append(f"{call};")
    elif ret in ("real", "accreal", "int") and [r.type for r in sig.returns] == ["Tensor"]:
        # A 0-dim result (trace): TH returns its value.
        bld.lines.append(f"return th::value_to_c<{generic_type(ret)}>({call}.item().template to<{return_cpp(ret)}>());")
    else:
        bld.lines.append(f"return static_cast<{generic_type(ret)}>({call});")


def cpp_api_call(bld: THBuilder, tensors: dict[str, str]) -> str:
    """The op's C++ API function called with the binding's C parameters."""
    sig = bld.op.signature
    assert sig is not None
    return f"base::{sig.base_name}({', '.join(cpp_args(bld, tensors))})"


def cpp_args(bld: THBuilder, tensors: dict[str, str]) -> list[str]:
    """The signature's arguments from the binding's C parameters (their
    defaults for the unbound); `tensors` holds the expressions of the
    tensor, storage and list arguments (the caller declares their runtime
    pointers)."""
    sig = bld.op.signature
    assert sig is not None
    args = []
    for a in sig.args:
        p = bld.bound(a.name)
        if p is None:
            assert a.default is not None, f"{bld.name}: unbound argument {a.name} has no default"
            args.append(f"Scalar({cpp_default(a)})" if a.type == "Scalar" else cpp_default(a))
        elif a.name in tensors:
            args.append(tensors[a.name])
        elif p.type == "real":
            args.append(f"Scalar({bld.value_of(p)})")
        elif a.type == "bool":
            args.append(f"({p.name} {'==' if p.negate else '!='} 0)")
        else:
            args.append(f"static_cast<{a.cpp_type.replace('const ', '').replace('&', '')}>({p.name})")
    return args
