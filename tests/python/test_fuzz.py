"""No input from Python crashes: random and odd indices, values and data
thrown at indexing, assignment, construction, storages and the NumPy and
DLPack entry points. Every outcome is a result (checked against NumPy where
the semantics agree) or one of the documented exception classes."""
import random

import numpy as np
import pytest

import ember
from interop_util import same
from test_indexing import to_numpy_index

ALLOWED = (IndexError, TypeError, ValueError, OverflowError, MemoryError, BufferError)
ODD = [None, Ellipsis, True, False, 0, -1, 1, 2**46, -2**63, 2**64, 2**200, 1.5, float("nan"), "x", b"x", 1j,
       object(), [], [[]], [None], [1.5], [True, 2], (), {}, set(), slice(None), slice(2**70), slice(-2**70, 2**70),
       slice(None, None, 0), slice(None, None, -1), slice(None, None, 2**70), slice("a"), slice(1.5),
       np.int64(1), np.float32(1), np.bool_(False), np.array([]), np.array([[1]]), np.array(["a"]),
       np.array([1.5]), np.zeros((2, 2, 2), dtype=bool), ember.tensor(1.5), ember.tensor([], dtype=ember.int64),
       ember.zeros(2, dtype=ember.bool), ember.tensor([[0, 1]]), ember.zeros(0, dtype=ember.uint8)]


def random_item(rng, shape):
    kind = rng.randrange(9)
    size = shape[rng.randrange(len(shape))] if shape else 1
    if kind == 0:
        return rng.randrange(-size - 2, size + 2)
    if kind == 1:
        def bound():
            return rng.choice([None, rng.randrange(-size - 3, size + 3)])
        return slice(bound(), bound(), rng.choice([None, 1, 2, 3, 7]))
    if kind == 2:
        return None
    if kind == 3:
        return Ellipsis
    if kind == 4:
        return rng.choice([True, False])
    if kind == 5:
        return [rng.randrange(-size, size) for _ in range(rng.randrange(0, 4))] if size else []
    if kind == 6:
        return ember.tensor([rng.randrange(-size, size) for _ in range(rng.randrange(1, 4))] if size else [0])
    if kind == 7:
        d = rng.randrange(len(shape)) if shape else 0
        return ember.tensor(np.array([rng.random() < 0.5 for _ in range(shape[d] if shape else 1)]))
    return rng.choice(ODD)


def has_int_and_advanced(items):
    ints = any(isinstance(i, (int, np.integer)) and not isinstance(i, (bool, np.bool_)) or
               isinstance(i, ember.Tensor) and i.dim() == 0 and i.dtype not in (ember.bool, ember.uint8)
               for i in items)
    adv = any(isinstance(i, (list, np.ndarray, bool, np.bool_)) or isinstance(i, ember.Tensor) and i.dim() > 0
              for i in items)
    return ints and adv


@pytest.mark.parametrize("seed", range(12))
def test_random_indices(seed):
    rng = random.Random(seed)
    mismatches = []
    for _ in range(400):
        shape = tuple(rng.randrange(0, 5) for _ in range(rng.randrange(0, 4)))
        a = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
        t = ember.tensor(a)
        items = tuple(random_item(rng, shape) for _ in range(rng.randrange(0, 4)))
        index = items[0] if len(items) == 1 and rng.random() < 0.5 else items
        try:
            r = t[index]
        except ALLOWED:
            r = None
        comparable = r is not None and not has_int_and_advanced(items if isinstance(index, tuple) else (index,))
        if comparable:
            try:
                expected = a[to_numpy_index(index)]
            except Exception:  # NumPy refuses what PyTorch's rules accept (e.g. uint8 masks)
                comparable = False
        if comparable and (r.shape != expected.shape or r.tolist() != expected.tolist()):
            mismatches.append(("get", index, r.shape, expected.shape))
        try:
            t[index] = ember.tensor(7)
        except ALLOWED:
            continue
        if comparable:
            a[to_numpy_index(index)] = 7
            if t.tolist() != a.tolist():
                mismatches.append(("set", index))
    assert not mismatches, mismatches[:5]


@pytest.mark.parametrize("odd", ODD + [[odd] for odd in ODD] + [(odd, odd) for odd in ODD], ids=repr)
def test_odd_values_everywhere(odd):
    t = ember.tensor(np.arange(24.0).reshape(2, 3, 4))
    for action in [
        lambda: t[odd],
        lambda: t.__setitem__(odd, 1),
        lambda: t.__setitem__(0, odd),
        lambda: t.__setitem__((slice(None), [0, 1]), odd),
        lambda: ember.tensor(odd),
        lambda: ember.tensor([odd, odd]),
        lambda: ember.tensor(odd, dtype=ember.uint8),
        lambda: ember.zeros(odd),
        lambda: ember.full((2,), odd),
        lambda: ember.FloatTensor(odd),
        lambda: ember.FloatTensor(ember.FloatStorage(4), odd, (2,)),
        lambda: ember.FloatStorage(odd),
        lambda: ember.FloatStorage(4)[odd],
        lambda: ember.FloatStorage(4).__setitem__(odd, 1),
        lambda: ember.from_numpy(odd),
        lambda: ember.from_dlpack(odd),
        lambda: t.size(odd),
        lambda: t.stride(odd),
        lambda: t.__dlpack__(max_version=odd),
        lambda: t.type(odd),
    ]:
        try:
            action()
        except ALLOWED:
            pass
        except (AttributeError, KeyError):  # from_dlpack of objects without __dlpack__; type() lookups
            pass


@pytest.mark.parametrize("seed", range(6))
def test_random_nested_data(seed):
    rng = random.Random(seed)
    leaves = [0, 1, -1, 2.5, True, np.float32(1), np.int8(3), np.array(2), ember.tensor(1.0), "s", None]

    def build(depth):
        if depth == 0 or rng.random() < 0.2:
            return rng.choice(leaves)
        return [build(depth - 1) for _ in range(rng.randrange(0, 3))]

    for _ in range(300):
        data = build(rng.randrange(0, 4))
        try:
            t = ember.tensor(data)
        except ALLOWED:
            continue
        try:
            expected = np.array(data, dtype=np.float64)
        except Exception:
            continue
        assert t.shape == expected.shape
        np.testing.assert_array_equal(np.array(t.tolist(), dtype=np.float64).reshape(expected.shape), expected)


def test_huge_sizes_raise_memory_errors():
    with pytest.raises(MemoryError):
        ember.zeros(2**62)
    with pytest.raises(MemoryError):
        ember.FloatStorage(2**62)
    with pytest.raises((MemoryError, ValueError)):
        ember.FloatTensor(ember.FloatStorage(4), 0, (2**62, 2**62), (1, 1))
