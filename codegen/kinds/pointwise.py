"""pointwise: one C++ expression per element (kernels/pointwise.h), run
by rt::run_pointwise with PyTorch's broadcasting and type promotion."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..cpp import Decl, cpp_default
from ..dtypes import DType, DTypeTable
from ..errors import SchemaError
from ..fields import string
from ..gtest_cases import Reference, TestCase
from ..kernel_code import scalar_args
from ..model import Op
from ..signature import Signature
from ..th_wrappers import THBuilder, param_dtype, th_result
from ..yaml_source import Node
from .base import Kernel, Kind
from .fields import dtype_list, result_rule

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_FAST_PATH = re.compile(r"kernels::([a-z_][a-z0-9_]*)")


@dataclass(frozen=True)
class PointwiseKernel(Kernel):
    expr: str                                   # C++ expression over argument names
    inputs: tuple[str, ...]                     # the tensor arguments read, in order
    result: str = "same"
    nonzero: str | None = None                  # an input that must hold no zero for integral dtypes (a divisor)
    th_expr: str | None = None                  # what TH's C forms compute instead of expr (TH's semantics)
    th_dtypes: tuple[DType, ...] | None = None  # dtypes of the C forms, when not dtypes.cpu
    th_type_error: tuple[DType, ...] = ()       # dtypes whose C forms TH exported only to raise (Float bitand)
    negative_power_error: str | None = None     # a Tensor|Scalar exponent; an integral number < 0 with an integral self is an error (C++)
    fast_path: str | None = None                # kernels::f<OutT, T>(ops) -> bool in kernels/f.h, tried before expr's loop (a measured faster loop for special operands)
    compute_bound: bool = False                 # an element costs more arithmetic than its bytes' trip to memory (a polynomial per element): outputs past the cache are written plainly on one thread where the CPU wants that (Note [memory tuning per CPU]); with one input, Half and BFloat16 take a table of all results (Note [16-bit function tables]), and so do uint8, int8 and int16 inputs (Note [small integer function tables]; PointwiseOp::by_table)


def _inputs(node: Node, sig: Signature) -> tuple[str, ...]:
    if "inputs" in node:
        raw = node.get("inputs")
        if not isinstance(raw, list):
            raise SchemaError(node.at("inputs"), "'inputs' must be a list of tensor argument names")
        inputs = tuple(raw)
    else:
        inputs = tuple(a.name for a in sig.tensor_args)
    for name in inputs:
        arg = sig.arg(name)
        # A Scalar input takes part in type promotion as a wrapped number (pow.Scalar's base).
        if arg is None or not (arg.is_tensor or ("inputs" in node and arg.type == "Scalar")):
            raise SchemaError(node.at("inputs") if "inputs" in node else node.where,
                              f"kernel input '{name}' is not a tensor argument of {sig.name}")
    if len(inputs) > 3:
        raise SchemaError(node.where, "pointwise kernels take at most 3 tensor inputs")
    return inputs


def _ref_function(op: Op, ref: str, ctype: str, name: str) -> str:
    sig = op.signature
    assert sig is not None
    used = set(_IDENT.findall(ref))
    reads = [f"  const {ctype} {a.name} = v[{i}];" for i, a in enumerate(sig.args) if a.name in used]
    lines = [f"{ctype} {name}(const {ctype}*{' v' if reads else ''}) {{"] + reads
    lines += [f"  return {ref};", "}"]
    return "\n".join(lines)


class Pointwise(Kind):
    name = "pointwise"
    includes = ("ember/kernel_log.h", "kernels/pointwise.h", "kernels/scalar_ops.h", "runtime/ops/pointwise_plan.h", "runtime/th/plan.h", "TH/THTensorTypes.h", "ember/th_error.h", "runtime/th/api.h")
    required = frozenset({"expr"})
    optional = frozenset({"inputs", "result", "nonzero", "th_expr", "th_dtypes", "th_type_error", "negative_power_error",
                          "fast_path", "compute_bound"})
    value_check = "check_pointwise"
    th_check = "check_th_pointwise"
    has_cuda_kernels = True
    cuda_includes = ("ember/dtype.h", "ember/scalar.h", "kernels/cuda/pointwise.cuh", "kernels/scalar_ops.h")

    def read(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> PointwiseKernel:
        assert sig is not None
        result = result_rule(node)
        inputs = _inputs(node, sig)
        if "nonzero" in node and node.get("nonzero") not in inputs:
            raise SchemaError(node.at("nonzero"), f"'nonzero' must name a kernel input ({', '.join(inputs) or 'none'})")
        power = node.get("negative_power_error")
        if power is not None and (sig.arg(power) is None or sig.arg(power).type != "Tensor|Scalar"):
            raise SchemaError(node.at("negative_power_error"), "'negative_power_error' must name a Tensor|Scalar argument")
        th_expr = string(node, "th_expr")
        fast_path = string(node, "fast_path")
        if fast_path is not None and not _FAST_PATH.fullmatch(fast_path):
            raise SchemaError(node.at("fast_path"), f"'fast_path' must name a function kernels::f (in kernels/f.h), got '{fast_path}'")
        compute_bound = node.get("compute_bound", False)
        if not isinstance(compute_bound, bool):
            raise SchemaError(node.at("compute_bound"), f"'compute_bound' must be true or false, got {compute_bound!r}")
        th_dtypes = dtype_list(node, "th_dtypes", table) if "th_dtypes" in node else None
        th_type_error: tuple[DType, ...] = ()
        if "th_type_error" in node:
            th_type_error = dtype_list(node, "th_type_error", table)
            if "th" not in entry:
                raise SchemaError(node.at("th_type_error"), "'th_type_error' needs 'th' bindings")
        return PointwiseKernel(expr=node.get("expr"), inputs=inputs, result=result, nonzero=node.get("nonzero"),
                               th_expr=th_expr, th_dtypes=th_dtypes, th_type_error=th_type_error,
                               negative_power_error=power, fast_path=fast_path, compute_bound=compute_bound)

    # ---- the C++ source -----------------------------------------------------------

    def op_includes(self, op: Op) -> tuple[str, ...]:
        fast_path = op.kernel.fast_path
        includes = (f"kernels/{fast_path.removeprefix('kernels::')}.h",) if fast_path else ()
        # Compute-bound functions of one tensor try a table for Half and BFloat16 (Note [16-bit function tables]).
        if op.kernel.compute_bound and len(op.kernel.inputs) == 1:
            includes += ("kernels/half_function_table.h",)
        return includes

    def body(self, op: Op, decl: Decl) -> tuple[str, ...]:
        sig = op.signature
        assert sig is not None
        entries = []
        for name in op.kernel.inputs:
            arg = sig.arg(name)
            assert arg is not None
            scalar = (decl.scalar_overload and arg.type == "Tensor|Scalar") or arg.type == "Scalar"
            entries.append(f"rt::PointwiseArg{{nullptr, &{name}}}" if scalar else f"rt::PointwiseArg{{&{name}, nullptr}}")
        args = "{{" + ", ".join(entries) + "}}" if entries else "{}"
        call = f"{op.ident}_run(%s, {args}{_scalar_names(op)})"
        power = op.kernel.negative_power_error
        check = ()
        if power is not None and decl.scalar_overload:
            check = (f'rt::require_nonnegative_power("{sig.base_name}", {sig.args[0].name}, {power}, "{power}");',)
        if decl.variant == "out":
            return check + (call % "&out, false" + ";", "return out;")
        if decl.variant == "inplace":
            return check + (call % "&self, true" + ";", "return self;")
        return check + ("return " + call % "nullptr, false" + ";",)

    def source_context(self, op: Op) -> dict[str, object]:
        k = op.kernel
        scalars = scalar_args(op)
        return {
            "kernel_params": "".join(f", const Scalar& {a.name}_s" if a.type == "Scalar" else f", {a.cpp_type} {a.name}_s"
                                     for a in scalars),
            # The kernel's scalar parameters converted to the compute type C.
            "captures": [f"const C {a.name} = {a.name}_s.template to<C>();" if a.type == "Scalar"
                         else f"const C {a.name} = static_cast<C>({a.name}_s);" for a in scalars],
            "lambda_params": ", ".join(f"C {name}" for name in k.inputs),
            "scalar_run_params": "".join(f", {'const Scalar&' if a.type == 'Scalar' else a.cpp_type} {a.name}" for a in scalars),
            "scalar_names": _scalar_names(op),
            "nonzero": k.inputs.index(k.nonzero) if k.nonzero else -1,
            "n_inputs": len(k.inputs),
        }

    def cuda_signature(self, op: Op) -> str:
        n = len(op.kernel.inputs) + 1
        return f"void {op.ident}(DType dtype, const kernels::Operands<{n}>& ops, unsigned host_values{self.source_context(op)['scalar_run_params']})"

    def cuda_context(self, op: Op) -> dict[str, object]:
        """The functor holds every scalar the kernel reads, converted to C as the CPU kernel's captures are."""
        scalars = scalar_args(op)
        return {"functor_members": [a.name for a in scalars],
                "functor_inits": ", ".join(f"{a.name}.template to<C>()" if a.type == "Scalar" else f"static_cast<C>({a.name})"
                                           for a in scalars)}

    def th_body(self, bld: THBuilder) -> None:
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
        head = f"th::pointwise<{out_t}, {param_dtype(out_p)}, {len(inputs)}>("
        on_device = ""
        if self.th_runs_on_device(op):  # THC's forms: the op's CUDA kernel
            n = len(inputs) + 1
            bld.lines += ["#ifdef EMBER_CUDA",
                          f"const auto on_device = [&](DType dtype, const kernels::Operands<{n}>& ops, unsigned host_values) {{",
                          f"  cuda_ops::{op.ident}(dtype, ops, host_values{scalars});",
                          "};",
                          "#else",
                          "const std::nullptr_t on_device = nullptr;",
                          "#endif"]
            on_device = ", on_device"
        bld.lines.append(f"{head}{bld.fn}, {out_impl}, {{{{{', '.join(inputs)}}}}}, {str(resize).lower()},")
        bld.lines.append(" " * len(head) + f"[&](auto& ops) {{ {kernel}<T, {out_t}>(ops{scalars}); }}{on_device});")

    def th_runs_on_device(self, op: Op) -> bool:
        """THC's forms run the op's CUDA kernel, which computes the C++
        API's expression: not for an op whose TH forms compute another."""
        return bool(op.dtypes.get("cuda")) and op.kernel.th_expr is None

    # ---- the generated C++ tests --------------------------------------------------

    def reference(self, op: Op, ref: str, dtypes: tuple[DType, ...], th: bool) -> Reference:
        prefix = "th_" if th else ""
        functions = []
        ref_f = ref_i = "nullptr"
        if any(d.is_floating for d in dtypes) or (op.kernel.result == "floating" and not th):
            functions.append(_ref_function(op, ref, "double", prefix + "ref_f"))
            ref_f = prefix + "ref_f"
        if any(not d.is_floating for d in dtypes):
            functions.append(_ref_function(op, ref, "int64_t", prefix + "ref_i"))
            ref_i = prefix + "ref_i"
        if op.test.ulp and not th:
            functions.append(_ref_function(op, ref, "long double", "ulp_ref"))
        return Reference(tuple(functions), ref_f, ref_i)

    def test_cases(self, op: Op) -> list[TestCase]:
        """Every dtype on every layout; a binary op also mixes dtypes."""
        sig = op.signature
        assert sig is not None
        tests = super().test_cases(op)
        if any(sig.arg(n) is not None and sig.arg(n).type == "Tensor|Scalar" for n in op.kernel.inputs):
            tests.append(TestCase("Promotion", "check_promotion(kOp, kVariants);"))
        for name, bound in op.test.ulp.items():
            tests.append(TestCase(f"{name}_WithinUlpBound", f"check_ulp(kOp, kVariants, DType::{name}, {bound!r}, ulp_ref);"))
        return tests

    def number_args(self, op: Op) -> set[str]:
        sig = op.signature
        assert sig is not None
        return {n for n in op.kernel.inputs if sig.arg(n).type == "Scalar"}


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


def _scalar_names(op: Op) -> str:
    return "".join(f", {a.name}" for a in scalar_args(op))


KIND = Pointwise()
