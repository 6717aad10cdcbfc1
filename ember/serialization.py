"""ember.save / ember.load: Torch7's object format (.t7, torch.save/torch.load).

The format and the Python mapping are described in docs/serialization.md:
None, bool, int (exactly representable as a double), float, str, bytes,
ember tensors and storages, and lists, tuples and dicts of them save; Lua
tables with keys exactly 1..n load as lists, other tables as dicts; integral
numbers within 2**53 load as int. A list, dict, tensor or storage referenced
twice is written once and loads as one object.
"""
import os as _os

from ember import _C


def save(obj, path, format="binary"):
    """Writes `obj` to `path` in Torch7's "binary" or "ascii" format."""
    _C._t7_save(obj, _os.fspath(path), format)


def load(path, format="binary"):
    """Reads the object a Torch7 file at `path` holds ("binary" or "ascii")."""
    return _C._t7_load(_os.fspath(path), format)
