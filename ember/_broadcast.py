"""Broadcasting helpers PyTorch writes in Python (torch/functional.py):
the shape a set of shapes broadcasts to, and tensors expanded to it."""
import operator

from ember import _C


def _shape_of(op, shape, i):
    """A shape given as an int (a 1-D shape) or a sequence of ints."""
    try:
        dims = (operator.index(shape),) if not hasattr(shape, "__len__") else tuple(operator.index(s) for s in shape)
    except TypeError:
        raise TypeError(f"{op}: shape {i} must be an int or a sequence of ints, got {shape!r}") from None
    if any(s < 0 for s in dims):
        raise ValueError(f"{op}: shape {i} {dims} has a negative size")
    return dims


def _broadcast(op, shapes):
    result = []
    for i, shape in enumerate(shapes):
        for k, size in enumerate(reversed(shape)):
            if k == len(result):
                result.append(size)
            elif result[k] == 1:
                result[k] = size
            elif size != 1 and size != result[k]:
                raise ValueError(f"{op}: shape {i} {tuple(shape)} does not broadcast with the shapes before it: "
                                 f"size {size} against {result[k]} at dim {-1 - k}")
    return tuple(reversed(result))


def broadcast_shapes(*shapes):
    """broadcast_shapes(*shapes) -> tuple[int, ...]

    The shape that tensors of these shapes broadcast to, without making
    any tensor (NumPy's rules, as torch.broadcast_shapes). A shape is an int
    (a 1-D shape) or a sequence of ints; shapes that do not broadcast are a
    ValueError naming the first that fails.
    """
    return _broadcast("broadcast_shapes", [_shape_of("broadcast_shapes", s, i) for i, s in enumerate(shapes)])


def broadcast_tensors(*tensors):
    """broadcast_tensors(*tensors) -> tuple[Tensor, ...]

    Each tensor expanded to the shape they broadcast to together: views
    sharing their storage, size-1 dims with stride 0.
    """
    for i, t in enumerate(tensors):
        if not isinstance(t, _C.Tensor):
            raise TypeError(f"broadcast_tensors: argument {i} must be a Tensor, got {type(t).__name__}")
    shape = _broadcast("broadcast_tensors", [t.shape for t in tensors])
    return tuple(t.expand(shape) for t in tensors)


def is_tensor(obj):
    """is_tensor(obj) -> bool

    Whether obj is an ember Tensor.
    """
    return isinstance(obj, _C.Tensor)
