"""python3 -m codegen.fits.double_sin_cos

Fits P and Q of kernels/double_sin_cos.h (Note [double sin and cos]) in
mpmath and prints their coefficients as C hex floats, the lowest first.
Run by hand after changing a degree or the interval; needs mpmath (pip),
not part of `regenerate`.

sin r = r + r z P(z) and cos r = 1 - z/2 + z^2 Q(z), z = r^2, on
|r| <= pi/4 (a hair wider: the reduction's r may pass pi/4 by a
rounding). Each coefficient is rounded to double in turn (the lowest
first) and the higher ones refitted to what is left: least squares at
Chebyshev nodes in z, weights for relative error of sin r (cos r),
reweighted towards the largest errors (Lawson's iteration) so the result
nears the minimax fit. Prints the largest relative error on a dense
grid, as log2.
"""
from __future__ import annotations

import mpmath as mp

DEGREE = 5
NODES = 60
ROUNDS = 25
R_MAX = mp.pi / 4 * mp.mpf("1.0001")

mp.mp.prec = 200


def value(coeffs, z):
    return sum(c * z**j for j, c in enumerate(coeffs))


def target_and_scale(kind: str, z):
    """What the polynomial approximates at z, and the function's relative
    error per unit of the polynomial's."""
    r = mp.sqrt(z)
    if kind == "sin":
        f = mp.sin(r)
        return (f - r) / (r * z), r * z / f
    f = mp.cos(r)
    return (f - 1 + z / 2) / (z * z), z * z / f


def fit(kind: str, fixed: list) -> list:
    zs = [R_MAX**2 * (1 - mp.cos(mp.pi * (k + mp.mpf(0.5)) / NODES)) / 2 for k in range(NODES)]
    weights = [mp.mpf(1)] * NODES
    free = DEGREE + 1 - len(fixed)
    coeffs = list(fixed)
    for _ in range(ROUNDS):
        rows, rhs = [], []
        for z, w in zip(zs, weights):
            target, scale = target_and_scale(kind, z)
            rows.append([w * scale * z ** (len(fixed) + j) for j in range(free)])
            rhs.append(w * scale * (target - value(fixed, z)))
        solution = mp.qr_solve(mp.matrix(rows), mp.matrix(rhs))[0]
        coeffs = list(fixed) + [solution[j] for j in range(free)]
        errors = []
        for z in zs:
            target, scale = target_and_scale(kind, z)
            errors.append(abs(scale * (value(coeffs, z) - target)))
        weights = [w * mp.sqrt(e) + mp.mpf(10) ** -60 for w, e in zip(weights, errors)]
        total = sum(weights)
        weights = [w * NODES / total for w in weights]
    return coeffs


def worst(kind: str, coeffs) -> float:
    largest = mp.mpf(0)
    for k in range(1, 2001):
        z = (R_MAX * k / 2000) ** 2
        target, scale = target_and_scale(kind, z)
        largest = max(largest, abs(scale * (value(coeffs, z) - target)))
    return float(mp.log(largest, 2))


def main() -> None:
    for kind in ("sin", "cos"):
        fixed: list = []
        for i in range(DEGREE + 1):
            fixed.append(mp.mpf(float(fit(kind, fixed)[i])))
        print(f"{kind}: relative error 2^{worst(kind, fixed):.2f}")
        print(", ".join(float(c).hex() for c in fixed))


if __name__ == "__main__":
    main()
