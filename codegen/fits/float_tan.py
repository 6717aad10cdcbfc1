"""python3 -m codegen.fits.float_tan

Fits T of kernels/float_trig.h's float_tan (Note [float tan]) in mpmath
and prints its coefficients, c0 first. Run by hand after changing the
degree or the interval; needs mpmath (pip), not part of `regenerate`.

tan r = r + r z T(z), z = r^2, on |r| <= pi/4 (a hair wider: the
reduction's r may pass pi/4 by a rounding). Each coefficient is rounded
to float in turn (c0 first) and the higher ones refitted to what is left:
least squares at Chebyshev nodes in z, weights for relative error of
tan r, reweighted towards the largest errors (Lawson's iteration) so the
result nears the minimax fit. Prints the largest relative error on a
dense grid, as log2.
"""
from __future__ import annotations

import struct

import mpmath as mp

DEGREE = 6
NODES = 80
ROUNDS = 30
R_MAX = mp.pi / 4 * mp.mpf("1.0001")

mp.mp.prec = 120


def to_float(v) -> float:
    return struct.unpack("<f", struct.pack("<f", float(v)))[0]


def value(coeffs, z):
    return sum(c * z**j for j, c in enumerate(coeffs))


def relative_error(coeffs, r):
    z = r * r
    t = mp.tan(r)
    return abs((r + r * z * value(coeffs, z) - t) / t)


def fit(fixed: list) -> list:
    """The coefficients past `fixed` (already rounded) fitted to what is left."""
    zs = [R_MAX**2 * (1 - mp.cos(mp.pi * (k + mp.mpf(0.5)) / NODES)) / 2 for k in range(NODES)]
    weights = [mp.mpf(1)] * NODES
    free = DEGREE + 1 - len(fixed)
    coeffs = list(fixed)
    for _ in range(ROUNDS):
        rows, rhs = [], []
        for z, w in zip(zs, weights):
            r = mp.sqrt(z)
            t = mp.tan(r)
            scale = w * r * z / t  # tan's relative error per unit of T's error
            rows.append([scale * z ** (len(fixed) + j) for j in range(free)])
            rhs.append(scale * ((t - r) / (r * z) - value(fixed, z)))
        solution = mp.qr_solve(mp.matrix(rows), mp.matrix(rhs))[0]
        coeffs = list(fixed) + [solution[j] for j in range(free)]
        errors = [relative_error(coeffs, mp.sqrt(z)) for z in zs]
        weights = [w * mp.sqrt(e) + mp.mpf(10) ** -40 for w, e in zip(weights, errors)]
        total = sum(weights)
        weights = [w * NODES / total for w in weights]
    return coeffs


def main() -> None:
    fixed: list = []
    for i in range(DEGREE + 1):
        fixed.append(mp.mpf(to_float(fit(fixed)[i])))
    worst = max(relative_error(fixed, R_MAX * k / 4000 + mp.mpf(10) ** -30) for k in range(4001))
    print("relative error 2^%.2f" % float(mp.log(worst, 2)))
    print(", ".join("%.9ef" % float(c) for c in fixed))


if __name__ == "__main__":
    main()
