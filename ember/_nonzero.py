"""PyTorch's nonzero(input, *, out=None, as_tuple=False): as_tuple, which
returns one index tensor per dim instead of their matrix, is a Python-level
choice of the result's form, as in PyTorch; the generated ember._C.nonzero
computes the matrix."""
from ember import _C

_matrix = _C.nonzero


def nonzero(input, *, out=None, as_tuple=False):
    """nonzero(input, *, out=None, as_tuple=False) -> Tensor | tuple[Tensor, ...]

    The 0-based subscripts of the nonzero elements of `input` as an int64
    tensor of shape [count, input.dim()], in row-major order; with
    as_tuple=True, a tuple of input.dim() vectors (one for a 0-dim input),
    the subscripts along each dim, as PyTorch and np.nonzero."""
    if not isinstance(as_tuple, bool):
        raise TypeError(f"nonzero(): argument 'as_tuple' must be bool, not {type(as_tuple).__name__}")
    if not as_tuple:
        return _matrix(input) if out is None else _matrix(input, out=out)
    if out is not None:
        raise RuntimeError("nonzero: out= is not taken with as_tuple=True (argument 'out')")
    subscripts = _matrix(input.reshape(1) if input.dim() == 0 else input)
    return tuple(subscripts[:, d].contiguous() for d in range(subscripts.shape[1]))


def _nonzero_method(self, *, out=None, as_tuple=False):
    return nonzero(self, out=out, as_tuple=as_tuple)


_nonzero_method.__doc__ = nonzero.__doc__.replace("nonzero(input, *", "nonzero(*", 1)

_C._add_tensor_methods({"nonzero": _nonzero_method})
