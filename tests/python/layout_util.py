"""Shared by the tests that compare a fast path on contiguous tensors with
the general path on other layouts (Notes [softmax by rows] and [softmax by
columns]): a view of the same values that is not contiguous, and a
bit-for-bit comparison."""
import numpy as np

import ember


def rows_not_adjacent(a):
    """a (2-D or more, a NumPy array) as an ember view whose last dim is
    dense but whose rows are not adjacent (not contiguous); a single row,
    which such a view leaves contiguous, with its elements 2 apart
    instead."""
    if a.shape[-2] == 1:
        wide = ember.from_numpy(np.zeros(a.shape[:-1] + (2 * a.shape[-1],), a.dtype))
        view = wide[..., ::2]
    else:
        wide = ember.from_numpy(np.zeros(a.shape[:-1] + (a.shape[-1] + 3,), a.dtype))
        view = wide[..., : a.shape[-1]]
    view.copy_(ember.from_numpy(a))
    assert not view.is_contiguous()
    return view


def same_bits(x, y):
    """x and y (ember tensors) have the same shape and the same bytes."""
    x, y = x.numpy(), y.numpy()
    assert x.shape == y.shape
    np.testing.assert_array_equal(x.view(np.uint8), y.view(np.uint8))
