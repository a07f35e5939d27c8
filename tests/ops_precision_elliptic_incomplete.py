"""The op-by-op oracle's rows for SciPy's incomplete elliptic integrals F(phi|m), E(phi|m), Carlson's R_C, R_D,
R_F, R_G, R_J and Jacobi's elliptic functions (ellipj's sn, cn, dn, am).

Conventions as in `ops_precision_table`: each oracle gives (value, partials) from closed forms on mpmath numbers
(never differences, never gradcli's rules) and raises `Undefined` where the mathematics has no real derivative
(m >= 1, where SciPy answers NaN beyond 1 and Legendre's forms divide by 1 - m; a Carlson argument at 0, where
the slope in it is infinite). The slopes in m are Legendre's (DLMF 19.4.2 in m = k^2), not Carlson's forms
gradcli's rules use, taken at 40 more digits than asked since their terms cancel as m nears 0 (their limits at m = 0
exactly); R_D's partials in x and y are the quotient (R_D(y, z, x) - R_D(x, y, z)) / (2 (x - z)) at 40 more digits,
at x = z its integration by parts, in z Euler's relation. Judged point by point by ``python tests/test_ops_precision.py
--only NAME``; `tests/test_ops56_elliptic_incomplete.py` judges a few points of each on both paths.
"""

from __future__ import annotations

import mpmath

import gradcli.scipy.special as gsp
from ops_precision_table import Row, Undefined

mp = mpmath

# (phi, m): phi at 0, tiny, near pi/2 and its multiples, large; m at 0, tiny of either sign, ordinary, near 1,
# very negative
PHIS = [0.0, 1e-300, 1e-8, 0.5, 1.5707963267948966, 1.5707963, 2.0, -4.0, 10.0, 1e5]
MS = [0.0, 1e-30, -1e-8, 0.5, 0.999999, 1 - 2**-40, -3.0, -1e6]
# (the sixth: a composed row's ordinary point, where test_ops_precision differentiates the oracle numerically)
CARLSON = [(1.0, 2.0, 3.0), (0.0, 1.0, 2.0), (1.0, 0.0, 2.0), (1.0, 2.0, 1.0), (2.0, 2.0, 2.0), (0.5, 0.5, 2.0),
           (1e-300, 1.0, 1e300), (3.0, 1e-8, 1e-8), (1e5, 1e-5, 1.0)]


def _below_one(m):
    if m >= 1:
        raise Undefined("m >= 1: Legendre's slopes divide by 1 - m; SciPy's F and E are NaN beyond 1")


def _legendre(phi, m):
    """(F, E, Delta, dF/dm, dE/dm), Delta = sqrt(1 - m sin^2 phi), at 40 more digits than asked, and as many more as the quotients cancel: E - F is
    m phi^3 / 3 of phi at a small phi and m."""
    cancelled = sum(int(-mp.log10(abs(v))) + 1 for v in (phi, phi, m) if 0 < abs(v) < 1)
    with mp.workdps(mp.mp.dps + 40 + cancelled):
        f, e = mp.ellipf(phi, m), mp.ellipe(phi, m)
        delta = mp.sqrt(1 - m * mp.sin(phi) ** 2)
        if m == 0:
            quarter = (2 * phi - mp.sin(2 * phi)) / 8
            return f, e, delta, quarter, -quarter
        in_f = e / (2 * m * (1 - m)) - f / (2 * m) - mp.sin(2 * phi) / (4 * (1 - m) * delta)
        return f, e, delta, in_f, (e - f) / (2 * m)


def _ellipkinc(phi, m):
    _below_one(m)
    f, _, delta, in_m, _ = _legendre(phi, m)
    return +f, [+(1 / delta), +in_m]


def _ellipeinc(phi, m):
    _below_one(m)
    _, e, delta, _, in_m = _legendre(phi, m)
    return +e, [+delta, +in_m]


def _positive(*args):
    if any(a <= 0 for a in args):
        raise Undefined("a Carlson argument at or below 0: an infinite slope there, NaN below")


def _elliprf(x, y, z):
    _positive(x, y, z)
    return mp.elliprf(x, y, z), [-mp.elliprd(y, z, x) / 6, -mp.elliprd(z, x, y) / 6, -mp.elliprd(x, y, z) / 6]


def _rd_partial(value, low, other, z):
    """dR_D/d``low`` at R_D(low, other, z) = ``value``."""
    if low != z:
        return (mp.elliprd(other, z, low) - value) / (2 * (low - z))
    if other != z:  # R_D(z, other, z) differentiated in its first argument, by parts
        return -mp.mpf(3) / 8 * (mp.sqrt(other) / (z * z) - value) / (other - z)
    return -mp.mpf(3) / 10 * z ** (-mp.mpf(5) / 2)


def _elliprd(x, y, z):
    _positive(x, y, z)
    with mp.workdps(mp.mp.dps + 40):
        value = mp.elliprd(x, y, z)
        in_x, in_y = _rd_partial(value, x, y, z), _rd_partial(value, y, x, z)
        in_z = -(3 * value / 2 + x * in_x + y * in_y) / z
    return +value, [+in_x, +in_y, +in_z]


# (x, y, z, p): ordinary, p beside x, spread over six decades, all equal, p next to 0, and the composed row's
# ordinary point (the sixth, where test_ops_precision differentiates the oracle numerically)
RJ_POINTS = [(1.0, 2.0, 3.0, 4.0), (0.5, 2.0, 3.0, 0.7), (1e-3, 1.0, 1e3, 5.0), (2.0, 2.0, 2.0, 2.0), (1.0, 2.0, 3.0, 1e-8),
             (0.3, 5.0, 2.0, 1.5)]


def _elliprj(x, y, z, p):
    """R_J (p > 0) and its partials: in x, y, z the partial fractions (R_J - R_D(the other two, it)) / (2 (p - it)) at
    40 more digits, a third of R_D's slope in its last argument where p meets it, in p Euler's relation for degree
    -3/2."""
    _positive(x, y, z, p)
    with mp.workdps(mp.mp.dps + 40):
        value = mp.elliprj(x, y, z, p)
        slopes = []
        for moved, first, second in ((x, y, z), (y, x, z), (z, x, y)):
            rd = mp.elliprd(first, second, moved)
            if moved != p:
                slopes.append((value - rd) / (2 * (p - moved)))
            else:
                in_first, in_second = _rd_partial(rd, first, second, moved), _rd_partial(rd, second, first, moved)
                slopes.append(-(3 * rd / 2 + first * in_first + second * in_second) / moved / 3)
        slopes.append(-(3 * value / 2 + x * slopes[0] + y * slopes[1] + z * slopes[2]) / p)
    return +value, [+s for s in slopes]


RC_POINTS = [(1.0, 2.0), (2.0, 1.0), (1.0, 1.0), (1.0, -2.0), (0.5, 1e-8), (3.0, -1e-3), (1e-300, 1e300), (0.0, 1.0)]


def _elliprc(x, y):
    """R_C and its partials: (R_C - 1/sqrt x) / (2 (y - x)) in x (partial fractions, at 40 more digits), its limit
    -x^(-3/2)/6 at x = y, Euler's relation for degree -1/2 in y; the principal value for y < 0."""
    if x <= 0 or y == 0:
        raise Undefined("R_C's slope in x is infinite at x = 0; R_C is NaN at y = 0 and for x < 0")
    with mp.workdps(mp.mp.dps + 40):
        value = mp.elliprc(x, y, pv=True)
        in_x = -x ** (-mp.mpf(3) / 2) / 6 if x == y else (value - 1 / mp.sqrt(x)) / (2 * (y - x))
        in_y = -(value / 2 + x * in_x) / y
    return +value, [+in_x, +in_y]


def _elliprg(x, y, z):
    """R_G's partials (3 R_F - x R_D(y, z, x)) / 12, at as many more digits as the arguments span decades (the two
    terms cancel to 2.5e-151 of 1e-150 at (1e-300, 1, 1e300))."""
    _positive(x, y, z)
    with mp.workdps(mp.mp.dps + 40 + int(mp.log10(max(x, y, z) / min(x, y, z)))):
        rf = mp.elliprf(x, y, z)
        slopes = [(3 * rf - a * mp.elliprd(b, c, a)) / 12 for a, b, c in ((x, y, z), (y, z, x), (z, x, y))]
        value = mp.elliprg(x, y, z)
    return +value, [+s for s in slopes]


JACOBI_POINTS = [(u, m) for u in (0.0, 1e-300, 0.5, 3.0, -7.0, 20.0, 1e3) for m in (0.0, 1e-12, 0.5, 0.9, 0.999)]


def _ellipj(index):
    """sn, cn, dn or am of (u, m) and their slopes: in u cn dn, -sn dn, -m sn cn, dn; in m, am's is -dn dF/dm at
    (am, m) (Legendre's dF/dm, F(am(u|m)|m) = u held fixed), sn's cn times it, cn's -sn times it, dn's from
    dn^2 = 1 - m sn^2. am is atan2(sn, cn) moved by whole turns to within pi/2 of pi u / (2 K)."""

    def oracle(u, m):
        if not 0 <= m < 1:
            raise Undefined("SciPy's ellipj is NaN off 0 <= m <= 1; at m = 1 only a one-sided slope in m")
        sn, cn, dn = (mp.ellipfun(kind, u, m=m) for kind in ("sn", "cn", "dn"))
        phase = mp.atan2(sn, cn)
        am = phase + 2 * mp.pi * mp.nint((mp.pi * u / (2 * mp.ellipk(m)) - phase) / (2 * mp.pi))
        am_m = -dn * _legendre(am, m)[3]
        values = [sn, cn, dn, am]
        slopes = [[cn * dn, cn * am_m], [-sn * dn, -sn * am_m],
                  [-m * sn * cn, -(sn * sn + 2 * m * sn * cn * am_m) / (2 * dn)], [dn, am_m]]
        return values[index], [+e for e in slopes[index]]

    return oracle


def _row(name, op, oracle, points):
    if name.endswith("elliprj"):
        def function(x, y, z, p):
            return op(x, y, z, p)
    elif name.endswith("elliprc"):
        def function(x, y):
            return op(x, y)
    elif "ellipj" in name:
        def function(u, m):
            return op(u, m)
    elif len(points[0]) == 2:
        def function(phi, m):
            return op(phi, m)
    else:
        def function(x, y, z):
            return op(x, y, z)

    function.__name__ = name.replace(".", "_")
    return Row(name, function, oracle, points, "binary" if len(points[0]) == 2 else "composed")


def rows():
    """The rows of this module, in a stable order."""
    pairs = [(phi, m) for phi in PHIS for m in MS]
    return [
        _row("scipy.special.ellipkinc", gsp.ellipkinc, _ellipkinc, pairs),
        _row("scipy.special.ellipeinc", gsp.ellipeinc, _ellipeinc, pairs),
        _row("scipy.special.elliprf", gsp.elliprf, _elliprf, list(CARLSON)),
        _row("scipy.special.elliprd", gsp.elliprd, _elliprd, list(CARLSON)),
        _row("scipy.special.elliprc", gsp.elliprc, _elliprc, list(RC_POINTS)),
        _row("scipy.special.elliprg", gsp.elliprg, _elliprg, list(CARLSON)),
        _row("scipy.special.elliprj", gsp.elliprj, _elliprj, list(RJ_POINTS)),
    ] + [_row(f"scipy.special.ellipj(u, m)[{i}]", lambda u, m, i=i: gsp.ellipj(u, m)[i], _ellipj(i), JACOBI_POINTS)
         for i in range(4)]
