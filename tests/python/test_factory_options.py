"""PyTorch's tensor options (device=, layout=, pin_memory=, requires_grad=,
memory_format=) on every factory, ember.device, Tensor.device/.cpu()/.to(),
and the factories and keywords issue 12 added (randint_like, new_tensor,
empty(out=), round(decimals=), nonzero(as_tuple=), ...). NumPy is the
oracle of values."""
from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import ember
from conformance import t

X = np.arange(12, dtype=np.float32).reshape(3, 4)


# Each factory called with its required arguments; the options are added as keywords.
FACTORIES = {
    "zeros": lambda **kw: ember.zeros(2, 3, **kw),
    "ones": lambda **kw: ember.ones((2, 3), **kw),
    "full": lambda **kw: ember.full((2,), 1.5, **kw),
    "empty": lambda **kw: ember.empty(2, 3, **kw),
    "arange": lambda **kw: ember.arange(5, **kw),
    "arange.start": lambda **kw: ember.arange(1, 5, 2, **kw),
    "range": lambda **kw: ember.range(0, 4, **kw),
    "linspace": lambda **kw: ember.linspace(0, 1, 5, **kw),
    "logspace": lambda **kw: ember.logspace(0, 1, 5, **kw),
    "eye": lambda **kw: ember.eye(3, **kw),
    "rand": lambda **kw: ember.rand(2, 3, **kw),
    "randn": lambda **kw: ember.randn(2, 3, **kw),
    "randint": lambda **kw: ember.randint(5, (2, 3), **kw),
    "randperm": lambda **kw: ember.randperm(5, **kw),
    "normal": lambda **kw: ember.normal(0.0, 1.0, (2, 3), **kw),
    "zeros_like": lambda **kw: ember.zeros_like(t(X), **kw),
    "ones_like": lambda **kw: ember.ones_like(t(X), **kw),
    "full_like": lambda **kw: ember.full_like(t(X), 2, **kw),
    "empty_like": lambda **kw: ember.empty_like(t(X), **kw),
    "rand_like": lambda **kw: ember.rand_like(t(X), **kw),
    "randn_like": lambda **kw: ember.randn_like(t(X), **kw),
    "randint_like": lambda **kw: ember.randint_like(t(X), 7, **kw),
    "new_zeros": lambda **kw: t(X).new_zeros((2, 3), **kw),
    "new_ones": lambda **kw: t(X).new_ones(2, **kw),
    "new_full": lambda **kw: t(X).new_full((2,), 3, **kw),
    "new_empty": lambda **kw: t(X).new_empty((2,), **kw),
    "new_tensor": lambda **kw: t(X).new_tensor([1, 2], **kw),
    "tensor": lambda **kw: ember.tensor([1.0, 2.0], **kw),
}
# tensor() takes no layout= (PyTorch's signature).
NO_LAYOUT = {"tensor"}
LIKE = {"zeros_like", "ones_like", "full_like", "empty_like", "rand_like", "randn_like", "randint_like"}
CPU = [None, "cpu", "cpu:0", ember.device("cpu"), ember.device("cpu", 0)]


@pytest.mark.parametrize("name", sorted(FACTORIES))
@pytest.mark.parametrize("device", CPU, ids=repr)
def test_cpu_options_accepted(name, device):
    make = FACTORIES[name]
    plain = make()
    kw = {"device": device, "requires_grad": False, "pin_memory": False}
    if name not in NO_LAYOUT:
        kw["layout"] = ember.strided
    got = make(**kw)
    assert got.dtype == plain.dtype and got.shape == plain.shape
    assert got.device == ember.device("cpu") and got.layout is ember.strided and not got.is_cuda


@pytest.mark.skipif(ember.cuda.is_available(), reason="with a GPU, device= and pin_memory= are honoured (test_cuda_*.py)")
@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_options_not_honoured_raise(name):
    make = FACTORIES[name]
    op = name.split(".")[0]
    for kw, arg in (({"device": "cuda"}, "device"), ({"device": "cuda:1"}, "device"), ({"device": ember.device("cuda")}, "device"),
                    ({"device": 0}, "device"), ({"requires_grad": True}, "requires_grad"), ({"pin_memory": True}, "pin_memory")):
        with pytest.raises(RuntimeError) as err:
            make(**kw)
        assert op in str(err.value) and f"'{arg}'" in str(err.value), str(err.value)
    with pytest.raises(RuntimeError, match="device string"):
        make(device="tpu")
    with pytest.raises(TypeError, match="device"):
        make(device=1.5)
    if name not in NO_LAYOUT:
        with pytest.raises(TypeError, match="layout"):
            make(layout="sparse")
    with pytest.raises(TypeError, match="memory_format" if name in LIKE | {"empty"} else "unexpected keyword"):
        make(memory_format="channels_last")


def test_options_checked_before_out_is_written():
    out = t(np.full((2,), 7.0, dtype=np.float32))
    with pytest.raises(RuntimeError, match="device"):
        ember.zeros(3, out=out, device="cuda")
    np.testing.assert_array_equal(out.numpy(), [7.0, 7.0])


@pytest.mark.parametrize("name", sorted(LIKE))
def test_like_preserves_dense_strides(name):
    base = t(X)
    for src, expect in ((base.t(), base.t().stride()), (base[:, ::2], (2, 1)), (base.t()[1:, :], None)):
        call = {"zeros_like": ember.zeros_like, "ones_like": ember.ones_like, "empty_like": ember.empty_like,
                "rand_like": ember.rand_like, "randn_like": ember.randn_like}.get(name)
        if call is not None:
            got, contiguous = call(src), call(src, memory_format=ember.contiguous_format)
        elif name == "full_like":
            got, contiguous = ember.full_like(src, 2), ember.full_like(src, 2, memory_format=ember.contiguous_format)
        else:
            got, contiguous = ember.randint_like(src, 7), ember.randint_like(src, 7, memory_format=ember.contiguous_format)
        # Dense inputs keep their strides; a gapped one gives strides dense in
        # its own order, as NumPy's empty_like (order 'K') of the same view.
        want = expect if expect is not None else tuple(s // 8 for s in np.empty_like(np.asarray(X, np.float64).T[1:, :]).strides)
        assert got.stride() == want, (name, src.stride(), got.stride())
        assert ember.zeros_like(src, memory_format=ember.preserve_format).stride() == want
        assert contiguous.is_contiguous() and contiguous.shape == src.shape


def test_like_values_and_dtype():
    src = t(X).t()
    np.testing.assert_array_equal(ember.full_like(src, 2.5, memory_format=ember.contiguous_format).numpy(),
                                  np.full_like(X.T, 2.5))
    np.testing.assert_array_equal(ember.ones_like(src, dtype=ember.int64).numpy(), np.ones_like(X.T, dtype=np.int64))
    assert ember.zeros_like(ember.zeros(0, 3).t()).stride() == (1, 3)


def test_empty_memory_format_and_out():
    assert ember.empty(2, 3, memory_format=ember.contiguous_format).stride() == (3, 1)
    with pytest.raises(RuntimeError, match="empty.*'memory_format'"):
        ember.empty(2, memory_format=ember.preserve_format)
    out = ember.zeros(5, dtype=ember.float64)
    assert ember.empty(2, 3, out=out) is out and out.shape == (2, 3) and out.dtype == ember.float64
    assert ember.empty((), out=out).shape == ()
    keep = t(np.arange(3, dtype=np.float64))
    with pytest.raises(TypeError, match="empty.*'out'"):
        ember.empty(2, dtype=ember.float32, out=keep)
    with pytest.raises(ValueError, match="'size'"):
        ember.empty(-1, out=keep)
    np.testing.assert_array_equal(keep.numpy(), [0.0, 1.0, 2.0])


@pytest.mark.parametrize("name", ["zeros", "ones", "full", "arange"])
def test_factory_out(name):
    out = ember.full((1,), 9)
    got = {"zeros": lambda: ember.zeros(2, 2, out=out), "ones": lambda: ember.ones((3,), out=out),
           "full": lambda: ember.full((2,), 4, out=out), "arange": lambda: ember.arange(1, 7, 2, out=out)}[name]()
    want = {"zeros": np.zeros((2, 2)), "ones": np.ones(3), "full": np.full(2, 4), "arange": np.arange(1, 7, 2)}[name]
    assert got is out and out.dtype == ember.int64
    np.testing.assert_array_equal(out.numpy(), want)


def test_device_object():
    d = ember.device("cpu")
    assert (d.type, d.index, str(d), repr(d)) == ("cpu", None, "cpu", "device(type='cpu')")
    d0 = ember.device("cpu:0")
    assert (d0.type, d0.index, str(d0), repr(d0)) == ("cpu", 0, "cpu:0", "device(type='cpu', index=0)")
    assert ember.device("cuda", 1) == ember.device("cuda:1") and ember.device(2) == ember.device("cuda:2")
    assert d != d0 and d == ember.device(d) and len({d, ember.device("cpu"), d0}) == 2
    assert pickle.loads(pickle.dumps(d0)) == d0 and copy.deepcopy(d) == d
    assert pickle.loads(pickle.dumps(ember.strided)) is ember.strided
    assert pickle.loads(pickle.dumps(ember.preserve_format)) is ember.preserve_format
    assert repr(ember.strided) == "ember.strided" and repr(ember.contiguous_format) == "ember.contiguous_format"
    for bad in ("gpu", "cpu:", "cpu:x", "cpu:-1", " cpu"):
        with pytest.raises(RuntimeError):
            ember.device(bad)
    with pytest.raises(RuntimeError, match="index"):
        ember.device("cpu:0", 0)
    with pytest.raises(RuntimeError, match="negative"):
        ember.device("cpu", -1)
    with pytest.raises(TypeError):
        ember.device(1.5)


def test_tensor_device_cpu_and_to():
    a = t(X)
    assert a.device == ember.device("cpu") and a.device.index is None
    assert a.cpu() is a and a.to("cpu") is a and a.to(device=ember.device("cpu:0")) is a
    got = a.to("cpu", ember.float64)
    assert got.dtype == ember.float64
    np.testing.assert_array_equal(got.numpy(), X.astype(np.float64))
    assert a.to(ember.int32).dtype == ember.int32 and a.to(t(np.zeros(1, np.int16))).dtype == ember.int16
    copied = a.to(ember.float32, False, True)  # PyTorch's positional (dtype, non_blocking, copy)
    assert copied is not a
    np.testing.assert_array_equal(copied.numpy(), X)
    assert a.to(dtype=ember.float32, copy=False) is a
    assert a.t().to(ember.float64, memory_format=ember.contiguous_format).is_contiguous()
    with pytest.raises(RuntimeError, match="to.*'device'"):
        a.to("cuda")
    with pytest.raises(RuntimeError, match="to.*'device'"):
        a.to(device="cuda:0", dtype=ember.float64)


def test_new_tensor():
    a = t(np.zeros(2, np.int16))
    got = a.new_tensor([[1.7, 2], [3, -4]])
    assert got.dtype == ember.int16
    np.testing.assert_array_equal(got.numpy(), np.array([[1.7, 2], [3, -4]]).astype(np.int16))
    got = a.new_tensor(np.array([0.5, 1.5]), dtype=ember.float64, device="cpu", requires_grad=False)
    np.testing.assert_array_equal(got.numpy(), [0.5, 1.5])
    src = t(X)
    copied = a.new_tensor(src)
    assert copied.dtype == ember.int16
    src[0, 0] = 5
    assert copied.numpy()[0, 0] == 0
    with pytest.raises(RuntimeError, match="new_tensor.*'requires_grad'"):
        a.new_tensor([1], requires_grad=True)


def test_randint_like():
    ember.manual_seed(5)
    src = t(np.zeros((40, 50), np.int16))
    got = ember.randint_like(src, 3, 9)
    assert got.dtype == ember.int16 and got.shape == (40, 50)
    v = got.numpy()
    assert v.min() == 3 and v.max() == 8
    assert set(np.unique(ember.randint_like(src, high=2, dtype=ember.bool).numpy())) == {False, True}
    assert ember.randint_like(t(X), low=1, high=4).dtype == ember.float32
    ember.manual_seed(6)
    a = ember.randint_like(src, 10)
    ember.manual_seed(6)
    np.testing.assert_array_equal(a.numpy(), ember.randint(10, (40, 50), dtype=ember.int16).numpy())
    with pytest.raises(ValueError, match="randint_like.*'high'"):
        ember.randint_like(src, 5, 3)
    with pytest.raises(ValueError, match="randint_like.*'low'"):
        ember.randint_like(t(np.zeros(2, np.uint8)), -1, 5)


@pytest.mark.parametrize("decimals", [0, 1, 2, -1, -2])
def test_round_decimals(decimals):
    values = np.array([1.25, -2.675, 12.5, 150.0, -0.049, 1234.5678, 0.0])
    np.testing.assert_array_equal(ember.round(t(values), decimals=decimals).numpy(), np.round(values, decimals))
    a = t(values)
    assert a.round_(decimals=decimals) is a
    np.testing.assert_array_equal(a.numpy(), np.round(values, decimals))
    np.testing.assert_array_equal(t(values).round(decimals=decimals).numpy(), np.round(values, decimals))
    out = ember.zeros(7, dtype=ember.float64)
    ember.round(t(values), decimals=decimals, out=out)
    np.testing.assert_array_equal(out.numpy(), np.round(values, decimals))


def test_round_decimals_rejects_integers():
    with pytest.raises(TypeError, match="round"):
        ember.round(t(np.array([15, 25])), decimals=-1)


def test_nonzero_as_tuple():
    m = np.array([[1, 0, 3], [0, 0, 2]])
    for got, want in ((ember.nonzero(t(m), as_tuple=True), np.nonzero(m)), (t(m).nonzero(as_tuple=True), np.nonzero(m)),
                      (ember.nonzero(t(np.array(5)), as_tuple=True), (np.array([0]),)),
                      (ember.nonzero(t(np.array(0)), as_tuple=True), (np.zeros(0, np.int64),))):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            assert g.dtype == ember.int64
            np.testing.assert_array_equal(g.numpy(), w)
    np.testing.assert_array_equal(ember.nonzero(t(m), as_tuple=False).numpy(), np.argwhere(m))
    out = ember.zeros(0, 2, dtype=ember.int64)
    assert ember.nonzero(t(m), out=out) is out
    np.testing.assert_array_equal(out.numpy(), np.argwhere(m))
    with pytest.raises(RuntimeError, match="'out'"):
        ember.nonzero(t(m), out=out, as_tuple=True)
    with pytest.raises(TypeError, match="as_tuple"):
        ember.nonzero(t(m), as_tuple=None)


def test_binary_max_min_keywords():
    a, b = np.array([1, 5, -2]), np.array([3, 2, -2])
    np.testing.assert_array_equal(ember.max(t(a), other=t(b)).numpy(), np.maximum(a, b))
    np.testing.assert_array_equal(ember.min(t(a), other=t(b)).numpy(), np.minimum(a, b))
    np.testing.assert_array_equal(t(a).max(t(b)).numpy(), np.maximum(a, b))
    got = ember.max(t(a), t(b.astype(np.float64)))
    assert got.dtype == ember.float64
    np.testing.assert_array_equal(got.numpy(), np.maximum(a, b))


def test_keywords_pytorch_accepts():
    e = np.array([1, 2, 3])
    np.testing.assert_array_equal(ember.pow(self=2, exponent=t(e)).numpy(), 2 ** e)
    dst = t(np.zeros(3))
    assert dst.copy_(t(e), non_blocking=False) is dst
    np.testing.assert_array_equal(dst.numpy(), e)
    np.testing.assert_array_equal(t(X).numpy(force=False), X)
    np.testing.assert_array_equal(t(X).numpy(force=True), X)
    idx = np.array([[0, 2], [1, 0], [3, 3]])
    np.testing.assert_array_equal(ember.gather(t(X), 1, t(idx), sparse_grad=False).numpy(), np.take_along_axis(X, idx, 1))
    np.testing.assert_array_equal(t(X).gather(1, t(idx), sparse_grad=True).numpy(), np.take_along_axis(X, idx, 1))


def test_cholesky_solve_out():
    a = np.array([[4.0, 2.0], [2.0, 3.0]])
    b = np.array([[1.0], [2.0]])
    factor = t(np.linalg.cholesky(a))
    out = ember.zeros(1, dtype=ember.float64)
    assert ember.cholesky_solve(t(b), factor, out=out) is out
    np.testing.assert_allclose(out.numpy(), np.linalg.solve(a, b), rtol=1e-12)
    # out may be the right-hand side itself.
    rhs = t(b.copy())
    ember.cholesky_solve(rhs, factor, out=rhs)
    np.testing.assert_allclose(rhs.numpy(), np.linalg.solve(a, b), rtol=1e-12)
    keep = t(np.zeros((2, 1), np.float32))
    with pytest.raises(TypeError, match="cholesky_solve.*'out'"):
        ember.cholesky_solve(t(b), factor, out=keep)
    np.testing.assert_array_equal(keep.numpy(), np.zeros((2, 1)))
