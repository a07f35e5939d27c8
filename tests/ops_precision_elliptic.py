"""The op-by-op oracle's rows for SciPy's complete elliptic integrals, the AGM, Lambert's W, powm1 and cosm1.

Conventions as in `ops_precision_table`: each oracle gives (value, partials) from closed forms on mpmath numbers
(never differences, never gradcli's rules) and raises `Undefined` where the mathematics has no real derivative (K's
pole at m = 1 and E's infinite slope there, W's branch point and the AGM of arguments of opposite signs or at 0).
K is pi / (2 M(1, sqrt(1 - m))) with 1 - m exact at the oracle's digits, E from ``ellipe``, their
slopes from Legendre's relations; the AGM's partials from the derivative of M(1, t) = pi / (2 K(1 - t^2)).
Judged point by point by ``python tests/test_ops_precision.py --only NAME``; `tests/test_ops55a_elliptic_w.py`
judges a few points of each on both paths.
"""

from __future__ import annotations

import mpmath

import gradcli.scipy.special as gsp
from ops_precision_table import SCALARS, Undefined, _binary_row, _unary_row

mp = mpmath


def _k(complement):
    """K(1 - q) = pi / (2 M(1, sqrt q)) of the exact complement q (mpmath's ellipk(m) rounds 1 - m at its digits;
    its ellipe is handed m rounded, ``+m``: of an mpf with more bits than the working precision it answers nonsense)."""
    return mp.pi / (2 * mp.agm(1, mp.sqrt(complement)))


def _k_slope(m, complement):
    """K'(m) = (E(m) - (1 - m) K(m)) / (2 m (1 - m)), pi/8 at 0; ``complement`` is 1 - m, exact."""
    if m == 0:
        return mp.pi / 8
    return (mp.ellipe(+m) - complement * _k(complement)) / (2 * m * complement)


def _ellipk(m):
    if m >= 1:
        raise Undefined("K's pole at m = 1; complex beyond it")
    complement = mp.fsub(1, m, exact=True)
    return _k(complement), _k_slope(m, complement)


def _ellipkm1(p):
    if p <= 0:
        raise Undefined("K's pole at p = 0; complex below it")
    m = mp.fsub(1, p, exact=True)
    return _k(p), -_k_slope(m, p)


def _ellipe(m):
    if m >= 1:
        raise Undefined("E's slope is infinite at m = 1; E complex beyond it")
    if m == 0:
        return mp.pi / 2, -mp.pi / 8
    e = mp.ellipe(+m)
    return e, (e - _k(mp.fsub(1, m, exact=True))) / (2 * m)


def _agm_in_second(a, b):
    """dM/db for a, b > 0: d/dt M(1, t) = pi t K'(1 - t^2) / K(1 - t^2)^2 at t = b/a; 1/2 at a = b."""
    if a == b:
        return mp.mpf(1) / 2
    t = b / a
    complement = t * t
    m = mp.fsub(1, complement, exact=True)
    k = _k(complement)
    return mp.pi * t * _k_slope(m, complement) / (k * k)


def _agm(a, b):
    if not ((a > 0 and b > 0) or (a < 0 and b < 0)):
        raise Undefined("the AGM of arguments of opposite signs is NaN; at 0 its slope is infinite")
    sign = 1 if a > 0 else -1
    a, b = abs(a), abs(b)
    return sign * mp.agm(a, b), [_agm_in_second(b, a), _agm_in_second(a, b)]


def _lambertw(branch):
    def oracle(x):
        if x < -1 / mp.e or (branch and x >= 0):
            raise Undefined("outside the real branch's domain (or at W_-1's pole at 0)")
        if x == 0:
            return mp.mpf(0), mp.mpf(1)
        w = mp.lambertw(x, branch)
        return w, w / (x * (1 + w))

    return oracle


def _powm1(x, y):
    if x <= 0:
        raise Undefined("x^y has no real derivative in y for x <= 0")
    logged = mp.log(x)
    return mp.expm1(y * logged), [y * mp.exp((y - 1) * logged), mp.exp(y * logged) * logged]


def _cosm1(x):
    return -2 * mp.sin(x / 2) ** 2, -mp.sin(x)


UNARY = {
    "scipy.special.ellipk": (gsp.ellipk, _ellipk),
    "scipy.special.ellipkm1": (gsp.ellipkm1, _ellipkm1),
    "scipy.special.ellipe": (gsp.ellipe, _ellipe),
    "scipy.special.lambertw": (gsp.lambertw, _lambertw(0)),
    "scipy.special.lambertw(x, -1)": (lambda x: gsp.lambertw(x, -1), _lambertw(-1)),
    "scipy.special.cosm1": (gsp.cosm1, _cosm1),
}
BINARY = {
    "scipy.special.agm": (gsp.agm, _agm),
    "scipy.special.powm1": (gsp.powm1, _powm1),
}
# Inside the branches' domains beyond the table's scalars: W's branch point's neighbour and W_-1's domain, whose
# sixth point is an ordinary one (the table's ordinary points of one variable are all right of 0).
_W_POINTS = [-0.3678794411714423, -0.1, -1e-5, -1e-300, -5e-324, -0.2]


def rows():
    """The rows of this module, in a stable order."""
    out = []
    for name, (op, oracle) in UNARY.items():
        row = _unary_row(name, op, oracle)
        if "lambertw" in name:
            row.points = [(x,) for x in dict.fromkeys(_W_POINTS + SCALARS)]
            row.kind = "composed"  # its ordinary point is its sixth
        out.append(row)
    return out + [_binary_row(name, op, oracle) for name, (op, oracle) in BINARY.items()]
