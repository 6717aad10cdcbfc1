"""PyTorch's autograd surface, for code written for PyTorch that runs
inference: ember records no gradients, so `no_grad()` and
`inference_mode()` change nothing, a tensor never requires grad, and
asking for a gradient (`requires_grad_(True)`, `enable_grad`) is a
RuntimeError naming what was asked."""
import contextlib

from ember import _C


def _no_autograd(what):
    return RuntimeError(f"{what}: ember has no autograd; a tensor cannot require gradients")


class no_grad(contextlib.ContextDecorator):
    """no_grad() -> context manager (or decorator)

    PyTorch's switch that stops recording gradients; ember records none,
    so it changes nothing."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class inference_mode(no_grad):
    """inference_mode(mode=True) -> context manager (or decorator)

    As no_grad: ember always runs in inference mode."""

    def __init__(self, mode=True):
        self.mode = bool(mode)


class set_grad_enabled(no_grad):
    """set_grad_enabled(mode) -> context manager

    mode=False changes nothing (no gradient is ever recorded); mode=True
    is a RuntimeError."""

    def __init__(self, mode):
        if mode:
            raise _no_autograd("set_grad_enabled")


def is_grad_enabled():
    """is_grad_enabled() -> bool: always False (ember records no gradients)."""
    return False


def is_inference_mode_enabled():
    """is_inference_mode_enabled() -> bool: always True (ember records no gradients)."""
    return True


def _detach(self):
    """detach() -> Tensor

    A new tensor viewing the same elements (same storage, sizes, strides);
    nothing to detach from, since ember records no gradients."""
    return self[...]


def _detach_(self):
    """detach_() -> Tensor: self (ember records no gradients)."""
    return self


def _requires_grad_(self, requires_grad=True):
    """requires_grad_(requires_grad=True) -> Tensor

    requires_grad=False returns self; True is a RuntimeError (no autograd)."""
    if requires_grad:
        raise _no_autograd("requires_grad_")
    return self


_C._add_tensor_methods({
    "detach": _detach,
    "detach_": _detach_,
    "requires_grad_": _requires_grad_,
    "requires_grad": property(lambda self: False, doc="Always False: ember records no gradients."),
    "grad": property(lambda self: None, doc="Always None: ember records no gradients."),
    "data": property(_detach, doc="The tensor's elements as a new tensor viewing them (PyTorch's detached data)."),
    "is_leaf": property(lambda self: True, doc="Always True: no tensor is the result of a recorded op."),
})
