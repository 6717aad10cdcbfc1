"""ember: a small, fast multi-dtype tensor library (Torch7 TH's lineage).

The compiled core is ember._C: the Tensor type, the dtype objects, the
factories, NumPy/DLPack interop and every op of the schemas as a function
(generated bindings). This package re-exports it and adds what is not
per-op: the Python-level Tensor methods (pickling, __array__) and THP's
per-dtype classes (FloatTensor, FloatStorage, ...).
"""
import sys as _sys

from ember import _C
from ember._C import Tensor, dtype, get_default_dtype, set_default_dtype, return_types
from ember import _tensor  # noqa: F401  (sets the Python-level Tensor methods)
from ember._nonzero import nonzero  # noqa: F401  (also Tensor.nonzero)
from ember._typed_classes import *  # noqa: F401,F403
from ember._random import manual_seed, seed, initial_seed, get_rng_state, set_rng_state  # noqa: F401
from ember.serialization import save, load  # noqa: F401
from ember import cuda  # noqa: F401

# ember.return_types.max etc. importable as a module, as torch.return_types.
_sys.modules[__name__ + ".return_types"] = return_types
# The schemas' namespaces (ember.linalg, generated from each op's `namespace`), importable as modules.
_sys.modules[__name__ + ".linalg"] = _C.linalg

# The dtypes (float32, ..., and the aliases float, long, ...) and every op.
for _name in dir(_C):
    if not _name.startswith("_") and _name not in globals():
        globals()[_name] = getattr(_C, _name)
del _name
# Python-level forms of generated ops (torch/functional.py's), over ember._C's.
from ember._functional import tensordot  # noqa: E402
from ember._broadcast import broadcast_shapes, broadcast_tensors, is_tensor  # noqa: E402,F401
from ember._kernel_log import last_kernel, cpu_simd_target, blas_info  # noqa: E402,F401
from ember._grad_mode import (no_grad, inference_mode, set_grad_enabled, is_grad_enabled,  # noqa: E402,F401
                              is_inference_mode_enabled)

__all__ = [n for n in globals() if not n.startswith("_") and n != "return_types"] + ["return_types"]
