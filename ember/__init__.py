"""ember: a small, fast multi-dtype tensor library (Torch7 TH's lineage).

The compiled core is ember._C; this package adds what is not per-op.
"""
from ember._C import Tensor

__all__ = ["Tensor"]
