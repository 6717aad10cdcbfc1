"""Contractions (einsum, tensordot, inner, vdot) written as a PyTorch 1.13
user writes them (variadic operands, dims= forms, out=), run through
ember and compared with NumPy. The generated tests
(generated/tests/python/test_ops_contract.py) cover every dtype and layout
of einsum, inner and vdot; tensordot's Python form (ember/_functional.py)
is checked here, over every dtype and a transposed operand."""
from __future__ import annotations

import functools

import numpy as np
import pytest

import ember
import conformance
from ember_np import to_numpy
from conformance import t

# The operands are exact in every dtype: results are held to 1e-9.
close = functools.partial(conformance.close, rtol=1e-9)

RNG = np.random.default_rng(21)
NUMERIC = ("uint8", "int8", "int16", "int32", "int64", "float32", "float64", "float16", "bfloat16")


def rand(*shape: int) -> np.ndarray:
    return np.round(RNG.uniform(-4, 4, size=shape) * 8) / 8   # exact in every floating dtype


def test_einsum_operands_one_by_one_or_as_a_list():
    a, b, c = rand(3, 4), rand(4, 5), rand(5)
    close(ember.einsum("ij,jk->ik", t(a), t(b)), a @ b)
    close(ember.einsum("ij,jk", [t(a), t(b)]), a @ b)
    close(ember.einsum("ij,jk,k->i", t(a), t(b), t(c)), np.einsum("ij,jk,k->i", a, b, c))
    close(ember.einsum("i,i", t(c), t(c)), c @ c)
    close(ember.einsum(equation="ij->ji", tensors=[t(a)]), a.T)


def test_einsum_grammar():
    x, sq, batch = rand(2, 3), rand(4, 4), rand(2, 3, 4, 5)
    close(ember.einsum("ii", t(sq)), np.trace(sq))
    close(ember.einsum("ii->i", t(sq)), np.diag(sq))
    close(ember.einsum("ij->", t(x)), x.sum())
    close(ember.einsum("...ij->...ji", t(batch)), np.swapaxes(batch, -1, -2))
    close(ember.einsum("b...j,b...j->b...", t(batch), t(batch)), np.einsum("b...j,b...j->b...", batch, batch))
    y = rand(3, 2)
    close(ember.einsum("Ab,bc", t(x), t(y)), np.einsum("Ab,bc", x, y))
    close(ember.einsum("i j , j k", t(x), t(y)), x @ y)   # spaces are ignored, as PyTorch does
    # Bilinear form, as torch.nn.functional.bilinear (three operands, left to right).
    l, A, r = rand(2, 5), rand(3, 5, 4), rand(2, 4)
    close(ember.einsum("bn,anm,bm->ba", t(l), t(A), t(r)), np.einsum("bn,anm,bm->ba", l, A, r))


def test_einsum_dtypes_follow_pytorch():
    a = RNG.integers(-9, 9, size=(3, 3)).astype(np.int32)
    close(ember.einsum("ij,jk", t(a, "int32"), t(a, "int32")), a @ a, ember.int32)
    close(ember.einsum("ij->j", t(a, "int32")), a.sum(0), ember.int64)   # torch.sum's int64
    close(ember.einsum("ij,jk", t(a, "bfloat16"), t(a, "bfloat16")), a @ a, ember.bfloat16)
    with pytest.raises(TypeError, match="einsum"):
        ember.einsum("i,i", t(np.ones(2)), t(np.ones(2), "float32"))
    with pytest.raises(TypeError, match="einsum"):
        ember.einsum("i,i", t(np.ones(2), "bool"), t(np.ones(2), "bool"))


@pytest.mark.parametrize("equation, shapes, message", [
    ("i1", [(2,)], "invalid subscript '1'"),
    ("ij,jk", [(2, 3)], "2 operand"),
    ("ijk", [(2, 3)], "3 subscripts but it has 2 dims"),
    ("ij,jk", [(2, 3), (4, 2)], "subscript j has size 3"),
    ("ij->k", [(2, 3)], "output subscript k appears in no operand"),
    ("ij->ii", [(2, 3)], "appears more than once in the output"),
    ("i..", [(2, 3)], "not part of an ellipsis"),
])
def test_einsum_errors_name_einsum_and_leave_the_operands(equation, shapes, message):
    ops = [rand(*s) for s in shapes]
    tensors = [t(o) for o in ops]
    with pytest.raises(ValueError, match=message) as info:
        ember.einsum(equation, *tensors)
    assert str(info.value).startswith("einsum: ")
    for o, x in zip(ops, tensors):
        np.testing.assert_array_equal(to_numpy(x), o)


@pytest.mark.parametrize("dtype", NUMERIC)
def test_tensordot_dims_forms(dtype):
    a, b = rand(3, 4, 5), rand(4, 5, 2)
    want = np.tensordot(a, b, axes=2)
    tol = {"float16": 1e-2, "bfloat16": 2e-2}.get(dtype, 1e-6)
    x, y = t(a, dtype), t(b, dtype)
    ref = np.tensordot(to_numpy(x).astype(np.float64), to_numpy(y).astype(np.float64), axes=2)
    if dtype.startswith(("int", "uint")):
        ref = ref.astype(np.int64).astype(dtype)   # integer products wrap, as NumPy's do
    close(ember.tensordot(x, y), ref, getattr(ember, dtype), rtol=tol)
    close(ember.tensordot(x, y, dims=([1, 2], [0, 1])), ref, rtol=tol)
    close(ember.tensordot(x, y, dims=[[1, 2], [0, 1]]), ref, rtol=tol)
    close(ember.tensordot(x, y, dims=ember.tensor([[1, 2], [0, 1]])), ref, rtol=tol)
    close(ember.tensordot(x, y, ember.tensor(2)), ref, rtol=tol)
    assert want.shape == (3, 2)


def test_tensordot_pairs_transposed_operands_and_out():
    a, b = rand(3, 5, 4, 6), rand(6, 4, 5, 3)
    close(ember.tensordot(t(a), t(b), dims=([2, 1, 3], [1, 2, 0])), np.tensordot(a, b, axes=([2, 1, 3], [1, 2, 0])))
    m = rand(4, 3)
    mt = t(np.ascontiguousarray(m.T)).t()   # a transposed view
    close(ember.tensordot(mt, t(m), dims=([0], [0])), np.tensordot(m, m, axes=([0], [0])))
    close(ember.tensordot(t(m), t(m), 0), np.tensordot(m, m, 0))
    out = ember.zeros(0, dtype=ember.float64)
    r = ember.tensordot(t(m), t(m.T), dims=1, out=out)
    assert r is out
    close(out, m @ m.T)
    sq = rand(3, 3)
    x = t(sq)
    ember.tensordot(x, x, dims=([1], [0]), out=x)   # out is both operands
    close(x, sq @ sq)


def test_tensordot_errors_leave_out_as_it_was():
    out = t(np.arange(4.0))
    with pytest.raises(ValueError, match="tensordot: contracted dims must match"):
        ember.tensordot(t(rand(2, 3)), t(rand(3, 4)), dims=([0], [0]), out=out)
    np.testing.assert_array_equal(to_numpy(out), np.arange(4.0))
    with pytest.raises(ValueError, match="dims must be >= 0"):
        ember.tensordot(t(rand(2, 3)), t(rand(3, 4)), -1)
    with pytest.raises(IndexError):
        ember.tensordot(t(rand(2, 3)), t(rand(3, 4)), 3)
    with pytest.raises(TypeError, match="tensordot"):
        ember.tensordot(t(rand(2, 3)), t(rand(3, 4)), dims="1")


def test_inner_and_vdot():
    a, b, v = rand(2, 3, 4), rand(5, 4), rand(4)
    close(ember.inner(t(a), t(b)), np.inner(a, b))
    close(t(a).inner(t(v)), np.inner(a, v))
    close(ember.inner(ember.tensor(2.5), t(b)), 2.5 * b)   # a 0-dim operand multiplies
    out = ember.zeros(0, dtype=ember.float64)
    ember.inner(t(b), t(b), out=out)
    close(out, b @ b.T)
    close(ember.vdot(t(v), t(v)), np.vdot(v, v))
    close(t(v).vdot(t(v[::-1].copy())), np.vdot(v, v[::-1]))
    with pytest.raises(ValueError, match="inner: the last dims must match"):
        ember.inner(t(a), t(rand(4, 3)))
    with pytest.raises(ValueError, match="vdot: expected two 1-d tensors"):
        ember.vdot(t(b), t(b))


@pytest.mark.parametrize("da,db,want", [("int64", "float32", "float32"), ("bool", "int32", "int32"),
                                        ("uint8", "int8", "int16"), ("float16", "float64", "float64")])
def test_outer_and_ger_promote_mixed_dtypes(da, db, want):
    a, b = np.array([1, 0, 3]), np.array([2, 1])
    for f in (ember.outer, ember.ger):
        x, y = t(a, da), t(b, db)
        close(f(x, y), np.outer(to_numpy(x).astype(np.float64), to_numpy(y).astype(np.float64)), want)


@pytest.mark.parametrize("op", ["matmul", "mv", "mm", "addmv"])
def test_products_of_empty_expanded_matrices(op):
    """An n x 0 matrix expanded from 1 x 0 has a zero row stride; BLAS is
    still handed a valid leading dim (UBSan once caught an unset one)."""
    m = ember.zeros(1, 0, dtype=ember.float64).expand(3, 0)
    other = ember.zeros(0, 2, dtype=ember.float64).expand(0, 2) if op == "mm" else ember.zeros(0, dtype=ember.float64)
    a = np.zeros((3, 0))
    b = np.zeros((0, 2)) if op == "mm" else np.zeros(0)
    if op == "addmv":
        r = ember.addmv(t(np.ones(3)), m, other)
        np.testing.assert_array_equal(to_numpy(r), np.ones(3) + a @ b)
    else:
        np.testing.assert_array_equal(to_numpy(getattr(ember, op)(m, other)), a @ b)
