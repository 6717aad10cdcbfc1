"""NumPy arrays <-> ember tensors for the tests, in one place.

bfloat16 has no NumPy dtype: such tensors are made from float32 values
(converted by ember) and read back as float32.
"""
from __future__ import annotations

import numpy as np

import ember

NP_DTYPES = {
    "uint8": np.uint8, "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "float16": np.float16, "float32": np.float32, "float64": np.float64, "bool": np.bool_,
}


def round_bfloat16(values) -> np.ndarray:
    """float32 values rounded to the nearest bfloat16 (ties to even), as float32."""
    f = np.asarray(values, dtype=np.float32)
    flat = np.ascontiguousarray(f.reshape(-1))
    bits = flat.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    out = rounded.astype(np.uint32).view(np.float32)
    return np.where(np.isnan(flat), flat, out).reshape(f.shape)


def to_ember(values, dtype: str) -> ember.Tensor:
    """A new contiguous ember tensor of `dtype` holding `values`.

    Built from raw bytes (ember._C._testing_from_bytes), so the tests of ops
    and bindings do not depend on the interop layer (ember.tensor, numpy())."""
    a = np.asarray(values)
    if dtype == "bfloat16":
        return to_ember(a, "float32").to(ember.bfloat16)
    a = np.asarray(a, dtype=NP_DTYPES[dtype], order="C")  # ascontiguousarray would make a 0-dim array 1-dim
    return ember._C._testing_from_bytes(a.tobytes(), a.shape, getattr(ember, dtype))


def to_numpy(t: ember.Tensor) -> np.ndarray:
    """The values of `t` as a new NumPy array (bfloat16 as float32)."""
    if t.dtype == ember.bfloat16:
        t = t.to(ember.float32)
    name = str(t.dtype).removeprefix("ember.")
    return np.frombuffer(ember._C._testing_to_bytes(t), dtype=NP_DTYPES[name]).reshape(t.shape).copy()
