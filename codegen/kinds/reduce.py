"""reduce: a whole tensor, or each slice along `dim`, folded to one value
(kernels/reduce.h), by expressions or by a hand-written reducer family
(kernels/reducers.h)."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl
from ..dtypes import DTypeTable
from ..errors import SchemaError
from ..fields import string
from ..kernel_code import kernel_arg_names, kernel_arg_params, kernel_arg_values, result_dtype_name, run_params
from ..model import Op
from ..signature import Signature
from ..th_wrappers import THBuilder, generic_type, return_cpp, th_kernel_args, th_result, trailing_args
from ..yaml_source import Node
from .base import Kernel, Kind
from .fields import kernel_args, result_rule
from .th_calls import cpp_api_call

EXPRESSIONS = ("identity", "combine", "merge")
NONEMPTY = ("all", "th")


@dataclass(frozen=True)
class ReduceKernel(Kernel):
    whole: bool                      # every element to one value (sum); else along the signature's `dim` (sum.dim)
    result: str = "same"
    identity: str | None = None      # the value of an empty reduction
    combine: str | None = None       # acc, x -> acc
    merge: str | None = None         # a, b -> acc (partial results)
    finalize: str | None = None      # acc, count -> result
    reducer: str | None = None       # a hand-written reducer family (kernels/reducers.h) instead of expressions
    args: tuple[str, ...] = ()       # signature arguments the reducer takes
    nonempty: str | None = None      # "all" or "th": no element to reduce is an error (both APIs, or TH's only)
    float_runs: int | None = None    # float32 elements combined this many per lane in float before the double accumulator (Note [runs in float]); combine and merge must then hold on GCC vectors too (Note [vector runs])


class Reduce(Kind):
    name = "reduce"
    includes = ("ember/kernel_log.h", "kernels/reduce.h", "kernels/reducers.h", "ember/ops/to.h", "runtime/ops/reduce_plan.h", "runtime/ops/tensor_operands.h", "runtime/th/plan.h", "TH/THTensorTypes.h", "ember/th_error.h", "runtime/th/api.h")
    # Expressions (identity, combine, merge[, finalize]) or a hand-written `reducer`.
    optional = frozenset({"identity", "combine", "merge", "finalize", "result", "reducer", "args", "nonempty", "float_runs"})
    value_check = "check_reduce"
    reference_reducers = ("sum", "prod", "mean", "var", "std", "norm", "max", "min", "all", "any")
    has_cuda_kernels = True
    cuda_includes = ("ember/dtype.h", "kernels/cuda/reduce.cuh", "kernels/reducers.h")

    def read(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> ReduceKernel:
        assert sig is not None
        result = result_rule(node)
        for key in EXPRESSIONS + ("finalize", "reducer"):
            string(node, key)
        args = kernel_args(node, sig)
        expressions = [k for k in EXPRESSIONS if k in node]
        if "reducer" in node and (expressions or "finalize" in node):
            raise SchemaError(node.at("reducer"), "a reduce kernel takes a 'reducer' or expressions, not both")
        if "reducer" not in node and len(expressions) < 3:
            missing = sorted(set(EXPRESSIONS) - set(expressions))
            raise SchemaError(node.where, f"a reduce kernel needs 'reducer', or {', '.join(missing)}")
        if args and "reducer" not in node:
            raise SchemaError(node.at("args"), "'args' are passed to a 'reducer'; expressions name arguments directly")
        if "nonempty" in node and node.get("nonempty") not in NONEMPTY:
            raise SchemaError(node.at("nonempty"), f"'nonempty' must be one of {', '.join(NONEMPTY)}")
        runs = node.get("float_runs")
        if "float_runs" in node:
            if "reducer" in node:
                raise SchemaError(node.at("float_runs"), "'float_runs' is for expressions; a 'reducer' declares its own run_reducer")
            if isinstance(runs, bool) or not isinstance(runs, int) or not 2 <= runs <= 16:
                raise SchemaError(node.at("float_runs"), f"'float_runs' must be an integer from 2 to 16, got {runs!r}")
        return ReduceKernel(float_runs=runs, whole=sig.arg("dim") is None, result=result, identity=node.get("identity"),
                            combine=node.get("combine"), merge=node.get("merge"), finalize=node.get("finalize"),
                            reducer=node.get("reducer"), args=args, nonempty=node.get("nonempty"))

    def body(self, op: Op, decl: Decl) -> tuple[str, ...]:
        sig = op.signature
        assert sig is not None
        rest = ", ".join(a.name for a in sig.args)
        if op.kernel.whole:
            return (f"return {op.ident}_whole({rest});",)
        if decl.variant == "out":
            return (f"{op.ident}_run(&out, {rest});", "return out;")
        return (f"return {op.ident}_run(nullptr, {rest});",)

    def source_context(self, op: Op) -> dict[str, object]:
        sig = op.signature
        assert sig is not None
        dim = sig.arg("dim")
        return {
            "run_params": run_params(op),
            "run_args": ", ".join(a.name for a in sig.args),
            "karg_params": kernel_arg_params(op),
            "karg_names": kernel_arg_names(op),
            "karg_values": kernel_arg_values(op),
            "result_dtypes": {d.name: result_dtype_name(op, d) for d in op.cpu_dtypes()},
            "has_dtype": sig.arg("dtype") is not None,  # ScalarType? dtype: the input converted, the result's dtype
            # What run_reduce_dims reduces: the empty list is every dim.
            "dims_expr": {"int[]": "dim", "int[]?": "dim", "int?": "dim ? IntList{*dim} : IntList{}"}.get(
                dim.type if dim is not None else "", "{dim}"),
            "has_keepdim": sig.arg("keepdim") is not None,
        }

    def cuda_signature(self, op: Op) -> str:
        return f"void {op.ident}(DType in, const kernels::Operands<2>& ops, int dim, void* scratch{kernel_arg_params(op)})"

    def th_runs_on_device(self, op: Op) -> bool:
        """THC's forms call the C++ op, which runs on the device."""
        return bool(op.dtypes.get("cuda"))

    def th_body(self, bld: THBuilder) -> None:
        """TH's whole-tensor forms (sumall) return the value; its dim forms
        write `out`, resized as TH does (th::ThReduce, runtime/th/plan.h)."""
        op = bld.op
        self_p = bld.bound("self")
        assert self_p is not None
        src = bld.impl_of(self_p)
        args = trailing_args(th_kernel_args(bld))
        if bld.b.ret in ("accreal", "real", "int"):
            if op.kernel.nonempty:
                bld.lines.append(f"rt::check_has_elements({bld.fn}, TensorBase::borrow({src}));")
            if self.th_runs_on_device(op):  # THC's forms: the C++ op on the device, its value read back
                call = cpp_api_call(bld, {"self": f"TensorBase::borrow({src})"})
                value = f"{call}.item().template to<{return_cpp(bld.b.ret)}>()"
                bld.lines.append("if (rt::default_device_type() != DeviceType::CPU)")
                bld.lines.append(f"  return th::value_to_c<{generic_type(bld.b.ret)}>({value});")
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
        if self.th_runs_on_device(op):  # THC's forms: the C++ op on the device, written to out as TH would
            call = cpp_api_call(bld, {"self": f"TensorBase::borrow({src})"})  # (may declare a value first)
            bld.lines.append("if (rt::default_device_type() != DeviceType::CPU)")
            bld.lines.append(f"  return th::copy_into({out}, th::to_th_geometry({call}.impl()));")
        bld.lines.append(f"th::ThReduce<1> plan({bld.fn}, {{{{{out}}}}}, {src}, {dim_p.name}, {keep} != 0);")
        bld.lines.append(f"{op.ident}_kernel<T, {th_result(op)}>(plan.operands(), plan.dim(){args});")
        bld.lines.append("plan.finish();")


KIND = Reduce()
