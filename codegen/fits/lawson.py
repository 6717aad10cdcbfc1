"""The fitting loop for a polynomial in z = r^2 (codegen/fits/float_tan.py;
session 42's double sin and cos, measured and not taken, used it too):
least squares at Chebyshev nodes in z, weighted for the approximated
function's relative error and reweighted towards the largest errors
(Lawson's iteration), so the result nears the minimax fit. Each
coefficient is rounded in turn and the higher ones refitted to what is
left (the `fixed` ones)."""
from __future__ import annotations

import mpmath as mp


def value(coeffs, z):
    return sum(c * z**j for j, c in enumerate(coeffs))


def fit(target_and_scale, degree: int, fixed: list, z_max, nodes: int, rounds: int) -> list:
    """The coefficients of P (degree `degree`, the first ones `fixed`) on
    [0, z_max]; target_and_scale(z) gives what P approximates at z and
    the function's relative error per unit of P's error there."""
    zs = [z_max * (1 - mp.cos(mp.pi * (k + mp.mpf(0.5)) / nodes)) / 2 for k in range(nodes)]
    weights = [mp.mpf(1)] * nodes
    free = degree + 1 - len(fixed)
    coeffs = list(fixed)
    for _ in range(rounds):
        rows, rhs = [], []
        for z, w in zip(zs, weights):
            target, scale = target_and_scale(z)
            rows.append([w * scale * z ** (len(fixed) + j) for j in range(free)])
            rhs.append(w * scale * (target - value(fixed, z)))
        solution = mp.qr_solve(mp.matrix(rows), mp.matrix(rhs))[0]
        coeffs = list(fixed) + [solution[j] for j in range(free)]
        errors = [relative_error(target_and_scale, coeffs, z) for z in zs]
        weights = [w * mp.sqrt(e) + mp.mpf(10) ** -60 for w, e in zip(weights, errors)]
        total = sum(weights)
        weights = [w * nodes / total for w in weights]
    return coeffs


def relative_error(target_and_scale, coeffs, z):
    target, scale = target_and_scale(z)
    return abs(scale * (value(coeffs, z) - target))


def rounded_fit(target_and_scale, degree: int, z_max, nodes: int, rounds: int, to_format) -> list:
    """fit's coefficients, each rounded by to_format in turn (the lowest
    first) and the higher ones refitted."""
    fixed: list = []
    for i in range(degree + 1):
        fixed.append(mp.mpf(to_format(fit(target_and_scale, degree, fixed, z_max, nodes, rounds)[i])))
    return fixed


def worst_log2(target_and_scale, coeffs, z_max, points: int = 2000) -> float:
    """The largest relative error on a dense grid in r = sqrt(z), as log2."""
    r_max = mp.sqrt(z_max)
    largest = max(relative_error(target_and_scale, coeffs, (r_max * k / points) ** 2) for k in range(1, points + 1))
    return float(mp.log(largest, 2))
