"""python3 -m codegen.fits.double_sin_cos

Fits P and Q of kernels/double_sin_cos.h (Note [double sin and cos]) in
mpmath and prints their coefficients as C hex floats, the lowest first.
Run by hand after changing a degree or the interval; needs mpmath (pip),
not part of `regenerate`.

sin r = r + r z P(z) and cos r = 1 - z/2 + z^2 Q(z), z = r^2, on
|r| <= pi/4 (a hair wider: the reduction's r may pass pi/4 by a
rounding), each coefficient rounded to double in turn
(codegen/fits/lawson.py). Prints the largest relative error on a dense
grid, as log2.
"""
from __future__ import annotations

import mpmath as mp

from . import lawson

DEGREE = 5
NODES = 60
ROUNDS = 25

mp.mp.prec = 200
Z_MAX = (mp.pi / 4 * mp.mpf("1.0001")) ** 2


def sin_part(z):
    r = mp.sqrt(z)
    f = mp.sin(r)
    return (f - r) / (r * z), r * z / f


def cos_part(z):
    f = mp.cos(mp.sqrt(z))
    return (f - 1 + z / 2) / (z * z), z * z / f


def main() -> None:
    for name, part in (("sin", sin_part), ("cos", cos_part)):
        coeffs = lawson.rounded_fit(part, DEGREE, Z_MAX, NODES, ROUNDS, float)
        print(f"{name}: relative error 2^{lawson.worst_log2(part, coeffs, Z_MAX):.2f}")
        print(", ".join(float(c).hex() for c in coeffs))


if __name__ == "__main__":
    main()
