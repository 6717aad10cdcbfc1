"""Pinned host memory (issue 13): Tensor.pin_memory(), is_pinned() and
pin_memory=True on factories. Pinning needs a CUDA device: without one it
is a RuntimeError saying why (no GPU, or a build without CUDA) and nothing
changes; with one, pinned tensors are CPU tensors holding the same values,
which CUDA copies reach directly."""
import numpy as np
import pytest

import ember
from conformance import t

gpu = pytest.mark.skipif(not ember.cuda.is_available(), reason="no CUDA device (or ember built without CUDA)")
no_gpu = pytest.mark.skipif(ember.cuda.is_available(), reason="a CUDA device is present")
WHY = "no CUDA device is available" if ember.cuda.is_built() else "built without CUDA"

FACTORIES = [
    lambda: ember.zeros(2, 3, pin_memory=True),
    lambda: ember.empty(4, pin_memory=True),
    lambda: ember.tensor([1.0, 2.0], pin_memory=True),
    lambda: ember.empty_like(ember.ones(2, 2).t(), pin_memory=True),
    lambda: ember.full((2,), 1.5, pin_memory=True),
]


def test_ordinary_tensors_are_not_pinned():
    assert not t(np.arange(4.0)).is_pinned()
    assert not ember.zeros(3).is_pinned()
    assert not ember.empty(0).is_pinned()


@no_gpu
def test_pinning_without_a_gpu_raises_and_leaves_the_tensor():
    x = t(np.arange(4.0))
    with pytest.raises(RuntimeError, match=f"pin_memory: .*{WHY}"):
        x.pin_memory()
    np.testing.assert_array_equal(x.numpy(), np.arange(4.0))
    assert not x.is_pinned()


@no_gpu
@pytest.mark.parametrize("make", FACTORIES)
def test_pinned_factories_without_a_gpu_raise(make):
    with pytest.raises(RuntimeError, match=WHY):
        make()


@gpu
def test_pinned_copies_hold_the_values_and_reach_the_device():
    values = np.arange(12, dtype=np.float32).reshape(3, 4)
    x = t(values).t()  # not contiguous: the pinned copy is
    pinned = x.pin_memory()
    assert pinned.is_pinned() and not x.is_pinned()
    assert pinned.device == ember.device("cpu") and pinned.is_contiguous()
    np.testing.assert_array_equal(pinned.numpy(), values.T)
    assert pinned.pin_memory() is pinned
    np.testing.assert_array_equal(pinned.cuda().cpu().numpy(), values.T)
    back = ember.zeros(4, 3).pin_memory()
    back.copy_(pinned.cuda())
    np.testing.assert_array_equal(back.numpy(), values.T)
    assert back.is_pinned()


@gpu
@pytest.mark.parametrize("make", FACTORIES)
def test_pinned_factories(make):
    x = make()
    assert x.is_pinned() and x.device == ember.device("cpu")


@gpu
def test_pinned_storage_keeps_its_bytes_when_it_grows():
    storage = ember.tensor([1.0, 2.0, 3.0], pin_memory=True).storage()
    storage.resize_(1 << 16)  # no tensor holds it any more
    x = ember.FloatTensor(storage)
    assert x.is_pinned() and x.numel() == 1 << 16
    np.testing.assert_array_equal(x[:3].numpy(), [1.0, 2.0, 3.0])


@gpu
def test_device_tensors_and_unpinned_outputs_are_refused():
    x = ember.ones(3).cuda()
    with pytest.raises(ValueError, match="only CPU tensors can be pinned"):
        x.pin_memory()
    with pytest.raises(ValueError, match="only CPU tensors can be pinned"):
        ember.zeros(2, device="cuda", pin_memory=True)
    out = ember.empty(2)
    with pytest.raises(ValueError, match="out= is not pinned"):
        ember.zeros(2, pin_memory=True, out=out)
