"""Pointwise math as PyTorch users write it: keywords, methods, chains,
bool and integer operands. Each program runs through ember and is
compared with the same program written with NumPy (the oracle; torch is
not a test dependency)."""
from __future__ import annotations

import math

import numpy as np
import pytest

import ember
from conformance import close, t

F = np.array([[-2.5, -1.0, -0.0, 0.0], [0.5, 1.0, 3.0, np.nan]], dtype=np.float32)
I = np.array([[-7, -2, 0, 1], [2, 3, 5, 9]], dtype=np.int64)
B = np.array([[True, False, True, False], [False, False, True, True]])


# ---- bool arithmetic and promotion ------------------------------------------------

def test_bool_add_mul_are_logical():
    a, b = t(B), t(B[::-1].copy())
    close(a + b, B | B[::-1], "bool")
    close(a * b, B & B[::-1], "bool")
    close(ember.add(a, b, alpha=True), B | B[::-1], "bool")
    close(a + True, np.ones_like(B), "bool")


def test_bool_with_numbers_and_zero_dim_tensors_promote():
    a = t(B)
    close(a + 1, B.astype(np.int64) + 1, "int64")
    close(a * 2.5, B * 2.5, "float32")
    close(a + ember.tensor(3), B.astype(np.int64) + 3, "int64")
    close(a + t(I), B + I, "int64")


def test_bool_in_place_add_of_an_int_refuses_and_keeps_self():
    a = t(B)
    with pytest.raises(TypeError):
        a.add_(1)
    close(a, B, "bool")


def test_bool_subtraction_raises():
    with pytest.raises((TypeError, ValueError)):
        t(B) - t(B)


# ---- clamp ------------------------------------------------------------------------

def test_clamp_either_bound_by_keyword():
    x = t(F)
    close(x.clamp(min=0.0), np.fmax(F, 0.0) * np.where(np.isnan(F), np.nan, 1), "float32")
    close(ember.clamp(x, max=1), np.where(np.isnan(F), np.nan, np.minimum(F, 1)), "float32")
    close(x.clip(-1, 1), np.clip(F, -1, 1), "float32")


def test_clamp_tensor_bounds_broadcast():
    lo = np.array([[-1.0], [2.0]], dtype=np.float32)
    hi = np.array([0.0, 1.0, 4.0, 5.0], dtype=np.float32)
    close(ember.clamp(t(F), min=t(lo)), np.maximum(F, lo), "float32")
    close(ember.clamp(t(F), t(lo), t(hi)), np.minimum(np.maximum(F, lo), hi), "float32")
    close(t(F).clamp(max=t(hi)), np.minimum(F, hi), "float32")


def test_clamp_promotes_and_refuses_both_none():
    close(ember.clamp(t(I), 2.5), np.maximum(I, 2.5), "float32")
    close(ember.clamp(t(I), -3, 4), np.clip(I, -3, 4), "int64")
    with pytest.raises(ValueError, match="clamp"):
        ember.clamp(t(F))
    with pytest.raises(TypeError):
        ember.clamp(t(F), min=t(F), max=1.0)


def test_clamp_in_place_and_out():
    x = t(F)
    r = x.clamp_(min=-1.0, max=1.0)
    assert r is x
    close(x, np.clip(F, -1, 1), "float32")
    out = ember.empty(0)
    ember.clamp(t(I).float(), max=2, out=out)
    close(out, np.minimum(I, 2), "float32")
    close(ember.clamp_min(t(F), t(np.zeros(4, np.float32))), np.maximum(F, 0), "float32")
    close(ember.clamp_max(t(I), 3), np.minimum(I, 3), "int64")


# ---- lerp -------------------------------------------------------------------------

def test_lerp_tensor_weight_broadcasts_all_three():
    start = np.array([0.0, 1.0, 2.0], dtype=np.float32)
    end = np.array([[10.0], [20.0]], dtype=np.float32)
    w = np.array([0.25, 0.5, 1.0], dtype=np.float32)
    close(ember.lerp(t(start), t(end), t(w)), start + w * (end - start), "float32")
    close(t(start).lerp(t(end), weight=0.5), start + 0.5 * (end - start), "float32")


# ---- classification and logical ops -----------------------------------------------

def test_isnan_isinf_family():
    x = np.array([1.0, np.inf, -np.inf, np.nan, 0.0], dtype=np.float64)
    close(ember.isnan(t(x)), np.isnan(x), "bool")
    close(t(x).isinf(), np.isinf(x), "bool")
    close(t(x).isposinf(), np.isposinf(x), "bool")
    close(ember.isneginf(t(x)), np.isneginf(x), "bool")
    close(ember.isfinite(t(x)), np.isfinite(x), "bool")
    close(ember.isreal(t(x)), np.ones(5, bool), "bool")
    close(ember.isnan(t(I)), np.zeros_like(I, bool), "bool")
    close(t(I).isfinite(), np.ones_like(I, bool), "bool")


def test_logical_ops_and_their_in_place_forms():
    close(ember.logical_and(t(F), t(I)), np.logical_and(F, I), "bool")
    close(t(I).logical_or(t(B)), np.logical_or(I, B), "bool")
    close(ember.logical_xor(t(B), t(F)), np.logical_xor(B, F), "bool")
    close(ember.logical_not(t(F)), np.logical_not(F), "bool")
    x = t(F)
    x.logical_and_(t(I))
    close(x, np.logical_and(F, I).astype(np.float32), "float32")
    close(~t(B), ~B, "bool")
    close(ember.bitwise_not(t(B)), ~B, "bool")


# ---- new math -----------------------------------------------------------------------

def test_unary_functions_of_integers_give_float():
    x = np.array([0, 1, 2, 5], dtype=np.int64)
    xf = x.astype(np.float64)
    close(ember.exp2(t(x)), np.exp2(xf), "float32")
    close(t(x).log2(), np.log2(xf), "float32")
    close(ember.log10(t(x)), np.log10(xf), "float32")
    close(ember.expm1(t(x)), np.expm1(xf), "float32")
    close(ember.deg2rad(t(x)), np.deg2rad(xf), "float32")
    close(t(x).rad2deg(), np.rad2deg(xf), "float32")
    close(ember.sinc(t(x)), np.sinc(xf), "float32")
    close(ember.erf(t(x)), [math.erf(v) for v in xf], "float32")
    close(ember.erfc(t(x)), [math.erfc(v) for v in xf], "float32")
    close(t(x).square(), x * x, "int64")


def test_erfinv_inverts_erf():
    y = np.array([-1.0, -0.5, 0.0, 0.3, 0.999, 1.0, 1.5], dtype=np.float64)
    r = ember.erfinv(t(y)).numpy()
    assert r[0] == -np.inf and r[5] == np.inf and np.isnan(r[6])
    np.testing.assert_allclose([math.erf(v) for v in r[1:5]], y[1:5], rtol=1e-13, atol=1e-15)


def test_binary_functions():
    a = np.array([-3.0, 0.0, 2.0, np.nan], dtype=np.float64)
    b = np.array([1.0, np.nan, -0.0, 4.0], dtype=np.float64)
    close(ember.fmax(t(a), t(b)), np.fmax(a, b), "float64")
    close(t(a).fmin(t(b)), np.fmin(a, b), "float64")
    close(ember.copysign(t(a), -1), np.copysign(a, -1), "float64")
    close(ember.copysign(t(I), t(I[::-1].copy())), np.copysign(I, I[::-1]), "float32")
    close(ember.hypot(t(a), t(b)), np.hypot(a, b), "float64")
    close(ember.logaddexp(t(a), t(b)), np.logaddexp(a, b), "float64")
    close(ember.logaddexp2(t(a), t(b)), np.logaddexp2(a, b), "float64")
    with np.errstate(divide="ignore", invalid="ignore"):
        want = np.where(np.isnan(b), b, np.where(a == 0, 0.0, a * np.log(b)))
    close(ember.xlogy(t(a), t(b)), want, "float64")
    close(ember.xlogy(2, t(np.array([1, 4]))), 2 * np.log([1.0, 4.0]), "float32")
    close(ember.fmax(t(I), t(B)), np.fmax(I, B), "int64")


def test_chains_of_methods():
    got = t(F).clamp(min=-1).square().sqrt().logical_not()
    want = np.logical_not(np.sqrt(np.square(np.where(np.isnan(F), np.nan, np.maximum(F, -1)))))
    close(got, want, "bool")


def test_round_to_decimals_and_binary_max():
    prices = np.array([[19.994, 5.125], [102.5, -3.14159]], dtype=np.float64)
    close(ember.round(t(prices) * 1.1, decimals=2), np.round(prices * 1.1, 2), "float64")
    close(t(prices).round(decimals=-1), np.round(prices, -1), "float64")
    floor = ember.full_like(t(prices), 0.0)
    close(ember.max(t(prices), other=floor), np.maximum(prices, 0.0), "float64")
    close(t(prices).min(ember.ones_like(t(prices), dtype=ember.float64)), np.minimum(prices, 1.0), "float64")
    close(ember.pow(self=2, exponent=ember.arange(4)), 2 ** np.arange(4), "int64")
