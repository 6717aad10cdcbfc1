"""python3 -m codegen.fits.float_tan

Fits T of kernels/float_trig.h's float_tan (Note [float tan]) in mpmath
and prints its coefficients, c0 first. Run by hand after changing the
degree or the interval; needs mpmath (pip), not part of `regenerate`.

tan r = r + r z T(z), z = r^2, on |r| <= pi/4 (a hair wider: the
reduction's r may pass pi/4 by a rounding), each coefficient rounded to
float in turn (codegen/fits/lawson.py). Prints the largest relative
error on a dense grid, as log2.
"""
from __future__ import annotations

import struct

import mpmath as mp

from . import lawson

DEGREE = 6
NODES = 80
ROUNDS = 30

mp.mp.prec = 120
Z_MAX = (mp.pi / 4 * mp.mpf("1.0001")) ** 2


def to_float(v) -> float:
    return struct.unpack("<f", struct.pack("<f", float(v)))[0]


def target_and_scale(z):
    r = mp.sqrt(z)
    t = mp.tan(r)
    return (t - r) / (r * z), r * z / t


def main() -> None:
    coeffs = lawson.rounded_fit(target_and_scale, DEGREE, Z_MAX, NODES, ROUNDS, to_float)
    print("relative error 2^%.2f" % lawson.worst_log2(target_and_scale, coeffs, Z_MAX))
    print(", ".join("%.9ef" % float(c) for c in coeffs))


if __name__ == "__main__":
    main()
