"""The argument parser of the generated bindings (runtime/python/arg_parser.h):
overloads, keywords, defaults, varargs int lists, conversions and the
TypeErrors of a call that fits no signature."""
import numpy as np
import pytest

import ember
from ember_np import to_ember, to_numpy


def t23(dtype="float32"):
    return to_ember(np.arange(6).reshape(2, 3), dtype)


def test_overloads_pick_by_arguments():
    t = t23()
    assert to_numpy(ember.sum(t)).item() == 15
    assert to_numpy(ember.sum(t, 1)).tolist() == [3, 12]
    assert to_numpy(t.sum(0)).tolist() == [3, 5, 7]
    assert to_numpy(t.sum(dim=1, keepdim=True)).tolist() == [[3], [12]]
    assert t.squeeze().shape == (2, 3)
    assert to_ember(np.zeros((2, 1)), "float32").squeeze(1).shape == (2,)


def test_function_names_self_input_as_pytorch():
    t = t23()
    assert to_numpy(ember.add(input=t, other=t)).tolist() == (2 * np.arange(6).reshape(2, 3)).tolist()
    with pytest.raises(TypeError, match="unexpected keyword argument 'self'"):
        ember.add(self=t, other=t)


def test_keyword_only_after_star():
    t = t23()
    assert to_numpy(ember.add(t, t, alpha=2)).tolist() == (3 * np.arange(6).reshape(2, 3)).tolist()
    with pytest.raises(TypeError, match="takes 2 positional arguments but 3 were given"):
        ember.add(t, t, 2)


def test_tensor_or_number_accepts_numbers_and_0dim_tensors():
    t = t23()
    assert to_numpy(t.add(1)).tolist() == (np.arange(6).reshape(2, 3) + 1).tolist()
    assert to_numpy(t.add(True)).tolist() == (np.arange(6).reshape(2, 3) + 1).tolist()
    assert to_numpy(t.add(np.float32(0.5))).tolist() == (np.arange(6).reshape(2, 3) + 0.5).tolist()
    assert to_numpy(t.add(np.int64(2))).tolist() == (np.arange(6).reshape(2, 3) + 2).tolist()
    zero_dim = to_ember([3.0], "float64").select(0, 0)
    r = t.add(zero_dim)
    assert r.dtype is ember.float32  # a 0-dim tensor does not widen a tensor with dims
    assert to_numpy(r).tolist() == (np.arange(6).reshape(2, 3) + 3).tolist()


def test_scalar_arguments_accept_0dim_tensors():
    t = t23()
    alpha = to_ember([2], "int64").select(0, 0)
    assert to_numpy(ember.add(t, t, alpha=alpha)).tolist() == (3 * np.arange(6).reshape(2, 3)).tolist()
    with pytest.raises(TypeError, match="argument 'alpha' must be number"):
        ember.add(t, t, alpha=t)


def test_int_list_from_tuples_lists_ints_and_varargs():
    t = t23()
    for shape in [(3, 2), [3, 2], (np.int64(3), 2)]:
        assert t.view(shape).shape == (3, 2)
    assert t.view(3, 2).shape == (3, 2)
    assert t.view(6).shape == (6,)
    assert t.view(-1).shape == (6,)
    assert t.permute(1, 0).shape == (3, 2)
    assert t.permute((1, 0)).shape == (3, 2)
    assert t.permute(dims=[1, 0]).shape == (3, 2)
    assert ember.view(t, (3, 2)).shape == (3, 2)
    assert t.expand(4, 2, 3).shape == (4, 2, 3)
    assert t.view(*[3, 2]).shape == (3, 2)
    # Functions take no varargs (as torch.permute).
    with pytest.raises(TypeError):
        ember.permute(t, 1, 0)


def test_int_list_rejects_wrong_entries():
    t = t23()
    with pytest.raises(TypeError, match=r"argument 'size' \(position 1\) must be tuple of ints, not tuple of \(int, str\)"):
        t.view((3, "2"))
    with pytest.raises(TypeError, match="must be tuple of ints, not float"):
        t.view(3, 2.0)
    with pytest.raises(TypeError):
        t.view([[3, 2]])
    with pytest.raises(TypeError):
        t.view(True, 6)


def test_int_arguments():
    t = t23()
    assert t.narrow(1, np.int32(1), 2).shape == (2, 2)
    assert t.narrow(1, to_ember([1], "int64").select(0, 0), 2).shape == (2, 2)  # a 0-dim integer tensor
    with pytest.raises(TypeError, match="argument 'start' \\(position 2\\) must be int, not float"):
        t.narrow(1, 1.0, 2)
    with pytest.raises(TypeError, match="must be int, not bool"):
        t.narrow(True, 1, 2)
    with pytest.raises(TypeError, match="must be int, not Tensor"):
        t.narrow(0, to_ember([1.0], "float32").select(0, 0), 1)


def test_huge_ints_raise_overflow_error_naming_the_argument():
    t = t23()
    with pytest.raises(OverflowError, match="narrow\\(\\): argument 'start' .* does not fit in int64"):
        t.narrow(0, 2**70, 1)
    with pytest.raises(OverflowError, match="argument 'other'"):
        t.add(2**64)
    with pytest.raises(OverflowError, match="argument 'size'"):
        t.view(2**63, 1)
    # Within int64 but out of range for the tensor: the op's own IndexError.
    with pytest.raises(IndexError, match="narrow"):
        t.narrow(0, 2**62, 1)


def test_bool_and_dtype_arguments():
    t = t23()
    assert t.sum(1, True).shape == (2, 1)
    assert t.sum(1, np.bool_(True)).shape == (2, 1)
    with pytest.raises(TypeError, match="argument 'keepdim' .* must be bool, not int"):
        t.sum(1, 1)
    assert t.to(ember.int8).dtype is ember.int8
    assert t.to(ember.float32, copy=True) is not t
    assert t.to(ember.float32) is t  # no conversion: the same object, as PyTorch


def test_str_arguments():
    words = ember._C._testing_parse_words
    assert words("floor") == ("floor", None, "linear")  # str? defaults to None, str to its quoted default
    assert words("trunc", "x", fallback="nearest") == ("trunc", "x", "nearest")
    assert words(word="\u00e9t\u00e9", maybe=None) == ("\u00e9t\u00e9", None, "linear")  # UTF-8 through
    with pytest.raises(TypeError, match="argument 'word' .* must be str, not int"):
        words(1)
    with pytest.raises(TypeError, match="argument 'word' .* must be str, not NoneType"):
        words(None)
    with pytest.raises(TypeError, match="argument 'maybe' .* must be str or None, not bytes"):
        words("a", b"b")
    with pytest.raises(TypeError, match="fallback"):
        words("a", "b", "c")  # keyword-only


def test_defaults_apply():
    t = t23()
    assert t.sum(0).shape == (3,)  # keepdim=False
    assert len(ember.split(to_ember(np.arange(5), "int64"), 2)) == 3  # dim=0


def test_missing_and_repeated_arguments():
    t = t23()
    with pytest.raises(TypeError, match="missing required argument 'other'"):
        ember.add(t)
    with pytest.raises(TypeError, match="got multiple values for argument 'other'"):
        ember.add(t, t, other=t)
    with pytest.raises(TypeError, match="unexpected keyword argument 'alhpa'"):
        ember.add(t, t, alhpa=2)


def test_single_signature_error_names_argument_and_lists_the_signature():
    t = t23()
    with pytest.raises(TypeError) as info:
        ember.add(t, "x")
    msg = str(info.value)
    assert msg.startswith("add(): argument 'other' (position 2) must be Tensor or number, not str")
    assert "add(Tensor input, Tensor or number other, *, number alpha=1, Tensor or None out=None)" in msg


def test_overload_error_lists_every_signature():
    t = t23()
    with pytest.raises(TypeError) as info:
        ember.sum(t, "x")
    msg = str(info.value)
    assert msg.startswith("sum() received an invalid combination of arguments - got (Tensor, str), but expected one of:")
    assert " * sum(Tensor input, *, ember.dtype or None dtype=None)" in msg
    assert " * sum(Tensor input, int dim, bool keepdim=False, *, Tensor or None out=None)" in msg
    assert "argument 'dim' (position 2) must be int, not str" in msg


def test_first_argument_must_be_a_tensor():
    with pytest.raises(TypeError, match="argument 'input' \\(position 1\\) must be Tensor, not list"):
        ember.neg([1, 2])
    with pytest.raises(TypeError, match="must be Tensor, not int"):
        ember.add(1, 2)


def test_out_argument():
    t = t23()
    out = to_ember(np.zeros(0), "float32")
    r = ember.add(t, t, out=out)
    assert r is out and out.shape == (2, 3)
    with pytest.raises(TypeError, match="argument 'out' must be Tensor or None, not tuple"):
        ember.add(t, t, out=(out,))
    with pytest.raises(TypeError, match="out"):
        ember.add(t, t, out=to_ember([0], "int32"))  # float result into an int tensor


def test_multi_output_named_tuple_and_out():
    t = to_ember(np.array([[1, 5, 2], [7, 0, 7]]), "int32")
    r = ember.max(t, 1)
    assert type(r) is ember.return_types.max
    assert type(r).__name__ == "max" and type(r).__module__ == "ember.return_types"
    values, indices = r
    assert r.values is values and r.indices is indices and r[0] is values
    assert to_numpy(values).tolist() == [5, 7] and to_numpy(indices).tolist() == [1, 0]
    assert "values=" in repr(r) and "indices=" in repr(r)
    v, i = to_ember(np.zeros(0), "int32"), to_ember(np.zeros(0), "int64")
    assert t.max(dim=1, keepdim=True).values.shape == (2, 1)
    r2 = ember.max(t, 1, True, out=(v, i))
    assert r2.values is v and r2.indices is i and v.shape == (2, 1)
    assert ember.max(t, 1, out=[v, i]).values is v
    with pytest.raises(TypeError, match="tuple of 2 Tensors"):
        ember.max(t, 1, out=(v,))


def test_tensor_list_returns_are_tuples():
    parts = ember.split(to_ember(np.arange(5), "int64"), 2)
    assert isinstance(parts, tuple) and [p.shape for p in parts] == [(2,), (2,), (1,)]
    parts = to_ember(np.arange(6), "int64").chunk(3)
    assert [to_numpy(p).tolist() for p in parts] == [[0, 1], [2, 3], [4, 5]]


def test_an_only_tensor_list_also_takes_tensors_one_by_one():
    a, b = to_ember(np.arange(2), "int64"), to_ember(np.float32(3), "float32")
    for shaped in (ember.atleast_2d(a, b), ember.atleast_2d([a, b]), ember.atleast_2d((a, b))):
        assert [p.shape for p in shaped] == [(1, 2), (1, 1)]
    assert ember.atleast_2d(a).shape == (1, 2)  # one tensor: the Tensor overload
    with pytest.raises(TypeError, match="varargs entry 1"):
        ember.atleast_2d(a, 2)


def test_inplace_methods_return_self():
    t = t23()
    assert t.add_(1) is t
    assert t.zero_() is t and to_numpy(t).sum() == 0
    assert t.fill_(2.5) is t and to_numpy(t).tolist() == [[2.5] * 3] * 2


def test_method_aliases_of_conversions():
    t = t23()
    for name, dtype in [("byte", "uint8"), ("char", "int8"), ("short", "int16"), ("int", "int32"), ("long", "int64"),
                        ("float", "float32"), ("double", "float64"), ("half", "float16"), ("bool", "bool"),
                        ("bfloat16", "bfloat16")]:
        assert getattr(t, name)().dtype is getattr(ember, dtype)
        assert getattr(t, "to_" + name)().dtype is getattr(ember, dtype)
    assert t.float() is t


def test_docstrings_from_the_schema():
    assert ember.add.__doc__.startswith("add(input: Tensor, other: Tensor | number, *, alpha: number = 1, out: Tensor | None = None) -> Tensor")
    assert "broadcasting" in ember.add.__doc__
    assert ember.Tensor.add_.__doc__.startswith("add_(other: Tensor | number, *, alpha: number = 1) -> Tensor")
    assert ember.sum.__doc__.splitlines()[:2] == [
        "sum(input: Tensor, *, dtype: dtype | None = None) -> Tensor",
        "sum(input: Tensor, dim: int, keepdim: bool = False, *, out: Tensor | None = None) -> Tensor"]


def test_errors_from_ops_keep_their_kind_and_name_the_op():
    t = t23()
    with pytest.raises(IndexError, match="sum"):
        t.sum(2)
    with pytest.raises(ValueError, match="view"):
        t.view(4)
    with pytest.raises(TypeError, match="neg: not implemented for dtype bool"):
        ember.neg(to_ember([True], "bool"))
