"""Functions PyTorch writes in Python (torch/functional.py) because their
arguments take forms no schema type has: each turns them into the
arguments of one generated op and calls it."""
from ember import _C


def tensordot(a, b, dims=2, out=None):
    """tensordot(a, b, dims=2, out=None) -> Tensor

    Sums `a * b` over pairs of dims (docs/ops.md, tensordot). `dims` is an
    int n (a's last n dims with b's first n), a pair of lists (or of ints)
    of a's and b's dims, or a tensor: 2 x k for the pair, one element for n.
    """
    if isinstance(dims, _C.Tensor):
        if dims.numel() > 1:
            if dims.dim() != 2 or dims.size(0) != 2:
                raise ValueError(f"tensordot: a tensor dims must be 2 x k, got shape {tuple(dims.shape)} (argument 'dims')")
            dims = (dims[0].tolist(), dims[1].tolist())
        else:
            dims = int(dims.item())
    if isinstance(dims, int) and not isinstance(dims, bool):
        if dims < 0:
            raise ValueError(f"tensordot: dims must be >= 0, got {dims} (argument 'dims')")
        dims_a, dims_b = list(range(-dims, 0)), list(range(dims))
    elif isinstance(dims, (tuple, list)) and len(dims) == 2:
        dims_a, dims_b = dims
    else:
        raise TypeError("tensordot: dims must be an int, a pair of lists of dims or a tensor, "
                        f"got {dims!r} (argument 'dims')")
    if out is None:
        return _C.tensordot(a, b, dims_a, dims_b)
    return _C.tensordot(a, b, dims_a, dims_b, out=out)
