"""Note [result layout]: a new result of an elementwise op is dense in the
memory order of its inputs, as PyTorch lays it out. Where every input
that orders the dims agrees, NumPy's ufuncs (order='K') lay their result
out the same way and are the oracle; where inputs disagree, PyTorch
follows the first input, whose own order NumPy gives for it alone."""
from __future__ import annotations

import numpy as np
import pytest

import ember


def strides(a) -> tuple[int, ...]:
    if isinstance(a, np.ndarray):
        return tuple(s // a.itemsize for s in a.strides)
    return tuple(a.stride())


# Each layout: the NumPy array (a view with the strides under test) and the
# same view made in ember.
def transposed():
    base = np.arange(12, dtype=np.float64).reshape(3, 4)
    return base.T, ember.from_numpy(base.copy()).t()


def permuted_3d():
    base = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
    return base.transpose(2, 0, 1), ember.from_numpy(base.copy()).permute(2, 0, 1)


def sliced_transposed():
    base = np.arange(24, dtype=np.float64).reshape(3, 8)
    return base[:, ::2].T, ember.from_numpy(base.copy())[:, ::2].t()


LAYOUTS = [transposed, permuted_3d, sliced_transposed]

UNARY = [("neg", np.negative), ("exp", np.exp), ("sqrt", lambda a: np.sqrt(np.abs(a)))]


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("name,ref", UNARY, ids=[u[0] for u in UNARY])
def test_unary_result_follows_input_order(layout, name, ref):
    a, e = layout()
    got = getattr(ember, name)(ember.abs(e) if name == "sqrt" else e)
    want = ref(a)
    assert strides(got) == strides(want)
    np.testing.assert_allclose(got.numpy(), want)


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda f: f.__name__)
def test_binary_and_compare_with_numbers_and_same_order(layout):
    a, e = layout()
    for got, want in [(e + 1, a + 1), (e * e, a * a), (e > 5, a > 5), (ember.fmod(e, 4), np.fmod(a, 4))]:
        assert strides(got) == strides(want)
        np.testing.assert_array_equal(got.numpy(), want)


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda f: f.__name__)
def test_ternary_ops_follow_input_order(layout):
    a, e = layout()
    cond, econd = a > 5, e > 5
    cases = [
        (ember.where(econd, e, e * 2), np.where(cond, a, a * 2)),
        (ember.addcmul(e, e, e, value=0.5), a + 0.5 * a * a),
        (ember.clamp(e, min=e - 1, max=e + 1), np.clip(a, a - 1, a + 1)),
        (ember.lerp(e, e * 3, e), a + a * (a * 3 - a)),
    ]
    for got, want in cases:
        assert strides(got) == strides(want)
        np.testing.assert_allclose(got.numpy(), want)


def test_broadcast_inputs_decide_nothing_along_their_broadcast_dims():
    a, e = transposed()  # shape (4, 3), strides (1, 4)
    col = np.arange(4.0).reshape(4, 1)
    for got, want in [(ember.from_numpy(col).expand(4, 3) + e, np.broadcast_to(col, (4, 3)) + a),
                      (ember.from_numpy(col) + e, col + a),
                      (e + ember.from_numpy(np.arange(3.0)), a + np.arange(3.0))]:
        assert strides(got) == strides(want)
        np.testing.assert_array_equal(got.numpy(), want)
    # Only broadcast inputs: row-major, as NumPy.
    got = ember.from_numpy(col) + ember.from_numpy(np.arange(3.0).reshape(1, 3))
    assert strides(got) == strides(col + np.arange(3.0).reshape(1, 3))


def test_inputs_that_disagree_follow_the_first():
    a, e = transposed()
    c = np.ascontiguousarray(a)
    ec = ember.from_numpy(c.copy())
    assert strides(e + ec) == strides(np.add(a, 0))  # a's own order
    assert strides(ec + e) == strides(np.add(c, 0))
    np.testing.assert_array_equal((e + ec).numpy(), a + c)


def test_zero_dim_inputs_and_promotion_keep_the_order():
    base = np.arange(12, dtype=np.int64).reshape(3, 4)
    got = ember.from_numpy(base.copy()).t() + ember.tensor(1.5)
    assert got.dtype == ember.float32
    assert strides(got) == strides(base.T)
    np.testing.assert_allclose(got.numpy(), base.T + 1.5)


def test_out_and_in_place_keep_the_callers_layout():
    a, e = transposed()
    out = ember.empty(4, 3)
    ember.add(e, 1, out=out)
    assert strides(out) == (3, 1)
    np.testing.assert_array_equal(out.numpy(), a + 1)
    c = ember.from_numpy(np.ascontiguousarray(a))
    c.add_(e)
    assert strides(c) == (3, 1)
    np.testing.assert_array_equal(c.numpy(), 2 * a)


def test_contiguous_inputs_give_contiguous_results():
    e = ember.from_numpy(np.arange(12.0).reshape(3, 4))
    for got in [e + 1, ember.where(e > 3, e, -e), ember.exp(e), e[:, None] * e[None]]:
        assert got.is_contiguous()
