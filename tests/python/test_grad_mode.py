"""PyTorch's autograd surface without autograd (ember/_grad_mode.py):
inference code written for PyTorch runs, asking for gradients raises."""
from __future__ import annotations

import numpy as np
import pytest

import ember
from conformance import same, t

A = np.arange(12, dtype=np.float32).reshape(3, 4)


def test_no_grad_and_inference_mode_change_nothing():
    x = t(A)
    with ember.no_grad():
        y = x * 2
    with ember.inference_mode():
        z = x + 1
    with ember.set_grad_enabled(False):
        w = x - 1
    same(y, A * 2, "float32")
    same(z, A + 1, "float32")
    same(w, A - 1, "float32")
    assert not ember.is_grad_enabled() and ember.is_inference_mode_enabled()


def test_no_grad_as_a_decorator():
    @ember.no_grad()
    def double(v):
        return v * 2
    same(double(t(A)), A * 2, "float32")


def test_detach_and_data_view_the_same_elements():
    x = t(A).t()
    for d in (x.detach(), x.data):
        same(d, A.T, "float32")
        assert d is not x and d.data_ptr() == x.data_ptr() and d.stride() == x.stride()
    assert x.detach_() is x


def test_tensors_never_require_grad():
    x = t(A)
    assert x.requires_grad is False and x.grad is None and x.is_leaf
    assert x.requires_grad_(False) is x
    with pytest.raises(RuntimeError, match="requires_grad_: ember has no autograd"):
        x.requires_grad_()
    with pytest.raises(RuntimeError, match="set_grad_enabled"):
        ember.set_grad_enabled(True)
