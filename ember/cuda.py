"""ember.cuda: the CUDA devices, as torch.cuda.

Every function works in a build without the CUDA backend and on a machine
without a GPU: is_available() is False and device_count() 0 there, and a
call that needs a device raises RuntimeError saying which of the two it is.
A `device` argument is an int, a string ("cuda:1") or an ember.device;
None means the current device.
"""
from ember import _C


def _index(device) -> int:
    """The CUDA device index `device` names; -1 for the current one."""
    if device is None:
        return -1
    if isinstance(device, int) and not isinstance(device, bool):
        return device
    if isinstance(device, str):
        device = _C.device(device)
    if isinstance(device, _C.device):
        if device.type != "cuda":
            raise ValueError(f"expected a CUDA device, got {device}")
        return -1 if device.index is None else device.index
    raise TypeError(f"device must be an int, a str or an ember.device, not {type(device).__name__}")


def is_built() -> bool:
    """Whether ember was compiled with the CUDA backend."""
    return _C._cuda_is_built()


def is_available() -> bool:
    """Whether a CUDA device can be used: built with CUDA, and the driver reports a GPU."""
    return _C._cuda_is_available()


def device_count() -> int:
    """The number of CUDA devices (0 without the backend or a GPU)."""
    return _C._cuda_device_count()


def current_device() -> int:
    """The index of the device that 'cuda' without an index means."""
    return _C._cuda_current_device()


def set_device(device) -> None:
    """Makes `device` the current CUDA device of this thread."""
    _C._cuda_set_device(_index(device))


def synchronize(device=None) -> None:
    """Waits until the work queued on `device` has finished."""
    _C._cuda_synchronize(_index(device))


def empty_cache() -> None:
    """Returns the cached blocks of every device's caching allocator to the driver."""
    _C._cuda_empty_cache()


def memory_allocated(device=None) -> int:
    """Bytes held by tensors on `device` (0 without the CUDA backend)."""
    return _C._cuda_memory_allocated(_index(device))


def memory_reserved(device=None) -> int:
    """Bytes the caching allocator holds on `device`: in use plus cached."""
    return _C._cuda_memory_reserved(_index(device))
