"""along_dim: a kernel that needs whole slices along a dim (sort,
selections, scans), run by rt::DimPlan (runtime/ops/dim_plan.h)."""
from __future__ import annotations

from dataclasses import dataclass

from ..cpp import Decl, cpp_default, out_names
from ..dtypes import DTypeTable
from ..errors import SchemaError
from ..fields import string
from ..kernel_code import kernel_arg_params, kernel_arg_values, run_params
from ..model import Op
from ..signature import Return, Signature
from ..th_wrappers import THBuilder, generic_type, return_cpp, th_kernel_args, trailing_args
from ..yaml_source import Node
from .base import Kernel, Kind
from .fields import kernel_args, result_rule


@dataclass(frozen=True)
class AlongDimKernel(Kernel):
    impl: str                        # the kernel template (kernels/), instantiated per dtype
    length: str                      # each output slice's length: same | one | an int argument
    indices: bool                    # the kernel also writes positions (a Long output)
    result: str = "same"
    args: tuple[str, ...] = ()       # signature arguments the kernel takes
    check: str | None = None         # C++ statement validating arguments before the kernel runs


class AlongDim(Kind):
    name = "along_dim"
    includes = ("ember/kernel_log.h", "kernels/histogram.h", "kernels/scan.h", "kernels/select.h", "kernels/sort.h", "ember/ops/to.h", "runtime/ops/dim_plan.h", "runtime/ops/reduce_ops.h", "runtime/ops/reduce_plan.h", "TH/THTensorTypes.h", "ember/th_error.h", "runtime/th/api.h")
    required = frozenset({"impl", "length"})
    optional = frozenset({"args", "result", "check", "indices"})
    value_check = "check_along_dim"
    reference_reducers = ("sort", "topk", "kthvalue", "median", "mode", "cumsum", "cumprod", "histc")

    def read(self, node: Node, entry: Node, sig: Signature | None, table: DTypeTable) -> AlongDimKernel:
        assert sig is not None
        result = result_rule(node)
        check = string(node, "check")
        args = kernel_args(node, sig)
        length = node.get("length")
        if length not in ("same", "one"):
            arg = sig.arg(str(length))
            if arg is None or arg.type != "int":
                raise SchemaError(node.at("length"), f"'length' must be same, one or an int argument of {sig.name}")
        if sig.arg("keepdim") is not None and length != "one":
            raise SchemaError(node.at("length"), "an op with keepdim reduces: its 'length' must be one")
        pair = len(_tensor_returns(sig)) == 2
        indices = node.get("indices", pair)
        if not isinstance(indices, bool):
            raise SchemaError(node.at("indices"), "'indices' must be true or false")
        if pair and not indices:
            raise SchemaError(node.at("indices"), "an op returning (values, indices) has a kernel writing indices")
        return AlongDimKernel(impl=node.get("impl"), length=length, indices=indices, result=result, args=args, check=check)

    def body(self, op: Op, decl: Decl) -> tuple[str, ...]:
        sig = op.signature
        assert sig is not None
        rest = ", ".join(a.name for a in sig.args)
        outs = out_names(sig)
        if decl.variant == "out":
            if len(outs) == 2:
                v, i = outs
                return (f"{op.ident}_run(&{v}, &{i}, {rest});", f"return std::tie({v}, {i});")
            return (f"{op.ident}_run(&out, nullptr, {rest});", "return out;")
        if decl.variant == "inplace":
            # In place the result keeps self's dtype (cumsum_ of int32 sums into int32, as PyTorch).
            args = ", ".join("dtype ? dtype : std::optional<DType>(self.dtype())" if a.name == "dtype" else a.name
                             for a in sig.args)
            return (f"{op.ident}_run(&self, nullptr, {args}, true);", "return self;")
        return (f"return {op.ident}_run(nullptr, nullptr, {rest});",)

    def source_context(self, op: Op) -> dict[str, object]:
        sig = op.signature
        assert sig is not None
        k = op.kernel
        length = {"same": "ember::rt::SliceOutputs::kSame", "one": "1"}.get(k.length, k.length)
        return {
            # The kernel reads these; the others (sort's `stable`) go unnamed.
            "run_params": run_params(op, {"self", "dim", "keepdim", "dtype", *k.args}),
            "karg_params": kernel_arg_params(op),
            "karg_list": list(k.args),
            "karg_values": kernel_arg_values(op),
            "dim_expr": "dim" if sig.arg("dim") is not None else "std::nullopt",
            "slice_outputs": (f"ember::rt::SliceOutputs{{{length}, {'true' if k.length == 'one' else 'false'}, "
                              f"{'keepdim' if sig.arg('keepdim') is not None else 'false'}, {'true' if k.indices else 'false'}}}"),
            "has_dtype_arg": sig.arg("dtype") is not None,
            "has_inplace": "inplace" in op.variants,
            "operands": "operands3" if k.indices else "operands2",
            "returns_two": len(_tensor_returns(sig)) == 2,
        }

    def th_body(self, bld: THBuilder) -> None:
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
        bld.lines.append(f"rt::DimPlan plan({bld.fn}, TensorBase::borrow({src}), {dim}, "
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

    def python_results(self, op: Op) -> tuple[str, ...]:
        sig = op.signature
        assert sig is not None
        return (op.kernel.result, "Long") if len(_tensor_returns(sig)) == 2 else (op.kernel.result,)


def _tensor_returns(sig: Signature) -> list[Return]:
    return [r for r in sig.returns if r.type == "Tensor"]


KIND = AlongDim()
