"""The generated CUDA kernels against the CPU: for every op the schemas give
CUDA dtypes, each layout of tests/python/op_harness.py, every argument set
it builds, and the op's function (or method), in-place and out= variants
called on CUDA tensors, whose results must match the same calls on the
CPU. Integral and bool results match bit for bit; floating ones within the
entry's tolerance and a few ulps, since CUDA's math library is not the
CPU's vectorized one and reductions sum in another order (arithmetic is
not contracted into FMAs on either side, so +, -, *, / agree exactly). A call the CPU refuses must be refused
with the same exception type on the GPU.

Skipped where no GPU is present (the kernels are still compiled there).
"""
from __future__ import annotations

import zlib
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

import ember
from ember_np import to_ember, to_numpy
from op_harness import Case, _argument_sets, _Call, _invoke, _is_floating, _result_dtype, _tol

VARIANTS = ("function", "method", "inplace", "inplace_function", "out")
# Relative error allowed between the two backends' floating results, per
# dtype (a few ulps; matrix products and sums round in another order).
ULPS = {"float16": 4e-3, "bfloat16": 3e-2, "float32": 2e-6, "float64": 4e-15}


def _to_cuda(value: Any) -> Any:
    if isinstance(value, ember.Tensor):
        return value.cuda()
    if isinstance(value, list) and value and all(isinstance(t, ember.Tensor) for t in value):
        return [t.cuda() for t in value]
    return value


def _on_cuda(call: _Call) -> _Call:
    return _Call([_to_cuda(v) for v in call.positional], {k: _to_cuda(v) for k, v in call.keywords.items()}, call.refs)


def _invoke_on_cuda(spec, case: Case, call: _Call, expected_dtypes: tuple[str, ...]) -> Any:
    if case.variant != "out":
        return _invoke(spec, case, call, expected_dtypes, [])
    outs = tuple(to_ember(np.zeros(0), d).cuda() for d in expected_dtypes)
    out = outs[0] if len(outs) == 1 else outs
    result = getattr(ember, spec.python)(*call.positional, out=out, **call.keywords)
    assert (result is out) if len(outs) == 1 else all(r is o for r, o in zip(result, outs)), "out= returns out"
    return result


def _same(got: ember.Tensor, expected: ember.Tensor, dtype: str, tol: float, what: str) -> None:
    assert got.is_cuda, f"{what}: the result is on {got.device}, not on the GPU"
    host = got.cpu()
    assert host.dtype == expected.dtype, f"{what}: dtype {host.dtype}, the CPU gives {expected.dtype}"
    assert tuple(host.shape) == tuple(expected.shape), f"{what}: shape {tuple(host.shape)}, the CPU gives {tuple(expected.shape)}"
    a, b = to_numpy(host), to_numpy(expected)
    result_dtype = str(expected.dtype).removeprefix("ember.")
    if not _is_floating(result_dtype):
        assert np.array_equal(a, b), f"{what}: got\n{a}\nthe CPU gives\n{b}"
        return
    a, b = a.astype(np.float64), b.astype(np.float64)
    # Relative to the result's largest magnitude too: a reduction sums in
    # another order on the GPU, and a sum that cancels keeps only the
    # absolute error of its terms.
    finite = np.abs(b[np.isfinite(b)])
    largest = finite.max() if finite.size else 0.0
    # The rounding allowed is the coarser of the case's dtype and the
    # result's (an integer input's logsumexp is a float32 result).
    with np.errstate(invalid="ignore"):  # infinities (an empty logsumexp's -inf) compare as equal, not by bound
        bound = max(tol, ULPS.get(dtype, 0.0), ULPS.get(result_dtype, 0.0)) * (np.abs(b) + largest) + np.finfo(np.float64).tiny
        ok = (a == b) | (np.isnan(a) & np.isnan(b)) | (np.abs(a - b) <= bound)
    assert ok.all(), f"{what}: got\n{a}\nthe CPU gives\n{b}"


def run_cuda_case(case: Case) -> None:
    if not ember.cuda.is_available():
        pytest.skip("no CUDA device: the CUDA kernels are built but cannot run here")
    spec = case.spec
    for layout in spec.layouts:
        for variant in (v for v in spec.variants if v in VARIANTS):
            c = replace(case, layout=layout, variant=variant)
            rng = np.random.default_rng(zlib.crc32(str(c).encode()))
            for call in _argument_sets(spec, c, rng):
                what = f"{spec.signature} [{spec.where}] {c} on CUDA with {call.refs!r}"
                expected_dtypes = tuple(_result_dtype(r, c.dtype) for r in spec.results)
                try:
                    expected = _invoke(spec, c, call, expected_dtypes, [])
                except (ValueError, IndexError, TypeError, RuntimeError) as err:
                    with pytest.raises(type(err)):
                        _invoke_on_cuda(spec, c, _on_cuda(call), expected_dtypes)
                    continue
                got = _invoke_on_cuda(spec, c, _on_cuda(call), expected_dtypes)
                pairs = zip(got, expected) if isinstance(expected, tuple) else [(got, expected)]
                for g, e in pairs:
                    _same(g, e, c.dtype, _tol(spec, c.dtype), what)
