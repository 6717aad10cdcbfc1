"""Output aliasing and failed calls (Note [output aliasing] in
runtime/ops/output.h): the reproducers of the reliability issue, each
against what the same call gives on copies (or NumPy), and the ops with
out=/in-place variants that the generated checks (alias_harness.py) do
not reach because their schemas have no NumPy reference."""
import numpy as np
import pytest

import ember
from ember_np import to_numpy


def _t(values, dtype=ember.float32):
    return ember.tensor(values, dtype=dtype)


@pytest.mark.parametrize("op", ["sum", "mean", "prod", "var", "std", "norm", "amax", "amin"])
def test_reduction_into_its_own_input(op):
    values = [[1.0, 2.0], [3.0, 5.0], [7.0, 11.0]]
    expected = getattr(ember, op)(_t(values), 1) if op != "norm" else ember.norm(_t(values), 2, 1)
    a = _t(values)
    result = getattr(ember, op)(a, 1, out=a) if op != "norm" else ember.norm(a, 2, 1, out=a)
    assert result is a and a.shape == (3,)
    assert np.allclose(to_numpy(a), to_numpy(expected))


def test_reduction_out_of_another_shape():
    a = ember.zeros(3, 2)
    assert ember.sum(ember.ones(4, 3), 0, out=a).tolist() == [4.0, 4.0, 4.0]


@pytest.mark.parametrize("op", ["all", "any"])
def test_logical_reduction_into_its_own_input(op):
    a = _t([[True, False], [True, True]], ember.bool)
    getattr(ember, op)(a, 1, out=a)
    assert a.tolist() == getattr(np, op)(np.array([[True, False], [True, True]]), 1).tolist()


@pytest.mark.parametrize("op", ["max", "min", "median", "mode"])
@pytest.mark.parametrize("which", [0, 1])
def test_values_and_indices_into_the_input(op, which):
    values = [[3, 1, 2], [5, 9, 9]]
    want_v, want_i = getattr(ember, op)(_t(values, ember.int64), 1)
    a = _t(values, ember.int64)
    other = ember.empty(0, dtype=ember.int64)
    out = (a, other) if which == 0 else (other, a)
    v, i = getattr(ember, op)(a, 1, out=out)
    assert v.tolist() == want_v.tolist() and i.tolist() == want_i.tolist()


def test_kthvalue_into_the_input():
    a = _t([[3.0, 1.0, 2.0], [5.0, 9.0, 4.0]])
    v, i = ember.kthvalue(a, 2, 1, out=(a, ember.empty(0, dtype=ember.int64)))
    assert v.tolist() == [2.0, 5.0] and i.tolist() == [2, 0]


def test_outputs_sharing_memory_are_refused():
    a = ember.zeros(4, dtype=ember.int64)
    with pytest.raises(ValueError, match="share memory"):
        ember.max(_t([[1, 2], [3, 4]], ember.int64), 1, out=(a[:2], a[1:3]))


def test_masked_fill_with_a_mask_in_self():
    a = _t([0, 1, 0, 1], ember.uint8)
    a.masked_fill_(a, 7)
    assert a.tolist() == [0, 7, 0, 7]
    b = _t([1, 1, 0, 0], ember.uint8)
    b[1:].masked_fill_(b[:-1], 5)  # the mask overlaps the part written
    assert b.tolist() == [1, 5, 5, 0]


def test_index_select_gather_into_their_input():
    x = ember.arange(12.0).view(3, 4)
    expected = ember.index_select(x.clone(), 0, _t([2, 0, 1], ember.int64))
    assert ember.index_select(x, 0, _t([2, 0, 1], ember.int64), out=x).tolist() == expected.tolist()
    y = ember.arange(6.0).view(2, 3)
    index = _t([[2, 0, 1], [0, 0, 2]], ember.int64)
    expected = ember.gather(y.clone(), 1, index)
    assert ember.gather(y, 1, index, out=y).tolist() == expected.tolist()


def test_histc_into_its_input():
    a = _t([1.0, 2.0, 2.0, 3.0])
    expected = ember.histc(a.clone(), 3, 1, 3)
    assert ember.histc(a, 3, 1, 3, out=a).tolist() == expected.tolist()


def test_add_into_a_broadcast_input():
    x, y = _t([[1.0, 2.0, 3.0]]), ember.ones(4, 3)
    assert ember.add(x, y, out=x).tolist() == [[2.0, 3.0, 4.0]] * 4


def test_cumsum_into_a_transposed_view():
    b = _t([[0.0, 1.0], [2.0, 3.0]])
    ember.cumsum(b, 0, out=b.t())
    assert b.t().tolist() == [[0.0, 1.0], [2.0, 4.0]]


def test_partial_overlap_of_a_pointwise_output():
    a = ember.arange(6.0)
    ember.add(a[1:], a[:-1], out=a[:-1])
    assert a.tolist() == [1.0, 3.0, 5.0, 7.0, 9.0, 5.0]


def test_expand_beyond_int64_elements():
    with pytest.raises(ValueError, match="2\\^63"):
        _t([[1.0]]).expand(2**32, 2**32)
    assert _t([[1.0]]).expand(2**31, 2**31).numel() == 2**62


def test_refused_dtype_leaves_out_intact():
    o = _t([1.0, 2.0, 3.0, 4.0, 5.0])
    with pytest.raises(TypeError):
        ember.neg(_t([True, False], ember.bool), out=o)
    assert o.shape == (5,) and o.tolist() == [1.0, 2.0, 3.0, 4.0, 5.0]
    i = ember.zeros(5, dtype=ember.int64)
    with pytest.raises(TypeError):
        ember.sqrt(_t([1.0, 4.0]), out=i)  # a float result cannot go to int64
    assert i.shape == (5,) and i.tolist() == [0] * 5


def test_failed_reduction_into_an_expanded_out_leaves_it_intact():
    e = ember.zeros(1).expand(3, 4)
    with pytest.raises(ValueError):
        ember.var(e, 0, keepdim=True, out=e)
    assert e.shape == (3, 4) and e.stride() == (0, 0)


def test_division_by_zero_leaves_out_intact():
    o = _t([9, 9, 9], ember.int64)
    with pytest.raises(ValueError, match="division by zero"):
        ember.floor_divide(_t([1, 2], ember.int64), _t([1, 0], ember.int64), out=o)
    assert o.tolist() == [9, 9, 9]


def test_uninitialised_bool_memory_reads_as_false():
    assert ember.empty(4, dtype=ember.bool).tolist() == [False] * 4


def test_pow_one_half_is_sqrt():
    x = _t([float("-inf"), -0.0, 4.0, 2.0])
    got = ember.pow(x, 0.5).tolist()
    assert np.isnan(got[0]) and str(got[1]) == "-0.0" and got[2:] == [2.0, float(np.float32(np.sqrt(2.0)))]


# Ops with out= (or in place) whose schema entries have no NumPy reference.

def test_cat_into_one_of_its_inputs():
    a, b = _t([1.0, 2.0]), _t([3.0])
    assert ember.cat([a, b], 0, out=a).tolist() == [1.0, 2.0, 3.0]


def test_matrix_products_into_their_inputs():
    m = _t([[1.0, 2.0], [3.0, 4.0]])
    expected = ember.mm(m.clone(), m.clone())
    assert ember.mm(m, m, out=m).tolist() == expected.tolist()
    m = _t([[1.0, 2.0], [3.0, 4.0]])
    c = m.clone()
    out = m.t()
    ember.matmul(m, m.t(), out=out)
    assert out.tolist() == ember.matmul(c, c.t()).tolist()


def test_diag_tril_triu_into_their_input():
    m = _t([[1.0, 2.0], [3.0, 4.0]])
    assert ember.diag(m, 0, out=m).tolist() == [1.0, 4.0]
    m = _t([[1.0, 2.0], [3.0, 4.0]])
    assert ember.tril(m, 0, out=m.t()).tolist() == [[1.0, 0.0], [3.0, 4.0]]
    m = _t([[1.0, 2.0], [3.0, 4.0]])
    assert ember.triu(m, 0, out=m).tolist() == [[1.0, 2.0], [0.0, 4.0]]


def test_factories_refuse_an_expanded_out_intact():
    e = ember.zeros(1).expand(3)
    for call in (lambda: ember.zeros(3, out=e), lambda: ember.arange(3.0, out=e), lambda: ember.linspace(0, 1, 3, out=e)):
        with pytest.raises(ValueError):
            call()
        assert e.shape == (3,) and e.stride() == (0,)


def test_copy_from_an_overlapping_view():
    a = ember.arange(9.0).view(3, 3)
    expected = a.t().clone()
    a.copy_(a.t())
    assert a.tolist() == expected.tolist()
    b = ember.arange(5.0)
    b[1:].copy_(b[:-1])
    assert b.tolist() == [0.0, 0.0, 1.0, 2.0, 3.0]


def test_index_put_with_values_and_indices_in_self():
    a = ember.arange(4.0)
    idx = _t([3, 2, 1, 0], ember.int64)
    a.index_put_([idx], a)
    assert a.tolist() == [3.0, 2.0, 1.0, 0.0]
    b = _t([1, 0, 3, 2], ember.int64)
    b.index_put_([b], _t([10, 11, 12, 13], ember.int64))
    assert b.tolist() == [11, 10, 13, 12]
