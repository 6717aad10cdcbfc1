"""ember's random ops from Python against NumPy's MT19937 (RandomState
seeds it with init_genrand, as Torch7 did): the raw stream, Torch7's
formulas bit for bit, Generator objects and the default generator,
generator=, 0-based indices, statistics with fixed seeds, and errors that
leave their arguments intact."""
import math

import numpy as np
import pytest

import ember
from ember_np import to_numpy


def raw(seed: int, n: int) -> np.ndarray:
    """The first n 32-bit values of MT19937 seeded with init_genrand(seed)."""
    return np.random.RandomState(seed)._bit_generator.random_raw(n).astype(np.float64)


def uniforms(seed: int, n: int) -> np.ndarray:
    return raw(seed, n) / 2.0**32


def box_muller(u: np.ndarray, mean: float, std: float) -> np.ndarray:
    """Torch7's normal: pairs (x, y) give rho cos(2 pi x), then rho sin(2 pi x)."""
    x, y = u[0::2], u[1::2]
    rho = np.sqrt(-2.0 * np.log(1.0 - y))
    out = np.empty(2 * len(x))
    out[0::2] = rho * np.cos(2.0 * np.pi * x) * std + mean
    out[1::2] = rho * np.sin(2.0 * np.pi * x) * std + mean
    return out


def test_raw_stream_and_uniform():
    ember.manual_seed(1234)
    t = ember.DoubleTensor(1000).random_()  # float64: the 32-bit draw itself
    np.testing.assert_array_equal(to_numpy(t), raw(1234, 1000))
    ember.manual_seed(77)
    np.testing.assert_array_equal(to_numpy(ember.DoubleTensor(7).uniform_()), uniforms(77, 7))
    ember.manual_seed(77)
    np.testing.assert_array_equal(to_numpy(ember.rand(7, dtype=ember.float64)), uniforms(77, 7))


def test_normal_exponential_bernoulli_match_torch7():
    ember.manual_seed(5)
    np.testing.assert_array_equal(to_numpy(ember.DoubleTensor(7).normal_(2, 3)), box_muller(uniforms(5, 8), 2, 3)[:7])
    ember.manual_seed(5)
    np.testing.assert_array_equal(to_numpy(ember.randn(2, 4, dtype=ember.float64)).ravel(),
                                  box_muller(uniforms(5, 8), 0, 1))
    ember.manual_seed(6)
    np.testing.assert_array_equal(to_numpy(ember.DoubleTensor(7).exponential_(2)),
                                  -1.0 / 2 * np.log(1 - uniforms(6, 7)))
    ember.manual_seed(7)
    np.testing.assert_array_equal(to_numpy(ember.DoubleTensor(7).bernoulli_(0.5)),
                                  (uniforms(7, 7) <= 0.5).astype(np.float64))


def test_randperm_and_multinomial_indices_are_zero_based():
    ember.manual_seed(8)
    perm = to_numpy(ember.randperm(10))
    want, r = list(range(10)), raw(8, 9)
    for i in range(9):
        j = i + int(r[i]) % (10 - i)
        want[i], want[j] = want[j], want[i]
    np.testing.assert_array_equal(perm, want)
    w = np.array([0.2, 0.0, 0.5, 0.3])
    got = to_numpy(ember.multinomial(ember.tensor(w), 30, True, generator=ember.Generator().manual_seed(9)))
    cum = np.cumsum(w) / w.sum()
    np.testing.assert_array_equal(got, np.searchsorted(cum, uniforms(9, 30), side="left"))
    assert got.min() >= 0 and 1 not in got


def test_generator_objects():
    g = ember.Generator()
    assert g.device == "cpu"
    assert g.manual_seed(21) is g and g.initial_seed() == 21
    a = to_numpy(ember.rand(5, generator=g, dtype=ember.float64))
    np.testing.assert_array_equal(a, uniforms(21, 5))
    state = g.get_state()
    assert state.dtype == ember.uint8
    b = to_numpy(ember.randn(6, generator=g))
    g.set_state(state)
    np.testing.assert_array_equal(to_numpy(ember.randn(6, generator=g)), b)
    # A new generator is seeded: a copy of its unused state replays it.
    fresh, twin = ember.Generator(), ember.Generator()
    twin.set_state(fresh.get_state())
    np.testing.assert_array_equal(to_numpy(ember.rand(9, generator=fresh)), to_numpy(ember.rand(9, generator=twin)))
    # The default generator is ember.default_generator.
    ember.manual_seed(3)
    assert ember.initial_seed() == 3 and ember.default_generator.initial_seed() == 3
    saved = ember.get_rng_state()
    x = to_numpy(ember.rand(4))
    ember.set_rng_state(saved)
    np.testing.assert_array_equal(to_numpy(ember.rand(4)), x)
    assert isinstance(ember.seed(), int)
    # A generator's draws do not move the default one.
    ember.manual_seed(4)
    ember.rand(100, generator=g)
    np.testing.assert_array_equal(to_numpy(ember.rand(3, dtype=ember.float64)), uniforms(4, 3))


def test_every_random_op_takes_generator():
    def run(seed):
        g = ember.Generator().manual_seed(seed)
        t = ember.zeros(6, dtype=ember.float64)
        out = [
            ember.rand(3, generator=g), ember.randn(3, generator=g), ember.randint(5, (3,), generator=g),
            ember.randint(2, 9, (3,), generator=g), ember.rand_like(t, generator=g), ember.randn_like(t, generator=g),
            ember.normal(t, 1.0, generator=g), ember.normal(1.0, ember.ones(3), generator=g),
            ember.normal(t, ember.ones(6, dtype=ember.float64), generator=g), ember.normal(0.0, 1.0, (2,), generator=g),
            ember.bernoulli(ember.full((4,), 0.5), generator=g), ember.multinomial(ember.ones(4), 2, generator=g),
            ember.randperm(5, generator=g),
        ]
        for name, args in [("uniform_", ()), ("normal_", ()), ("random_", ()), ("random_", (3,)), ("random_", (1, 4)),
                           ("exponential_", ()), ("cauchy_", ()), ("log_normal_", ()), ("geometric_", (0.5,)),
                           ("bernoulli_", (0.5,)), ("bernoulli_", (ember.full((6,), 0.5, dtype=ember.float64),))]:
            out.append(getattr(ember.zeros(6, dtype=ember.float64), name)(*args, generator=g))
        return [to_numpy(o) for o in out]

    for a, b in zip(run(10), run(10)):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_statistics(dtype):
    n, g = 200_000, ember.Generator().manual_seed(11)
    dt = getattr(ember, dtype)
    tol = lambda var: 6 * math.sqrt(var / n)  # noqa: E731 - 6 standard errors of the mean
    assert abs(to_numpy(ember.rand(n, dtype=dt, generator=g)).mean() - 0.5) < tol(1 / 12)
    v = to_numpy(ember.zeros(n, dtype=dt).normal_(1, 2, generator=g)).astype(np.float64)
    assert abs(v.mean() - 1) < tol(4) and abs(v.var() - 4) < 6 * math.sqrt(2 * 16 / n)
    assert abs(to_numpy(ember.zeros(n, dtype=dt).exponential_(4, generator=g)).mean() - 0.25) < tol(1 / 16)
    geo = to_numpy(ember.zeros(n, dtype=dt).geometric_(0.25, generator=g))
    assert geo.min() == 1 and abs(geo.mean() - 4) < tol(0.75 / 0.0625)
    counts = np.bincount(to_numpy(ember.randint(0, 7, (n,), generator=g)), minlength=7)
    chi2 = ((counts - n / 7) ** 2 / (n / 7)).sum()
    assert chi2 < 40  # 6 degrees of freedom: p < 1e-6


def test_errors_leave_arguments_intact():
    t = ember.full((3,), 7.0, dtype=ember.float64)
    g = ember.Generator().manual_seed(12)
    state = to_numpy(g.get_state()).copy()
    for call, exc in [
        (lambda: t.normal_(0, 0, generator=g), ValueError),
        (lambda: t.uniform_(2, 1, generator=g), ValueError),
        (lambda: t.bernoulli_(1.5, generator=g), ValueError),
        (lambda: t.geometric_(0, generator=g), ValueError),
        (lambda: t.exponential_(-1, generator=g), ValueError),
        (lambda: t.random_(5, 5, generator=g), ValueError),
        (lambda: ember.multinomial(ember.zeros(2, 3), 1, generator=g), ValueError),
        (lambda: ember.multinomial(ember.tensor([1.0, 0.0, 1.0]), 3, generator=g), ValueError),
        (lambda: ember.multinomial(ember.ones(3), 1, out=t, generator=g), TypeError),
        (lambda: ember.zeros(3, dtype=ember.int64).uniform_(), TypeError),
        (lambda: g.set_state(ember.zeros(5, dtype=ember.uint8)), ValueError),
        (lambda: ember.rand(2, generator=3), TypeError),
    ]:
        with pytest.raises(exc):
            call()
    np.testing.assert_array_equal(to_numpy(t), [7.0] * 3)
    np.testing.assert_array_equal(to_numpy(g.get_state()), state)
