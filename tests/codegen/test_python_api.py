"""How ops become Python callables (codegen/python_api.py, python_calls.py,
python_operators.py), on the repository's own schemas."""
from __future__ import annotations

from conftest import ROOT

from codegen.python_api import bindings, return_types
from codegen.python_calls import overload_body
from codegen.python_operators import OPERATORS, bind_operators
from codegen.schema_set import load_schemas

SCHEMAS = load_schemas(ROOT)
BINDINGS = bindings(SCHEMAS.ops, SCHEMAS.dtypes)


def by_name(kind: str, name: str):
    return next(b for b in BINDINGS if b.kind == kind and b.name == name)


def test_every_op_with_a_signature_is_bound():
    bound = {ov.op.name for b in BINDINGS for ov in b.overloads}
    assert bound == {op.name for op in SCHEMAS.ops if op.signature is not None}


def test_overloads_of_one_name_share_a_callable_in_schema_order():
    b = by_name("function", "sum")
    assert b.parser_texts() == [
        "sum(Tensor input, *, ScalarType? dtype=None)", "sum(Tensor input, int dim, bool keepdim=False, *, Tensor? out=None)",
        "sum(Tensor input, int[]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor? out=None)"]
    assert by_name("method", "sum").parser_texts() == [
        "sum(*, ScalarType? dtype=None)", "sum(int dim, bool keepdim=False)",
        "sum(int[]? dim, bool keepdim=False, *, ScalarType? dtype=None)"]


def test_function_method_inplace_and_out():
    assert by_name("function", "add").parser_texts() == [
        "add(Tensor input, Tensor|Scalar other, *, Scalar alpha=1, Tensor? out=None)"]
    assert by_name("method", "add").parser_texts() == ["add(Tensor|Scalar other, *, Scalar alpha=1)"]
    assert by_name("method", "add_").parser_texts() == ["add_(Tensor|Scalar other, *, Scalar alpha=1)"]
    # fill(Tensor(a!) self, ...) writes self: only the in-place method.
    assert by_name("method", "fill_").parser_texts() == ["fill_(Scalar value)"]
    assert not any(b.name == "fill" for b in BINDINGS)


def test_multi_output_out_and_named_tuple():
    assert "max(Tensor input, int dim, bool keepdim=False, *, Tensor[2]? out=None)" in by_name("function", "max").parser_texts()
    types = return_types(SCHEMAS.ops)
    assert [(t.name, t.fields) for t in types if t.name == "max"] == [("max", ("values", "indices"))]
    by_dim = next(o for o in by_name("function", "max").overloads if any(p.name == "dim" for p in o.params))
    body = "\n".join(overload_body(by_dim, types))
    assert "ember::max_out(out0, out1, a0, a1, a2)" in body
    assert "to_python(gen::return_type_max, std::move(result))" in body


def test_conversion_methods_get_pytorch_names():
    assert by_name("method", "float").parser_texts() == ["float()"]
    assert by_name("method", "bfloat16").parser_texts() == ["bfloat16()"]
    assert not any(b.kind == "function" and b.name == "float" for b in BINDINGS)  # ember.float is the dtype


def test_views_keep_the_gil_and_kernels_release_it():
    view = "\n".join(overload_body(by_name("method", "narrow").overloads[0], []))
    assert "GilRelease" not in view
    add = "\n".join(overload_body(by_name("method", "add").overloads[0], []))
    assert "GilRelease unlocked(heavy({&self_t, &a0}));" in add


def test_docstrings_carry_signatures_and_the_schema_doc():
    doc = by_name("function", "add").doc()
    assert doc.startswith("add(input: Tensor, other: Tensor | number, *, alpha: number = 1, out: Tensor | None = None) -> Tensor\n\n")
    assert "broadcasting" in doc


def test_operators_follow_the_schemas():
    functions = {b.name for b in BINDINGS if b.kind == "function"}
    methods = {b.name for b in BINDINGS if b.kind == "method"}
    table = {o.operator.enum: o for o in bind_operators(SCHEMAS.ops, functions, methods)}
    assert [o.enum for o in OPERATORS] == list(table)
    add = table["Add"]
    assert add.op_name == "add" and add.tensor_tensor == "ember::add(a, b)" and add.inplace_scalar == "ember::add_(a, b)"
    # An operator without an op yet has no entry points: it raises a TypeError at run time.
    names = {op.base_name for op in SCHEMAS.ops}
    for o in table.values():
        assert (o.op_name is None) == (not any(n in names for n in o.operator.ops))
        if o.op_name is None:
            assert (o.function, o.tensor_tensor, o.unary) == (None, None, None)


def test_operator_without_op_gets_none_and_one_with_op_binds(tmp_path):
    ops = tuple(op for op in SCHEMAS.ops if op.base_name != "mul")
    table = {o.operator.enum: o for o in bind_operators(ops, set(), set())}
    assert table["Mul"].op_name is None
    assert table["Sub"].op_name == "sub" and table["Sub"].function is None  # no function binding passed in


def test_tensor_list_returns_are_tuples():
    # torch.split and torch.unbind return tuples; so do ember's Tensor[] ops (to_python of a std::vector<Tensor>).
    split = by_name("function", "split")
    # torch.split's keyword names (python_names).
    assert split.doc().startswith("split(tensor: Tensor, split_size_or_sections: int, dim: int = 0) -> tuple[Tensor, ...]\n")
    body = "\n".join(overload_body(split.overloads[0], []))
    assert "std::vector<Tensor> result;" in body and "return to_python(std::move(result));" in body


def test_a_method_is_called_on_the_argument_named_self():
    # where.self(Tensor condition, Tensor self, Tensor other): x.where(condition, other), as PyTorch's.
    from codegen.cpp import declarations
    method = by_name("method", "where")
    assert method.parser_texts() == ["where(Tensor condition, Tensor other)"]
    assert "ember::where(a0, self_t, a1)" in "\n".join(overload_body(method.overloads[0], []))
    op = next(o for o in SCHEMAS.ops if o.name == "where.self")
    decl = next(d for d in declarations(op) if d.variant == "method")
    assert decl.params == "const Tensor& condition, const Tensor& other"
    assert decl.call_args == "condition, *this, other"


def test_python_names_rename_the_function_keywords_only():
    # torch.split(tensor, split_size_or_sections, dim=0); Tensor.split(split_size, dim=0).
    assert by_name("function", "split").parser_texts() == [
        "split(Tensor tensor, int split_size_or_sections, int dim=0)",
        "split(Tensor tensor, int[] split_size_or_sections, int dim=0)"]
    assert by_name("method", "split").parser_texts() == ["split(int split_size, int dim=0)", "split(int[] split_size, int dim=0)"]


def test_aliases_bind_every_python_form_of_their_op():
    # clamp and clamp.tensor are both reached as clip, clip_ and out=.
    clip = by_name("function", "clip")
    assert [ov.op.name for ov in clip.overloads] == ["clamp", "clamp.tensor"]
    assert clip.parser_texts()[0] == "clip(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor? out=None)"
    assert "\n\nAlias of clamp.\n\n" in clip.doc()
    assert "\n\nAlias of clamp_.\n\n" in by_name("method", "clip_").doc()
    assert [ov.op.name for ov in by_name("method", "absolute").overloads] == ["abs"]


def test_inplace_function_is_the_module_form_of_the_inplace_method():
    # torch.sqrt_(input): writes its first argument and returns it.
    sqrt_ = by_name("function", "sqrt_")
    assert sqrt_.parser_texts() == ["sqrt_(Tensor input)"]
    body = "\n".join(overload_body(sqrt_.overloads[0], []))
    assert "Tensor& self_mut = r.tensor_mut(0);" in body and "ember::sqrt_(self_mut)" in body
    assert "return r.object(0);" in body
    # Only where the schema asks for it, as PyTorch has no torch.add_.
    assert not any(b.kind == "function" and b.name == "add_" for b in BINDINGS)
